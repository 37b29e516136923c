// The scheduling cycle (core/framework/framework.h: Framework::RunCycle,
// NumFeasibleNodesToFind, FitErrorMessage) and the node-tree order
// (Cluster::NodeTreeOrder) against kubernetes/kubernetes, read in the index:
//
//  * pkg/scheduler/schedule_one.go at 003b4460edb52bc9a9fe6cf54294e5b3e4681610:
//    schedulePod, findNodesThatFitPod, findNodesThatPassFilters,
//    numFeasibleNodesToFind, prioritizeNodes, nodeScoreHeap (selectHost).
//  * pkg/scheduler/schedule_one_test.go at 008b3652959ca58af8be3fb5b6ecfe9ae7638282:
//    TestSchedulerSchedulePod, TestFindFitAllError, TestFindFitSomeError,
//    TestNumFeasibleNodesToFind, TestFairEvaluationForNodes.
//  * pkg/scheduler/framework/runtime/framework.go at 002774c31572cc25cbf613f864feff62410ae687:
//    RunPreFilterPlugins (PreFilterResult merge, "node(s) didn't satisfy plugin ..."),
//    RunFilterPlugins (first failure), RunPreScorePlugins, RunScorePlugins
//    (skipped plugins, range check, weights).
//  * pkg/scheduler/framework/types.go (FitError.Error, "0/%v nodes are available")
//    and types_test.go at 00fdf757a8e89fb0c7ccad10419ef33a1fa1b1ab: TestFitError_Error.
//  * pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go at
//    00d375050338df847285c0a12bbd90c328d0e707: PreFilter (PreFilterResult, errReasonConflict).
//  * pkg/scheduler/backend/cache/node_tree.go at 8519d3399f10be33a45da368a48ee763acbe3999
//    (nodeTree.addNode/list with component-helpers topology.GetZoneKey) and
//    pkg/scheduler/internal/cache/node_tree_test.go at 15b08666fae3c54f934d362f493ca9448aa62719
//    (the newest node_tree_test.go in the index; backend/cache has none):
//    TestNodeTree_AddNode, TestNodeTree_List.
//
// How the tables are adapted. Upstream drives the cycle with fake plugins
// (TrueFilter, MatchFilter, FakePreFilter, NumericMap, ...); spreadlab only has
// its in-tree plugins, so each ported case is rebuilt with real plugins that
// produce the same framework behaviour: a PreFilterResult comes from
// NodeAffinity's matchFields metadata.name In, a Filter rejection from a taint,
// cordon or nodeSelector. Case names are upstream's where a case is ported,
// verbatim; the others say what they check. Not portable: cases about
// extenders, nominated nodes, PostFilter messages, PVCs, Score plugin errors
// and invalid normalized scores (no simulated plugin can produce one), and the
// nodeTree remove/update operations (a Cluster is built once).
//
// Deviations found are marked GTEST_SKIP with "spreadlab deviates: ..."; the
// assertions below the skip are upstream's expectation.

// Cases leave the fields they do not set at their defaults.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include "core/framework/framework.h"
#include "core/plugins/registry.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using testing::MakeLabelSelector;
using testing::MakeNode;
using testing::MakePod;
using testing::MakeTaint;
using Names = std::vector<std::string>;

constexpr const char* kZone = "topology.kubernetes.io/zone";
constexpr const char* kRegion = "topology.kubernetes.io/region";
constexpr const char* kBetaZone = "failure-domain.beta.kubernetes.io/zone";
constexpr const char* kBetaRegion = "failure-domain.beta.kubernetes.io/region";

// A cluster, a framework over it, and the pending pod (added last).
struct Env {
  std::unique_ptr<Cluster> cluster;
  std::unique_ptr<Framework> fw;
  PodIndex pod = kNone;
  CycleTrace trace;

  void Run(bool explain = true) { fw->RunCycle(pod, trace, explain); }
  std::string Selected() const { return trace.selected == kNone ? "" : cluster->node(trace.selected).name; }
  const NodeTrace& Node(const std::string& name) const { return trace.nodes[cluster->FindNode(name)]; }
  std::string Name(NodeIndex n) const { return cluster->node(n).name; }
  // The nodes whose filters ran, by name.
  std::set<std::string> Evaluated() const {
    std::set<std::string> out;
    for (const auto& n : trace.nodes)
      if (n.evaluated) out.insert(Name(n.node));
    return out;
  }
  std::set<std::string> Feasible() const {
    std::set<std::string> out;
    for (const auto& n : trace.nodes)
      if (n.feasible) out.insert(Name(n.node));
    return out;
  }
};

std::unique_ptr<Env> MakeEnv(std::vector<v1::Node> nodes, std::vector<v1::Pod> existing, v1::Pod pending,
                             const config::Profile& profile = {}) {
  auto env = std::make_unique<Env>();
  Scenario s;
  s.nodes = std::move(nodes);
  // A real node always reports status.allocatable; these cases are about the
  // framework and the other filters, so NodeResourcesFit must admit them.
  for (auto& n : s.nodes)
    if (n.allocatable.empty()) n.allocatable = testing::MakeNode().Capacity({{"cpu", "4"}, {"memory", "16Gi"}}).Obj().allocatable;
  s.pods = std::move(existing);
  pending.spec.nodeName.clear();
  s.pods.push_back(std::move(pending));
  env->pod = static_cast<PodIndex>(s.pods.size() - 1);
  env->cluster = std::make_unique<Cluster>(std::move(s));
  std::string error;
  env->fw = plugins::NewFramework(*env->cluster, profile, error);
  EXPECT_TRUE(env->fw) << error;
  return env;
}

v1::Node PlainNode(const std::string& name) {
  return MakeNode().Name(name).Label("kubernetes.io/hostname", name).Obj();
}

std::vector<v1::Node> PlainNodes(const Names& names) {
  std::vector<v1::Node> out;
  for (const auto& n : names) out.push_back(PlainNode(n));
  return out;
}

config::Plugin P(std::string name, std::optional<int32_t> weight = std::nullopt) {
  return config::Plugin{std::move(name), weight};
}

// A profile whose Score point is exactly `enabled` (score.disabled "*").
config::Profile ScoreOnly(std::vector<config::Plugin> enabled) {
  config::Plugins plugins;
  plugins.score.disabled = {"*"};
  plugins.score.enabled = std::move(enabled);
  config::Profile p;
  p.plugins = plugins;
  return p;
}

// A matchFields requirement metadata.name In [name]. The API allows one value
// only (nodeSelectorRequirementsAsFieldSelector fails otherwise, and the term
// then matches no node), so several names take several ORed terms.
v1::NodeSelectorRequirement NameIn(std::string name) {
  return v1::NodeSelectorRequirement{"metadata.name", "In", {std::move(name)}};
}

// ---------------------------------------------------------------------------
// FitErrorMessage: FitError.Error()
// ---------------------------------------------------------------------------

struct FitErrorCase {
  std::string name;
  size_t numAllNodes = 0;
  std::string preFilterMsg;
  std::vector<std::string> nodeReasons;  // one per node; "" for a node without a status
  std::string want;
};

TEST(FitErrorMessageTest, Table) {
  const std::vector<FitErrorCase> cases = {
      // types_test.go TestFitError_Error. The PostFilterMsg cases are not
      // portable: spreadlab runs no PostFilter plugin.
      {"nodes failed Prefilter plugin",
       3,
       "Node(s) failed PreFilter plugin FalsePreFilter",
       {"Node(s) failed PreFilter plugin FalsePreFilter", "Node(s) failed PreFilter plugin FalsePreFilter",
        "Node(s) failed PreFilter plugin FalsePreFilter"},
       "0/3 nodes are available: Node(s) failed PreFilter plugin FalsePreFilter."},
      {"nodes failed one Filter plugin with an empty PostFilterMsg",
       3,
       "",
       {"Node(s) failed Filter plugin FalseFilter-1", "Node(s) failed Filter plugin FalseFilter-1",
        "Node(s) failed Filter plugin FalseFilter-1"},
       "0/3 nodes are available: 3 Node(s) failed Filter plugin FalseFilter-1."},
      {"nodes failed two Filter plugins with an empty PostFilterMsg",
       3,
       "",
       {"Node(s) failed Filter plugin FalseFilter-1", "Node(s) failed Filter plugin FalseFilter-1",
        "Node(s) failed Filter plugin FalseFilter-2"},
       "0/3 nodes are available: 1 Node(s) failed Filter plugin FalseFilter-2, 2 Node(s) failed Filter plugin "
       "FalseFilter-1."},
      {"failed to Permit on node",
       1,
       "",
       {"Node failed Permit plugin Permit-1"},
       "0/1 nodes are available: 1 Node failed Permit plugin Permit-1."},
      {"failed to Reserve on node",
       1,
       "",
       {"Node failed Reserve plugin Reserve-1"},
       "0/1 nodes are available: 1 Node failed Reserve plugin Reserve-1."},
      // sort.Strings on "<count> <reason>": "10 ..." sorts before "2 ..." although
      // the reasons themselves sort the other way.
      {"counts sort as strings, 10 before 2",
       12,
       "",
       {"a", "a", "b", "b", "b", "b", "b", "b", "b", "b", "b", "b"},
       "0/12 nodes are available: 10 b, 2 a."},
      {"equal counts sort by reason",
       3,
       "",
       {"node(s) were unschedulable", "node(s) had untolerated taint {a: b}", "c"},
       "0/3 nodes are available: 1 c, 1 node(s) had untolerated taint {a: b}, 1 node(s) were unschedulable."},
      // A PreFilter message replaces the node reasons (they would be duplicates).
      {"PreFilter message wins over node reasons",
       2,
       "pod affinity terms conflict",
       {"x", "y"},
       "0/2 nodes are available: pod affinity terms conflict."},
      {"PreFilter message, no node statuses",
       4,
       "node(s) didn't satisfy plugin NodeAffinity",
       {},
       "0/4 nodes are available: node(s) didn't satisfy plugin NodeAffinity."},
      // Nodes without a status (feasible or never evaluated) are not counted.
      {"nodes without a reason are not counted", 4, "", {"", "r", "", "r"}, "0/4 nodes are available: 2 r."},
      // No reason at all: the bare prefix, as upstream (no trailing period).
      {"no reasons", 2, "", {"", ""}, "0/2 nodes are available:"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<std::string_view> reasons(c.nodeReasons.begin(), c.nodeReasons.end());
    EXPECT_EQ(FitErrorMessage(c.numAllNodes, c.preFilterMsg, reasons), c.want);
  }
}

// ---------------------------------------------------------------------------
// The FitError of real cycles: node reasons, first failing plugin
// ---------------------------------------------------------------------------

// One node excluded by the pod's nodeSelector (NodeAffinity), three rejected by
// a zone spread constraint: with nodeAffinityPolicy Ignore the excluded node's
// empty zone still counts, so the global minimum is 0 and every other zone
// would reach skew 2 > maxSkew 1.
TEST(FitErrorFromCycleTest, NodeSelectorAndSpreadConstraint) {
  std::vector<v1::Node> nodes;
  for (const char* z : {"a", "b", "c", "d"}) {
    auto n = MakeNode()
                 .Name(std::string("node-") + z)
                 .Label("kubernetes.io/hostname", std::string("node-") + z)
                 .Label(kZone, std::string("zone-") + z);
    if (std::string(z) != "d") n.Label("disk", "ssd");
    nodes.push_back(n.Obj());
  }
  std::vector<v1::Pod> existing = {
      MakePod().Name("web-a").Label("app", "web").Node("node-a").Obj(),
      MakePod().Name("web-b").Label("app", "web").Node("node-b").Obj(),
      MakePod().Name("web-c").Label("app", "web").Node("node-c").Obj(),
  };
  auto pod = MakePod()
                 .Name("web-new")
                 .Label("app", "web")
                 .NodeSelector({{"disk", "ssd"}})
                 .SpreadConstraint(1, kZone, v1::kDoNotSchedule, MakeLabelSelector().Label("app", "web").Obj(),
                                   std::nullopt, v1::kIgnore)
                 .Obj();
  auto env = MakeEnv(nodes, existing, pod);
  for (bool explain : {true, false}) {
    SCOPED_TRACE(explain ? "explain" : "no explain");
    env->Run(explain);
    EXPECT_EQ(env->trace.selected, kNone);
    EXPECT_EQ(env->trace.error, "");
    EXPECT_EQ(env->trace.message,
        "0/4 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 3 node(s) "
        "didn't match pod topology spread constraints. preemption: 0/4 nodes are available: 1 "
        "Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.");
  }
  // With the default policy (Honor) the excluded node's zone does not count,
  // the minimum is 1 and the pod fits anywhere else.
  pod.spec.topologySpreadConstraints[0].nodeAffinityPolicy.reset();
  auto honor = MakeEnv(nodes, existing, pod);
  honor->Run();
  EXPECT_EQ(honor->Feasible(), (std::set<std::string>{"node-a", "node-b", "node-c"}));
  EXPECT_EQ(honor->Selected(), "node-a");
  EXPECT_EQ(honor->trace.message, "Successfully assigned default/web-new to node-a");
}

TEST(FitErrorFromCycleTest, TaintsAndCordon) {
  std::vector<v1::Node> nodes = {
      MakeNode().Name("n1").Taints({MakeTaint("dedicated", "gpu", "NoSchedule")}).Obj(),
      MakeNode().Name("n2").Unschedulable(true).Obj(),
      MakeNode().Name("n3").Taints({MakeTaint("key2", "v", "NoExecute")}).Obj(),
      // PreferNoSchedule does not filter: n4 is rejected for its NoSchedule taint.
      MakeNode()
          .Name("n4")
          .Taints({MakeTaint("soft", "x", "PreferNoSchedule"), MakeTaint("dedicated", "gpu", "NoSchedule")})
          .Obj(),
  };
  auto env = MakeEnv(nodes, {}, MakePod().Name("p").Obj());
  env->Run();
  EXPECT_EQ(env->trace.message,
      "0/4 nodes are available: 1 node(s) were unschedulable, 3 node(s) had untolerated taint(s). "
      "preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.");

  // Tolerating the taints leaves only the cordon; tolerating the unschedulable
  // taint makes the cordoned node fit too (NodeUnschedulable).
  auto tolerant = MakePod().Name("p").Toleration("dedicated").Toleration("key2").Obj();
  auto env2 = MakeEnv(nodes, {}, tolerant);
  env2->Run();
  EXPECT_EQ(env2->Feasible(), (std::set<std::string>{"n1", "n3", "n4"}));
  auto cordonTolerant = MakePod().Name("p").Toleration("node.kubernetes.io/unschedulable").Obj();
  auto env3 = MakeEnv({nodes[1]}, {}, cordonTolerant);
  env3->Run();
  EXPECT_EQ(env3->Selected(), "n2");
}

// 10 cordoned nodes and 2 tainted ones: "10 ..." sorts before "2 ...".
TEST(FitErrorFromCycleTest, CountsSortAsStrings) {
  std::vector<v1::Node> nodes;
  for (int i = 0; i < 10; ++i)
    nodes.push_back(MakeNode().Name("cordoned-" + std::to_string(i)).Unschedulable(true).Obj());
  for (int i = 0; i < 2; ++i)
    nodes.push_back(MakeNode().Name("tainted-" + std::to_string(i)).Taints({MakeTaint("a", "b", "NoSchedule")}).Obj());
  auto env = MakeEnv(nodes, {}, MakePod().Name("p").Obj());
  env->Run(false);
  EXPECT_EQ(env->trace.message,
      "0/12 nodes are available: 10 node(s) were unschedulable, 2 node(s) had untolerated taint(s). "
      "preemption: 0/12 nodes are available: 12 Preemption is not helpful for scheduling.");
}

// NodeName: a pod naming a node that is not the one being filtered.
TEST(FitErrorFromCycleTest, RequestedNodeName) {
  auto pod = MakePod().Name("p").Obj();
  pod.spec.nodeName = "elsewhere";  // no such node: the pod stays pending
  Scenario s;
  s.nodes = PlainNodes({"n1", "n2"});
  s.pods = {pod};
  Cluster cluster(std::move(s));
  std::string error;
  auto fw = plugins::NewFramework(cluster, config::Profile{}, error);
  ASSERT_TRUE(fw) << error;
  CycleTrace trace;
  fw->RunCycle(0, trace, true);
  EXPECT_EQ(trace.message,
      "0/2 nodes are available: 2 node(s) didn't match the requested node name. preemption: 0/2 "
      "nodes are available: 2 Preemption is not helpful for scheduling.");
}

// RunFilterPlugins returns the first non-success status in profile order, so a
// node several plugins reject counts once, under the first of them. With an
// explanation every plugin's verdict is recorded and firstFailure points at the
// one upstream reports.
TEST(FirstFailureTest, CountedOnceUnderFirstFailingPlugin) {
  std::vector<v1::Node> nodes = {
      // Cordoned, tainted and without the label: NodeUnschedulable comes first.
      MakeNode().Name("all-three").Unschedulable(true).Taints({MakeTaint("k", "v", "NoSchedule")}).Obj(),
      // Tainted and without the label: TaintToleration before NodeAffinity.
      MakeNode().Name("taint-and-label").Taints({MakeTaint("k", "v", "NoSchedule")}).Obj(),
      // Only the label.
      MakeNode().Name("label-only").Obj(),
  };
  auto pod = MakePod().Name("p").NodeSelector({{"disk", "ssd"}}).Obj();
  auto env = MakeEnv(nodes, {}, pod);
  env->Run();
  EXPECT_EQ(env->trace.filterPlugins, (Names{"NodeName", "NodeUnschedulable", "TaintToleration", "NodeAffinity",
                                             "NodePorts", "NodeResourcesFit", "VolumeRestrictions", "NodeVolumeLimits",
                                             "VolumeBinding", "VolumeZone", "PodTopologySpread", "InterPodAffinity"}));
  EXPECT_EQ(env->trace.message,
      "0/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had "
      "untolerated taint(s), 1 node(s) were unschedulable. preemption: 0/3 nodes are available: 3 "
      "Preemption is not helpful for scheduling.");

  auto firstFailingPlugin = [&](const std::string& node) {
    const NodeTrace& nt = env->Node(node);
    EXPECT_GE(nt.firstFailure, 0);
    const FilterVerdict& v = env->trace.filters[nt.filterBegin + nt.firstFailure];
    return env->trace.filterPlugins[v.plugin];
  };
  auto failingPlugins = [&](const std::string& node) {
    const NodeTrace& nt = env->Node(node);
    Names out;
    for (uint32_t i = nt.filterBegin; i < nt.filterBegin + nt.filterCount; ++i) {
      const FilterVerdict& v = env->trace.filters[i];
      if (!(v.code == Code::Success || v.code == Code::Skip)) out.push_back(env->trace.filterPlugins[v.plugin]);
    }
    return out;
  };
  EXPECT_EQ(firstFailingPlugin("all-three"), "NodeUnschedulable");
  EXPECT_EQ(failingPlugins("all-three"), (Names{"NodeUnschedulable", "TaintToleration", "NodeAffinity"}));
  EXPECT_EQ(firstFailingPlugin("taint-and-label"), "TaintToleration");
  EXPECT_EQ(failingPlugins("taint-and-label"), (Names{"TaintToleration", "NodeAffinity"}));
  EXPECT_EQ(firstFailingPlugin("label-only"), "NodeAffinity");

  // Without an explanation the outcome is the same.
  env->Run(false);
  EXPECT_EQ(env->trace.message,
      "0/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had "
      "untolerated taint(s), 1 node(s) were unschedulable. preemption: 0/3 nodes are available: 3 "
      "Preemption is not helpful for scheduling.");

  // Profile order, not a fixed one: with Filter reordered (filter.disabled "*"
  // keeps the listed order) every node is counted under NodeAffinity.
  config::Plugins plugins;
  plugins.filter.disabled = {"*"};
  plugins.filter.enabled = {P("NodeAffinity"), P("TaintToleration"), P("NodeUnschedulable")};
  config::Profile reordered;
  reordered.plugins = plugins;
  auto env2 = MakeEnv(nodes, {}, pod, reordered);
  env2->Run();
  EXPECT_EQ(env2->trace.filterPlugins, (Names{"NodeAffinity", "TaintToleration", "NodeUnschedulable"}));
  EXPECT_EQ(env2->trace.message,
      "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 "
      "nodes are available: 3 Preemption is not helpful for scheduling.");
}

// TestFindFitAllError / TestFindFitSomeError: every evaluated node that fails
// gets a status, a feasible node none. Upstream's MatchFilter (node name == pod
// name) becomes a nodeSelector on the hostname label (a pod naming an existing
// node in spec.nodeName would be bound, not scheduled).
TEST(FirstFailureTest, TestFindFitAllError) {
  auto env = MakeEnv(PlainNodes({"3", "2", "1"}), {},
                     MakePod().Name("p").NodeSelector({{"kubernetes.io/hostname", "none"}}).Obj());
  env->Run();
  EXPECT_TRUE(env->Feasible().empty());
  EXPECT_EQ(env->Evaluated(), (std::set<std::string>{"1", "2", "3"}));
  for (const char* n : {"1", "2", "3"}) {
    const NodeTrace& nt = env->Node(n);
    ASSERT_GE(nt.firstFailure, 0) << n;
    EXPECT_EQ(env->trace.FirstReason(env->trace.filters[nt.filterBegin + nt.firstFailure]),
              "node(s) didn't match Pod's node affinity/selector");
  }
  EXPECT_EQ(env->trace.message,
      "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 "
      "nodes are available: 3 Preemption is not helpful for scheduling.");
}

TEST(FirstFailureTest, TestFindFitSomeError) {
  auto env = MakeEnv(PlainNodes({"3", "2", "1"}), {},
                     MakePod().Name("1").NodeSelector({{"kubernetes.io/hostname", "1"}}).Obj());
  env->Run();
  EXPECT_EQ(env->Feasible(), (std::set<std::string>{"1"}));
  for (const char* n : {"2", "3"}) {
    const NodeTrace& nt = env->Node(n);
    ASSERT_GE(nt.firstFailure, 0) << n;
    EXPECT_EQ(env->trace.FirstReason(env->trace.filters[nt.filterBegin + nt.firstFailure]),
              "node(s) didn't match Pod's node affinity/selector");
  }
  EXPECT_EQ(env->Node("1").firstFailure, -1);
  EXPECT_EQ(env->Selected(), "1");
}

// ---------------------------------------------------------------------------
// PreFilterResult (NodeAffinity matchFields metadata.name In)
// ---------------------------------------------------------------------------

// Only the named nodes are filtered; the rest are "not evaluated" and, when the
// pod fits nowhere, counted under the absent-nodes status
// "node(s) didn't satisfy plugin(s) [NodeAffinity]".
TEST(PreFilterResultTest, OnlyNamedNodesAreEvaluated) {
  auto pod = MakePod().Name("p").RequiredTerm({}, {NameIn("n2")}).RequiredTerm({}, {NameIn("n4")}).Obj();
  auto env = MakeEnv(PlainNodes({"n1", "n2", "n3", "n4"}), {}, pod);
  env->Run();
  ASSERT_FALSE(env->trace.preFilter.empty());
  bool found = false;
  for (const auto& v : env->trace.preFilter) {
    if (v.plugin != "NodeAffinity") continue;
    found = true;
    EXPECT_EQ(v.code, Code::Success);
    ASSERT_TRUE(v.nodeNames.has_value());
    EXPECT_EQ(std::set<std::string>(v.nodeNames->begin(), v.nodeNames->end()), (std::set<std::string>{"n2", "n4"}));
  }
  EXPECT_TRUE(found);
  EXPECT_EQ(env->Evaluated(), (std::set<std::string>{"n2", "n4"}));
  EXPECT_EQ(env->Node("n1").notEvaluated, NotEvaluated::PreFilterResult);
  EXPECT_EQ(env->Node("n3").notEvaluated, NotEvaluated::PreFilterResult);
  EXPECT_EQ(env->trace.evaluatedNodes, 2);
  EXPECT_EQ(env->trace.numFeasibleNodesToFind, 2);  // of the candidates, not of all nodes
  EXPECT_TRUE(env->Selected() == "n2" || env->Selected() == "n4") << env->Selected();
  // processedNodes = feasible + statuses of evaluated nodes (absent ones are not counted).
  EXPECT_EQ(env->fw->nextStartNodeIndex(), 2u);
}

// "test some nodes are filtered out by prefilter plugin and other are filtered
// out by filter plugin": FakePreFilter -> NodeAffinity, FakeFilter -> a taint.
TEST(PreFilterResultTest, TestSomeNodesAreFilteredOutByPrefilterPluginAndOtherAreFilteredOutByFilterPlugin) {
  std::vector<v1::Node> nodes = {PlainNode("node1"),
                                 MakeNode().Name("node2").Taints({MakeTaint("k", "v", "NoSchedule")}).Obj()};
  auto env = MakeEnv(nodes, {}, MakePod().Name("test-prefilter").RequiredTerm({}, {NameIn("node2")}).Obj());
  env->Run();
  EXPECT_EQ(env->trace.message,
      "0/2 nodes are available: 1 node(s) didn't satisfy plugin(s) [NodeAffinity], 1 node(s) had "
      "untolerated taint(s). preemption: 0/2 nodes are available: 2 Preemption is not helpful for "
      "scheduling.");
}

// NodeAffinity returns UnschedulableAndUnresolvable "pod affinity terms conflict"
// when the names of one term intersect to nothing; it is a PreFilter message.
TEST(PreFilterResultTest, ConflictingNames) {
  auto pod = MakePod().Name("p").RequiredTerm({}, {NameIn("n1"), NameIn("n2")}).Obj();
  auto env = MakeEnv(PlainNodes({"n1", "n2", "n3"}), {}, pod);
  env->fw->setNextStartNodeIndex(1);
  env->Run();
  EXPECT_EQ(env->trace.message,
      "0/3 nodes are available: pod affinity terms conflict. not found");
  EXPECT_EQ(env->trace.evaluatedNodes, 0);
  for (const auto& n : env->trace.nodes) {
    EXPECT_FALSE(n.evaluated);
    EXPECT_EQ(n.notEvaluated, NotEvaluated::PreFilterRejected);
  }
  // findNodesThatFitPod returns before it moves nextStartNodeIndex.
  EXPECT_EQ(env->fw->nextStartNodeIndex(), 1u);
}

// Terms are ORed: one term without a metadata.name requirement admits every node.
TEST(PreFilterResultTest, TermWithoutNameAdmitsAllNodes) {
  auto pod = MakePod()
                 .Name("p")
                 .RequiredTerm({}, {NameIn("n1")})
                 .RequiredTerm({{"kubernetes.io/hostname", "In", {"n3"}}})
                 .Obj();
  auto env = MakeEnv(PlainNodes({"n1", "n2", "n3"}), {}, pod);
  env->Run();
  EXPECT_EQ(env->Evaluated(), (std::set<std::string>{"n1", "n2", "n3"}));
  EXPECT_EQ(env->Feasible(), (std::set<std::string>{"n1", "n3"}));
  EXPECT_EQ(env->Node("n2").notEvaluated, NotEvaluated::No);
}

// Names from several terms are unioned; names in one term are intersected, so
// a term naming two different nodes contributes nothing.
TEST(PreFilterResultTest, UnionOfTermsIntersectionWithinTerm) {
  auto pod = MakePod()
                 .Name("p")
                 .RequiredTerm({}, {NameIn("n2"), NameIn("n2")})
                 .RequiredTerm({}, {NameIn("n1"), NameIn("n3")})
                 .RequiredTerm({}, {NameIn("n4")})
                 .Obj();
  auto env = MakeEnv(PlainNodes({"n1", "n2", "n3", "n4", "n5"}), {}, pod);
  env->Run();
  EXPECT_EQ(env->Evaluated(), (std::set<std::string>{"n2", "n4"}));
}

// "test prefilter plugin returned an invalid node": a PreFilterResult that names
// only nodes that do not exist is not an empty result, so PreFilter succeeds,
// no node is filtered, and every node counts under the absent-nodes status.
TEST(PreFilterResultTest, TestPrefilterPluginReturnedAnInvalidNode) {
  auto env = MakeEnv(PlainNodes({"1", "2"}), {},
                     MakePod().Name("test-prefilter").RequiredTerm({}, {NameIn("invalid-node")}).Obj());
  env->Run();
  if (env->trace.message != "0/2 nodes are available: 2 node(s) didn't satisfy plugin(s) [NodeAffinity].") {
    GTEST_SKIP() << "spreadlab deviates: NodeAffinity::PreFilter drops names of nodes that do not exist, so a "
                    "PreFilterResult naming only such nodes becomes empty and the framework rejects the pod at "
                    "PreFilter with \""
                 << env->trace.message
                 << "\"; upstream keeps the names (PreFilterResult.NodeNames = {\"invalid-node\"}), PreFilter succeeds "
                    "and FitError counts all nodes under \"node(s) didn't satisfy plugin(s) [NodeAffinity]\"";
  }
  EXPECT_EQ(env->trace.message, "0/2 nodes are available: 2 node(s) didn't satisfy plugin(s) [NodeAffinity].");
  EXPECT_EQ(env->trace.evaluatedNodes, 0);
}

// One existing and one missing name: the missing one is ignored
// (findNodesThatFitPod: "PreRes may return nodeName(s) which do not exist").
TEST(PreFilterResultTest, MissingNameAmongExistingOnes) {
  std::vector<v1::Node> nodes = {MakeNode().Name("n1").Taints({MakeTaint("k", "v", "NoSchedule")}).Obj(),
                                 PlainNode("n2"), PlainNode("n3")};
  auto env = MakeEnv(nodes, {},
                     MakePod().Name("p").RequiredTerm({}, {NameIn("n1")}).RequiredTerm({}, {NameIn("ghost")}).Obj());
  env->Run();
  EXPECT_EQ(env->Evaluated(), (std::set<std::string>{"n1"}));
  EXPECT_EQ(env->trace.message,
      "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't satisfy "
      "plugin(s) [NodeAffinity]. preemption: 0/3 nodes are available: 3 Preemption is not helpful for "
      "scheduling.");
  auto env2 = MakeEnv(PlainNodes({"n1", "n2"}), {},
                      MakePod().Name("p").RequiredTerm({}, {NameIn("ghost")}).RequiredTerm({}, {NameIn("n2")}).Obj());
  env2->Run();
  EXPECT_EQ(env2->Selected(), "n2");
  EXPECT_FALSE(env2->trace.scored);  // one feasible node
}

// Two values in one metadata.name requirement: PreFilter still narrows to both
// names (sets.New(r.Values...)), but the field selector cannot be built, so the
// term matches neither node at Filter (parse errors are ignored as no match).
TEST(PreFilterResultTest, TwoValuesInOneNameRequirement) {
  auto pod =
      MakePod().Name("p").RequiredTerm({}, {v1::NodeSelectorRequirement{"metadata.name", "In", {"n2", "n4"}}}).Obj();
  auto env = MakeEnv(PlainNodes({"n1", "n2", "n3", "n4"}), {}, pod);
  env->Run();
  EXPECT_EQ(env->Evaluated(), (std::set<std::string>{"n2", "n4"}));
  EXPECT_EQ(env->trace.message,
      "0/4 nodes are available: 2 node(s) didn't match Pod's node affinity/selector, 2 node(s) "
      "didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/4 nodes are available: 4 Preemption is "
      "not helpful for scheduling.");
}

// A named node that the rest of the pod's affinity excludes.
TEST(PreFilterResultTest, NamedNodeFailingNodeSelector) {
  std::vector<v1::Node> nodes = {PlainNode("n1"), MakeNode().Name("n2").Label("disk", "ssd").Obj()};
  auto env =
      MakeEnv(nodes, {}, MakePod().Name("p").NodeSelector({{"disk", "ssd"}}).RequiredTerm({}, {NameIn("n1")}).Obj());
  env->Run();
  EXPECT_EQ(env->trace.message,
      "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) "
      "didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/2 nodes are available: 2 Preemption is "
      "not helpful for scheduling.");
}

// ---------------------------------------------------------------------------
// numFeasibleNodesToFind
// ---------------------------------------------------------------------------

TEST(NumFeasibleNodesToFindTest, TestNumFeasibleNodesToFind) {
  struct Case {
    std::string name;
    std::optional<int32_t> percentage;  // the profile's, else the configuration's
    size_t numAllNodes;
    size_t want;
  };
  const std::vector<Case> cases = {
      {"not set percentageOfNodesToScore and nodes number not more than 50", std::nullopt, 10, 10},
      {"set profile percentageOfNodesToScore and nodes number not more than 50", 40, 10, 10},
      {"not set percentageOfNodesToScore and nodes number more than 50", std::nullopt, 1000, 420},
      {"set profile percentageOfNodesToScore and nodes number more than 50", 40, 1000, 400},
      // global 100, profile 40: the profile's wins.
      {"set global and profile percentageOfNodesToScore and nodes number more than 50", 40, 1000, 400},
      // global 40, profile unset: the global one is what spreadlab receives.
      {"set global percentageOfNodesToScore and nodes number more than 50", 40, 1000, 400},
      {"not set profile percentageOfNodesToScore and nodes number more than 50*125", std::nullopt, 6000, 300},
      {"set profile percentageOfNodesToScore and nodes number more than 50*125", 40, 6000, 2400},
      // Boundaries of the same formula.
      {"no nodes", std::nullopt, 0, 0},
      {"99 nodes: all", std::nullopt, 99, 99},
      {"100 nodes: 50% is below the minimum of 100", std::nullopt, 100, 100},
      {"explicit 0 means adaptive", 0, 1000, 420},
      {"100 percent", 100, 6000, 6000},
      {"1 percent is raised to 100 nodes", 1, 1000, 100},
      {"adaptive percentage floors at 5", std::nullopt, 100000, 5000},
      {"the 30% of TestFairEvaluationForNodes", 30, 500, 150},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(NumFeasibleNodesToFind(c.percentage, c.numAllNodes), c.want);
  }
}

// ---------------------------------------------------------------------------
// Node tree order (nodeTree.list)
// ---------------------------------------------------------------------------

// node_tree_test.go allNodes.
std::vector<v1::Node> AllNodes() {
  return {
      MakeNode().Name("node-0").Obj(),                             // no region-zone label
      MakeNode().Name("node-1").Label(kRegion, "region-1").Obj(),  // region only
      MakeNode().Name("node-2").Label(kZone, "zone-2").Obj(),      // zone only
      MakeNode().Name("node-3").Label(kRegion, "region-1").Label(kZone, "zone-2").Obj(),
      MakeNode().Name("node-4").Label(kRegion, "region-1").Label(kZone, "zone-2").Obj(),
      MakeNode().Name("node-5").Label(kRegion, "region-1").Label(kZone, "zone-3").Obj(),
      MakeNode().Name("node-6").Label(kRegion, "region-2").Label(kZone, "zone-2").Obj(),
      MakeNode().Name("node-7").Label(kRegion, "region-2").Label(kZone, "zone-2").Obj(),
      MakeNode().Name("node-8").Label(kRegion, "region-2").Label(kZone, "zone-2").Obj(),
      MakeNode()
          .Name("node-9")
          .Label(kRegion, "region-2")
          .Label(kZone, "zone-2")
          .Label(kBetaRegion, "region-2")
          .Label(kBetaZone, "zone-2")
          .Obj(),
      MakeNode().Name("node-10").Label(kBetaRegion, "region-2").Label(kBetaZone, "zone-3").Obj(),
  };
}

std::vector<v1::Node> Pick(const std::vector<v1::Node>& all, std::vector<size_t> idx) {
  std::vector<v1::Node> out;
  for (size_t i : idx) out.push_back(all[i]);
  return out;
}

Names TreeOrder(std::vector<v1::Node> nodes) {
  Scenario s;
  s.nodes = std::move(nodes);
  Cluster cluster(std::move(s));
  Names out;
  for (NodeIndex n : cluster.NodeTreeOrder()) out.push_back(cluster.node(n).name);
  return out;
}

TEST(NodeTreeOrderTest, Table) {
  const auto all = AllNodes();
  struct Case {
    std::string name;
    std::vector<v1::Node> nodes;
    Names want;
  };
  const std::vector<Case> cases = {
      // TestNodeTree_List
      {"empty tree", {}, {}},
      {"one node", Pick(all, {0}), {"node-0"}},
      {"four nodes", Pick(all, {0, 1, 2, 3}), {"node-0", "node-1", "node-2", "node-3"}},
      {"all nodes",
       Pick(all, {0, 1, 2, 3, 4, 5, 6, 7, 8}),
       {"node-0", "node-1", "node-2", "node-3", "node-5", "node-6", "node-4", "node-7", "node-8"}},
      // TestNodeTree_AddNode, as the list its expected tree gives.
      {"single node no labels", Pick(all, {0}), {"node-0"}},
      {"mix of nodes with and without proper labels",
       Pick(all, {0, 1, 2, 3}),
       {"node-0", "node-1", "node-2", "node-3"}},
      {"mix of nodes with and without proper labels and some zones with multiple nodes",
       Pick(all, {0, 1, 2, 3, 4, 5, 6}),
       {"node-0", "node-1", "node-2", "node-3", "node-5", "node-6", "node-4"}},
      {"nodes also using deprecated zone/region label", Pick(all, {9, 10}), {"node-9", "node-10"}},
      // Deprecated labels key the same zones as the GA ones: node-9 and node-6
      // share region-2/zone-2, node-10 (beta labels only) is region-2/zone-3.
      {"deprecated and GA labels share zones", Pick(all, {9, 10, 6, 7}), {"node-9", "node-10", "node-6", "node-7"}},
      // Region and zone together make the key: region-1/zone-2 and
      // region-2/zone-2 are different zones, zone-2 alone a third.
      {"region and zone both in the key",
       Pick(all, {3, 6, 2, 4, 7}),
       {"node-3", "node-6", "node-2", "node-4", "node-7"}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(TreeOrder(c.nodes), c.want);
  }
  // Nodes without any zone label form one zone of their own (""): a, b, e in
  // zone "", c, d in zone x.
  std::vector<v1::Node> noZone = {MakeNode().Name("a").Obj(), MakeNode().Name("b").Obj(),
                                  MakeNode().Name("c").Label(kZone, "x").Obj(),
                                  MakeNode().Name("d").Label(kZone, "x").Obj(), MakeNode().Name("e").Obj()};
  EXPECT_EQ(TreeOrder(noZone), (Names{"a", "c", "b", "d", "e"}));
}

// The order the scheduler's cache receives the nodes in: the informer's initial list, which
// the API server returns sorted by name as strings, then the nodes added later, in order.
TEST(CacheAddOrderTest, ListedByNameThenAddedInOrder) {
  auto order = [](const Cluster& cluster) {
    Names out;
    for (NodeIndex n : cluster.CacheAddOrder()) out.push_back(cluster.node(n).name);
    return out;
  };
  auto nodes = [](const Names& names) {
    std::vector<v1::Node> out;
    for (const auto& n : names) out.push_back(MakeNode().Name(n).Obj());
    return out;
  };
  {
    SCOPED_TRACE("every node listed");
    Scenario s;
    s.nodes = nodes({"node-2", "node-11", "b", "node-1"});
    Cluster cluster(std::move(s));
    EXPECT_EQ(order(cluster), (Names{"b", "node-1", "node-11", "node-2"}));
    cluster.AddNode(MakeNode().Name("a").Obj());
    cluster.AddNode(MakeNode().Name("0").Obj());
    EXPECT_EQ(order(cluster), (Names{"b", "node-1", "node-11", "node-2", "a", "0"}));
    cluster.RemoveLastNode();
    EXPECT_EQ(order(cluster), (Names{"b", "node-1", "node-11", "node-2", "a"}));
  }
  {
    SCOPED_TRACE("the last two came later");
    Scenario s;
    s.nodes = nodes({"node-2", "node-11", "node-3", "node-0"});
    s.listedNodes = 2;
    Cluster cluster(std::move(s));
    EXPECT_EQ(order(cluster), (Names{"node-11", "node-2", "node-3", "node-0"}));
  }
}

// GetZoneKey reads failure-domain.beta.kubernetes.io/zone first and falls back
// to topology.kubernetes.io/zone only when the beta label is absent (not when
// it is empty); the same for the region.
TEST(NodeTreeOrderTest, BetaLabelsTakePrecedence) {
  std::vector<v1::Node> nodes = {
      MakeNode().Name("beta-z1").Label(kBetaZone, "z1").Obj(),
      MakeNode().Name("beta-z2-ga-z1").Label(kBetaZone, "z2").Label(kZone, "z1").Obj(),
      MakeNode().Name("ga-z1").Label(kZone, "z1").Obj(),
      MakeNode().Name("ga-z2").Label(kZone, "z2").Obj(),
  };
  // Zones in order of first appearance: z1 {beta-z1, ga-z1}, z2 {beta-z2-ga-z1, ga-z2}.
  EXPECT_EQ(TreeOrder(nodes), (Names{"beta-z1", "beta-z2-ga-z1", "ga-z1", "ga-z2"}));

  std::vector<v1::Node> empty = {
      MakeNode().Name("empty-beta").Label(kBetaZone, "").Label(kZone, "z1").Obj(),  // key "": no fallback
      MakeNode().Name("ga-z1").Label(kZone, "z1").Obj(),
      MakeNode().Name("none").Obj(),
  };
  // Zones: "" {empty-beta, none}, z1 {ga-z1}.
  EXPECT_EQ(TreeOrder(empty), (Names{"empty-beta", "ga-z1", "none"}));

  std::vector<v1::Node> regions = {
      MakeNode().Name("beta-r1").Label(kBetaRegion, "r1").Label(kZone, "z").Obj(),
      MakeNode().Name("beta-r2-ga-r1").Label(kBetaRegion, "r2").Label(kRegion, "r1").Label(kZone, "z").Obj(),
      MakeNode().Name("ga-r1").Label(kRegion, "r1").Label(kZone, "z").Obj(),
  };
  // Zones: r1/z {beta-r1, ga-r1}, r2/z {beta-r2-ga-r1}.
  EXPECT_EQ(TreeOrder(regions), (Names{"beta-r1", "beta-r2-ga-r1", "ga-r1"}));
}

// The cycle filters nodes in the tree order, not in the order of the file.
TEST(NodeTreeOrderTest, CycleFiltersInTreeOrder) {
  std::vector<v1::Node> nodes;
  for (int i = 0; i < 150; ++i) nodes.push_back(MakeNode().Name("a-" + std::to_string(i)).Label(kZone, "a").Obj());
  for (int i = 0; i < 50; ++i) nodes.push_back(MakeNode().Name("b-" + std::to_string(i)).Label(kZone, "b").Obj());
  auto env = MakeEnv(nodes, {}, MakePod().Name("p").Obj());
  env->Run();
  ASSERT_EQ(env->trace.numFeasibleNodesToFind, 100);  // 200 nodes: 49% is 98, raised to 100
  std::set<std::string> want;
  const auto& order = env->cluster->NodeTreeOrder();
  for (size_t i = 0; i < 100; ++i) want.insert(env->Name(order[i]));
  EXPECT_EQ(env->Evaluated(), want);
  // a-0, b-0, a-1, b-1, ...: every zone-b node is among the first 100.
  for (int i = 0; i < 50; ++i) EXPECT_TRUE(want.count("b-" + std::to_string(i)));
  EXPECT_EQ(env->Node("a-60").notEvaluated, NotEvaluated::EnoughFeasible);
  EXPECT_EQ(env->fw->nextStartNodeIndex(), 100u);
}

// ---------------------------------------------------------------------------
// Rotating start (sched.nextStartNodeIndex)
// ---------------------------------------------------------------------------

std::vector<v1::Node> NumberedNodes(int n) {
  std::vector<v1::Node> nodes;
  for (int i = 0; i < n; ++i) nodes.push_back(MakeNode().Name(std::to_string(i)).Obj());
  return nodes;
}

TEST(RotatingStartTest, TestFairEvaluationForNodes) {
  const int numAllNodes = 500;
  config::Profile profile;
  profile.percentageOfNodesToScore = 30;  // to make numAllNodes % nodesToFind != 0
  auto env = MakeEnv(NumberedNodes(numAllNodes), {}, MakePod().Name("p").Obj(), profile);
  const int nodesToFind = static_cast<int>(NumFeasibleNodesToFind(30, numAllNodes));
  ASSERT_EQ(nodesToFind, 150);
  // Iterating over all nodes more than twice
  for (int i = 0; i < 2 * (numAllNodes / nodesToFind + 1); ++i) {
    SCOPED_TRACE("cycle " + std::to_string(i));
    env->Run();
    EXPECT_EQ(static_cast<int>(env->Feasible().size()), nodesToFind);
    EXPECT_EQ(env->trace.evaluatedNodes, nodesToFind);
    EXPECT_EQ(static_cast<int>(env->fw->nextStartNodeIndex()), (i + 1) * nodesToFind % numAllNodes);
  }
}

// Over cycles that together process every node k times, each node is evaluated
// exactly k times, and each cycle starts where the previous one stopped.
TEST(RotatingStartTest, EveryNodeGetsItsTurn) {
  const int numAllNodes = 500;
  config::Profile profile;
  profile.percentageOfNodesToScore = 30;
  auto env = MakeEnv(NumberedNodes(numAllNodes), {}, MakePod().Name("p").Obj(), profile);
  std::map<std::string, int> evaluated;
  size_t start = 0;
  for (int i = 0; i < 10; ++i) {  // 10 * 150 = 3 * 500
    env->Run();
    const auto& order = env->cluster->NodeTreeOrder();
    std::set<std::string> want;
    for (size_t k = 0; k < 150; ++k) want.insert(env->Name(order[(start + k) % numAllNodes]));
    EXPECT_EQ(env->Evaluated(), want) << "cycle " << i;
    for (const auto& n : env->Evaluated()) ++evaluated[n];
    start = (start + 150) % numAllNodes;
  }
  ASSERT_EQ(evaluated.size(), static_cast<size_t>(numAllNodes));
  for (const auto& [name, count] : evaluated) EXPECT_EQ(count, 3) << name;
}

// Failed nodes count as processed too: processedNodes = feasible + statuses.
TEST(RotatingStartTest, FailedNodesAdvanceTheStart) {
  std::vector<v1::Node> nodes = NumberedNodes(300);
  for (int i = 0; i < 300; i += 2) nodes[i].unschedulable = true;  // every other node is cordoned
  config::Profile profile;
  profile.percentageOfNodesToScore = 10;  // 30 -> raised to 100 feasible nodes
  auto env = MakeEnv(nodes, {}, MakePod().Name("p").Obj(), profile);
  env->Run();
  EXPECT_EQ(env->trace.numFeasibleNodesToFind, 100);
  EXPECT_EQ(env->Feasible().size(), 100u);
  // Nodes 0..199 in order: the 100 cordoned ones fail on the way to the 100th
  // feasible one (199); all 200 count as processed.
  EXPECT_EQ(env->trace.evaluatedNodes, 200);
  EXPECT_EQ(env->fw->nextStartNodeIndex(), 200u);
  env->Run();
  EXPECT_EQ(env->trace.evaluatedNodes, 200);  // 200..299 then 0..99
  EXPECT_TRUE(env->Feasible().count("99"));
  EXPECT_FALSE(env->Feasible().count("199"));
  EXPECT_EQ(env->fw->nextStartNodeIndex(), 100u);
}

// ---------------------------------------------------------------------------
// Scoring (prioritizeNodes) and selectHost
// ---------------------------------------------------------------------------

// schedulePod: "When only one node after predicate, just use it."
TEST(ScoringTest, SkippedWithExactlyOneFeasibleNode) {
  std::vector<v1::Node> nodes = {MakeNode().Name("n1").Taints({MakeTaint("k", "v", "NoSchedule")}).Obj(),
                                 PlainNode("n2"), MakeNode().Name("n3").Unschedulable(true).Obj()};
  auto env = MakeEnv(nodes, {}, MakePod().Name("p").Obj());
  env->Run();
  EXPECT_EQ(env->Selected(), "n2");
  EXPECT_FALSE(env->trace.scored);
  EXPECT_TRUE(env->trace.scorePlugins.empty());
  EXPECT_TRUE(env->trace.skippedScorePlugins.empty());
  EXPECT_TRUE(env->trace.scores.empty());
  EXPECT_EQ(env->Node("n2").scoreCount, 0u);
  EXPECT_EQ(env->trace.evaluatedNodes, 3);  // EvaluatedNodes: 1 + diagnosis.NodeToStatus.Len()
  EXPECT_EQ(env->trace.message, "Successfully assigned default/p to n2");
}

// "test all prescore plugins return skip": the Score plugins all skip at
// PreScore, so RunScorePlugins runs none and every node totals 0 (the
// "score of one" of prioritizeNodes is only for a profile with no Score plugin
// at all, which never gets there without extenders: see below).
TEST(ScoringTest, TestAllPrescorePluginsReturnSkip) {
  // Score point: NodeAffinity and PodTopologySpread only; the pod has neither
  // preferred terms nor spread constraints (and no owner for the defaults).
  auto env = MakeEnv(PlainNodes({"node1", "node2"}), {}, MakePod().Name("ignore").Obj(),
                     ScoreOnly({P("NodeAffinity", 2), P("PodTopologySpread", 2)}));
  env->Run();
  EXPECT_TRUE(env->trace.scored);
  EXPECT_TRUE(env->trace.scorePlugins.empty());
  EXPECT_EQ(env->trace.skippedScorePlugins, (Names{"NodeAffinity", "PodTopologySpread"}));
  EXPECT_TRUE(env->Selected() == "node1" || env->Selected() == "node2");
  EXPECT_EQ(env->Node("node1").total, 0);
  EXPECT_EQ(env->Node("node2").total, 0);
}

// "test without score plugin no extra nodes are evaluated": without Score
// plugins (and extenders) findNodesThatPassFilters looks for one feasible node
// only (numNodesToFind = 1), so nextStartNodeIndex moves by one per cycle.
TEST(ScoringTest, TestWithoutScorePluginNoExtraNodesAreEvaluated) {
  auto env = MakeEnv(PlainNodes({"node1", "node2", "node3"}), {}, MakePod().Name("pod1").Obj(), ScoreOnly({}));
  env->Run();
  const auto& order = env->cluster->NodeTreeOrder();
  EXPECT_EQ(env->trace.evaluatedNodes, 1);
  EXPECT_EQ(env->Selected(), env->Name(order[0]));
  EXPECT_EQ(env->fw->nextStartNodeIndex(), 1u);
  env->Run();
  EXPECT_EQ(env->Selected(), env->Name(order[1]));
  EXPECT_EQ(env->fw->nextStartNodeIndex(), 2u);
}

// "test no score plugin, prefilter plugin returning 2 nodes": the same with a
// PreFilterResult.
TEST(ScoringTest, TestNoScorePluginPrefilterPluginReturning2Nodes) {
  auto env = MakeEnv(
      PlainNodes({"node1", "node2", "node3"}), {},
      MakePod().Name("test-prefilter").RequiredTerm({}, {NameIn("node1")}).RequiredTerm({}, {NameIn("node2")}).Obj(),
      ScoreOnly({}));
  env->Run();
  EXPECT_TRUE(env->Selected() == "node1" || env->Selected() == "node2") << env->Selected();
  EXPECT_EQ(env->trace.evaluatedNodes, 1);
}

// Weights: TaintToleration (3) prefers the node without a PreferNoSchedule
// taint, NodeAffinity (2) the node matching the preferred term.
struct WeightCase {
  std::string name;
  config::Profile profile;
  int64_t affinityWeight;
  std::string want;
  Names scoreOrder;
};

TEST(ScoringTest, Weights) {
  std::vector<v1::Node> nodes = {
      MakeNode().Name("preferred").Label("pref", "yes").Taints({MakeTaint("soft", "x", "PreferNoSchedule")}).Obj(),
      PlainNode("plain"),
  };
  auto pod = MakePod().Name("p").PreferredTerm(10, {{"pref", "In", {"yes"}}}).Obj();

  config::Plugins multi;
  multi.multiPoint.enabled = {P("NodeAffinity", 5)};
  config::Profile multiPoint;
  multiPoint.plugins = multi;
  config::Plugins score;
  score.score.enabled = {P("NodeAffinity", 5)};
  config::Profile scoreWeight;
  scoreWeight.plugins = score;
  config::Plugins both;
  both.multiPoint.enabled = {P("NodeAffinity", 5)};
  both.score.enabled = {P("NodeAffinity", 1)};
  config::Profile scoreWins;
  scoreWins.plugins = both;

  const std::vector<WeightCase> cases = {
      // preferred: 0*3 + 100*2 = 200; plain: 100*3 + 0*2 = 300.
      // NodeResourcesFit and ImageLocality score both nodes alike.
      // VolumeBinding scores every pod from 1.37 (StorageCapacityScoring): 0 for a pod without claims.
      {"default weights", config::Profile{}, 2, "plain",
       {"TaintToleration", "NodeAffinity", "NodeResourcesFit", "VolumeBinding", "ImageLocality"}},
      // preferred: 0*3 + 100*5 = 500; plain: 300.
      {"multiPoint weight", multiPoint, 5, "preferred",
       {"TaintToleration", "NodeAffinity", "NodeResourcesFit", "VolumeBinding", "ImageLocality"}},
      {"score weight", scoreWeight, 5, "preferred",
       {"NodeAffinity", "TaintToleration", "NodeResourcesFit", "VolumeBinding", "ImageLocality"}},
      // getScoreWeights: the Score weight takes precedence over the MultiPoint one.
      {"score weight over multiPoint weight", scoreWins, 1, "plain",
       {"NodeAffinity", "TaintToleration", "NodeResourcesFit", "VolumeBinding", "ImageLocality"}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    auto env = MakeEnv(nodes, {}, pod, c.profile);
    env->Run();
    EXPECT_EQ(env->Selected(), c.want);
    ASSERT_TRUE(env->trace.scored);
    // PodTopologySpread skips (no constraints, no owner for the defaults),
    // InterPodAffinity (no terms anywhere) and BalancedAllocation (best-effort pod).
    // expandMultiPointPlugins puts plugins also listed at score first.
    EXPECT_EQ(env->trace.scorePlugins, c.scoreOrder);
    EXPECT_EQ(env->trace.skippedScorePlugins,
              (Names{"PodTopologySpread", "InterPodAffinity", "NodeResourcesBalancedAllocation"}));
    std::map<std::string, std::map<std::string, ScoreEntry>> byNode;
    for (const char* n : {"preferred", "plain"}) {
      const NodeTrace& nt = env->Node(n);
      ASSERT_EQ(nt.scoreCount, 5u);
      for (uint32_t i = nt.scoreBegin; i < nt.scoreBegin + nt.scoreCount; ++i)
        byNode[n][env->trace.scorePlugins[env->trace.scores[i].plugin]] = env->trace.scores[i];
    }
    const auto& pt = byNode["preferred"]["TaintToleration"];
    EXPECT_EQ(pt.raw, 1);
    EXPECT_EQ(pt.normalized, 0);
    EXPECT_EQ(pt.weight, 3);
    const auto& lt = byNode["plain"]["TaintToleration"];
    EXPECT_EQ(lt.normalized, 100);
    EXPECT_EQ(lt.weighted, 300);
    const auto& pa = byNode["preferred"]["NodeAffinity"];
    EXPECT_EQ(pa.raw, 10);
    EXPECT_EQ(pa.normalized, 100);
    EXPECT_EQ(pa.weight, c.affinityWeight);
    EXPECT_EQ(pa.weighted, 100 * c.affinityWeight);
    const int64_t alike = byNode["plain"]["NodeResourcesFit"].weighted + byNode["plain"]["ImageLocality"].weighted;
    EXPECT_EQ(byNode["preferred"]["NodeResourcesFit"].weighted + byNode["preferred"]["ImageLocality"].weighted, alike);
    EXPECT_EQ(env->Node("preferred").total, 100 * c.affinityWeight + alike);
    EXPECT_EQ(env->Node("plain").total, 300 + alike);
  }
}

// PodTopologySpread disabled at Score (score.disabled "*"): the ScheduleAnyway
// constraint no longer steers the pod.
TEST(ScoringTest, DisablePodTopologySpreadAtScore) {
  std::vector<v1::Node> nodes = {MakeNode().Name("n1").Label(kZone, "a").Obj(),
                                 MakeNode().Name("n2").Label(kZone, "b").Obj()};
  std::vector<v1::Pod> existing = {MakePod().Name("web-1").Label("app", "web").Node("n1").Obj()};
  auto pod = MakePod()
                 .Name("web-2")
                 .Label("app", "web")
                 .SpreadConstraint(1, kZone, v1::kScheduleAnyway, MakeLabelSelector().Label("app", "web").Obj())
                 .Obj();

  auto spread = MakeEnv(nodes, existing, pod);
  spread->Run();
  EXPECT_EQ(spread->Selected(), "n2");
  EXPECT_EQ(spread->trace.scorePlugins,
            (Names{"TaintToleration", "NodeResourcesFit", "VolumeBinding", "PodTopologySpread", "ImageLocality"}));

  auto disabled = MakeEnv(nodes, existing, pod, ScoreOnly({P("TaintToleration", 3), P("NodeAffinity", 2)}));
  disabled->Run();
  EXPECT_EQ(disabled->trace.scorePlugins, (Names{"TaintToleration"}));
  EXPECT_EQ(disabled->trace.skippedScorePlugins, (Names{"NodeAffinity"}));
  EXPECT_EQ(disabled->Node("n1").total, disabled->Node("n2").total);
  EXPECT_EQ(disabled->Selected(), "n1");  // tie: first in evaluation order
}

// "test podtopologyspread plugin - 2 nodes with maxskew=1" and "... 3 nodes with
// maxskew=2" (upstream registers PodTopologySpread at PreFilter/Filter only; the
// default profile here also scores, which does not change the outcome).
TEST(ScoringTest, TestPodtopologyspreadPlugin) {
  auto sel = MakeLabelSelector().Exists("foo").Obj();
  {
    SCOPED_TRACE("test podtopologyspread plugin - 2 nodes with maxskew=1");
    auto env = MakeEnv(PlainNodes({"node1", "node2"}), {MakePod().Name("pod1").Label("foo", "").Node("node1").Obj()},
                       MakePod()
                           .Name("p")
                           .Label("foo", "")
                           .SpreadConstraint(1, "kubernetes.io/hostname", v1::kDoNotSchedule, sel)
                           .Obj());
    env->Run();
    EXPECT_EQ(env->Selected(), "node2");
  }
  {
    SCOPED_TRACE("test podtopologyspread plugin - 3 nodes with maxskew=2");
    auto env = MakeEnv(PlainNodes({"node1", "node2", "node3"}),
                       {MakePod().Name("pod1a").Label("foo", "").Node("node1").Obj(),
                        MakePod().Name("pod1b").Label("foo", "").Node("node1").Obj(),
                        MakePod().Name("pod2").Label("foo", "").Node("node2").Obj()},
                       MakePod()
                           .Name("p")
                           .Label("foo", "")
                           .SpreadConstraint(2, "kubernetes.io/hostname", v1::kDoNotSchedule, sel)
                           .Obj());
    env->Run();
    EXPECT_EQ(env->Feasible(), (std::set<std::string>{"node2", "node3"}));
    // Upstream: either; spreadlab: the first of the tied nodes in evaluation order.
    EXPECT_EQ(env->Selected(), "node2");
  }
}

// selectHost: upstream breaks ties at random (nodeScoreHeap's Randomizer);
// spreadlab documents the first tied node in evaluation order, that is in node
// tree order from nextStartNodeIndex.
TEST(ScoringTest, DeterministicTieBreak) {
  std::vector<v1::Node> nodes = {MakeNode().Name("a1").Label(kZone, "a").Obj(),
                                 MakeNode().Name("a2").Label(kZone, "a").Obj(),
                                 MakeNode().Name("b1").Label(kZone, "b").Obj()};
  auto env = MakeEnv(nodes, {}, MakePod().Name("p").Obj());
  const auto& order = env->cluster->NodeTreeOrder();
  ASSERT_EQ(Names({env->Name(order[0]), env->Name(order[1]), env->Name(order[2])}), (Names{"a1", "b1", "a2"}));
  env->Run();
  EXPECT_TRUE(env->trace.scored);
  EXPECT_EQ(env->Node("a1").total, env->Node("b1").total);
  EXPECT_EQ(env->Node("a1").total, env->Node("a2").total);
  EXPECT_EQ(env->Selected(), "a1");
  // Every node was processed (3 < 100), so the next cycle starts at 0 again.
  EXPECT_EQ(env->fw->nextStartNodeIndex(), 0u);
  env->Run();
  EXPECT_EQ(env->Selected(), "a1");
  env->fw->setNextStartNodeIndex(1);
  env->Run();
  EXPECT_EQ(env->Selected(), "b1");
  env->fw->setNextStartNodeIndex(2);
  env->Run();
  EXPECT_EQ(env->Selected(), "a2");
  // A strictly higher score wins wherever it is in the order.
  auto pod = MakePod().Name("p").PreferredTerm(5, {{kZone, "In", {"b"}}}).Obj();
  auto env2 = MakeEnv(nodes, {}, pod);
  env2->fw->setNextStartNodeIndex(2);
  env2->Run();
  EXPECT_EQ(env2->Selected(), "b1");
}

}  // namespace
}  // namespace spreadlab

namespace spreadlab {
namespace {

// schedule_one.go schedulePod: an empty snapshot returns ErrNoNodesAvailable before any
// plugin runs ("no nodes available to schedule pods"), not a FitError over 0 nodes.
TEST(SchedulePodTest, NoNodesAvailable) {
  auto env = MakeEnv({}, {}, MakePod().Name("p").Obj());
  for (bool explain : {true, false}) {
    env->Run(explain);
    EXPECT_EQ(env->trace.message, "no nodes available to schedule pods");
    EXPECT_EQ(env->trace.selected, kNone);
    EXPECT_TRUE(env->trace.preFilter.empty());
  }
}

// schedulinggates.PreEnqueue: a pod with gates never reaches a cycle; the status text is
// "waiting for scheduling gates: %v" of the gate names. A profile without the plugin
// schedules the pod (the gates mean nothing to it).
TEST(SchedulingGatesTest, GatedPodNeverReachesACycle) {
  auto pod = MakePod().Name("p").Obj();
  pod.spec.schedulingGates = {"example.com/quota", "wait"};
  auto env = MakeEnv({PlainNode("n1"), PlainNode("n2")}, {}, pod);
  env->Run(true);
  EXPECT_EQ(env->trace.message, "waiting for scheduling gates: [example.com/quota wait]");
  EXPECT_EQ(env->trace.schedulingGates, pod.spec.schedulingGates);
  EXPECT_EQ(env->trace.selected, kNone);
  EXPECT_TRUE(env->trace.preFilter.empty());
  ASSERT_EQ(env->trace.nodes.size(), 2u);
  EXPECT_FALSE(env->trace.nodes[0].evaluated);
  EXPECT_EQ(env->trace.nodes[0].notEvaluated, NotEvaluated::SchedulingGated);

  config::Profile noGates;
  config::Plugins plugins;
  plugins.multiPoint.disabled = {"SchedulingGates"};
  noGates.plugins = plugins;
  auto ungated = MakeEnv({PlainNode("n1")}, {}, pod, noGates);
  ungated->Run(true);
  EXPECT_EQ(ungated->Selected(), "n1");
}

}  // namespace
}  // namespace spreadlab

namespace spreadlab {
namespace {

// schedule_one.go findNodesThatFitPod / evaluateNominatedNode: the node an earlier
// preemption nominated (status.nominatedNodeName) is tried first, alone; when it passes
// every filter the pod goes there without scoring, even if another node would score higher.
TEST(NominatedNodeTest, AFittingNominatedNodeIsTakenWithoutScoring) {
  // n1 is busy, n2 empty: LeastAllocated would pick n2.
  std::vector<v1::Pod> existing = {MakePod().Name("busy").Req({{"cpu", "3"}}).Node("n1").Obj()};
  auto pod = MakePod().Name("p").Req({{"cpu", "500m"}}).Obj();
  auto free = MakeEnv({PlainNode("n1"), PlainNode("n2")}, existing, pod);
  free->Run(true);
  EXPECT_EQ(free->Selected(), "n2");

  pod.nominatedNodeName = "n1";
  auto env = MakeEnv({PlainNode("n1"), PlainNode("n2")}, existing, pod);
  env->Run(true);
  EXPECT_EQ(env->Selected(), "n1");
  EXPECT_FALSE(env->trace.scored);
  EXPECT_EQ(env->trace.evaluatedNodes, 1);
  EXPECT_EQ(env->trace.nodes[1].notEvaluated, NotEvaluated::NominatedNode);
}

// A nominated node that fails its filters: the whole pass runs as usual, and the FitError
// counts that node once (NodeToStatus holds one status per node).
TEST(NominatedNodeTest, AFailingNominatedNodeFallsBackToEveryNode) {
  std::vector<v1::Node> nodes = {MakeNode().Name("n1").Unschedulable(true).Obj(), PlainNode("n2")};
  auto pod = MakePod().Name("p").Obj();
  pod.nominatedNodeName = "n1";
  auto env = MakeEnv(nodes, {}, pod);
  env->Run(true);
  EXPECT_EQ(env->Selected(), "n2");
  auto none = MakeEnv({nodes[0]}, {}, pod);
  none->Run(false);
  EXPECT_EQ(none->trace.message,
      "0/1 nodes are available: 1 node(s) were unschedulable. preemption: 0/1 nodes are available: 1 "
      "Preemption is not helpful for scheduling.");
  // A nominated node missing from the snapshot is skipped (evaluateNominatedNode's error is logged).
  pod.nominatedNodeName = "gone";
  auto missing = MakeEnv({PlainNode("n2")}, {}, pod);
  missing->Run(true);
  EXPECT_EQ(missing->Selected(), "n2");
  EXPECT_EQ(missing->trace.nominatedNode, kNone);
}

// ---------------------------------------------------------------------------
// ExplainScore: a trace's score explained from the state its cycle left, only while
// that cycle is the framework's latest and the cluster is unchanged.
// ---------------------------------------------------------------------------

TEST(ExplainScoreTest, OnlyWhileTheCycleIsTheLatest) {
  const std::vector<v1::Node> nodes = {
      MakeNode().Name("tainted").Label("kubernetes.io/hostname", "tainted").Taints({MakeTaint("soft", "x", "PreferNoSchedule")}).Obj(),
      PlainNode("plain"),
  };
  const auto pod = MakePod().Name("p").Obj();
  auto env = MakeEnv(nodes, {}, pod, ScoreOnly({P("TaintToleration")}));
  env->Run();
  ASSERT_TRUE(env->trace.scored);
  const NodeTrace& tainted = env->Node("tainted");
  ASSERT_EQ(tainted.scoreCount, 1u);
  const size_t entry = tainted.scoreBegin;
  const auto explain = [&](const CycleTrace& t, size_t e) { return env->fw->ExplainScore(t, e); };

  const std::optional<ScoreExplanation> x = explain(env->trace, entry);
  ASSERT_TRUE(x);
  EXPECT_EQ(x->score, "untolerated PreferNoSchedule taints: soft=x: 1");
  EXPECT_EQ(x->normalize, "100 - s x 100 / max = 100 - 1 x 100 / 1 = 0 (max 1 over the 2 nodes)");
  EXPECT_EQ(env->trace.scores[entry].raw, 1);
  EXPECT_EQ(env->trace.scores[entry].normalized, 0);
  const CycleTrace copy = env->trace;
  EXPECT_TRUE(explain(copy, entry)) << "a copy of the latest trace explains too";
  EXPECT_FALSE(explain(env->trace, env->trace.scores.size())) << "no such entry";

  CycleTrace later;
  env->fw->RunCycle(env->pod, later, /*explain=*/false);
  EXPECT_FALSE(explain(env->trace, entry)) << "another cycle ran, without explanation";
  EXPECT_FALSE(explain(later, entry)) << "a cycle without explanation has no scores to explain";

  env->Run();
  ASSERT_TRUE(explain(env->trace, entry));
  auto other = MakeEnv(nodes, {}, pod, ScoreOnly({P("TaintToleration")}));
  other->Run();
  EXPECT_FALSE(explain(other->trace, entry)) << "another framework's cycle";
  EXPECT_TRUE(other->fw->ExplainScore(other->trace, entry));

  env->cluster->SetUnschedulable(env->cluster->FindNode("plain"), true);
  EXPECT_FALSE(explain(env->trace, entry)) << "the cluster changed since the cycle";
}

}  // namespace
}  // namespace spreadlab
