#include "autoscaler/karpenter/scheduling/requirement.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <utility>

#include "autoscaler/karpenter/apis/labels.h"
#include "core/goint.h"
#include "core/gostrconv.h"

namespace spreadlab::autoscaler::karpenter::scheduling {

namespace {

constexpr int64_t kMaxInt = std::numeric_limits<int64_t>::max();

// Mirrors withinBounds.
bool WithinBounds(std::string_view valueAsString, const std::optional<int64_t>& gte,
                  const std::optional<int64_t>& lte) {
  if (!gte && !lte) return true;
  // If bounds are set, non integer values are invalid
  const gostrconv::AtoiResult val = gostrconv::Atoi(valueAsString);
  if (!val.ok) return false;
  if (gte && val.value < *gte) return false;
  if (lte && val.value > *lte) return false;
  return true;
}

// Mirrors minIntPtr.
std::optional<int64_t> MinIntPtr(const std::optional<int64_t>& a, const std::optional<int64_t>& b) {
  if (!a) return b;
  if (!b) return a;
  return *a < *b ? a : b;
}

// Mirrors maxIntPtr.
std::optional<int64_t> MaxIntPtr(const std::optional<int64_t>& a, const std::optional<int64_t>& b) {
  if (!a) return b;
  if (!b) return a;
  return *a > *b ? a : b;
}

// fmt's %s of a []string: "[a b c]".
std::string FormatList(const std::vector<std::string>& values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); i++) {
    if (i > 0) out += ' ';
    out += values[i];
  }
  return out + "]";
}

}  // namespace

Requirement::Requirement(std::string key, bool complement, StringSet values, std::optional<int64_t> gte,
                         std::optional<int64_t> lte, std::optional<int64_t> minValues)
    : key(std::move(key)),
      complement_(complement),
      values_(std::move(values)),
      gte_(gte),
      lte_(lte),
      minValues_(minValues) {}

// Mirrors NewRequirementWithFlexibility.
RequirementPtr NewRequirementWithFlexibility(std::string key, std::string_view op, std::optional<int64_t> minValues,
                                             std::vector<std::string> values) {
  const auto& normalizedLabels = v1::NormalizedLabels();
  if (const auto normalized = normalizedLabels.find(key); normalized != normalizedLabels.end()) {
    key = normalized->second;
  }
  // Apply value normalization if registered for this (already-normalized) key.
  const auto& normalizedValues = v1::NormalizedLabelValues();
  if (const auto valueMap = normalizedValues.find(key);
      valueMap != normalizedValues.end() && !valueMap->second.empty()) {
    for (std::string& val : values) {
      if (const auto mapped = valueMap->second.find(val); mapped != valueMap->second.end()) val = mapped->second;
    }
  }

  // This is a super-common case, so optimize for it an inline everything.
  if (op == corev1::kNodeSelectorOpIn) {
    return std::make_shared<Requirement>(std::move(key), false, StringSet(values.begin(), values.end()), std::nullopt,
                                         std::nullopt, minValues);
  }

  bool complement = op != corev1::kNodeSelectorOpDoesNotExist;
  StringSet set;
  if (op == corev1::kNodeSelectorOpNotIn) set.insert(values.begin(), values.end());
  std::optional<int64_t> gte;
  std::optional<int64_t> lte;
  if (op == corev1::kNodeSelectorOpGt) {
    int64_t value = gostrconv::Atoi(values.at(0)).value;  // prevalidated
    if (value == kMaxInt) {
      // Gt MaxInt matches nothing
      return NewRequirement(key, corev1::kNodeSelectorOpDoesNotExist);
    }
    gte = value + 1;  // canonicalize GT N to GTE N+1
  }
  if (op == corev1::kNodeSelectorOpLt) {
    lte = GoSub(gostrconv::Atoi(values.at(0)).value, 1);  // canonicalize LT N to LTE N-1
  }
  if (op == v1::kNodeSelectorOpGte) gte = gostrconv::Atoi(values.at(0)).value;  // prevalidated
  if (op == v1::kNodeSelectorOpLte) lte = gostrconv::Atoi(values.at(0)).value;  // prevalidated
  return std::make_shared<Requirement>(std::move(key), complement, std::move(set), gte, lte, minValues);
}

// Mirrors NewRequirement.
RequirementPtr NewRequirement(std::string key, std::string_view op, std::vector<std::string> values) {
  return NewRequirementWithFlexibility(std::move(key), op, std::nullopt, std::move(values));
}

// Mirrors (*Requirement).BoundedNodeSelectorRequirements.
std::vector<v1::NodeSelectorRequirementWithMinValues> Requirement::BoundedNodeSelectorRequirements() const {
  return {
      {key, std::string(v1::kNodeSelectorOpGte), {std::to_string(gte_.value())}, minValues_},
      {key, std::string(v1::kNodeSelectorOpLte), {std::to_string(lte_.value())}, minValues_},
  };
}

// Mirrors (*Requirement).NodeSelectorRequirement.
v1::NodeSelectorRequirementWithMinValues Requirement::NodeSelectorRequirement() const {
  if (gte_) return {key, std::string(v1::kNodeSelectorOpGte), {std::to_string(*gte_)}, minValues_};
  if (lte_) return {key, std::string(v1::kNodeSelectorOpLte), {std::to_string(*lte_)}, minValues_};
  if (complement_) {
    if (!values_.empty()) return {key, std::string(corev1::kNodeSelectorOpNotIn), Values(), minValues_};
    return {key, std::string(corev1::kNodeSelectorOpExists), {}, minValues_};
  }
  if (!values_.empty()) return {key, std::string(corev1::kNodeSelectorOpIn), Values(), minValues_};
  return {key, std::string(corev1::kNodeSelectorOpDoesNotExist), {}, minValues_};
}

// Mirrors (*Requirement).Intersection.
RequirementPtr Requirement::Intersection(const Requirement& requirement) const {
  // Complement
  const bool complement = complement_ && requirement.complement_;

  // Boundaries
  std::optional<int64_t> gte = MaxIntPtr(gte_, requirement.gte_);
  std::optional<int64_t> lte = MinIntPtr(lte_, requirement.lte_);
  const std::optional<int64_t> minValues = MaxIntPtr(minValues_, requirement.minValues_);
  if (gte && lte && *gte > *lte) {
    return NewRequirementWithFlexibility(key, corev1::kNodeSelectorOpDoesNotExist, minValues);
  }

  // Values: each set operation writes in sorted order, so every insert lands at the end.
  StringSet values;
  auto out = std::inserter(values, values.end());
  const StringSet& a = values_;
  const StringSet& b = requirement.values_;
  if (complement_ && requirement.complement_) {
    std::set_union(a.begin(), a.end(), b.begin(), b.end(), out);
  } else if (complement_ && !requirement.complement_) {
    std::set_difference(b.begin(), b.end(), a.begin(), a.end(), out);
  } else if (!complement_ && requirement.complement_) {
    std::set_difference(a.begin(), a.end(), b.begin(), b.end(), out);
  } else {
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), out);
  }
  std::erase_if(values, [&](const std::string& v) { return !WithinBounds(v, gte, lte); });
  // Remove boundaries for concrete sets
  if (!complement) {
    gte.reset();
    lte.reset();
  }
  return std::make_shared<Requirement>(key, complement, std::move(values), gte, lte, minValues);
}

// Mirrors (*Requirement).HasIntersection.
bool Requirement::HasIntersection(const Requirement& requirement) const {
  const std::optional<int64_t> gte = MaxIntPtr(gte_, requirement.gte_);
  const std::optional<int64_t> lte = MinIntPtr(lte_, requirement.lte_);
  if (gte && lte && *gte > *lte) return false;
  // Both requirements have a complement
  if (complement_ && requirement.complement_) return true;
  // Only one requirement has a complement
  if (complement_ && !requirement.complement_) {
    return std::any_of(requirement.values_.begin(), requirement.values_.end(),
                       [&](const std::string& v) { return values_.count(v) == 0 && WithinBounds(v, gte, lte); });
  }
  if (!complement_ && requirement.complement_) {
    return std::any_of(values_.begin(), values_.end(), [&](const std::string& v) {
      return requirement.values_.count(v) == 0 && WithinBounds(v, gte, lte);
    });
  }
  // Both requirements are non-complement requirements
  return std::any_of(values_.begin(), values_.end(), [&](const std::string& v) {
    return requirement.values_.count(v) > 0 && WithinBounds(v, gte, lte);
  });
}

// Mirrors (*Requirement).Any.
std::string Requirement::Any(std::mt19937& rng) const {
  const std::string_view op = Operator();
  if (op == corev1::kNodeSelectorOpIn) {
    std::uniform_int_distribution<size_t> pick(0, values_.size() - 1);
    return *std::next(values_.begin(), static_cast<std::ptrdiff_t>(pick(rng)));
  }
  if (op == corev1::kNodeSelectorOpNotIn || op == corev1::kNodeSelectorOpExists) {
    int64_t min = 0;
    int64_t max = kMaxInt;
    if (gte_) min = *gte_;
    if (lte_) max = GoAdd(*lte_, 1);
    const int64_t n = GoSub(max, min);
    if (n <= 0) throw std::invalid_argument("invalid argument to Intn");
    std::uniform_int_distribution<int64_t> intn(0, n - 1);
    return std::to_string(GoAdd(intn(rng), min));
  }
  return "";
}

// Mirrors (*Requirement).Has.
bool Requirement::Has(std::string_view value) const {
  if (complement_) return values_.count(value) == 0 && WithinBounds(value, gte_, lte_);
  return values_.count(value) > 0 && WithinBounds(value, gte_, lte_);
}

// Mirrors (*Requirement).Values.
std::vector<std::string> Requirement::Values() const { return {values_.begin(), values_.end()}; }

// Mirrors (*Requirement).Insert.
void Requirement::Insert(const std::vector<std::string>& items) { values_.insert(items.begin(), items.end()); }

// Mirrors (*Requirement).Operator.
std::string_view Requirement::Operator() const {
  if (complement_) {
    if (Len() < kMaxInt) return corev1::kNodeSelectorOpNotIn;
    // corev1.NodeSelectorOpGt and corev1.NodeSelectorOpLt are treated as "Exists" with bounds
    return corev1::kNodeSelectorOpExists;
  }
  if (Len() > 0) return corev1::kNodeSelectorOpIn;
  return corev1::kNodeSelectorOpDoesNotExist;
}

// Mirrors (*Requirement).Len.
int64_t Requirement::Len() const {
  if (complement_) return kMaxInt - static_cast<int64_t>(values_.size());
  return static_cast<int64_t>(values_.size());
}

// Mirrors (*Requirement).String.
std::string Requirement::String() const {
  const std::string_view op = Operator();
  std::string s = key + " " + std::string(op);
  if (op != corev1::kNodeSelectorOpExists && op != corev1::kNodeSelectorOpDoesNotExist) {
    std::vector<std::string> values = Values();
    if (const size_t length = values.size(); length > 5) {
      values.resize(5);
      values.push_back("and " + std::to_string(length - 5) + " others");
    }
    s += " " + FormatList(values);
  }
  if (gte_) s += " >=" + std::to_string(*gte_);
  if (lte_) s += " <=" + std::to_string(*lte_);
  if (minValues_) s += " minValues " + std::to_string(*minValues_);
  return s;
}

}  // namespace spreadlab::autoscaler::karpenter::scheduling
