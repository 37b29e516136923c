// The events of simulator/simulation.h one by one: what each does to the document, and the errors
// that name the step. The stories (examples with their steps) are golden tests.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "simulator/events.h"
#include "simulator/session.h"
#include "simulator/simulation.h"
#include "testing/read_file.h"

namespace spreadlab::io {
namespace {

struct Sim {
  controlplane::ScenarioDoc doc;
  std::vector<simulator::StepReport> steps;
  std::string error;
  bool ok = true;
  explicit Sim(const std::string& example) {
    EXPECT_TRUE(doc.Load(testing::ReadFile(testing::ExampleFile(SPREADLAB_EXAMPLES_DIR, example)), error)) << error;
    steps.emplace_back();
    EXPECT_TRUE(simulator::Simulation(doc).Start(steps.back(), error)) << error;
  }
  // `recordBeats`: the report keeps the step's beats (the lab's step-through).
  bool Step(const std::string& text, bool recordBeats = false) {
    simulator::SimStep step;
    if (!simulator::ParseSimStep(text, step, error)) return false;
    steps.emplace_back();
    simulator::Simulation simulation(doc);
    if (recordBeats) simulation.RecordBeats();
    return simulation.Step(step, steps.back(), error);
  }
  const v1::Node* Node(const std::string& name) const {
    for (const v1::Node& n : doc.scenario().nodes)
      if (n.metadata.name == name) return &n;
    return nullptr;
  }
};

TEST(SimulateTest, StepsAreParsedWithTheirErrors) {
  simulator::SimStep s;
  std::string error;
  EXPECT_TRUE(simulator::ParseSimStep("  add-node node-a1   zone=x  tier=y ", s, error));
  EXPECT_EQ(s.action, "add-node");
  EXPECT_EQ(s.args, (std::vector<std::string>{"node-a1", "zone=x", "tier=y"}));
  EXPECT_FALSE(simulator::ParseSimStep("scale default/web", s, error));
  EXPECT_NE(error.find("step \"scale default/web\": expected scale NS/NAME N"), std::string::npos) << error;
  EXPECT_FALSE(simulator::ParseSimStep("fail zone", s, error));
  EXPECT_NE(error.find("expected fail LABEL=VALUE"), std::string::npos) << error;
  EXPECT_FALSE(simulator::ParseSimStep("restore now", s, error));
  EXPECT_FALSE(simulator::ParseSimStep("", s, error));
  EXPECT_FALSE(simulator::ParseSimStep("reboot node-a1", s, error));
  EXPECT_NE(error.find("unknown action \"reboot\""), std::string::npos) << error;
}

// kubectl cordon sets spec.unschedulable; the node lifecycle controller adds its taint.
TEST(SimulateTest, CordonKeepsTheUnschedulableTaintInStep) {
  Sim sim("zone-outage");
  ASSERT_TRUE(sim.Step("cordon node-a1")) << sim.error;
  ASSERT_NE(sim.Node("node-a1"), nullptr);
  EXPECT_TRUE(sim.Node("node-a1")->unschedulable);
  ASSERT_EQ(sim.Node("node-a1")->taints.size(), 1u);
  EXPECT_EQ(sim.Node("node-a1")->taints[0].key, "node.kubernetes.io/unschedulable");
  EXPECT_EQ(sim.Node("node-a1")->taints[0].effect, "NoSchedule");
  ASSERT_TRUE(sim.Step("uncordon node-a1")) << sim.error;
  EXPECT_FALSE(sim.Node("node-a1")->unschedulable);
  EXPECT_TRUE(sim.Node("node-a1")->taints.empty());
}

// A drained node keeps no pod of a ReplicaSet: they are evicted and placed elsewhere.
TEST(SimulateTest, DrainEvictsAndTheReplacementsGoElsewhere) {
  Sim sim("zone-outage");
  ASSERT_TRUE(sim.Step("drain node-a1")) << sim.error;
  const simulator::StepReport& r = sim.steps.back();
  ASSERT_EQ(r.evicted.size(), 1u);
  EXPECT_EQ(r.evicted[0].node, "node-a1");
  ASSERT_EQ(r.placements.size(), 1u);
  EXPECT_NE(r.placements[0].node, "node-a1");
  EXPECT_NE(r.placements[0].pod, r.evicted[0].pod) << "a replacement does not take a terminating pod's name";
  for (const v1::Pod& p : sim.doc.scenario().pods) EXPECT_NE(p.spec.nodeName, "node-a1") << p.metadata.name;
}

// Failed nodes are kept in the document (undo, export) and come back empty; a second
// restore has nothing to do and says so.
TEST(SimulateTest, FailAndRestoreRoundTrip) {
  Sim sim("zone-outage");
  ASSERT_TRUE(sim.Step("fail topology.kubernetes.io/zone=zone-c")) << sim.error;
  EXPECT_EQ(sim.doc.scenario().nodes.size(), 4u);
  EXPECT_FALSE(sim.doc.Annotation(controlplane::kFailedNodesAnnotation).empty());
  ASSERT_TRUE(sim.Step("restore")) << sim.error;
  EXPECT_EQ(sim.doc.scenario().nodes.size(), 6u);
  EXPECT_TRUE(sim.doc.Annotation(controlplane::kFailedNodesAnnotation).empty());
  for (const v1::Pod& p : sim.doc.scenario().pods) EXPECT_NE(p.spec.nodeName.rfind("node-c", 0), 0u);
  EXPECT_FALSE(sim.Step("restore"));
  EXPECT_NE(sim.error.find("no failed node to restore"), std::string::npos) << sim.error;
  EXPECT_FALSE(sim.Step("fail zone=nowhere"));
  EXPECT_NE(sim.error.find("no node has the label zone=nowhere"), std::string::npos) << sim.error;
}

// A preemption is carried out: the preemptor is nominated, its victim deleted (at once: its
// graceful termination is not simulated) and the next round binds the preemptor there.
TEST(SimulateTest, APreemptionDeletesItsVictimsAndBindsThePreemptor) {
  Sim sim("preemption");
  const simulator::StepReport& r = sim.steps.back();
  ASSERT_EQ(r.placements.size(), 1u);
  EXPECT_EQ(r.placements[0].pod, "default/checkout");
  EXPECT_EQ(r.placements[0].node, "node-b1");
  EXPECT_TRUE(r.pending.empty());
  ASSERT_FALSE(r.notes.empty());
  EXPECT_EQ(r.notes[0],
            "preemption: default/checkout nominated to node-b1, its lower-priority victim(s) deleted: "
            "default/batch-b");
  // The victim is among the step's deleted pods, as upstream's harness sees it go.
  ASSERT_EQ(r.deleted.size(), 1u);
  EXPECT_EQ(r.deleted[0].pod.pod, "default/batch-b");
  EXPECT_EQ(r.deleted[0].pod.node, "node-b1");
  EXPECT_EQ(r.deleted[0].preemptedBy, "default/checkout");
  EXPECT_EQ(r.deleted[0].reason, "preempted by default/checkout (priority 1000 over 0)");
  EXPECT_EQ(simulator::DeletedHeading(r.deleted), "deleted by their controllers or preempted");
  for (const v1::Pod& p : sim.doc.scenario().pods) {
    EXPECT_NE(p.metadata.name, "batch-b");
    if (p.metadata.name == "checkout") EXPECT_EQ(p.nominatedNodeName, "node-b1");
  }
}

// add-node: a machine of the same pool, its hostname label renamed, the labels asked for.
TEST(SimulateTest, AddNodeLikeAnotherWithLabels) {
  Sim sim("zone-outage");
  ASSERT_TRUE(sim.Step("add-node node-c1 topology.kubernetes.io/zone=zone-d")) << sim.error;
  const v1::Node* n = sim.Node("node-c1-new-1");
  ASSERT_NE(n, nullptr);
  EXPECT_EQ(n->metadata.labels.at("topology.kubernetes.io/zone"), "zone-d");
  EXPECT_EQ(n->metadata.labels.at("kubernetes.io/hostname"), "node-c1-new-1");
  ASSERT_TRUE(sim.Step("add-node node-c1")) << sim.error;
  EXPECT_NE(sim.Node("node-c1-new-2"), nullptr);
}

// rollout names an existing workload (and only a Deployment or a StatefulSet rolls out here).
TEST(SimulateTest, RolloutOfAnUnknownWorkloadIsRefused) {
  Sim sim("zone-outage");
  EXPECT_FALSE(sim.Step("rollout default/nope"));
  EXPECT_FALSE(sim.error.empty());
}

// A StatefulSet's rollout: its pods deleted one at a time from the highest ordinal, each
// recreated by name and placed back in its volume's zone (its claim stays, bound there).
TEST(SimulateTest, AStatefulSetRollsOutPodByPodBackToItsVolumesZones) {
  Sim sim("zone-outage-statefulset");
  std::map<std::string, std::string> before;
  for (const v1::Pod& p : sim.doc.scenario().pods) before[p.metadata.name] = p.spec.nodeName;
  ASSERT_TRUE(sim.Step("rollout default/db")) << sim.error;
  const simulator::StepReport& r = sim.steps.back();
  EXPECT_EQ(r.notes[0], "StatefulSet default/db has a new pod template (kubectl rollout restart)");
  ASSERT_EQ(r.deleted.size(), 3u);
  EXPECT_EQ(r.deleted[0].pod.pod, "default/db-2");
  EXPECT_EQ(r.deleted[1].pod.pod, "default/db-1");
  EXPECT_EQ(r.deleted[2].pod.pod, "default/db-0");
  EXPECT_EQ(r.deleted[0].reason.rfind("StatefulSet terminating Pod for update", 0), 0u) << r.deleted[0].reason;
  ASSERT_EQ(r.placements.size(), 3u);
  for (const simulator::SimPod& p : r.placements) EXPECT_EQ(p.node, before[p.pod.substr(8)]) << p.pod;
  EXPECT_TRUE(r.pending.empty());
  EXPECT_EQ(sim.doc.scenario().persistentVolumes.size(), 3u);  // the same volumes: no claim was deleted
}

// OrderedReady: db-1 cannot be placed (no room), so db-2 is never made, and the step ends with
// what the StatefulSet waits for, in upstream's words; the CLI's notes say it on a read too.
TEST(SimulateTest, AnOrderedReadySetWaitsForItsPendingPod) {
  const std::string text = R"(apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: node-a, labels: {kubernetes.io/hostname: node-a}}
  status: {allocatable: {cpu: "1", memory: 4Gi, pods: "110"}}
- apiVersion: apps/v1
  kind: StatefulSet
  metadata: {name: db}
  spec:
    replicas: 3
    selector: {matchLabels: {app: db}}
    template:
      metadata: {labels: {app: db}}
      spec: {containers: [{name: db, image: postgres, resources: {requests: {cpu: 600m}}}]}
)";
  const std::string waiting =
      "items[1]: StatefulSet is waiting for Pod to be Running and Ready statefulSet=\"default/db\" "
      "pod=\"default/db-1\"";
  controlplane::ScenarioDoc doc;
  std::string error;
  ASSERT_TRUE(doc.Load(text, error)) << error;
  EXPECT_TRUE(doc.controllerWaits().empty());  // db-0 was just made: nothing to wait for yet
  simulator::StepReport start;
  ASSERT_TRUE(simulator::Simulation(doc).Start(start, error)) << error;
  ASSERT_EQ(start.pending.size(), 1u);
  EXPECT_EQ(start.pending[0].pod.pod, "default/db-1");
  EXPECT_EQ(doc.scenario().pods.size(), 2u);
  ASSERT_FALSE(start.notes.empty());
  EXPECT_EQ(start.notes.back(), waiting);
  // Read again as it now stands: the note says why db-2 is not made.
  simulator::Session session;
  ASSERT_TRUE(simulator::OpenSession(doc.Dump(), session, error)) << error;
  ASSERT_FALSE(session.notes.empty());
  EXPECT_EQ(session.notes.back(), waiting);
}

// With whenScaled: Delete, a scale-down deletes the condemned pods' claims, and says so.
TEST(SimulateTest, AScaleDownDeletesTheClaimsWhenScaledDelete) {
  controlplane::ScenarioDoc doc;
  std::string error;
  std::string text = testing::ReadFile(testing::ExampleFile(SPREADLAB_EXAMPLES_DIR, "zone-outage-statefulset"));
  const std::string at = "    serviceName: db\n";
  ASSERT_NE(text.find(at), std::string::npos);
  text.insert(text.find(at), "    persistentVolumeClaimRetentionPolicy: {whenScaled: Delete}\n");
  ASSERT_TRUE(doc.Load(text, error)) << error;
  simulator::StepReport start, step;
  ASSERT_TRUE(simulator::Simulation(doc).Start(start, error)) << error;
  simulator::SimStep scale;
  ASSERT_TRUE(simulator::ParseSimStep("scale default/db 1", scale, error)) << error;
  ASSERT_TRUE(simulator::Simulation(doc).Step(scale, step, error)) << error;
  ASSERT_EQ(step.deleted.size(), 2u);
  const auto told = [&](const std::string& line) {
    return std::find(step.notes.begin(), step.notes.end(), line) != step.notes.end();
  };
  EXPECT_TRUE(
      told("items[18]: PersistentVolumeClaim default/data-db-2 deleted by the garbage collector: its owner Pod "
           "db-2 is gone"));
  EXPECT_TRUE(
      told("items[21]: PersistentVolume pvc-default-data-db-2 deleted: its claim default/data-db-2 is gone and "
           "its reclaim policy is Delete"));
  EXPECT_EQ(doc.scenario().persistentVolumeClaims.size(), 1u);
  EXPECT_EQ(doc.scenario().persistentVolumes.size(), 1u);
}

}  // namespace
}  // namespace spreadlab::io

namespace spreadlab::io {
namespace {

// The step-through (issue 16): a recorded step tells, in order, the event with the
// document after it, every binding with the spread after it, and the controllers' answers;
// the bindings are the report's placements, and the last beat's document is the result.
TEST(SimulateTest, RecordedBeatsRetellTheStepInOrder) {
  Sim sim("zone-outage");
  ASSERT_TRUE(sim.Step("fail topology.kubernetes.io/zone=zone-c", /*recordBeats=*/true)) << sim.error;
  const simulator::StepReport& report = sim.steps.back();
  ASSERT_GE(report.beats.size(), 3u);
  const simulator::SimBeat& event = report.beats.front();
  EXPECT_EQ(event.actor, "event");
  ASSERT_TRUE(event.state);
  ASSERT_FALSE(event.lines.empty());
  EXPECT_NE(event.lines.front().find("2 node(s) failed (node-c1, node-c2)"), std::string::npos) << event.lines.front();
  // The event's spread: zone-c is gone with its two pods, the replacements not placed yet.
  ASSERT_FALSE(event.spread.empty());
  int32_t placedAfterEvent = 0;
  for (const DomainCount& d : event.spread.front().domains) placedAfterEvent += d.matchNum;
  EXPECT_EQ(placedAfterEvent, 4);
  std::vector<std::string> bound;
  for (const simulator::SimBeat& b : report.beats)
    if (b.actor == "scheduler") {
      EXPECT_FALSE(b.state);
      EXPECT_FALSE(b.spread.empty());
      bound.push_back(b.pod.pod + " " + b.pod.node);
    }
  std::vector<std::string> placements;
  for (const simulator::SimPod& p : report.placements) placements.push_back(p.pod + " " + p.node);
  EXPECT_EQ(bound, placements);
  ASSERT_EQ(report.placements.size(), 2u);
  int32_t placedAtEnd = 0;
  for (const DomainCount& d : report.beats.back().spread.front().domains) placedAtEnd += d.matchNum;
  EXPECT_EQ(placedAtEnd, 6);
  // Every note is told by exactly one beat, in order.
  std::vector<std::string> told;
  for (const simulator::SimBeat& b : report.beats) told.insert(told.end(), b.lines.begin(), b.lines.end());
  EXPECT_EQ(told, report.notes);
  // Unrecorded, the same step has no beats and the same outcome.
  Sim plain("zone-outage");
  ASSERT_TRUE(plain.Step("fail topology.kubernetes.io/zone=zone-c")) << plain.error;
  EXPECT_TRUE(plain.steps.back().beats.empty());
  EXPECT_EQ(plain.doc.Dump(), sim.doc.Dump());
}

// A rollout's beats: the controllers' steps (a document each, what they did in words)
// between the bindings of the new pods.
TEST(SimulateTest, RecordedRolloutTellsTheControllersSteps) {
  Sim sim("rollout-match-label-keys");
  ASSERT_TRUE(sim.Step("rollout default/web", /*recordBeats=*/true)) << sim.error;
  const simulator::StepReport& report = sim.steps.back();
  size_t controllers = 0, scheduler = 0;
  for (const simulator::SimBeat& b : report.beats) {
    if (b.actor == "controllers") {
      ++controllers;
      EXPECT_TRUE(b.state);
      EXPECT_FALSE(b.lines.empty());
    }
    scheduler += b.actor == "scheduler";
  }
  EXPECT_GE(controllers, 2u);
  EXPECT_EQ(scheduler, report.placements.size());
  EXPECT_EQ(report.placements.size(), 6u);  // every pod of the new revision
  EXPECT_EQ(report.beats.front().actor, "event");
}

// The events are spelled once, in simulator/events.cpp's table: the parser reads it, and
// the README's table and docs/js-api.md's simulate row must say what it says.
TEST(SimulateEvents, TheDocsListEveryEventAsTheTableHasIt) {
  const std::string readme = testing::ReadFile(std::string(SPREADLAB_SOURCE_DIR) + "/README.md");
  const std::string jsApi = testing::ReadFile(std::string(SPREADLAB_SOURCE_DIR) + "/docs/js-api.md");
  const size_t simulateRow = jsApi.find("| `simulate(step)` |");
  ASSERT_NE(simulateRow, std::string::npos);
  const std::string jsRow = jsApi.substr(simulateRow, jsApi.find('\n', simulateRow) - simulateRow);
  for (const simulator::EventKind& k : simulator::EventKinds()) {
    SCOPED_TRACE(k.name);
    EXPECT_NE(readme.find("| `" + k.Form() + "` | " + k.help + " |\n"), std::string::npos) << "README's row";
    EXPECT_NE(jsRow.find("`" + k.Form() + "`"), std::string::npos) << "docs/js-api.md's simulate row";
    simulator::SimStep step;
    std::string error;
    EXPECT_FALSE(simulator::ParseSimStep(std::string(k.name) + " a b c d", step, error) && k.maxArgs < 4)
        << "the table's arity is checked";
  }
  simulator::SimStep step;
  std::string error;
  EXPECT_FALSE(simulator::ParseSimStep("explode zone-a", step, error));
  EXPECT_NE(error.find("(steps: " + simulator::EventForms(" | ") + ")"), std::string::npos) << error;
}

// A step built in code (the lab's menus) is the step the parser reads from the same words,
// and its arguments are held to the row as the parser holds them.
TEST(SimulateEvents, AStepBuiltFromARowIsTheStepParsed) {
  std::string error;
  for (const auto& [kind, args] : std::vector<std::pair<const simulator::EventKind*, std::vector<std::string>>>{
           {&simulator::kScaleEvent, {"default/web", "4"}},
           {&simulator::kRolloutEvent, {"default/web"}},
           {&simulator::kDrainEvent, {"node-a1"}},
           {&simulator::kFailEvent, {"topology.kubernetes.io/zone=zone-c"}},
           {&simulator::kRestoreEvent, {}},
       }) {
    const simulator::SimStep built = simulator::MakeStep(*kind, args);
    simulator::SimStep parsed;
    ASSERT_TRUE(simulator::ParseSimStep(built.text, parsed, error)) << error;
    EXPECT_EQ(built.text, parsed.text);
    EXPECT_EQ(built.action, parsed.action);
    EXPECT_EQ(built.args, parsed.args);
    EXPECT_EQ(built.kind, parsed.kind) << built.text;
    EXPECT_TRUE(simulator::CheckSimStep(built, error)) << error;
  }
  EXPECT_EQ(simulator::MakeStep(simulator::kDrainEvent, {"node-a1"}).text, "drain node-a1");
  EXPECT_EQ(simulator::MakeStep(simulator::kRestoreEvent).text, "restore");
  std::string parseError;
  simulator::SimStep parsed;
  EXPECT_FALSE(simulator::ParseSimStep("scale default/web many", parsed, parseError));
  EXPECT_FALSE(simulator::CheckSimStep(simulator::MakeStep(simulator::kScaleEvent, {"default/web", "many"}), error));
  EXPECT_EQ(error, parseError);
  EXPECT_FALSE(simulator::CheckSimStep(simulator::MakeStep(simulator::kDrainEvent), error));
  EXPECT_NE(error.find("expected drain NODE"), std::string::npos) << error;
  EXPECT_FALSE(simulator::CheckSimStep(simulator::SimStep{"explode zone-a", "explode", {"zone-a"}, nullptr}, error));
  EXPECT_NE(error.find("unknown action \"explode\""), std::string::npos) << error;
}

}  // namespace
}  // namespace spreadlab::io
