// Labels and label selectors (k8s.io/apimachinery/pkg/apis/meta/v1/validation) and
// object metadata (k8s.io/apimachinery/pkg/api/validation).
#include <cstddef>
#include <string>
#include <string_view>

#include "core/validation/internal.h"

namespace spreadlab::validation {

// ---------------------------------------------------------------------------
// Labels and label selectors: k8s.io/apimachinery/pkg/apis/meta/v1/validation.

// ValidateLabelName
void ValidateLabelName(std::string_view name, const std::string& path, Errors& out) {
  for (const std::string& msg : IsQualifiedName(name)) AddInvalid(out, path, name, msg);
}

// ValidateLabels: problems with a key or a value are both reported on the map.
void ValidateLabels(const v1::LabelMap& labels, const std::string& path, Errors& out) {
  for (const auto& [key, value] : labels) {
    ValidateLabelName(key, path, out);
    for (const std::string& msg : IsValidLabelValue(value)) AddInvalid(out, path, value, msg);
  }
}

namespace {

// ValidateLabelSelectorRequirement with AllowInvalidLabelValueInSelector=false,
// as every selector the scheduler reads is validated.
void ValidateLabelSelectorRequirement(const v1::LabelSelectorRequirement& req, const std::string& path, Errors& out) {
  if (req.op == "In" || req.op == "NotIn") {
    if (req.values.empty()) {
      AddRequired(out, Child(path, "values"), "must be specified when `operator` is 'In' or 'NotIn'");
    }
  } else if (req.op == "Exists" || req.op == "DoesNotExist") {
    if (!req.values.empty()) {
      AddForbidden(out, Child(path, "values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'");
    }
  } else {
    AddInvalid(out, Child(path, "operator"), req.op, "not a valid selector operator");
  }
  ValidateLabelName(req.key, Child(path, "key"), out);
  const std::string valuesPath = Child(path, "values");
  for (size_t i = 0; i < req.values.size(); ++i) {
    for (const std::string& msg : IsValidLabelValue(req.values[i]))
      AddInvalid(out, Index(valuesPath, i), req.values[i], msg);
  }
}

}  // namespace

// ValidateLabelSelector
void ValidateLabelSelector(const v1::LabelSelector& selector, const std::string& path, Errors& out) {
  ValidateLabels(selector.matchLabels, Child(path, "matchLabels"), out);
  const std::string exprPath = Child(path, "matchExpressions");
  for (size_t i = 0; i < selector.matchExpressions.size(); ++i) {
    ValidateLabelSelectorRequirement(selector.matchExpressions[i], Index(exprPath, i), out);
  }
}

// ---------------------------------------------------------------------------
// Object metadata: k8s.io/apimachinery/pkg/api/validation (ValidateObjectMetaAccessor).

// ValidateObjectMeta: name, namespace and labels. Cluster-scoped objects (nodes)
// skip the namespace: the model gives every object a namespace, so upstream's
// "not allowed on this type" cannot be told apart from the default.
void ValidateObjectMeta(const v1::ObjectMeta& meta, bool namespaced, NameFn nameFn, const std::string& path,
                        Errors& out) {
  // Paths are spelled out only for an error: a big dump's valid objects would each pay for them.
  if (meta.name.empty()) {
    AddRequired(out, Child(path, "name"), "name or generateName is required");
  } else {
    for (const std::string& msg : nameFn(meta.name)) AddInvalid(out, Child(path, "name"), meta.name, msg);
  }
  if (namespaced) {
    if (meta.ns.empty()) {
      AddRequired(out, Child(path, "namespace"));
    } else {
      for (const std::string& msg : IsDNS1123Label(meta.ns)) AddInvalid(out, Child(path, "namespace"), meta.ns, msg);
    }
  }
  if (!meta.labels.empty()) ValidateLabels(meta.labels, Child(path, "labels"), out);
}

}  // namespace spreadlab::validation
