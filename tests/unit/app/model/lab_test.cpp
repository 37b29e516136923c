// The lab's model (app/model/lab.h, UI-free): its document and the cluster on screen
// stay one, whatever an edit does.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <map>

#include "app/model/lab.h"
#include "app/model/new_node.h"
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
                         [](controlplane::ScenarioDoc& d, std::string& e) { return d.SetPluginWeight("PodTopologySpreading", 3, e); },
                         &error));
  EXPECT_NE(error.find("does not exist"), std::string::npos) << error;
  EXPECT_TRUE(lab.statusIsError());
  EXPECT_EQ(lab.doc().Dump(), before);
  EXPECT_FALSE(lab.CanUndo());
  // The document and the cluster agree: an edit of the explained pod works.
  ASSERT_NE(lab.pod(), kNone);
  ASSERT_LT(lab.podItem(), lab.doc().scenario().pods.size());
  const size_t item = lab.podItem();
  EXPECT_TRUE(lab.Apply("labels", [item](controlplane::ScenarioDoc& d, std::string& e) {
    return d.SetPodLabels(item, {{"foo", "bar"}, {"x", "y"}}, e);
  }));
  EXPECT_EQ(lab.cluster().pods().size(), lab.doc().scenario().pods.size());
}

// The decision as text (the page's aria-live section, and all a browser without WebGL2
// shows): each node's verdict with PodTopologySpread's arithmetic, as spreadlab explain has it.
TEST(LabTest, TheDecisionTextCarriesTheSpreadArithmetic) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/one-constraint.json"), "x", error))
      << error;
  const std::string text = lab.DecisionText();
  EXPECT_NE(text.find("node1: rejected by PodTopologySpread: node(s) didn't match pod topology spread constraints; "
                      "zone=zoneA: 2 + 1 - 1 = 2 > maxSkew 1\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("; zone=zoneB: 1 + 1 - 1 = 1 <= maxSkew 1\n"), std::string::npos) << text;
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

// A profile kube-scheduler refuses to start with (no queue sort plugin: multiPoint disables
// '*' and enables only filters): the load is refused and the status bar says why in
// kube-scheduler's words; the profile panel keeps showing the scenario on screen.
TEST(LabTest, AProfileWithoutQueueSortIsRefusedInKubeSchedulersWords) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/one-constraint.json"), "x", error))
      << error;
  EXPECT_FALSE(
      lab.Load(testing::ReadFile(std::string(SPREADLAB_REGRESSION_DIR) + "/profile-without-queue-sort-or-bind.json"),
               "bad", error));
  const std::string want =
      "Profile error: items[2].profiles[0].plugins: only one queue sort plugin required for profile with scheduler "
      "name \"default-scheduler\", but got 0";
  EXPECT_EQ(error, want);
  EXPECT_TRUE(lab.statusIsError());
  EXPECT_EQ(lab.status(), "Not loaded (the current scenario is kept): " + want);
  EXPECT_EQ(lab.source(), "x");
}

// The cluster on screen shares the document's scenario: the conflict explorer's what-ifs
// (which add nodes, uncordon, change the pod) copy it and leave the document alone, and a
// constraint edit afterwards (the pod recompiled, not the cluster rebuilt) still reaches
// the cycle.
TEST(LabTest, WhatIfsLeaveTheDocumentAndEditsStillReachTheCycle) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/conflict.yaml"), "x", error))
      << error;
  EXPECT_EQ(&lab.cluster().scenario(), &lab.doc().scenario());
  const std::string before = lab.doc().Dump();
  ASSERT_NE(lab.Why(), nullptr);
  EXPECT_FALSE(lab.Why()->suggestions.empty());
  EXPECT_EQ(lab.doc().Dump(), before);
  EXPECT_EQ(lab.cluster().scenario().nodes.size(), lab.doc().scenario().nodes.size());
  ASSERT_TRUE(lab.SetConstraintField(0, "maxSkew", "5", &error)) << error;
  const PodIndex pod = lab.pod();
  ASSERT_NE(pod, kNone);
  EXPECT_EQ(lab.cluster().podSpec(pod).spec.topologySpreadConstraints[0].maxSkew, 5);
  EXPECT_EQ(lab.doc().scenario().pods[lab.podItem()].spec.topologySpreadConstraints[0].maxSkew, 5);
  const std::string trace = lab.TraceJson();
  EXPECT_NE(trace.find("\"maxSkew\":5"), std::string::npos) << trace.substr(0, 600);
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

namespace spreadlab::app {
namespace {

size_t PodsOn(const Lab& lab, const std::string& zonePrefix) {
  size_t n = 0;
  for (const v1::Pod& p : lab.doc().scenario().pods)
    if (p.spec.nodeName.rfind(zonePrefix, 0) == 0) ++n;
  return n;
}

// The timeline spans placements and events (issue 16's step-through): each event adds its
// beats, scrubbing shows the cluster after any of them (the event's own document, then
// the bindings after it), and a second event continues the same timeline.
TEST(LabTest, TheTimelineStepsThroughEvents) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/zone-outage.yaml"), "z", error))
      << error;
  EXPECT_EQ(lab.ScheduleAll(error), 6) << error;
  ASSERT_EQ(lab.timeline().size(), 6u);
  ASSERT_TRUE(lab.Simulate("fail topology.kubernetes.io/zone=zone-c", &error)) << error;
  const auto& t = lab.timeline();
  ASSERT_GT(t.size(), 8u);
  EXPECT_EQ(t[6].actor, "event");
  EXPECT_EQ(t[6].message, "fail topology.kubernetes.io/zone=zone-c");
  ASSERT_TRUE(t[6].event);
  EXPECT_EQ(t[6].event.get(), lab.Events().back());
  EXPECT_EQ(lab.timelineCursor(), t.size());
  const std::string after = lab.doc().Dump();

  lab.ScrubTo(7);  // the zone has failed; its two pods' replacements are Pending
  EXPECT_EQ(lab.cluster().nodes().size(), 4u);
  EXPECT_EQ(lab.PendingPods().size(), 2u);
  EXPECT_EQ(PodsOn(lab, "node-c"), 0u);
  lab.ScrubTo(8);  // the first replacement bound
  EXPECT_EQ(lab.PendingPods().size(), 1u);
  EXPECT_EQ(t[7].actor, "scheduler");
  lab.ScrubTo(6);  // before the event: six pods over three zones
  EXPECT_EQ(lab.cluster().nodes().size(), 6u);
  EXPECT_EQ(PodsOn(lab, "node-c"), 2u);
  EXPECT_TRUE(lab.PendingPods().empty());
  lab.ScrubTo(t.size());
  EXPECT_EQ(lab.doc().Dump(), after);

  const size_t before = t.size();
  ASSERT_TRUE(lab.Simulate("restore", &error)) << error;
  ASSERT_GT(lab.timeline().size(), before);
  EXPECT_EQ(lab.timeline()[before].actor, "event");
  lab.ScrubTo(before);
  EXPECT_EQ(lab.doc().Dump(), after);
  // An event from a scrubbed-back point continues from there, dropping what followed.
  lab.ScrubTo(6);
  ASSERT_TRUE(lab.Simulate("drain node-a1", &error)) << error;
  EXPECT_EQ(lab.timeline()[6].message, "drain node-a1");
  EXPECT_EQ(PodsOn(lab, "node-a1"), 0u);  // zone-c never failed on this branch; the evicted pod's
  EXPECT_EQ(PodsOn(lab, "node-a"), 2u);   // replacement stays in zone-a (maxSkew 1)
  EXPECT_EQ(PodsOn(lab, "node-c"), 2u);
  // Any other edit ends the timeline.
  ASSERT_TRUE(lab.Undo());
  EXPECT_TRUE(lab.timeline().empty());
}

// The lab's "schedule all" is the core's batch, in its queue order (PrioritySort).
TEST(LabTest, ScheduleAllFollowsTheQueueOrder) {
  Lab lab;
  std::string error;
  const std::string text = R"({"apiVersion": "v1", "kind": "List", "items": [
    {"kind": "Node", "metadata": {"name": "n1"}, "status": {"allocatable": {"cpu": "1", "pods": "10"}}},
    {"kind": "Pod", "metadata": {"name": "low"}, "spec": {"priority": 1, "containers": [{"name": "c", "resources": {"requests": {"cpu": "1"}}}]}},
    {"kind": "Pod", "metadata": {"name": "high"}, "spec": {"priority": 100, "containers": [{"name": "c", "resources": {"requests": {"cpu": "1"}}}]}}]})";
  ASSERT_TRUE(lab.Load(text, "p", error)) << error;
  EXPECT_EQ(lab.ScheduleAll(error), 1) << error;
  ASSERT_EQ(lab.timeline().size(), 2u);
  EXPECT_EQ(lab.timeline()[0].pod, "default/high");
  EXPECT_EQ(lab.timeline()[0].node, "n1");
  EXPECT_EQ(lab.timeline()[1].pod, "default/low");
  EXPECT_EQ(lab.timeline()[1].node, "");
}

}  // namespace
}  // namespace spreadlab::app

namespace spreadlab::app {
namespace {

// Beyond 20,000 nodes and pods an event is applied without its step-through (each beat
// would keep a copy of the whole document): the timeline ends instead of growing.
TEST(LabTest, ABigClusterAppliesEventsWithoutTheirStepThrough) {
  nlohmann::ordered_json items = nlohmann::ordered_json::array();
  for (int i = 0; i < 10; ++i)
    items.push_back({{"kind", "Node"},
                     {"metadata", {{"name", "n" + std::to_string(i)}}},
                     {"status", {{"allocatable", {{"cpu", "100"}, {"pods", "5000"}}}}}});
  for (int i = 0; i < 20000; ++i)
    items.push_back({{"kind", "Pod"},
                     {"metadata", {{"name", "p" + std::to_string(i)}}},
                     {"spec", {{"nodeName", "n" + std::to_string(i % 10)}, {"containers", {{{"name", "c"}}}}}}});
  items.push_back({{"kind", "Pod"}, {"metadata", {{"name", "pending"}}}, {"spec", {{"containers", {{{"name", "c"}}}}}}});
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(nlohmann::ordered_json{{"kind", "List"}, {"items", items}}.dump(), "big", error)) << error;
  ASSERT_TRUE(lab.ScheduleNext(error)) << error;
  ASSERT_EQ(lab.timeline().size(), 1u);
  ASSERT_TRUE(lab.Simulate("cordon n1", &error)) << error;
  EXPECT_EQ(lab.Events().size(), 1u);
  EXPECT_TRUE(lab.timeline().empty());
  EXPECT_TRUE(lab.doc().scenario().nodes[1].unschedulable);
}

}  // namespace
}  // namespace spreadlab::app

namespace spreadlab::app {
namespace {

// The teacher pastes the Deployment of the Kubernetes docs (no Node) over a cluster: it is
// applied, as `kubectl apply -f` would apply it, and its replicas spread over the zones.
TEST(LabTest, ManifestsWithoutNodesAreAppliedToTheCluster) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.ApplyManifests(SampleClusterManifest(), "sample", error)) << error;  // nothing loaded: a load
  ASSERT_EQ(lab.doc().scenario().nodes.size(), 6u);
  const std::string deployment = R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 6
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      topologySpreadConstraints:
      - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule,
         labelSelector: {matchLabels: {app: web}}}
      containers: [{name: nginx, image: nginx}]
)";
  EXPECT_FALSE(DeclaresNodes(deployment));
  EXPECT_TRUE(DeclaresNodes(SampleClusterManifest()));
  std::vector<std::string> applied;
  ASSERT_TRUE(lab.ApplyManifests(deployment, "pasted manifests", error, &applied)) << error;
  EXPECT_EQ(applied, std::vector<std::string>{"deployment.apps/web created"});
  EXPECT_EQ(lab.doc().scenario().nodes.size(), 6u);
  EXPECT_EQ(lab.PendingPods().size(), 6u);
  EXPECT_NE(lab.status().find("deployment.apps/web created"), std::string::npos) << lab.status();
  ASSERT_EQ(lab.ScheduleAll(error), 6) << error;
  std::map<std::string, int> perZone;
  for (const v1::Pod& p : lab.doc().scenario().pods)
    perZone[p.spec.nodeName.substr(0, std::string("node-a").size())]++;
  EXPECT_EQ(perZone, (std::map<std::string, int>{{"node-a", 2}, {"node-b", 2}, {"node-c", 2}}));
  // One undo takes the whole apply back.
  ASSERT_TRUE(lab.Undo());  // the placements
  ASSERT_TRUE(lab.Undo());  // the apply
  EXPECT_TRUE(lab.doc().scenario().pods.empty());
}

// Dragging maxSkew on one replica of a Deployment edits the Deployment: every pending
// replica follows at once and the editor says what it edits.
TEST(LabTest, AConstraintEditOnAControlledPodEditsItsWorkload) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/deployment-three-zones.yaml"), "x",
                       error))
      << error;
  ASSERT_EQ(lab.PendingPods().size(), 6u);
  ASSERT_TRUE(lab.ScheduleNext(error)) << error;  // one replica bound with maxSkew 1
  EXPECT_EQ(lab.ConstraintEditTarget().describe,
            "Deployment web's template: 6 replica(s), 5 pending follow at once");
  ASSERT_TRUE(lab.SetConstraintField(0, "maxSkew", "2", &error)) << error;
  int two = 0;
  for (PodIndex p : lab.PendingPods()) two += lab.cluster().pod(p).name.rfind("web-", 0) == 0 &&
                                               lab.doc().scenario().pods[p].spec.topologySpreadConstraints[0].maxSkew == 2;
  EXPECT_EQ(two, 5);
  EXPECT_EQ(lab.trace().spreadFilter.at(0).maxSkew, 2);  // the cycle re-ran on the new value
  EXPECT_EQ(lab.ConstraintEditTarget().describe,
            "Deployment web's template: 6 replica(s), 5 pending follow at once; 1 bound keep their old constraints "
            "until a rollout");
  ASSERT_TRUE(lab.ConstraintEditTarget().rolloutStep);
  EXPECT_EQ(lab.ConstraintEditTarget().rolloutStep->text, "rollout default/web");
  EXPECT_TRUE(simulator::CheckSimStep(*lab.ConstraintEditTarget().rolloutStep, error)) << error;
  EXPECT_NE(lab.doc().Dump().find("\"maxSkew\":2"), std::string::npos);
  // The panels' whole-list edit does the same, and one undo takes each back.
  auto cs = lab.doc().scenario().pods[lab.podItem()].spec.topologySpreadConstraints;
  cs[0].maxSkew = 3;
  ASSERT_TRUE(lab.SetConstraints("maxSkew", cs, &error)) << error;
  for (PodIndex p : lab.PendingPods())
    EXPECT_EQ(lab.doc().scenario().pods[p].spec.topologySpreadConstraints[0].maxSkew, 3);
  ASSERT_TRUE(lab.Undo());
  ASSERT_TRUE(lab.Undo());
  for (PodIndex p : lab.PendingPods())
    EXPECT_EQ(lab.doc().scenario().pods[p].spec.topologySpreadConstraints[0].maxSkew, 1);
}


// A pod that preempts stays Pending in the lab's sequence too, nominated
// (status.nominatedNodeName), so that the pods after it find its room held
// (RunFilterPluginsWithNominatedPods), as `schedule` and `simulate` keep it; undo forgets it.
TEST(LabTest, SchedulingNextKeepsAPreemptorsNomination) {
  for (const bool all : {false, true}) {
    Lab lab;
    std::string error;
    ASSERT_TRUE(lab.Load(testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/preemption.yaml"), "p", error))
        << error;
    if (all)
      EXPECT_EQ(lab.ScheduleAll(error), 0) << error;
    else
      EXPECT_FALSE(lab.ScheduleNext(error)) << error;
    EXPECT_TRUE(error.empty()) << error;
    auto checkout = [&] {
      for (const v1::Pod& p : lab.doc().scenario().pods)
        if (p.metadata.name == "checkout") return p.nominatedNodeName;
      return std::string("(gone)");
    };
    EXPECT_EQ(checkout(), "node-b1") << (all ? "ScheduleAll" : "ScheduleNext");
    EXPECT_EQ(lab.doc().scenario().pods.size(), 3u);  // the victim is not deleted: `schedule` does not carry it out
    ASSERT_TRUE(lab.Undo());
    EXPECT_EQ(checkout(), "");
  }
}

}  // namespace
}  // namespace spreadlab::app
