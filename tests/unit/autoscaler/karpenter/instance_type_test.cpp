// Karpenter's instance types and offerings (sigs.k8s.io/karpenter v1.15.0 pkg/cloudprovider
// types.go). The InstanceTypeUpstream* and OfferingLaunchability* cases port upstream's own specs
// (suite_test.go Describe("Instance Type"), launchable_test.go Describe("Offering
// Launchability")); the rest pin ordering ties, unavailable offerings, overhead subtraction and
// FromCatalog's construction.
#include <gtest/gtest.h>

#include <cfloat>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "autoscaler/karpenter/apis/labels.h"
#include "autoscaler/karpenter/cloudprovider/instance_type.h"
#include "autoscaler/karpenter/scheduling/requirement.h"
#include "autoscaler/karpenter/scheduling/requirements.h"
#include "core/karpenter_api.h"
#include "core/quantity.h"

namespace {

using namespace spreadlab::autoscaler::karpenter;                 // NOLINT(google-build-using-namespace)
using namespace spreadlab::autoscaler::karpenter::cloudprovider;  // NOLINT(google-build-using-namespace)
using scheduling::NewLabelRequirements;
using scheduling::NewRequirement;
using scheduling::NewRequirements;
using scheduling::Requirements;
using spreadlab::Quantity;

Quantity Q(const std::string& s) { return *spreadlab::ParseQuantity(s); }

const std::string kCT(v1::kCapacityTypeLabelKey);
const std::string kZone(corev1::kLabelTopologyZone);

OfferingPtr MakeOffering(const std::string& ct, const std::string& zone, double price, bool available = true,
                         int reservationCapacity = 0) {
  auto of = std::make_shared<Offering>();
  of->requirements = NewLabelRequirements({{kCT, ct}, {kZone, zone}});
  of->price = price;
  of->available = available;
  of->reservationCapacity = reservationCapacity;
  return of;
}

InstanceTypePtr MakeInstanceType(const std::string& name, Offerings offerings) {
  auto it = std::make_shared<InstanceType>();
  it->name = name;
  it->offerings = std::move(offerings);
  return it;
}

std::vector<std::string> Names(const InstanceTypes& its) {
  std::vector<std::string> names;
  for (const auto& it : its) names.push_back(it->name);
  return names;
}

Requirements ZoneIn(const std::vector<std::string>& zones) {
  return NewRequirements({NewRequirement(kZone, corev1::kNodeSelectorOpIn, zones)});
}

// --- suite_test.go Describe("Instance Type") ---

InstanceType HugePagesInstanceType(const std::string& hugePages2Mi) {
  InstanceType it;
  it.capacity = {{"cpu", Q("5")},
                 {"memory", Q("20Gi")},
                 {"ephemeral-storage", Q("100Gi")},
                 {"pods", Q("57")},
                 {"hugepages-2Mi", Q(hugePages2Mi)},
                 {"hugepages-1Gi", Q("10Gi")}};
  it.overhead.kubeReserved = {{"cpu", Q("125m")}, {"memory", Q("1Gi")}};
  return it;
}

TEST(InstanceTypeUpstream, ReservesMemoryForHugePages) {
  const InstanceType it = HugePagesInstanceType("5Gi");
  const auto& result = it.Allocatable();
  EXPECT_EQ(result.at("memory").value, Q("4Gi").value);
  EXPECT_EQ(result.at("cpu").value, Q("4875m").value);
  EXPECT_EQ(result.at("cpu").milli, 4875);
}

TEST(InstanceTypeUpstream, MemoryZeroWhenHugePagesUseAll) {
  const InstanceType it = HugePagesInstanceType("50Gi");
  const auto& result = it.Allocatable();
  EXPECT_EQ(result.at("memory").value, 0);
  EXPECT_EQ(result.at("cpu").value, Q("4875m").value);
}

InstanceType FourCPUInstanceType() {
  InstanceType it;
  it.capacity = {{"cpu", Q("4")}, {"memory", Q("16Gi")}, {"pods", Q("110")}};
  it.overhead.kubeReserved = {{"cpu", Q("100m")}, {"memory", Q("1Gi")}};
  return it;
}

TEST(InstanceTypeUpstream, SingleAllocatableWithoutOverrides) {
  InstanceType it = FourCPUInstanceType();
  for (int i = 0; i < 2; ++i) {
    auto of = std::make_shared<Offering>();
    of->available = true;
    it.offerings.push_back(of);
  }
  const auto& groups = it.AllocatableOfferingsList();
  ASSERT_EQ(groups.size(), 1U);
  EXPECT_EQ(groups[0].allocatable.at("cpu").milli, 3900);
  EXPECT_EQ(groups[0].allocatable.at("memory").value, Q("15Gi").value);
}

TEST(InstanceTypeUpstream, MultipleAllocatablesWithOverrides) {
  const std::string extended = "test.com/extended-slots";
  InstanceType it = FourCPUInstanceType();
  for (int i = 0; i < 4; ++i) {
    auto of = std::make_shared<Offering>();
    of->available = true;
    if (i >= 2) {
      of->capacityOverride = {{extended, Q("12")}};
      of->overheadOverride = InstanceTypeOverhead{{}, {{"memory", Q("3Gi")}}, {}};
    }
    it.offerings.push_back(of);
  }
  const auto& groups = it.AllocatableOfferingsList();
  ASSERT_EQ(groups.size(), 2U);
  EXPECT_EQ(groups[0].allocatable.at("cpu").milli, 3900);
  EXPECT_EQ(groups[0].allocatable.at("memory").value, Q("15Gi").value);
  EXPECT_EQ(groups[0].allocatable.count(extended), 0U);
  EXPECT_EQ(groups[0].offerings.size(), 2U);
  // The overhead override replaces the base memory overhead (merged by key): 16Gi - 3Gi.
  EXPECT_EQ(groups[1].allocatable.at("cpu").milli, 3900);
  EXPECT_EQ(groups[1].allocatable.at("memory").value, Q("13Gi").value);
  EXPECT_EQ(groups[1].allocatable.at(extended).value, 12);
  EXPECT_EQ(groups[1].offerings.size(), 2U);
}

struct AdjustedPriceCase {
  const char* name;
  const char* change;
  double base;
  double expected;
};

TEST(InstanceTypeUpstream, AdjustedPriceTable) {
  const std::vector<AdjustedPriceCase> cases = {
      {"10% decrease", "-10%", 10.0, 9.0},
      {"10% increase", "+10%", 10.0, 11.0},
      {"50% decrease", "-50%", 10.0, 5.0},
      {"100% increase", "+100%", 10.0, 20.0},
      {"Zero price", "-100%", 10.0, 0.0},
      {"Zero price", "-200%", 10.0, 0.0},
      {"Fractional price", "-25%", 1.5, 1.125},
      {"No change", "+0", 10.0, 10.0},
      {"Add 5", "+5", 10.0, 15.0},
      {"Subtract 2.5", "-2.5", 10.0, 7.5},
      {"Subtract to zero", "-10", 10.0, 0.0},
      {"Negative Result", "-15", 10.0, 0.0},
      {"Fractional price", "+0.75", 1.25, 2.0},
      {"Large price adjustment", "+100", 0.001, 100.001},
      {"Small price adjustment", "+0.0001", 0.0001, 0.0002},
  };
  for (const auto& c : cases) EXPECT_EQ(AdjustedPrice(c.base, c.change), c.expected) << c.name;
}

TEST(InstanceTypeUpstream, AdjustedPriceOverrideAndEmpty) {
  EXPECT_EQ(AdjustedPrice(82781.0, "80.0"), 80);
  EXPECT_EQ(AdjustedPrice(82781.0, ""), 82781);
  EXPECT_THROW(AdjustedPrice(1.0, "+x"), std::invalid_argument);
}

// --- launchable_test.go Describe("Offering Launchability") ---

OfferingPtr ReservedOffering(bool available, int capacity) {
  return MakeOffering(std::string(v1::kCapacityTypeReserved), "test-zone-1", 0.001, available, capacity);
}
OfferingPtr OnDemandOffering(double price) {
  return MakeOffering(std::string(v1::kCapacityTypeOnDemand), "test-zone-1", price);
}

TEST(OfferingLaunchability, ReservedNeedsCapacity) {
  EXPECT_FALSE(ReservedOffering(true, 0)->Launchable());
  EXPECT_TRUE(ReservedOffering(true, 3)->Launchable());
  EXPECT_FALSE(ReservedOffering(false, 3)->Launchable());
}

TEST(OfferingLaunchability, NonReservedIsAvailable) {
  EXPECT_TRUE(OnDemandOffering(1.0)->Launchable());
  auto od = OnDemandOffering(1.0);
  od->available = false;
  EXPECT_FALSE(od->Launchable());
  // No capacity-type requirement: not reservation-constrained.
  Offering bare;
  bare.available = true;
  EXPECT_TRUE(bare.Launchable());
}

TEST(OfferingLaunchability, LaunchableFiltersFullReservations) {
  const Offerings ofs{ReservedOffering(true, 0), OnDemandOffering(1.0)};
  const Offerings launchable = ofs.Launchable();
  ASSERT_EQ(launchable.size(), 1U);
  std::mt19937 rng(1);
  EXPECT_EQ(launchable[0]->CapacityType(rng), v1::kCapacityTypeOnDemand);
}

TEST(OfferingLaunchability, WorstLaunchPriceIgnoresFullReservation) {
  const Offerings ofs{ReservedOffering(true, 0), OnDemandOffering(1.0)};
  const Requirements reqs;
  EXPECT_DOUBLE_EQ(ofs.Available().WorstLaunchPrice(reqs), 0.001);
  EXPECT_EQ(ofs.Launchable().WorstLaunchPrice(reqs), 1.0);
}

TEST(OfferingLaunchability, OrderByPriceIgnoresFullReservation) {
  InstanceTypes its{MakeInstanceType("phantom-cheap", {ReservedOffering(true, 0), OnDemandOffering(2.0)}),
                    MakeInstanceType("genuine-cheap", {OnDemandOffering(1.0)})};
  EXPECT_EQ(Names(its.OrderByPrice(Requirements())), (std::vector<std::string>{"genuine-cheap", "phantom-cheap"}));
}

// --- added cases ---

TEST(OfferingHelpers, CheapestAndMostExpensiveTakeFirstOnTies) {
  const Offerings ofs{MakeOffering("spot", "a", 2.0), MakeOffering("spot", "b", 1.0), MakeOffering("spot", "c", 1.0),
                      MakeOffering("on-demand", "d", 3.0), MakeOffering("on-demand", "e", 3.0)};
  std::mt19937 rng(1);
  EXPECT_EQ(ofs.Cheapest()->Zone(rng), "b");
  EXPECT_EQ(ofs.MostExpensive()->Zone(rng), "d");
  EXPECT_EQ(Offerings().Cheapest(), nullptr);
  EXPECT_EQ(Offerings().MostExpensive(), nullptr);
}

TEST(OfferingHelpers, AvailableCompatibleHasCompatible) {
  const Offerings ofs{MakeOffering("spot", "a", 1.0, false), MakeOffering("spot", "b", 2.0),
                      MakeOffering("on-demand", "a", 3.0)};
  EXPECT_EQ(ofs.Available().size(), 2U);
  const Offerings inA = ofs.Compatible(ZoneIn({"a"}));
  ASSERT_EQ(inA.size(), 2U);
  EXPECT_EQ(inA[0], ofs[0]);  // the same offering objects, as Go's []*Offering
  EXPECT_EQ(inA[1], ofs[2]);
  EXPECT_TRUE(ofs.HasCompatible(ZoneIn({"b"})));
  EXPECT_FALSE(ofs.Available().HasCompatible(ZoneIn({"c"})));
  // reqs.IsCompatible(offering): keys only reqs defines do not matter; a key only the offering
  // defines must be well known (zone, capacity type) unless reqs defines it.
  EXPECT_TRUE(ofs.HasCompatible(NewRequirements({NewRequirement("example.com/x", "In", {"y"})})));
  auto custom = MakeOffering("spot", "a", 1.0);
  custom->requirements.Add(NewRequirement("example.com/x", "In", {"y"}));
  EXPECT_FALSE(Offerings{custom}.HasCompatible(Requirements()));
  EXPECT_TRUE(Offerings{custom}.HasCompatible(NewRequirements({NewRequirement("example.com/x", "Exists")})));
}

TEST(OfferingHelpers, WorstLaunchPricePrefersReservedThenSpotThenOnDemand) {
  const Offerings ofs{MakeOffering("on-demand", "a", 5.0), MakeOffering("spot", "a", 1.0),
                      MakeOffering("spot", "b", 2.0)};
  EXPECT_EQ(ofs.WorstLaunchPrice(Requirements()), 2.0);
  EXPECT_EQ(ofs.WorstLaunchPrice(ZoneIn({"a"})), 1.0);
  EXPECT_EQ(ofs.WorstLaunchPrice(ZoneIn({"z"})), DBL_MAX);
}

TEST(InstanceTypeOrder, OrderByPriceTiesAndUnavailable) {
  InstanceTypes its{
      MakeInstanceType("none", {MakeOffering("spot", "a", 0.1, false)}),  // only unavailable: DBL_MAX
      MakeInstanceType("b2", {MakeOffering("spot", "a", 2.0)}),
      MakeInstanceType("a1", {MakeOffering("spot", "a", 1.0), MakeOffering("spot", "b", 0.5, false)}),
      MakeInstanceType("c2", {MakeOffering("on-demand", "b", 2.0)}),
      MakeInstanceType("zone-b", {MakeOffering("spot", "b", 0.2)}),
  };
  // Up to 12 elements Go's sort.Slice is an insertion sort: ties keep their order.
  EXPECT_EQ(Names(its.OrderByPrice(Requirements())), (std::vector<std::string>{"zone-b", "a1", "b2", "c2", "none"}));
  // The list is sorted in place; restricted to zone a, zone-b, c2 and none have no compatible
  // launchable offering and tie at DBL_MAX, keeping the previous order.
  EXPECT_EQ(Names(its.OrderByPrice(ZoneIn({"a"}))), (std::vector<std::string>{"a1", "b2", "zone-b", "c2", "none"}));
}

TEST(InstanceTypeOrder, CompatibleUsesAvailableOfferings) {
  const InstanceTypes its{
      MakeInstanceType("x", {MakeOffering("spot", "a", 1.0, false), MakeOffering("spot", "b", 1.0)}),
      MakeInstanceType("y", {MakeOffering("spot", "a", 1.0)}),
  };
  EXPECT_EQ(Names(its.Compatible(ZoneIn({"a"}))), (std::vector<std::string>{"y"}));
  EXPECT_EQ(Names(its.Compatible(ZoneIn({"b"}))), (std::vector<std::string>{"x"}));
  EXPECT_TRUE(its.Compatible(ZoneIn({"c"})).empty());
}

InstanceTypePtr WithLabel(const std::string& name, double price, const std::string& family) {
  auto it = MakeInstanceType(name, {MakeOffering("spot", "a", price)});
  it->requirements = NewRequirements({NewRequirement(std::string(corev1::kLabelInstanceTypeStable), "In", {name}),
                                      NewRequirement("family", "In", {family})});
  return it;
}

TEST(InstanceTypeOrder, SatisfiesMinValuesAndTruncate) {
  InstanceTypes its{WithLabel("c4.large", 1, "c4"), WithLabel("c4.xlarge", 2, "c4"), WithLabel("c5.large", 3, "c5"),
                    WithLabel("m4.large", 4, "m4")};
  Requirements reqs =
      NewRequirements({scheduling::NewRequirementWithFlexibility("family", "In", 3, {"c4", "c5", "m4"})});
  const MinValuesResult all = its.SatisfiesMinValues(reqs);
  EXPECT_EQ(all.minNeededInstanceTypes, 4);
  EXPECT_TRUE(all.err.empty());
  const MinValuesResult firstThree = InstanceTypes(its.begin(), its.begin() + 3).SatisfiesMinValues(reqs);
  EXPECT_EQ(firstThree.minNeededInstanceTypes, 3);
  EXPECT_EQ(firstThree.unsatisfiableMinValues, (std::map<std::string, int>{{"family", 2}}));
  EXPECT_FALSE(firstThree.err.empty());
  // Values the requirement excludes do not count.
  Requirements narrow = NewRequirements({scheduling::NewRequirementWithFlexibility("family", "In", 2, {"c4", "m4"})});
  EXPECT_EQ(its.SatisfiesMinValues(narrow).minNeededInstanceTypes, 4);
  EXPECT_EQ(its.SatisfiesMinValues(Requirements()).minNeededInstanceTypes, 0);

  std::string err;
  EXPECT_EQ(its.Truncate(reqs, 3, false, &err).size(), 4U);
  EXPECT_EQ(err.rfind("validating minValues, ", 0), 0U);
  EXPECT_EQ(Names(its.Truncate(reqs, 3, true, &err)), (std::vector<std::string>{"c4.large", "c4.xlarge", "c5.large"}));
  EXPECT_TRUE(err.empty());
  EXPECT_EQ(its.Truncate(reqs, 10, false, &err).size(), 4U);
  EXPECT_TRUE(err.empty());
  EXPECT_TRUE(its.Truncate(Requirements(), 0, false, &err).empty());
}

TEST(InstanceTypeAllocatable, OverheadSubtraction) {
  InstanceType it;
  it.capacity = {{"cpu", Q("4")}, {"memory", Q("8Gi")}, {"pods", Q("110")}};
  it.overhead.kubeReserved = {{"cpu", Q("100m")}, {"memory", Q("512Mi")}};
  it.overhead.systemReserved = {{"cpu", Q("50m")}, {"ephemeral-storage", Q("1Gi")}};
  it.overhead.evictionThreshold = {{"memory", Q("100Mi")}};
  const auto total = it.overhead.Total();
  EXPECT_EQ(total.at("cpu").milli, 150);
  EXPECT_EQ(total.at("memory").value, Q("612Mi").value);
  const auto& a = it.Allocatable();
  EXPECT_EQ(a.at("cpu").milli, 3850);
  EXPECT_EQ(a.at("cpu").value, 4);  // rounded away from zero, as Quantity.Value
  EXPECT_EQ(a.at("memory").value, Q("8Gi").value - Q("612Mi").value);
  EXPECT_EQ(a.at("pods").value, 110);
  // Overhead of a resource the capacity lacks is dropped, as resources.Subtract does.
  EXPECT_EQ(a.count("ephemeral-storage"), 0U);
  // Overhead beyond capacity goes negative (only hugepages clamp memory).
  InstanceType small;
  small.capacity = {{"cpu", Q("100m")}};
  small.overhead.kubeReserved = {{"cpu", Q("250m")}};
  EXPECT_EQ(small.Allocatable().at("cpu").milli, -150);
}

TEST(InstanceTypeAllocatable, HugePagesWithoutMemorySetsZero) {
  InstanceType it;
  it.capacity = {{"cpu", Q("1")}, {"hugepages-2Mi", Q("1Gi")}};
  EXPECT_EQ(it.Allocatable().at("memory"), Quantity{});
}

TEST(InstanceTypeAllocatable, CachedLikeSyncOnceAndCopiesStartFresh) {
  InstanceType it;
  it.capacity = {{"cpu", Q("2")}};
  EXPECT_EQ(it.Allocatable().at("cpu").milli, 2000);
  it.ApplyCapacityOverlay({{"cpu", Q("3")}});
  EXPECT_TRUE(it.IsCapacityOverlayApplied());
  EXPECT_EQ(it.Allocatable().at("cpu").milli, 2000);  // computed once, as upstream
  const InstanceType copy = it;                       // NOLINT(performance-unnecessary-copy-initialization)
  EXPECT_EQ(copy.Allocatable().at("cpu").milli, 3000);
  const InstanceTypePtr deep = it.DeepCopy();
  EXPECT_FALSE(deep->IsCapacityOverlayApplied());  // DeepCopyInto leaves the flag unset
  EXPECT_EQ(deep->Allocatable().at("cpu").milli, 3000);
}

TEST(InstanceTypeAllocatable, OverrideGroupsSkipUnavailable) {
  InstanceType it = FourCPUInstanceType();
  auto unavailable = std::make_shared<Offering>();
  unavailable->capacityOverride = {{"cpu", Q("8")}};
  auto base = std::make_shared<Offering>();
  base->available = true;
  it.offerings = {unavailable, base};
  ASSERT_EQ(it.AllocatableOfferingsList().size(), 1U);
  EXPECT_EQ(it.AllocatableOfferingsList()[0].offerings.size(), 1U);
}

TEST(InstanceTypePricing, OverlaysAndOfferingPrice) {
  auto it = MakeInstanceType("m", {MakeOffering("spot", "a", 1.0), MakeOffering("on-demand", "a", 4.0)});
  std::mt19937 rng(1);
  EXPECT_EQ(it->OfferingPrice("a", "on-demand", rng), 4.0);
  EXPECT_EQ(it->OfferingPrice("b", "on-demand", rng), std::nullopt);
  EXPECT_FALSE(it->IsPricingOverlayApplied());
  it->offerings[1]->ApplyPriceOverlay("-50%");
  EXPECT_TRUE(it->IsPricingOverlayApplied());
  EXPECT_EQ(it->offerings[1]->price, 2.0);
}

TEST(InstanceTypeFromCatalog, BuildsRequirementsLikeFake) {
  spreadlab::cloudprovider::InstanceType item;
  item.name = "m5.large";
  item.requirements = {{"kubernetes.io/arch", "In", {"amd64"}, std::nullopt},
                       {std::string(corev1::kLabelTopologyZone), "In", {"z1", "z2", "z9"}, std::nullopt}};
  item.capacity = {{"cpu", Q("2")}, {"memory", Q("8Gi")}};
  item.kubeReserved = {{"cpu", Q("80m")}};
  item.systemReserved = {{"memory", Q("100Mi")}};
  item.evictionThreshold = {{"memory", Q("100Mi")}};
  item.offerings = {{"z1", "spot", 0.03, true},
                    {"z2", "on-demand", 0.1, true},
                    {"z3", "reserved", 0.01, false},
                    {"z1", "on-demand", 0.1, true}};
  const InstanceTypePtr it = FromCatalog(item);
  EXPECT_EQ(it->name, "m5.large");
  EXPECT_EQ(it->requirements.Get(corev1::kLabelInstanceTypeStable)->Values(), (std::vector<std::string>{"m5.large"}));
  EXPECT_EQ(it->requirements.Get("kubernetes.io/arch")->Values(), (std::vector<std::string>{"amd64"}));
  // Zones of the available offerings (z3's is not), intersected with the catalog's own zone list.
  EXPECT_EQ(it->requirements.Get(corev1::kLabelTopologyZone)->Values(), (std::vector<std::string>{"z1", "z2"}));
  EXPECT_EQ(it->requirements.Get(v1::kCapacityTypeLabelKey)->Values(), (std::vector<std::string>{"on-demand", "spot"}));
  ASSERT_EQ(it->offerings.size(), 4U);
  std::mt19937 rng(1);
  EXPECT_EQ(it->offerings[2]->Zone(rng), "z3");
  EXPECT_EQ(it->offerings[2]->CapacityType(rng), "reserved");
  EXPECT_FALSE(it->offerings[2]->available);
  EXPECT_EQ(it->offerings[2]->requirements.size(), 2U);
  EXPECT_EQ(it->offerings[0]->price, 0.03);
  EXPECT_EQ(it->Allocatable().at("cpu").milli, 1920);
  EXPECT_EQ(it->Allocatable().at("memory").value, Q("8Gi").value - Q("200Mi").value);
}

TEST(InstanceTypeFromCatalog, NoAvailableOfferingsLeavesZoneAndCapacityTypeEmpty) {
  spreadlab::cloudprovider::InstanceType item;
  item.name = "x";
  item.offerings = {{"z1", "spot", 1.0, false}};
  const InstanceTypePtr it = FromCatalog(item);
  EXPECT_EQ(it->requirements.Get(corev1::kLabelTopologyZone)->Operator(), corev1::kNodeSelectorOpDoesNotExist);
  EXPECT_FALSE(InstanceTypes{it}.Compatible(Requirements()).size() > 0);
}

}  // namespace
