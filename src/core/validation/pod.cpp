// Pods: k8s.io/kubernetes/pkg/apis/core/validation (validatePodMetadataAndSpec and the
// parts of ValidatePodSpec the scheduler reads: node selector, affinity, topology
// spread constraints, node name, tolerations, scheduling gates).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/validation/internal.h"

namespace spreadlab::validation {

// ---------------------------------------------------------------------------
// Node affinity: k8s.io/kubernetes/pkg/apis/core/validation.

namespace {

// ValidateNodeSelectorRequirement
void ValidateNodeSelectorRequirement(const v1::NodeSelectorRequirement& req, bool allowInvalidLabelValue,
                                     const std::string& path, Errors& out) {
  if (req.op == "In" || req.op == "NotIn") {
    if (req.values.empty()) {
      AddRequired(out, Child(path, "values"), "must be specified when `operator` is 'In' or 'NotIn'");
    }
  } else if (req.op == "Exists" || req.op == "DoesNotExist") {
    if (!req.values.empty()) {
      AddForbidden(out, Child(path, "values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'");
    }
  } else if (req.op == "Gt" || req.op == "Lt") {
    if (req.values.size() != 1) {
      AddRequired(out, Child(path, "values"), "must be specified single value when `operator` is 'Lt' or 'Gt'");
    }
  } else {
    AddInvalid(out, Child(path, "operator"), req.op, "not a valid selector operator");
  }
  ValidateLabelName(req.key, Child(path, "key"), out);
  if (allowInvalidLabelValue) return;
  const std::string valuesPath = Child(path, "values");
  for (size_t i = 0; i < req.values.size(); ++i) {
    for (const std::string& msg : IsValidLabelValue(req.values[i]))
      AddInvalid(out, Index(valuesPath, i), req.values[i], msg);
  }
}

// ValidateNodeFieldSelectorRequirement: only metadata.name, In/NotIn, one node name.
void ValidateNodeFieldSelectorRequirement(const v1::NodeSelectorRequirement& req, const std::string& path,
                                          Errors& out) {
  if (req.op == "In" || req.op == "NotIn") {
    if (req.values.size() != 1) {
      AddRequired(out, Child(path, "values"),
                  "must be only one value when `operator` is 'In' or 'NotIn' for node field selector");
    }
  } else {
    AddInvalid(out, Child(path, "operator"), req.op, "not a valid selector operator");
  }
  if (req.key != "metadata.name") {
    AddInvalid(out, Child(path, "key"), req.key, "not a valid field selector key");
    return;
  }
  const std::string valuesPath = Child(path, "values");
  for (size_t i = 0; i < req.values.size(); ++i) {
    for (const std::string& msg : IsDNS1123Subdomain(req.values[i]))
      AddInvalid(out, Index(valuesPath, i), req.values[i], msg);
  }
}

// ValidateNodeSelectorTerm
void ValidateNodeSelectorTerm(const v1::NodeSelectorTerm& term, bool allowInvalidLabelValue, const std::string& path,
                              Errors& out) {
  const std::string exprPath = Child(path, "matchExpressions");
  for (size_t j = 0; j < term.matchExpressions.size(); ++j) {
    ValidateNodeSelectorRequirement(term.matchExpressions[j], allowInvalidLabelValue, Index(exprPath, j), out);
  }
  const std::string fieldsPath = Child(path, "matchFields");
  for (size_t j = 0; j < term.matchFields.size(); ++j) {
    ValidateNodeFieldSelectorRequirement(term.matchFields[j], Index(fieldsPath, j), out);
  }
}

// ValidatePreferredSchedulingTerms: invalid label values are always allowed in
// preferences.
void ValidatePreferredSchedulingTerms(const std::vector<v1::PreferredSchedulingTerm>& terms, const std::string& path,
                                      Errors& out) {
  for (size_t i = 0; i < terms.size(); ++i) {
    const std::string termPath = Index(path, i);
    if (terms[i].weight <= 0 || terms[i].weight > 100) {
      AddInvalid(out, Child(termPath, "weight"), terms[i].weight, "must be in the range 1-100");
    }
    ValidateNodeSelectorTerm(terms[i].preference, true, Child(termPath, "preference"), out);
  }
}

}  // namespace

// ValidateNodeSelector, for a new pod (AllowInvalidLabelValueInRequiredNodeAffinity=false).
void ValidateNodeSelector(const v1::NodeSelector& selector, const std::string& path, Errors& out) {
  const std::string termsPath = Child(path, "nodeSelectorTerms");
  if (selector.nodeSelectorTerms.empty()) {
    AddRequired(out, termsPath, "must have at least one node selector term");
    return;
  }
  for (size_t i = 0; i < selector.nodeSelectorTerms.size(); ++i) {
    ValidateNodeSelectorTerm(selector.nodeSelectorTerms[i], false, Index(termsPath, i), out);
  }
}

// validateNodeAffinity
void ValidateNodeAffinity(const v1::NodeAffinity& affinity, const std::string& path, Errors& out) {
  if (affinity.requiredDuringSchedulingIgnoredDuringExecution) {
    ValidateNodeSelector(*affinity.requiredDuringSchedulingIgnoredDuringExecution,
                         Child(path, "requiredDuringSchedulingIgnoredDuringExecution"), out);
  }
  ValidatePreferredSchedulingTerms(affinity.preferredDuringSchedulingIgnoredDuringExecution,
                                   Child(path, "preferredDuringSchedulingIgnoredDuringExecution"), out);
}

namespace {

// validateLabelKeys (matchLabelKeys / mismatchLabelKeys of a pod affinity term)
void ValidateAffinityLabelKeys(const std::vector<std::string>& keys, const std::optional<v1::LabelSelector>& selector,
                               const std::string& path, Errors& out) {
  if (keys.empty()) return;
  if (!selector) {
    AddForbidden(out, path, "must not be specified when labelSelector is not set");
    return;
  }
  for (size_t i = 0; i < keys.size(); ++i) ValidateLabelName(keys[i], Index(path, i), out);
}

// validateMatchLabelKeysAndMismatchLabelKeys. It runs on the selector after the
// API server merged the keys in, so a key also written in the selector shows up
// twice. (Upstream reports that error at the term's path indexed by the key's
// position, without ".matchLabelKeys".)
void ValidateMatchLabelKeysAndMismatchLabelKeys(const v1::PodAffinityTerm& term, const std::string& path, Errors& out) {
  ValidateAffinityLabelKeys(term.matchLabelKeys, term.labelSelector, Child(path, "matchLabelKeys"), out);
  ValidateAffinityLabelKeys(term.mismatchLabelKeys, term.labelSelector, Child(path, "mismatchLabelKeys"), out);
  if (term.labelSelector) {
    std::set<std::string> selectorKeys;
    for (const auto& [key, value] : term.labelSelector->matchLabels) selectorKeys.insert(key);
    for (const auto& e : term.labelSelector->matchExpressions) {
      auto it = std::find(term.matchLabelKeys.rbegin(), term.matchLabelKeys.rend(), e.key);
      if (it != term.matchLabelKeys.rend() && selectorKeys.count(e.key) > 0) {
        AddInvalid(out, Index(path, static_cast<size_t>(term.matchLabelKeys.rend() - it - 1)), e.key,
                   "exists in both matchLabelKeys and labelSelector");
      }
      selectorKeys.insert(e.key);
    }
  }
  const std::set<std::string> mismatch(term.mismatchLabelKeys.begin(), term.mismatchLabelKeys.end());
  for (size_t i = 0; i < term.matchLabelKeys.size(); ++i) {
    if (mismatch.count(term.matchLabelKeys[i]) > 0) {
      AddInvalid(out, Index(Child(path, "matchLabelKeys"), i), term.matchLabelKeys[i],
                 "exists in both matchLabelKeys and mismatchLabelKeys");
    }
  }
}

// validatePodAffinityTerm
void ValidatePodAffinityTerm(const v1::PodAffinityTerm& term, const std::string& path, Errors& out) {
  // ValidatePodAffinityTermSelector
  if (term.labelSelector) ValidateLabelSelector(*term.labelSelector, Child(path, "labelSelector"), out);
  if (term.namespaceSelector) ValidateLabelSelector(*term.namespaceSelector, Child(path, "namespaceSelector"), out);
  for (const std::string& name : term.namespaces) {
    // ValidateNamespaceName; upstream reports it under ".namespace".
    for (const std::string& msg : IsDNS1123Label(name)) AddInvalid(out, Child(path, "namespace"), name, msg);
  }
  ValidateMatchLabelKeysAndMismatchLabelKeys(term, path, out);
  if (term.topologyKey.empty()) AddRequired(out, Child(path, "topologyKey"), "can not be empty");
  ValidateLabelName(term.topologyKey, Child(path, "topologyKey"), out);
}

// validatePodAffinity / validatePodAntiAffinity (the same checks for both)
void ValidatePodAffinity(const v1::PodAffinity& affinity, const std::string& path, Errors& out) {
  const std::string requiredPath = Child(path, "requiredDuringSchedulingIgnoredDuringExecution");
  for (size_t i = 0; i < affinity.requiredDuringSchedulingIgnoredDuringExecution.size(); ++i)
    ValidatePodAffinityTerm(affinity.requiredDuringSchedulingIgnoredDuringExecution[i], Index(requiredPath, i), out);
  // validateWeightedPodAffinityTerms
  const std::string preferredPath = Child(path, "preferredDuringSchedulingIgnoredDuringExecution");
  for (size_t j = 0; j < affinity.preferredDuringSchedulingIgnoredDuringExecution.size(); ++j) {
    const v1::WeightedPodAffinityTerm& w = affinity.preferredDuringSchedulingIgnoredDuringExecution[j];
    const std::string termPath = Index(preferredPath, j);
    if (w.weight <= 0 || w.weight > 100)
      AddInvalid(out, Child(termPath, "weight"), w.weight, "must be in the range 1-100");
    ValidatePodAffinityTerm(w.podAffinityTerm, Child(termPath, "podAffinityTerm"), out);
  }
}

// ---------------------------------------------------------------------------
// Tolerations: k8s.io/kubernetes/pkg/apis/core/validation (validateTaintEffect is in node.cpp).

// ValidateTolerations
void ValidateTolerations(const std::vector<v1::Toleration>& tolerations, const std::string& path, Errors& out) {
  for (size_t i = 0; i < tolerations.size(); ++i) {
    const v1::Toleration& t = tolerations[i];
    const std::string idxPath = Index(path, i);
    const std::string opPath = Child(idxPath, "operator");
    if (!t.key.empty()) ValidateLabelName(t.key, Child(idxPath, "key"), out);
    if (t.key.empty() && t.op != "Exists") {
      AddInvalid(out, opPath, t.op,
                 "operator must be Exists when `key` is empty, which means \"match all values and all keys\"");
    }
    if (t.tolerationSeconds && t.effect != "NoExecute") {
      AddInvalid(out, Child(idxPath, "effect"), t.effect, "effect must be 'NoExecute' when `tolerationSeconds` is set");
    }
    if (t.op == "Equal" || t.op.empty()) {
      if (const auto errs = IsValidLabelValue(t.value); !errs.empty()) {
        AddInvalid(out, opPath, t.value, JoinMessages(errs, ";"));
      }
    } else if (t.op == "Exists") {
      if (!t.value.empty()) AddInvalid(out, opPath, t.value, "value must be empty when `operator` is 'Exists'");
    } else {
      AddNotSupported(out, opPath, t.op, {"Equal", "Exists"});
    }
    if (!t.effect.empty()) ValidateTaintEffect(t.effect, true, Child(idxPath, "effect"), out);
  }
}

// ---------------------------------------------------------------------------
// Topology spread constraints: k8s.io/kubernetes/pkg/apis/core/validation.

// ValidateMaxSkew
void ValidateMaxSkew(int32_t maxSkew, const std::string& path, Errors& out) {
  if (maxSkew <= 0) AddInvalid(out, path, maxSkew, "must be greater than zero");
}

// ValidateTopologyKey: upstream only requires it to be set for pods.
void ValidateTopologyKey(const std::string& key, const std::string& path, Errors& out) {
  if (key.empty()) AddRequired(out, path, "can not be empty");
}

}  // namespace

// ValidateWhenUnsatisfiable
void ValidateWhenUnsatisfiable(const std::string& action, const std::string& path, Errors& out) {
  if (action != v1::kDoNotSchedule && action != v1::kScheduleAnyway) {
    AddNotSupported(out, path, action, {v1::kDoNotSchedule, v1::kScheduleAnyway});
  }
}

std::string SpreadPairString(const v1::TopologySpreadConstraint& c) {
  return "{" + c.topologyKey + ", " + c.whenUnsatisfiable + "}";
}

bool SameSpreadPair(const v1::TopologySpreadConstraint& a, const v1::TopologySpreadConstraint& b) {
  return a.topologyKey == b.topologyKey && a.whenUnsatisfiable == b.whenUnsatisfiable;
}

namespace {

// ValidateSpreadConstraintNotRepeat: constraint i against the ones after it.
void ValidateSpreadConstraintNotRepeat(const std::vector<v1::TopologySpreadConstraint>& constraints, size_t i,
                                       const std::string& path, Errors& out) {
  for (size_t j = i + 1; j < constraints.size(); ++j) {
    if (SameSpreadPair(constraints[i], constraints[j])) {
      AddDuplicate(out, path, SpreadPairString(constraints[i]));
      return;
    }
  }
}

// validateMinDomains
void ValidateMinDomains(const std::optional<int32_t>& minDomains, const std::string& action, const std::string& path,
                        Errors& out) {
  if (!minDomains) return;
  if (*minDomains <= 0) AddInvalid(out, path, *minDomains, "must be greater than zero");
  if (action != v1::kDoNotSchedule) {
    AddInvalid(out, path, *minDomains,
               "can only use minDomains if whenUnsatisfiable=" + std::string(v1::kDoNotSchedule) + ", not " + action);
  }
}

// validateNodeInclusionPolicy
void ValidateNodeInclusionPolicy(const std::optional<std::string>& policy, const std::string& path, Errors& out) {
  if (policy && *policy != v1::kHonor && *policy != v1::kIgnore) {
    AddNotSupported(out, path, *policy, {v1::kHonor, v1::kIgnore});
  }
}

// validateMatchLabelKeysInTopologySpread
void ValidateMatchLabelKeysInTopologySpread(const std::vector<std::string>& matchLabelKeys,
                                            const std::optional<v1::LabelSelector>& selector, const std::string& path,
                                            Errors& out) {
  if (matchLabelKeys.empty()) return;
  std::set<std::string> selectorKeys;
  if (selector) {
    for (const auto& [key, value] : selector->matchLabels) selectorKeys.insert(key);
    for (const auto& expr : selector->matchExpressions) selectorKeys.insert(expr.key);
  } else {
    AddForbidden(out, path, "must not be specified when labelSelector is not set");
  }
  for (size_t i = 0; i < matchLabelKeys.size(); ++i) {
    ValidateLabelName(matchLabelKeys[i], Index(path, i), out);
    if (selectorKeys.count(matchLabelKeys[i]) > 0) {
      AddInvalid(out, Index(path, i), matchLabelKeys[i], "exists in both matchLabelKeys and labelSelector");
    }
  }
}

// validateTopologySpreadConstraints, for a new pod
// (AllowInvalidTopologySpreadConstraintLabelSelector=false).
void ValidateTopologySpreadConstraints(const std::vector<v1::TopologySpreadConstraint>& constraints,
                                       const std::string& path, Errors& out) {
  for (size_t i = 0; i < constraints.size(); ++i) {
    const v1::TopologySpreadConstraint& c = constraints[i];
    const std::string sub = Index(path, i);
    ValidateMaxSkew(c.maxSkew, Child(sub, "maxSkew"), out);
    ValidateTopologyKey(c.topologyKey, Child(sub, "topologyKey"), out);
    ValidateWhenUnsatisfiable(c.whenUnsatisfiable, Child(sub, "whenUnsatisfiable"), out);
    ValidateSpreadConstraintNotRepeat(constraints, i, Child(sub, "{topologyKey, whenUnsatisfiable}"), out);
    ValidateMinDomains(c.minDomains, c.whenUnsatisfiable, Child(sub, "minDomains"), out);
    ValidateNodeInclusionPolicy(c.nodeAffinityPolicy, Child(sub, "nodeAffinityPolicy"), out);
    ValidateNodeInclusionPolicy(c.nodeTaintsPolicy, Child(sub, "nodeTaintsPolicy"), out);
    ValidateMatchLabelKeysInTopologySpread(c.matchLabelKeys, c.labelSelector, Child(sub, "matchLabelKeys"), out);
    if (c.labelSelector) ValidateLabelSelector(*c.labelSelector, Child(sub, "labelSelector"), out);
  }
}

// ---------------------------------------------------------------------------
// Pod spec and metadata.

// ValidatePodSpec, the fields the scheduler reads, in upstream's order.
void ValidatePodSpec(const v1::PodSpec& spec, const std::string& path, Errors& out) {
  // Paths are spelled out only for fields that are set (see ValidateObjectMeta).
  if (!spec.nodeSelector.empty()) ValidateLabels(spec.nodeSelector, Child(path, "nodeSelector"), out);
  if (spec.affinity) {
    // validateAffinity
    const std::string affinityPath = Child(path, "affinity");
    if (spec.affinity->nodeAffinity)
      ValidateNodeAffinity(*spec.affinity->nodeAffinity, Child(affinityPath, "nodeAffinity"), out);
    if (spec.affinity->podAffinity)
      ValidatePodAffinity(*spec.affinity->podAffinity, Child(affinityPath, "podAffinity"), out);
    if (spec.affinity->podAntiAffinity)
      ValidatePodAffinity(*spec.affinity->podAntiAffinity, Child(affinityPath, "podAntiAffinity"), out);
  }
  if (!spec.topologySpreadConstraints.empty())
    ValidateTopologySpreadConstraints(spec.topologySpreadConstraints, Child(path, "topologySpreadConstraints"), out);
  if (!spec.nodeName.empty()) {
    for (const std::string& msg : IsDNS1123Subdomain(spec.nodeName)) {
      AddInvalid(out, Child(path, "nodeName"), spec.nodeName, msg);
    }
  }
  if (!spec.tolerations.empty()) ValidateTolerations(spec.tolerations, Child(path, "tolerations"), out);
  // validateSchedulingGates: qualified names, no duplicates.
  std::set<std::string> gates;
  for (size_t i = 0; i < spec.schedulingGates.size(); ++i) {
    const std::string& name = spec.schedulingGates[i];
    const std::string at = Index(Child(path, "schedulingGates"), i);
    for (const std::string& msg : IsQualifiedName(name)) AddInvalid(out, at, name, msg);
    if (!gates.insert(name).second) AddDuplicate(out, at, name);
  }
}

}  // namespace

// validatePodMetadataAndSpec
void ValidatePod(const v1::Pod& pod, Errors& out) {
  ValidateObjectMeta(pod.metadata, true, IsDNS1123Subdomain, Child(pod.path, "metadata"), out);
  ValidatePodSpec(pod.spec, Child(pod.path, "spec"), out);
}

}  // namespace spreadlab::validation
