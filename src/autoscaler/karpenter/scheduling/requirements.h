#pragma once
// Karpenter's Requirements (sigs.k8s.io/karpenter v1.15.0 pkg/scheduling/requirements.go): one
// Requirement per label key, built from node selector requirements, labels or a pod's node
// selector and node affinity, and the compatibility checks the provisioner runs between a pod's,
// a NodePool's and an instance type's requirements.
//
// Where this differs from upstream, on purpose:
//  - Upstream's Requirements is a Go map, iterated in random order; here keys iterate sorted.
//    So where upstream's outcome depends on that order, this takes the sorted one: which missing
//    label Compatible reports first, which typo labelHint suggests when several match, the order
//    of Intersects' errors and of Keys/Values/NodeSelectorRequirements.
//  - A Go map value aliases (assigning one Requirements to another shares it); this is a value
//    type: copying copies the map, sharing the RequirementPtrs (as NewRequirements(r.Values()...)).
//  - Go's `error` is RequirementsError: false when nil, Error() its text, built on demand as
//    upstream's badKeyError builds it.
#include <cstddef>
#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "autoscaler/karpenter/apis/labels.h"
#include "autoscaler/karpenter/apis/node_selector.h"
#include "autoscaler/karpenter/scheduling/requirement.h"
#include "core/api.h"

namespace spreadlab::autoscaler::karpenter::scheduling {

// CompatibilityOptions and its functional options (option.Function[CompatibilityOptions]).
struct CompatibilityOptions {
  const v1::StringSet* allowUndefined = nullptr;  // AllowUndefined; nullptr is Go's nil set
};
using CompatibilityOption = void (*)(CompatibilityOptions&);
// AllowUndefinedWellKnownLabels: a key in v1::WellKnownLabels need not be defined by the
// receiver. Mirrors scheduling.AllowUndefinedWellKnownLabels.
void AllowUndefinedWellKnownLabels(CompatibilityOptions& options);

// The error Compatible and Intersects return: false when nil.
class RequirementsError {
 public:
  explicit operator bool() const { return !message_.empty() || !badKeys_.empty(); }
  // The error's text: `label "x" does not have known values[ (typo of "y"?)]`, or one
  // `key x, <incoming> not in <existing>` per key that does not intersect, joined by "; " as
  // multierr joins them.
  std::string Error() const;

 private:
  friend class Requirements;
  // Mirrors badKeyError.
  struct BadKey {
    std::string key;
    RequirementPtr incoming;
    RequirementPtr existing;
  };
  std::string message_;
  std::vector<BadKey> badKeys_;
};

class Requirements {
 public:
  using Map = std::map<std::string, RequirementPtr, std::less<>>;

  // Add requirements to provided requirements. Mutates existing requirements: a requirement on a
  // key already present is replaced by its intersection with it. Mirrors Requirements.Add.
  void Add(const RequirementPtr& requirement);
  void Add(const std::vector<RequirementPtr>& requirements);

  // Keys returns unique set of the label keys from the requirements. Mirrors Requirements.Keys.
  std::set<std::string> Keys() const;
  // Mirrors Requirements.Values (here in key order).
  std::vector<RequirementPtr> Values() const;
  // Mirrors Requirements.Has.
  bool Has(std::string_view key) const { return map_.count(key) > 0; }
  // Get returns the key's requirement, or a new Exists requirement if the key is not defined.
  // Mirrors Requirements.Get.
  RequirementPtr Get(std::string_view key) const;

  // Mirrors Requirements.IsCompatible.
  bool IsCompatible(const Requirements& requirements, std::initializer_list<CompatibilityOption> options = {}) const;
  // Compatible ensures the provided requirements can loosely be met: each of their keys must be
  // defined here unless its operator is NotIn or DoesNotExist or an option allows it undefined,
  // then the keys both define must intersect. Mirrors Requirements.Compatible.
  RequirementsError Compatible(const Requirements& requirements,
                               std::initializer_list<CompatibilityOption> options = {}) const;
  // Intersects returns errors if the requirements don't have overlapping values, undefined keys
  // are allowed. Mirrors Requirements.Intersects.
  RequirementsError Intersects(const Requirements& requirements) const;

  // Mirrors Requirements.NodeSelectorRequirements (here in key order).
  std::vector<v1::NodeSelectorRequirementWithMinValues> NodeSelectorRequirements() const;
  // Mirrors Requirements.HasMinValues.
  bool HasMinValues() const;
  // The requirements' strings, sorted, joined by ", ", leaving out v1::RestrictedLabels.
  // Mirrors Requirements.String.
  std::string String() const;

  // Go's len(r) and `for key, requirement := range r`.
  size_t size() const { return map_.size(); }
  bool empty() const { return map_.empty(); }
  Map::const_iterator begin() const { return map_.begin(); }
  Map::const_iterator end() const { return map_.end(); }

 private:
  Map map_;
};

// Mirrors NewRequirements.
Requirements NewRequirements(const std::vector<RequirementPtr>& requirements = {});
// NewNodeSelectorRequirementsWithMinValues constructs requirements from
// NodeSelectorRequirementWithMinValues. Mirrors NewNodeSelectorRequirementsWithMinValues.
Requirements NewNodeSelectorRequirementsWithMinValues(
    const std::vector<v1::NodeSelectorRequirementWithMinValues>& requirements);
// NewNodeSelectorRequirements constructs requirements from NodeSelectorRequirements. Mirrors
// NewNodeSelectorRequirements.
Requirements NewNodeSelectorRequirements(const std::vector<corev1::NodeSelectorRequirement>& requirements);
// NewLabelRequirements constructs requirements from labels (key In [value]). Mirrors
// NewLabelRequirements.
Requirements NewLabelRequirements(const std::map<std::string, std::string>& labels);
// NewPodRequirements constructs requirements from a pod and treats any preferred requirements as
// required: the node selector, the heaviest preferred term (the first after Go's sort.Slice by
// descending weight, gosort::Slice) and the first required term. Upstream sorts the pod's own
// preferred terms in place; this reads the pod and sorts a copy, so a caller that relies on that
// order afterwards sorts its terms the same way. Mirrors NewPodRequirements.
Requirements NewPodRequirements(const spreadlab::v1::PodSpec& pod);
// NewStrictPodRequirements constructs requirements from a pod and only includes true requirements
// (not preferences). Mirrors NewStrictPodRequirements.
Requirements NewStrictPodRequirements(const spreadlab::v1::PodSpec& pod);
// HasPreferredNodeAffinity returns true if the pod has a preferred node affinity term. Mirrors
// HasPreferredNodeAffinity (nullptr is a nil pod).
bool HasPreferredNodeAffinity(const spreadlab::v1::PodSpec* p);

}  // namespace spreadlab::autoscaler::karpenter::scheduling
