#pragma once
// Re-running the scheduling cycle with one edit applied: the proof behind
// every suggestion. Nothing is predicted here: the edit is applied to the
// cluster, fresh frameworks run the cycle as usual, and the edit is undone.
//
// The edit is applied in place (Cluster's what-if edits) rather than to a copy
// of the Scenario compiled anew: a 1,000-node cluster compiles in tens of
// milliseconds, a cycle in a fraction of one. Which change an edit makes is
// decided once (ApplyEdit, WriteClusterEdit); tests check that both give the
// same outcome.
#include <string>
#include <vector>

#include "core/cluster.h"
#include "core/why/edit.h"

namespace spreadlab::why {

struct VariantOutcome {
  bool applied = false;               // the edit fit the scenario and the cycle ran without a framework error
  std::string lands;                  // the node kube-scheduler picks ("" when the pod stays Pending)
  std::string message;                // its message (Scheduled event text or FitError)
  std::vector<std::string> feasible;  // every node that passes every filter, in cluster order
  // Once the pod is bound where it lands: the largest (max - min) matching-pod
  // count over the domains of any of its spread constraints (ReportSpread).
  int32_t skewAfter = 0;
};

// Runs one cycle for the pending pod `pod` with `edit` applied, using the
// scenario's profile (and, when that profile samples nodes, one more cycle over
// every node for the feasible set). `cluster` is as before when it returns.
VariantOutcome RunVariant(Cluster& cluster, PodIndex pod, const Edit& edit);

// Where kube-scheduler would put bound pod `moved` if it were evicted once the
// pending pod `pod` is bound to `landed`; "" when nowhere.
std::string Reschedule(Cluster& cluster, PodIndex pod, NodeIndex landed, PodIndex moved);

}  // namespace spreadlab::why
