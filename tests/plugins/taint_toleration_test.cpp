// Ported from kubernetes/kubernetes
//   pkg/scheduler/framework/plugins/tainttoleration/taint_toleration_test.go
//   (TestTaintTolerationScore, TestTaintTolerationFilter)
//   at commit cb6ff2d8ce3595f88570f82c7d0e6d98910afd3c.
// Case names are upstream's, verbatim. The queueing-hint tests
// (TestIsSchedulableAfterNodeChange, Test_isSchedulableAfterPodChange) have no
// counterpart in a single-cycle simulator and are not ported.
// Cases leave the fields they do not set at their defaults.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/plugins/tainttoleration/taint_toleration.h"
#include "plugins/explain_test_util.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using testing::MakeNode;
using testing::MakePod;
using testing::PluginHarness;

// Upstream's helpers nodeWithTaints / podWithTolerations.
v1::Node nodeWithTaints(const std::string& nodeName, std::vector<v1::Taint> taints) {
  return MakeNode().Name(nodeName).Taints(std::move(taints)).Obj();
}
v1::Pod podWithTolerations(const std::string& podName, std::vector<v1::Toleration> tolerations) {
  return MakePod().Name(podName).Tolerations(std::move(tolerations)).Obj();
}
// v1.Toleration{Key, Operator, Value, Effect}
v1::Toleration Tol(std::string key, std::string op, std::string value, std::string effect) {
  return v1::Toleration{std::move(key), std::move(op), std::move(value), std::move(effect), std::nullopt};
}
// v1.Taint{Key, Value, Effect}
v1::Taint Tnt(std::string key, std::string value, std::string effect) {
  return v1::Taint{std::move(key), std::move(value), std::move(effect)};
}

PluginHarness::Factory Factory() {
  return [](Handle h) { return std::make_unique<plugins::TaintToleration>(h); };
}

struct ScoreCase {
  std::string name;
  v1::Pod pod;
  std::vector<v1::Node> nodes;
  std::vector<std::pair<std::string, int64_t>> expectedList;
};

TEST(TaintTolerationTest, TestTaintTolerationScore) {
  std::vector<ScoreCase> tests = {
      // basic test case
      {
          "node with taints tolerated by the pod, gets a higher score than those node with intolerable taints",
          podWithTolerations("pod1", {Tol("foo", "Equal", "bar", "PreferNoSchedule")}),
          {
              nodeWithTaints("nodeA", {Tnt("foo", "bar", "PreferNoSchedule")}),
              nodeWithTaints("nodeB", {Tnt("foo", "blah", "PreferNoSchedule")}),
          },
          {{"nodeA", kMaxNodeScore}, {"nodeB", 0}},
      },
      // the count of taints that are tolerated by pod, does not matter.
      {
          "the nodes that all of their taints are tolerated by the pod, get the same score, no matter how many "
          "tolerable taints a node has",
          podWithTolerations("pod1", {Tol("cpu-type", "Equal", "arm64", "PreferNoSchedule"),
                                      Tol("disk-type", "Equal", "ssd", "PreferNoSchedule")}),
          {
              nodeWithTaints("nodeA", {}),
              nodeWithTaints("nodeB", {Tnt("cpu-type", "arm64", "PreferNoSchedule")}),
              nodeWithTaints("nodeC", {Tnt("cpu-type", "arm64", "PreferNoSchedule"),
                                       Tnt("disk-type", "ssd", "PreferNoSchedule")}),
          },
          {{"nodeA", kMaxNodeScore}, {"nodeB", kMaxNodeScore}, {"nodeC", kMaxNodeScore}},
      },
      // the count of taints on a node that are not tolerated by pod, matters.
      {
          "the more intolerable taints a node has, the lower score it gets.",
          podWithTolerations("pod1", {Tol("foo", "Equal", "bar", "PreferNoSchedule")}),
          {
              nodeWithTaints("nodeA", {}),
              nodeWithTaints("nodeB", {Tnt("cpu-type", "arm64", "PreferNoSchedule")}),
              nodeWithTaints("nodeC", {Tnt("cpu-type", "arm64", "PreferNoSchedule"),
                                       Tnt("disk-type", "ssd", "PreferNoSchedule")}),
          },
          {{"nodeA", kMaxNodeScore}, {"nodeB", 50}, {"nodeC", 0}},
      },
      // taints-tolerations priority only takes care about the taints and tolerations that have effect PreferNoSchedule
      {
          "only taints and tolerations that have effect PreferNoSchedule are checked by taints-tolerations "
          "priority function",
          podWithTolerations("pod1", {Tol("cpu-type", "Equal", "arm64", "NoSchedule"),
                                      Tol("disk-type", "Equal", "ssd", "NoSchedule")}),
          {
              nodeWithTaints("nodeA", {}),
              nodeWithTaints("nodeB", {Tnt("cpu-type", "arm64", "NoSchedule")}),
              nodeWithTaints("nodeC", {Tnt("cpu-type", "arm64", "PreferNoSchedule"),
                                       Tnt("disk-type", "ssd", "PreferNoSchedule")}),
          },
          {{"nodeA", kMaxNodeScore}, {"nodeB", kMaxNodeScore}, {"nodeC", 0}},
      },
      {
          "Default behaviour No taints and tolerations, lands on node with no taints",
          // pod without tolerations
          podWithTolerations("pod1", {}),
          {
              // Node without taints
              nodeWithTaints("nodeA", {}),
              nodeWithTaints("nodeB", {Tnt("cpu-type", "arm64", "PreferNoSchedule")}),
          },
          {{"nodeA", kMaxNodeScore}, {"nodeB", 0}},
      },
  };

  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    PluginHarness h(test.nodes, {}, test.pod, Factory());
    std::vector<std::string> names;
    for (const auto& n : test.nodes) names.push_back(n.metadata.name);
    Status status;
    std::vector<int64_t> got = h.Scores(names, &status);
    EXPECT_TRUE(status.IsSuccess()) << "unexpected error: " << status.Message();
    std::vector<std::pair<std::string, int64_t>> gotList;
    for (size_t i = 0; i < got.size(); ++i) gotList.emplace_back(names[i], got[i]);
    EXPECT_EQ(gotList, test.expectedList);
  }
}

struct FilterCase {
  std::string name;
  v1::Pod pod;
  v1::Node node;
  Code wantCode = Code::Success;
  std::string wantReason;
  std::string wantReasonBefore134;  // the 1.33 table's (taint_toleration_test.go of v1.33.7)
};

TEST(TaintTolerationTest, TestTaintTolerationFilter) {
  std::vector<FilterCase> tests = {
      {
          "A pod having no tolerations can't be scheduled onto a node with nonempty taints",
          podWithTolerations("pod1", {}),
          nodeWithTaints("nodeA", {Tnt("dedicated", "user1", "NoSchedule")}),
          Code::UnschedulableAndUnresolvable,
          "node(s) had untolerated taint(s)",
          "node(s) had untolerated taint {dedicated: user1}",
      },
      {
          "A pod which can be scheduled on a dedicated node assigned to user1 with effect NoSchedule",
          podWithTolerations("pod1", {Tol("dedicated", "", "user1", "NoSchedule")}),
          nodeWithTaints("nodeA", {Tnt("dedicated", "user1", "NoSchedule")}),
      },
      {
          "A pod which can't be scheduled on a dedicated node assigned to user2 with effect NoSchedule",
          podWithTolerations("pod1", {Tol("dedicated", "Equal", "user2", "NoSchedule")}),
          nodeWithTaints("nodeA", {Tnt("dedicated", "user1", "NoSchedule")}),
          Code::UnschedulableAndUnresolvable,
          "node(s) had untolerated taint(s)",
          "node(s) had untolerated taint {dedicated: user1}",
      },
      {
          "A pod can be scheduled onto the node, with a toleration uses operator Exists that tolerates the taints "
          "on the node",
          podWithTolerations("pod1", {Tol("foo", "Exists", "", "NoSchedule")}),
          nodeWithTaints("nodeA", {Tnt("foo", "bar", "NoSchedule")}),
      },
      {
          "A pod has multiple tolerations, node has multiple taints, all the taints are tolerated, pod can be "
          "scheduled onto the node",
          podWithTolerations("pod1", {Tol("dedicated", "Equal", "user2", "NoSchedule"),
                                      Tol("foo", "Exists", "", "NoSchedule")}),
          nodeWithTaints("nodeA", {Tnt("dedicated", "user2", "NoSchedule"), Tnt("foo", "bar", "NoSchedule")}),
      },
      {
          "A pod has a toleration that keys and values match the taint on the node, but (non-empty) effect "
          "doesn't match, can't be scheduled onto the node",
          podWithTolerations("pod1", {Tol("foo", "Equal", "bar", "PreferNoSchedule")}),
          nodeWithTaints("nodeA", {Tnt("foo", "bar", "NoSchedule")}),
          Code::UnschedulableAndUnresolvable,
          "node(s) had untolerated taint(s)",
          "node(s) had untolerated taint {foo: bar}",
      },
      {
          "The pod has a toleration that keys and values match the taint on the node, the effect of toleration is "
          "empty, and the effect of taint is NoSchedule. Pod can be scheduled onto the node",
          podWithTolerations("pod1", {Tol("foo", "Equal", "bar", "")}),
          nodeWithTaints("nodeA", {Tnt("foo", "bar", "NoSchedule")}),
      },
      {
          "The pod has a toleration that key and value don't match the taint on the node, but the effect of taint "
          "on node is PreferNoSchedule. Pod can be scheduled onto the node",
          podWithTolerations("pod1", {Tol("dedicated", "Equal", "user2", "NoSchedule")}),
          nodeWithTaints("nodeA", {Tnt("dedicated", "user1", "PreferNoSchedule")}),
      },
      {
          "The pod has no toleration, but the effect of taint on node is PreferNoSchedule. Pod can be scheduled "
          "onto the node",
          podWithTolerations("pod1", {}),
          nodeWithTaints("nodeA", {Tnt("dedicated", "user1", "PreferNoSchedule")}),
      },
  };

  for (int minor : {kNewestMinor, 33}) {
    Scenario extra;
    std::string error;
    ASSERT_TRUE(MakeRelease(minor, {}, extra.release, error)) << error;
    for (const auto& test : tests) {
      SCOPED_TRACE(test.name + " (1." + std::to_string(minor) + ")");
      PluginHarness h({test.node}, {}, test.pod, Factory(), extra);
      Status got = h.Filter(test.node.metadata.name);
      EXPECT_EQ(got.code, test.wantCode);
      EXPECT_EQ(std::string(got.Message()), minor < 34 ? test.wantReasonBefore134 : test.wantReason);
    }
  }
}

// spreadlab: ExplainScore, the PreferNoSchedule taints the pod does not tolerate and the
// reversed normalization with its max.
TEST(TaintTolerationTest, ExplainScore) {
  const v1::Pod pod = podWithTolerations("pod1", {Tol("foo", "Equal", "bar", "PreferNoSchedule")});
  const std::vector<v1::Node> nodes = {
      nodeWithTaints("nodeA", {Tnt("foo", "bar", "PreferNoSchedule"), Tnt("cpu-type", "arm64", "PreferNoSchedule"),
                               Tnt("dedicated", "x", "NoSchedule"), Tnt("spot", "", "PreferNoSchedule")}),
      nodeWithTaints("nodeB", {Tnt("foo", "bar", "PreferNoSchedule")}),
      nodeWithTaints("nodeC", {}),
  };
  struct Case {
    std::string name;
    std::vector<std::string> filtered;
    std::string node, score, normalize;
    int64_t raw = 0, normalized = 0;
  };
  const std::vector<Case> tests = {
      {"untolerated taints", {"nodeA", "nodeB", "nodeC"}, "nodeA",
       "untolerated PreferNoSchedule taints: cpu-type=arm64, spot: 2",
       "100 - s x 100 / max = 100 - 2 x 100 / 2 = 0 (max 2 over the 3 nodes)", 2, 0},
      {"a tolerated taint", {"nodeA", "nodeB", "nodeC"}, "nodeB", "no untolerated PreferNoSchedule taint: 0",
       "100 - s x 100 / max = 100 - 0 x 100 / 2 = 100 (max 2 over the 3 nodes)", 0, 100},
      {"no node with such a taint", {"nodeB", "nodeC"}, "nodeC", "no untolerated PreferNoSchedule taint: 0",
       "no node scored above 0: 100", 0, 100},
  };
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    PluginHarness h(nodes, {}, pod, Factory());
    const testing::Explained e = testing::ExplainNode(h, test.filtered, test.node);
    EXPECT_EQ(e.x.score, test.score);
    EXPECT_EQ(e.x.normalize, test.normalize);
    EXPECT_EQ(e.raw, test.raw);
    EXPECT_EQ(e.normalized, test.normalized);
  }
}

}  // namespace
}  // namespace spreadlab
