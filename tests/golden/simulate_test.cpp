// Golden tests of `spreadlab simulate` on the examples that carry their own steps (the
// spreadlab.io/simulate annotation): the facts each story teaches, asserted by hand, and
// the full table and JSON output compared with tests/golden/expected/<name>.simulate.*
// (SPREADLAB_UPDATE_GOLDEN=1 rewrites them; review the diff).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "cli/simulate_table.h"
#include "simulator/simulation.h"
#include "contracts/simulate_json.h"
#include "testing/read_file.h"

namespace spreadlab {
namespace {

namespace fs = std::filesystem;

struct Story {
  controlplane::ScenarioDoc doc;
  std::vector<simulator::StepReport> steps;
};

// As the CLI runs it: the scenario's pending pods placed, then the file's steps.
void Simulate(const std::string& name, Story& run) {
  std::string error;
  const fs::path file = testing::ExampleFile(SPREADLAB_EXAMPLES_DIR, name);
  ASSERT_TRUE(run.doc.Load(testing::ReadFile(file), error)) << error;
  simulator::Simulation sim(run.doc);
  run.steps.emplace_back();
  ASSERT_TRUE(sim.Start(run.steps.back(), error)) << error;
  for (const std::string& text : simulator::ScenarioSteps(run.doc)) {
    simulator::SimStep step;
    ASSERT_TRUE(simulator::ParseSimStep(text, step, error)) << error;
    run.steps.emplace_back();
    ASSERT_TRUE(sim.Step(step, run.steps.back(), error)) << error;
  }
}

std::string Domains(const simulator::SimSpread& s) {
  std::string out;
  for (const auto& d : s.domains) out += (out.empty() ? "" : " ") + d.value + "=" + std::to_string(d.pods);
  return out;
}

void Golden(const std::string& file, const std::string& actual) {
  const fs::path expected = fs::path(SPREADLAB_GOLDEN_DIR) / file;
  if (std::getenv("SPREADLAB_UPDATE_GOLDEN")) {
    std::ofstream(expected, std::ios::binary) << actual;
    return;
  }
  ASSERT_TRUE(fs::exists(expected)) << expected << " is missing; run with SPREADLAB_UPDATE_GOLDEN=1 and review it";
  EXPECT_EQ(testing::ReadFile(expected), actual) << "golden mismatch: " << expected;
}

void Goldens(const std::string& name, const Story& run) {
  Golden(name + ".simulate.txt", cli::SimulateTable(run.steps));
  Golden(name + ".simulate.json", contracts::SimulationToJson(run.steps, run.doc.scenario()).dump(2) + "\n");
}

// Zone C fails: its 2 pods come back in A and B. Restored, C stays empty (skew 3) until the
// descheduler evicts one pod from A and one from B, whose replacements go to C.
TEST(SimulateExamples, ZoneOutageAndRecovery) {
  Story run;
  Simulate("zone-outage", run);
  ASSERT_EQ(run.steps.size(), 4u);
  EXPECT_EQ(Domains(run.steps[0].spread.at(0)), "zone-a=2 zone-b=2 zone-c=2");
  EXPECT_EQ(run.steps[1].evicted.size(), 2u);
  EXPECT_EQ(run.steps[1].placements.size(), 2u);
  EXPECT_EQ(Domains(run.steps[1].spread.at(0)), "zone-a=3 zone-b=3");
  EXPECT_TRUE(run.steps[2].placements.empty());
  EXPECT_EQ(Domains(run.steps[2].spread.at(0)), "zone-a=3 zone-b=3 zone-c=0");
  EXPECT_EQ(run.steps[2].spread.at(0).skew, 3);
  EXPECT_EQ(run.steps[3].evicted.size(), 2u);
  for (const simulator::SimPod& p : run.steps[3].placements) EXPECT_EQ(p.node.rfind("node-c", 0), 0u) << p.pod;
  EXPECT_EQ(Domains(run.steps[3].spread.at(0)), "zone-a=2 zone-b=2 zone-c=2");
  Goldens("zone-outage", run);
}

// The zone (topology.kubernetes.io/zone In [zone]) the claim's volume is pinned to, as the
// document holds it after the story.
std::string VolumeZone(const controlplane::ScenarioDoc& doc, const std::string& claimName) {
  const Scenario& s = doc.scenario();
  for (const v1::PersistentVolumeClaim& c : s.persistentVolumeClaims) {
    if (c.metadata.name != claimName) continue;
    if (!c.metadata.annotations.count(v1::kAnnBindCompleted)) return "unbound";
    for (const v1::PersistentVolume& pv : s.persistentVolumes)
      if (pv.metadata.name == c.volumeName && pv.nodeAffinity)
        return pv.nodeAffinity->nodeSelectorTerms.at(0).matchExpressions.at(0).values.at(0);
  }
  return "";
}

// Zone C fails. The PV controller bound each db claim to a volume provisioned in its pod's
// zone at the start; web's lost pod goes to zone A or B, db-2 comes back with data-db-2
// (retained), whose volume asks for zone C: Pending on VolumeBinding. Restored, db-2 goes
// back to zone C; the descheduler then moves a web pod there.
TEST(SimulateExamples, ZoneOutageWithAStatefulSetsVolumes) {
  Story run;
  Simulate("zone-outage-statefulset", run);
  ASSERT_EQ(run.steps.size(), 4u);
  for (const simulator::SimPod& p : run.steps[0].placements)
    if (p.workload == "StatefulSet/db") {
      const std::string zone = "zone-" + p.node.substr(5, 1);  // node-a1 -> zone-a
      EXPECT_EQ(VolumeZone(run.doc, "data-" + p.pod.substr(8)), zone) << p.pod;
    }
  const simulator::StepReport& fail = run.steps[1];
  ASSERT_EQ(fail.pending.size(), 1u);
  EXPECT_EQ(fail.pending[0].pod.pod, "default/db-2");
  EXPECT_NE(fail.pending[0].message.find("node(s) didn't match PersistentVolume's node affinity"), std::string::npos)
      << fail.pending[0].message;
  ASSERT_EQ(fail.placements.size(), 1u);
  EXPECT_EQ(fail.placements[0].workload, "Deployment/web");
  EXPECT_NE(fail.placements[0].node.rfind("node-c", 0), 0u);
  const simulator::StepReport& restore = run.steps[2];
  ASSERT_EQ(restore.placements.size(), 1u);
  EXPECT_EQ(restore.placements[0].pod, "default/db-2");
  EXPECT_EQ(restore.placements[0].node.rfind("node-c", 0), 0u);
  EXPECT_TRUE(restore.pending.empty());
  const simulator::StepReport& deschedule = run.steps[3];
  ASSERT_EQ(deschedule.placements.size(), 1u);
  EXPECT_EQ(deschedule.placements[0].workload, "Deployment/web");
  EXPECT_EQ(deschedule.placements[0].node.rfind("node-c", 0), 0u);
  EXPECT_EQ(VolumeZone(run.doc, "data-db-2"), "zone-c");
  Goldens("zone-outage-statefulset", run);
}

// kubernetes#116629: the set scaled to 5 during its rollout. The new pods fill zone C while
// db-2 is gone; db-2, whose volume is in zone C, would make it 1 / 1 / 3 and stays Pending,
// holding the rollout. Scaled back to 3, db-2 goes to zone C and the rollout ends (db-1, then
// db-0, each back on its node); scaled to 5 again, db-4's retained claim pins it to zone C.
TEST(SimulateExamples, StatefulSetScaledDuringItsRollout) {
  Story run;
  Simulate("statefulset-rollout-zonal-volumes", run);
  ASSERT_EQ(run.steps.size(), 3u);
  const simulator::StepReport& start = run.steps[0];
  ASSERT_EQ(start.placements.size(), 2u);
  for (const simulator::SimPod& p : start.placements) EXPECT_EQ(p.node.rfind("node-c", 0), 0u) << p.pod;
  ASSERT_EQ(start.pending.size(), 1u);
  EXPECT_EQ(start.pending[0].pod.pod, "default/db-2");
  EXPECT_EQ(start.pending[0].message,
            "0/4 nodes are available: 2 node(s) didn't match PersistentVolume's node affinity, 2 node(s) didn't match "
            "pod topology spread constraints. preemption: 0/4 nodes are available: 2 No preemption victims found for "
            "incoming pod, 2 Preemption is not helpful for scheduling.");
  EXPECT_TRUE(start.deleted.empty());  // the rollout waits: db-2 is unavailable (maxUnavailable 1)
  const simulator::StepReport& down = run.steps[1];
  ASSERT_EQ(down.deleted.size(), 4u);
  EXPECT_EQ(down.deleted[2].pod.pod, "default/db-1");
  EXPECT_EQ(down.deleted[3].pod.pod, "default/db-0");
  ASSERT_EQ(down.placements.size(), 3u);
  EXPECT_EQ(down.placements[0].pod, "default/db-2");
  EXPECT_EQ(down.placements[0].node.rfind("node-c", 0), 0u);
  EXPECT_EQ(down.placements[1].node, "node-b1");
  EXPECT_EQ(down.placements[2].node, "node-a1");
  EXPECT_TRUE(down.pending.empty());
  EXPECT_EQ(VolumeZone(run.doc, "data-db-4"), "zone-c");  // retained
  const simulator::StepReport& up = run.steps[2];
  ASSERT_EQ(up.pending.size(), 1u);
  EXPECT_EQ(up.pending[0].pod.pod, "default/db-4");
  Goldens("statefulset-rollout-zonal-volumes", run);
}

// A rolling update with matchLabelKeys: the new revision ends 2 / 2 / 2, never more than
// maxSurge (2) above 6 pods, every old pod deleted by its ReplicaSet.
TEST(SimulateExamples, RollingUpdateWithMatchLabelKeys) {
  Story run;
  Simulate("rollout-match-label-keys", run);
  ASSERT_EQ(run.steps.size(), 2u);
  const simulator::StepReport& r = run.steps[1];
  EXPECT_EQ(r.created.size(), 6u);
  EXPECT_EQ(r.deleted.size(), 6u);
  EXPECT_TRUE(r.pending.empty());
  EXPECT_EQ(Domains(r.spread.at(0)), "zone-a=2 zone-b=2 zone-c=2");
  Goldens("rollout-match-label-keys", run);
}

// Without matchLabelKeys the new pods counted old pods that were about to go: skew 2.
TEST(SimulateExamples, RollingUpdateWithoutMatchLabelKeys) {
  Story run;
  Simulate("rollout-without-match-label-keys", run);
  ASSERT_EQ(run.steps.size(), 2u);
  const simulator::StepReport& r = run.steps[1];
  EXPECT_EQ(r.created.size(), 6u);
  EXPECT_EQ(r.deleted.size(), 6u);
  EXPECT_GT(r.spread.at(0).skew, r.spread.at(0).maxSkew);
  Goldens("rollout-without-match-label-keys", run);
}

// The scale-down from 6 to 4 leaves 2 / 2 / 0; the descheduler moves one pod to zone C; scaled
// back to 6, the new pods even it out.
TEST(SimulateExamples, ScaleDown) {
  Story run;
  Simulate("deployment-scale-down", run);
  ASSERT_EQ(run.steps.size(), 3u);
  EXPECT_EQ(run.steps[0].deleted.size(), 2u);
  EXPECT_EQ(Domains(run.steps[0].spread.at(0)), "zone-a=2 zone-b=2 zone-c=0");
  EXPECT_EQ(run.steps[1].evicted.size(), 1u);
  EXPECT_EQ(run.steps[1].spread.at(0).skew, 1);
  EXPECT_EQ(Domains(run.steps[2].spread.at(0)), "zone-a=2 zone-b=2 zone-c=2");
  Goldens("deployment-scale-down", run);
}

}  // namespace
}  // namespace spreadlab
