#pragma once
// The API server's words for an object it refuses (k8s.io/apimachinery errors.NewInvalid):
//   Deployment.apps "web" is invalid: spec.template.spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must
//   be greater than zero
// the kind qualified by its API group, the object's name, and its field errors (paths
// relative to the object) as field.ErrorList.ToAggregate() joins them: one alone, several
// as "[a, b]", each told once.
#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/validation.h"

namespace spreadlab::io {

// `errors`: paths into `written`, the document as the user wrote it (a YAML stream as one
// List: "items[4].spec..." is its fifth object; a single object: "spec..."). The object
// written first is told with all of its errors (`first`, if given, receives the index of
// its first error); the errors of other objects are counted, each field and message once
// (the pods a workload's controller would create all report the same template field). A
// KubeSchedulerConfiguration is told as kube-scheduler tells it: the aggregate alone.
std::string InvalidObjectError(const nlohmann::ordered_json& written, const std::vector<FieldError>& errors,
                               size_t* first = nullptr);

}  // namespace spreadlab::io
