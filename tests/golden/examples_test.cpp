// Golden tests on examples/: each example's decision is asserted against the
// outcome worked out by hand (the facts a reader learns from it), and its full
// `explain --format json` and `schedule --format json` output is compared with
// the reviewed files under tests/golden/expected; so is `why --format json` of
// the examples whose pod stays Pending. Set SPREADLAB_UPDATE_GOLDEN=1
// to rewrite those files after an intended change, then review the diff.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

#include "core/scheduler/spread_report.h"
#include "contracts/compare_json.h"
#include "simulator/session.h"
#include "core/scheduler/schedule.h"
#include "contracts/schedule_json.h"
#include "contracts/trace_json.h"
#include "contracts/why_json.h"
#include "testing/read_file.h"

namespace spreadlab {
namespace {

simulator::OpenOptions ScaleWebTo6() {
  simulator::OpenOptions o;
  o.scales.resize(1);
  std::string error;
  EXPECT_TRUE(simulator::ParseScaleStep("default/web=6", o.scales[0], error)) << error;
  return o;
}

namespace fs = std::filesystem;

using testing::ReadFile;

fs::path ExampleFile(const std::string& name) { return testing::ExampleFile(SPREADLAB_EXAMPLES_DIR, name); }

struct Expectation {
  std::string example;
  std::string selected;  // "" = stays Pending
  std::string message;
  std::vector<std::string> feasible;
};

// Worked out by hand from the scenario, following upstream's rules.
const std::vector<Expectation> kExpectations = {
    // SchedulingGates' PreEnqueue: the gated pod never reaches a cycle; no node is looked at.
    {"scheduling-gates", "", "waiting for scheduling gates: [example.com/gpu-quota]", {}},
    // node3 and node4 tie on everything but NodeResourcesFit (LeastAllocated):
    // node4 is empty, 98 vs 96.
    {"one-constraint", "node4", "Successfully assigned default/mypod to node4", {"node3", "node4"}},
    {"two-constraints", "node4", "Successfully assigned default/mypod to node4", {"node4"}},
    {"conflict", "",
     "0/3 nodes are available: 3 node(s) didn't match pod topology spread constraints. preemption: 0/3 nodes are "
     "available: 3 No preemption victims found for incoming pod.",
     {}},
    {"max-skew-2", "node4", "Successfully assigned default/mypod to node4", {"node1", "node2", "node3", "node4"}},
    // PodTopologySpread prefers zoneB (node3, node4: 200 vs 66); LeastAllocated node4.
    {"schedule-anyway", "node4", "Successfully assigned default/mypod to node4", {"node1", "node2", "node3", "node4"}},
    {"three-zones", "node-c", "Successfully assigned default/web-3 to node-c", {"node-c"}},
    {"node-affinity-skew", "node1", "Successfully assigned default/pause-4 to node1", {"node1"}},
    {"cluster-default-constraints", "node-b1", "Successfully assigned default/web-4 to node-b1", {"node-b1"}},
    {"self-mismatch", "node4", "Successfully assigned default/mypod to node4", {"node1", "node2", "node3", "node4"}},
    // Issue 3: the whole score sum.
    // LeastAllocated 94 vs 20 outweighs the spread's 132 vs 200: 600 to 595.
    {"spread-outvoted", "node-a1", "Successfully assigned default/web-8 to node-a1", {"node-a1", "node-b1"}},
    // PodTopologySpread weight 5: 500 + 300 + 20 + 75 = 895 against 330 + 300 + 94 + 74 = 798.
    {"spread-weighted", "node-b1", "Successfully assigned default/web-8 to node-b1", {"node-a1", "node-b1"}},
    // LeastAllocated after the pod: node-3 (cpu 87, memory 87) over node-2 (57) and node-1 (27).
    {"resources-least-allocated", "node-3", "Successfully assigned default/job-1 to node-3",
     {"node-1", "node-2", "node-3"}},
    // MostAllocated: node-1 (71) over node-2 (41) and node-3 (12).
    {"resources-most-allocated", "node-1", "Successfully assigned default/job-1 to node-1",
     {"node-1", "node-2", "node-3"}},
    // BalancedAllocation 76 vs 73 for node-cpu-heavy; LeastAllocated 21 vs 46 decides.
    {"balanced-allocation", "node-even", "Successfully assigned default/cache to node-even",
     {"node-cpu-heavy", "node-even"}},
    // Shape peaking at 50%: node-50 reaches exactly 50% of cpu and memory (100).
    {"requested-to-capacity-ratio", "node-50", "Successfully assigned default/worker to node-50",
     {"node-20", "node-50", "node-80"}},
    {"pod-anti-affinity-zone", "node-c1", "Successfully assigned default/cache-3 to node-c1", {"node-c1"}},
    // The article's tables: 100/0/0/66/33/66 and 0/0/33/0/33/33 (node3 first of the tie).
    {"selector-spread-table1", "node1", "Successfully assigned default/new to node1",
     {"node1", "node2", "node3", "node4", "node5", "node6"}},
    {"selector-spread-table2", "node3", "Successfully assigned default/new to node3",
     {"node1", "node2", "node3", "node4", "node5", "node6"}},
    // Issue 5: conflicts `spreadlab why` explains.
    // One zoneA and one zoneB pod, minDomains 3: two eligible domains, so the
    // global minimum is 0 and every node has skew 1 + 1 - 0 = 2 > 1.
    {"conflict-min-domains", "", "0/4 nodes are available: 4 node(s) didn't match pod topology spread constraints. "
     "preemption: 0/4 nodes are available: 4 No preemption victims found for incoming pod.", {}},
    // node3 (zoneB) fails the affinity first; zoneA counts 2 against the
    // minimum 0 of zoneB, which nodeAffinityPolicy Ignore keeps.
    {"conflict-node-affinity", "",
     "0/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 2 node(s) didn't match pod "
     "topology spread constraints. preemption: 0/3 nodes are available: 1 Preemption is not helpful for "
     "scheduling, 2 No preemption victims found for incoming pod.",
     {}},
    // node3's taint; zoneA 1 + 1 - 0 = 2 with the tainted zoneB counted (nodeTaintsPolicy Ignore).
    {"conflict-taint", "",
     "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match pod "
     "topology spread constraints. preemption: 0/3 nodes are available: 1 Preemption is not helpful for "
     "scheduling, 2 No preemption victims found for incoming pod.",
     {}},
    // zoneA passes the spread (1 + 1 - 1) but holds web-1 (anti-affinity); zoneB
    // fails the spread first (2 + 1 - 1 = 2), PodTopologySpread running before InterPodAffinity.
    // Issue 11: the Deployment controller makes the pods (YAML manifests). The first replica:
    // zone A's node runs a 2-cpu batch pod, so LeastAllocated prefers B and C (95 vs 58), tied; B first.
    {"deployment-three-zones", "node-b1", "Successfully assigned default/web-597846f588-2hr5q to node-b1",
     {"node-a1", "node-b1", "node-c1"}},
    // The shop: the first web replica finds three empty zones and six equal nodes; every
    // score ties and the first node wins.
    {"shop", "node-a1", "Successfully assigned shop/web-5c4f78b54c-dj7rb to node-a1",
     {"node-a1", "node-a2", "node-b1", "node-b2", "node-c1", "node-c2"}},
    // Issue 16's stories: six empty, equal nodes; every score ties and the first node of the
    // node tree (zone-a's first) is chosen.
    {"zone-outage", "node-a1", "Successfully assigned default/web-597846f588-2hr5q to node-a1",
     {"node-a1", "node-a2", "node-b1", "node-b2", "node-c1", "node-c2"}},
    // Issue 31: the StatefulSet's first replica; its claim waits for its first consumer, so every
    // node can have its disk made; six empty, equal nodes tie and the first wins.
    {"zone-outage-statefulset", "node-a1", "Successfully assigned default/db-0 to node-a1",
     {"node-a1", "node-a2", "node-b1", "node-b2", "node-c1", "node-c2"}},
    // kubernetes#116629: mid-rollout, scaled to 5: db-3 is first in the queue, and with db-2
    // terminating zone C has no db pod: only zone C's nodes pass the spread (they tie, c1 first).
    {"statefulset-rollout-zonal-volumes", "node-c1", "Successfully assigned default/db-3 to node-c1",
     {"node-c1", "node-c2"}},
    {"rollout-match-label-keys", "node-a1", "Successfully assigned default/web-597846f588-2hr5q to node-a1",
     {"node-a1", "node-a2", "node-b1", "node-b2", "node-c1", "node-c2"}},
    {"rollout-without-match-label-keys", "node-a1", "Successfully assigned default/web-75844c4d76-6z7vd to node-a1",
     {"node-a1", "node-a2", "node-b1", "node-b2", "node-c1", "node-c2"}},
    // minDomains 3 over 2 zones: the global minimum is 0, so the first replica may go
    // to either zone (a tie, the first evaluated wins); schedule leaves the third Pending.
    {"deployment-min-domains", "node-a1", "Successfully assigned default/web-6f6d5d57d7-vhxnv to node-a1",
     {"node-a1", "node-b1"}},
    // A rollout: the new revision's first pod counts only its own revision (matchLabelKeys),
    // so every zone is open; LeastAllocated picks node-c1, which runs no old pod. Schedule:
    // c, b, a (without matchLabelKeys: c, b, c).
    {"deployment-rollout-match-label-keys", "node-c1", "Successfully assigned default/web-6ffc58b997-srw7j to node-c1",
     {"node-a1", "node-b1", "node-c1"}},
    // labelSelector: {} counts no pod up to 1.37 (kubernetes#141340 changes it in master), so the
    // constraint rejects nothing and LeastAllocated picks the 16-cpu node-a1.
    {"spread-empty-selector", "node-a1", "Successfully assigned default/web-new to node-a1",
     {"node-a1", "node-b1", "node-c1"}},
    // Issue 30: web-1's Immediate disk was made in zone-a before scheduling. zone-b's nodes fail
    // VolumeBinding (the volume's node affinity), zone-a's the spread (1 + 1 - 0 = 2 > 1).
    {"immediate-volume-spread", "",
     "0/4 nodes are available: 2 node(s) didn't match PersistentVolume's node affinity, 2 node(s) didn't match pod "
     "topology spread constraints. preemption: 0/4 nodes are available: 2 No preemption victims found for incoming "
     "pod, 2 Preemption is not helpful for scheduling.",
     {}},
    // Issue 30: db-2's claim is bound to a volume whose node affinity asks for zone-c, which has
    // no node left; VolumeBinding rejects all four nodes (the spread alone would allow them).
    {"statefulset-volume-zone", "",
     "0/4 nodes are available: 4 node(s) didn't match PersistentVolume's node affinity. preemption: 0/4 nodes are "
     "available: 4 Preemption is not helpful for scheduling.",
     {}},
    // Issue 30: the spread wants zone-a (0 db pods against zone-b's 1), but zone-a's only node already
    // has 2 EBS disks attached and its CSINode allows 2: NodeVolumeLimits rejects it; zone-b's node
    // fails the spread (1 + 1 - 0 = 2 > 1), the full node's zone still counting.
    {"node-out-of-volume-attachments", "",
     "0/2 nodes are available: 1 node(s) didn't match pod topology spread constraints, 1 node(s) exceed max volume "
     "count. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.",
     {}},
    // Both nodes are full with priority-0 batch pods; deleting one on either node makes room,
    // and the later start (batch-b, 10:30) decides: node-b1 is nominated.
    {"preemption", "",
     "0/2 nodes are available: 2 Insufficient cpu. preemption: found a potential placement for pod on node node-b1, "
     "preempting 1 victims",
     {}},
    {"conflict-delete-pod", "",
     "0/4 nodes are available: 2 node(s) didn't match pod anti-affinity rules, 2 node(s) didn't match pod topology "
     "spread constraints. preemption: 0/4 nodes are available: 4 No preemption victims found for incoming pod.",
     {}},
};

void PrintTo(const Expectation& e, std::ostream* os) { *os << e.example; }

void CompareGolden(const fs::path& expected, const std::string& actual) {
  if (std::getenv("SPREADLAB_UPDATE_GOLDEN")) {
    std::ofstream(expected, std::ios::binary) << actual;
    return;
  }
  ASSERT_TRUE(fs::exists(expected)) << expected << " is missing; run with SPREADLAB_UPDATE_GOLDEN=1 and review it";
  EXPECT_EQ(ReadFile(expected), actual) << "golden mismatch: " << expected;
}

// Examples about what the controllers do, with no pod to explain: `schedule` only.
const std::vector<std::string> kNothingPending = {"deployment-scale-down"};

TEST(Examples, EveryExampleHasAnExpectation) {
  for (const auto& entry : fs::directory_iterator(SPREADLAB_EXAMPLES_DIR)) {
    if (entry.path().extension() != ".json" && entry.path().extension() != ".yaml") continue;
    std::string name = entry.path().stem().string();
    bool found = false;
    for (const auto& e : kExpectations) found |= e.example == name;
    for (const auto& e : kNothingPending) found |= e == name;
    EXPECT_TRUE(found) << "examples/" << entry.path().filename().string() << " has no hand-checked expectation";
  }
}

class ExampleTest : public ::testing::TestWithParam<Expectation> {};

TEST_P(ExampleTest, ExplainMatchesHandWorkedOutcomeAndGolden) {
  const Expectation& e = GetParam();
  simulator::Session session;
  std::string error;
  ASSERT_TRUE(simulator::OpenSession(ReadFile(ExampleFile(e.example)), session, error)) << error;
  PodIndex pod = simulator::ChoosePod(*session.cluster, "", error);
  ASSERT_NE(pod, kNone) << error;
  CycleTrace trace;
  session.framework->RunCycle(pod, trace, true);
  EXPECT_EQ(trace.error, "");
  EXPECT_EQ(trace.selected == kNone ? "" : session.cluster->node(trace.selected).name, e.selected);
  EXPECT_EQ(trace.message, e.message);
  std::vector<std::string> feasible;
  for (const auto& nt : trace.nodes)
    if (nt.feasible) feasible.push_back(session.cluster->node(nt.node).name);
  EXPECT_EQ(feasible, e.feasible);

  auto json = contracts::TraceToJson(*session.cluster, session.framework->profile(), trace).dump(2) + "\n";
  CompareGolden(fs::path(SPREADLAB_GOLDEN_DIR) / (e.example + ".explain.json"), json);
}

// What `spreadlab schedule FILE --format json` prints.
std::string ScheduleJson(simulator::Session& session) {
  auto pending = session.cluster->PendingPods();
  auto placements = ScheduleAll(*session.cluster, *session.framework);
  auto spread = ReportSpread(*session.framework, *session.cluster, simulator::SpreadSubjects(session, std::move(pending)));
  return contracts::ScheduleToJson(*session.cluster, placements, spread, session.deleted).dump(2) + "\n";
}

// Worked out by hand: the Deployment scaled from 6 to 4 makes its ReplicaSet delete the
// 2 youngest of the 4 pods that share a node (zones B and C): both of zone C.
TEST(Examples, ScaleDownDeletesBothPodsOfZoneC) {
  simulator::Session session;
  std::string error;
  ASSERT_TRUE(simulator::OpenSession(ReadFile(ExampleFile("deployment-scale-down")), session, error)) << error;
  ASSERT_EQ(session.deleted.size(), 2u);
  for (const auto& d : session.deleted) EXPECT_EQ(d.nodeName, "node-c1") << d.name;
  EXPECT_TRUE(session.cluster->PendingPods().empty());
  CompareGolden(fs::path(SPREADLAB_GOLDEN_DIR) / "deployment-scale-down.schedule.json", ScheduleJson(session));
  // Scaled back to 6: the 2 new pods go to zone C.
  simulator::Session again;
  ASSERT_TRUE(simulator::OpenSession(ReadFile(ExampleFile("deployment-scale-down")), again, error, {}, ScaleWebTo6()))
      << error;
  for (const auto& p : ScheduleAll(*again.cluster, *again.framework))
    EXPECT_EQ(p.node == kNone ? "" : again.cluster->node(p.node).name, "node-c1");
}

// Worked out by hand: the controllers create the Deployment's 6 pods (named
// web-<pod-template-hash>-<5 chars>), then the StatefulSet's db-0..db-2; the zone constraint
// takes the web pods round the zones (a, b, c, a, b, c: only the zones with fewest web pods
// are open, and among their nodes LeastAllocated prefers the empty one, the first on a tie),
// and db's required zone anti-affinity sends each db pod to a zone without one (all nodes
// tie by then: one web pod each).
TEST(Examples, ShopPlacesTheControllersPodsInCreationOrder) {
  simulator::Session session;
  std::string error;
  ASSERT_TRUE(simulator::OpenSession(ReadFile(ExampleFile("shop")), session, error)) << error;
  std::vector<std::string> placed;
  for (const auto& p : ScheduleAll(*session.cluster, *session.framework)) {
    ASSERT_NE(p.node, kNone) << session.cluster->pod(p.pod).key;
    placed.push_back(session.cluster->pod(p.pod).key + " " + session.cluster->node(p.node).name);
  }
  const std::vector<std::string> expected = {
      "shop/web-5c4f78b54c-dj7rb node-a1", "shop/web-5c4f78b54c-6t5nf node-b1", "shop/web-5c4f78b54c-lvssz node-c1",
      "shop/web-5c4f78b54c-xs4td node-a2", "shop/web-5c4f78b54c-sfjsw node-b2", "shop/web-5c4f78b54c-r9hxp node-c2",
      "shop/db-0 node-a1",                 "shop/db-1 node-b1",                 "shop/db-2 node-c1"};
  EXPECT_EQ(placed, expected);
}

TEST_P(ExampleTest, ScheduleGolden) {
  const Expectation& e = GetParam();
  simulator::Session session;
  std::string error;
  ASSERT_TRUE(simulator::OpenSession(ReadFile(ExampleFile(e.example)), session, error)) << error;
  CompareGolden(fs::path(SPREADLAB_GOLDEN_DIR) / (e.example + ".schedule.json"), ScheduleJson(session));
}

// `why` on the Pending examples: the full report as a golden file, and the
// first-ranked change worked out by hand.
class WhyExampleTest : public ::testing::TestWithParam<Expectation> {};

TEST_P(WhyExampleTest, WhyGolden) {
  const Expectation& e = GetParam();
  simulator::Session session;
  std::string error;
  ASSERT_TRUE(simulator::OpenSession(ReadFile(ExampleFile(e.example)), session, error)) << error;
  PodIndex pod = simulator::ChoosePod(*session.cluster, "", error);
  why::Report report;
  ASSERT_TRUE(why::Analyze(*session.cluster, *session.framework, pod, {}, report, error)) << error;
  const std::map<std::string, std::string> kFirst = {
      {"conflict", "constraint #1 (topologyKey zone): maxSkew 1 -> 2"},
      {"conflict-min-domains", "constraint #1 (topologyKey zone): maxSkew 1 -> 2"},
      {"conflict-node-affinity", "constraint #1 (topologyKey zone): nodeAffinityPolicy -> Honor"},
      {"conflict-taint", "constraint #1 (topologyKey zone): maxSkew 1 -> 2"},
      {"conflict-delete-pod", "delete pod default/web-1 (on node1)"},
      // Insufficient cpu on both nodes: a node like node-a1 first (issue 28; "no single change" before).
      {"preemption", "add node node-a1-new (a copy of node-a1, no pods)"},
      // Only zone-a holds the volume: the spread must allow a second pod there.
      {"immediate-volume-spread", "constraint #1 (topologyKey topology.kubernetes.io/zone): maxSkew 1 -> 2"},
      // A node where the volume is: zone-c.
      {"statefulset-volume-zone",
       "add node node-a1-zone-c-new (a copy of node-a1 with topology.kubernetes.io/zone=zone-c, no pods)"},
      // The full node is zone-a's only one: the spread must allow a second pod in zone-b.
      {"node-out-of-volume-attachments", "constraint #1 (topologyKey topology.kubernetes.io/zone): maxSkew 1 -> 2"},
  };
  const auto first = kFirst.find(e.example);
  ASSERT_NE(first, kFirst.end());
  ASSERT_FALSE(report.suggestions.empty());
  EXPECT_EQ(report.suggestions[0].summary, first->second);
  if (e.example == "preemption") {  // and the lower-priority pod preemption removes
    ASSERT_TRUE(report.preemption);
    EXPECT_EQ(session.cluster->node(report.preemption->nominatedNode).name, "node-b1");
    ASSERT_EQ(report.preemption->victims.size(), 1u);
    EXPECT_EQ(session.cluster->pod(report.preemption->victims[0]).key, "default/batch-b");
  }
  CompareGolden(fs::path(SPREADLAB_GOLDEN_DIR) / (e.example + ".why.json"),
                contracts::WhyToJson(*session.cluster, report).dump(2) + "\n");
}

// `compare`: two profiles (spread-outvoted / spread-weighted) and two versions of a
// constraint (one-constraint / max-skew-2) on the same cluster.
TEST(CompareExamples, TwoProfilesAndTwoConstraintVersions) {
  struct Pair {
    std::string a, b, selectedA, selectedB;
    std::vector<std::string> differ;
  };
  const std::vector<Pair> pairs = {
      // PodTopologySpread weight 2 -> 5: node-b1 895 beats node-a1 798.
      {"spread-outvoted", "spread-weighted", "node-a1", "node-b1", {"node-a1", "node-b1"}},
      // maxSkew 1 -> 2 admits zoneA's node1 and node2; node4 still scores best.
      {"one-constraint", "max-skew-2", "node4", "node4", {"node1", "node2"}},
  };
  for (const Pair& p : pairs) {
    SCOPED_TRACE(p.a + " vs " + p.b);
    simulator::Session a, b;
    std::string error;
    ASSERT_TRUE(simulator::OpenSession(ReadFile(ExampleFile(p.a)), a, error)) << error;
    ASSERT_TRUE(simulator::OpenSession(ReadFile(ExampleFile(p.b)), b, error)) << error;
    const std::string pod = a.cluster->pod(simulator::ChoosePod(*a.cluster, "", error)).key;
    why::Comparison c;
    ASSERT_TRUE(why::Compare(*a.cluster, *a.framework, *b.cluster, *b.framework, pod, c, error)) << error;
    EXPECT_EQ(c.selectedA, p.selectedA);
    EXPECT_EQ(c.selectedB, p.selectedB);
    std::vector<std::string> differ;
    for (const auto& r : c.rows)
      if (r.differs) differ.push_back(r.node);
    EXPECT_EQ(differ, p.differ);
    CompareGolden(fs::path(SPREADLAB_GOLDEN_DIR) / (p.a + ".vs." + p.b + ".compare.json"),
                  contracts::CompareToJson(c).dump(2) + "\n");
  }
}

std::string TestName(const ::testing::TestParamInfo<Expectation>& info) {
  std::string n = info.param.example;
  for (auto& c : n)
    if (c == '-') c = '_';
  return n;
}

std::vector<Expectation> PendingExamples() {
  std::vector<Expectation> out;
  for (const auto& e : kExpectations)
    if (e.selected.empty() && e.message.rfind("waiting for scheduling gates", 0) != 0) out.push_back(e);
  return out;
}

// A gated pod: nothing in a cycle to change; why says so and suggests nothing.
TEST(WhyExamples, AGatedPodHasNothingToChangeInACycle) {
  simulator::Session session;
  std::string error;
  ASSERT_TRUE(simulator::OpenSession(ReadFile(ExampleFile("scheduling-gates")), session, error)) << error;
  why::Report report;
  ASSERT_TRUE(why::Analyze(*session.cluster, *session.framework, simulator::ChoosePod(*session.cluster, "", error), {},
                           report, error))
      << error;
  EXPECT_EQ(report.schedulingGates, std::vector<std::string>{"example.com/gpu-quota"});
  EXPECT_TRUE(report.suggestions.empty());
  EXPECT_FALSE(report.searched);
}

INSTANTIATE_TEST_SUITE_P(Examples, ExampleTest, ::testing::ValuesIn(kExpectations), TestName);
INSTANTIATE_TEST_SUITE_P(Examples, WhyExampleTest, ::testing::ValuesIn(PendingExamples()), TestName);

}  // namespace
}  // namespace spreadlab
