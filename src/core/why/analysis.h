#pragma once
// The conflict explorer (spreadlab why): why a pod is Pending, and the
// smallest changes that would let it schedule.
//
// 1. The conflict matrix (matrix.h) from one cycle that evaluates every node.
// 2. Candidate edits (candidates.h) chosen from that matrix, each one proven by
//    re-running the cycle on an edited copy of the scenario (variant.h).
// 3. The edits that work, ranked smallest change first:
//      a. with a target node, those that land the pod on it first;
//      b. cost class: constraint (tune a spread constraint, which stays
//         enforced) < pod (relax the pod's own placement rules) < cluster
//         (uncordon, move, add, shrink another pod's requests or delete);
//      c. magnitude within the class (maxSkew/minDomains steps, requirements
//         dropped, taints tolerated; else 1);
//      d. the resulting skew once the pod is bound (lower first);
//      e. edit kind in EditKind order, then the order candidates were made.
#include <optional>
#include <string>
#include <vector>

#include "core/framework/framework.h"
#include "core/why/edit.h"
#include "core/why/matrix.h"

namespace spreadlab::why {

struct Options {
  // "what would make the pod land on this node": suggestions must land the pod
  // there, or make the node feasible when it is not. "" for any node.
  std::string targetNode;
  // Bound pods tried for deletePod/movePod (pods matching a constraint's
  // selector, closest-to-feasible nodes first): bounds the re-runs on big clusters.
  size_t maxPodCandidates = 6;
  // Nodes tried per kind of node edit (uncordon, taint sets, domains per
  // constraint for addNode).
  size_t maxNodeCandidates = 3;
};

struct Suggestion {
  Edit edit;
  std::string summary;                     // what changes, in words
  std::vector<std::string> feasibleNodes;  // every feasible node after the edit
  std::vector<std::string> newlyFeasible;  // of those, the nodes that were not feasible before
  std::string lands;                       // where kube-scheduler would put the pod
  std::string message;                     // its message
  bool landsOnTarget = false;
  int32_t skewAfter = 0;  // see VariantOutcome::skewAfter
};

struct Report {
  PodIndex pod = kNone;
  // The cycle as kube-scheduler runs it.
  NodeIndex selected = kNone;
  std::string message;
  std::string error;  // a framework error: no analysis then
  // No cycle ran: the pod's scheduling gates keep it out of the queue, or the cluster has
  // no node. Nothing in a cycle can be changed then.
  std::vector<std::string> schedulingGates;
  bool noNodes = false;
  std::vector<std::string> filterPlugins;
  std::vector<PreFilterVerdict> preFilter;
  std::vector<SpreadConstraintSummary> spreadFilter;  // the rows' constraints
  ConflictMatrix matrix;
  std::vector<NodeTrace> nodes;  // per node: evaluated, notEvaluated, feasible
  // DefaultPreemption's PostFilter in that cycle: the node it nominates and the
  // lower-priority pods (victims) it would delete there, which needs no change at all.
  std::optional<preemption::Result> preemption;

  std::string targetNode;
  NodeIndex target = kNone;
  // Suggestions were searched: the pod fits nowhere, or it does not land on the target.
  bool searched = false;
  size_t candidatesTried = 0;
  std::vector<Suggestion> suggestions;  // ranked, smallest change first
};

// Explains the pending pod `pod` of `cluster` (as read: no Bind since) with
// `framework` (the scenario's profile), and searches suggestions. Returns
// false with `error` when the target node does not exist.
bool Analyze(Cluster& cluster, Framework& framework, PodIndex pod, const Options& options, Report& out,
             std::string& error);

}  // namespace spreadlab::why
