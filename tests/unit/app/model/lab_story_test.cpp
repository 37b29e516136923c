// The lab tells an example's story as `spreadlab simulate` does (issue 28): an event on a
// cluster with pending pods places them first, as a step of its own ("start"); the
// timeline's chart shows each domain's count at the cursor; failed nodes stay listed.
#include <gtest/gtest.h>

#include "app/model/lab.h"
#include "app/model/timeline_chart.h"
#include "contracts/simulate_json.h"
#include "testing/read_file.h"

namespace spreadlab::app {
namespace {

const std::string kFail = "fail topology.kubernetes.io/zone=zone-c";

std::string ZoneOutage() { return testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/zone-outage.yaml"); }

// What `spreadlab simulate zone-outage.yaml --step ...` reports: its Simulation's Start, then each step.
nlohmann::ordered_json CliSimulate(const std::vector<std::string>& steps) {
  controlplane::ScenarioDoc doc;
  std::string error;
  EXPECT_TRUE(doc.Load(ZoneOutage(), error)) << error;
  simulator::Simulation sim(doc);
  std::vector<simulator::StepReport> reports(1);
  EXPECT_TRUE(sim.Start(reports[0], error)) << error;
  for (const std::string& text : steps) {
    simulator::SimStep step;
    EXPECT_TRUE(simulator::ParseSimStep(text, step, error)) << error;
    EXPECT_TRUE(sim.Step(step, reports.emplace_back(), error)) << error;
  }
  return contracts::SimulationToJson(reports, doc.scenario());
}

nlohmann::ordered_json LabEvents(const Lab& lab) {
  std::vector<simulator::StepReport> reports;
  for (const simulator::StepReport* e : lab.Events()) reports.push_back(*e);
  return contracts::SimulationToJson(reports, lab.doc().scenario());
}

TEST(LabStoryTest, AnEventPlacesThePendingPodsFirstAsTheCliDoes) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(ZoneOutage(), "zone-outage.yaml", error)) << error;
  ASSERT_EQ(lab.PendingPods().size(), 6u);
  ASSERT_TRUE(lab.Simulate(kFail, &error)) << error;
  const std::vector<const simulator::StepReport*> events = lab.Events();
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0]->action, "start");
  EXPECT_EQ(events[0]->placements.size(), 6u);
  EXPECT_EQ(events[1]->evicted.size(), 2u) << "zone C's two pods are lost with it";
  EXPECT_EQ(events[1]->created.size(), 2u) << "and replaced";
  EXPECT_EQ(LabEvents(lab), CliSimulate({kFail}));
  ASSERT_TRUE(lab.Simulate("restore", &error)) << error;
  ASSERT_TRUE(lab.Simulate("deschedule", &error)) << error;
  EXPECT_EQ(lab.Events().size(), 4u) << "a settled cluster has no start of its own";
  EXPECT_EQ(LabEvents(lab), CliSimulate({kFail, "restore", "deschedule"}));
  // Undo takes the first event back with its start: the pods are pending again.
  ASSERT_TRUE(lab.Undo() && lab.Undo() && lab.Undo());
  EXPECT_TRUE(lab.Events().empty());
  EXPECT_EQ(lab.PendingPods().size(), 6u);
}

// The chart's legend is the count at the cursor: the zone failed and its pods not yet
// replaced shows 2 / 2 / gone, the end 3 / 3 / gone.
TEST(LabStoryTest, TheTimelineLegendShowsTheCountsAtTheCursor) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(ZoneOutage(), "zone-outage.yaml", error)) << error;
  ASSERT_TRUE(lab.Simulate(kFail, &error)) << error;
  const std::vector<TimelineStep>& t = lab.timeline();
  size_t event = 0;
  while (event < t.size() && !(t[event].actor == "event" && t[event].message == kFail)) ++event;
  ASSERT_LT(event, t.size());
  EXPECT_EQ(t[0].message, "start");
  using Legend = std::vector<std::optional<int32_t>>;
  auto legend = [&](size_t cursor) {
    lab.ScrubTo(cursor);
    const std::optional<TimelineChart> chart = ChartTimeline(lab.timeline(), lab.timelineCursor());
    EXPECT_TRUE(chart);
    if (chart) EXPECT_EQ(chart->domains, (std::vector<std::string>{"zone-a", "zone-b", "zone-c"}));
    return chart ? chart->legend : Legend{};
  };
  EXPECT_EQ(legend(event), (Legend{2, 2, 2})) << "the six pods placed, before the outage";
  EXPECT_EQ(legend(event + 1), (Legend{2, 2, -1})) << "zone C failed, its pods not replaced yet";
  EXPECT_EQ(legend(t.size()), (Legend{3, 3, -1}));
  EXPECT_EQ(legend(0), (Legend{std::nullopt, std::nullopt, std::nullopt}));
}

// A failed zone's nodes stay listed (the picture shows them greyed) until restore.
TEST(LabStoryTest, FailedNodesAreListedUntilRestore) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(ZoneOutage(), "zone-outage.yaml", error)) << error;
  ASSERT_TRUE(lab.Simulate(kFail, &error)) << error;
  const std::vector<controlplane::ScenarioDoc::FailedNode> failed = lab.doc().FailedNodes();
  ASSERT_EQ(failed.size(), 2u);
  EXPECT_EQ(failed[0].name, "node-c1");
  EXPECT_EQ(failed[1].labels.at("topology.kubernetes.io/zone"), "zone-c");
  ASSERT_TRUE(lab.Simulate("restore", &error)) << error;
  EXPECT_TRUE(lab.doc().FailedNodes().empty());
}

}  // namespace
}  // namespace spreadlab::app
