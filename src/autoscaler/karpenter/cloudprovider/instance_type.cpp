#include "autoscaler/karpenter/cloudprovider/instance_type.h"

#include <algorithm>
#include <cfloat>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "autoscaler/karpenter/apis/labels.h"
#include "autoscaler/karpenter/scheduling/go_sort.h"
#include "autoscaler/karpenter/scheduling/requirement.h"

namespace spreadlab::autoscaler::karpenter::cloudprovider {

namespace {

constexpr std::string_view kResourceHugePagesPrefix = "hugepages-";  // corev1.ResourceHugePagesPrefix

int64_t SatAdd(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) return b > 0 ? INT64_MAX : INT64_MIN;
  return r;
}

// Quantity.Add (sign < 0: Quantity.Sub) on the two integer views, as core/resources.cpp sums
// them: the value re-derived from the millis, rounded away from zero, unless those saturate.
void AddQuantity(Quantity& into, const Quantity& q, int sign) {
  const int64_t value = sign < 0 ? (q.value == INT64_MIN ? INT64_MAX : -q.value) : q.value;
  const int64_t milli = sign < 0 ? (q.milli == INT64_MIN ? INT64_MAX : -q.milli) : q.milli;
  into.value = SatAdd(into.value, value);
  into.milli = SatAdd(into.milli, milli);
  if (into.milli != INT64_MAX && into.milli != INT64_MIN) {
    into.value = into.milli >= 0 ? into.milli / 1000 + static_cast<int64_t>(into.milli % 1000 != 0)
                                 : into.milli / 1000 - static_cast<int64_t>(into.milli % 1000 != 0);
  }
}

// Mirrors resources.Merge: every list's quantities summed per resource.
ResourceList Merge(std::initializer_list<const ResourceList*> lists) {
  ResourceList result;
  for (const ResourceList* list : lists) {
    for (const auto& [name, q] : *list) AddQuantity(result[name], q, 1);
  }
  return result;
}

// Mirrors resources.Subtract: lhs's resources, each less rhs's amount of it; rhs's other
// resources are dropped.
ResourceList Subtract(const ResourceList& lhs, const ResourceList& rhs) {
  ResourceList result = lhs;
  for (auto& [name, q] : result) {
    if (auto it = rhs.find(name); it != rhs.end()) AddQuantity(q, it->second, -1);
  }
  return result;
}

// Mirrors lo.Assign(base, over): a new list with over's keys replacing base's.
ResourceList Assign(const ResourceList& base, const ResourceList& over) {
  ResourceList result = base;
  for (const auto& [name, q] : over) result[name] = q;
  return result;
}

bool OfferingCompatible(const scheduling::Requirements& reqs, const Offering& offering) {
  return reqs.IsCompatible(offering.requirements, {scheduling::AllowUndefinedWellKnownLabels});
}

// Upstream's OrderByPrice less-function half: the lowest price of the launchable offerings
// compatible with reqs, DBL_MAX without one.
double LowestLaunchablePrice(const InstanceType& it, const scheduling::Requirements& reqs) {
  double price = DBL_MAX;
  for (const auto& of : it.offerings) {
    if (of->Launchable() && OfferingCompatible(reqs, *of) && of->price < price) price = of->price;
  }
  return price;
}

// strconv.ParseFloat(s, 64) behind lo.Must: the whole string must parse.
double MustParseFloat(const std::string& s) {
  size_t used = 0;
  const double value = std::stod(s, &used);
  if (used != s.size()) throw std::invalid_argument("strconv.ParseFloat: parsing \"" + s + "\": invalid syntax");
  return value;
}

scheduling::Requirements CapacityTypeRequirement(std::string_view capacityType) {
  return scheduling::NewRequirements({scheduling::NewRequirement(
      std::string(v1::kCapacityTypeLabelKey), corev1::kNodeSelectorOpIn, {std::string(capacityType)})});
}

}  // namespace

std::string& ReservationIDLabel() {
  static std::string label;
  return label;
}

scheduling::StringSet& ReservedCapacityLabels() {
  static scheduling::StringSet labels;
  return labels;
}

const scheduling::Requirements& SpotRequirement() {
  static const scheduling::Requirements reqs = CapacityTypeRequirement(v1::kCapacityTypeSpot);
  return reqs;
}

const scheduling::Requirements& OnDemandRequirement() {
  static const scheduling::Requirements reqs = CapacityTypeRequirement(v1::kCapacityTypeOnDemand);
  return reqs;
}

const scheduling::Requirements& ReservedRequirement() {
  static const scheduling::Requirements reqs = CapacityTypeRequirement(v1::kCapacityTypeReserved);
  return reqs;
}

ResourceList InstanceTypeOverhead::Total() const { return Merge({&kubeReserved, &systemReserved, &evictionThreshold}); }

double AdjustedPrice(double instanceTypePrice, const std::string& change) {
  // No overlay price: the price stays.
  if (change.empty()) return instanceTypePrice;
  // Without a sign the overlay is the price itself.
  if (change.front() != '+' && change.front() != '-') return MustParseFloat(change);
  double adjusted = 0;
  if (change.back() == '%') {
    adjusted = instanceTypePrice * (1 + (MustParseFloat(change.substr(0, change.size() - 1)) / 100));
  } else {
    adjusted = instanceTypePrice + MustParseFloat(change);
  }
  return adjusted >= 0 ? adjusted : 0;
}

void Offering::ApplyPriceOverlay(const std::string& updatedPrice) {
  price = AdjustedPrice(price, updatedPrice);
  priceOverlayApplied_ = true;
}

std::string Offering::CapacityType(std::mt19937& rng) const {
  return requirements.Get(v1::kCapacityTypeLabelKey)->Any(rng);
}

std::string Offering::Zone(std::mt19937& rng) const { return requirements.Get(corev1::kLabelTopologyZone)->Any(rng); }

std::string Offering::ReservationID(std::mt19937& rng) const {
  return requirements.Get(ReservationIDLabel())->Any(rng);
}

bool Offering::Launchable() const {
  if (!available) return false;
  // Only a reserved offering is limited by its reservation's capacity; one without a
  // capacity-type requirement is not reservation-constrained.
  return !requirements.Has(v1::kCapacityTypeLabelKey) ||
         !requirements.Get(v1::kCapacityTypeLabelKey)->Has(v1::kCapacityTypeReserved) || reservationCapacity > 0;
}

Offerings Offerings::Available() const {
  Offerings result;
  for (const auto& of : *this) {
    if (of->available) result.push_back(of);
  }
  return result;
}

Offerings Offerings::Launchable() const {
  Offerings result;
  for (const auto& of : *this) {
    if (of->Launchable()) result.push_back(of);
  }
  return result;
}

Offerings Offerings::Compatible(const scheduling::Requirements& reqs) const {
  Offerings result;
  for (const auto& of : *this) {
    if (OfferingCompatible(reqs, *of)) result.push_back(of);
  }
  return result;
}

bool Offerings::HasCompatible(const scheduling::Requirements& reqs) const {
  for (const auto& of : *this) {
    if (OfferingCompatible(reqs, *of)) return true;
  }
  return false;
}

OfferingPtr Offerings::Cheapest() const {
  // lo.MinBy: a later offering replaces the minimum only when strictly cheaper.
  OfferingPtr min;
  for (const auto& of : *this) {
    if (!min || of->price < min->price) min = of;
  }
  return min;
}

OfferingPtr Offerings::MostExpensive() const {
  // lo.MaxBy: a later offering replaces the maximum only when strictly dearer.
  OfferingPtr max;
  for (const auto& of : *this) {
    if (!max || of->price > max->price) max = of;
  }
  return max;
}

double Offerings::WorstLaunchPrice(const scheduling::Requirements& reqs) const {
  for (const scheduling::Requirements* ctReqs : {&ReservedRequirement(), &SpotRequirement(), &OnDemandRequirement()}) {
    if (Offerings compat = Compatible(reqs).Compatible(*ctReqs); !compat.empty()) return compat.MostExpensive()->price;
  }
  return DBL_MAX;
}

const ResourceList& InstanceType::Allocatable() const { return AllocatableOfferingsList().front().allocatable; }

const std::vector<AllocatableOfferings>& InstanceType::AllocatableOfferingsList() const {
  if (!cache_.value) cache_.value = Precompute();
  return *cache_.value;
}

std::vector<AllocatableOfferings> InstanceType::Precompute() const {
  // Groups are keyed by the override values themselves (upstream: their fmt "%v" text, which
  // is equal for equal lists and overheads). Without any override this is upstream's fast path:
  // one base group of the available offerings.
  std::vector<AllocatableOfferings> groups(1);
  groups[0].allocatable = ComputeAllocatable({}, std::nullopt);
  for (const auto& of : offerings) {
    if (!of->available) continue;
    if (of->capacityOverride.empty() && !of->overheadOverride) {
      groups[0].offerings.push_back(of);
      continue;
    }
    size_t g = 1;
    for (; g < groups.size(); ++g) {
      const Offering& first = *groups[g].offerings.front();
      if (first.capacityOverride == of->capacityOverride && first.overheadOverride == of->overheadOverride) break;
    }
    if (g == groups.size()) groups.emplace_back();
    groups[g].offerings.push_back(of);
  }
  // Each override group's allocatable comes from its first offering's overrides.
  for (size_t g = 1; g < groups.size(); ++g) {
    const Offering& first = *groups[g].offerings.front();
    groups[g].allocatable = ComputeAllocatable(first.capacityOverride, first.overheadOverride);
  }
  return groups;
}

ResourceList InstanceType::ComputeAllocatable(const ResourceList& capacityOverride,
                                              const std::optional<InstanceTypeOverhead>& overheadOverride) const {
  const ResourceList base = capacityOverride.empty() ? capacity : Assign(capacity, capacityOverride);
  ResourceList total = overhead.Total();
  if (overheadOverride) total = Assign(total, overheadOverride->Total());
  ResourceList allocatable = Subtract(base, total);
  // Hugepages are carved out of memory: each hugepages-* capacity lowers allocatable memory,
  // not below zero (and sets memory, to 0 at least, even when the capacity lists none).
  for (const auto& [name, q] : base) {
    if (!name.starts_with(kResourceHugePagesPrefix)) continue;
    const std::string memoryKey(corev1::kResourceMemory);
    Quantity memory;
    if (auto it = allocatable.find(memoryKey); it != allocatable.end()) memory = it->second;
    AddQuantity(memory, q, -1);
    if (memory.milli < 0) memory = Quantity{};
    allocatable[memoryKey] = memory;
  }
  return allocatable;
}

std::optional<double> InstanceType::OfferingPrice(const std::string& zone, const std::string& capacityType,
                                                  std::mt19937& rng) const {
  for (const auto& of : offerings) {
    if (of->Zone(rng) == zone && of->CapacityType(rng) == capacityType) return of->price;
  }
  return std::nullopt;
}

bool InstanceType::IsPricingOverlayApplied() const {
  for (const auto& of : offerings) {
    if (of->IsPriceOverlaid()) return true;
  }
  return false;
}

void InstanceType::ApplyCapacityOverlay(const ResourceList& updatedCapacity) {
  capacity = Assign(capacity, updatedCapacity);
  capacityOverlayApplied_ = true;
}

InstanceTypePtr InstanceType::DeepCopy() const {
  auto out = std::make_shared<InstanceType>();
  out->name = name;
  out->requirements = scheduling::Requirements();
  for (const auto& [key, req] : requirements) out->requirements.Add(req->DeepCopy());
  for (const auto& of : offerings) {
    auto copy = std::make_shared<Offering>(*of);
    copy->requirements = scheduling::Requirements();
    for (const auto& [key, req] : of->requirements) copy->requirements.Add(req->DeepCopy());
    out->offerings.push_back(std::move(copy));
  }
  out->capacity = capacity;
  out->overhead = overhead;
  return out;
}

InstanceTypes& InstanceTypes::OrderByPrice(const scheduling::Requirements& reqs) {
  gosort::Slice(static_cast<std::vector<InstanceTypePtr>&>(*this),
                [&reqs](const InstanceTypePtr& a, const InstanceTypePtr& b) {
                  return LowestLaunchablePrice(*a, reqs) < LowestLaunchablePrice(*b, reqs);
                });
  return *this;
}

InstanceTypes InstanceTypes::Compatible(const scheduling::Requirements& requirements) const {
  InstanceTypes result;
  for (const auto& it : *this) {
    if (it->offerings.Available().HasCompatible(requirements)) result.push_back(it);
  }
  return result;
}

MinValuesResult InstanceTypes::SatisfiesMinValues(const scheduling::Requirements& requirements) const {
  if (!requirements.HasMinValues()) return {};
  std::map<std::string, int> incompatibleKeys;
  std::map<std::string, scheduling::StringSet> valuesForKey;
  for (size_t i = 0; i < size(); ++i) {
    for (const auto& [key, req] : requirements) {
      if (!req->MinValues()) continue;
      // Only values the requirement allows count: the instance type may offer values (e.g.
      // zones) the requirements exclude, which the resulting NodeClaim cannot have.
      scheduling::StringSet& values = valuesForKey[req->key];
      for (const std::string& value : (*this)[i]->requirements.Get(req->key)->Values()) {
        if (req->Has(value)) values.insert(value);
      }
    }
    for (const auto& [key, values] : valuesForKey) {
      if (static_cast<int64_t>(values.size()) < requirements.Get(key)->MinValues().value_or(0)) {
        incompatibleKeys[key] = static_cast<int>(values.size());
      } else {
        incompatibleKeys.erase(key);
      }
    }
    if (incompatibleKeys.empty()) return {static_cast<int>(i) + 1, {}, ""};
  }
  if (!incompatibleKeys.empty()) {
    std::string keys;
    for (const auto& [key, count] : incompatibleKeys) keys += (keys.empty() ? "" : " ") + key;
    return {static_cast<int>(size()), incompatibleKeys,
            "minValues requirement is not met for label(s) (label(s)=[" + keys + "])"};
  }
  return {static_cast<int>(size()), {}, ""};
}

InstanceTypes InstanceTypes::Truncate(const scheduling::Requirements& requirements, int maxItems,
                                      bool minValuesPolicyBestEffort, std::string* err) {
  OrderByPrice(requirements);
  // lo.Slice(its, 0, maxItems): clamped to the list, empty for maxItems <= 0.
  const size_t n = maxItems <= 0 ? 0 : std::min(size(), static_cast<size_t>(maxItems));
  InstanceTypes truncated(begin(), begin() + static_cast<ptrdiff_t>(n));
  if (requirements.HasMinValues() && !minValuesPolicyBestEffort) {
    if (MinValuesResult r = truncated.SatisfiesMinValues(requirements); !r.err.empty()) {
      if (err != nullptr) *err = "validating minValues, " + r.err;
      return *this;
    }
  }
  if (err != nullptr) err->clear();
  return truncated;
}

InstanceTypePtr FromCatalog(const spreadlab::cloudprovider::InstanceType& item) {
  auto it = std::make_shared<InstanceType>();
  it->name = item.name;
  std::vector<std::string> zones;
  std::vector<std::string> capacityTypes;
  for (const auto& o : item.offerings) {
    auto of = std::make_shared<Offering>();
    of->requirements = scheduling::NewLabelRequirements({
        {std::string(v1::kCapacityTypeLabelKey), o.capacityType},
        {std::string(corev1::kLabelTopologyZone), o.zone},
    });
    of->price = o.price;
    of->available = o.available;
    // fake.NewInstanceType takes zones and capacity types from the available offerings only.
    if (o.available) {
      zones.push_back(o.zone);
      capacityTypes.push_back(o.capacityType);
    }
    it->offerings.push_back(std::move(of));
  }
  it->requirements = scheduling::NewRequirements({
      scheduling::NewRequirement(std::string(corev1::kLabelInstanceTypeStable), corev1::kNodeSelectorOpIn, {item.name}),
      scheduling::NewRequirement(std::string(corev1::kLabelTopologyZone), corev1::kNodeSelectorOpIn, zones),
      scheduling::NewRequirement(std::string(v1::kCapacityTypeLabelKey), corev1::kNodeSelectorOpIn, capacityTypes),
  });
  // Added after, as fake adds WithRequirements: a key already set is narrowed to the intersection.
  for (const auto& r : item.requirements) {
    it->requirements.Add(scheduling::NewRequirementWithFlexibility(r.key, r.op, r.minValues, r.values));
  }
  it->capacity = item.capacity;
  it->overhead = {item.kubeReserved, item.systemReserved, item.evictionThreshold};
  return it;
}

}  // namespace spreadlab::autoscaler::karpenter::cloudprovider
