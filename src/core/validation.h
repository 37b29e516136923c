#pragma once
// Scenario validation: the checks the Kubernetes API server (and kube-scheduler's
// configuration validation) applies to the fields the scheduler reads, with
// upstream's paths and wording, plus the consistency a scenario file needs.
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/api.h"

namespace spreadlab {

struct FieldError {
  std::string path;     // e.g. "items[3].spec.topologySpreadConstraints[0].maxSkew"
  std::string message;  // field.Error.ErrorBody(), e.g. "Invalid value: 0: must be greater than zero"
  std::string ToString() const { return path + ": " + message; }  // field.Error.Error()
};

// Validation of the fields the scheduler reads, as the Kubernetes API server (and
// kube-scheduler's config validation) would do it, plus scenario consistency.
// Returns every error found, in input order: objects are taken in the order of
// their `path` ("items[2]" before "items[10]"), and one object's errors in the
// order upstream reports them, followed by its consistency errors.
std::vector<FieldError> ValidateScenario(const Scenario& scenario);

// What ValidateScenario reports for one object of an otherwise valid scenario after an
// edit that kept the object's namespace and name (so no check against the other
// objects can change): its own validation and, for a pod given `nodeNames`, that its
// node exists. An editor of a large scenario re-checks only what it changed.
std::vector<FieldError> ValidateEditedPod(const v1::Pod& pod, const std::set<std::string>* nodeNames = nullptr);
std::vector<FieldError> ValidateEditedNode(const v1::Node& node);

// util/validation.IsQualifiedName and IsValidLabelValue: upstream's messages,
// empty when the text is valid.
std::vector<std::string> QualifiedNameErrors(std::string_view name);
std::vector<std::string> LabelValueErrors(std::string_view value);

}  // namespace spreadlab
