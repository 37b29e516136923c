// The lab's model (app/model/lab.h, UI-free): its document and the cluster on screen
// stay one, whatever an edit does.
#include <gtest/gtest.h>

#include "app/model/lab.h"
#include "testing/read_file.h"

namespace spreadlab::app {
namespace {

// Found by fuzz_lab: a profile that reads but that the framework refuses (an unknown
// plugin given a weight) changed the document while the cluster stayed as it was; the
// next edit of the pending pod indexed the document with the old cluster's pod and threw.
TEST(LabTest, AnEditTheFrameworkRefusesPutsTheDocumentBack) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/one-constraint.json"), "x", error))
      << error;
  const std::string before = lab.doc().Dump();
  EXPECT_FALSE(lab.Apply("plugin weight",
                         [](io::ScenarioDoc& d, std::string& e) { return d.SetPluginWeight("PodTopologySpreading", 3, e); },
                         &error));
  EXPECT_NE(error.find("does not exist"), std::string::npos) << error;
  EXPECT_TRUE(lab.statusIsError());
  EXPECT_EQ(lab.doc().Dump(), before);
  EXPECT_FALSE(lab.CanUndo());
  // The document and the cluster agree: an edit of the explained pod works.
  ASSERT_NE(lab.pod(), kNone);
  ASSERT_LT(lab.podItem(), lab.doc().scenario().pods.size());
  const size_t item = lab.podItem();
  EXPECT_TRUE(lab.Apply("labels", [item](io::ScenarioDoc& d, std::string& e) {
    return d.SetPodLabels(item, {{"foo", "bar"}, {"x", "y"}}, e);
  }));
  EXPECT_EQ(lab.cluster().pods().size(), lab.doc().scenario().pods.size());
}

TEST(LabTest, ALoadTheFrameworkRefusesKeepsTheScenario) {
  Lab lab;
  std::string error;
  const std::string text = testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/one-constraint.json");
  ASSERT_TRUE(lab.Load(text, "x", error)) << error;
  const std::string before = lab.doc().Dump();
  std::string bad = text;
  bad.insert(bad.rfind(']'), R"(,{"apiVersion":"kubescheduler.config.k8s.io/v1","kind":"KubeSchedulerConfiguration",
    "profiles":[{"schedulerName":"default-scheduler","plugins":{"multiPoint":{"enabled":[{"name":"Foo"}]}}}]})");
  EXPECT_FALSE(lab.Load(bad, "bad", error));
  EXPECT_NE(error.find("does not exist"), std::string::npos) << error;
  EXPECT_EQ(lab.doc().Dump(), before);
  EXPECT_EQ(lab.source(), "x");
}

// A gated pod: the conflict explorer has nothing in a cycle to change and says why; the
// Workloads view and a scale through the lab agree with the document.
TEST(LabTest, GatedPodAndScaling) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/scheduling-gates.yaml"), "g", error))
      << error;
  const why::Report* r = lab.Why();
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->schedulingGates, std::vector<std::string>{"example.com/gpu-quota"});
  EXPECT_TRUE(r->suggestions.empty());

  ASSERT_TRUE(lab.Load(testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/deployment-scale-down.yaml"), "s",
                       error))
      << error;
  ASSERT_EQ(lab.Workloads().size(), 1u);
  EXPECT_EQ(lab.Workloads()[0].pods, 4u);
  EXPECT_EQ(lab.Workloads()[0].spread.at(0).skew, 2);
  EXPECT_TRUE(lab.Scale("default/web", 6, &error)) << error;
  EXPECT_EQ(lab.Workloads()[0].pending, 2u);
  EXPECT_NE(lab.status().find("created 2 pending pod(s)"), std::string::npos) << lab.status();
  EXPECT_TRUE(lab.Undo());
  EXPECT_EQ(lab.Workloads()[0].pods, 4u);
  EXPECT_FALSE(lab.Scale("nope", 1, &error));
  EXPECT_TRUE(lab.statusIsError());
}

// The release selector: the decision follows the release, the status says what changed,
// the document keeps the release (export, share) and undo puts the old one back.
TEST(LabTest, ReleaseSelectorChangesTheAnswerAndSaysWhy) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/spread-empty-selector.yaml"), "s",
                       error))
      << error;
  ASSERT_NE(lab.trace().selected, kNone);
  EXPECT_EQ(lab.cluster().node(lab.trace().selected).name, "node-a1");
  ASSERT_TRUE(lab.SetKubeVersion("master", &error)) << error;
  EXPECT_EQ(lab.cluster().release().minor, kMasterMinor);
  EXPECT_EQ(lab.cluster().node(lab.trace().selected).name, "node-c1");
  EXPECT_NE(lab.status().find("kubernetes#141340"), std::string::npos) << lab.status();
  EXPECT_EQ(lab.doc().Annotation("spreadlab.io/kube-version"), "master");
  EXPECT_FALSE(lab.SetKubeVersion("1.29", &error));
  EXPECT_NE(error.find("not simulated"), std::string::npos) << error;
  ASSERT_TRUE(lab.Undo());
  EXPECT_EQ(lab.cluster().release().minor, kNewestMinor);
  EXPECT_EQ(lab.cluster().node(lab.trace().selected).name, "node-a1");
}

// The placements over time: each step re-runs the cycle on the new cluster and keeps the
// steps before it; scrubbing back shows an earlier step and keeps them all; an edit of
// the scenario starts afresh.
TEST(LabTest, TimelineSurvivesItsOwnRebuilds) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/deployment-three-zones.yaml"), "d", error))
      << error;
  const size_t pending = lab.PendingPods().size();
  ASSERT_GE(pending, 3u);
  ASSERT_TRUE(lab.ScheduleNext(error)) << error;
  ASSERT_TRUE(lab.ScheduleNext(error)) << error;
  ASSERT_EQ(lab.timeline().size(), 2u);
  const std::string first = lab.timeline()[0].pod, second = lab.timeline()[1].pod;
  EXPECT_NE(first, second);
  EXPECT_EQ(lab.ScheduleAll(error), static_cast<int>(pending - 2)) << error;
  ASSERT_EQ(lab.timeline().size(), pending);
  EXPECT_EQ(lab.timeline()[0].pod, first);
  EXPECT_EQ(lab.timeline()[1].pod, second);
  EXPECT_EQ(lab.timelineCursor(), pending);
  lab.ScrubTo(1);
  EXPECT_EQ(lab.timeline().size(), pending);
  EXPECT_EQ(lab.timelineCursor(), 1u);
  EXPECT_EQ(lab.cluster().pod(lab.pod()).key, second);  // the pod of the step after
  lab.ScrubTo(pending);
  EXPECT_EQ(lab.timeline().size(), pending);
  EXPECT_TRUE(lab.PendingPods().empty());
  ASSERT_TRUE(lab.Undo());
  EXPECT_TRUE(lab.timeline().empty());
}

}  // namespace
}  // namespace spreadlab::app

namespace spreadlab::app {
namespace {

// Events (issue 16): each is one undoable edit that carries its report; undo takes the event
// back with the document, redo brings both back; a bad step changes nothing.
TEST(LabTest, EventsAreUndoableEdits) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/zone-outage.yaml"), "z", error))
      << error;
  EXPECT_EQ(lab.ScheduleAll(error), 6) << error;
  ASSERT_TRUE(lab.Simulate("fail topology.kubernetes.io/zone=zone-c", &error)) << error;
  ASSERT_EQ(lab.Events().size(), 1u);
  EXPECT_EQ(lab.Events()[0]->evicted.size(), 2u);
  EXPECT_EQ(lab.cluster().nodes().size(), 4u);
  EXPECT_TRUE(lab.PendingPods().empty());  // the replacements were placed
  ASSERT_TRUE(lab.Simulate("restore", &error)) << error;
  EXPECT_NE(lab.status().find("skew 3 > maxSkew 1"), std::string::npos) << lab.status();
  ASSERT_TRUE(lab.Simulate("deschedule", &error)) << error;
  ASSERT_EQ(lab.Events().size(), 3u);
  EXPECT_EQ(lab.Events()[2]->spread.at(0).skew, 0);
  EXPECT_TRUE(lab.Undo());
  EXPECT_EQ(lab.Events().size(), 2u);
  EXPECT_EQ(lab.Workloads().at(0).spread.at(0).skew, 3);
  EXPECT_TRUE(lab.Redo());
  EXPECT_EQ(lab.Events().size(), 3u);
  const std::string before = lab.doc().Dump();
  EXPECT_FALSE(lab.Simulate("drain nowhere", &error));
  EXPECT_NE(error.find("no node \"nowhere\""), std::string::npos) << error;
  EXPECT_FALSE(lab.Simulate("explode", &error));
  EXPECT_EQ(lab.doc().Dump(), before);
  EXPECT_EQ(lab.Events().size(), 3u);
}

}  // namespace
}  // namespace spreadlab::app

namespace spreadlab::app {
namespace {

// Found by the browser's lesson test: a constraint edit written into the document (not
// the typed fast path) is re-read and the controllers answer it; when they changed the
// pods, the explained pod's index was stale and Recompile read past the pods (a crash in
// the wasm). Now the lab rebuilds, and the document and the cluster agree.
TEST(LabTest, AConstraintEditTheControllersAnswerRebuilds) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/deployment-rollout-match-label-keys.yaml"),
                       "r", error))
      << error;
  ASSERT_TRUE(lab.ScheduleNext(error)) << error;
  ASSERT_TRUE(lab.ScheduleNext(error)) << error;
  EXPECT_TRUE(lab.SetConstraintField(0, "matchLabelKeys", "null", &error)) << error;
  EXPECT_EQ(lab.cluster().pods().size(), lab.doc().scenario().pods.size());
  ASSERT_NE(lab.pod(), kNone);
  EXPECT_EQ(lab.cluster().pod(lab.pod()).name, lab.doc().scenario().pods[lab.podItem()].metadata.name);
  // No time passed: the rollout did not take a step; the old revision's 3 pods still run.
  size_t old = 0;
  for (const v1::Pod& p : lab.doc().scenario().pods) old += p.metadata.labels.count("pod-template-hash") &&
                                                            p.metadata.labels.at("pod-template-hash") == "5c7f8d9b6";
  EXPECT_EQ(old, 3u);
}

}  // namespace
}  // namespace spreadlab::app
