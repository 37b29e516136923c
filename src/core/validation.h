#pragma once
// Scenario validation: the checks the Kubernetes API server (and kube-scheduler's
// configuration validation) applies to the fields the scheduler reads, with
// upstream's paths and wording, plus the consistency a scenario file needs.
#include <string>
#include <vector>

#include "core/api.h"

namespace spreadlab {

struct FieldError {
  std::string path;     // e.g. "items[3].spec.topologySpreadConstraints[0].maxSkew"
  std::string message;  // e.g. "must be greater than zero (got 0)"
  std::string ToString() const { return path + ": " + message; }
};

// Validation of the fields the scheduler reads, as the Kubernetes API server (and
// kube-scheduler's config validation) would do it, plus scenario consistency.
// Returns every error found, in input order: objects are taken in the order of
// their `path` ("items[2]" before "items[10]"), and one object's errors in the
// order upstream reports them, followed by its consistency errors.
std::vector<FieldError> ValidateScenario(const Scenario& scenario);

}  // namespace spreadlab
