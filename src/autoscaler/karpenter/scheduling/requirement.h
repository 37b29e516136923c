#pragma once
// Karpenter's Requirement (sigs.k8s.io/karpenter v1.15.0 pkg/scheduling/requirement.go): what one
// label key may be, as a set of values or the complement of one, with optional inclusive integer
// bounds (Gt N and Lt N are kept as Gte N+1 and Lte N-1) and a minValues flexibility. The label
// algebra NodePools, NodeClaims, instance types and pods meet in.
//
// Where this differs from upstream, on purpose:
//  - Go hands *Requirement around and shares it (a Requirements map holds the pointer it was
//    given; Get returns it, and callers Insert through it), so RequirementPtr is a shared_ptr.
//  - Values() lists the values sorted (upstream: Go's random map order).
//  - Any() takes the random source as an argument (upstream: math/rand's global source).
//  - String() is recomputed on each call (upstream caches it in an atomic pointer; a cache only).
//  - Upstream's NewRequirementWithFlexibility rewrites normalized values in the caller's own slice
//    (Go's variadic `values...` aliases it); here the values are taken by value.
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "autoscaler/karpenter/apis/node_selector.h"

namespace spreadlab::autoscaler::karpenter::scheduling {

class Requirement;
class Requirements;
// Go's *Requirement.
using RequirementPtr = std::shared_ptr<Requirement>;
// Go's sets.Set[string]; ordered, so that sets.List (sorted) is its iteration order.
using StringSet = std::set<std::string, std::less<>>;

class Requirement {
 public:
  // The package's composite literal &Requirement{Key, complement, values, gte, lte, minValues}
  // (Intersection builds one; upstream's tests write them). Prefer NewRequirement.
  Requirement(std::string key, bool complement, StringSet values, std::optional<int64_t> gte = std::nullopt,
              std::optional<int64_t> lte = std::nullopt, std::optional<int64_t> minValues = std::nullopt);

  std::string key;  // Key

  // NodeSelectorRequirement converts back to the API form: Gte if a lower bound is set, else Lte
  // if an upper one is, else NotIn/Exists (complement) or In/DoesNotExist. Mirrors
  // (*Requirement).NodeSelectorRequirement.
  v1::NodeSelectorRequirementWithMinValues NodeSelectorRequirement() const;
  // BoundedNodeSelectorRequirements: {Gte gte, Lte lte}, for a requirement with both bounds (which
  // must be set). Mirrors (*Requirement).BoundedNodeSelectorRequirements.
  std::vector<v1::NodeSelectorRequirementWithMinValues> BoundedNodeSelectorRequirements() const;

  // Intersection returns the requirement both this and the argument allow (a new one). Mirrors
  // (*Requirement).Intersection.
  RequirementPtr Intersection(const Requirement& requirement) const;
  // HasIntersection is whether Intersection would allow any value, without building it. Mirrors
  // (*Requirement).HasIntersection.
  bool HasIntersection(const Requirement& requirement) const;

  // Any returns a value the requirement allows: for In one of its values (upstream: the first in
  // Go's random map order; here one drawn uniformly with rng), for NotIn and Exists a random
  // integer in [gte or 0, lte+1 or MaxInt64) (not checked against the NotIn values, as upstream
  // does not), for DoesNotExist "". Upstream's rand.Intn panics when that range is empty or its
  // width overflows (e.g. Lt 0, Gte -5); this throws std::invalid_argument("invalid argument to
  // Intn") there. Mirrors (*Requirement).Any.
  std::string Any(std::mt19937& rng) const;
  // Has returns true if the requirement allows the value. Mirrors (*Requirement).Has.
  bool Has(std::string_view value) const;
  // Values: the set's values (for NotIn, the excluded ones), sorted. Mirrors (*Requirement).Values.
  std::vector<std::string> Values() const;
  // Insert adds values to the set. Mirrors (*Requirement).Insert.
  void Insert(const std::vector<std::string>& items);
  // Operator: In, NotIn, Exists or DoesNotExist (bounds read as Exists). Mirrors
  // (*Requirement).Operator.
  std::string_view Operator() const;
  // Len: the number of values, MaxInt64 minus the excluded ones for a complement. Mirrors
  // (*Requirement).Len.
  int64_t Len() const;
  // Mirrors (*Requirement).MinValues.
  std::optional<int64_t> MinValues() const { return minValues_; }
  // Mirrors (*Requirement).SetMinValues.
  void SetMinValues(int64_t minValues) { minValues_ = minValues; }
  // String, e.g. "key In [A B]", "key Exists >=2 <=8", "key NotIn [a b c d e and 2 others] minValues 3".
  // Mirrors (*Requirement).String.
  std::string String() const;
  // Mirrors (*Requirement).DeepCopy.
  RequirementPtr DeepCopy() const { return std::make_shared<Requirement>(*this); }

  // Field-by-field equality, what upstream's tests compare with Equal(DeepCopy()).
  bool operator==(const Requirement&) const = default;

 private:
  friend class Requirements;  // NodeSelectorRequirements reads the bounds, as upstream's does.

  bool complement_;
  StringSet values_;
  std::optional<int64_t> gte_;  // inclusive lower bound (Gt is converted to Gte)
  std::optional<int64_t> lte_;  // inclusive upper bound (Lt is converted to Lte)
  std::optional<int64_t> minValues_;
};

// NewRequirementWithFlexibility builds a requirement from a node selector requirement's key,
// operator, minValues and values. The key is normalized (v1::NormalizedLabels) and so are its
// values (v1::NormalizedLabelValues). Gt N becomes Gte N+1 (Gt MaxInt64: DoesNotExist, without
// the minValues), Lt N becomes Lte N-1 (wrapping as Go's int does: Lt MinInt64 is Lte MaxInt64).
// The integer of Gt/Lt/Gte/Lte is parsed as strconv.Atoi does with its error ignored
// (prevalidated upstream): not a number reads 0, out of range reads the nearest int64. Gt, Lt, Gte
// and Lte need a value: without one upstream panics (index out of range) and this throws
// std::out_of_range. An unknown operator reads as Exists. Mirrors NewRequirementWithFlexibility.
RequirementPtr NewRequirementWithFlexibility(std::string key, std::string_view op, std::optional<int64_t> minValues,
                                             std::vector<std::string> values = {});
// Mirrors NewRequirement (no minValues).
RequirementPtr NewRequirement(std::string key, std::string_view op, std::vector<std::string> values = {});

}  // namespace spreadlab::autoscaler::karpenter::scheduling
