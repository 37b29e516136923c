// Ported from kubernetes/kubernetes
//   pkg/scheduler/framework/plugins/noderesources/balanced_allocation_test.go
//   (TestNodeResourcesBalancedAllocation), the version after
//   kubernetes/kubernetes#135573 (the score considers the change of the node's
//   balance: MaxNodeScore/2 + (MaxNodeScore/2 + with pod - without pod) / 2).
// Case names are upstream's, verbatim; the per-node comments are upstream's.
//
// Not ported, and why:
//  - DRA-backed extended resources (not modelled): "include DRA resource on a
//    node for balanced resource allocation" and the same "if PreScore not
//    called" (2 cases).
//  - TestBalancedAllocationSignPod: pod signing has no counterpart here.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/plugins/noderesources/balanced_allocation.h"
#include "plugins/explain_test_util.h"
#include "plugins/noderesources_test_util.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using plugins::BalancedAllocation;
using testing::MakeNode;
using testing::MakePod;
using testing::PluginHarness;

using testing::noderesources::makeNode;

std::map<std::string, std::string> cpuOnly(std::string cpu) { return {{"cpu", std::move(cpu)}}; }
std::map<std::string, std::string> cpuAndMemory(std::string cpu, std::string memory) {
  return {{"cpu", std::move(cpu)}, {"memory", std::move(memory)}};
}
std::map<std::string, std::string> cpuAndMemoryAndGpu(std::string cpu, std::string memory, std::string gpu) {
  return {{"cpu", std::move(cpu)}, {"memory", std::move(memory)}, {"nvidia.com/gpu", std::move(gpu)}};
}
std::map<std::string, int64_t> gpu(int64_t n) { return {{"nvidia.com/gpu", n}}; }

struct Case {
  std::string name;
  v1::Pod requestedPod;
  std::vector<v1::Node> nodes;
  std::vector<v1::Pod> existingPods;
  std::vector<int64_t> expectedScores;
  config::NodeResourcesBalancedAllocationArgs args;
  bool runPreScore = true;
  Code expectedPreScoreStatusCode = Code::Success;
};

// Runs the table on the release `release` (its BalancedAllocation formula).
void RunCases(const std::vector<Case>& tests, const Release& release) {
  Scenario extra;
  extra.release = release;
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    std::vector<v1::Pod> existingPods = test.existingPods;
    for (size_t i = 0; i < existingPods.size(); ++i) existingPods[i].metadata.name = "existing" + std::to_string(i);
    v1::Pod pod = test.requestedPod;
    pod.metadata.name = "incoming";
    auto args = test.args;
    PluginHarness h(test.nodes, existingPods, pod,
                    [args](Handle hd) { return std::make_unique<BalancedAllocation>(hd, args); }, extra);
    auto& p = dynamic_cast<BalancedAllocation&>(h.plugin());
    if (test.runPreScore) {
      std::vector<NodeIndex> all;
      for (const auto& n : h.cluster().nodes()) all.push_back(n.index);
      Status status = p.PreScore(h.state(), h.pod(), all, nullptr);
      EXPECT_EQ(status.code, test.expectedPreScoreStatusCode)
          << "unexpected status code, want: " << CodeName(test.expectedPreScoreStatusCode)
          << ", got: " << CodeName(status.code);
      if (status.code == Code::Skip) continue;  // skipping score test as PreScore returned skip
    }
    for (size_t i = 0; i < test.nodes.size(); ++i) {
      int64_t hostResult = 0;
      Status status =
          p.Score(h.state(), h.pod(), h.cluster().node(h.cluster().FindNode(test.nodes[i].metadata.name)), hostResult);
      EXPECT_TRUE(status.IsSuccess()) << "Score is expected to return success, but didn't. Got status: "
                                      << status.Message();
      EXPECT_EQ(hostResult, test.expectedScores[i]) << "unexpected score for host " << test.nodes[i].metadata.name;
    }
  }
}

TEST(BalancedAllocationTest, TestNodeResourcesBalancedAllocation) {
  const std::vector<config::ResourceSpec> defaultResourceBalancedAllocationSet = {{"cpu", 1}, {"memory", 1}};
  const std::vector<config::ResourceSpec> withGPU = {{"cpu", 1}, {"memory", 1}, {"nvidia.com/gpu", 1}};
  const auto req = MakePod().Req(cpuAndMemory("1000m", "2000")).Req(cpuAndMemory("2000m", "3000")).Obj();
  auto existing = [] {
    return std::vector<v1::Pod>{
        MakePod().Node("node1").Req(cpuOnly("1000m")).Req(cpuOnly("2000m")).Obj(),
        MakePod().Node("node2").Req(cpuAndMemory("1000m", "2000")).Req(cpuAndMemory("2000m", "3000")).Obj()};
  };
  std::vector<Case> tests = {
      // bestEffort pods, skip in PreScore
      {"nothing scheduled, nothing requested, skip in PreScore",
       MakePod().Obj(),
       {makeNode("node1", 4000, 10000), makeNode("node2", 4000, 10000)},
       {},
       {},
       {defaultResourceBalancedAllocationSet},
       true,
       Code::Skip},
      // Node1
      //  CPU: 0 -> 3000/4000 (0% -> 75%)
      //  Memory: 0 -> 5000/10000 (0% -> 50%)
      //  Score: 68 (100 -> 87)
      // Node2
      //  CPU: 0 -> 3000/6000 (0% -> 50%)
      //  Memory: 0 -> 5000/10000 (0% -> 50%)
      //  Score: 75 (100 -> 100)
      {"nothing scheduled, resources requested, differently sized nodes",
       req,
       {makeNode("node1", 4000, 10000), makeNode("node2", 6000, 10000)},
       {},
       {68, 75},
       {defaultResourceBalancedAllocationSet}},
      // Node1
      //  CPU: 3000 -> 6000/10000 (30% -> 60%)
      //  Memory: 0 -> 5000/20000 (0% -> 25%)
      //  Score: 73 (85 -> 82)
      // Node2
      //  CPU: 3000 -> 6000/10000 (30% -> 60%)
      //  Memory: 5000 -> 10000/20000 (25% -> 50%)
      //  Score: 74 (97 -> 95)
      {"resources requested, pods scheduled with resources",
       req,
       {makeNode("node1", 10000, 20000), makeNode("node2", 10000, 20000)},
       existing(),
       {73, 74},
       {defaultResourceBalancedAllocationSet}},
      // Node1
      //  CPU: 3000 -> 6000/10000 (30% -> 60%)
      //  Memory: 0 -> 5000/20000 (0% -> 25%)
      //  Score: 73 (85 -> 82)
      // Node2
      //  CPU: 3000 -> 6000/10000 (30% -> 60%)
      //  Memory: 5000 -> 10000/50000 (10% -> 20%)
      //  Score: 70 (90 -> 80)
      {"resources requested, pods scheduled with resources, differently sized nodes",
       req,
       {makeNode("node1", 10000, 20000), makeNode("node2", 10000, 50000)},
       existing(),
       {73, 70},
       {defaultResourceBalancedAllocationSet}},
      // Node1
      //  CPU: 3000 -> 3000/3000 (100% -> 100%)
      //  Memory: 0 -> 5000/5000 (0% -> 100%)
      //  Score: 100 (50 -> 100)
      // Node2
      //  CPU: 0 -> 0/10000 (0% -> 0%)
      //  Memory: 0 -> 5000/5000 (0% -> 100%)
      //  Score: 50 (100 -> 50)
      {"resources requested, pods scheduled with resources, nodes to reach min/max score",
       MakePod().Req({{"memory", "2000"}}).Req({{"memory", "3000"}}).Obj(),
       {makeNode("node1", 3000, 5000), makeNode("node2", 3000, 5000)},
       {MakePod().Node("node1").Req(cpuOnly("1000m")).Req(cpuOnly("2000m")).Obj()},
       {100, 50},
       {defaultResourceBalancedAllocationSet}},
      // Node1
      //  CPU: 3000 -> 6000/6000 (50% -> 100%)
      //  Memory: 0 -> 0/10000 (0% -> 0%)
      //  Score: 62 (75 -> 50)
      // Node2
      //  CPU: 3000 -> 6000/6000 (50% -> 100%)
      //  Memory: 5000 -> 5000/10000 (50% -> 50%)
      //  Score: 62 (100 -> 75)
      {"requested resources at node capacity",
       MakePod().Req(cpuOnly("1000m")).Req(cpuOnly("2000m")).Obj(),
       {makeNode("node1", 6000, 10000), makeNode("node2", 6000, 10000)},
       existing(),
       {62, 62},
       {defaultResourceBalancedAllocationSet}},
      // Node1
      //  CPU: 3000 -> 3000/3500 (85.7% -> 85.7%)
      //  Memory: 5000 -> 5000/40000 (12.5% -> 12.5%)
      //  GPU: 3 -> 4/8 (37.5% -> 50%)
      //  Score: 75 (69 -> 70)
      // Node2
      //  CPU: 3000 -> 3000/3500 (85.7% -> 85.7%)
      //  Memory: 5000 -> 5000/40000 (12.5% -> 12.5%)
      //  GPU: 0 -> 1/8 (0% -> 12.5%)
      //  Score: 76 (62 -> 65)
      {"scalar resource is included in the score computation if pod requests the scalar resource",
       MakePod().Req(cpuAndMemoryAndGpu("0", "0", "1")).Obj(),
       {makeNode("node1", 3500, 40000, gpu(8)), makeNode("node2", 3500, 40000, gpu(8))},
       {MakePod().Node("node1").Req(cpuAndMemory("1000m", "2000")).Req(cpuAndMemoryAndGpu("2000m", "3000", "3")).Obj(),
        MakePod().Node("node2").Req(cpuAndMemory("1000m", "2000")).Req(cpuAndMemory("2000m", "3000")).Obj()},
       {75, 76},
       {withGPU}},
      // Node1
      //  CPU: 0 -> 3000/3500 (0% -> 85.7%)
      //  Memory: 0 -> 5000/40000 (0% -> 12.5%)
      //  GPU: 0 -> 0/8 (scalar resource not requested by pod, ignored)
      //  Score: 56 (100 -> 63)
      // Node2
      //  CPU: 0 -> 3000/3500 (0% -> 85.7%)
      //  Memory: 0 -> 5000/40000 (0% -> 12.5%)
      //  Score: 56 (100 -> 63)
      {"scalar resource is not included in the score computation if pod doesn't request the scalar resource",
       req,
       {makeNode("node1", 3500, 40000, gpu(8)), makeNode("node2", 3500, 40000)},
       {},
       {56, 56},
       {withGPU}},
      // Whether or not prescore was called, the end result should be the same.
      // Node1
      //  CPU: 3000 -> 6000/10000 (30% -> 60%)
      //  Memory: 0 -> 5000/20000 (0% -> 25%)
      //  Score: 73 (85 -> 82)
      // Node2
      //  CPU: 3000 -> 6000/10000 (30% -> 60%)
      //  Memory: 5000 -> 10000/20000 (25% -> 50%)
      //  Score: 74 (97 -> 95)
      {"resources requested, pods scheduled with resources if PreScore not called",
       req,
       {makeNode("node1", 10000, 20000), makeNode("node2", 10000, 20000)},
       existing(),
       {73, 74},
       {defaultResourceBalancedAllocationSet},
       false},
  };

  RunCases(tests, Release{});
}

// The 1.35 table (balanced_allocation_test.go of v1.35.4, before kubernetes#135573):
// the score is (1 - std) * MaxNodeScore of the node with the pod.
TEST(BalancedAllocationTest, TestNodeResourcesBalancedAllocation_1_35) {
  const std::vector<config::ResourceSpec> defaultResourceBalancedAllocationSet = {{"cpu", 1}, {"memory", 1}};
  const std::vector<config::ResourceSpec> withGPU = {{"cpu", 1}, {"memory", 1}, {"nvidia.com/gpu", 1}};
  const auto cpuAndMemoryPod = MakePod().Req(cpuAndMemory("1000m", "2000")).Req(cpuAndMemory("2000m", "3000")).Obj();
  const auto cpuOnlyPod = MakePod().Req(cpuAndMemory("1000m", "0")).Req(cpuAndMemory("2000m", "0")).Obj();
  auto on = [](v1::Pod p, const std::string& node) { p.spec.nodeName = node; return p; };
  const auto cpuAndMemoryAndGPU =
      MakePod().Node("node1").Req(cpuAndMemory("1000m", "2000")).Req(cpuAndMemoryAndGpu("2000m", "3000", "3")).Obj();
  std::vector<Case> tests = {
      {"nothing scheduled, nothing requested, skip in PreScore",
       MakePod().Obj(), {makeNode("node1", 4000, 10000), makeNode("node2", 4000, 10000)}, {}, {},
       {defaultResourceBalancedAllocationSet}, true, Code::Skip},
      {"nothing scheduled, resources requested, differently sized nodes",
       cpuAndMemoryPod, {makeNode("node1", 4000, 10000), makeNode("node2", 6000, 10000)}, {}, {87, 100},
       {defaultResourceBalancedAllocationSet}},
      {"resources requested, pods scheduled with resources",
       cpuAndMemoryPod, {makeNode("node1", 10000, 20000), makeNode("node2", 10000, 20000)},
       {on(cpuOnlyPod, "node1"), on(cpuAndMemoryPod, "node2")}, {82, 95}, {defaultResourceBalancedAllocationSet}},
      {"resources requested, pods scheduled with resources, differently sized nodes",
       cpuAndMemoryPod, {makeNode("node1", 10000, 20000), makeNode("node2", 10000, 50000)},
       {on(cpuOnlyPod, "node1"), on(cpuAndMemoryPod, "node2")}, {82, 80}, {defaultResourceBalancedAllocationSet}},
      {"requested resources at node capacity",
       cpuOnlyPod, {makeNode("node1", 6000, 10000), makeNode("node2", 6000, 10000)},
       {on(cpuOnlyPod, "node1"), on(cpuAndMemoryPod, "node2")}, {50, 75}, {defaultResourceBalancedAllocationSet}},
      {"include scalar resource on a node for balanced resource allocation",
       MakePod().Req(cpuAndMemoryAndGpu("0", "0", "1")).Obj(),
       {makeNode("node1", 3500, 40000, gpu(8)), makeNode("node2", 3500, 40000, gpu(8))},
       {on(cpuAndMemoryPod, "node2"), cpuAndMemoryAndGPU}, {70, 65}, {withGPU}},
      {"node without the scalar resource should skip the scalar resource",
       cpuAndMemoryPod, {makeNode("node1", 3500, 40000, gpu(8)), makeNode("node2", 3500, 40000)}, {}, {63, 63},
       {withGPU}},
      {"resources requested, pods scheduled with resources if PreScore not called",
       cpuAndMemoryPod, {makeNode("node1", 10000, 20000), makeNode("node2", 10000, 20000)},
       {on(cpuOnlyPod, "node1"), on(cpuAndMemoryPod, "node2")}, {82, 95}, {defaultResourceBalancedAllocationSet},
       false},
  };
  Release r135;
  std::string error;
  ASSERT_TRUE(MakeRelease(35, {}, r135, error)) << error;
  RunCases(tests, r135);
}

// The 1.32 table's rows for pods that request nothing (before kubernetes#130260): a pod that requests
// nothing is scored like any other, by the node's own balance.
TEST(BalancedAllocationTest, TestNodeResourcesBalancedAllocation_1_32_BestEffort) {
  const std::vector<config::ResourceSpec> defaultResourceBalancedAllocationSet = {{"cpu", 1}, {"memory", 1}};
  const auto cpuAndMemoryPod = MakePod().Req(cpuAndMemory("1000m", "2000")).Req(cpuAndMemory("2000m", "3000")).Obj();
  const auto cpuOnlyPod = MakePod().Req(cpuAndMemory("1000m", "0")).Req(cpuAndMemory("2000m", "0")).Obj();
  auto on = [](v1::Pod p, const std::string& node) { p.spec.nodeName = node; return p; };
  std::vector<Case> tests = {
      {"nothing scheduled, nothing requested",
       MakePod().Obj(), {makeNode("node1", 4000, 10000), makeNode("node2", 4000, 10000)}, {}, {100, 100},
       {defaultResourceBalancedAllocationSet}},
      {"no resources requested, pods without container scheduled",
       MakePod().Obj(), {makeNode("node1", 4000, 10000), makeNode("node2", 4000, 10000)},
       {MakePod().Node("node1").Obj(), MakePod().Node("node1").Obj(), MakePod().Node("node2").Obj(),
        MakePod().Node("node2").Obj()},
       {100, 100}, {defaultResourceBalancedAllocationSet}},
      {"no resources requested, pods with container scheduled",
       MakePod().Obj(), {makeNode("node1", 250, 1000 * 1024 * 1024), makeNode("node2", 250, 1000 * 1024 * 1024)},
       {MakePod().Node("node1").Obj(), MakePod().Node("node1").Obj()}, {100, 100},
       {defaultResourceBalancedAllocationSet}},
      {"no resources requested, pods scheduled with resources",
       MakePod().Obj(), {makeNode("node1", 10000, 20000), makeNode("node2", 10000, 20000)},
       {on(cpuOnlyPod, "node1"), on(cpuOnlyPod, "node1"), on(cpuOnlyPod, "node2"), on(cpuAndMemoryPod, "node2")},
       {70, 82}, {defaultResourceBalancedAllocationSet}},
  };
  Release r132;
  std::string error;
  ASSERT_TRUE(MakeRelease(32, {}, r132, error)) << error;
  RunCases(tests, r132);
}

// spreadlab: the explanation of a node's score (ScoreExplainer), with the release's formula.
TEST(BalancedAllocationTest, ExplainScore) {
  constexpr int64_t Mi = 1024 * 1024;
  const v1::Pod pod =
      MakePod().Name("incoming").Req(cpuAndMemory("1000m", "2000")).Req(cpuAndMemory("2000m", "3000")).Obj();
  struct ExplainCase {
    std::string name;
    int minor;
    v1::Node node;
    std::vector<v1::Pod> existingPods;
    v1::Pod pod;
    std::string score;
    int64_t raw;
  };
  const std::vector<ExplainCase> tests = {
      {"1.36 compares the node's balance with and without the pod", 36, makeNode("node1", 4000, 10000), {}, pod,
       "with the pod: cpu 3000m/4000m = 0.75, memory 5000B/10000B = 0.5, std 0.125, (1-0.125)x100 = 87; "
       "without it: cpu 0m/4000m = 0, memory 0B/10000B = 0, std 0, (1-0)x100 = 100; "
       "50 + (50 + 87 - 100) / 2 = 68",
       68},
      {"before 1.36 the balance with the pod", 35, makeNode("node1", 4000, 10000), {}, pod,
       "cpu 3000m/4000m = 0.75, memory 5000B/10000B = 0.5, std 0.125, (1-0.125)x100 = 87", 87},
      {"a fraction above 1 counts as 1", 35, makeNode("node1", 4000, 10000),
       {MakePod().Name("existing0").Node("node1").Req(cpuAndMemory("3000m", "0")).Obj()}, pod,
       "cpu 6000m/4000m > 1: 1, memory 5000B/10000B = 0.5, std 0.25, (1-0.25)x100 = 75", 75},
      {"a std too small to show in 3 decimals still truncates to 99", 36, makeNode("node1", 4000, 8192 * Mi),
       {MakePod().Name("existing0").Node("node1").Req(cpuAndMemory("1800m", "3686Mi")).Obj()},
       MakePod().Name("incoming").Req(cpuAndMemory("200m", "410Mi")).Obj(),
       "with the pod: cpu 2000m/4000m = 0.5, memory 4096Mi/8192Mi = 0.5, std 0, (1-0)x100 = 100; "
       "without it: cpu 1800m/4000m = 0.45, memory 3686Mi/8192Mi = 0.449951, std 0.000024, (1-0.000024)x100 = 99; "
       "50 + (50 + 100 - 99) / 2 = 75",
       75},
  };
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    Scenario extra;
    std::string error;
    ASSERT_TRUE(MakeRelease(test.minor, {}, extra.release, error)) << error;
    PluginHarness h({test.node}, test.existingPods, test.pod,
                    [](Handle hd) {
                      return std::make_unique<BalancedAllocation>(hd, config::NodeResourcesBalancedAllocationArgs{});
                    },
                    extra);
    const testing::Explained e = testing::ExplainNode(h, {"node1"}, "node1");
    EXPECT_EQ(e.x.score, test.score);
    EXPECT_EQ(e.x.normalize, "");
    EXPECT_EQ(e.raw, test.raw);
  }
}

}  // namespace
}  // namespace spreadlab
