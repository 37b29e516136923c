// controlplane::ApplySuggestion: every suggestion `spreadlab why` makes for the Pending
// examples, applied to the scenario as the lab applies it (ScenarioDoc setters),
// re-read from the document's JSON, lets the pod land where the suggestion said.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/why/analysis.h"
#include "simulator/session.h"
#include "controlplane/why_apply.h"
#include "testing/read_file.h"

namespace spreadlab {
namespace {

namespace fs = std::filesystem;

using testing::ReadFile;

size_t PodItem(const Scenario& s, const std::string& key) {
  for (size_t i = 0; i < s.pods.size(); ++i)
    if (s.pods[i].metadata.ns + "/" + s.pods[i].metadata.name == key) return i;
  return s.pods.size();
}

class ApplySuggestionTest : public ::testing::TestWithParam<std::string> {};

TEST_P(ApplySuggestionTest, EverySuggestionLandsThePodWhereItSaid) {
  const std::string text = ReadFile(testing::ExampleFile(SPREADLAB_EXAMPLES_DIR, GetParam()));
  simulator::Session session;
  std::string error;
  ASSERT_TRUE(simulator::OpenSession(text, session, error)) << error;
  PodIndex pod = simulator::ChoosePod(*session.cluster, "", error);
  const std::string key = session.cluster->pod(pod).key;
  why::Report report;
  ASSERT_TRUE(why::Analyze(*session.cluster, *session.framework, pod, {}, report, error)) << error;
  ASSERT_FALSE(report.suggestions.empty());
  for (const why::Suggestion& s : report.suggestions) {
    SCOPED_TRACE(s.summary);
    controlplane::ScenarioDoc doc;
    ASSERT_TRUE(doc.Load(text, error)) << error;
    if (!controlplane::ApplySuggestion(doc, PodItem(doc.scenario(), key), s.edit, error)) {
      // Only edits of the profile's default constraints are left to the user.
      EXPECT_TRUE(s.edit.fromDefaults) << error;
      continue;
    }
    simulator::Session after;
    ASSERT_TRUE(simulator::OpenSession(doc.Dump(), after, error)) << error;  // what a reload would see
    CycleTrace trace;
    after.framework->RunCycle(after.cluster->FindPod(key), trace, false);
    ASSERT_NE(trace.selected, kNone) << trace.message;
    EXPECT_EQ(after.cluster->node(trace.selected).name, s.lands);
  }
}

INSTANTIATE_TEST_SUITE_P(PendingExamples, ApplySuggestionTest,
                         ::testing::Values("conflict", "conflict-min-domains", "conflict-node-affinity",
                                           "conflict-taint", "conflict-delete-pod", "preemption",
                                           "statefulset-volume-zone", "immediate-volume-spread",
                                           "node-out-of-volume-attachments"),
                         [](const auto& info) {
                           std::string n = info.param;
                           for (auto& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

}  // namespace
}  // namespace spreadlab
