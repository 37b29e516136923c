// PodTopologySpread PreScore/Score/NormalizeScore, ported from upstream Kubernetes:
//   kubernetes/kubernetes pkg/scheduler/framework/plugins/podtopologyspread/scoring_test.go
//   at commit 008b3652959ca58af8be3fb5b6ecfe9ae7638282 (the newest version in the index: per-constraint
//   TopologyValueToPodCounts, the fwk package).
// Ported: TestPreScoreSkip, TestPreScoreStateEmptyNodes, TestPodTopologySpreadScore.
// Not ported: the benchmark.
// Every PodTopologySpread feature gate is treated as enabled; upstream cases that exist only to test a
// gate being disabled are left out (listed next to the table they belong to).
//
// Correspondence with upstream's preScoreState:
//   TopologyValueToPodCounts[i]  <-> trace().spreadScore[i].domains (compared as a map; hostname
//                                   constraints have none, as upstream's map is empty for them)
//   TopologyNormalizingWeight[i] <-> trace().spreadScore[i].topologyNormalizingWeight
//   IgnoredNodes                 <-> not in the trace; observed through NormalizeScore, which gives
//                                   every ignored node the score 0.
// Upstream's namespace "" is spreadlab's "default": every object of a case lives in one namespace either way.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/corev1/selectors.h"
#include "core/plugins/podtopologyspread/plugin.h"
#include "plugins/explain_test_util.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace {

using namespace spreadlab;
namespace st = spreadlab::testing;

const v1::LabelSelector fooSelector = st::MakeLabelSelector().Exists("foo").Obj();
const v1::LabelSelector barSelector = st::MakeLabelSelector().Exists("bar").Obj();
const std::optional<std::string> ignorePolicy = v1::kIgnore;
const std::optional<std::string> honorPolicy = v1::kHonor;
// v1.TaintNodeUnschedulable, NoSchedule.
const std::vector<v1::Taint> taints = {st::MakeTaint("node.kubernetes.io/unschedulable", "", "NoSchedule")};
// v1.LabelHostname and v1.LabelTopologyZone are spreadlab::kLabelHostname and spreadlab::kLabelTopologyZone.

// config.PodTopologySpreadArgs
struct Args {
  std::vector<v1::TopologySpreadConstraint> defaultConstraints{};
  bool systemDefaulting = false;  // DefaultingType: System (true) or List (false)
};

st::PluginHarness::Factory NewPlugin(const Args& args) {
  return [args](Handle h) -> std::unique_ptr<spreadlab::Plugin> {
    return std::make_unique<plugins::PodTopologySpread>(
        h, plugins::PodTopologySpreadArgs{args.defaultConstraints, args.systemDefaulting});
  };
}

v1::TopologySpreadConstraint DefaultConstraint(int32_t maxSkew, std::string key, std::string when) {
  v1::TopologySpreadConstraint c;
  c.maxSkew = maxSkew;
  c.topologyKey = std::move(key);
  c.whenUnsatisfiable = std::move(when);
  return c;
}

// &appsv1.ReplicaSet{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: name}, Spec: {Selector: selector}}
Scenario ReplicaSets(std::string name, v1::LabelSelector selector) {
  v1::ReplicaSet rs;
  rs.metadata.name = name;
  rs.selector = std::move(selector);
  rs.path = "replicaSets[" + name + "]";
  Scenario s;
  s.replicaSets.push_back(std::move(rs));
  return s;
}

// &v1.Service{Spec: v1.ServiceSpec{Selector: selector}}
Scenario Services(v1::LabelMap selector) {
  v1::Service svc;
  svc.metadata.name = "svc";
  svc.selector = std::move(selector);
  svc.path = "services[svc]";
  Scenario s;
  s.services.push_back(std::move(svc));
  return s;
}

std::vector<std::string> Names(const std::vector<v1::Node>& nodes) {
  std::vector<std::string> out;
  for (const auto& n : nodes) out.push_back(n.metadata.name);
  return out;
}

// scoring.go topologyNormalizingWeight
double topologyNormalizingWeight(size_t size) { return std::log(static_cast<double>(size + 2)); }

// ---------------------------------------------------------------------------------------------
// TestPreScoreSkip: the cases that PodTopologySpread#PreScore returns the Skip status.

struct PreScoreSkipCase {
  std::string name{};
  v1::Pod pod{};
  std::vector<v1::Node> nodes{};
  Scenario objs{};
  Args config{};
};

TEST(PodTopologySpreadScoring, TestPreScoreSkip) {
  const std::vector<PreScoreSkipCase> tests = {
      {
          .name = "the pod doesn't have soft topology spread Constraints",
          .pod = st::MakePod().Name("p").Namespace("default").Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label(kLabelHostname, "node-b").Obj(),
              },
          .config = {.defaultConstraints = {}, .systemDefaulting = false},
      },
      {
          .name = "default constraints and a replicaset that doesn't match",
          .pod = st::MakePod().Name("p").Namespace("default").Label("foo", "bar").Label("baz", "sup")
                     .OwnerReference("rs2", "apps/v1", "ReplicaSet")
                     .Obj(),
          .nodes = {st::MakeNode().Name("node-a").Label("planet", "mars").Obj()},
          .objs = ReplicaSets("rs1", st::MakeLabelSelector().Exists("tar").Obj()),
          .config = {.defaultConstraints = {DefaultConstraint(2, "planet", v1::kScheduleAnyway)},
                     .systemDefaulting = false},
      },
  };
  for (const auto& tt : tests) {
    SCOPED_TRACE(tt.name);
    st::PluginHarness h(tt.nodes, {}, tt.pod, NewPlugin(tt.config), tt.objs);
    Status s;
    h.Scores(Names(tt.nodes), &s);
    EXPECT_TRUE(s.IsSkip()) << "Expected skip but got " << CodeName(s.code) << " " << s.Message();
  }
}

// ---------------------------------------------------------------------------------------------
// TestPreScoreStateEmptyNodes

struct WantScoreConstraint {
  int32_t maxSkew = 1;
  std::string topologyKey{};
  std::optional<v1::LabelSelector> selector{};  // mustConvertLabelSelectorAsSelector(...); nullopt: labels.Nothing()
  int32_t minDomains = 1;
  std::string nodeAffinityPolicy = v1::kHonor;
  std::string nodeTaintsPolicy = v1::kIgnore;
  std::map<std::string, int32_t> topologyValueToPodCounts{};
  double topologyNormalizingWeight = 0;
};

struct PreScoreStateCase {
  std::string name{};
  v1::Pod pod{};
  std::vector<v1::Node> nodes{};
  Scenario objs{};
  Args config{};
  std::vector<WantScoreConstraint> want{};
  std::set<std::string> ignoredNodes{};
};

TEST(PodTopologySpreadScoring, TestPreScoreStateEmptyNodes) {
  const std::vector<PreScoreStateCase> tests = {
      {
          .name = "normal case",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, fooSelector)
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label(kLabelHostname, "node-x").Obj(),
              },
          .config = {},
          .want =
              {
                  {.maxSkew = 1,
                   .topologyKey = "zone",
                   .selector = fooSelector,
                   .topologyValueToPodCounts = {{"zone1", 0}, {"zone2", 0}},
                   .topologyNormalizingWeight = topologyNormalizingWeight(2)},
                  {.maxSkew = 1,
                   .topologyKey = kLabelHostname,
                   .selector = fooSelector,
                   .topologyValueToPodCounts = {},
                   .topologyNormalizingWeight = topologyNormalizingWeight(3)},
              },
          .ignoredNodes = {},
      },
      {
          .name = "null selector",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, std::nullopt)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label(kLabelHostname, "node-x").Obj(),
              },
          .config = {},
          .want = {{.maxSkew = 1,
                    .topologyKey = "zone",
                    .selector = std::nullopt,  // labels.Nothing()
                    .topologyValueToPodCounts = {{"zone1", 0}, {"zone2", 0}},
                    .topologyNormalizingWeight = topologyNormalizingWeight(2)}},
          .ignoredNodes = {},
      },
      {
          .name = "node-x doesn't have label zone",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, fooSelector)
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, barSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label(kLabelHostname, "node-x").Obj(),
              },
          .config = {},
          .want =
              {
                  {.maxSkew = 1,
                   .topologyKey = "zone",
                   .selector = fooSelector,
                   .topologyValueToPodCounts = {{"zone1", 0}},
                   .topologyNormalizingWeight = topologyNormalizingWeight(1)},
                  {.maxSkew = 1,
                   .topologyKey = kLabelHostname,
                   .selector = barSelector,
                   .topologyValueToPodCounts = {},
                   .topologyNormalizingWeight = topologyNormalizingWeight(2)},
              },
          .ignoredNodes = {"node-x"},
      },
      {
          .name = "system default constraints and a replicaset",
          .pod = st::MakePod().Name("p").Namespace("default").Label("foo", "tar").Label("baz", "sup")
                     .OwnerReference("rs1", "apps/v1", "ReplicaSet")
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label(kLabelHostname, "node-a").Label(kLabelTopologyZone, "mars").Obj(),
                  st::MakeNode().Name("node-b").Label(kLabelHostname, "node-b").Label(kLabelTopologyZone, "mars").Obj(),
                  // Nodes with no zone are not excluded. They are considered a separate zone.
                  st::MakeNode().Name("node-c").Label(kLabelHostname, "node-c").Obj(),
                  st::MakeNode().Name("node-d").Label(kLabelHostname, "node-d").Obj(),
              },
          .objs = ReplicaSets("rs1", fooSelector),
          .config = {.defaultConstraints = {}, .systemDefaulting = true},
          .want =
              {
                  {.maxSkew = 3,
                   .topologyKey = kLabelHostname,
                   .selector = fooSelector,
                   .topologyValueToPodCounts = {},
                   .topologyNormalizingWeight = topologyNormalizingWeight(4)},
                  {.maxSkew = 5,
                   .topologyKey = kLabelTopologyZone,
                   .selector = fooSelector,
                   .topologyValueToPodCounts = {{"mars", 0}, {"", 0}},
                   .topologyNormalizingWeight = topologyNormalizingWeight(2)},
              },
          .ignoredNodes = {},
      },
      {
          .name = "default constraints and a replicaset",
          .pod = st::MakePod().Name("p").Namespace("default").Label("foo", "tar").Label("baz", "sup")
                     .OwnerReference("rs1", "apps/v1", "ReplicaSet")
                     .Obj(),
          .nodes = {st::MakeNode().Name("node-a").Label("rack", "rack1").Label(kLabelHostname, "node-a")
                        .Label("planet", "mars").Obj()},
          .objs = ReplicaSets("rs1", fooSelector),
          .config = {.defaultConstraints =
                         {
                             DefaultConstraint(1, kLabelHostname, v1::kScheduleAnyway),
                             DefaultConstraint(2, "rack", v1::kDoNotSchedule),
                             DefaultConstraint(2, "planet", v1::kScheduleAnyway),
                         },
                     .systemDefaulting = false},
          .want =
              {
                  {.maxSkew = 1,
                   .topologyKey = kLabelHostname,
                   .selector = fooSelector,
                   .topologyValueToPodCounts = {},
                   .topologyNormalizingWeight = topologyNormalizingWeight(1)},
                  {.maxSkew = 2,
                   .topologyKey = "planet",
                   .selector = fooSelector,
                   .topologyValueToPodCounts = {{"mars", 0}},
                   .topologyNormalizingWeight = topologyNormalizingWeight(1)},
              },
          .ignoredNodes = {},
      },
      {
          .name = "default constraints and a replicaset, but pod has constraints",
          .pod = st::MakePod().Name("p").Namespace("default").Label("foo", "bar").Label("baz", "sup")
                     .OwnerReference("rs1", "apps/v1", "ReplicaSet")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, barSelector)
                     .SpreadConstraint(2, "planet", v1::kScheduleAnyway, st::MakeLabelSelector().Label("baz", "sup").Obj())
                     .Obj(),
          .nodes = {st::MakeNode().Name("node-a").Label("planet", "mars").Label("galaxy", "andromeda").Obj()},
          .objs = ReplicaSets("rs1", fooSelector),
          .config = {.defaultConstraints = {DefaultConstraint(2, "galaxy", v1::kScheduleAnyway)},
                     .systemDefaulting = false},
          .want = {{.maxSkew = 2,
                    .topologyKey = "planet",
                    .selector = st::MakeLabelSelector().Label("baz", "sup").Obj(),
                    .topologyValueToPodCounts = {{"mars", 0}},
                    .topologyNormalizingWeight = topologyNormalizingWeight(1)}},
          .ignoredNodes = {},
      },
      {
          .name = "NodeAffinityPolicy honored with labelSelectors",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeSelector({{"foo", ""}})
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, barSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("foo", "").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("foo", "").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label(kLabelHostname, "node-x").Obj(),
              },
          .config = {},
          .want = {{.maxSkew = 1,
                    .topologyKey = "zone",
                    .selector = barSelector,
                    .topologyValueToPodCounts = {{"zone1", 0}, {"zone2", 0}},
                    .topologyNormalizingWeight = topologyNormalizingWeight(2)}},
          .ignoredNodes = {},
      },
      {
          .name = "NodeAffinityPolicy ignored with labelSelectors",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeSelector({{"foo", ""}})
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, barSelector, std::nullopt, ignorePolicy)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("foo", "").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("foo", "").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label(kLabelHostname, "node-x").Obj(),
              },
          .config = {},
          .want = {{.maxSkew = 1,
                    .topologyKey = "zone",
                    .selector = barSelector,
                    .nodeAffinityPolicy = v1::kIgnore,
                    .topologyValueToPodCounts = {{"zone1", 0}, {"zone2", 0}},
                    .topologyNormalizingWeight = topologyNormalizingWeight(2)}},
          .ignoredNodes = {},
      },
      {
          .name = "NodeAffinityPolicy honored with nodeAffinity",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeAffinityIn("foo", {""})
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, barSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("foo", "").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("foo", "").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label(kLabelHostname, "node-x").Obj(),
              },
          .config = {},
          .want = {{.maxSkew = 1,
                    .topologyKey = "zone",
                    .selector = barSelector,
                    .topologyValueToPodCounts = {{"zone1", 0}, {"zone2", 0}},
                    .topologyNormalizingWeight = topologyNormalizingWeight(2)}},
          .ignoredNodes = {},
      },
      {
          .name = "NodeAffinityPolicy ignored with nodeAffinity",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeAffinityIn("foo", {""})
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, barSelector, std::nullopt, ignorePolicy)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("foo", "").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("foo", "").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label(kLabelHostname, "node-x").Obj(),
              },
          .config = {},
          .want = {{.maxSkew = 1,
                    .topologyKey = "zone",
                    .selector = barSelector,
                    .nodeAffinityPolicy = v1::kIgnore,
                    .topologyValueToPodCounts = {{"zone1", 0}, {"zone2", 0}},
                    .topologyNormalizingWeight = topologyNormalizingWeight(2)}},
          .ignoredNodes = {},
      },
      {
          .name = "NodeTaintsPolicy honored",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, barSelector, std::nullopt, std::nullopt, honorPolicy)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("foo", "").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("foo", "").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label(kLabelHostname, "node-x").Taints(taints).Obj(),
              },
          .config = {},
          .want = {{.maxSkew = 1,
                    .topologyKey = "zone",
                    .selector = barSelector,
                    .nodeTaintsPolicy = v1::kHonor,
                    .topologyValueToPodCounts = {{"zone1", 0}, {"zone2", 0}},
                    .topologyNormalizingWeight = topologyNormalizingWeight(2)}},
          .ignoredNodes = {},
      },
      {
          .name = "NodeTaintsPolicy ignored",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, barSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("foo", "").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("foo", "").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label(kLabelHostname, "node-x").Taints(taints).Obj(),
              },
          .config = {},
          .want = {{.maxSkew = 1,
                    .topologyKey = "zone",
                    .selector = barSelector,
                    .topologyValueToPodCounts = {{"zone1", 0}, {"zone2", 0}},
                    .topologyNormalizingWeight = topologyNormalizingWeight(2)}},
          .ignoredNodes = {},
      },
  };

  for (const auto& tt : tests) {
    SCOPED_TRACE(tt.name);
    // PreScore over every node of the snapshot (tf.BuildNodeInfos(tt.nodes)); no existing pods.
    st::PluginHarness h(tt.nodes, {}, tt.pod, NewPlugin(tt.config), tt.objs);
    Status s;
    std::vector<int64_t> scores = h.Scores(Names(tt.nodes), &s);
    ASSERT_TRUE(s.IsSuccess()) << CodeName(s.code) << " " << s.Message();

    const auto& got = h.trace().spreadScore;
    ASSERT_EQ(got.size(), tt.want.size());
    StringPool& pool = h.cluster().pool();
    for (size_t i = 0; i < tt.want.size(); ++i) {
      SCOPED_TRACE("constraint " + std::to_string(i));
      const WantScoreConstraint& w = tt.want[i];
      EXPECT_EQ(got[i].maxSkew, w.maxSkew);
      EXPECT_EQ(got[i].topologyKey, w.topologyKey);
      EXPECT_EQ(got[i].selector, SelectorString(LabelSelectorAsSelector(w.selector, pool), pool));
      EXPECT_EQ(got[i].minDomains, w.minDomains);
      EXPECT_EQ(got[i].nodeAffinityPolicy, w.nodeAffinityPolicy);
      EXPECT_EQ(got[i].nodeTaintsPolicy, w.nodeTaintsPolicy);
      std::map<std::string, int32_t> counts(got[i].domains.begin(), got[i].domains.end());
      EXPECT_EQ(got[i].domains.size(), counts.size()) << "a domain is listed twice";
      EXPECT_EQ(counts, w.topologyValueToPodCounts);
      EXPECT_DOUBLE_EQ(got[i].topologyNormalizingWeight, w.topologyNormalizingWeight);
    }
    // IgnoredNodes: NormalizeScore scores ignored nodes 0.
    ASSERT_EQ(scores.size(), tt.nodes.size());
    for (size_t n = 0; n < tt.nodes.size(); ++n) {
      if (tt.ignoredNodes.count(tt.nodes[n].metadata.name)) {
        EXPECT_EQ(scores[n], 0) << tt.nodes[n].metadata.name << " should be ignored";
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// TestPodTopologySpreadScore (DefaultingType: System, as upstream's test loop sets it)
// Left out (exists only to test a disabled feature gate): "matchLabelKeys ignored when feature gate
// disabled".
//
// Explanation on the Legend:
// a) X/Y means there are X matching pods on node1 and Y on node2, both nodes are candidates
//   (i.e. they have passed all predicates)
// b) X/~Y~ means there are X matching pods on node1 and Y on node2, but node Y is NOT a candidate
// c) X/?Y? means there are X matching pods on node1 and Y on node2, both nodes are candidates
//    but node2 doesn't have all required topologyKeys present.

struct ScoreCase {
  std::string name{};
  v1::Pod pod{};
  std::vector<v1::Pod> existingPods{};
  std::vector<v1::Node> nodes{};
  std::vector<v1::Node> failedNodes{};  // nodes + failedNodes = all nodes
  Scenario objs{};
  std::vector<std::pair<std::string, int64_t>> want{};  // fwk.NodeScoreList
};

TEST(PodTopologySpreadScoring, TestPodTopologySpreadScore) {
  const std::vector<ScoreCase> tests = {
      {
          .name = "one constraint on node, no existing pods",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label(kLabelHostname, "node-b").Obj(),
              },
          .want = {{"node-a", 100}, {"node-b", 100}},
      },
      {
          // if there is only one candidate node, it should be scored to 100
          .name = "one constraint on node, only one node is candidate",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, fooSelector)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
              },
          .nodes = {st::MakeNode().Name("node-a").Label(kLabelHostname, "node-a").Obj()},
          .failedNodes = {st::MakeNode().Name("node-b").Label(kLabelHostname, "node-b").Obj()},
          .want = {{"node-a", 100}},
      },
      {
          .name = "one constraint on node, all nodes have the same number of matching pods",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, fooSelector)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label(kLabelHostname, "node-b").Obj(),
              },
          .want = {{"node-a", 100}, {"node-b", 100}},
      },
      {
          // matching pods spread as 2/1/0/3.
          .name = "one constraint on node, all 4 nodes are candidates",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, fooSelector)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-d1").Node("node-d").Label("foo", "").Obj(),
                  st::MakePod().Name("p-d2").Node("node-d").Label("foo", "").Obj(),
                  st::MakePod().Name("p-d3").Node("node-d").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-c").Label(kLabelHostname, "node-c").Obj(),
                  st::MakeNode().Name("node-d").Label(kLabelHostname, "node-d").Obj(),
              },
          .failedNodes = {},
          .want = {{"node-a", 20}, {"node-b", 60}, {"node-c", 100}, {"node-d", 0}},
      },
      {
          .name = "one constraint on node, null selector",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, std::nullopt)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-d1").Node("node-d").Label("foo", "").Obj(),
                  st::MakePod().Name("p-d2").Node("node-d").Label("foo", "").Obj(),
                  st::MakePod().Name("p-d3").Node("node-d").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-c").Label(kLabelHostname, "node-c").Obj(),
                  st::MakeNode().Name("node-d").Label(kLabelHostname, "node-d").Obj(),
              },
          .want = {{"node-a", 100}, {"node-b", 100}, {"node-c", 100}, {"node-d", 100}},
      },
      {
          .name = "one constraint on node, all 4 nodes are candidates, maxSkew=2",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(2, kLabelHostname, v1::kScheduleAnyway, fooSelector)
                     .Obj(),
          // matching pods spread as 2/1/0/3.
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-d1").Node("node-d").Label("foo", "").Obj(),
                  st::MakePod().Name("p-d2").Node("node-d").Label("foo", "").Obj(),
                  st::MakePod().Name("p-d3").Node("node-d").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-c").Label(kLabelHostname, "node-c").Obj(),
                  st::MakeNode().Name("node-d").Label(kLabelHostname, "node-d").Obj(),
              },
          .failedNodes = {},
          .want =
              {
                  {"node-a", 33},  // +13, compared to maxSkew=1
                  {"node-b", 66},  // +6, compared to maxSkew=1
                  {"node-c", 100},
                  {"node-d", 16},  // +16, compared to maxSkew=1
              },
      },
      {
          .name = "one constraint on node, all 4 nodes are candidates, maxSkew=3",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(3, kLabelHostname, v1::kScheduleAnyway, fooSelector)
                     .Obj(),
          .existingPods =
              {
                  // matching pods spread as 4/3/2/1.
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a3").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a4").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b3").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-c1").Node("node-c").Label("foo", "").Obj(),
                  st::MakePod().Name("p-c2").Node("node-c").Label("foo", "").Obj(),
                  st::MakePod().Name("p-d1").Node("node-d").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-c").Label(kLabelHostname, "node-c").Obj(),
                  st::MakeNode().Name("node-d").Label(kLabelHostname, "node-d").Obj(),
              },
          .failedNodes = {},
          .want =
              {
                  {"node-a", 44},  // +16 compared to maxSkew=1
                  {"node-b", 66},  // +9 compared to maxSkew=1
                  {"node-c", 77},  // +6 compared to maxSkew=1
                  {"node-d", 100},
              },
      },
      {
          .name = "system defaulting, nodes don't have zone, pods match service",
          .pod = st::MakePod().Name("p").Label("foo", "").Obj(),
          .existingPods =
              {
                  // matching pods spread as 4/3/2/1.
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a3").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a4").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b3").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-c1").Node("node-c").Label("foo", "").Obj(),
                  st::MakePod().Name("p-c2").Node("node-c").Label("foo", "").Obj(),
                  st::MakePod().Name("p-d1").Node("node-d").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-c").Label(kLabelHostname, "node-c").Obj(),
                  st::MakeNode().Name("node-d").Label(kLabelHostname, "node-d").Obj(),
              },
          .failedNodes = {},
          .objs = Services({{"foo", ""}}),
          .want =
              {
                  // Same scores as if we were using one spreading constraint.
                  {"node-a", 44},
                  {"node-b", 66},
                  {"node-c", 77},
                  {"node-d", 100},
              },
      },
      {
          // matching pods spread as 4/2/1/~3~ (node4 is not a candidate)
          .name = "one constraint on node, 3 out of 4 nodes are candidates",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, fooSelector)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a3").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a4").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-x1").Node("node-x").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label(kLabelHostname, "node-x").Obj(),
              },
          .failedNodes = {st::MakeNode().Name("node-y").Label(kLabelHostname, "node-y").Obj()},
          .want = {{"node-a", 33}, {"node-b", 83}, {"node-x", 100}},
      },
      {
          // matching pods spread as 4/?2?/1/~3~, total = 4+?+1 = 5 (as node2 is problematic)
          .name = "one constraint on node, 3 out of 4 nodes are candidates, one node doesn't match topology key",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, fooSelector)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a3").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a4").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-x1").Node("node-x").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("n", "node-b").Obj(),  // label `n` doesn't match topologyKey
                  st::MakeNode().Name("node-x").Label(kLabelHostname, "node-x").Obj(),
              },
          .failedNodes = {st::MakeNode().Name("node-y").Label(kLabelHostname, "node-y").Obj()},
          .want = {{"node-a", 16}, {"node-b", 0}, {"node-x", 100}},
      },
      {
          // matching pods spread as 4/2/1/~3~
          .name = "one constraint on zone, 3 out of 4 nodes are candidates",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, fooSelector)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a3").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a4").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-x1").Node("node-x").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label(kLabelHostname, "node-x").Obj(),
              },
          .failedNodes = {st::MakeNode().Name("node-y").Label("zone", "zone2").Label(kLabelHostname, "node-y").Obj()},
          .want = {{"node-a", 75}, {"node-b", 75}, {"node-x", 100}},
      },
      {
          // matching pods spread as 2/~1~/2/~4~.
          .name = "two Constraints on zone and node, 2 out of 4 nodes are candidates",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, fooSelector)
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, fooSelector)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-x1").Node("node-x").Label("foo", "").Obj(),
                  st::MakePod().Name("p-x2").Node("node-x").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y4").Node("node-y").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label(kLabelHostname, "node-x").Obj(),
              },
          .failedNodes =
              {
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label(kLabelHostname, "node-y").Obj(),
              },
          .want = {{"node-a", 100}, {"node-x", 63}},
      },
      {
          .name = "two Constraints on zone, 2 out of 4 nodes are candidates",
          .pod = st::MakePod().Name("p").Label("foo", "").Label("bar", "")
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, fooSelector)
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, barSelector)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Obj(),
              },
          .failedNodes =
              {
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Obj(),
              },
          .want = {{"node-a", 85}, {"node-x", 100}},
      },
      {
          // If Constraints hold different labelSelectors, it's a little complex.
          // +----------------------+------------------------+
          // |         zone1        |          zone2         |
          // +----------------------+------------------------+
          // | node-a |    node-b   | node-x |     node-y    |
          // +--------+-------------+--------+---------------+
          // | P{foo} | P{foo, bar} |        | P{foo} P{bar} |
          // +--------+-------------+--------+---------------+
          // For the first constraint (zone): the matching pods spread as 2/2/1/1
          // For the second constraint (node): the matching pods spread as 0/1/0/1
          .name = "two Constraints on zone and node, with different labelSelectors",
          .pod = st::MakePod().Name("p").Label("foo", "").Label("bar", "")
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, fooSelector)
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, barSelector)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("bar", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label(kLabelHostname, "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label(kLabelHostname, "node-y").Obj(),
              },
          .failedNodes = {},
          .want = {{"node-a", 60}, {"node-b", 20}, {"node-x", 100}, {"node-y", 60}},
      },
      {
          // For the first constraint (zone): the matching pods spread as 0/0/2/2
          // For the second constraint (node): the matching pods spread as 0/1/0/1
          .name = "two Constraints on zone and node, with different labelSelectors, some nodes have 0 pods",
          .pod = st::MakePod().Name("p").Label("foo", "").Label("bar", "")
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, fooSelector)
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, barSelector)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-b1").Node("node-b").Label("bar", "").Obj(),
                  st::MakePod().Name("p-x1").Node("node-x").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Label("bar", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label(kLabelHostname, "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label(kLabelHostname, "node-y").Obj(),
              },
          .failedNodes = {},
          .want = {{"node-a", 100}, {"node-b", 60}, {"node-x", 40}, {"node-y", 0}},
      },
      {
          // For the first constraint (zone): the matching pods spread as 2/2/1/~1~
          // For the second constraint (node): the matching pods spread as 0/1/0/~1~
          .name = "two Constraints on zone and node, with different labelSelectors, 3 out of 4 nodes are candidates",
          .pod = st::MakePod().Name("p").Label("foo", "").Label("bar", "")
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, fooSelector)
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, barSelector)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("bar", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label(kLabelHostname, "node-x").Obj(),
              },
          .failedNodes = {st::MakeNode().Name("node-y").Label("zone", "zone2").Label(kLabelHostname, "node-y").Obj()},
          .want = {{"node-a", 50}, {"node-b", 25}, {"node-x", 100}},
      },
      {
          .name = "existing pods in a different namespace do not count",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, fooSelector)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Namespace("ns1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label(kLabelHostname, "node-b").Obj(),
              },
          .want = {{"node-a", 100}, {"node-b", 33}},
      },
      {
          .name = "terminating Pods should be excluded",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, fooSelector)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a").Node("node-a").Label("foo", "").Terminating().Obj(),
                  st::MakePod().Name("p-b").Node("node-b").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label(kLabelHostname, "node-b").Obj(),
              },
          .want = {{"node-a", 100}, {"node-b", 0}},
      },
      {
          // This test is artificial. In the real world, API Server would fail a pod's creation
          // when non-default minDomains is specified along with SchedulingAnyway.
          .name = "minDomains has no effect when ScheduleAnyway",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(2, "node", v1::kScheduleAnyway, fooSelector,
                                       10)  // larger than the number of domains(3)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-c1").Node("node-c").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-c").Label("node", "node-c").Obj(),
              },
          .want = {{"node-a", 75}, {"node-b", 75}, {"node-c", 100}},
      },
      {
          .name = "NodeAffinityPolicy honoed with labelSelectors",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeSelector({{"foo", ""}})
                     .SpreadConstraint(1, "node", v1::kScheduleAnyway, fooSelector)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-c1").Node("node-c").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-c").Label("node", "node-c").Obj(),
              },
          .want = {{"node-a", 0}, {"node-b", 33}, {"node-c", 100}},
      },
      {
          .name = "NodeAffinityPolicy ignored with labelSelectors",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeSelector({{"foo", ""}})
                     .SpreadConstraint(1, "node", v1::kScheduleAnyway, fooSelector, std::nullopt, ignorePolicy)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-c1").Node("node-c").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-c").Label("node", "node-c").Obj(),
              },
          .want = {{"node-a", 66}, {"node-b", 100}, {"node-c", 100}},
      },
      {
          .name = "NodeAffinityPolicy honoed with nodeAffinity",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeAffinityIn("foo", {""})
                     .SpreadConstraint(1, "node", v1::kScheduleAnyway, fooSelector)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-c1").Node("node-c").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-c").Label("node", "node-c").Obj(),
              },
          .want = {{"node-a", 0}, {"node-b", 33}, {"node-c", 100}},
      },
      {
          .name = "NodeAffinityPolicy ignored with nodeAffinity",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeAffinityIn("foo", {""})
                     .SpreadConstraint(1, "node", v1::kScheduleAnyway, fooSelector, std::nullopt, ignorePolicy)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-c1").Node("node-c").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-c").Label("node", "node-c").Obj(),
              },
          .want = {{"node-a", 66}, {"node-b", 100}, {"node-c", 100}},
      },
      {
          .name = "NodeTaintsPolicy honored",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "node", v1::kScheduleAnyway, fooSelector, std::nullopt, std::nullopt, honorPolicy)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-c1").Node("node-c").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-c").Label("node", "node-c").Taints(taints).Obj(),
              },
          .want = {{"node-a", 0}, {"node-b", 33}, {"node-c", 100}},
      },
      {
          .name = "NodeTaintsPolicy ignored",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "node", v1::kScheduleAnyway, fooSelector)
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-c1").Node("node-c").Label("foo", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-c").Label("node", "node-c").Taints(taints).Obj(),
              },
          .want = {{"node-a", 66}, {"node-b", 100}, {"node-c", 100}},
      },
      {
          .name = "matchLabelKeys ANDed with LabelSelector when LabelSelector is empty",
          .pod = st::MakePod().Name("p").Label("foo", "").Label("bar", "")
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, st::MakeLabelSelector().Obj(), std::nullopt,
                                       std::nullopt, std::nullopt, {"foo"})
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, st::MakeLabelSelector().Obj(),
                                       std::nullopt, std::nullopt, std::nullopt, {"bar"})
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-c").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-c").Label("bar", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-c").Label("zone", "zone2").Label(kLabelHostname, "node-c").Obj(),
                  st::MakeNode().Name("node-d").Label("zone", "zone2").Label(kLabelHostname, "node-d").Obj(),
              },
          .want = {{"node-a", 60}, {"node-b", 20}, {"node-c", 60}, {"node-d", 100}},
      },
      {
          .name = "matchLabelKeys ANDed with LabelSelector when LabelSelector isn't empty",
          .pod = st::MakePod().Name("p").Label("foo", "").Label("bar", "").Label("baz", "")
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, fooSelector)
                     .SpreadConstraint(1, kLabelHostname, v1::kScheduleAnyway, barSelector, std::nullopt, std::nullopt,
                                       std::nullopt, {"baz"})
                     .Obj(),
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Label("bar", "").Label("baz", "").Obj(),
                  st::MakePod().Name("p-c1").Node("node-c").Label("foo", "").Obj(),
                  st::MakePod().Name("p-c2").Node("node-c").Label("bar", "").Obj(),
                  st::MakePod().Name("p-d3").Node("node-c").Label("bar", "").Label("baz", "").Obj(),
              },
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label(kLabelHostname, "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label(kLabelHostname, "node-b").Obj(),
                  st::MakeNode().Name("node-c").Label("zone", "zone2").Label(kLabelHostname, "node-c").Obj(),
                  st::MakeNode().Name("node-d").Label("zone", "zone2").Label(kLabelHostname, "node-d").Obj(),
              },
          .want = {{"node-a", 60}, {"node-b", 20}, {"node-c", 60}, {"node-d", 100}},
      },
  };

  for (const auto& tt : tests) {
    SCOPED_TRACE(tt.name);
    std::vector<v1::Node> allNodes = tt.nodes;
    allNodes.insert(allNodes.end(), tt.failedNodes.begin(), tt.failedNodes.end());
    st::PluginHarness h(allNodes, tt.existingPods, tt.pod, NewPlugin({.defaultConstraints = {}, .systemDefaulting = true}),
                        tt.objs);
    Status s;
    std::vector<int64_t> scores = h.Scores(Names(tt.nodes), &s);
    EXPECT_TRUE(s.IsSuccess()) << "unexpected error: " << CodeName(s.code) << " " << s.Message();
    std::vector<std::pair<std::string, int64_t>> gotList;
    for (size_t i = 0; i < scores.size() && i < tt.nodes.size(); ++i)
      gotList.emplace_back(tt.nodes[i].metadata.name, scores[i]);
    EXPECT_EQ(gotList, tt.want);
  }
}

// ---------------------------------------------------------------------------------------------
// spreadlab: ExplainScore, the formula of scoring.go (scoreForCount per constraint, the sum
// rounded; NormalizeScore's min and max) with a node's numbers.

struct ExplainCase {
  std::string name{};
  std::vector<v1::Node> nodes{};  // all candidates
  std::string node{};
  std::string score{};
  std::string normalize{};
  int64_t raw = 0;
  int64_t normalized = 0;
};

TEST(PodTopologySpreadScoring, ExplainScore) {
  // Matching pods: zone1 3 (node-a 2, node-b 1), zone2 1 (node-x).
  const std::vector<v1::Pod> existingPods = {
      st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
      st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
      st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
      st::MakePod().Name("p-x1").Node("node-x").Label("foo", "").Obj(),
  };
  const v1::Pod pod = st::MakePod().Name("p").Label("foo", "")
                          .SpreadConstraint(1, kLabelTopologyZone, v1::kScheduleAnyway, fooSelector)
                          .SpreadConstraint(2, kLabelHostname, v1::kScheduleAnyway, fooSelector)
                          .Obj();
  const std::vector<v1::Node> zoned = {
      st::MakeNode().Name("node-a").Label(kLabelTopologyZone, "zone1").Label(kLabelHostname, "node-a").Obj(),
      st::MakeNode().Name("node-b").Label(kLabelTopologyZone, "zone1").Label(kLabelHostname, "node-b").Obj(),
      st::MakeNode().Name("node-x").Label(kLabelTopologyZone, "zone2").Label(kLabelHostname, "node-x").Obj(),
  };
  std::vector<v1::Node> withZoneless = zoned;
  withZoneless.push_back(st::MakeNode().Name("node-c").Label(kLabelHostname, "node-c").Obj());
  const std::vector<ExplainCase> tests = {
      {
          // Raw scores: node-a 3x1.386 + 2x1.609+1 = 8.378 -> 8, node-b 7, node-x 4.
          .name = "two constraints, one with maxSkew 2",
          .nodes = zoned,
          .node = "node-b",
          .score = "topology.kubernetes.io/zone=zone1: 3 x log(2+2) = 4.159, kubernetes.io/hostname=node-b: "
                   "1 x log(3+2) + (2-1) = 2.609; round(4.159 + 2.609) = 7",
          .normalize = "100 x (max + min - s) / max = 100 x (8 + 4 - 7) / 8 = 62 (min 4, max 8 over the 3 nodes "
                       "not ignored)",
          .raw = 7,
          .normalized = 62,
      },
      {
          .name = "a candidate without the zone label is ignored",
          .nodes = withZoneless,
          .node = "node-c",
          .score = "ignored (the node lacks a constraint's topology key): 0",
          .normalize = "ignored node: 0",
          .raw = 0,
          .normalized = 0,
      },
  };
  for (const auto& tt : tests) {
    SCOPED_TRACE(tt.name);
    st::PluginHarness h(tt.nodes, existingPods, pod, NewPlugin({.defaultConstraints = {}, .systemDefaulting = true}));
    const st::Explained e = st::ExplainNode(h, Names(tt.nodes), tt.node);
    EXPECT_EQ(e.x.score, tt.score);
    EXPECT_EQ(e.x.normalize, tt.normalize);
    EXPECT_EQ(e.raw, tt.raw);
    EXPECT_EQ(e.normalized, tt.normalized);
  }
}

}  // namespace
