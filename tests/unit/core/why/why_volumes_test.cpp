// `why` for a pod its volumes hold (examples/statefulset-volume-zone.yaml,
// examples/immediate-volume-spread.yaml): a node where the volume is comes first, and
// recreating the claim, which loses the volume's data, comes last and says so; and for a
// node out of volume slots (examples/node-out-of-volume-attachments.yaml), the pod that
// holds one is tried deleted.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/why/analysis.h"
#include "simulator/session.h"
#include "testing/read_file.h"

namespace spreadlab {
namespace {

why::Report Why(const std::string& example) {
  simulator::Session session;
  std::string error;
  why::Report report;
  const std::string text = testing::ReadFile(testing::ExampleFile(SPREADLAB_EXAMPLES_DIR, example));
  EXPECT_TRUE(simulator::OpenSession(text, session, error)) << error;
  const PodIndex pod = simulator::ChoosePod(*session.cluster, "", error);
  EXPECT_TRUE(why::Analyze(*session.cluster, *session.framework, pod, {}, report, error)) << error;
  return report;
}

TEST(WhyVolumes, AStatefulSetPodsClaimIsRecreatedLastAndLosesItsData) {
  const why::Report r = Why("statefulset-volume-zone");
  ASSERT_FALSE(r.suggestions.empty());
  EXPECT_EQ(r.suggestions.front().edit.kind, why::EditKind::AddNode);
  const why::Suggestion& last = r.suggestions.back();
  ASSERT_EQ(last.edit.kind, why::EditKind::RecreateClaim);
  EXPECT_TRUE(why::LosesData(last.edit));
  EXPECT_EQ(last.edit.claim, "default/data-db-2");
  EXPECT_TRUE(last.edit.storageClass.empty());  // the StatefulSet's template keeps its class
  EXPECT_NE(last.summary.find("LOSES DATA"), std::string::npos) << last.summary;
}

TEST(WhyVolumes, AnImmediateClaimIsOfferedAWaitForFirstConsumerClass) {
  const why::Report r = Why("immediate-volume-spread");
  auto it = std::find_if(r.suggestions.begin(), r.suggestions.end(),
                         [](const why::Suggestion& s) { return s.edit.kind == why::EditKind::RecreateClaim; });
  ASSERT_NE(it, r.suggestions.end());
  EXPECT_EQ(it->edit.storageClass, "standard-wait");
  EXPECT_EQ(it->edit.volume, "pv-data-web-1");
  ASSERT_FALSE(it->lands.empty());
  EXPECT_EQ(it->lands.substr(0, 6), "node-b");  // the new disk is made where the spread wants the pod
}

}  // namespace
}  // namespace spreadlab

namespace spreadlab {
namespace {

TEST(WhyVolumes, APodHoldingAVolumeSlotOnAFullNodeIsTriedDeleted) {
  const why::Report r = Why("node-out-of-volume-attachments");
  EXPECT_TRUE(std::any_of(r.suggestions.begin(), r.suggestions.end(), [](const why::Suggestion& s) {
    return s.edit.kind == why::EditKind::DeletePod && s.edit.pod == "default/queue-0" && s.lands == "node-a1";
  }));
}

}  // namespace
}  // namespace spreadlab
