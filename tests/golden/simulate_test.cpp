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
