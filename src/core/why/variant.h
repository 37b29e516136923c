#pragma once
// Re-running the scheduling cycle on an edited copy of a scenario: the proof
// behind every suggestion. Nothing is predicted here; a fresh Cluster and
// Framework are built from the edited Scenario and the cycle runs as usual.
#include <string>
#include <vector>

#include "core/why/edit.h"

namespace spreadlab::why {

struct VariantOutcome {
  bool applied = false;  // the edit fit the scenario and the cycle ran without a framework error
  std::string lands;     // the node kube-scheduler picks ("" when the pod stays Pending)
  std::string message;   // its message (Scheduled event text or FitError)
  std::vector<std::string> feasible;  // every node that passes every filter, in cluster order
  // Once the pod is bound where it lands: the largest (max - min) matching-pod
  // count over the domains of any of its spread constraints (ReportSpread).
  int32_t skewAfter = 0;
};

// Applies `edit` to a copy of `base` for its pending pod `pod` and runs one
// cycle with the scenario's profile (and, when that profile samples nodes, one
// more over every node, for the feasible set).
VariantOutcome RunVariant(const Scenario& base, size_t pod, const Edit& edit);

}  // namespace spreadlab::why
