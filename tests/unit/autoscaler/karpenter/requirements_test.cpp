// Upstream's own tests of Requirements, ported from sigs.k8s.io/karpenter v1.15.0
// pkg/scheduling/requirements_test.go (Ginkgo: Describe("Requirements")), then a few of this
// port's own (at the end) for upstream behaviour its tests do not reach, each expectation taken
// from running upstream's code.
//
// Not ported: TestRequirementsProfile, a CPU/heap profiling harness (pprof files, no
// expectations): speed is measured in benchmarks, not tests.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "autoscaler/karpenter/apis/labels.h"
#include "autoscaler/karpenter/scheduling/go_sort.h"
#include "autoscaler/karpenter/scheduling/requirements.h"
#include "core/api.h"

namespace {

using namespace spreadlab::autoscaler::karpenter;              // NOLINT(google-build-using-namespace)
using namespace spreadlab::autoscaler::karpenter::scheduling;  // NOLINT(google-build-using-namespace)

const std::string kZone(corev1::kLabelTopologyZone);

// Context("Compatibility"): the requirement sets it declares, on a well-known label (the zone),
// "because it behaves differently than custom labels".
const std::map<std::string, Requirements>& CompatFixtures() {
  static const std::map<std::string, Requirements> fixtures = {
      {"unconstrained", NewRequirements()},
      {"exists", NewRequirements({NewRequirement(kZone, corev1::kNodeSelectorOpExists)})},
      {"doesNotExist", NewRequirements({NewRequirement(kZone, corev1::kNodeSelectorOpDoesNotExist)})},
      {"inA", NewRequirements({NewRequirement(kZone, corev1::kNodeSelectorOpIn, {"A"})})},
      {"inB", NewRequirements({NewRequirement(kZone, corev1::kNodeSelectorOpIn, {"B"})})},
      {"inAB", NewRequirements({NewRequirement(kZone, corev1::kNodeSelectorOpIn, {"A", "B"})})},
      {"notInA", NewRequirements({NewRequirement(kZone, corev1::kNodeSelectorOpNotIn, {"A"})})},
      {"in1", NewRequirements({NewRequirement(kZone, corev1::kNodeSelectorOpIn, {"1"})})},
      {"in9", NewRequirements({NewRequirement(kZone, corev1::kNodeSelectorOpIn, {"9"})})},
      {"in19", NewRequirements({NewRequirement(kZone, corev1::kNodeSelectorOpIn, {"1", "9"})})},
      {"notIn12", NewRequirements({NewRequirement(kZone, corev1::kNodeSelectorOpNotIn, {"1", "2"})})},
      {"greaterThan1", NewRequirements({NewRequirement(kZone, corev1::kNodeSelectorOpGt, {"1"})})},
      {"greaterThan9", NewRequirements({NewRequirement(kZone, corev1::kNodeSelectorOpGt, {"9"})})},
      {"lessThan1", NewRequirements({NewRequirement(kZone, corev1::kNodeSelectorOpLt, {"1"})})},
      {"lessThan9", NewRequirements({NewRequirement(kZone, corev1::kNodeSelectorOpLt, {"9"})})},
  };
  return fixtures;
}

struct CompatCase {
  std::string receiver;
  std::string argument;
  bool succeed;  // To(Succeed()) or ToNot(Succeed())
};

void ExpectCompatibility(const std::vector<CompatCase>& cases, bool allowUndefinedWellKnownLabels) {
  for (const CompatCase& c : cases) {
    SCOPED_TRACE(c.receiver + ".Compatible(" + c.argument + ")");
    const Requirements& receiver = CompatFixtures().at(c.receiver);
    const Requirements& argument = CompatFixtures().at(c.argument);
    const RequirementsError err = allowUndefinedWellKnownLabels
                                      ? receiver.Compatible(argument, {AllowUndefinedWellKnownLabels})
                                      : receiver.Compatible(argument);
    EXPECT_EQ(!err, c.succeed) << err.Error();
  }
}

// Context("Compatibility") It("should normalize aliased labels")
TEST(KarpenterRequirements, CompatibilityShouldNormalizeAliasedLabels) {
  const Requirements requirements = NewRequirements(
      {NewRequirement(std::string(corev1::kLabelFailureDomainBetaZone), corev1::kNodeSelectorOpIn, {"test"})});
  EXPECT_FALSE(requirements.Has(corev1::kLabelFailureDomainBetaZone));
  EXPECT_TRUE(requirements.Get(corev1::kLabelTopologyZone)->Has("test"));
}

// Context("Compatibility") It("should be compatible with well-known v1 labels undefined")
TEST(KarpenterRequirements, CompatibilityShouldBeCompatibleWithWellKnownLabelsUndefined) {
  ExpectCompatibility(
      {
          {"unconstrained", "unconstrained", true},
          {"unconstrained", "exists", true},
          {"unconstrained", "doesNotExist", true},
          {"unconstrained", "inA", true},
          {"unconstrained", "inB", true},
          {"unconstrained", "inAB", true},
          {"unconstrained", "notInA", true},
          {"unconstrained", "in1", true},
          {"unconstrained", "in9", true},
          {"unconstrained", "in19", true},
          {"unconstrained", "notIn12", true},
          {"unconstrained", "greaterThan1", true},
          {"unconstrained", "greaterThan9", true},
          {"unconstrained", "lessThan1", true},
          {"unconstrained", "lessThan9", true},

          {"exists", "unconstrained", true},
          {"exists", "exists", true},
          {"exists", "doesNotExist", false},
          {"exists", "inA", true},
          {"exists", "inB", true},
          {"exists", "inAB", true},
          {"exists", "notInA", true},
          {"exists", "in1", true},
          {"exists", "in9", true},
          {"exists", "in19", true},
          {"exists", "notIn12", true},
          {"exists", "greaterThan1", true},
          {"exists", "greaterThan9", true},
          {"exists", "lessThan1", true},
          {"exists", "lessThan9", true},

          {"doesNotExist", "unconstrained", true},
          {"doesNotExist", "exists", false},
          {"doesNotExist", "doesNotExist", true},
          {"doesNotExist", "inA", false},
          {"doesNotExist", "inB", false},
          {"doesNotExist", "inAB", false},
          {"doesNotExist", "notInA", true},
          {"doesNotExist", "in1", false},
          {"doesNotExist", "in9", false},
          {"doesNotExist", "in19", false},
          {"doesNotExist", "notIn12", true},
          {"doesNotExist", "greaterThan1", false},
          {"doesNotExist", "greaterThan9", false},
          {"doesNotExist", "lessThan1", false},
          {"doesNotExist", "lessThan9", false},

          {"inA", "unconstrained", true},
          {"inA", "exists", true},
          {"inA", "doesNotExist", false},
          {"inA", "inA", true},
          {"inA", "inB", false},
          {"inA", "inAB", true},
          {"inA", "notInA", false},
          {"inA", "in1", false},
          {"inA", "in9", false},
          {"inA", "in19", false},
          {"inA", "notIn12", true},
          {"inA", "greaterThan1", false},
          {"inA", "greaterThan9", false},
          {"inA", "lessThan1", false},
          {"inA", "lessThan9", false},

          {"inB", "unconstrained", true},
          {"inB", "exists", true},
          {"inB", "doesNotExist", false},
          {"inB", "inA", false},
          {"inB", "inB", true},
          {"inB", "inAB", true},
          {"inB", "notInA", true},
          {"inB", "in1", false},
          {"inB", "in9", false},
          {"inB", "in19", false},
          {"inB", "notIn12", true},
          {"inB", "greaterThan1", false},
          {"inB", "greaterThan9", false},
          {"inB", "lessThan1", false},
          {"inB", "lessThan9", false},

          {"inAB", "unconstrained", true},
          {"inAB", "exists", true},
          {"inAB", "doesNotExist", false},
          {"inAB", "inA", true},
          {"inAB", "inB", true},
          {"inAB", "inAB", true},
          {"inAB", "notInA", true},
          {"inAB", "in1", false},
          {"inAB", "in9", false},
          {"inAB", "in19", false},
          {"inAB", "notIn12", true},
          {"inAB", "greaterThan1", false},
          {"inAB", "greaterThan9", false},
          {"inAB", "lessThan1", false},
          {"inAB", "lessThan9", false},

          {"notInA", "unconstrained", true},
          {"notInA", "exists", true},
          {"notInA", "doesNotExist", true},
          {"notInA", "inA", false},
          {"notInA", "inB", true},
          {"notInA", "inAB", true},
          {"notInA", "notInA", true},
          {"notInA", "in1", true},
          {"notInA", "in9", true},
          {"notInA", "in19", true},
          {"notInA", "notIn12", true},
          {"notInA", "greaterThan1", true},
          {"notInA", "greaterThan9", true},
          {"notInA", "lessThan1", true},
          {"notInA", "lessThan9", true},

          {"in1", "unconstrained", true},
          {"in1", "exists", true},
          {"in1", "doesNotExist", false},
          {"in1", "inA", false},
          {"in1", "inB", false},
          {"in1", "inAB", false},
          {"in1", "notInA", true},
          {"in1", "in1", true},
          {"in1", "in9", false},
          {"in1", "in19", true},
          {"in1", "notIn12", false},
          {"in1", "greaterThan1", false},
          {"in1", "greaterThan9", false},
          {"in1", "lessThan1", false},
          {"in1", "lessThan9", true},

          {"in9", "unconstrained", true},
          {"in9", "exists", true},
          {"in9", "doesNotExist", false},
          {"in9", "inA", false},
          {"in9", "inB", false},
          {"in9", "inAB", false},
          {"in9", "notInA", true},
          {"in9", "in1", false},
          {"in9", "in9", true},
          {"in9", "in19", true},
          {"in9", "notIn12", true},
          {"in9", "greaterThan1", true},
          {"in9", "greaterThan9", false},
          {"in9", "lessThan1", false},
          {"in9", "lessThan9", false},

          {"in19", "unconstrained", true},
          {"in19", "exists", true},
          {"in19", "doesNotExist", false},
          {"in19", "inA", false},
          {"in19", "inB", false},
          {"in19", "inAB", false},
          {"in19", "notInA", true},
          {"in19", "in1", true},
          {"in19", "in9", true},
          {"in19", "in19", true},
          {"in19", "notIn12", true},
          {"in19", "greaterThan1", true},
          {"in19", "greaterThan9", false},
          {"in19", "lessThan1", false},
          {"in19", "lessThan9", true},

          {"notIn12", "unconstrained", true},
          {"notIn12", "exists", true},
          {"notIn12", "doesNotExist", true},
          {"notIn12", "inA", true},
          {"notIn12", "inB", true},
          {"notIn12", "inAB", true},
          {"notIn12", "notInA", true},
          {"notIn12", "in1", false},
          {"notIn12", "in9", true},
          {"notIn12", "in19", true},
          {"notIn12", "notIn12", true},
          {"notIn12", "greaterThan1", true},
          {"notIn12", "greaterThan9", true},
          {"notIn12", "lessThan1", true},
          {"notIn12", "lessThan9", true},

          {"greaterThan1", "unconstrained", true},
          {"greaterThan1", "exists", true},
          {"greaterThan1", "doesNotExist", false},
          {"greaterThan1", "inA", false},
          {"greaterThan1", "inB", false},
          {"greaterThan1", "inAB", false},
          {"greaterThan1", "notInA", true},
          {"greaterThan1", "in1", false},
          {"greaterThan1", "in9", true},
          {"greaterThan1", "in19", true},
          {"greaterThan1", "notIn12", true},
          {"greaterThan1", "greaterThan1", true},
          {"greaterThan1", "greaterThan9", true},
          {"greaterThan1", "lessThan1", false},
          {"greaterThan1", "lessThan9", true},

          {"greaterThan9", "unconstrained", true},
          {"greaterThan9", "exists", true},
          {"greaterThan9", "doesNotExist", false},
          {"greaterThan9", "inA", false},
          {"greaterThan9", "inB", false},
          {"greaterThan9", "inAB", false},
          {"greaterThan9", "notInA", true},
          {"greaterThan9", "in1", false},
          {"greaterThan9", "in9", false},
          {"greaterThan9", "in19", false},
          {"greaterThan9", "notIn12", true},
          {"greaterThan9", "greaterThan1", true},
          {"greaterThan9", "greaterThan9", true},
          {"greaterThan9", "lessThan1", false},
          {"greaterThan9", "lessThan9", false},

          {"lessThan1", "unconstrained", true},
          {"lessThan1", "exists", true},
          {"lessThan1", "doesNotExist", false},
          {"lessThan1", "inA", false},
          {"lessThan1", "inB", false},
          {"lessThan1", "inAB", false},
          {"lessThan1", "notInA", true},
          {"lessThan1", "in1", false},
          {"lessThan1", "in9", false},
          {"lessThan1", "in19", false},
          {"lessThan1", "notIn12", true},
          {"lessThan1", "greaterThan1", false},
          {"lessThan1", "greaterThan9", false},
          {"lessThan1", "lessThan1", true},
          {"lessThan1", "lessThan9", true},

          {"lessThan9", "unconstrained", true},
          {"lessThan9", "exists", true},
          {"lessThan9", "doesNotExist", false},
          {"lessThan9", "inA", false},
          {"lessThan9", "inB", false},
          {"lessThan9", "inAB", false},
          {"lessThan9", "notInA", true},
          {"lessThan9", "in1", true},
          {"lessThan9", "in9", false},
          {"lessThan9", "in19", true},
          {"lessThan9", "notIn12", true},
          {"lessThan9", "greaterThan1", true},
          {"lessThan9", "greaterThan9", false},
          {"lessThan9", "lessThan1", true},
          {"lessThan9", "lessThan9", true},
      },
      true);
}

// Context("Compatibility") It("should be strictly compatible")
TEST(KarpenterRequirements, CompatibilityShouldBeStrictlyCompatible) {
  ExpectCompatibility(
      {
          // Strictly compatible is copied from the compatible testing
          // This section expected to be different from the compatible testing
          {"unconstrained", "exists", false},
          {"unconstrained", "inA", false},
          {"unconstrained", "inB", false},
          {"unconstrained", "inAB", false},
          {"unconstrained", "in1", false},
          {"unconstrained", "in9", false},
          {"unconstrained", "in19", false},
          {"unconstrained", "greaterThan1", false},
          {"unconstrained", "greaterThan9", false},
          {"unconstrained", "lessThan1", false},
          {"unconstrained", "lessThan9", false},

          // All expectation below are the same as the compatible
          {"unconstrained", "unconstrained", true},
          {"unconstrained", "doesNotExist", true},
          {"unconstrained", "notInA", true},
          {"unconstrained", "notIn12", true},

          {"exists", "unconstrained", true},
          {"exists", "exists", true},
          {"exists", "doesNotExist", false},
          {"exists", "inA", true},
          {"exists", "inB", true},
          {"exists", "inAB", true},
          {"exists", "notInA", true},
          {"exists", "in1", true},
          {"exists", "in9", true},
          {"exists", "in19", true},
          {"exists", "notIn12", true},
          {"exists", "greaterThan1", true},
          {"exists", "greaterThan9", true},
          {"exists", "lessThan1", true},
          {"exists", "lessThan9", true},

          {"doesNotExist", "unconstrained", true},
          {"doesNotExist", "exists", false},
          {"doesNotExist", "doesNotExist", true},
          {"doesNotExist", "inA", false},
          {"doesNotExist", "inB", false},
          {"doesNotExist", "inAB", false},
          {"doesNotExist", "notInA", true},
          {"doesNotExist", "in1", false},
          {"doesNotExist", "in9", false},
          {"doesNotExist", "in19", false},
          {"doesNotExist", "notIn12", true},
          {"doesNotExist", "greaterThan1", false},
          {"doesNotExist", "greaterThan9", false},
          {"doesNotExist", "lessThan1", false},
          {"doesNotExist", "lessThan9", false},

          {"inA", "unconstrained", true},
          {"inA", "exists", true},
          {"inA", "doesNotExist", false},
          {"inA", "inA", true},
          {"inA", "inB", false},
          {"inA", "inAB", true},
          {"inA", "notInA", false},
          {"inA", "in1", false},
          {"inA", "in9", false},
          {"inA", "in19", false},
          {"inA", "notIn12", true},
          {"inA", "greaterThan1", false},
          {"inA", "greaterThan9", false},
          {"inA", "lessThan1", false},
          {"inA", "lessThan9", false},

          {"inB", "unconstrained", true},
          {"inB", "exists", true},
          {"inB", "doesNotExist", false},
          {"inB", "inA", false},
          {"inB", "inB", true},
          {"inB", "inAB", true},
          {"inB", "notInA", true},
          {"inB", "in1", false},
          {"inB", "in9", false},
          {"inB", "in19", false},
          {"inB", "notIn12", true},
          {"inB", "greaterThan1", false},
          {"inB", "greaterThan9", false},
          {"inB", "lessThan1", false},
          {"inB", "lessThan9", false},

          {"inAB", "unconstrained", true},
          {"inAB", "exists", true},
          {"inAB", "doesNotExist", false},
          {"inAB", "inA", true},
          {"inAB", "inB", true},
          {"inAB", "inAB", true},
          {"inAB", "notInA", true},
          {"inAB", "in1", false},
          {"inAB", "in9", false},
          {"inAB", "in19", false},
          {"inAB", "notIn12", true},
          {"inAB", "greaterThan1", false},
          {"inAB", "greaterThan9", false},
          {"inAB", "lessThan1", false},
          {"inAB", "lessThan9", false},

          {"notInA", "unconstrained", true},
          {"notInA", "exists", true},
          {"notInA", "doesNotExist", true},
          {"notInA", "inA", false},
          {"notInA", "inB", true},
          {"notInA", "inAB", true},
          {"notInA", "notInA", true},
          {"notInA", "in1", true},
          {"notInA", "in9", true},
          {"notInA", "in19", true},
          {"notInA", "notIn12", true},
          {"notInA", "greaterThan1", true},
          {"notInA", "greaterThan9", true},
          {"notInA", "lessThan1", true},
          {"notInA", "lessThan9", true},

          {"in1", "unconstrained", true},
          {"in1", "exists", true},
          {"in1", "doesNotExist", false},
          {"in1", "inA", false},
          {"in1", "inB", false},
          {"in1", "inAB", false},
          {"in1", "notInA", true},
          {"in1", "in1", true},
          {"in1", "in9", false},
          {"in1", "in19", true},
          {"in1", "notIn12", false},
          {"in1", "greaterThan1", false},
          {"in1", "greaterThan9", false},
          {"in1", "lessThan1", false},
          {"in1", "lessThan9", true},

          {"in9", "unconstrained", true},
          {"in9", "exists", true},
          {"in9", "doesNotExist", false},
          {"in9", "inA", false},
          {"in9", "inB", false},
          {"in9", "inAB", false},
          {"in9", "notInA", true},
          {"in9", "in1", false},
          {"in9", "in9", true},
          {"in9", "in19", true},
          {"in9", "notIn12", true},
          {"in9", "greaterThan1", true},
          {"in9", "greaterThan9", false},
          {"in9", "lessThan1", false},
          {"in9", "lessThan9", false},

          {"in19", "unconstrained", true},
          {"in19", "exists", true},
          {"in19", "doesNotExist", false},
          {"in19", "inA", false},
          {"in19", "inB", false},
          {"in19", "inAB", false},
          {"in19", "notInA", true},
          {"in19", "in1", true},
          {"in19", "in9", true},
          {"in19", "in19", true},
          {"in19", "notIn12", true},
          {"in19", "greaterThan1", true},
          {"in19", "greaterThan9", false},
          {"in19", "lessThan1", false},
          {"in19", "lessThan9", true},

          {"notIn12", "unconstrained", true},
          {"notIn12", "exists", true},
          {"notIn12", "doesNotExist", true},
          {"notIn12", "inA", true},
          {"notIn12", "inB", true},
          {"notIn12", "inAB", true},
          {"notIn12", "notInA", true},
          {"notIn12", "in1", false},
          {"notIn12", "in9", true},
          {"notIn12", "in19", true},
          {"notIn12", "notIn12", true},
          {"notIn12", "greaterThan1", true},
          {"notIn12", "greaterThan9", true},
          {"notIn12", "lessThan1", true},
          {"notIn12", "lessThan9", true},

          {"greaterThan1", "unconstrained", true},
          {"greaterThan1", "exists", true},
          {"greaterThan1", "doesNotExist", false},
          {"greaterThan1", "inA", false},
          {"greaterThan1", "inB", false},
          {"greaterThan1", "inAB", false},
          {"greaterThan1", "notInA", true},
          {"greaterThan1", "in1", false},
          {"greaterThan1", "in9", true},
          {"greaterThan1", "in19", true},
          {"greaterThan1", "notIn12", true},
          {"greaterThan1", "greaterThan1", true},
          {"greaterThan1", "greaterThan9", true},
          {"greaterThan1", "lessThan1", false},
          {"greaterThan1", "lessThan9", true},

          {"greaterThan9", "unconstrained", true},
          {"greaterThan9", "exists", true},
          {"greaterThan9", "doesNotExist", false},
          {"greaterThan9", "inA", false},
          {"greaterThan9", "inB", false},
          {"greaterThan9", "inAB", false},
          {"greaterThan9", "notInA", true},
          {"greaterThan9", "in1", false},
          {"greaterThan9", "in9", false},
          {"greaterThan9", "in19", false},
          {"greaterThan9", "notIn12", true},
          {"greaterThan9", "greaterThan1", true},
          {"greaterThan9", "greaterThan9", true},
          {"greaterThan9", "lessThan1", false},
          {"greaterThan9", "lessThan9", false},

          {"lessThan1", "unconstrained", true},
          {"lessThan1", "exists", true},
          {"lessThan1", "doesNotExist", false},
          {"lessThan1", "inA", false},
          {"lessThan1", "inB", false},
          {"lessThan1", "inAB", false},
          {"lessThan1", "notInA", true},
          {"lessThan1", "in1", false},
          {"lessThan1", "in9", false},
          {"lessThan1", "in19", false},
          {"lessThan1", "notIn12", true},
          {"lessThan1", "greaterThan1", false},
          {"lessThan1", "greaterThan9", false},
          {"lessThan1", "lessThan1", true},
          {"lessThan1", "lessThan9", true},

          {"lessThan9", "unconstrained", true},
          {"lessThan9", "exists", true},
          {"lessThan9", "doesNotExist", false},
          {"lessThan9", "inA", false},
          {"lessThan9", "inB", false},
          {"lessThan9", "inAB", false},
          {"lessThan9", "notInA", true},
          {"lessThan9", "in1", true},
          {"lessThan9", "in9", false},
          {"lessThan9", "in19", true},
          {"lessThan9", "notIn12", true},
          {"lessThan9", "greaterThan1", true},
          {"lessThan9", "greaterThan9", false},
          {"lessThan9", "lessThan1", true},
          {"lessThan9", "lessThan9", true},
      },
      false);
}

struct ErrorCase {
  std::string name;
  std::string badLabel;
  std::string expectedError;
};

// The body both "Error Messages" tables share.
void ExpectLabelErrors(const std::vector<ErrorCase>& cases) {
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.name);
    const Requirements unconstrained = NewRequirements();
    const Requirements req = NewRequirements({NewRequirement(c.badLabel, corev1::kNodeSelectorOpExists)});
    EXPECT_EQ(unconstrained.Compatible(req, {AllowUndefinedWellKnownLabels}).Error(), c.expectedError);
  }
}

// Context("Error Messages") DescribeTable("should detect well known label truncations")
TEST(KarpenterRequirements, ErrorMessagesShouldDetectWellKnownLabelTruncations) {
  ExpectLabelErrors({
      {"Zone Label", "zone", R"(label "zone" does not have known values (typo of "topology.kubernetes.io/zone"?))"},
      {"Region Label", "region",
       R"(label "region" does not have known values (typo of "topology.kubernetes.io/region"?))"},
      {"NodePool Name Label", "nodepool",
       R"(label "nodepool" does not have known values (typo of "karpenter.sh/nodepool"?))"},
      {"Instance Type Label", "instance-type",
       R"(label "instance-type" does not have known values (typo of "node.kubernetes.io/instance-type"?))"},
      {"Architecture Label", "arch", R"(label "arch" does not have known values (typo of "kubernetes.io/arch"?))"},
      {"Capacity Type Label", "capacity-type",
       R"(label "capacity-type" does not have known values (typo of "karpenter.sh/capacity-type"?))"},
  });
}

// Context("Error Messages") DescribeTable("should detect well known label typos")
TEST(KarpenterRequirements, ErrorMessagesShouldDetectWellKnownLabelTypos) {
  ExpectLabelErrors({
      {"Zone Label #1", "topology.kubernetesio/zone",
       R"(label "topology.kubernetesio/zone" does not have known values (typo of "topology.kubernetes.io/zone"?))"},
      {"Zone Label #1", "node.io/zone",
       R"(label "node.io/zone" does not have known values (typo of "topology.kubernetes.io/zone"?))"},
      {"Region Label #1", "topology.kubernetes.io/regio",
       R"(label "topology.kubernetes.io/regio" does not have known values (typo of "topology.kubernetes.io/region"?))"},
      {"Region Label #2", "node.kubernetes.io/region",
       R"(label "node.kubernetes.io/region" does not have known values (typo of "topology.kubernetes.io/region"?))"},
      {"NodePool Label #2", "karpenter/nodepool",
       R"(label "karpenter/nodepool" does not have known values (typo of "karpenter.sh/nodepool"?))"},
  });
}

// Context("Error Messages") It("should display an error message for unknown labels")
TEST(KarpenterRequirements, ErrorMessagesShouldDisplayAnErrorMessageForUnknownLabels) {
  const Requirements unconstrained = NewRequirements();
  const Requirements req = NewRequirements({NewRequirement("deployment", corev1::kNodeSelectorOpExists)});
  EXPECT_EQ(unconstrained.Compatible(req).Error(), R"(label "deployment" does not have known values)");
}

// Gomega's ContainElements: every expected element is somewhere in actual.
void ExpectContainElements(const std::vector<v1::NodeSelectorRequirementWithMinValues>& actual,
                           const std::vector<v1::NodeSelectorRequirementWithMinValues>& expected) {
  for (const auto& e : expected) {
    EXPECT_NE(std::find(actual.begin(), actual.end(), e), actual.end()) << e.key << " " << e.op;
  }
}

v1::NodeSelectorRequirementWithMinValues Nsr(std::string key, std::string_view op, std::vector<std::string> values,
                                             std::optional<int64_t> minValues = std::nullopt) {
  return {std::move(key), std::string(op), std::move(values), minValues};
}

// The fourteen requirements both conversion Its build, each on a key named after it.
Requirements ConversionRequirements(bool withFlexibility) {
  auto make = [&](const std::string& key, std::string_view op, std::optional<int64_t> minValues,
                  std::vector<std::string> values = {}) {
    return withFlexibility ? NewRequirementWithFlexibility(key, op, minValues, std::move(values))
                           : NewRequirement(key, op, std::move(values));
  };
  return NewRequirements({
      make("exists", corev1::kNodeSelectorOpExists, 3),
      make("doesNotExist", corev1::kNodeSelectorOpDoesNotExist, 2),
      make("inA", corev1::kNodeSelectorOpIn, 1, {"A"}),
      make("inB", corev1::kNodeSelectorOpIn, 1, {"B"}),
      make("inAB", corev1::kNodeSelectorOpIn, 2, {"A", "B"}),
      make("notInA", corev1::kNodeSelectorOpNotIn, 1, {"A"}),
      make("in1", corev1::kNodeSelectorOpIn, 1, {"1"}),
      make("in9", corev1::kNodeSelectorOpIn, 1, {"9"}),
      make("in19", corev1::kNodeSelectorOpIn, 2, {"1", "9"}),
      make("notIn12", corev1::kNodeSelectorOpNotIn, 2, {"1", "2"}),
      make("greaterThan1", corev1::kNodeSelectorOpGt, 1, {"1"}),
      make("greaterThan9", corev1::kNodeSelectorOpGt, 1, {"9"}),
      make("lessThan1", corev1::kNodeSelectorOpLt, 1, {"1"}),
      make("lessThan9", corev1::kNodeSelectorOpLt, 1, {"9"}),
  });
}

// Context("NodeSelectorRequirements Conversion") It("should convert combinations of labels to expected
// NodeSelectorRequirements")
TEST(KarpenterRequirements, ConversionShouldConvertCombinationsOfLabels) {
  const Requirements reqs = ConversionRequirements(false);
  ExpectContainElements(reqs.NodeSelectorRequirements(),
                        {
                            Nsr("exists", corev1::kNodeSelectorOpExists, {}),
                            Nsr("doesNotExist", corev1::kNodeSelectorOpDoesNotExist, {}),
                            Nsr("inA", corev1::kNodeSelectorOpIn, {"A"}),
                            Nsr("inB", corev1::kNodeSelectorOpIn, {"B"}),
                            Nsr("inAB", corev1::kNodeSelectorOpIn, {"A", "B"}),
                            Nsr("notInA", corev1::kNodeSelectorOpNotIn, {"A"}),
                            Nsr("in1", corev1::kNodeSelectorOpIn, {"1"}),
                            Nsr("in9", corev1::kNodeSelectorOpIn, {"9"}),
                            Nsr("in19", corev1::kNodeSelectorOpIn, {"1", "9"}),
                            Nsr("notIn12", corev1::kNodeSelectorOpNotIn, {"1", "2"}),
                            Nsr("greaterThan1", v1::kNodeSelectorOpGte, {"2"}),
                            Nsr("greaterThan9", v1::kNodeSelectorOpGte, {"10"}),
                            Nsr("lessThan1", v1::kNodeSelectorOpLte, {"0"}),
                            Nsr("lessThan9", v1::kNodeSelectorOpLte, {"8"}),
                        });
  EXPECT_EQ(reqs.NodeSelectorRequirements().size(), 14U);
}

// Context("NodeSelectorRequirements Conversion") It("should convert combinations of labels with flexiblity to expected
// NodeSelectorRequirements")
TEST(KarpenterRequirements, ConversionShouldConvertCombinationsOfLabelsWithFlexibility) {
  const Requirements reqs = ConversionRequirements(true);
  ExpectContainElements(reqs.NodeSelectorRequirements(),
                        {
                            Nsr("exists", corev1::kNodeSelectorOpExists, {}, 3),
                            Nsr("doesNotExist", corev1::kNodeSelectorOpDoesNotExist, {}, 2),
                            Nsr("inA", corev1::kNodeSelectorOpIn, {"A"}, 1),
                            Nsr("inB", corev1::kNodeSelectorOpIn, {"B"}, 1),
                            Nsr("inAB", corev1::kNodeSelectorOpIn, {"A", "B"}, 2),
                            Nsr("notInA", corev1::kNodeSelectorOpNotIn, {"A"}, 1),
                            Nsr("in1", corev1::kNodeSelectorOpIn, {"1"}, 1),
                            Nsr("in9", corev1::kNodeSelectorOpIn, {"9"}, 1),
                            Nsr("in19", corev1::kNodeSelectorOpIn, {"1", "9"}, 2),
                            Nsr("notIn12", corev1::kNodeSelectorOpNotIn, {"1", "2"}, 2),
                            Nsr("greaterThan1", v1::kNodeSelectorOpGte, {"2"}, 1),
                            Nsr("greaterThan9", v1::kNodeSelectorOpGte, {"10"}, 1),
                            Nsr("lessThan1", v1::kNodeSelectorOpLte, {"0"}, 1),
                            Nsr("lessThan9", v1::kNodeSelectorOpLte, {"8"}, 1),
                        });
  EXPECT_EQ(reqs.NodeSelectorRequirements().size(), 14U);
}

// Context("NodeSelectorRequirements Conversion") It("should return both Gte and Lte requirements when both bounds
// exist")
TEST(KarpenterRequirements, ConversionShouldReturnBothGteAndLteWhenBothBoundsExist) {
  const Requirements reqs = NewRequirements({
      NewRequirement("cpu", v1::kNodeSelectorOpGte, {"8"}),
      NewRequirement("cpu", v1::kNodeSelectorOpLte, {"8"}),
  });
  ExpectContainElements(reqs.NodeSelectorRequirements(), {
                                                             Nsr("cpu", v1::kNodeSelectorOpGte, {"8"}),
                                                             Nsr("cpu", v1::kNodeSelectorOpLte, {"8"}),
                                                         });
  EXPECT_EQ(reqs.NodeSelectorRequirements().size(), 2U);
}

// Context("Stringify Requirements") It("should print Requirements in the same order")
TEST(KarpenterRequirements, StringifyShouldPrintRequirementsInTheSameOrder) {
  const Requirements reqs = NewRequirements({
      NewRequirement("exists", corev1::kNodeSelectorOpExists),
      NewRequirement("doesNotExist", corev1::kNodeSelectorOpDoesNotExist),
      NewRequirement("inA", corev1::kNodeSelectorOpIn, {"A"}),
      NewRequirement("inB", corev1::kNodeSelectorOpIn, {"B"}),
      NewRequirement("inAB", corev1::kNodeSelectorOpIn, {"A", "B"}),
      NewRequirement("notInA", corev1::kNodeSelectorOpNotIn, {"A"}),
      NewRequirement("in1", corev1::kNodeSelectorOpIn, {"1"}),
      NewRequirement("in9", corev1::kNodeSelectorOpIn, {"9"}),
      NewRequirement("in19", corev1::kNodeSelectorOpIn, {"1", "9"}),
      NewRequirement("notIn12", corev1::kNodeSelectorOpNotIn, {"1", "2"}),
      NewRequirement("greaterThan1", corev1::kNodeSelectorOpGt, {"1"}),
      NewRequirement("greaterThan9", corev1::kNodeSelectorOpGt, {"9"}),
      NewRequirement("lessThan1", corev1::kNodeSelectorOpLt, {"1"}),
      NewRequirement("lessThan9", corev1::kNodeSelectorOpLt, {"9"}),
  });
  EXPECT_EQ(reqs.String(),
            "doesNotExist DoesNotExist, exists Exists, greaterThan1 Exists >=2, greaterThan9 Exists >=10, in1 In [1], "
            "in19 In [1 9], in9 In [9], inA In [A], inAB In [A B], inB In [B], lessThan1 Exists <=0, lessThan9 "
            "Exists <=8, notIn12 NotIn [1 2], notInA NotIn [A]");
}

// ---- This port's own tests: upstream behaviour upstream's tests do not reach. Each expectation
// ---- was checked against upstream's requirement.go/requirements.go run under Go 1.26.

// Every key that fails to intersect is reported, joined by "; " as multierr joins them (upstream
// in random map order, here by key).
TEST(KarpenterRequirementsPort, IntersectsReportsEveryKey) {
  const Requirements a = NewRequirements(
      {NewRequirement("a", corev1::kNodeSelectorOpIn, {"1"}), NewRequirement("b", corev1::kNodeSelectorOpIn, {"2"})});
  const Requirements b = NewRequirements(
      {NewRequirement("a", corev1::kNodeSelectorOpIn, {"3"}), NewRequirement("b", corev1::kNodeSelectorOpIn, {"4"})});
  EXPECT_EQ(a.Intersects(b).Error(), "key a, a In [3] not in a In [1]; key b, b In [4] not in b In [2]");
  EXPECT_FALSE(a.IsCompatible(b));
  EXPECT_FALSE(static_cast<bool>(a.Intersects(a)));
}

// Keys are quoted as fmt's %q quotes them.
TEST(KarpenterRequirementsPort, CompatibleQuotesTheKeyAsGoDoes) {
  const Requirements req = NewRequirements({NewRequirement("say\"hi\\", corev1::kNodeSelectorOpExists)});
  EXPECT_EQ(NewRequirements().Compatible(req).Error(), R"(label "say\"hi\\" does not have known values)");
}

// NotIn and DoesNotExist need not be defined; Get of an undefined key is Exists.
TEST(KarpenterRequirementsPort, CompatibleAllowsUndefinedNotInAndDoesNotExist) {
  const Requirements req = NewRequirements({NewRequirement("custom", corev1::kNodeSelectorOpNotIn, {"x"}),
                                            NewRequirement("other", corev1::kNodeSelectorOpDoesNotExist)});
  EXPECT_TRUE(NewRequirements().IsCompatible(req));
  EXPECT_EQ(NewRequirements().Get("custom")->String(), "custom Exists");
}

// Add intersects with what the key already has; String leaves out kubernetes.io/hostname.
TEST(KarpenterRequirementsPort, AddIntersectsAndStringSkipsRestrictedLabels) {
  Requirements r = NewRequirements({NewRequirement("key", corev1::kNodeSelectorOpIn, {"a", "b"})});
  r.Add(NewRequirementWithFlexibility("key", corev1::kNodeSelectorOpNotIn, 2, {"a"}));
  r.Add(NewRequirement(std::string(corev1::kLabelHostname), corev1::kNodeSelectorOpIn, {"node-1"}));
  EXPECT_EQ(r.String(), "key In [b] minValues 2");
  EXPECT_TRUE(r.HasMinValues());
  EXPECT_EQ(r.Keys(), (std::set<std::string>{"key", "kubernetes.io/hostname"}));
}

// Get returns the stored requirement itself, so Insert through it changes the set (as
// cloudprovider/fake's instance types do).
TEST(KarpenterRequirementsPort, GetSharesTheStoredRequirement) {
  const Requirements r = NewRequirements({NewRequirement("size", corev1::kNodeSelectorOpIn, {"small"})});
  r.Get("size")->Insert({"large"});
  EXPECT_EQ(r.String(), "size In [large small]");
}

spreadlab::v1::PodSpec PodWithPreferredWeights(const std::vector<int32_t>& weights) {
  spreadlab::v1::PodSpec pod;
  spreadlab::v1::NodeAffinity& nodeAffinity = pod.affinity.emplace().nodeAffinity.emplace();
  for (size_t i = 0; i < weights.size(); i++) {
    nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution.push_back(
        {weights[i], spreadlab::v1::NodeSelectorTerm{
                         {{"key", std::string(corev1::kNodeSelectorOpIn), {"v" + std::to_string(i)}}}, {}}});
  }
  return pod;
}

// The heaviest preferred term is the first after Go's (unstable) sort.Slice: with 20 terms of
// weights 5 9 9 1 9 ... upstream takes v12, not v1 (the first of weight 9).
TEST(KarpenterRequirementsPort, PodRequirementsTakeTheTermGoSortPutsFirst) {
  std::vector<int32_t> weights;
  for (int i = 0; i < 20; i++) weights.push_back(std::vector<int32_t>{5, 9, 9, 1, 9}[i % 5]);
  const spreadlab::v1::PodSpec pod = PodWithPreferredWeights(weights);
  EXPECT_EQ(NewPodRequirements(pod).String(), "key In [v12]");
  EXPECT_EQ(NewStrictPodRequirements(pod).String(), "");
  EXPECT_TRUE(HasPreferredNodeAffinity(&pod));
  EXPECT_FALSE(HasPreferredNodeAffinity(nullptr));
  // Up to 12 terms sort.Slice is an insertion sort, so the first heaviest wins.
  EXPECT_EQ(NewPodRequirements(PodWithPreferredWeights({1, 7, 3, 7})).String(), "key In [v1]");
}

// The node selector, the heaviest preferred term and the first required term all meet.
TEST(KarpenterRequirementsPort, PodRequirementsCombineSelectorPreferenceAndFirstRequiredTerm) {
  spreadlab::v1::PodSpec pod;
  pod.nodeSelector = {{"failure-domain.beta.kubernetes.io/zone", "z1"}};
  pod.affinity.emplace().nodeAffinity = spreadlab::v1::NodeAffinity{
      spreadlab::v1::NodeSelector{{
          spreadlab::v1::NodeSelectorTerm{{{"arch", "In", {"arm64", "amd64"}}}, {}},
          spreadlab::v1::NodeSelectorTerm{{{"os", "In", {"linux"}}}, {}},  // an OR term: not read
      }},
      {spreadlab::v1::PreferredSchedulingTerm{1, spreadlab::v1::NodeSelectorTerm{{{"arch", "In", {"arm64"}}}, {}}}},
  };
  EXPECT_EQ(NewStrictPodRequirements(pod).String(), "arch In [amd64 arm64], topology.kubernetes.io/zone In [z1]");
  EXPECT_EQ(NewPodRequirements(pod).String(), "arch In [arm64], topology.kubernetes.io/zone In [z1]");
}

// pod.Spec.Affinity nil, or its NodeAffinity nil: only the node selector is read.
TEST(KarpenterRequirementsPort, PodWithoutNodeAffinityReadsItsNodeSelectorOnly) {
  spreadlab::v1::PodSpec pod;
  pod.nodeSelector = {{"arch", "arm64"}};
  for (int affinitySet = 0; affinitySet < 2; affinitySet++) {
    if (affinitySet == 1) pod.affinity.emplace().podAffinity.emplace();
    EXPECT_EQ(NewPodRequirements(pod).String(), "arch In [arm64]");
    EXPECT_EQ(NewStrictPodRequirements(pod).String(), "arch In [arm64]");
    EXPECT_FALSE(HasPreferredNodeAffinity(&pod));
  }
  pod.affinity->nodeAffinity.emplace();  // a NodeAffinity without terms
  EXPECT_EQ(NewPodRequirements(pod).String(), "arch In [arm64]");
  EXPECT_FALSE(HasPreferredNodeAffinity(&pod));
}

// gosort::Slice against Go's sort.Slice on a slice of pairs sorted by the first element only.
TEST(KarpenterRequirementsPort, GoSortSliceMatchesGo) {
  std::vector<std::pair<int, int>> x;
  for (int i = 0; i < 20; i++) x.emplace_back(std::vector<int>{5, 9, 9, 1, 9}[i % 5], i);
  gosort::Slice(x, [](const auto& a, const auto& b) { return a.first > b.first; });
  EXPECT_EQ(x.front(), std::make_pair(9, 12));
  EXPECT_TRUE(std::is_sorted(x.begin(), x.end(), [](const auto& a, const auto& b) { return a.first > b.first; }));
}

// labels.go: IsRestrictedLabel, GetLabelDomain, HasKnownValues, NodeClassLabelKey.
TEST(KarpenterLabelsPort, RestrictedLabelsAndDomains) {
  EXPECT_FALSE(v1::IsRestrictedLabel("karpenter.sh/capacity-type").has_value());  // well known
  EXPECT_FALSE(v1::IsRestrictedLabel("example.com/team").has_value());
  const std::string expected =
      "using label %s is not allowed as it might interfere with the internal provisioning logic; specify a well "
      "known label: [karpenter.sh/capacity-type karpenter.sh/nodepool kubernetes.io/arch kubernetes.io/os "
      "node.kubernetes.io/instance-type node.kubernetes.io/windows-build topology.kubernetes.io/region "
      "topology.kubernetes.io/zone], or a custom label that does not use a restricted domain: [karpenter.sh]";
  for (const std::string key : {"karpenter.sh/custom", "sub.karpenter.sh/custom", "kubernetes.io/hostname"}) {
    std::string want = expected;
    want.replace(want.find("%s"), 2, key);
    EXPECT_EQ(v1::IsRestrictedLabel(key).value_or(""), want);
  }
  EXPECT_FALSE(v1::IsRestrictedLabel("notkarpenter.sh/x").has_value());
  EXPECT_EQ(v1::GetLabelDomain("a/b/c"), "a");
  EXPECT_EQ(v1::GetLabelDomain("plain"), "");
  EXPECT_FALSE(v1::HasKnownValues({"karpenter.sh/capacity-type", "In", {"spot", "x"}, std::nullopt}).has_value());
  // Upstream lists the expected values in map order; sorted here.
  EXPECT_EQ(v1::HasKnownValues({"karpenter.sh/capacity-type", "In", {"x"}, std::nullopt}).value_or(""),
            "invalid values: [x] for key: karpenter.sh/capacity-type, expected one of: [on-demand reserved spot]");
  EXPECT_FALSE(v1::HasKnownValues({"custom", "In", {"x"}, std::nullopt}).has_value());
  EXPECT_EQ(v1::NodeClassLabelKey({"karpenter.k8s.aws", "EC2NodeClass"}), "karpenter.k8s.aws/ec2nodeclass");
}

}  // namespace
