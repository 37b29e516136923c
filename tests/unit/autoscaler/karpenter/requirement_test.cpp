// Upstream's own tests of Requirement, ported from sigs.k8s.io/karpenter v1.15.0
// pkg/scheduling/requirement_test.go (Ginkgo: Describe("Requirement")). Its DescribeTable entries
// are unnamed (Entry(nil, ...)); each row here is named by its fixtures, as "existing ∩ incoming".
// The tables were transcribed from upstream's file entry by entry, in its order.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "autoscaler/karpenter/apis/labels.h"
#include "autoscaler/karpenter/scheduling/requirement.h"
#include "autoscaler/karpenter/scheduling/requirements.h"
#include "core/api.h"

namespace {

using namespace spreadlab::autoscaler::karpenter;              // NOLINT(google-build-using-namespace)
using namespace spreadlab::autoscaler::karpenter::scheduling;  // NOLINT(google-build-using-namespace)

constexpr int64_t kMaxInt64 = std::numeric_limits<int64_t>::max();

// The requirements upstream's Describe("Requirement") declares, by their Go names.
const std::map<std::string, RequirementPtr>& Fixtures() {
  static const std::map<std::string, RequirementPtr> fixtures = {
      // Requirements created without minValues
      {"exists", NewRequirement("key", corev1::kNodeSelectorOpExists)},
      {"doesNotExist", NewRequirement("key", corev1::kNodeSelectorOpDoesNotExist)},
      {"inA", NewRequirement("key", corev1::kNodeSelectorOpIn, {"A"})},
      {"inB", NewRequirement("key", corev1::kNodeSelectorOpIn, {"B"})},
      {"inAB", NewRequirement("key", corev1::kNodeSelectorOpIn, {"A", "B"})},
      {"notInA", NewRequirement("key", corev1::kNodeSelectorOpNotIn, {"A"})},
      {"in1", NewRequirement("key", corev1::kNodeSelectorOpIn, {"1"})},
      {"in9", NewRequirement("key", corev1::kNodeSelectorOpIn, {"9"})},
      {"in19", NewRequirement("key", corev1::kNodeSelectorOpIn, {"1", "9"})},
      {"notIn12", NewRequirement("key", corev1::kNodeSelectorOpNotIn, {"1", "2"})},
      {"greaterThan1", NewRequirement("key", corev1::kNodeSelectorOpGt, {"1"})},
      {"greaterThan9", NewRequirement("key", corev1::kNodeSelectorOpGt, {"9"})},
      {"lessThan1", NewRequirement("key", corev1::kNodeSelectorOpLt, {"1"})},
      {"lessThan9", NewRequirement("key", corev1::kNodeSelectorOpLt, {"9"})},
      // Requirements created with minValues flexibility
      {"existsOperatorWithFlexibility", NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpExists, 1)},
      {"doesNotExistOperatorWithFlexibility",
       NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpDoesNotExist, 1)},
      {"inAOperatorWithFlexibility", NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpIn, 1, {"A"})},
      {"inBOperatorWithFlexibility", NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpIn, 1, {"B"})},
      {"inABOperatorWithFlexibility", NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpIn, 2, {"A", "B"})},
      {"notInAOperatorWithFlexibility", NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpNotIn, 1, {"A"})},
      {"in1OperatorWithFlexibility", NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpIn, 1, {"1"})},
      {"in9OperatorWithFlexibility", NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpIn, 1, {"9"})},
      {"in19OperatorWithFlexibility", NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpIn, 2, {"1", "9"})},
      {"notIn12OperatorWithFlexibility",
       NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpNotIn, 2, {"1", "2"})},
      {"greaterThan1OperatorWithFlexibility",
       NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpGt, 1, {"1"})},
      {"greaterThan9OperatorWithFlexibility",
       NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpGt, 1, {"9"})},
      {"lessThan1OperatorWithFlexibility", NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpLt, 1, {"1"})},
      {"lessThan9OperatorWithFlexibility", NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpLt, 1, {"9"})},
  };
  return fixtures;
}

RequirementPtr Fx(const std::string& name) { return Fixtures().at(name); }

// Upstream's &Requirement{Key: "key", complement, values, gte, lte, minValues} literals. Their
// bounds are written as greaterThan1.gte (2), greaterThan9.gte (10), lessThan1.lte (0) and
// lessThan9.lte (8); here as those numbers.
RequirementPtr Lit(bool complement, StringSet values, std::optional<int64_t> gte, std::optional<int64_t> lte,
                   std::optional<int64_t> minValues) {
  return std::make_shared<Requirement>("key", complement, std::move(values), gte, lte, minValues);
}

struct IntersectCase {
  std::string existing;
  std::string incoming;
  RequirementPtr expected;
};

// The body every intersection DescribeTable shares: equal strings, then equal fields.
void ExpectIntersections(const std::vector<IntersectCase>& cases) {
  for (const IntersectCase& c : cases) {
    SCOPED_TRACE(c.existing + " ∩ " + c.incoming);
    const RequirementPtr actual = Fx(c.existing)->Intersection(*Fx(c.incoming));
    EXPECT_EQ(actual->String(), c.expected->String());
    EXPECT_TRUE(*actual == *c.expected);
  }
}

// Context("NewRequirements") It("should normalize labels")
TEST(KarpenterRequirement, NewRequirementsShouldNormalizeLabels) {
  const std::map<std::string, std::string> nodeSelector = {
      {std::string(corev1::kLabelFailureDomainBetaZone), "test"},
      {std::string(corev1::kLabelFailureDomainBetaRegion), "test"},
      {"beta.kubernetes.io/arch", "test"},
      {"beta.kubernetes.io/os", "test"},
      {std::string(corev1::kLabelInstanceType), "test"},
  };
  std::vector<corev1::NodeSelectorRequirement> requirements;
  for (const auto& [key, value] : nodeSelector) {
    requirements.push_back({key, std::string(corev1::kNodeSelectorOpIn), {value}});
  }
  spreadlab::v1::PodSpec pod;
  pod.nodeSelector = nodeSelector;
  pod.affinity.emplace().nodeAffinity = spreadlab::v1::NodeAffinity{
      spreadlab::v1::NodeSelector{{spreadlab::v1::NodeSelectorTerm{requirements, {}}}},
      {spreadlab::v1::PreferredSchedulingTerm{1, spreadlab::v1::NodeSelectorTerm{requirements, {}}}},
  };
  const std::set<std::string> want = {
      std::string(corev1::kLabelArchStable),         std::string(corev1::kLabelOSStable),
      std::string(corev1::kLabelInstanceTypeStable), std::string(corev1::kLabelTopologyRegion),
      std::string(corev1::kLabelTopologyZone),
  };
  for (const Requirements& r :
       {NewLabelRequirements(nodeSelector), NewNodeSelectorRequirements(requirements), NewPodRequirements(pod)}) {
    EXPECT_EQ(r.Keys(), want);
  }
}

// Context("Intersect requirements") DescribeTable("should intersect two requirements without minValues")
TEST(KarpenterRequirement, IntersectTwoRequirementsWithoutMinValues) {
  ExpectIntersections({
      {"exists", "exists", Fx("exists")},
      {"exists", "doesNotExist", Fx("doesNotExist")},
      {"exists", "inA", Fx("inA")},
      {"exists", "inB", Fx("inB")},
      {"exists", "inAB", Fx("inAB")},
      {"exists", "notInA", Fx("notInA")},
      {"exists", "in1", Fx("in1")},
      {"exists", "in9", Fx("in9")},
      {"exists", "in19", Fx("in19")},
      {"exists", "notIn12", Fx("notIn12")},
      {"exists", "greaterThan1", Fx("greaterThan1")},
      {"exists", "greaterThan9", Fx("greaterThan9")},
      {"exists", "lessThan1", Fx("lessThan1")},
      {"exists", "lessThan9", Fx("lessThan9")},
      {"doesNotExist", "exists", Fx("doesNotExist")},
      {"doesNotExist", "doesNotExist", Fx("doesNotExist")},
      {"doesNotExist", "inA", Fx("doesNotExist")},
      {"doesNotExist", "inB", Fx("doesNotExist")},
      {"doesNotExist", "inAB", Fx("doesNotExist")},
      {"doesNotExist", "notInA", Fx("doesNotExist")},
      {"doesNotExist", "in1", Fx("doesNotExist")},
      {"doesNotExist", "in9", Fx("doesNotExist")},
      {"doesNotExist", "in19", Fx("doesNotExist")},
      {"doesNotExist", "notIn12", Fx("doesNotExist")},
      {"doesNotExist", "greaterThan1", Fx("doesNotExist")},
      {"doesNotExist", "greaterThan9", Fx("doesNotExist")},
      {"doesNotExist", "lessThan1", Fx("doesNotExist")},
      {"doesNotExist", "lessThan9", Fx("doesNotExist")},
      {"inA", "exists", Fx("inA")},
      {"inA", "doesNotExist", Fx("doesNotExist")},
      {"inA", "inA", Fx("inA")},
      {"inA", "inB", Fx("doesNotExist")},
      {"inA", "inAB", Fx("inA")},
      {"inA", "notInA", Fx("doesNotExist")},
      {"inA", "in1", Fx("doesNotExist")},
      {"inA", "in9", Fx("doesNotExist")},
      {"inA", "in19", Fx("doesNotExist")},
      {"inA", "notIn12", Fx("inA")},
      {"inA", "greaterThan1", Fx("doesNotExist")},
      {"inA", "greaterThan9", Fx("doesNotExist")},
      {"inA", "lessThan1", Fx("doesNotExist")},
      {"inA", "lessThan9", Fx("doesNotExist")},
      {"inB", "exists", Fx("inB")},
      {"inB", "doesNotExist", Fx("doesNotExist")},
      {"inB", "inA", Fx("doesNotExist")},
      {"inB", "inB", Fx("inB")},
      {"inB", "inAB", Fx("inB")},
      {"inB", "notInA", Fx("inB")},
      {"inB", "in1", Fx("doesNotExist")},
      {"inB", "in9", Fx("doesNotExist")},
      {"inB", "in19", Fx("doesNotExist")},
      {"inB", "notIn12", Fx("inB")},
      {"inB", "greaterThan1", Fx("doesNotExist")},
      {"inB", "greaterThan9", Fx("doesNotExist")},
      {"inB", "lessThan1", Fx("doesNotExist")},
      {"inB", "lessThan9", Fx("doesNotExist")},
      {"inAB", "exists", Fx("inAB")},
      {"inAB", "doesNotExist", Fx("doesNotExist")},
      {"inAB", "inA", Fx("inA")},
      {"inAB", "inB", Fx("inB")},
      {"inAB", "inAB", Fx("inAB")},
      {"inAB", "notInA", Fx("inB")},
      {"inAB", "in1", Fx("doesNotExist")},
      {"inAB", "in9", Fx("doesNotExist")},
      {"inAB", "in19", Fx("doesNotExist")},
      {"inAB", "notIn12", Fx("inAB")},
      {"inAB", "greaterThan1", Fx("doesNotExist")},
      {"inAB", "greaterThan9", Fx("doesNotExist")},
      {"inAB", "lessThan1", Fx("doesNotExist")},
      {"inAB", "lessThan9", Fx("doesNotExist")},
      {"notInA", "exists", Fx("notInA")},
      {"notInA", "doesNotExist", Fx("doesNotExist")},
      {"notInA", "inA", Fx("doesNotExist")},
      {"notInA", "inB", Fx("inB")},
      {"notInA", "inAB", Fx("inB")},
      {"notInA", "notInA", Fx("notInA")},
      {"notInA", "in1", Fx("in1")},
      {"notInA", "in9", Fx("in9")},
      {"notInA", "in19", Fx("in19")},
      {"notInA", "notIn12", Lit(true, {"A", "1", "2"}, std::nullopt, std::nullopt, std::nullopt)},
      {"notInA", "greaterThan1", Fx("greaterThan1")},
      {"notInA", "greaterThan9", Fx("greaterThan9")},
      {"notInA", "lessThan1", Fx("lessThan1")},
      {"notInA", "lessThan9", Fx("lessThan9")},
      {"in1", "exists", Fx("in1")},
      {"in1", "doesNotExist", Fx("doesNotExist")},
      {"in1", "inA", Fx("doesNotExist")},
      {"in1", "inB", Fx("doesNotExist")},
      {"in1", "inAB", Fx("doesNotExist")},
      {"in1", "notInA", Fx("in1")},
      {"in1", "in1", Fx("in1")},
      {"in1", "in9", Fx("doesNotExist")},
      {"in1", "in19", Fx("in1")},
      {"in1", "notIn12", Fx("doesNotExist")},
      {"in1", "greaterThan1", Fx("doesNotExist")},
      {"in1", "greaterThan9", Fx("doesNotExist")},
      {"in1", "lessThan1", Fx("doesNotExist")},
      {"in1", "lessThan9", Fx("in1")},
      {"in9", "exists", Fx("in9")},
      {"in9", "doesNotExist", Fx("doesNotExist")},
      {"in9", "inA", Fx("doesNotExist")},
      {"in9", "inB", Fx("doesNotExist")},
      {"in9", "inAB", Fx("doesNotExist")},
      {"in9", "notInA", Fx("in9")},
      {"in9", "in1", Fx("doesNotExist")},
      {"in9", "in9", Fx("in9")},
      {"in9", "in19", Fx("in9")},
      {"in9", "notIn12", Fx("in9")},
      {"in9", "greaterThan1", Fx("in9")},
      {"in9", "greaterThan9", Fx("doesNotExist")},
      {"in9", "lessThan1", Fx("doesNotExist")},
      {"in9", "lessThan9", Fx("doesNotExist")},
      {"in19", "exists", Fx("in19")},
      {"in19", "doesNotExist", Fx("doesNotExist")},
      {"in19", "inA", Fx("doesNotExist")},
      {"in19", "inB", Fx("doesNotExist")},
      {"in19", "inAB", Fx("doesNotExist")},
      {"in19", "notInA", Fx("in19")},
      {"in19", "in1", Fx("in1")},
      {"in19", "in9", Fx("in9")},
      {"in19", "in19", Fx("in19")},
      {"in19", "notIn12", Fx("in9")},
      {"in19", "greaterThan1", Fx("in9")},
      {"in19", "greaterThan9", Fx("doesNotExist")},
      {"in19", "lessThan1", Fx("doesNotExist")},
      {"in19", "lessThan9", Fx("in1")},
      {"notIn12", "exists", Fx("notIn12")},
      {"notIn12", "doesNotExist", Fx("doesNotExist")},
      {"notIn12", "inA", Fx("inA")},
      {"notIn12", "inB", Fx("inB")},
      {"notIn12", "inAB", Fx("inAB")},
      {"notIn12", "notInA", Lit(true, {"A", "1", "2"}, std::nullopt, std::nullopt, std::nullopt)},
      {"notIn12", "in1", Fx("doesNotExist")},
      {"notIn12", "in9", Fx("in9")},
      {"notIn12", "in19", Fx("in9")},
      {"notIn12", "notIn12", Fx("notIn12")},
      {"notIn12", "greaterThan1", Lit(true, {"2"}, 2, std::nullopt, std::nullopt)},
      {"notIn12", "greaterThan9", Lit(true, {}, 10, std::nullopt, std::nullopt)},
      {"notIn12", "lessThan1", Lit(true, {}, std::nullopt, 0, std::nullopt)},
      {"notIn12", "lessThan9", Lit(true, {"1", "2"}, std::nullopt, 8, std::nullopt)},
      {"greaterThan1", "exists", Fx("greaterThan1")},
      {"greaterThan1", "doesNotExist", Fx("doesNotExist")},
      {"greaterThan1", "inA", Fx("doesNotExist")},
      {"greaterThan1", "inB", Fx("doesNotExist")},
      {"greaterThan1", "inAB", Fx("doesNotExist")},
      {"greaterThan1", "notInA", Fx("greaterThan1")},
      {"greaterThan1", "in1", Fx("doesNotExist")},
      {"greaterThan1", "in9", Fx("in9")},
      {"greaterThan1", "in19", Fx("in9")},
      {"greaterThan1", "notIn12", Lit(true, {"2"}, 2, std::nullopt, std::nullopt)},
      {"greaterThan1", "greaterThan1", Fx("greaterThan1")},
      {"greaterThan1", "greaterThan9", Fx("greaterThan9")},
      {"greaterThan1", "lessThan1", Fx("doesNotExist")},
      {"greaterThan1", "lessThan9", Lit(true, {}, 2, 8, std::nullopt)},
      {"greaterThan9", "exists", Fx("greaterThan9")},
      {"greaterThan9", "doesNotExist", Fx("doesNotExist")},
      {"greaterThan9", "inA", Fx("doesNotExist")},
      {"greaterThan9", "inB", Fx("doesNotExist")},
      {"greaterThan9", "inAB", Fx("doesNotExist")},
      {"greaterThan9", "notInA", Fx("greaterThan9")},
      {"greaterThan9", "in1", Fx("doesNotExist")},
      {"greaterThan9", "in9", Fx("doesNotExist")},
      {"greaterThan9", "in19", Fx("doesNotExist")},
      {"greaterThan9", "notIn12", Fx("greaterThan9")},
      {"greaterThan9", "greaterThan1", Fx("greaterThan9")},
      {"greaterThan9", "greaterThan9", Fx("greaterThan9")},
      {"greaterThan9", "lessThan1", Fx("doesNotExist")},
      {"greaterThan9", "lessThan9", Fx("doesNotExist")},
      {"lessThan1", "exists", Fx("lessThan1")},
      {"lessThan1", "doesNotExist", Fx("doesNotExist")},
      {"lessThan1", "inA", Fx("doesNotExist")},
      {"lessThan1", "inB", Fx("doesNotExist")},
      {"lessThan1", "inAB", Fx("doesNotExist")},
      {"lessThan1", "notInA", Fx("lessThan1")},
      {"lessThan1", "in1", Fx("doesNotExist")},
      {"lessThan1", "in9", Fx("doesNotExist")},
      {"lessThan1", "in19", Fx("doesNotExist")},
      {"lessThan1", "notIn12", Fx("lessThan1")},
      {"lessThan1", "greaterThan1", Fx("doesNotExist")},
      {"lessThan1", "greaterThan9", Fx("doesNotExist")},
      {"lessThan1", "lessThan1", Fx("lessThan1")},
      {"lessThan1", "lessThan9", Fx("lessThan1")},
      {"lessThan9", "exists", Fx("lessThan9")},
      {"lessThan9", "doesNotExist", Fx("doesNotExist")},
      {"lessThan9", "inA", Fx("doesNotExist")},
      {"lessThan9", "inB", Fx("doesNotExist")},
      {"lessThan9", "inAB", Fx("doesNotExist")},
      {"lessThan9", "notInA", Fx("lessThan9")},
      {"lessThan9", "in1", Fx("in1")},
      {"lessThan9", "in9", Fx("doesNotExist")},
      {"lessThan9", "in19", Fx("in1")},
      {"lessThan9", "notIn12", Lit(true, {"1", "2"}, std::nullopt, 8, std::nullopt)},
      {"lessThan9", "greaterThan1", Lit(true, {}, 2, 8, std::nullopt)},
      {"lessThan9", "greaterThan9", Fx("doesNotExist")},
      {"lessThan9", "lessThan1", Fx("lessThan1")},
      {"lessThan9", "lessThan9", Fx("lessThan9")},
  });
}

// Context("Intersect requirements") DescribeTable("should intersect requirement with minValues with a requirement
// without")
TEST(KarpenterRequirement, IntersectRequirementWithMinValuesWithARequirementWithout) {
  ExpectIntersections({
      {"existsOperatorWithFlexibility", "exists", Fx("existsOperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "doesNotExist", Fx("doesNotExistOperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "inA", Fx("inAOperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "inB", Fx("inBOperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "inAB", Lit(false, {"A", "B"}, std::nullopt, std::nullopt, 1)},
      {"existsOperatorWithFlexibility", "notInA", Fx("notInAOperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "in1", Fx("in1OperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "in9", Fx("in9OperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "in19", Lit(false, {"1", "9"}, std::nullopt, std::nullopt, 1)},
      {"existsOperatorWithFlexibility", "notIn12", Lit(true, {"1", "2"}, std::nullopt, std::nullopt, 1)},
      {"existsOperatorWithFlexibility", "greaterThan1", Fx("greaterThan1OperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "greaterThan9", Fx("greaterThan9OperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "lessThan1", Fx("lessThan1OperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "lessThan9", Fx("lessThan9OperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "exists", Fx("existsOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "exists", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "doesNotExist", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "inA", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "inB", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "inAB", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "notInA", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "in1", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "in9", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "in19", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "notIn12", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "greaterThan1", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "greaterThan9", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "lessThan1", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "lessThan9", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "exists", Fx("inAOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "doesNotExist", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "inA", Fx("inAOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "inB", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "inAB", Fx("inAOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "notInA", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "in1", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "in9", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "in19", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "notIn12", Fx("inAOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "greaterThan1", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "greaterThan9", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "lessThan1", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "lessThan9", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "exists", Fx("inBOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "doesNotExist", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "inA", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "inB", Fx("inBOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "inAB", Fx("inBOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "notInA", Fx("inBOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "in1", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "in9", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "in19", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "notIn12", Fx("inBOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "greaterThan1", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "greaterThan9", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "lessThan1", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "lessThan9", Fx("doesNotExistOperatorWithFlexibility")},
      {"inABOperatorWithFlexibility", "exists", Fx("inABOperatorWithFlexibility")},
      {"inABOperatorWithFlexibility", "doesNotExist", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "inA", Lit(false, {"A"}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "inB", Lit(false, {"B"}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "inAB", Fx("inABOperatorWithFlexibility")},
      {"inABOperatorWithFlexibility", "notInA", Lit(false, {"B"}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "in1", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "in9", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "in19", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "notIn12", Lit(false, {"A", "B"}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "greaterThan1", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "greaterThan9", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "lessThan1", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "lessThan9", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"notInAOperatorWithFlexibility", "exists", Fx("notInAOperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "doesNotExist", Fx("doesNotExistOperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "inA", Fx("doesNotExistOperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "inB", Fx("inBOperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "inAB", Fx("inBOperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "notInA", Fx("notInAOperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "in1", Fx("in1OperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "in9", Fx("in9OperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "in19", Lit(false, {"1", "9"}, std::nullopt, std::nullopt, 1)},
      {"notInAOperatorWithFlexibility", "notIn12", Lit(true, {"A", "1", "2"}, std::nullopt, std::nullopt, 1)},
      {"notInAOperatorWithFlexibility", "greaterThan1", Fx("greaterThan1OperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "greaterThan9", Fx("greaterThan9OperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "lessThan1", Fx("lessThan1OperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "lessThan9", Fx("lessThan9OperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "exists", Fx("in1OperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "doesNotExist", Fx("doesNotExistOperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "inA", Fx("doesNotExistOperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "inB", Fx("doesNotExistOperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "inAB", Fx("doesNotExistOperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "notInA", Fx("in1OperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "in1", Fx("in1OperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "in9", Fx("doesNotExistOperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "in19", Fx("in1OperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "notIn12", Fx("doesNotExistOperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "greaterThan1", Fx("doesNotExistOperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "greaterThan9", Fx("doesNotExistOperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "lessThan1", Fx("doesNotExistOperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "lessThan9", Fx("in1OperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "exists", Fx("in9OperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "doesNotExist", Fx("doesNotExistOperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "inA", Fx("doesNotExistOperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "inB", Fx("doesNotExistOperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "inAB", Fx("doesNotExistOperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "notInA", Fx("in9OperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "in1", Fx("doesNotExistOperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "in9", Fx("in9OperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "in19", Fx("in9OperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "notIn12", Fx("in9OperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "greaterThan1", Fx("in9OperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "greaterThan9", Fx("doesNotExistOperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "lessThan1", Fx("doesNotExistOperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "lessThan9", Fx("doesNotExistOperatorWithFlexibility")},
      {"in19OperatorWithFlexibility", "exists", Fx("in19OperatorWithFlexibility")},
      {"in19OperatorWithFlexibility", "doesNotExist", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "inA", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "inB", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "inAB", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "notInA", Lit(false, {"1", "9"}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "in1", Lit(false, {"1"}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "in9", Lit(false, {"9"}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "in19", Fx("in19OperatorWithFlexibility")},
      {"in19OperatorWithFlexibility", "notIn12", Lit(false, {"9"}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "greaterThan1", Lit(false, {"9"}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "greaterThan9", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "lessThan1", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "lessThan9", Lit(false, {"1"}, std::nullopt, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "exists", Fx("notIn12OperatorWithFlexibility")},
      {"notIn12OperatorWithFlexibility", "doesNotExist", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "inA", Lit(false, {"A"}, std::nullopt, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "inB", Lit(false, {"B"}, std::nullopt, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "inAB", Fx("inABOperatorWithFlexibility")},
      {"notIn12OperatorWithFlexibility", "notInA", Lit(true, {"A", "1", "2"}, std::nullopt, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "in1", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "in9", Lit(false, {"9"}, std::nullopt, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "in19", Lit(false, {"9"}, std::nullopt, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "notIn12", Fx("notIn12OperatorWithFlexibility")},
      {"notIn12OperatorWithFlexibility", "greaterThan1", Lit(true, {"2"}, 2, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "greaterThan9", Lit(true, {}, 10, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "lessThan1", Lit(true, {}, std::nullopt, 0, 2)},
      {"notIn12OperatorWithFlexibility", "lessThan9", Lit(true, {"1", "2"}, std::nullopt, 8, 2)},
      {"greaterThan1OperatorWithFlexibility", "exists", Fx("greaterThan1OperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "doesNotExist", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "inA", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "inB", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "inAB", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "notInA", Fx("greaterThan1OperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "in1", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "in9", Fx("in9OperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "in19", Fx("in9OperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "notIn12", Lit(true, {"2"}, 2, std::nullopt, 1)},
      {"greaterThan1OperatorWithFlexibility", "greaterThan1", Fx("greaterThan1OperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "greaterThan9", Fx("greaterThan9OperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "lessThan1", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "lessThan9", Lit(true, {}, 2, 8, 1)},
      {"greaterThan9OperatorWithFlexibility", "exists", Fx("greaterThan9OperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "doesNotExist", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "inA", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "inB", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "inAB", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "notInA", Fx("greaterThan9OperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "in1", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "in9", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "in19", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "notIn12", Fx("greaterThan9OperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "greaterThan1", Fx("greaterThan9OperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "greaterThan9", Fx("greaterThan9OperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "lessThan1", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "lessThan9", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "exists", Fx("lessThan1OperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "doesNotExist", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "inA", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "inB", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "inAB", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "notInA", Fx("lessThan1OperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "in1", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "in9", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "in19", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "notIn12", Fx("lessThan1OperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "greaterThan1", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "greaterThan9", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "lessThan1", Fx("lessThan1OperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "lessThan9", Fx("lessThan1OperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "exists", Fx("lessThan9OperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "doesNotExist", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "inA", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "inB", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "inAB", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "notInA", Fx("lessThan9OperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "in1", Fx("in1OperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "in9", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "in19", Fx("in1OperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "notIn12", Lit(true, {"1", "2"}, std::nullopt, 8, 1)},
      {"lessThan9OperatorWithFlexibility", "greaterThan1", Lit(true, {}, 2, 8, 1)},
      {"lessThan9OperatorWithFlexibility", "greaterThan9", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "lessThan1", Fx("lessThan1OperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "lessThan9", Fx("lessThan9OperatorWithFlexibility")},
  });
}

// Context("Intersect requirements") DescribeTable("should intersect two requirements with minValues")
TEST(KarpenterRequirement, IntersectTwoRequirementsWithMinValues) {
  ExpectIntersections({
      {"existsOperatorWithFlexibility", "existsOperatorWithFlexibility", Fx("existsOperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "doesNotExistOperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "inAOperatorWithFlexibility", Fx("inAOperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "inBOperatorWithFlexibility", Fx("inBOperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "inABOperatorWithFlexibility",
       Lit(false, {"A", "B"}, std::nullopt, std::nullopt, 2)},
      {"existsOperatorWithFlexibility", "notInAOperatorWithFlexibility", Fx("notInAOperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "in1OperatorWithFlexibility", Fx("in1OperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "in9OperatorWithFlexibility", Fx("in9OperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "in19OperatorWithFlexibility",
       Lit(false, {"1", "9"}, std::nullopt, std::nullopt, 2)},
      {"existsOperatorWithFlexibility", "notIn12OperatorWithFlexibility",
       Lit(true, {"1", "2"}, std::nullopt, std::nullopt, 2)},
      {"existsOperatorWithFlexibility", "greaterThan1OperatorWithFlexibility",
       Fx("greaterThan1OperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "greaterThan9OperatorWithFlexibility",
       Fx("greaterThan9OperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "lessThan1OperatorWithFlexibility", Fx("lessThan1OperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "lessThan9OperatorWithFlexibility", Fx("lessThan9OperatorWithFlexibility")},
      {"existsOperatorWithFlexibility", "existsOperatorWithFlexibility", Fx("existsOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "existsOperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "doesNotExistOperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "inAOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "inBOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "inABOperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"doesNotExistOperatorWithFlexibility", "notInAOperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "in1OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "in9OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "in19OperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"doesNotExistOperatorWithFlexibility", "notIn12OperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"doesNotExistOperatorWithFlexibility", "greaterThan1OperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "greaterThan9OperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "lessThan1OperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"doesNotExistOperatorWithFlexibility", "lessThan9OperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "existsOperatorWithFlexibility", Fx("inAOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "doesNotExistOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "inAOperatorWithFlexibility", Fx("inAOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "inBOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "inABOperatorWithFlexibility", Lit(false, {"A"}, std::nullopt, std::nullopt, 2)},
      {"inAOperatorWithFlexibility", "notInAOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "in1OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "in9OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "in19OperatorWithFlexibility", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"inAOperatorWithFlexibility", "notIn12OperatorWithFlexibility",
       Lit(false, {"A"}, std::nullopt, std::nullopt, 2)},
      {"inAOperatorWithFlexibility", "greaterThan1OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "greaterThan9OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "lessThan1OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inAOperatorWithFlexibility", "lessThan9OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "existsOperatorWithFlexibility", Fx("inBOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "doesNotExistOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "inAOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "inBOperatorWithFlexibility", Fx("inBOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "inABOperatorWithFlexibility", Lit(false, {"B"}, std::nullopt, std::nullopt, 2)},
      {"inBOperatorWithFlexibility", "notInAOperatorWithFlexibility", Fx("inBOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "in1OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "in9OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "in19OperatorWithFlexibility", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"inBOperatorWithFlexibility", "notIn12OperatorWithFlexibility",
       Lit(false, {"B"}, std::nullopt, std::nullopt, 2)},
      {"inBOperatorWithFlexibility", "greaterThan1OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "greaterThan9OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "lessThan1OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inBOperatorWithFlexibility", "lessThan9OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"inABOperatorWithFlexibility", "existsOperatorWithFlexibility", Fx("inABOperatorWithFlexibility")},
      {"inABOperatorWithFlexibility", "doesNotExistOperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "inAOperatorWithFlexibility", Lit(false, {"A"}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "inBOperatorWithFlexibility", Lit(false, {"B"}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "inABOperatorWithFlexibility", Fx("inABOperatorWithFlexibility")},
      {"inABOperatorWithFlexibility", "notInAOperatorWithFlexibility",
       Lit(false, {"B"}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "in1OperatorWithFlexibility", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "in9OperatorWithFlexibility", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "in19OperatorWithFlexibility", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "notIn12OperatorWithFlexibility",
       Lit(false, {"A", "B"}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "greaterThan1OperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "greaterThan9OperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "lessThan1OperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"inABOperatorWithFlexibility", "lessThan9OperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"notInAOperatorWithFlexibility", "existsOperatorWithFlexibility", Fx("notInAOperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "doesNotExistOperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "inAOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "inBOperatorWithFlexibility", Fx("inBOperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "inABOperatorWithFlexibility",
       Lit(false, {"B"}, std::nullopt, std::nullopt, 2)},
      {"notInAOperatorWithFlexibility", "notInAOperatorWithFlexibility", Fx("notInAOperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "in1OperatorWithFlexibility", Fx("in1OperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "in9OperatorWithFlexibility", Fx("in9OperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "in19OperatorWithFlexibility",
       Lit(false, {"1", "9"}, std::nullopt, std::nullopt, 2)},
      {"notInAOperatorWithFlexibility", "notIn12OperatorWithFlexibility",
       Lit(true, {"A", "1", "2"}, std::nullopt, std::nullopt, 2)},
      {"notInAOperatorWithFlexibility", "greaterThan1OperatorWithFlexibility",
       Fx("greaterThan1OperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "greaterThan9OperatorWithFlexibility",
       Fx("greaterThan9OperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "lessThan1OperatorWithFlexibility", Fx("lessThan1OperatorWithFlexibility")},
      {"notInAOperatorWithFlexibility", "lessThan9OperatorWithFlexibility", Fx("lessThan9OperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "existsOperatorWithFlexibility", Fx("in1OperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "doesNotExistOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "inAOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "inBOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "inABOperatorWithFlexibility", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"in1OperatorWithFlexibility", "notInAOperatorWithFlexibility", Fx("in1OperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "in1OperatorWithFlexibility", Fx("in1OperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "in9OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "in19OperatorWithFlexibility", Lit(false, {"1"}, std::nullopt, std::nullopt, 2)},
      {"in1OperatorWithFlexibility", "notIn12OperatorWithFlexibility", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"in1OperatorWithFlexibility", "greaterThan1OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "greaterThan9OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "lessThan1OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"in1OperatorWithFlexibility", "lessThan9OperatorWithFlexibility", Fx("in1OperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "existsOperatorWithFlexibility", Fx("in9OperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "doesNotExistOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "inAOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "inBOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "inABOperatorWithFlexibility", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"in9OperatorWithFlexibility", "notInAOperatorWithFlexibility", Fx("in9OperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "in1OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "in9OperatorWithFlexibility", Fx("in9OperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "in19OperatorWithFlexibility", Lit(false, {"9"}, std::nullopt, std::nullopt, 2)},
      {"in9OperatorWithFlexibility", "notIn12OperatorWithFlexibility",
       Lit(false, {"9"}, std::nullopt, std::nullopt, 2)},
      {"in9OperatorWithFlexibility", "greaterThan1OperatorWithFlexibility", Fx("in9OperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "greaterThan9OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "lessThan1OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"in9OperatorWithFlexibility", "lessThan9OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"in19OperatorWithFlexibility", "existsOperatorWithFlexibility", Fx("in19OperatorWithFlexibility")},
      {"in19OperatorWithFlexibility", "doesNotExistOperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "inAOperatorWithFlexibility", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "inBOperatorWithFlexibility", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "inABOperatorWithFlexibility", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "notInAOperatorWithFlexibility",
       Lit(false, {"1", "9"}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "in1OperatorWithFlexibility", Lit(false, {"1"}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "in9OperatorWithFlexibility", Lit(false, {"9"}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "in19OperatorWithFlexibility", Fx("in19OperatorWithFlexibility")},
      {"in19OperatorWithFlexibility", "notIn12OperatorWithFlexibility",
       Lit(false, {"9"}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "greaterThan1OperatorWithFlexibility",
       Lit(false, {"9"}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "greaterThan9OperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "lessThan1OperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"in19OperatorWithFlexibility", "lessThan9OperatorWithFlexibility",
       Lit(false, {"1"}, std::nullopt, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "existsOperatorWithFlexibility", Fx("notIn12OperatorWithFlexibility")},
      {"notIn12OperatorWithFlexibility", "doesNotExistOperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "inAOperatorWithFlexibility",
       Lit(false, {"A"}, std::nullopt, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "inBOperatorWithFlexibility",
       Lit(false, {"B"}, std::nullopt, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "inABOperatorWithFlexibility", Fx("inABOperatorWithFlexibility")},
      {"notIn12OperatorWithFlexibility", "notInAOperatorWithFlexibility",
       Lit(true, {"A", "1", "2"}, std::nullopt, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "in1OperatorWithFlexibility", Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "in9OperatorWithFlexibility",
       Lit(false, {"9"}, std::nullopt, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "in19OperatorWithFlexibility",
       Lit(false, {"9"}, std::nullopt, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "notIn12OperatorWithFlexibility", Fx("notIn12OperatorWithFlexibility")},
      {"notIn12OperatorWithFlexibility", "greaterThan1OperatorWithFlexibility", Lit(true, {"2"}, 2, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "greaterThan9OperatorWithFlexibility", Lit(true, {}, 10, std::nullopt, 2)},
      {"notIn12OperatorWithFlexibility", "lessThan1OperatorWithFlexibility", Lit(true, {}, std::nullopt, 0, 2)},
      {"notIn12OperatorWithFlexibility", "lessThan9OperatorWithFlexibility", Lit(true, {"1", "2"}, std::nullopt, 8, 2)},
      {"greaterThan1OperatorWithFlexibility", "existsOperatorWithFlexibility",
       Fx("greaterThan1OperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "doesNotExistOperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "inAOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "inBOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "inABOperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"greaterThan1OperatorWithFlexibility", "notInAOperatorWithFlexibility",
       Fx("greaterThan1OperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "in1OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "in9OperatorWithFlexibility", Fx("in9OperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "in19OperatorWithFlexibility",
       Lit(false, {"9"}, std::nullopt, std::nullopt, 2)},
      {"greaterThan1OperatorWithFlexibility", "notIn12OperatorWithFlexibility", Lit(true, {"2"}, 2, std::nullopt, 2)},
      {"greaterThan1OperatorWithFlexibility", "greaterThan1OperatorWithFlexibility",
       Fx("greaterThan1OperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "greaterThan9OperatorWithFlexibility",
       Fx("greaterThan9OperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "lessThan1OperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan1OperatorWithFlexibility", "lessThan9OperatorWithFlexibility", Lit(true, {}, 2, 8, 1)},
      {"greaterThan9OperatorWithFlexibility", "existsOperatorWithFlexibility",
       Fx("greaterThan9OperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "doesNotExistOperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "inAOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "inBOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "inABOperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"greaterThan9OperatorWithFlexibility", "notInAOperatorWithFlexibility",
       Fx("greaterThan9OperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "in1OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "in9OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "in19OperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"greaterThan9OperatorWithFlexibility", "notIn12OperatorWithFlexibility", Lit(true, {}, 10, std::nullopt, 2)},
      {"greaterThan9OperatorWithFlexibility", "greaterThan1OperatorWithFlexibility",
       Fx("greaterThan9OperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "greaterThan9OperatorWithFlexibility",
       Fx("greaterThan9OperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "lessThan1OperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"greaterThan9OperatorWithFlexibility", "lessThan9OperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "existsOperatorWithFlexibility", Fx("lessThan1OperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "doesNotExistOperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "inAOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "inBOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "inABOperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"lessThan1OperatorWithFlexibility", "notInAOperatorWithFlexibility", Fx("lessThan1OperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "in1OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "in9OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "in19OperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"lessThan1OperatorWithFlexibility", "notIn12OperatorWithFlexibility", Lit(true, {}, std::nullopt, 0, 2)},
      {"lessThan1OperatorWithFlexibility", "greaterThan1OperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "greaterThan9OperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "lessThan1OperatorWithFlexibility", Fx("lessThan1OperatorWithFlexibility")},
      {"lessThan1OperatorWithFlexibility", "lessThan9OperatorWithFlexibility", Fx("lessThan1OperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "existsOperatorWithFlexibility", Fx("lessThan9OperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "doesNotExistOperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "inAOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "inBOperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "inABOperatorWithFlexibility",
       Lit(false, {}, std::nullopt, std::nullopt, 2)},
      {"lessThan9OperatorWithFlexibility", "notInAOperatorWithFlexibility", Fx("lessThan9OperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "in1OperatorWithFlexibility", Fx("in1OperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "in9OperatorWithFlexibility", Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "in19OperatorWithFlexibility",
       Lit(false, {"1"}, std::nullopt, std::nullopt, 2)},
      {"lessThan9OperatorWithFlexibility", "notIn12OperatorWithFlexibility", Lit(true, {"1", "2"}, std::nullopt, 8, 2)},
      {"lessThan9OperatorWithFlexibility", "greaterThan1OperatorWithFlexibility", Lit(true, {}, 2, 8, 1)},
      {"lessThan9OperatorWithFlexibility", "greaterThan9OperatorWithFlexibility",
       Fx("doesNotExistOperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "lessThan1OperatorWithFlexibility", Fx("lessThan1OperatorWithFlexibility")},
      {"lessThan9OperatorWithFlexibility", "lessThan9OperatorWithFlexibility", Fx("lessThan9OperatorWithFlexibility")},
  });
}

// Context("Has") DescribeTable("should have the right values")
TEST(KarpenterRequirement, HasShouldHaveTheRightValues) {
  struct Case {
    std::string requirement;
    std::string value;
    bool expected;
  };
  const std::vector<Case> cases = {
      {"exists", "A", true},        {"doesNotExist", "A", false}, {"inA", "A", true},
      {"inB", "A", false},          {"inAB", "A", true},          {"notInA", "A", false},
      {"in1", "A", false},          {"in9", "A", false},          {"in19", "A", false},
      {"notIn12", "A", true},       {"greaterThan1", "A", false}, {"greaterThan9", "A", false},
      {"lessThan1", "A", false},    {"lessThan9", "A", false},    {"exists", "B", true},
      {"doesNotExist", "B", false}, {"inA", "B", false},          {"inB", "B", true},
      {"inAB", "B", true},          {"notInA", "B", true},        {"in1", "B", false},
      {"in9", "B", false},          {"in19", "B", false},         {"notIn12", "B", true},
      {"greaterThan1", "B", false}, {"greaterThan9", "B", false}, {"lessThan1", "B", false},
      {"lessThan9", "B", false},    {"exists", "1", true},        {"doesNotExist", "1", false},
      {"inA", "1", false},          {"inB", "1", false},          {"inAB", "1", false},
      {"notInA", "1", true},        {"in1", "1", true},           {"in9", "1", false},
      {"in19", "1", true},          {"notIn12", "1", false},      {"greaterThan1", "1", false},
      {"greaterThan9", "1", false}, {"lessThan1", "1", false},    {"lessThan9", "1", true},
      {"exists", "2", true},        {"doesNotExist", "2", false}, {"inA", "2", false},
      {"inB", "2", false},          {"inAB", "2", false},         {"notInA", "2", true},
      {"in1", "2", false},          {"in9", "2", false},          {"in19", "2", false},
      {"notIn12", "2", false},      {"greaterThan1", "2", true},  {"greaterThan9", "2", false},
      {"lessThan1", "2", false},    {"lessThan9", "2", true},     {"exists", "9", true},
      {"doesNotExist", "9", false}, {"inA", "9", false},          {"inB", "9", false},
      {"inAB", "9", false},         {"notInA", "9", true},        {"in1", "9", false},
      {"in9", "9", true},           {"in19", "9", true},          {"notIn12", "9", true},
      {"greaterThan1", "9", true},  {"greaterThan9", "9", false}, {"lessThan1", "9", false},
      {"lessThan9", "9", false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.requirement + " has " + c.value);
    EXPECT_EQ(Fx(c.requirement)->Has(c.value), c.expected);
  }
}

// Context("Operator") DescribeTable("should return the right operator")
TEST(KarpenterRequirement, OperatorShouldReturnTheRightOperator) {
  struct Case {
    std::string requirement;
    std::string_view expected;
  };
  const std::vector<Case> cases = {
      {"exists", corev1::kNodeSelectorOpExists},
      {"doesNotExist", corev1::kNodeSelectorOpDoesNotExist},
      {"inA", corev1::kNodeSelectorOpIn},
      {"inB", corev1::kNodeSelectorOpIn},
      {"inAB", corev1::kNodeSelectorOpIn},
      {"notInA", corev1::kNodeSelectorOpNotIn},
      {"in1", corev1::kNodeSelectorOpIn},
      {"in9", corev1::kNodeSelectorOpIn},
      {"in19", corev1::kNodeSelectorOpIn},
      {"notIn12", corev1::kNodeSelectorOpNotIn},
      {"greaterThan1", corev1::kNodeSelectorOpExists},
      {"greaterThan9", corev1::kNodeSelectorOpExists},
      {"lessThan1", corev1::kNodeSelectorOpExists},
      {"lessThan9", corev1::kNodeSelectorOpExists},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.requirement);
    EXPECT_EQ(Fx(c.requirement)->Operator(), c.expected);
  }
}

// Context("Len") DescribeTable("should have the correct length")
TEST(KarpenterRequirement, LenShouldHaveTheCorrectLength) {
  struct Case {
    std::string requirement;
    int64_t expected;
  };
  const std::vector<Case> cases = {
      {"exists", kMaxInt64},
      {"doesNotExist", 0},
      {"inA", 1},
      {"inB", 1},
      {"inAB", 2},
      {"notInA", kMaxInt64 - 1},
      {"in1", 1},
      {"in9", 1},
      {"in19", 2},
      {"notIn12", kMaxInt64 - 2},
      {"greaterThan1", kMaxInt64},
      {"greaterThan9", kMaxInt64},
      {"lessThan1", kMaxInt64},
      {"lessThan9", kMaxInt64},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.requirement);
    EXPECT_EQ(Fx(c.requirement)->Len(), c.expected);
  }
}

int64_t AnyInt(const RequirementPtr& r, std::mt19937& rng) { return std::stoll(r->Any(rng)); }

// Context("Any") It("should return any"). Upstream draws from math/rand's global source and
// checks only properties of the draw; here each check runs over many draws of a seeded source.
TEST(KarpenterRequirement, AnyShouldReturnAny) {
  std::mt19937 rng(1);
  for (int draw = 0; draw < 200; draw++) {
    EXPECT_FALSE(Fx("exists")->Any(rng).empty());
    EXPECT_TRUE(Fx("doesNotExist")->Any(rng).empty());
    EXPECT_EQ(Fx("inA")->Any(rng), "A");
    EXPECT_EQ(Fx("inB")->Any(rng), "B");
    const std::string ab = Fx("inAB")->Any(rng);
    EXPECT_TRUE(ab == "A" || ab == "B") << ab;
    const std::string notA = Fx("notInA")->Any(rng);
    EXPECT_TRUE(!notA.empty() && notA != "A") << notA;
    EXPECT_EQ(Fx("in1")->Any(rng), "1");
    EXPECT_EQ(Fx("in9")->Any(rng), "9");
    const std::string v19 = Fx("in19")->Any(rng);
    EXPECT_TRUE(v19 == "1" || v19 == "9") << v19;
    const std::string not12 = Fx("notIn12")->Any(rng);
    EXPECT_TRUE(!not12.empty() && not12 != "1" && not12 != "2") << not12;
    EXPECT_GE(AnyInt(Fx("greaterThan1"), rng), 1);
    const int64_t gt9 = AnyInt(Fx("greaterThan9"), rng);
    EXPECT_TRUE(gt9 >= 9 && gt9 < kMaxInt64) << gt9;
    EXPECT_EQ(Fx("lessThan1")->Any(rng), "0");
    const int64_t lt9 = AnyInt(Fx("lessThan9"), rng);
    EXPECT_TRUE(lt9 >= 0 && lt9 < 9) << lt9;
  }
}

// Context("String") DescribeTable("should print the right string")
TEST(KarpenterRequirement, StringShouldPrintTheRightString) {
  struct Case {
    std::string name;
    RequirementPtr requirement;
    std::string expected;
  };
  const std::vector<Case> cases = {
      {"exists", Fx("exists"), "key Exists"},
      {"doesNotExist", Fx("doesNotExist"), "key DoesNotExist"},
      {"inA", Fx("inA"), "key In [A]"},
      {"inB", Fx("inB"), "key In [B]"},
      {"inAB", Fx("inAB"), "key In [A B]"},
      {"notInA", Fx("notInA"), "key NotIn [A]"},
      {"in1", Fx("in1"), "key In [1]"},
      {"in9", Fx("in9"), "key In [9]"},
      {"in19", Fx("in19"), "key In [1 9]"},
      {"notIn12", Fx("notIn12"), "key NotIn [1 2]"},
      {"greaterThan1", Fx("greaterThan1"), "key Exists >=2"},
      {"greaterThan9", Fx("greaterThan9"), "key Exists >=10"},
      {"lessThan1", Fx("lessThan1"), "key Exists <=0"},
      {"lessThan9", Fx("lessThan9"), "key Exists <=8"},
      {"greaterThan1.Intersection(lessThan9)", Fx("greaterThan1")->Intersection(*Fx("lessThan9")),
       "key Exists >=2 <=8"},
      {"greaterThan9.Intersection(lessThan1)", Fx("greaterThan9")->Intersection(*Fx("lessThan1")), "key DoesNotExist"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(c.requirement->String(), c.expected);
  }
}

// Context("NodeSelectorRequirements Conversion") DescribeTable("should return the expected NodeSelectorRequirement")
TEST(KarpenterRequirement, NodeSelectorRequirementsConversion) {
  struct Case {
    std::string requirement;
    v1::NodeSelectorRequirementWithMinValues expected;
  };
  const std::vector<Case> cases = {
      {"exists", {"key", std::string(corev1::kNodeSelectorOpExists), {}, std::nullopt}},
      {"doesNotExist", {"key", std::string(corev1::kNodeSelectorOpDoesNotExist), {}, std::nullopt}},
      {"inA", {"key", std::string(corev1::kNodeSelectorOpIn), {"A"}, std::nullopt}},
      {"inB", {"key", std::string(corev1::kNodeSelectorOpIn), {"B"}, std::nullopt}},
      {"inAB", {"key", std::string(corev1::kNodeSelectorOpIn), {"A", "B"}, std::nullopt}},
      {"notInA", {"key", std::string(corev1::kNodeSelectorOpNotIn), {"A"}, std::nullopt}},
      {"in1", {"key", std::string(corev1::kNodeSelectorOpIn), {"1"}, std::nullopt}},
      {"in9", {"key", std::string(corev1::kNodeSelectorOpIn), {"9"}, std::nullopt}},
      {"in19", {"key", std::string(corev1::kNodeSelectorOpIn), {"1", "9"}, std::nullopt}},
      {"notIn12", {"key", std::string(corev1::kNodeSelectorOpNotIn), {"1", "2"}, std::nullopt}},
      {"greaterThan1", {"key", std::string(v1::kNodeSelectorOpGte), {"2"}, std::nullopt}},
      {"greaterThan9", {"key", std::string(v1::kNodeSelectorOpGte), {"10"}, std::nullopt}},
      {"lessThan1", {"key", std::string(v1::kNodeSelectorOpLte), {"0"}, std::nullopt}},
      {"lessThan9", {"key", std::string(v1::kNodeSelectorOpLte), {"8"}, std::nullopt}},
      {"existsOperatorWithFlexibility", {"key", std::string(corev1::kNodeSelectorOpExists), {}, 1}},
      {"doesNotExistOperatorWithFlexibility", {"key", std::string(corev1::kNodeSelectorOpDoesNotExist), {}, 1}},
      {"inAOperatorWithFlexibility", {"key", std::string(corev1::kNodeSelectorOpIn), {"A"}, 1}},
      {"inBOperatorWithFlexibility", {"key", std::string(corev1::kNodeSelectorOpIn), {"B"}, 1}},
      {"inABOperatorWithFlexibility", {"key", std::string(corev1::kNodeSelectorOpIn), {"A", "B"}, 2}},
      {"notInAOperatorWithFlexibility", {"key", std::string(corev1::kNodeSelectorOpNotIn), {"A"}, 1}},
      {"in1OperatorWithFlexibility", {"key", std::string(corev1::kNodeSelectorOpIn), {"1"}, 1}},
      {"in9OperatorWithFlexibility", {"key", std::string(corev1::kNodeSelectorOpIn), {"9"}, 1}},
      {"in19OperatorWithFlexibility", {"key", std::string(corev1::kNodeSelectorOpIn), {"1", "9"}, 2}},
      {"notIn12OperatorWithFlexibility", {"key", std::string(corev1::kNodeSelectorOpNotIn), {"1", "2"}, 2}},
      {"greaterThan1OperatorWithFlexibility", {"key", std::string(v1::kNodeSelectorOpGte), {"2"}, 1}},
      {"greaterThan9OperatorWithFlexibility", {"key", std::string(v1::kNodeSelectorOpGte), {"10"}, 1}},
      {"lessThan1OperatorWithFlexibility", {"key", std::string(v1::kNodeSelectorOpLte), {"0"}, 1}},
      {"lessThan9OperatorWithFlexibility", {"key", std::string(v1::kNodeSelectorOpLte), {"8"}, 1}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.requirement);
    EXPECT_EQ(Fx(c.requirement)->NodeSelectorRequirement(), c.expected);
  }
}

// Context("Gte and Lte Operators")
// Gte 2 should be equivalent to Gt 1 (value >= 2 means value > 1)
RequirementPtr Gte2() { return NewRequirementWithFlexibility("key", v1::kNodeSelectorOpGte, std::nullopt, {"2"}); }
// Lte 8 should be equivalent to Lt 9 (value <= 8 means value < 9)
RequirementPtr Lte8() { return NewRequirementWithFlexibility("key", v1::kNodeSelectorOpLte, std::nullopt, {"8"}); }

// It("should treat Gte as inclusive lower bound")
TEST(KarpenterRequirementGteLte, ShouldTreatGteAsInclusiveLowerBound) {
  const RequirementPtr gte2 = Gte2();
  EXPECT_TRUE(gte2->Has("2"));
  EXPECT_TRUE(gte2->Has("3"));
  EXPECT_TRUE(gte2->Has("100"));
  EXPECT_FALSE(gte2->Has("1"));
  EXPECT_FALSE(gte2->Has("0"));
}

// It("should treat Lte as inclusive upper bound")
TEST(KarpenterRequirementGteLte, ShouldTreatLteAsInclusiveUpperBound) {
  const RequirementPtr lte8 = Lte8();
  EXPECT_TRUE(lte8->Has("8"));
  EXPECT_TRUE(lte8->Has("7"));
  EXPECT_TRUE(lte8->Has("0"));
  EXPECT_FALSE(lte8->Has("9"));
  EXPECT_FALSE(lte8->Has("10"));
}

// It("should intersect Gte and Lte correctly")
TEST(KarpenterRequirementGteLte, ShouldIntersectGteAndLteCorrectly) {
  const RequirementPtr intersection = Gte2()->Intersection(*Lte8());
  EXPECT_TRUE(intersection->Has("2"));
  EXPECT_TRUE(intersection->Has("5"));
  EXPECT_TRUE(intersection->Has("8"));
  EXPECT_FALSE(intersection->Has("1"));
  EXPECT_FALSE(intersection->Has("9"));
}

// It("should be equivalent to adjusted Gt/Lt")
TEST(KarpenterRequirementGteLte, ShouldBeEquivalentToAdjustedGtLt) {
  const RequirementPtr gt1 = NewRequirement("key", corev1::kNodeSelectorOpGt, {"1"});
  EXPECT_EQ(Gte2()->Has("2"), gt1->Has("2"));
  EXPECT_EQ(Gte2()->Has("1"), gt1->Has("1"));
  const RequirementPtr lt9 = NewRequirement("key", corev1::kNodeSelectorOpLt, {"9"});
  EXPECT_EQ(Lte8()->Has("8"), lt9->Has("8"));
  EXPECT_EQ(Lte8()->Has("9"), lt9->Has("9"));
}

// It("should collapse redundant bounds in intersection")
TEST(KarpenterRequirementGteLte, ShouldCollapseRedundantBoundsInIntersection) {
  // Gt 4 AND Gte 5: both mean >= 5; Gte 5 is kept since 5 > 4
  const RequirementPtr gt4 = NewRequirement("key", corev1::kNodeSelectorOpGt, {"4"});
  const RequirementPtr gte5 = NewRequirementWithFlexibility("key", v1::kNodeSelectorOpGte, std::nullopt, {"5"});
  const RequirementPtr intersection = gt4->Intersection(*gte5);
  EXPECT_TRUE(intersection->Has("5"));
  EXPECT_FALSE(intersection->Has("4"));
  const auto req = intersection->NodeSelectorRequirement();
  EXPECT_EQ(req.op, v1::kNodeSelectorOpGte);
  EXPECT_EQ(req.values, std::vector<std::string>{"5"});
}

// It("should keep Gt when Gt is more restrictive")
TEST(KarpenterRequirementGteLte, ShouldKeepGtWhenGtIsMoreRestrictive) {
  // Gt 5 AND Gte 5: Gt 5 (>= 6) is more restrictive, canonicalized to Gte 6
  const RequirementPtr gt5 = NewRequirement("key", corev1::kNodeSelectorOpGt, {"5"});
  const RequirementPtr gte5 = NewRequirementWithFlexibility("key", v1::kNodeSelectorOpGte, std::nullopt, {"5"});
  const RequirementPtr intersection = gt5->Intersection(*gte5);
  EXPECT_TRUE(intersection->Has("6"));
  EXPECT_FALSE(intersection->Has("5"));
  const auto req = intersection->NodeSelectorRequirement();
  EXPECT_EQ(req.op, v1::kNodeSelectorOpGte);
  EXPECT_EQ(req.values, std::vector<std::string>{"6"});
}

// It("should keep more restrictive Gte when Gte > Gt+1")
TEST(KarpenterRequirementGteLte, ShouldKeepMoreRestrictiveGteWhenGteAboveGtPlus1) {
  // Gt 3 AND Gte 6: Gte 6 is more restrictive
  const RequirementPtr gt3 = NewRequirement("key", corev1::kNodeSelectorOpGt, {"3"});
  const RequirementPtr gte6 = NewRequirementWithFlexibility("key", v1::kNodeSelectorOpGte, std::nullopt, {"6"});
  const RequirementPtr intersection = gt3->Intersection(*gte6);
  EXPECT_TRUE(intersection->Has("6"));
  EXPECT_FALSE(intersection->Has("5"));
  EXPECT_EQ(intersection->NodeSelectorRequirement().op, v1::kNodeSelectorOpGte);
}

// It("should keep Lt when Lt is more restrictive")
TEST(KarpenterRequirementGteLte, ShouldKeepLtWhenLtIsMoreRestrictive) {
  // Lt 5 AND Lte 5: Lt 5 (<= 4) is more restrictive, canonicalized to Lte 4
  const RequirementPtr lt5 = NewRequirement("key", corev1::kNodeSelectorOpLt, {"5"});
  const RequirementPtr lte5 = NewRequirementWithFlexibility("key", v1::kNodeSelectorOpLte, std::nullopt, {"5"});
  const RequirementPtr intersection = lt5->Intersection(*lte5);
  EXPECT_TRUE(intersection->Has("4"));
  EXPECT_FALSE(intersection->Has("5"));
  const auto req = intersection->NodeSelectorRequirement();
  EXPECT_EQ(req.op, v1::kNodeSelectorOpLte);
  EXPECT_EQ(req.values, std::vector<std::string>{"4"});
}

// It("should keep more restrictive Lte when Lte < Lt-1")
TEST(KarpenterRequirementGteLte, ShouldKeepMoreRestrictiveLteWhenLteBelowLtMinus1) {
  // Lt 9 AND Lte 5: Lte 5 is more restrictive
  const RequirementPtr lt9 = NewRequirement("key", corev1::kNodeSelectorOpLt, {"9"});
  const RequirementPtr lte5 = NewRequirementWithFlexibility("key", v1::kNodeSelectorOpLte, std::nullopt, {"5"});
  const RequirementPtr intersection = lt9->Intersection(*lte5);
  EXPECT_TRUE(intersection->Has("5"));
  EXPECT_FALSE(intersection->Has("6"));
  const auto req = intersection->NodeSelectorRequirement();
  EXPECT_EQ(req.op, v1::kNodeSelectorOpLte);
  EXPECT_EQ(req.values, std::vector<std::string>{"5"});
}

// It("should handle Gte 0 boundary")
TEST(KarpenterRequirementGteLte, ShouldHandleGte0Boundary) {
  const RequirementPtr gte0 = NewRequirementWithFlexibility("key", v1::kNodeSelectorOpGte, std::nullopt, {"0"});
  EXPECT_TRUE(gte0->Has("0"));
  EXPECT_FALSE(gte0->Has("-1"));
}

// It("should handle Lte 0 boundary")
TEST(KarpenterRequirementGteLte, ShouldHandleLte0Boundary) {
  const RequirementPtr lte0 = NewRequirementWithFlexibility("key", v1::kNodeSelectorOpLte, std::nullopt, {"0"});
  EXPECT_TRUE(lte0->Has("0"));
  EXPECT_FALSE(lte0->Has("1"));
}

// It("should return valid value from Any() for Gte")
TEST(KarpenterRequirementGteLte, ShouldReturnValidValueFromAnyForGte) {
  const RequirementPtr gte5 = NewRequirementWithFlexibility("key", v1::kNodeSelectorOpGte, std::nullopt, {"5"});
  std::mt19937 rng(2);
  for (int draw = 0; draw < 100; draw++) EXPECT_GE(AnyInt(gte5, rng), 5);
}

// It("should return valid value from Any() for Lte")
TEST(KarpenterRequirementGteLte, ShouldReturnValidValueFromAnyForLte) {
  const RequirementPtr lte10 = NewRequirementWithFlexibility("key", v1::kNodeSelectorOpLte, std::nullopt, {"10"});
  std::mt19937 rng(3);
  for (int draw = 0; draw < 100; draw++) EXPECT_LE(AnyInt(lte10, rng), 10);
}

// It("should return DoesNotExist for Gt MaxInt")
TEST(KarpenterRequirementGteLte, ShouldReturnDoesNotExistForGtMaxInt) {
  const RequirementPtr gtMaxInt = NewRequirement("key", corev1::kNodeSelectorOpGt, {std::to_string(kMaxInt64)});
  EXPECT_EQ(gtMaxInt->Operator(), corev1::kNodeSelectorOpDoesNotExist);
  EXPECT_EQ(gtMaxInt->Len(), 0);
}

// ---- This port's own tests: upstream behaviour upstream's tests do not reach. Each expectation
// ---- was checked against upstream's requirement.go run under Go 1.26.

// The integer of Gt/Lt/Gte/Lte is read as strconv.Atoi reads it, its error ignored: beyond int64
// it clamps (Gt MaxInt64 is DoesNotExist, dropping minValues), Lt MinInt64 wraps to Lte MaxInt64
// as Go's int does, and what is not a number reads 0.
TEST(KarpenterRequirementPort, BoundsParseAsGoAtoi) {
  EXPECT_EQ(NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpGt, 2, {"99999999999999999999"})->String(),
            "key DoesNotExist");
  EXPECT_EQ(NewRequirement("key", corev1::kNodeSelectorOpLt, {"-9223372036854775808"})->String(),
            "key Exists <=9223372036854775807");
  EXPECT_EQ(NewRequirement("key", corev1::kNodeSelectorOpGt, {"abc"})->String(), "key Exists >=1");
  EXPECT_EQ(NewRequirement("key", v1::kNodeSelectorOpGte, {"+3"})->String(), "key Exists >=3");
  // With bounds, values that are not integers are outside them.
  const RequirementPtr gte0 = NewRequirement("key", v1::kNodeSelectorOpGte, {"0"});
  EXPECT_TRUE(gte0->Has("007"));
  EXPECT_FALSE(gte0->Has("1_000"));
  EXPECT_FALSE(gte0->Has("0x10"));
  EXPECT_FALSE(gte0->Has("99999999999999999999"));
  // Without a value upstream panics (index out of range).
  EXPECT_THROW(NewRequirement("key", corev1::kNodeSelectorOpGt), std::out_of_range);
  // An unknown operator reads as Exists.
  EXPECT_EQ(NewRequirement("key", "Bogus", {"a"})->String(), "key Exists");
}

// Where upstream's rand.Intn panics (an empty range, or a width that overflows), Any throws.
TEST(KarpenterRequirementPort, AnyThrowsWhereGoPanics) {
  std::mt19937 rng(4);
  EXPECT_THROW(NewRequirement("key", corev1::kNodeSelectorOpLt, {"0"})->Any(rng), std::invalid_argument);
  EXPECT_THROW(NewRequirement("key", v1::kNodeSelectorOpGte, {"-5"})->Any(rng), std::invalid_argument);
  EXPECT_THROW(NewRequirement("key", corev1::kNodeSelectorOpLt, {"-9223372036854775808"})->Any(rng),
               std::invalid_argument);
}

// More than five values print as the first five and "and N others".
TEST(KarpenterRequirementPort, StringShortensLongValueLists) {
  const RequirementPtr r = NewRequirement("key", corev1::kNodeSelectorOpIn, {"a", "b", "c", "d", "e", "f", "g"});
  EXPECT_EQ(r->Intersection(*NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpNotIn, 3, {"z"}))->String(),
            "key In [a b c d e and 2 others] minValues 3");
}

}  // namespace
