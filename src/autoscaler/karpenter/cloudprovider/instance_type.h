#pragma once
// Karpenter's scheduler-side instance types and offerings (sigs.k8s.io/karpenter v1.15.0
// pkg/cloudprovider/types.go): InstanceType, InstanceTypeOverhead, Offering, Offerings and
// InstanceTypes with their pure data logic (allocatable, price ordering, compatibility, minValues,
// price/capacity overlays), and FromCatalog, which builds one from spreadlab's catalog item as
// pkg/cloudprovider/fake NewInstanceType builds its requirements.
//
// Where this differs from upstream, on purpose:
//  - Go's []*Offering and []*InstanceType share their elements; here OfferingPtr and
//    InstanceTypePtr are shared_ptrs, so filters (Available, Compatible, ...) return views of the
//    same objects as upstream's lo.Filter does.
//  - InstanceType caches its allocatables on first use as upstream's sync.Once does, but without
//    the lock (the simulator schedules on one thread). A copy starts with an empty cache, as
//    upstream's DeepCopyInto leaves `once` unset.
//  - Offering.CapacityType/Zone/ReservationID and InstanceType.OfferingPrice take the random
//    source Requirement::Any needs (upstream: math/rand's global source); for an offering whose
//    key is In one value, as every offering FromCatalog builds, the source is not drawn on.
//  - Go's package variables ReservationIDLabel and ReservedCapacityLabels (set by a provider at
//    start-up) are functions returning a mutable process-wide object, as apis/labels.h does.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "autoscaler/karpenter/scheduling/requirements.h"
#include "core/api.h"
#include "core/karpenter_api.h"

namespace spreadlab::autoscaler::karpenter::cloudprovider {

using ResourceList = spreadlab::v1::ResourceList;

// ReservationIDLabel: the label a reserved offering's requirements carry to identify its
// reservation; "" unless a provider sets it (upstream's fake sets karpenter.test.sh/reservation-id).
std::string& ReservationIDLabel();
// ReservedCapacityLabels: additional labels reserved offerings define.
scheduling::StringSet& ReservedCapacityLabels();
// SpotRequirement, OnDemandRequirement, ReservedRequirement: karpenter.sh/capacity-type In [ct].
const scheduling::Requirements& SpotRequirement();
const scheduling::Requirements& OnDemandRequirement();
const scheduling::Requirements& ReservedRequirement();

// Mirrors InstanceTypeOverhead.
struct InstanceTypeOverhead {
  ResourceList kubeReserved;       // KubeReserved
  ResourceList systemReserved;     // SystemReserved
  ResourceList evictionThreshold;  // EvictionThreshold

  // The three lists summed per resource. Mirrors InstanceTypeOverhead.Total.
  ResourceList Total() const;
  bool operator==(const InstanceTypeOverhead&) const = default;
};

// AdjustedPrice applies a price overlay: "" keeps the price, a value without a sign replaces it,
// "+x"/"-x" adds, "+x%"/"-x%" scales; an adjusted result below 0 is 0. The number is parsed as
// strconv.ParseFloat would (prevalidated upstream by CEL; a malformed one throws
// std::invalid_argument where upstream's lo.Must panics). Mirrors AdjustedPrice.
double AdjustedPrice(double instanceTypePrice, const std::string& change);

class Offering;
using OfferingPtr = std::shared_ptr<Offering>;

// Mirrors Offering. Requirements carry karpenter.sh/capacity-type and topology.kubernetes.io/zone.
class Offering {
 public:
  scheduling::Requirements requirements;  // Requirements
  double price = 0;                       // Price
  bool available = false;                 // Available
  int reservationCapacity = 0;            // ReservationCapacity
  // CapacityOverride: merged over the instance type's capacity (keys replaced); empty is none.
  ResourceList capacityOverride;
  // OverheadOverride: merged over the instance type's overhead total; nullopt is Go's nil.
  std::optional<InstanceTypeOverhead> overheadOverride;

  // Mirrors Offering.ApplyPriceOverlay.
  void ApplyPriceOverlay(const std::string& updatedPrice);
  // Mirrors Offering.IsPriceOverlaid.
  bool IsPriceOverlaid() const { return priceOverlayApplied_; }
  // Mirrors Offering.CapacityType, Offering.Zone and Offering.ReservationID.
  std::string CapacityType(std::mt19937& rng) const;
  std::string Zone(std::mt19937& rng) const;
  std::string ReservationID(std::mt19937& rng) const;
  // Available, and for an offering whose capacity type allows reserved, reservation capacity left.
  // Mirrors Offering.Launchable.
  bool Launchable() const;

 private:
  bool priceOverlayApplied_ = false;
};

// Mirrors Offerings ([]*Offering).
class Offerings : public std::vector<OfferingPtr> {
 public:
  using std::vector<OfferingPtr>::vector;

  // Mirrors Offerings.Available.
  Offerings Available() const;
  // Mirrors Offerings.Launchable.
  Offerings Launchable() const;
  // The offerings whose requirements reqs IsCompatible with, well-known labels allowed undefined.
  // Mirrors Offerings.Compatible.
  Offerings Compatible(const scheduling::Requirements& reqs) const;
  // Mirrors Offerings.HasCompatible.
  bool HasCompatible(const scheduling::Requirements& reqs) const;
  // The first of the lowest price; nullptr when empty (Go's nil). Mirrors Offerings.Cheapest.
  OfferingPtr Cheapest() const;
  // The first of the highest price; nullptr when empty. Mirrors Offerings.MostExpensive.
  OfferingPtr MostExpensive() const;
  // The highest price among the offerings compatible with reqs of the first capacity type of
  // reserved, spot, on-demand that has any; DBL_MAX when none. Mirrors Offerings.WorstLaunchPrice.
  double WorstLaunchPrice(const scheduling::Requirements& reqs) const;
};

// Mirrors AllocatableOfferings.
struct AllocatableOfferings {
  ResourceList allocatable;  // Allocatable
  Offerings offerings;       // Offerings
};

class InstanceType;
using InstanceTypePtr = std::shared_ptr<InstanceType>;

// Mirrors InstanceType (without VolumeAttachmentLimits and DynamicResources).
class InstanceType {
 public:
  std::string name;                       // Name
  scheduling::Requirements requirements;  // Requirements
  Offerings offerings;                    // Offerings
  ResourceList capacity;                  // Capacity
  // Overhead; upstream's *InstanceTypeOverhead is non-nil on every instance type (Allocatable
  // dereferences it), so a value here.
  InstanceTypeOverhead overhead;

  // The base allocatable: capacity minus the overhead total, with memory lowered by each
  // hugepages-* capacity (not below 0). Mirrors InstanceType.Allocatable.
  const ResourceList& Allocatable() const;
  // One group per distinct (capacity override, overhead override) among the available
  // offerings, each with its allocatable; the first is always the base group (the available
  // offerings without overrides). Mirrors InstanceType.AllocatableOfferingsList.
  const std::vector<AllocatableOfferings>& AllocatableOfferingsList() const;
  // The price of the first offering in zone with capacityType; nullopt for upstream's (0, false).
  // Mirrors InstanceType.OfferingPrice.
  std::optional<double> OfferingPrice(const std::string& zone, const std::string& capacityType,
                                      std::mt19937& rng) const;
  // Mirrors InstanceType.IsPricingOverlayApplied.
  bool IsPricingOverlayApplied() const;
  // Capacity with updatedCapacity's keys replaced. Like upstream, an allocatable already computed
  // is not recomputed. Mirrors InstanceType.ApplyCapacityOverlay.
  void ApplyCapacityOverlay(const ResourceList& updatedCapacity);
  // Mirrors InstanceType.IsCapacityOverlayApplied.
  bool IsCapacityOverlayApplied() const { return capacityOverlayApplied_; }
  // A copy with its own offerings; like upstream's DeepCopyInto, the capacity-overlay flag is
  // not copied. Mirrors InstanceType.DeepCopy.
  InstanceTypePtr DeepCopy() const;

 private:
  // Mirrors InstanceType.precompute and groupOfferingsByOverride.
  std::vector<AllocatableOfferings> Precompute() const;
  // Mirrors InstanceType.computeAllocatable.
  ResourceList ComputeAllocatable(const ResourceList& capacityOverride,
                                  const std::optional<InstanceTypeOverhead>& overheadOverride) const;

  // upstream's once + allocatableOfferings; copying yields an empty cache.
  struct Cache {
    std::optional<std::vector<AllocatableOfferings>> value;
    Cache() = default;
    Cache(const Cache& /*unused*/) {}
    Cache& operator=(const Cache& /*unused*/) {
      value.reset();
      return *this;
    }
  };
  mutable Cache cache_;
  bool capacityOverlayApplied_ = false;
};

// What SatisfiesMinValues returns: upstream's (minNeededInstanceTypes, unsatisfiableMinValues, err).
struct MinValuesResult {
  int minNeededInstanceTypes = 0;
  std::map<std::string, int> unsatisfiableMinValues;  // empty is Go's nil
  // The error's text, "" for nil: "minValues requirement is not met for label(s)" followed by
  // " (label(s)=[k1 k2])", the failing keys sorted (upstream: operatorpkg's serrors.Wrap,
  // "%s (%s)" over "key=%v" pairs, the keys in Go's random map order).
  std::string err;
};

// Mirrors InstanceTypes ([]*InstanceType).
class InstanceTypes : public std::vector<InstanceTypePtr> {
 public:
  using std::vector<InstanceTypePtr>::vector;

  // Sorts in place (Go's unstable sort.Slice, reproduced by gosort::Slice) by the lowest price of
  // each type's launchable offerings compatible with reqs (DBL_MAX without one) and returns the
  // sorted list. Mirrors InstanceTypes.OrderByPrice.
  InstanceTypes& OrderByPrice(const scheduling::Requirements& reqs);
  // The types with an available offering compatible with requirements. Mirrors
  // InstanceTypes.Compatible.
  InstanceTypes Compatible(const scheduling::Requirements& requirements) const;
  // How many of the types, in order, first meet every minValues of requirements, counting only
  // values requirements allow. Mirrors InstanceTypes.SatisfiesMinValues.
  MinValuesResult SatisfiesMinValues(const scheduling::Requirements& requirements) const;
  // The first maxItems types after OrderByPrice (which sorts this list); if requirements have
  // minValues that the truncated list misses and the policy is not BestEffort, returns the
  // (sorted) full list with *err set to "validating minValues, <err>". Mirrors
  // InstanceTypes.Truncate; minValuesPolicyBestEffort stands for options.MinValuesPolicy.
  InstanceTypes Truncate(const scheduling::Requirements& requirements, int maxItems, bool minValuesPolicyBestEffort,
                         std::string* err);
};

// Builds the scheduler's instance type from spreadlab's catalog item, as fake.NewInstanceType
// builds requirements: node.kubernetes.io/instance-type In [name], topology.kubernetes.io/zone In
// [zones of the available offerings] and karpenter.sh/capacity-type In [their capacity types],
// then the catalog's own requirements added (intersected) as fake adds WithRequirements. Fake's
// test-only defaults (amd64, three OSes, its size/special/integer labels, 100m/10Mi kube-reserved)
// are not added: the catalog states its own labels and overhead. Each offering's requirements are
// NewLabelRequirements of its zone and capacity type, as fake's offerings are built.
InstanceTypePtr FromCatalog(const spreadlab::cloudprovider::InstanceType& item);

}  // namespace spreadlab::autoscaler::karpenter::cloudprovider
