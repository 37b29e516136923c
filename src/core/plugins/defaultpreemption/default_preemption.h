#pragma once
// DefaultPreemption (pkg/scheduler/framework/plugins/defaultpreemption and
// framework/preemption): the PostFilter that runs when no node fits. It looks for a node
// where deleting pods of lower priority (the victims) would let the pod fit, picks the
// node whose victims matter least, and nominates it; the pod itself is not bound in this
// cycle. Its message ends the FitError: "preemption: ...".
//
// Upstream samples: with more than minCandidateNodesAbsolute (100) nodes where preemption
// might help it starts at a random offset, evaluates nodes in parallel and picks at random
// among equally good candidates. Here the offset is 0, nodes are evaluated one by one in
// the snapshot's order, and a tie goes to the first candidate (Result::tie names the
// others). PodDisruptionBudgets and other pods' nominations are not modelled.
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "core/cluster.h"
#include "core/framework/interface.h"
#include "core/framework/postfilter.h"
#include "core/framework/status.h"

namespace spreadlab::preemption {

// The reasons of the nodes the dry run turns down.
inline constexpr const char* kReasonNotHelpful = "Preemption is not helpful for scheduling";
inline constexpr const char* kReasonNoVictims = "No preemption victims found for incoming pod";

// DefaultPreemptionArgs (v1 defaults).
struct Args {
  int32_t minCandidateNodesPercentage = 10;
  int32_t minCandidateNodesAbsolute = 100;
};

// The pod's Filter plugins on a node as the cluster is at the moment of the call (after
// victims are unbound): Success, or the first failing status.
using FilterOnNode = std::function<Status(NodeIndex)>;

// Evaluator.Preempt for `pod` after a FitError: `nodeCodes` is each node's status code
// (NodeToStatus, the absent nodes' included). Victims are unbound from `cluster` while a
// node is tried and bound again before returning.
Result Preempt(Cluster& cluster, const PodInfo& pod, std::span<const Code> nodeCodes, const Args& args,
               const FilterOnNode& filter);

// corev1helpers.PodPriority.
int32_t PodPriority(const Cluster& cluster, PodIndex pod);

}  // namespace spreadlab::preemption

namespace spreadlab::plugins {

// The plugin: Preempt with the profile's DefaultPreemptionArgs.
class DefaultPreemption final : public PostFilterPlugin {
 public:
  static constexpr std::string_view kName = "DefaultPreemption";
  DefaultPreemption(Handle h, preemption::Args args) : cluster_(*h.cluster), args_(args) {}
  std::string_view Name() const override { return kName; }
  preemption::Result PostFilter(const PodInfo& pod, std::span<const Code> nodeCodes,
                                const std::function<Status(NodeIndex)>& filter) override {
    return preemption::Preempt(cluster_, pod, nodeCodes, args_, filter);
  }

 private:
  Cluster& cluster_;
  preemption::Args args_;
};

}  // namespace spreadlab::plugins
