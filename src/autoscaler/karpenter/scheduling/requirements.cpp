#include "autoscaler/karpenter/scheduling/requirements.h"

#include <algorithm>

#include "autoscaler/karpenter/scheduling/go_sort.h"
#include "core/gostrconv.h"

namespace spreadlab::autoscaler::karpenter::scheduling {

namespace {

bool HasSuffix(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// Mirrors getSuffix: what follows the first "/", or the whole key without one.
std::string_view GetSuffix(std::string_view key) {
  const size_t slash = key.find('/');
  return slash == std::string_view::npos ? key : key.substr(slash + 1);
}

// Mirrors labelHint: the first well-known (allowed undefined) label, then the first label of r,
// that contains the key or ends with its suffix (here in sorted order, upstream in map order).
std::string LabelHint(const Requirements& r, std::string_view key, const v1::StringSet* allowedUndefined) {
  auto matches = [&](std::string_view label) {
    return label.find(key) != std::string_view::npos || HasSuffix(label, GetSuffix(key));
  };
  if (allowedUndefined != nullptr) {
    for (const std::string& wellKnown : *allowedUndefined) {
      if (matches(wellKnown)) return " (typo of " + gostrconv::Quote(wellKnown) + "?)";
    }
  }
  for (const auto& [existing, requirement] : r) {
    if (matches(existing)) return " (typo of " + gostrconv::Quote(existing) + "?)";
  }
  return "";
}

bool IsNotInOrDoesNotExist(std::string_view op) {
  return op == corev1::kNodeSelectorOpNotIn || op == corev1::kNodeSelectorOpDoesNotExist;
}

// Mirrors newPodRequirements.
Requirements NewPodRequirementsOfType(const spreadlab::v1::PodSpec& pod, bool includePreferred) {
  Requirements requirements = NewLabelRequirements(pod.nodeSelector);
  if (!pod.affinity || !pod.affinity->nodeAffinity) return requirements;
  const spreadlab::v1::NodeAffinity& nodeAffinity = *pod.affinity->nodeAffinity;
  if (includePreferred) {
    // The legal operators for pod affinity and anti-affinity are In, NotIn, Exists, DoesNotExist.
    // Select heaviest preference and treat as a requirement. An outer loop will iteratively
    // unconstrain them if unsatisfiable.
    if (!nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution.empty()) {
      std::vector<spreadlab::v1::PreferredSchedulingTerm> preferred =
          nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution;
      gosort::Slice(preferred, [](const spreadlab::v1::PreferredSchedulingTerm& i,
                                  const spreadlab::v1::PreferredSchedulingTerm& j) { return i.weight > j.weight; });
      requirements.Add(NewNodeSelectorRequirements(preferred[0].preference.matchExpressions).Values());
    }
  }
  // Select first requirement. An outer loop will iteratively remove OR requirements if unsatisfiable
  if (nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution &&
      !nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution->nodeSelectorTerms.empty()) {
    requirements.Add(
        NewNodeSelectorRequirements(
            nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution->nodeSelectorTerms[0].matchExpressions)
            .Values());
  }
  return requirements;
}

}  // namespace

// Mirrors AllowUndefinedWellKnownLabels.
void AllowUndefinedWellKnownLabels(CompatibilityOptions& options) { options.allowUndefined = &v1::WellKnownLabels(); }

// Mirrors badKeyError.Error and multierr's "; " join.
std::string RequirementsError::Error() const {
  std::string out = message_;
  for (const BadKey& b : badKeys_) {
    if (!out.empty()) out += "; ";
    out += "key " + b.key + ", " + b.incoming->String() + " not in " + b.existing->String();
  }
  return out;
}

// Mirrors NewRequirements.
Requirements NewRequirements(const std::vector<RequirementPtr>& requirements) {
  Requirements r;
  r.Add(requirements);
  return r;
}

// Mirrors NewNodeSelectorRequirementsWithMinValues.
Requirements NewNodeSelectorRequirementsWithMinValues(
    const std::vector<v1::NodeSelectorRequirementWithMinValues>& requirements) {
  Requirements r;
  for (const auto& requirement : requirements) {
    r.Add(NewRequirementWithFlexibility(requirement.key, requirement.op, requirement.minValues, requirement.values));
  }
  return r;
}

// Mirrors NewNodeSelectorRequirements.
Requirements NewNodeSelectorRequirements(const std::vector<corev1::NodeSelectorRequirement>& requirements) {
  Requirements r;
  for (const auto& requirement : requirements) {
    r.Add(NewRequirementWithFlexibility(requirement.key, requirement.op, std::nullopt, requirement.values));
  }
  return r;
}

// Mirrors NewLabelRequirements.
Requirements NewLabelRequirements(const std::map<std::string, std::string>& labels) {
  Requirements requirements;
  for (const auto& [key, value] : labels) requirements.Add(NewRequirement(key, corev1::kNodeSelectorOpIn, {value}));
  return requirements;
}

// Mirrors NewPodRequirements.
Requirements NewPodRequirements(const spreadlab::v1::PodSpec& pod) { return NewPodRequirementsOfType(pod, true); }

// Mirrors NewStrictPodRequirements.
Requirements NewStrictPodRequirements(const spreadlab::v1::PodSpec& pod) {
  return NewPodRequirementsOfType(pod, false);
}

// Mirrors HasPreferredNodeAffinity.
bool HasPreferredNodeAffinity(const spreadlab::v1::PodSpec* p) {
  if (p == nullptr) return false;
  return p->affinity && p->affinity->nodeAffinity &&
         !p->affinity->nodeAffinity->preferredDuringSchedulingIgnoredDuringExecution.empty();
}

// Mirrors Requirements.NodeSelectorRequirements.
std::vector<v1::NodeSelectorRequirementWithMinValues> Requirements::NodeSelectorRequirements() const {
  std::vector<v1::NodeSelectorRequirementWithMinValues> result;
  result.reserve(map_.size());
  for (const auto& [key, req] : map_) {
    if (req->gte_ && req->lte_) {
      for (auto& bounded : req->BoundedNodeSelectorRequirements()) result.push_back(std::move(bounded));
    } else {
      result.push_back(req->NodeSelectorRequirement());
    }
  }
  return result;
}

// Mirrors Requirements.Add.
void Requirements::Add(const RequirementPtr& requirement) {
  if (const auto existing = map_.find(requirement->key); existing != map_.end()) {
    existing->second = requirement->Intersection(*existing->second);
    return;
  }
  map_.emplace(requirement->key, requirement);
}

void Requirements::Add(const std::vector<RequirementPtr>& requirements) {
  for (const RequirementPtr& requirement : requirements) Add(requirement);
}

// Mirrors Requirements.Keys.
std::set<std::string> Requirements::Keys() const {
  std::set<std::string> keys;
  for (const auto& [key, requirement] : map_) keys.insert(keys.end(), key);
  return keys;
}

// Mirrors Requirements.Values.
std::vector<RequirementPtr> Requirements::Values() const {
  std::vector<RequirementPtr> values;
  values.reserve(map_.size());
  for (const auto& [key, requirement] : map_) values.push_back(requirement);
  return values;
}

// Mirrors Requirements.Get.
RequirementPtr Requirements::Get(std::string_view key) const {
  if (const auto it = map_.find(key); it != map_.end()) return it->second;
  // If not defined, allow any values with the exists operator
  return NewRequirement(std::string(key), corev1::kNodeSelectorOpExists);
}

// Mirrors Requirements.IsCompatible.
bool Requirements::IsCompatible(const Requirements& requirements,
                                std::initializer_list<CompatibilityOption> options) const {
  return !Compatible(requirements, options);
}

// Mirrors Requirements.Compatible.
RequirementsError Requirements::Compatible(const Requirements& requirements,
                                           std::initializer_list<CompatibilityOption> options) const {
  CompatibilityOptions opts;
  for (const CompatibilityOption option : options) option(opts);

  // Custom Labels must intersect, but if not defined are denied.
  for (const auto& [key, requirement] : requirements.map_) {
    if (opts.allowUndefined != nullptr && opts.allowUndefined->count(key) > 0) continue;
    if (Has(key) || IsNotInOrDoesNotExist(requirement->Operator())) continue;
    // break early so we only report the first error
    RequirementsError err;
    err.message_ =
        "label " + gostrconv::Quote(key) + " does not have known values" + LabelHint(*this, key, opts.allowUndefined);
    return err;
  }
  // Well Known Labels must intersect, but if not defined, are allowed.
  return Intersects(requirements);
}

// Mirrors Requirements.Intersects (and intersectKeys: the keys of the smaller map found in the other).
RequirementsError Requirements::Intersects(const Requirements& requirements) const {
  RequirementsError errs;
  const Map* smallest = &map_;
  const Map* largest = &requirements.map_;
  if (smallest->size() > largest->size()) std::swap(smallest, largest);
  for (const auto& [key, unused] : *smallest) {
    const auto inLargest = largest->find(key);
    if (inLargest == largest->end()) continue;
    const RequirementPtr& existing = map_.find(key)->second;
    const RequirementPtr& incoming = requirements.map_.find(key)->second;
    if (existing->HasIntersection(*incoming)) continue;
    // where the incoming requirement has operator { NotIn, DoesNotExist }
    // and the existing requirement has operator { NotIn, DoesNotExist }
    if (IsNotInOrDoesNotExist(incoming->Operator()) && IsNotInOrDoesNotExist(existing->Operator())) continue;
    errs.badKeys_.push_back({key, incoming, existing});
  }
  return errs;
}

// Mirrors Requirements.HasMinValues.
bool Requirements::HasMinValues() const {
  return std::any_of(map_.begin(), map_.end(), [](const auto& entry) { return entry.second->MinValues().has_value(); });
}

// Mirrors Requirements.String.
std::string Requirements::String() const {
  std::vector<std::string> result;
  result.reserve(map_.size());
  for (const auto& [key, requirement] : map_) {
    // Skip restricted labels
    if (v1::RestrictedLabels().count(requirement->key) > 0) continue;
    result.push_back(requirement->String());
  }
  std::sort(result.begin(), result.end());
  std::string out;
  for (size_t i = 0; i < result.size(); i++) {
    if (i > 0) out += ", ";
    out += result[i];
  }
  return out;
}

}  // namespace spreadlab::autoscaler::karpenter::scheduling
