#pragma once
// NodeResourcesFit (pkg/scheduler/framework/plugins/noderesources/fit.go):
// PreFilter computes the pod's requests; Filter rejects nodes without room for
// them (and nodes at their pod limit); PreScore/Score rank nodes with the
// configured scoring strategy (LeastAllocated, MostAllocated or
// RequestedToCapacityRatio) over the configured resources and weights.
//
// Feature gates follow the release (core/release.h): PodLevelResources, and
// SidecarContainers (off, PreFilter refuses pods with restartable init containers);
// in-place resize and DRA extended resources are not modelled.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/framework/interface.h"
#include "core/plugins/noderesources/resource_allocation.h"
#include "core/resources.h"

namespace spreadlab::plugins {

// InsufficientResource: one resource the node lacks for the pod.
struct InsufficientResource {
  std::string_view resourceName;  // "pods", "cpu", "memory", "ephemeral-storage" or the scalar resource
  int64_t requested = 0;          // the pod's request (1 for pods)
  int64_t used = 0;               // the node's requested amount (number of pods for pods)
  int64_t capacity = 0;           // the node's allocatable amount
  // The request exceeds the node's whole allocatable amount: preemption cannot help.
  bool unresolvable = false;

  // "Too many pods" or "Insufficient <resource>".
  std::string Reason() const;
};

// The extended resources Filter does not check (NodeResourcesFitArgs
// ignoredResources, and ignoredResourceGroups: the part before the "/").
struct IgnoredResources {
  std::set<std::string, std::less<>> names;
  std::set<std::string, std::less<>> groups;
};

// fitsRequest: every resource the node lacks, in upstream's order (pods, cpu,
// memory, ephemeral-storage, then scalar resources; upstream walks those in Go
// map order, here they come sorted by name). `out` is cleared first; resource
// names view `podRequest` or constants.
void FitsRequest(const Resource& podRequest, const NodeInfo& node, const IgnoredResources& ignored,
                 std::vector<InsufficientResource>& out);

class Fit final : public PreFilterPlugin,
                  public FilterPlugin,
                  public PreScorePlugin,
                  public ScorePlugin,
                  public ScoreExplainer {
 public:
  static constexpr std::string_view kName = "NodeResourcesFit";
  static constexpr std::string_view kErrReasonSidecarsDisabled =
      "Pod has a restartable init container and the SidecarContainers feature is disabled";
  static constexpr std::string_view kReasonTooManyPods = "Too many pods";
  static constexpr std::string_view kReasonInsufficientCPU = "Insufficient cpu";
  static constexpr std::string_view kReasonInsufficientMemory = "Insufficient memory";
  static constexpr std::string_view kReasonInsufficientEphemeralStorage = "Insufficient ephemeral-storage";

  Fit(Handle h, config::NodeResourcesFitArgs args);
  std::string_view Name() const override { return kName; }

  Status PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult& result, CycleTrace* trace) override;
  // A Status with every reason of the node (Status::reasons when there are
  // several, Status::reason being the first), UnschedulableAndUnresolvable when
  // any request exceeds the node's allocatable amount, else Unschedulable.
  Status Filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node, CycleTrace* trace) override;
  Status PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex> feasible,
                  CycleTrace* trace) override;
  Status Score(const CycleState& state, const PodInfo& pod, const NodeInfo& node, int64_t& score) override;

  // Explanations. The pod's request as the last PreFilter computed it.
  const Resource& PodRequest() const { return podRequest_; }
  // What node `n` lacked in the last cycle's Filter, recorded only when Filter
  // ran with a trace; empty when the node fit or was not filtered.
  std::span<const InsufficientResource> Insufficient(NodeIndex n) const;
  // The strategy's formula with the node's numbers (no NormalizeScore).
  ScoreExplanation ExplainScore(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                std::span<const NodeScore> scores, int64_t normalized) override;

  const noderesources::ResourceAllocationScorer& scorer() const { return scorer_; }
  const IgnoredResources& ignored() const { return ignored_; }

 private:
  std::string_view ReasonOf(std::string_view resourceName);
  std::string_view InternName(std::string_view resourceName);
  const std::vector<int64_t>& PodRequests(const CycleState& state, const PodInfo& pod);

  Handle h_;
  IgnoredResources ignored_;
  std::string configError_;  // e.g. an unsupported scoring strategy: Score returns it (set before scorer_)
  noderesources::ResourceAllocationScorer scorer_;

  // Reason strings and reason lists outlive the cycle (Status views them).
  std::map<std::string, std::string, std::less<>> scalarReasons_;  // resource name -> "Insufficient <name>"
  std::set<std::vector<std::string_view>> reasonLists_;
  std::vector<InsufficientResource> scratch_;
  std::vector<std::string_view> reasonScratch_;
  std::vector<int64_t> podRequestsScratch_;

  Resource podRequest_;
  std::vector<std::vector<InsufficientResource>> insufficient_;  // per node, when traced
};

}  // namespace spreadlab::plugins
