// Nodes: k8s.io/kubernetes/pkg/apis/core/validation (ValidateNode: the metadata and
// the taints).
#include <cstddef>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/validation/internal.h"

namespace spreadlab::validation {

// validateTaintEffect
void ValidateTaintEffect(const std::string& effect, bool allowEmpty, const std::string& path, Errors& out) {
  if (!allowEmpty && effect.empty()) {
    AddRequired(out, path);
    return;
  }
  if (effect != "NoSchedule" && effect != "PreferNoSchedule" && effect != "NoExecute") {
    AddNotSupported(out, path, effect, {"NoSchedule", "PreferNoSchedule", "NoExecute"});
  }
}

namespace {

// Taint.ToString
std::string TaintString(const v1::Taint& t) {
  return t.value.empty() ? t.key + ":" + t.effect : t.key + "=" + t.value + ":" + t.effect;
}

// validateNodeTaints: taints are unique by (key, effect).
void ValidateNodeTaints(const std::vector<v1::Taint>& taints, const std::string& path, Errors& out) {
  std::set<std::pair<std::string, std::string>> seen;  // (effect, key)
  for (size_t i = 0; i < taints.size(); ++i) {
    const v1::Taint& t = taints[i];
    const std::string idxPath = Index(path, i);
    ValidateLabelName(t.key, Child(idxPath, "key"), out);
    if (const auto errs = IsValidLabelValue(t.value); !errs.empty()) {
      AddInvalid(out, Child(idxPath, "value"), t.value, JoinMessages(errs, ";"));
    }
    ValidateTaintEffect(t.effect, false, Child(idxPath, "effect"), out);
    if (!seen.emplace(t.effect, t.key).second) {
      AddDuplicate(out, idxPath, TaintString(t), "taints must be unique by key and effect pair");
    }
  }
}

}  // namespace

// ValidateNode (upstream reports taints under "metadata.taints"; the field is spec.taints).
void ValidateNode(const v1::Node& node, Errors& out) {
  ValidateObjectMeta(node.metadata, false, IsDNS1123Subdomain, Child(node.path, "metadata"), out);
  ValidateNodeTaints(node.taints, Child(Child(node.path, "spec"), "taints"), out);
}

}  // namespace spreadlab::validation
