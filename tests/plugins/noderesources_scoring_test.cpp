// Ported from kubernetes/kubernetes pkg/scheduler/framework/plugins/noderesources:
//   least_allocated_test.go (TestLeastAllocatedScoringStrategy) at 008b3652959ca58af8be3fb5b6ecfe9ae7638282,
//   most_allocated_test.go (TestMostAllocatedScoringStrategy) at 030880a5dc5449403c6d1f0aa146a7dc21d6c6dc,
//   requested_to_capacity_ratio_test.go (TestRequestedToCapacityRatioScoringStrategy,
//     TestBrokenLinearFunction, TestResourceBinPackingSingleExtended,
//     TestResourceBinPackingMultipleExtended, TestRequestedToCapacityRatioScorerOverflow,
//     TestScaledUtilization) at 0a295a8d22ebdc7ad87bb7bf9f4e639b126515e4,
//   resource_allocation_test.go (TestResourceAllocationScorerCalculateRequests,
//     TestCalculateResourceAllocatableRequest) at 0132f9167943dc1362a3f7aeb4bfb6beba5bd329.
// Case names are upstream's, verbatim.
//
// Not ported, and why:
//  - argument validation lives in core/validation, not in the plugin: the
//    "resource with negative weight", "resource with zero weight" and "resource
//    weight larger than MaxNodeScore" cases of both LeastAllocated and
//    MostAllocated (6 cases).
//  - DRA-backed extended resources (not modelled): 6 of the 8 cases of
//    TestCalculateResourceAllocatableRequest ("DRA-backed-resource", "...-no-slices",
//    "...-with-allocated-device", "...-with-shared-device-allocation",
//    "...-multiple-devices-mixed-allocation", "...-with-per-device-node-selection").
// Adaptation: calculateResourceAllocatableRequest returns the allocatable
// amount and the node's requests without the pod (the pod's request is added by
// the caller), so the two ported rows check allocatable and allocated + request.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "core/plugins/noderesources/fit.h"
#include "plugins/noderesources_test_util.h"
#include "plugins/explain_test_util.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using plugins::Fit;
using testing::MakeNode;
using testing::MakePod;
using testing::ParseTestQuantity;
using testing::PluginHarness;
namespace nr = plugins::noderesources;

const std::vector<config::ResourceSpec> defaultResources = {{"cpu", 1}, {"memory", 1}};
const std::string extendedRes = "abc.com/xyz";
const std::vector<config::ResourceSpec> extendedResourceSet = {{"cpu", 1}, {"memory", 1}, {extendedRes, 1}};

using testing::noderesources::makeNode;

config::NodeResourcesFitArgs StrategyArgs(std::string type, std::vector<config::ResourceSpec> resources,
                                          std::vector<config::UtilizationShapePoint> shape = {}) {
  config::NodeResourcesFitArgs a;
  a.scoringStrategy.type = std::move(type);
  a.scoringStrategy.resources = std::move(resources);
  a.scoringStrategy.requestedToCapacityRatioShape = std::move(shape);
  return a;
}

// Pods get unique names; the one being scheduled is "incoming".
std::vector<v1::Pod> Named(std::vector<v1::Pod> pods) {
  for (size_t i = 0; i < pods.size(); ++i) pods[i].metadata.name = "existing" + std::to_string(i);
  return pods;
}

// PreScore once, then Score on every node in order; codes of the Score calls.
std::vector<int64_t> RunScores(const config::NodeResourcesFitArgs& args, v1::Pod pod,
                               const std::vector<v1::Node>& nodes, const std::vector<v1::Pod>& existing,
                               std::vector<Code>* codes = nullptr) {
  pod.metadata.name = "incoming";
  PluginHarness h(nodes, Named(existing), pod, [args](Handle hd) { return std::make_unique<Fit>(hd, args); });
  auto& p = dynamic_cast<Fit&>(h.plugin());
  std::vector<NodeIndex> all;
  for (const auto& n : h.cluster().nodes()) all.push_back(n.index);
  Status pre = p.PreScore(h.state(), h.pod(), all, nullptr);
  EXPECT_TRUE(pre.IsSuccess()) << "PreScore is expected to return success, but didn't. Got status: "
                               << pre.Message();
  std::vector<int64_t> scores;
  for (const auto& n : nodes) {
    int64_t score = 0;
    Status st = p.Score(h.state(), h.pod(), h.cluster().node(h.cluster().FindNode(n.metadata.name)), score);
    if (codes) codes->push_back(st.code);
    else EXPECT_TRUE(st.IsSuccess()) << st.Message();
    scores.push_back(score);
  }
  return scores;
}

struct StrategyCase {
  std::string name;
  v1::Pod requestedPod;
  std::vector<v1::Node> nodes;
  std::vector<v1::Pod> existingPods;
  std::vector<int64_t> expectedScores;
  std::vector<config::ResourceSpec> resources;
  Code wantStatusCode = Code::Success;
};

void RunStrategyCases(const std::string& type, const std::vector<StrategyCase>& tests) {
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    std::vector<Code> codes;
    auto got = RunScores(StrategyArgs(type, test.resources), test.requestedPod, test.nodes, test.existingPods, &codes);
    EXPECT_EQ(got, test.expectedScores);
    for (Code c : codes) EXPECT_EQ(c, test.wantStatusCode) << "unexpected status code " << CodeName(c);
  }
}

v1::Node CapNode(const std::string& name, std::map<std::string, std::string> cap) {
  return MakeNode().Name(name).Capacity(cap).Obj();
}

TEST(NodeResourcesScoringTest, TestLeastAllocatedScoringStrategy) {
  const auto req12 = MakePod().Req({{"cpu", "1000"}, {"memory", "2000"}}).Req({{"cpu", "2000"}, {"memory", "3000"}}).Obj();
  std::vector<StrategyCase> tests = {
      {"nothing scheduled, nothing requested",
       MakePod().Obj(),
       {CapNode("node1", {{"cpu", "4000"}, {"memory", "10000"}}), CapNode("node2", {{"cpu", "4000"}, {"memory", "10000"}})},
       {},
       {kMaxNodeScore, kMaxNodeScore},
       defaultResources},
      {"nothing scheduled, resources requested, differently sized nodes",
       req12,
       {CapNode("node1", {{"cpu", "4000"}, {"memory", "10000"}}), CapNode("node2", {{"cpu", "6000"}, {"memory", "10000"}})},
       {},
       {37, 50},
       defaultResources},
      {"Resources not set, pods scheduled with error",
       req12,
       {CapNode("node1", {{"cpu", "4000"}, {"memory", "10000"}}), CapNode("node2", {{"cpu", "6000"}, {"memory", "10000"}})},
       {},
       {kMinNodeScore, kMinNodeScore},
       {},
       Code::Error},
      {"no resources requested, pods scheduled",
       MakePod().Obj(),
       {CapNode("node1", {{"cpu", "4000"}, {"memory", "10000"}}), CapNode("node2", {{"cpu", "4000"}, {"memory", "10000"}})},
       {MakePod().Node("node1").Obj(), MakePod().Node("node1").Obj(), MakePod().Node("node2").Obj(),
        MakePod().Node("node2").Obj()},
       {kMaxNodeScore, kMaxNodeScore},
       defaultResources},
      {"no resources requested, pods scheduled with resources",
       MakePod().Obj(),
       {CapNode("node1", {{"cpu", "10000"}, {"memory", "20000"}}),
        CapNode("node2", {{"cpu", "10000"}, {"memory", "20000"}})},
       {MakePod().Node("node1").Req({{"cpu", "3000"}, {"memory", "0"}}).Obj(),
        MakePod().Node("node1").Req({{"cpu", "3000"}, {"memory", "0"}}).Obj(),
        MakePod().Node("node2").Req({{"cpu", "3000"}, {"memory", "0"}}).Obj(),
        MakePod().Node("node2").Req({{"cpu", "3000"}, {"memory", "5000"}}).Obj()},
       {70, 57},
       defaultResources},
      {"resources requested, pods scheduled with resources",
       req12,
       {CapNode("node1", {{"cpu", "10000"}, {"memory", "20000"}}),
        CapNode("node2", {{"cpu", "10000"}, {"memory", "20000"}})},
       {MakePod().Node("node1").Req({{"cpu", "3000"}, {"memory", "0"}}).Obj(),
        MakePod().Node("node2").Req({{"cpu", "3000"}, {"memory", "5000"}}).Obj()},
       {57, 45},
       defaultResources},
      {"resources requested, pods scheduled with resources, differently sized nodes",
       req12,
       {CapNode("node1", {{"cpu", "10000"}, {"memory", "20000"}}),
        CapNode("node2", {{"cpu", "10000"}, {"memory", "50000"}})},
       {MakePod().Node("node1").Req({{"cpu", "3000"}, {"memory", "0"}}).Obj(),
        MakePod().Node("node2").Req({{"cpu", "3000"}, {"memory", "5000"}}).Obj()},
       {57, 60},
       defaultResources},
      {"requested resources exceed node capacity",
       MakePod().Req({{"cpu", "3000"}, {"memory", "0"}}).Obj(),
       {CapNode("node1", {{"cpu", "4000"}, {"memory", "10000"}}), CapNode("node2", {{"cpu", "4000"}, {"memory", "10000"}})},
       {MakePod().Node("node1").Req({{"cpu", "3000"}, {"memory", "0"}}).Obj(),
        MakePod().Node("node2").Req({{"cpu", "3000"}, {"memory", "5000"}}).Obj()},
       {50, 25},
       defaultResources},
      {"zero node resources, pods scheduled with resources",
       MakePod().Obj(),
       {MakeNode().Name("node1").Obj(), MakeNode().Name("node2").Obj()},
       {MakePod().Node("node1").Req({{"cpu", "3000"}, {"memory", "0"}}).Obj(),
        MakePod().Node("node2").Req({{"cpu", "3000"}, {"memory", "5000"}}).Obj()},
       {kMinNodeScore, kMinNodeScore},
       defaultResources},
      {"nothing scheduled, resources requested with different weight on CPU and memory, differently sized nodes",
       req12,
       {CapNode("node1", {{"cpu", "4000"}, {"memory", "10000"}}), CapNode("node2", {{"cpu", "6000"}, {"memory", "10000"}})},
       {},
       {41, 50},
       {{"memory", 2}, {"cpu", 1}}},
      {"bypass extended resource if the pod does not request",
       req12,
       {CapNode("node1", {{"cpu", "6000"}, {"memory", "10000"}}),
        CapNode("node2", {{"cpu", "6000"}, {"memory", "10000"}, {extendedRes, "4"}})},
       {},
       {50, 50},
       extendedResourceSet},
      {"honor extended resource if the pod requests",
       MakePod().Req({{"cpu", "3000"}, {"memory", "5000"}, {extendedRes, "2"}}).Obj(),
       {CapNode("node1", {{"cpu", "6000"}, {"memory", "10000"}, {extendedRes, "4"}}),
        CapNode("node2", {{"cpu", "6000"}, {"memory", "10000"}, {extendedRes, "10"}})},
       {},
       {50, 60},
       extendedResourceSet},
      {"if the node doesn't have a resource",
       MakePod().Req({{"cpu", "3000"}, {"memory", "4000"}}).Obj(),
       {CapNode("node1", {{"cpu", "6000"}, {"memory", "10000"}}),
        CapNode("node2", {{"cpu", "6000"}, {"memory", "10000"}, {extendedRes, "4"}})},
       {},
       {55, 55},
       {{extendedRes, 2}, {"cpu", 1}, {"memory", 1}}},
  };
  RunStrategyCases(config::kLeastAllocated, tests);
}

TEST(NodeResourcesScoringTest, TestMostAllocatedScoringStrategy) {
  const auto req12 = MakePod().Req({{"cpu", "1000"}, {"memory", "2000"}}).Req({{"cpu", "2000"}, {"memory", "3000"}}).Obj();
  std::vector<StrategyCase> tests = {
      {"nothing scheduled, nothing requested",
       MakePod().Obj(),
       {CapNode("node1", {{"cpu", "4000"}, {"memory", "10000"}}), CapNode("node2", {{"cpu", "4000"}, {"memory", "10000"}})},
       {},
       {kMinNodeScore, kMinNodeScore},
       defaultResources},
      {"nothing scheduled, resources requested, differently sized nodes",
       req12,
       {CapNode("node1", {{"cpu", "4000"}, {"memory", "10000"}}), CapNode("node2", {{"cpu", "6000"}, {"memory", "10000"}})},
       {},
       {62, 50},
       defaultResources},
      {"Resources not set, pods scheduled with error",
       req12,
       {CapNode("node1", {{"cpu", "4000"}, {"memory", "10000"}}), CapNode("node2", {{"cpu", "6000"}, {"memory", "10000"}})},
       {},
       {kMinNodeScore, kMinNodeScore},
       {},
       Code::Error},
      {"no resources requested, pods scheduled with resources",
       MakePod().Obj(),
       {CapNode("node1", {{"cpu", "10000"}, {"memory", "20000"}}),
        CapNode("node2", {{"cpu", "10000"}, {"memory", "20000"}})},
       {MakePod().Node("node1").Req({{"cpu", "3000"}, {"memory", "0"}}).Obj(),
        MakePod().Node("node1").Req({{"cpu", "3000"}, {"memory", "0"}}).Obj(),
        MakePod().Node("node2").Req({{"cpu", "3000"}, {"memory", "0"}}).Obj(),
        MakePod().Node("node2").Req({{"cpu", "3000"}, {"memory", "5000"}}).Obj()},
       {30, 42},
       defaultResources},
      {"resources requested, pods scheduled with resources",
       req12,
       {CapNode("node1", {{"cpu", "10000"}, {"memory", "20000"}}),
        CapNode("node2", {{"cpu", "10000"}, {"memory", "20000"}})},
       {MakePod().Node("node1").Req({{"cpu", "3000"}, {"memory", "0"}}).Obj(),
        MakePod().Node("node2").Req({{"cpu", "3000"}, {"memory", "5000"}}).Obj()},
       {42, 55},
       defaultResources},
      {"resources requested equal node capacity",
       MakePod().Req({{"cpu", "2000"}, {"memory", "4000"}}).Req({{"cpu", "3000"}, {"memory", "5000"}}).Obj(),
       {CapNode("node1", {{"cpu", "5000"}, {"memory", "10000"}}), CapNode("node2", {{"cpu", "10000"}, {"memory", "9000"}})},
       {},
       {95, 75},
       defaultResources},
      {"nothing scheduled, resources requested, differently sized nodes",
       req12,
       {CapNode("node1", {{"cpu", "4000"}, {"memory", "10000"}}), CapNode("node2", {{"cpu", "6000"}, {"memory", "10000"}})},
       {},
       {58, 50},
       {{"memory", 2}, {"cpu", 1}}},
      {"no resources requested, pods scheduled, nonzero request for resource",
       MakePod().Container("container").Obj(),
       {CapNode("node1", {{"cpu", "250m"}, {"memory", "1000Mi"}}), CapNode("node2", {{"cpu", "250m"}, {"memory", "1000Mi"}})},
       {MakePod().Node("node1").Container("container").Obj(), MakePod().Node("node1").Container("container").Obj()},
       {80, 30},
       defaultResources},
      {"bypass extended resource if the pod does not request",
       req12,
       {CapNode("node1", {{"cpu", "6000"}, {"memory", "10000"}}),
        CapNode("node2", {{"cpu", "6000"}, {"memory", "10000"}, {extendedRes, "4"}})},
       {},
       {50, 50},
       extendedResourceSet},
      {"honor extended resource if the pod request",
       MakePod().Req({{"cpu", "3000"}, {"memory", "5000"}, {extendedRes, "2"}}).Obj(),
       {CapNode("node1", {{"cpu", "6000"}, {"memory", "10000"}, {extendedRes, "4"}}),
        CapNode("node2", {{"cpu", "6000"}, {"memory", "10000"}, {extendedRes, "10"}})},
       {},
       {50, 40},
       extendedResourceSet},
      {"if the node doesn't have a resource",
       MakePod().Req({{"cpu", "3000"}, {"memory", "4000"}}).Obj(),
       {CapNode("node1", {{"cpu", "6000"}, {"memory", "10000"}}),
        CapNode("node2", {{"cpu", "6000"}, {"memory", "10000"}, {extendedRes, "4"}})},
       {},
       {45, 45},
       {{extendedRes, 2}, {"cpu", 1}, {"memory", 1}}},
  };
  RunStrategyCases(config::kMostAllocated, tests);
}

TEST(NodeResourcesScoringTest, TestRequestedToCapacityRatioScoringStrategy) {
  const std::vector<config::UtilizationShapePoint> shape = {{0, 10}, {100, 0}};
  struct Case {
    std::string name;
    v1::Pod requestedPod;
    std::vector<v1::Node> nodes;
    std::vector<v1::Pod> existingPods;
    std::vector<int64_t> expectedScores;
  };
  std::vector<Case> tests = {
      {"nothing scheduled, nothing requested (default - least requested nodes have priority)",
       MakePod().Obj(),
       {CapNode("node1", {{"cpu", "4000"}, {"memory", "10000"}}), CapNode("node2", {{"cpu", "4000"}, {"memory", "10000"}})},
       {MakePod().Node("node1").Obj(), MakePod().Node("node1").Obj()},
       {kMaxNodeScore, kMaxNodeScore}},
      {"nothing scheduled, resources requested, differently sized nodes (default - least requested nodes have priority)",
       MakePod().Req({{"cpu", "1000"}, {"memory", "2000"}}).Req({{"cpu", "2000"}, {"memory", "3000"}}).Obj(),
       {CapNode("node1", {{"cpu", "4000"}, {"memory", "10000"}}), CapNode("node2", {{"cpu", "6000"}, {"memory", "10000"}})},
       {MakePod().Node("node1").Obj(), MakePod().Node("node1").Obj()},
       {38, 50}},
      {"no resources requested, pods scheduled with resources (default - least requested nodes have priority)",
       MakePod().Obj(),
       {CapNode("node1", {{"cpu", "4000"}, {"memory", "10000"}}), CapNode("node2", {{"cpu", "6000"}, {"memory", "10000"}})},
       {MakePod().Node("node1").Req({{"cpu", "3000"}, {"memory", "5000"}}).Obj(),
        MakePod().Node("node2").Req({{"cpu", "3000"}, {"memory", "5000"}}).Obj()},
       {38, 50}},
  };
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    auto got = RunScores(StrategyArgs(config::kRequestedToCapacityRatio, defaultResources, shape), test.requestedPod,
                         test.nodes, test.existingPods);
    EXPECT_EQ(got, test.expectedScores);
  }
}

TEST(NodeResourcesScoringTest, TestBrokenLinearFunction) {
  struct Assertion {
    int64_t p;
    int64_t expected;
  };
  struct Test {
    helper::FunctionShape points;
    std::vector<Assertion> assertions;
  };
  std::vector<Test> tests = {
      {{{10, 1}, {90, 9}},
       {{-10, 1}, {0, 1}, {9, 1}, {10, 1}, {15, 1}, {19, 1}, {20, 2}, {89, 8}, {90, 9}, {99, 9}, {100, 9}, {110, 9}}},
      {{{0, 2}, {40, 10}, {100, 0}}, {{-10, 2}, {0, 2}, {20, 6}, {30, 8}, {40, 10}, {70, 5}, {100, 0}, {110, 0}}},
      {{{0, 2}, {40, 2}, {100, 2}}, {{-10, 2}, {0, 2}, {20, 2}, {30, 2}, {40, 2}, {70, 2}, {100, 2}, {110, 2}}},
  };
  for (size_t i = 0; i < tests.size(); ++i) {
    SCOPED_TRACE("case_" + std::to_string(i));
    auto function = helper::BuildBrokenLinearFunction(tests[i].points);
    for (const auto& a : tests[i].assertions) EXPECT_EQ(function(a.p), a.expected) << "p=" << a.p;
  }
}

config::NodeResourcesFitArgs BinPackingArgs(std::vector<config::ResourceSpec> resources) {
  return StrategyArgs(config::kRequestedToCapacityRatio, std::move(resources), {{0, 0}, {100, 1}});
}

TEST(NodeResourcesScoringTest, TestResourceBinPackingSingleExtended) {
  const std::map<std::string, int64_t> extendedResource1 = {{"intel.com/foo", 4}};
  const std::map<std::string, int64_t> extendedResource2 = {{"intel.com/foo", 8}};
  const std::map<std::string, std::string> extendedResource3 = {{"intel.com/foo", "2"}};
  const std::map<std::string, std::string> extendedResource4 = {{"intel.com/foo", "4"}};
  const std::vector<v1::Node> nodes = {makeNode("node1", 4000, 10000LL * 1024 * 1024, extendedResource2),
                                       makeNode("node2", 4000, 10000LL * 1024 * 1024, extendedResource1)};
  struct Case {
    v1::Pod pod;
    std::vector<v1::Pod> pods;
    std::vector<int64_t> expectedScores;
    std::string name;
  };
  std::vector<Case> tests = {
      // Node1 Score = Node2 Score = 0 as the incoming Pod doesn't request extended resource.
      {MakePod().Obj(), {}, {0, 0}, "nothing scheduled, nothing requested"},
      {MakePod().Req(extendedResource3).Obj(), {MakePod().Obj()}, {2, 5},
       "resources requested, pods scheduled with less resources"},
      {MakePod().Req(extendedResource3).Obj(), {MakePod().Req(extendedResource3).Node("node2").Obj()}, {2, 10},
       "resources requested, pods scheduled with resources, on node with existing pod running "},
      {MakePod().Req(extendedResource4).Obj(), {MakePod().Obj()}, {5, 10},
       "resources requested, pods scheduled with more resources"},
  };
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    EXPECT_EQ(RunScores(BinPackingArgs({{"intel.com/foo", 1}}), test.pod, nodes, test.pods), test.expectedScores);
  }
}

TEST(NodeResourcesScoringTest, TestResourceBinPackingMultipleExtended) {
  const std::map<std::string, int64_t> extendedResources1 = {{"intel.com/foo", 4}, {"intel.com/bar", 8}};
  const std::map<std::string, int64_t> extendedResources2 = {{"intel.com/foo", 8}, {"intel.com/bar", 4}};
  const std::map<std::string, std::string> extendedResourcePod1 = {{"intel.com/foo", "2"}, {"intel.com/bar", "2"}};
  const std::map<std::string, std::string> extendedResourcePod2 = {{"intel.com/foo", "4"}, {"intel.com/bar", "2"}};
  const std::vector<v1::Node> nodes = {makeNode("node1", 4000, 10000LL * 1024 * 1024, extendedResources2),
                                       makeNode("node2", 4000, 10000LL * 1024 * 1024, extendedResources1)};
  struct Case {
    v1::Pod pod;
    std::vector<v1::Pod> pods;
    std::vector<int64_t> expectedScores;
    std::string name;
  };
  std::vector<Case> tests = {
      {MakePod().Obj(), {}, {0, 0}, "nothing scheduled, nothing requested"},
      {MakePod().Req(extendedResourcePod1).Obj(), {MakePod().Obj()}, {4, 3},
       "resources requested, pods scheduled with less resources"},
      {MakePod().Req(extendedResourcePod1).Obj(), {MakePod().Req(extendedResourcePod2).Node("node2").Obj()}, {4, 7},
       "resources requested, pods scheduled with resources, on node with existing pod running "},
      {MakePod().Req(extendedResourcePod2).Obj(), {MakePod().Obj()}, {5, 5},
       "resources requested, pods scheduled with more resources"},
  };
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    EXPECT_EQ(RunScores(BinPackingArgs({{"intel.com/foo", 3}, {"intel.com/bar", 5}}), test.pod, nodes, test.pods),
              test.expectedScores);
  }
}

TEST(NodeResourcesScoringTest, TestRequestedToCapacityRatioScorerOverflow) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  auto linearScorer = nr::BuildRequestedToCapacityRatioScorerFunction({{0, 0}, {100, 100}}, {{"cpu", 1}});
  // Steep shape: flat 0 for utilizations 0-99, full score only at 100.
  // (Score values are passed in already-scaled form: 10 * MaxScore/10.)
  auto steepScorer = nr::BuildRequestedToCapacityRatioScorerFunction({{0, 0}, {99, 0}, {100, 100}}, {{"cpu", 1}});
  struct Case {
    std::string name;
    const nr::Scorer* scorer;
    int64_t requested, capacity, want;
  };
  std::vector<Case> tests = {
      {"requested above the multiplication overflow threshold", &linearScorer, kMax / 100 + 1, kMax, 1},
      {"saturated requested and capacity", &linearScorer, kMax, kMax, 100},
      {"no requested", &linearScorer, 0, kMax, 0},
      {"steep shape stays at 0 for utilization 99", &steepScorer, 999999999999999999, 1000000000000000000, 0},
      {"steep shape full score at utilization 100", &steepScorer, 1000000000000000000, 1000000000000000000, 100},
  };
  for (const auto& tt : tests) {
    SCOPED_TRACE(tt.name);
    std::vector<int64_t> requested{tt.requested}, allocatable{tt.capacity};
    EXPECT_EQ((*tt.scorer)(requested, {}, allocatable, nullptr), tt.want);
  }
}

TEST(NodeResourcesScoringTest, TestScaledUtilization) {
  constexpr int64_t max = 100;
  constexpr int64_t kMaxInt64 = std::numeric_limits<int64_t>::max();
  struct Case {
    std::string name;
    int64_t requested, capacity, want;
  };
  std::vector<Case> tests = {
      {"negative requested from wrapped totals", -1, 1000, 0},
      {"zero requested", 0, 1000, 0},
      {"zero capacity", 500, 0, 0},
      {"negative capacity", 500, -1000, 0},
      {"requested at capacity", 1000, 1000, max},
      {"requested above capacity", 2000, 1000, max},
      {"requested far above capacity avoids Div64 panic", kMaxInt64, 1, max},
      {"normal range", 250, 1000, 25},
      {"exact in the math/bits path", 999999999999999999, 1000000000000000000, 99},
      {"math/bits path just below capacity", kMaxInt64 - 1, kMaxInt64, 99},
  };
  for (const auto& tt : tests) {
    SCOPED_TRACE(tt.name);
    EXPECT_EQ(nr::ScaledUtilization(tt.requested, tt.capacity, max), tt.want);
  }
}

TEST(NodeResourcesScoringTest, TestResourceAllocationScorerCalculateRequests) {
  const int64_t oneMi = 1048576;
  auto container = [](std::map<std::string, std::string> req) {
    v1::Container c;
    c.requests = testing::ParseTestResources(req);
    return c;
  };
  struct Case {
    std::string name;
    v1::Pod pod;
    int64_t wantCPU, wantMemory;
  };
  auto pod = [](std::vector<v1::Container> containers, std::vector<v1::Container> init = {},
                std::map<std::string, std::string> overhead = {}) {
    v1::Pod p;
    p.spec.containers = std::move(containers);
    p.spec.initContainers = std::move(init);
    p.spec.overhead = testing::ParseTestResources(overhead);
    return p;
  };
  std::vector<Case> tests = {
      {"overhead only", pod({}, {}, {{"cpu", "1"}, {"memory", "1Mi"}}), 1000, oneMi},
      {"1x requestless container", pod({v1::Container{}}), kDefaultMilliCPURequest, kDefaultMemoryRequest},
      // should accumulate once per container without a request
      {"2x requestless container", pod({v1::Container{}, v1::Container{}}), 2 * kDefaultMilliCPURequest,
       2 * kDefaultMemoryRequest},
      {"request container + requestless container", pod({container({{"cpu", "1"}, {"memory", "1Mi"}}), v1::Container{}}),
       1000 + kDefaultMilliCPURequest, oneMi + kDefaultMemoryRequest},
      {"container + requestless container + overhead",
       pod({container({{"cpu", "1"}, {"memory", "1Mi"}}), v1::Container{}}, {}, {{"cpu", "1"}, {"memory", "1Mi"}}),
       2000 + kDefaultMilliCPURequest, 2 * oneMi + kDefaultMemoryRequest},
      {"init container + container + requestless container + overhead",
       pod({container({{"cpu", "1"}, {"memory", "1Mi"}}), v1::Container{}}, {container({{"cpu", "3"}})},
           {{"cpu", "1"}, {"memory", "1Mi"}}),
       4000, 2 * oneMi + kDefaultMemoryRequest},
      {"requestless init container + small init container + small container ",
       pod({container({{"cpu", "3m"}, {"memory", "3"}})},
           {v1::Container{}, container({{"cpu", "1m"}, {"memory", "1"}})}),
       kDefaultMilliCPURequest, kDefaultMemoryRequest},
      {"requestless init container + small init container + small container + requestless container ",
       pod({container({{"cpu", "3m"}, {"memory", "3"}}), v1::Container{}},
           {v1::Container{}, container({{"cpu", "1m"}, {"memory", "1"}})}),
       3 + kDefaultMilliCPURequest, 3 + kDefaultMemoryRequest},
  };
  // The zero resourceAllocationScorer: non-zero requests (useRequested false).
  nr::ResourceAllocationScorer scorer("", false, nullptr, {{"cpu", 1}, {"memory", 1}});
  for (const auto& tc : tests) {
    SCOPED_TRACE(tc.name);
    auto got = scorer.CalculatePodResourceRequestList(tc.pod, /*podLevelResources=*/true);
    ASSERT_EQ(got.size(), 2u);
    EXPECT_EQ(got[0], tc.wantCPU) << "cpu";
    EXPECT_EQ(got[1], tc.wantMemory) << "memory";
  }
}

TEST(NodeResourcesScoringTest, TestCalculateResourceAllocatableRequest) {
  const std::string nodeName = "resource-node";
  const std::string extendedResource = "extended.resource.dra.io/something";
  struct Case {
    std::string name;
    v1::Node node;
    int64_t podRequest, expectedAllocatable, expectedRequested;
  };
  std::vector<Case> tests = {
      {"device-plugin-resource-feature-disabled",
       MakeNode().Name(nodeName).Capacity({{extendedResource, "4"}}).Obj(), 1, 4, 1},
      // DRAExtendedResource enabled, but the resource is a device plugin's: the same.
      {"device-plugin-resource-feature-enabled",
       MakeNode().Name(nodeName).Capacity({{extendedResource, "4"}}).Obj(), 1, 4, 1},
  };
  for (const auto& tc : tests) {
    SCOPED_TRACE(tc.name);
    Scenario scenario;
    scenario.nodes = {tc.node};
    Cluster cluster(std::move(scenario));
    nr::ResourceAllocationScorer scorer("", false, nullptr, {{extendedResource, 1}});
    auto [alloc, allocated] = scorer.CalculateResourceAllocatableRequest(cluster.node(0), 0, tc.podRequest);
    EXPECT_EQ(alloc, tc.expectedAllocatable);
    EXPECT_EQ(allocated + tc.podRequest, tc.expectedRequested);
  }
}

// spreadlab: NewFit's error for an unknown strategy ("scoring strategy %s is not
// supported") cannot stop a constructor here; Score reports it.
TEST(NodeResourcesScoringTest, UnsupportedScoringStrategy) {
  std::vector<Code> codes;
  RunScores(StrategyArgs("Foo", defaultResources), MakePod().Obj(),
            {CapNode("node1", {{"cpu", "4000"}, {"memory", "10000"}})}, {}, &codes);
  ASSERT_EQ(codes.size(), 1u);
  EXPECT_EQ(codes[0], Code::Error);
  PluginHarness h({CapNode("node1", {{"cpu", "1"}})}, {}, MakePod().Name("p").Obj(), [](Handle hd) {
    return std::make_unique<Fit>(hd, StrategyArgs("Foo", defaultResources));
  });
  int64_t score = 0;
  Status st = dynamic_cast<Fit&>(h.plugin()).Score(h.state(), h.pod(), h.cluster().node(0), score);
  EXPECT_EQ(st.Message(), "scoring strategy Foo is not supported");
}

// spreadlab: ExplainScore, each strategy's per-resource formula with its weights and the
// weighted average. node1 has 4000m cpu and 8Gi; the node's pods request 1000m and 4Gi,
// the incoming pod 500m and 1Gi.
TEST(NodeResourcesScoringTest, ExplainScore) {
  constexpr int64_t Mi = 1024 * 1024;
  const std::vector<v1::Node> nodes = {makeNode("node1", 4000, 8192 * Mi), makeNode("node2", 4000, 8192 * Mi)};
  const std::vector<v1::Pod> existing = {MakePod().Node("node1").Req({{"cpu", "1000m"}, {"memory", "4Gi"}}).Obj()};
  const v1::Pod pod = MakePod().Name("incoming").Req({{"cpu", "500m"}, {"memory", "1Gi"}}).Obj();
  struct Case {
    std::string name;
    config::NodeResourcesFitArgs args;
    std::string score;
    int64_t raw = 0;
  };
  const std::vector<Case> tests = {
      {"LeastAllocated with weights", StrategyArgs(config::kLeastAllocated, {{"cpu", 3}, {"memory", 1}}),
       "LeastAllocated: cpu (4000m-1000m-500m)x100/4000m = 62, memory (8192Mi-4096Mi-1024Mi)x100/8192Mi = 37; "
       "(62x3 + 37x1) / 4 = 55",
       55},
      {"MostAllocated", StrategyArgs(config::kMostAllocated, defaultResources),
       "MostAllocated: cpu (1000m+500m)x100/4000m = 37, memory (4096Mi+1024Mi)x100/8192Mi = 62; (37x1 + 62x1) / 2 = 49",
       49},
      {"RequestedToCapacityRatio", StrategyArgs(config::kRequestedToCapacityRatio, defaultResources, {{0, 0}, {100, 10}}),
       "RequestedToCapacityRatio: shape 0%:0 100%:100; cpu (1000m+500m)/4000m = 37% -> 37, memory "
       "(4096Mi+1024Mi)/8192Mi = 62% -> 62; round((37x1 + 62x1) / 2) = 50",
       50},
      {"RequestedToCapacityRatio, a resource scoring 0 is not counted",
       StrategyArgs(config::kRequestedToCapacityRatio, defaultResources, {{0, 0}, {50, 0}, {100, 10}}),
       "RequestedToCapacityRatio: shape 0%:0 50%:0 100%:100; cpu (1000m+500m)/4000m = 37% -> 0 (not counted), memory "
       "(4096Mi+1024Mi)/8192Mi = 62% -> 24; round((24x1) / 1) = 24",
       24},
  };
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    const auto args = test.args;
    PluginHarness h(nodes, Named(existing), pod, [args](Handle hd) { return std::make_unique<Fit>(hd, args); });
    const testing::Explained e = testing::ExplainNode(h, {"node1", "node2"}, "node1");
    EXPECT_EQ(e.x.score, test.score);
    EXPECT_EQ(e.x.normalize, "");  // no NormalizeScore
    EXPECT_EQ(e.raw, test.raw);
  }
}

}  // namespace
}  // namespace spreadlab
