// DefaultPreemption (core/plugins/defaultpreemption: preemption::Preempt, and the PostFilter
// step of Framework::RunCycle) against kubernetes/kubernetes v1.37.2,
// pkg/scheduler/framework/plugins/defaultpreemption/default_preemption_test.go:
// TestPodEligibleToPreemptOthers, TestSelectVictimsOnNode, TestDryRunPreemption,
// TestSelectBestCandidate and TestPostFilter; then full cycles with the default profile
// whose messages follow from default_preemption.go, framework/preemption/preemption.go and
// FitError.Error() (framework/types.go).
//
// How the tables are adapted. Upstream calls the plugin's pieces on a framework holding
// only the plugins a test registers; here every case goes through preemption::Preempt with
// a profile of those plugins (plus DefaultPreemption) and each node's status code:
//  * PodEligibleToPreemptOthers: its nominatedNodeStatus is the nominated node's code.
//  * DryRunPreemption / SelectCandidate / SelectVictimsOnNode over all nodes: every node
//    Unschedulable, so that each is dry run; the candidates, the chosen node and a node's
//    verdict (Result::rejected) are read from the Result.
//  * Filter calls: upstream counts a FakeFilter registered first, i.e. one call per
//    RunFilterPluginsWithNominatedPods; here the calls of Preempt's FilterOnNode.
//  * Offsets: upstream draws the dry run's starting node from rand.NewSource(4) (4, then 1,
//    then 3 for 5 nodes); spreadlab always starts at the first node of the snapshot. The
//    cases that depend on it list the nodes from upstream's offset on, which reproduces
//    upstream's evaluation order.
//  * epochTimeN (N ns after the epoch) becomes N s: spreadlab keeps status.startTime in
//    seconds, and only the order matters.
// The ported cases keep upstream's names, verbatim; the others say what they check.
//
// Not ported: cases with test-only plugins (FalseFilter, TrueFilter, MatchFilter,
// TestPlugin's AddPod/RemovePod errors), PodDisruptionBudgets, DRA, extenders, PodGroups
// and workload-aware preemption, deferred pod resizes; TestPreempt (victim deletion),
// TestCustomSelection/TestCustomOrdering (custom hooks) and TestPreEnqueue, which exercise
// what spreadlab does not model.
//
// Deviations found are marked GTEST_SKIP with "spreadlab deviates: ..."; the assertions
// below the skip are upstream's expectation.

// Cases leave the fields they do not set at their defaults.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include "core/plugins/defaultpreemption/default_preemption.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/framework/framework.h"
#include "core/plugins/registry.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using testing::MakeNode;
using testing::MakePod;
using testing::MakeTaint;
using Names = std::vector<std::string>;
using Resources = std::map<std::string, std::string>;
// (node, its victims), as upstream's candidate: sorted by node, victims by name.
using Candidates = std::vector<std::pair<std::string, Names>>;

constexpr int32_t kNeg = -100, kLow = 0, kMid = 100, kHigh = 1000, kVeryHigh = 10000;
const Resources kSmall = {{"cpu", "100m"}, {"memory", "100"}};
const Resources kMedium = {{"cpu", "200m"}, {"memory", "200"}};
const Resources kLarge = {{"cpu", "300m"}, {"memory", "300"}};
const Resources kVeryLarge = {{"cpu", "500m"}, {"memory", "500"}};

// st.PodWrapper.Priority and .StartTime, which testing::PodWrapper lacks.
v1::Pod Prio(const testing::PodWrapper& w, int32_t priority, std::optional<int64_t> startTime = std::nullopt) {
  v1::Pod p = w.Obj();
  p.spec.priority = priority;
  p.startTime = startTime;
  return p;
}

// Upstream's "node-a/zone1" naming: the node node-a, labelled hostname=node-a, zone=zone1
// (and region= a third part), with capacity `capacity`.
std::vector<v1::Node> Nodes(const Names& names, const Resources& capacity = kVeryLarge) {
  static const char* const kLabelKeys[] = {"hostname", "zone", "region"};
  std::vector<v1::Node> out;
  for (const std::string& spec : names) {
    std::vector<std::string> parts;
    std::stringstream in(spec);
    for (std::string part; std::getline(in, part, '/');) parts.push_back(part);
    auto n = MakeNode().Name(parts[0]).Capacity(capacity);
    for (size_t i = 0; i < parts.size(); ++i) n.Label(kLabelKeys[i], parts[i]);
    out.push_back(n.Obj());
  }
  return out;
}

// A profile of exactly `plugins` and DefaultPreemption, as upstream's registered plugins
// (with the queue sort and bind plugins the tests register: tf.RegisterQueueSortPlugin,
// tf.RegisterBindPlugin).
config::Profile Only(const Names& plugins, preemption::Args args = {}) {
  config::Plugins p;
  p.multiPoint.disabled = {"*"};
  for (const std::string& name : plugins) p.multiPoint.enabled.push_back({name, {}});
  p.multiPoint.enabled.push_back({"DefaultPreemption", {}});
  p.multiPoint.enabled.push_back({"PrioritySort", {}});
  p.multiPoint.enabled.push_back({"DefaultBinder", {}});
  config::Profile profile;
  profile.plugins = p;
  profile.defaultPreemptionArgs = {args.minCandidateNodesPercentage, args.minCandidateNodesAbsolute};
  return profile;
}

const Names kFit = {"NodeResourcesFit"};

// A cluster of `nodes` with the bound `pods` and the pending `preemptors`, and a
// framework over it.
struct Env {
  std::unique_ptr<Cluster> cluster;
  std::unique_ptr<Framework> fw;
  std::vector<PodIndex> preemptors;
  int filterCalls = 0;
  CycleTrace trace;

  // Preempt for preemptor `i`, given each node's status code, counting the filter calls.
  preemption::Result Preempt(size_t i, const std::vector<Code>& codes, const preemption::Args& args = {}) {
    const PodInfo& pod = cluster->pod(preemptors[i]);
    return preemption::Preempt(*cluster, pod, codes, args, [&](NodeIndex n) {
      ++filterCalls;
      return fw->FilterOnNode(pod, n);
    });
  }
  // Preempt with node `name` -> code as given and every other node UnschedulableAndUnresolvable
  // (NodeToStatus' absent status).
  preemption::Result Preempt(size_t i, const std::map<std::string, Code>& statuses, const preemption::Args& args = {}) {
    std::vector<Code> codes(cluster->nodes().size(), Code::UnschedulableAndUnresolvable);
    for (const auto& [name, code] : statuses) codes[cluster->FindNode(name)] = code;
    return Preempt(i, codes, args);
  }
  // Preempt with every node Unschedulable: a dry run on each, as upstream's DryRunPreemption
  // given all nodes.
  preemption::Result PreemptAll(size_t i, const preemption::Args& args = {}) {
    return Preempt(i, std::vector<Code>(cluster->nodes().size(), Code::Unschedulable), args);
  }
  void RunCycle(size_t i) { fw->RunCycle(preemptors[i], trace, true); }

  std::string Name(NodeIndex n) const { return n == kNone ? "" : cluster->node(n).name; }
  Names Keys(const std::vector<PodIndex>& pods) const {
    Names out;
    for (PodIndex p : pods) out.push_back(cluster->pod(p).key);
    return out;
  }
  Names NodeNames(const std::vector<NodeIndex>& nodes) const {
    Names out;
    for (NodeIndex n : nodes) out.push_back(Name(n));
    return out;
  }
  // Upstream's comparison form: candidates by node name, victims by name.
  Candidates SortedCandidates(const preemption::Result& r) const {
    Candidates out;
    for (const auto& c : r.candidates) {
      Names victims = Keys(c.victims);
      std::sort(victims.begin(), victims.end());
      out.emplace_back(Name(c.node), std::move(victims));
    }
    std::sort(out.begin(), out.end());
    return out;
  }
};

std::unique_ptr<Env> MakeEnv(std::vector<v1::Node> nodes, std::vector<v1::Pod> pods, std::vector<v1::Pod> preemptors,
                             const config::Profile& profile = {}) {
  auto env = std::make_unique<Env>();
  Scenario s;
  s.nodes = std::move(nodes);
  s.pods = std::move(pods);
  for (v1::Pod& p : preemptors) {
    env->preemptors.push_back(static_cast<PodIndex>(s.pods.size()));
    s.pods.push_back(std::move(p));
  }
  env->cluster = std::make_unique<Cluster>(std::move(s));
  std::string error;
  env->fw = plugins::NewFramework(*env->cluster, profile, error);
  EXPECT_TRUE(env->fw) << error;
  return env;
}

// Expected victims or candidates are written with pod names; all pods are in "default".
Names Keys(const Names& names) {
  Names out;
  for (const std::string& n : names) out.push_back("default/" + n);
  return out;
}
Candidates Keys(const Candidates& candidates) {
  Candidates out;
  for (const auto& [node, victims] : candidates) out.emplace_back(node, Keys(victims));
  return out;
}

std::string CodeOf(Code c) { return std::string(CodeName(c)); }

// ---------------------------------------------------------------------------
// TestPodEligibleToPreemptOthers
// ---------------------------------------------------------------------------

TEST(DefaultPreemptionTest, PodEligibleToPreemptOthers) {
  struct Case {
    std::string name;
    v1::Pod pod;
    std::vector<v1::Pod> pods;
    Names nodes;
    Code nominatedNodeStatus = Code::Success;  // upstream's nil
    bool expected = true;
    std::string message;  // why not, when not eligible
  };
  auto preemptor = [](const std::string& name, const std::string& nominatedNodeName) {
    v1::Pod p = Prio(MakePod().Name(name), kHigh);
    p.nominatedNodeName = nominatedNodeName;
    return p;
  };
  auto terminating = [](bool byPreemption) {
    v1::Pod p = Prio(MakePod().Name("p1").Node("node1").Terminating(), kLow);
    p.preemptedByScheduler = byPreemption;  // the DisruptionTarget / PreemptionByScheduler condition
    return p;
  };
  v1::Pod never = preemptor("p_with_preempt_never_policy", "");
  never.spec.preemptionPolicy = "Never";
  const std::vector<Case> cases = {
      {"Pod with nominated node", preemptor("p_with_nominated_node", "node1"), {terminating(false)}, {"node1"},
       Code::UnschedulableAndUnresolvable, true},
      {"Pod without nominated node", preemptor("p_without_nominated_node", ""), {}, {}, Code::Success, true},
      {"Pod with 'PreemptNever' preemption policy", never, {}, {}, Code::Success, false,
       "not eligible due to preemptionPolicy=Never."},
      {"preemption victim pod terminating, as indicated by the dedicated DisruptionTarget condition",
       preemptor("p_with_nominated_node", "node1"), {terminating(true)}, {"node1"}, Code::Success, false,
       "not eligible due to a terminating pod on the nominated node."},
      {"non-victim Pods terminating", preemptor("p_with_nominated_node", "node1"), {terminating(false)}, {"node1"},
       Code::Success, true},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<v1::Node> nodes;
    for (const std::string& n : c.nodes) nodes.push_back(MakeNode().Name(n).Obj());
    auto env = MakeEnv(nodes, c.pods, {c.pod});
    std::vector<Code> codes(c.nodes.size(), Code::Success);
    if (NodeIndex n = env->cluster->FindNode("node1"); n != kNone) codes[n] = c.nominatedNodeStatus;
    const preemption::Result r = env->Preempt(0, codes);
    EXPECT_EQ(r.eligible, c.expected);
    if (!c.expected) {
      // evaluate: (nil, Unschedulable(msg)); the nomination is left as it is.
      EXPECT_EQ(CodeOf(r.code), CodeOf(Code::Unschedulable));
      EXPECT_EQ(r.message, "preemption: " + c.message);
      EXPECT_EQ(r.nominating, preemption::Nominating::Unchanged);
      EXPECT_EQ(env->filterCalls, 0);
    }
  }
}

// ---------------------------------------------------------------------------
// TestSelectVictimsOnNode (plugins: FakeFilter, NodeResourcesFit)
// ---------------------------------------------------------------------------

TEST(DefaultPreemptionTest, SelectVictimsOnNode) {
  struct Case {
    std::string name;
    std::vector<v1::Pod> initPods;
    v1::Pod preemptor;
    Names expectedPods;
    Code expectedStatus = Code::Success;
  };
  const std::vector<Case> cases = {
      {"Basic: Preempt single lower priority pod",
       {Prio(MakePod().Name("victim").Node("node1").Req(kLarge), kLow)},
       Prio(MakePod().Name("p").Req(kLarge), kHigh),
       {"victim"}},
      {"Priority: Prefer lower priority victim",
       {Prio(MakePod().Name("high-prio").Node("node1").Req(kSmall), kHigh),
        Prio(MakePod().Name("mid-prio").Node("node1").Req(kSmall), kMid),
        Prio(MakePod().Name("low-prio").Node("node1").Req(kSmall), kLow)},
       Prio(MakePod().Name("p").Req(kLarge), kHigh),
       {"low-prio"}},
      {"Failure: Cannot preempt the victim with higher priority",
       {Prio(MakePod().Name("victim").Node("node1"), kHigh)},
       Prio(MakePod().Name("p"), kMid),
       {},
       Code::UnschedulableAndUnresolvable},
      {"Failure: Cannot preempt if node is empty", {}, Prio(MakePod().Name("p"), kMid), {},
       Code::UnschedulableAndUnresolvable},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    auto env = MakeEnv(Nodes({"node1"}), c.initPods, {c.preemptor}, Only(kFit));
    const preemption::Result r = env->PreemptAll(0);
    if (c.expectedStatus == Code::Success) {
      ASSERT_EQ(r.candidates.size(), 1u);
      Names got = env->Keys(r.candidates[0].victims);
      std::sort(got.begin(), got.end());
      EXPECT_EQ(got, Keys(c.expectedPods));
    } else {
      EXPECT_TRUE(r.candidates.empty());
      ASSERT_EQ(r.rejected.size(), 1u);
      EXPECT_EQ(CodeOf(r.rejected[0].code), CodeOf(c.expectedStatus));
      EXPECT_EQ(r.rejected[0].reasons, Names{"No preemption victims found for incoming pod"});
    }
  }
}

// ---------------------------------------------------------------------------
// TestDryRunPreemption (nodes veryLargeRes, listed by name)
// ---------------------------------------------------------------------------

TEST(DefaultPreemptionTest, DryRunPreemption) {
  struct Case {
    std::string name;
    Names plugins = kFit;
    std::optional<preemption::Args> args;
    Names nodeNames;
    std::vector<v1::Pod> testPods;  // one scheduling cycle each
    std::vector<v1::Pod> initPods;
    // Per cycle, where upstream's dry run starts (rand.NewSource(4)): the nodes are listed
    // from there on. Empty: the first node (with the default args every node is evaluated,
    // so the offset does not matter).
    std::vector<size_t> offsets;
    std::vector<Candidates> expected;
    std::vector<int> expectedNumFilterCalled;
  };
  const preemption::Args limitTo2{40, 1};  // numCandidates = max(5*40/100, 1) = 2
  const std::vector<v1::Pod> fiveMidPods = {
      Prio(MakePod().Name("p1").Node("node1").Req(kLarge), kMid),
      Prio(MakePod().Name("p2").Node("node2").Req(kLarge), kMid),
      Prio(MakePod().Name("p3").Node("node3").Req(kLarge), kMid),
      Prio(MakePod().Name("p4").Node("node4").Req(kLarge), kMid),
      Prio(MakePod().Name("p5").Node("node5").Req(kLarge), kMid),
  };
  const Names fiveNodes = {"node1", "node2", "node3", "node4", "node5"};
  const std::vector<Case> cases = {
      {.name = "a pod that fits on both nodes when lower priority pods are preempted",
       .nodeNames = {"node1", "node2"},
       .testPods = {Prio(MakePod().Name("p").Req(kLarge), kHigh)},
       .initPods = {Prio(MakePod().Name("p1").Node("node1").Req(kLarge), kMid),
                    Prio(MakePod().Name("p2").Node("node2").Req(kLarge), kMid)},
       .expected = {{{"node1", {"p1"}}, {"node2", {"p2"}}}},
       .expectedNumFilterCalled = {4}},
      {.name = "a pod that would fit on the nodes, but other pods running are higher priority, no preemption would "
               "happen",
       .nodeNames = {"node1", "node2"},
       .testPods = {Prio(MakePod().Name("p").Req(kLarge), kLow)},
       .initPods = {Prio(MakePod().Name("p1").Node("node1").Req(kLarge), kMid),
                    Prio(MakePod().Name("p2").Node("node2").Req(kLarge), kMid)},
       .expected = {{}},
       .expectedNumFilterCalled = {0}},
      {.name = "medium priority pod is preempted, but lower priority one stays as it is small",
       .nodeNames = {"node1", "node2"},
       .testPods = {Prio(MakePod().Name("p").Req(kLarge), kHigh)},
       .initPods = {Prio(MakePod().Name("p1.1").Node("node1").Req(kSmall), kLow),
                    Prio(MakePod().Name("p1.2").Node("node1").Req(kLarge), kMid),
                    Prio(MakePod().Name("p2").Node("node2").Req(kLarge), kMid)},
       .expected = {{{"node1", {"p1.2"}}, {"node2", {"p2"}}}},
       .expectedNumFilterCalled = {5}},
      {.name = "mixed priority pods are preempted",
       .nodeNames = {"node1", "node2"},
       .testPods = {Prio(MakePod().Name("p").Req(kLarge), kHigh)},
       .initPods = {Prio(MakePod().Name("p1.1").Node("node1").Req(kSmall), kMid),
                    Prio(MakePod().Name("p1.2").Node("node1").Req(kSmall), kLow),
                    Prio(MakePod().Name("p1.3").Node("node1").Req(kMedium), kMid),
                    Prio(MakePod().Name("p1.4").Node("node1").Req(kSmall), kHigh),
                    Prio(MakePod().Name("p2").Node("node2").Req(kLarge), kHigh)},
       .expected = {{{"node1", {"p1.2", "p1.3"}}}},
       .expectedNumFilterCalled = {4}},
      {.name = "mixed priority pods are preempted, pick later StartTime one when priorities are equal",
       .nodeNames = {"node1", "node2"},
       .testPods = {Prio(MakePod().Name("p").Req(kLarge), kHigh)},
       .initPods = {Prio(MakePod().Name("p1.1").Node("node1").Req(kSmall), kLow, 5),
                    Prio(MakePod().Name("p1.2").Node("node1").Req(kSmall), kLow, 4),
                    Prio(MakePod().Name("p1.3").Node("node1").Req(kMedium), kMid, 3),
                    Prio(MakePod().Name("p1.4").Node("node1").Req(kSmall), kHigh, 2),
                    Prio(MakePod().Name("p2").Node("node2").Req(kLarge), kHigh, 1)},
       .expected = {{{"node1", {"p1.1", "p1.3"}}}},
       .expectedNumFilterCalled = {4}},  // no preemption would happen on node2
      {.name = "pod with anti-affinity is preempted",
       .plugins = {"NodeResourcesFit", "InterPodAffinity"},
       .nodeNames = {"node1", "node2"},
       .testPods = {Prio(MakePod().Name("p").Label("foo", "").Req(kSmall), kHigh)},
       .initPods = {Prio(MakePod().Name("p1.1").Node("node1").Label("foo", "").Req(kSmall).PodAntiAffinityExists(
                             "foo", "hostname", testing::PodAntiAffinityWithRequiredReq),
                         kLow),
                    Prio(MakePod().Name("p1.2").Node("node1").Req(kSmall), kMid),
                    Prio(MakePod().Name("p1.3").Node("node1").Req(kSmall), kHigh),
                    Prio(MakePod().Name("p2").Node("node2").Req(kSmall), kHigh)},
       .expected = {{{"node1", {"p1.1"}}}},
       .expectedNumFilterCalled = {3}},  // no preemption would happen on node2
      {.name = "preemption to resolve pod topology spread filter failure",
       .plugins = {"PodTopologySpread"},
       .nodeNames = {"node-a/zone1", "node-b/zone1", "node-x/zone2"},
       .testPods = {Prio(MakePod()
                             .Name("p")
                             .Label("foo", "")
                             .SpreadConstraint(1, "zone", v1::kDoNotSchedule,
                                               testing::MakeLabelSelector().Exists("foo").Obj())
                             .SpreadConstraint(1, "hostname", v1::kDoNotSchedule,
                                               testing::MakeLabelSelector().Exists("foo").Obj()),
                         kHigh)},
       .initPods = {Prio(MakePod().Name("pod-a1").Node("node-a").Label("foo", ""), kMid),
                    Prio(MakePod().Name("pod-a2").Node("node-a").Label("foo", ""), kLow),
                    Prio(MakePod().Name("pod-b1").Node("node-b").Label("foo", ""), kLow),
                    Prio(MakePod().Name("pod-x1").Node("node-x").Label("foo", ""), kHigh),
                    Prio(MakePod().Name("pod-x2").Node("node-x").Label("foo", ""), kHigh)},
       .expected = {{{"node-a", {"pod-a2"}}, {"node-b", {"pod-b1"}}}},
       .expectedNumFilterCalled = {5}},  // node-a (3), node-b (2), node-x (0)
      {.name = "all nodes are possible candidates, but DefaultPreemptionArgs limits to 2",
       .args = limitTo2,
       .nodeNames = fiveNodes,
       .testPods = {Prio(MakePod().Name("p").Req(kLarge), kHigh)},
       .initPods = fiveMidPods,
       .offsets = {4},
       // cycle=0 => offset=4 => node5 (yes), node1 (yes)
       .expected = {{{"node1", {"p1"}}, {"node5", {"p5"}}}},
       .expectedNumFilterCalled = {4}},
      {.name = "some nodes are not possible candidates, DefaultPreemptionArgs limits to 2",
       .args = limitTo2,
       .nodeNames = fiveNodes,
       .testPods = {Prio(MakePod().Name("p").Req(kLarge), kHigh)},
       .initPods = {Prio(MakePod().Name("p1").Node("node1").Req(kLarge), kMid),
                    Prio(MakePod().Name("p2").Node("node2").Req(kLarge), kVeryHigh),
                    Prio(MakePod().Name("p3").Node("node3").Req(kLarge), kMid),
                    Prio(MakePod().Name("p4").Node("node4").Req(kLarge), kMid),
                    Prio(MakePod().Name("p5").Node("node5").Req(kLarge), kVeryHigh)},
       .offsets = {4},
       // cycle=0 => offset=4 => node5 (no), node1 (yes), node2 (no), node3 (yes)
       .expected = {{{"node1", {"p1"}}, {"node3", {"p3"}}}},
       .expectedNumFilterCalled = {4}},
      {.name = "preemption offset across multiple scheduling cycles and wrap around",
       .args = limitTo2,
       .nodeNames = fiveNodes,
       .testPods = {Prio(MakePod().Name("tp1").Req(kLarge), kHigh), Prio(MakePod().Name("tp2").Req(kLarge), kHigh),
                    Prio(MakePod().Name("tp3").Req(kLarge), kHigh)},
       .initPods = fiveMidPods,
       .offsets = {4, 1, 3},
       .expected = {{{"node1", {"p1"}}, {"node5", {"p5"}}},   // cycle=0 => offset=4 => node5, node1
                    {{"node2", {"p2"}}, {"node3", {"p3"}}},   // cycle=1 => offset=1 => node2, node3
                    {{"node4", {"p4"}}, {"node5", {"p5"}}}},  // cycle=2 => offset=3 => node4, node5
       .expectedNumFilterCalled = {4, 4, 4}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    for (size_t cycle = 0; cycle < c.testPods.size(); ++cycle) {
      SCOPED_TRACE("cycle " + std::to_string(cycle));
      Names order = c.nodeNames;
      if (!c.offsets.empty()) std::rotate(order.begin(), order.begin() + c.offsets[cycle], order.end());
      auto env = MakeEnv(Nodes(order), c.initPods, {c.testPods[cycle]}, Only(c.plugins));
      const preemption::Result r = env->PreemptAll(0, c.args.value_or(preemption::Args{}));
      EXPECT_EQ(env->SortedCandidates(r), Keys(c.expected[cycle]));
      EXPECT_EQ(env->filterCalls, c.expectedNumFilterCalled[cycle]);
    }
  }
}

// ---------------------------------------------------------------------------
// TestSelectBestCandidate (NodeResourcesFit; nodes veryLargeRes; default args)
// ---------------------------------------------------------------------------

TEST(DefaultPreemptionTest, SelectBestCandidate) {
  struct Case {
    std::string name;
    Names nodeNames;
    v1::Pod pod;
    std::vector<v1::Pod> pods;
    Names expected;  // any of them is valid; upstream picks at random among ties
  };
  auto pod = [](const std::string& name, const std::string& node, int32_t priority, const Resources& req,
                int64_t startTime = 0) {
    return Prio(MakePod().Name(name).Node(node).Req(req), priority, startTime);
  };
  const Names threeNodes = {"node1", "node2", "node3"};
  const v1::Pod highVeryLarge = Prio(MakePod().Name("p").Req(kVeryLarge), kHigh);
  const std::vector<Case> cases = {
      {"a pod that fits on both nodes when lower priority pods are preempted",
       {"node1", "node2"},
       Prio(MakePod().Name("p").Req(kLarge), kHigh),
       {pod("p1", "node1", kMid, kLarge), pod("p2", "node2", kMid, kLarge)},
       {"node1", "node2"}},
      {"node with min highest priority pod is picked",
       threeNodes,
       highVeryLarge,
       {pod("p1.1", "node1", kMid, kMedium), pod("p1.2", "node1", kMid, kLarge), pod("p2.1", "node2", kMid, kMedium),
        pod("p2.2", "node2", kLow, kMedium), pod("p3.1", "node3", kLow, kMedium), pod("p3.2", "node3", kLow, kMedium)},
       {"node3"}},
      {"when highest priorities are the same, minimum sum of priorities is picked",
       threeNodes,
       highVeryLarge,
       {pod("p1.1", "node1", kMid, kMedium), pod("p1.2", "node1", kMid, kLarge), pod("p2.1", "node2", kMid, kLarge),
        pod("p2.2", "node2", kLow, kMedium), pod("p3.1", "node3", kMid, kMedium), pod("p3.2", "node3", kMid, kMedium)},
       {"node2"}},
      {"when highest priority and sum are the same, minimum number of pods is picked",
       threeNodes,
       highVeryLarge,
       {pod("p1.1", "node1", kMid, kSmall), pod("p1.2", "node1", kNeg, kSmall), pod("p1.3", "node1", kMid, kSmall),
        pod("p1.4", "node1", kNeg, kSmall), pod("p2.1", "node2", kMid, kLarge), pod("p2.2", "node2", kNeg, kMedium),
        pod("p3.1", "node3", kMid, kMedium), pod("p3.2", "node3", kNeg, kSmall), pod("p3.3", "node3", kLow, kSmall)},
       {"node2"}},
      // pickOneNodeForPreemption adjusts pod priorities when finding the sum of the victims.
      {"sum of adjusted priorities is considered",
       threeNodes,
       highVeryLarge,
       {pod("p1.1", "node1", kMid, kSmall), pod("p1.2", "node1", kNeg, kSmall), pod("p1.3", "node1", kNeg, kSmall),
        pod("p2.1", "node2", kMid, kLarge), pod("p2.2", "node2", kNeg, kMedium), pod("p3.1", "node3", kMid, kMedium),
        pod("p3.2", "node3", kNeg, kSmall), pod("p3.3", "node3", kLow, kSmall)},
       {"node2"}},
      {"non-overlapping lowest high priority, sum priorities, and number of pods",
       {"node1", "node2", "node3", "node4"},
       Prio(MakePod().Name("p").Req(kVeryLarge), kVeryHigh),
       {pod("p1.1", "node1", kMid, kSmall), pod("p1.2", "node1", kLow, kSmall), pod("p1.3", "node1", kLow, kSmall),
        pod("p2.1", "node2", kHigh, kLarge), pod("p3.1", "node3", kMid, kMedium), pod("p3.2", "node3", kLow, kSmall),
        pod("p3.3", "node3", kLow, kSmall), pod("p3.4", "node3", kLow, kMedium), pod("p4.1", "node4", kMid, kMedium),
        pod("p4.2", "node4", kMid, kSmall), pod("p4.3", "node4", kMid, kSmall), pod("p4.4", "node4", kNeg, kSmall)},
       {"node1"}},
      {"same priority, same number of victims, different start time for each node's pod",
       threeNodes,
       highVeryLarge,
       {pod("p1.1", "node1", kMid, kMedium, 2), pod("p1.2", "node1", kMid, kMedium, 2),
        pod("p2.1", "node2", kMid, kMedium, 3), pod("p2.2", "node2", kMid, kMedium, 3),
        pod("p3.1", "node3", kMid, kMedium, 1), pod("p3.2", "node3", kMid, kMedium, 1)},
       {"node2"}},
      {"same priority, same number of victims, different start time for all pods",
       threeNodes,
       highVeryLarge,
       {pod("p1.1", "node1", kMid, kMedium, 4), pod("p1.2", "node1", kMid, kMedium, 2),
        pod("p2.1", "node2", kMid, kMedium, 5), pod("p2.2", "node2", kMid, kMedium, 1),
        pod("p3.1", "node3", kMid, kMedium, 3), pod("p3.2", "node3", kMid, kMedium, 6)},
       {"node3"}},
      {"different priority, same number of victims, different start time for all pods",
       threeNodes,
       highVeryLarge,
       {pod("p1.1", "node1", kLow, kMedium, 4), pod("p1.2", "node1", kMid, kMedium, 2),
        pod("p2.1", "node2", kMid, kMedium, 6), pod("p2.2", "node2", kLow, kMedium, 1),
        pod("p3.1", "node3", kLow, kMedium, 3), pod("p3.2", "node3", kMid, kMedium, 5)},
       {"node2"}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    auto env = MakeEnv(Nodes(c.nodeNames), c.pods, {c.pod}, Only(kFit));
    const preemption::Result r = env->PreemptAll(0);
    ASSERT_EQ(CodeOf(r.code), CodeOf(Code::Success)) << r.message;
    EXPECT_NE(std::find(c.expected.begin(), c.expected.end(), env->Name(r.nominatedNode)), c.expected.end())
        << "got " << env->Name(r.nominatedNode);
    // spreadlab takes the first of equally good candidates and names them all.
    EXPECT_EQ(env->NodeNames(r.tie), c.expected.size() > 1 ? c.expected : Names{});
  }
}

// ---------------------------------------------------------------------------
// TestPostFilter (plugins: NodeResourcesFit)
// ---------------------------------------------------------------------------

TEST(DefaultPreemptionTest, PostFilter) {
  struct Case {
    std::string name;
    v1::Pod pod;
    std::vector<v1::Pod> pods;
    std::vector<v1::Node> nodes;
    std::map<std::string, Code> filteredNodesStatuses;  // absent: UnschedulableAndUnresolvable
    // The filters' own sentence when the case runs as a whole cycle, whose filters then
    // give filteredNodesStatuses; "" when the statuses are injected into Preempt.
    std::string cycleFitError;
    std::string wantNominatedNode;  // "": the nomination is cleared
    Names wantVictims;
    Code wantCode = Code::Success;
    std::string wantMessage;
  };
  const Resources onePodRes = {{"pods", "1"}};
  const Resources nodeRes = {{"cpu", "200m"}, {"memory", "400"}};
  auto node = [](const std::string& name, const Resources& capacity) {
    return MakeNode().Name(name).Capacity(capacity).Obj();
  };
  const Code U = Code::Unschedulable, UU = Code::UnschedulableAndUnresolvable;
  const std::vector<Case> cases = {
      {.name = "pod with higher priority can be made schedulable",
       .pod = Prio(MakePod().Name("p"), kHigh),
       .pods = {MakePod().Name("p1").Node("node1").Obj()},
       .nodes = {node("node1", onePodRes)},
       .filteredNodesStatuses = {{"node1", U}},
       .cycleFitError = "0/1 nodes are available: 1 Too many pods.",
       .wantNominatedNode = "node1",
       .wantVictims = {"p1"},
       .wantMessage = "preemption: found a potential placement for pod on node node1, preempting 1 victims"},
      {.name = "pod with tied priority is still unschedulable",
       .pod = MakePod().Name("p").Obj(),
       .pods = {MakePod().Name("p1").Node("node1").Obj()},
       .nodes = {node("node1", onePodRes)},
       .filteredNodesStatuses = {{"node1", U}},
       .cycleFitError = "0/1 nodes are available: 1 Too many pods.",
       .wantCode = U,
       .wantMessage = "preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."},
      {.name = "preemption should respect filteredNodesStatuses",
       .pod = Prio(MakePod().Name("p"), kHigh),
       .pods = {MakePod().Name("p1").Node("node1").Obj()},
       .nodes = {node("node1", onePodRes)},
       .filteredNodesStatuses = {{"node1", UU}},
       .wantCode = U,
       .wantMessage = "preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."},
      {.name = "preemption should respect absent NodeToStatusReader entry meaning UnschedulableAndUnresolvable",
       .pod = Prio(MakePod().Name("p"), kHigh),
       .pods = {MakePod().Name("p1").Node("node1").Obj()},
       .nodes = {node("node1", onePodRes)},
       .wantCode = U,
       .wantMessage = "preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."},
      {.name = "pod can be made schedulable on one node",
       .pod = Prio(MakePod().Name("p"), kMid),
       .pods = {Prio(MakePod().Name("p1").Node("node1"), kHigh), Prio(MakePod().Name("p2").Node("node2"), kLow)},
       .nodes = {node("node1", onePodRes), node("node2", onePodRes)},
       .filteredNodesStatuses = {{"node1", U}, {"node2", U}},
       .cycleFitError = "0/2 nodes are available: 2 Too many pods.",
       .wantNominatedNode = "node2",
       .wantVictims = {"p2"},
       .wantMessage = "preemption: found a potential placement for pod on node node2, preempting 1 victims"},
      // Upstream's PodDisruptionBudgets are left out (spreadlab has none): with them both
      // nodes have one violation, so the lower highest victim priority decides the same way.
      {.name = "pod can be made schedulable on minHighestPriority node",
       .pod = Prio(MakePod().Name("p"), kVeryHigh),
       .pods = {Prio(MakePod().Name("p1").Node("node1"), kHigh), Prio(MakePod().Name("p2").Node("node1"), kLow),
                Prio(MakePod().Name("p3").Node("node2"), kMid)},
       .nodes = {node("node1", onePodRes), node("node2", onePodRes)},
       .filteredNodesStatuses = {{"node1", U}, {"node2", U}},
       .cycleFitError = "0/2 nodes are available: 2 Too many pods.",
       .wantNominatedNode = "node2",
       .wantVictims = {"p3"},
       .wantMessage = "preemption: found a potential placement for pod on node node2, preempting 1 victims"},
      // The next three inject Unschedulable where a real cycle's NodeResourcesFit says
      // UnschedulableAndUnresolvable (300m requested > 200m allocatable, since 1.34).
      {.name = "no candidate nodes found, no enough resource after removing low priority pods",
       .pod = Prio(MakePod().Name("p").Req(kLarge), kHigh),
       .pods = {MakePod().Name("p1").Node("node1").Obj(), MakePod().Name("p2").Node("node2").Obj()},
       .nodes = {node("node1", nodeRes), node("node2", nodeRes)},
       .filteredNodesStatuses = {{"node1", U}, {"node2", U}},
       .wantCode = U,
       .wantMessage = "preemption: 0/2 nodes are available: 2 Insufficient cpu."},
      {.name = "no candidate nodes found with mixed reasons, no lower priority pod and no enough CPU resource",
       .pod = Prio(MakePod().Name("p").Req(kLarge), kHigh),
       .pods = {Prio(MakePod().Name("p1").Node("node1"), kHigh), MakePod().Name("p2").Node("node2").Obj(),
                Prio(MakePod().Name("p3").Node("node3"), kHigh)},
       .nodes = {node("node1", onePodRes), node("node2", nodeRes), node("node3", onePodRes)},
       .filteredNodesStatuses = {{"node1", U}, {"node2", U}, {"node3", U}},
       .wantCode = U,
       .wantMessage =
           "preemption: 0/3 nodes are available: 1 Insufficient cpu, 2 No preemption victims found for incoming pod."},
      {.name = "no candidate nodes found with mixed reason, 2 UnschedulableAndUnresolvable nodes and 2 nodes don't "
               "have enough CPU resource",
       .pod = Prio(MakePod().Name("p").Req(kLarge), kHigh),
       .pods = {MakePod().Name("p1").Node("node1").Obj(), MakePod().Name("p2").Node("node2").Obj()},
       .nodes = {node("node1", nodeRes), node("node2", nodeRes), node("node3", nodeRes), node("node4", nodeRes)},
       .filteredNodesStatuses = {{"node1", U}, {"node2", U}, {"node4", UU}},
       .wantCode = U,
       .wantMessage =
           "preemption: 0/4 nodes are available: 2 Insufficient cpu, 2 Preemption is not helpful for scheduling."},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    auto env = MakeEnv(c.nodes, c.pods, {c.pod}, Only(kFit));
    preemption::Result r;
    if (c.cycleFitError.empty()) {
      r = env->Preempt(0, c.filteredNodesStatuses);
    } else {
      env->RunCycle(0);
      EXPECT_EQ(env->trace.selected, kNone);
      EXPECT_EQ(env->trace.message, c.cycleFitError + " " + c.wantMessage);
      ASSERT_TRUE(env->trace.preemption);
      r = *env->trace.preemption;
      // The cycle's filters gave the table's statuses: the Unschedulable nodes are tried.
      Names unschedulable;
      for (const auto& [name, code] : c.filteredNodesStatuses)
        if (code == U) unschedulable.push_back(name);
      EXPECT_EQ(env->NodeNames(r.potential), unschedulable);
    }
    EXPECT_EQ(CodeOf(r.code), CodeOf(c.wantCode));
    EXPECT_EQ(r.message, c.wantMessage);
    EXPECT_EQ(r.nominating, c.wantNominatedNode.empty() ? preemption::Nominating::Clear : preemption::Nominating::Set);
    EXPECT_EQ(env->Name(r.nominatedNode), c.wantNominatedNode);
    EXPECT_EQ(env->Keys(r.victims), Keys(c.wantVictims));
  }
}

// ---------------------------------------------------------------------------
// Whole cycles with the default profile (v1.37.2): the FitError with the PostFilter
// sentence, and what happens to status.nominatedNodeName.
// ---------------------------------------------------------------------------

TEST(DefaultPreemptionCycleTest, Messages) {
  struct Case {
    std::string name;
    std::vector<v1::Node> nodes;
    std::vector<v1::Pod> pods;
    v1::Pod pod;
    std::string wantMessage;
    preemption::Nominating wantNominating = preemption::Nominating::Clear;
    std::string wantNominatedNode;
    Names wantVictims;
    Names wantTie;
  };
  const std::vector<v1::Node> twoNodes = {MakeNode().Name("node1").Capacity({{"cpu", "1"}}).Obj(),
                                          MakeNode().Name("node2").Capacity({{"cpu", "1"}}).Obj()};
  auto running = [](const std::string& name, const std::string& node, std::optional<int64_t> startTime) {
    return Prio(MakePod().Name(name).Node(node).Req({{"cpu", "800m"}}), 0, startTime);
  };
  const std::vector<v1::Pod> fullNodes = {running("a", "node1", std::nullopt), running("b", "node2", std::nullopt)};
  v1::Pod never = Prio(MakePod().Name("p").Req({{"cpu", "500m"}}), kHigh);
  // What the Priority admission sets from a PriorityClass with preemptionPolicy: Never.
  never.spec.preemptionPolicy = "Never";
  const std::vector<Case> cases = {
      {.name = "equal priorities: no victims",
       .nodes = twoNodes,
       .pods = fullNodes,
       .pod = Prio(MakePod().Name("p").Req({{"cpu", "500m"}}), 0),
       .wantMessage = "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No "
                      "preemption victims found for incoming pod."},
      {.name = "higher priority: the node whose victim started last",
       .nodes = twoNodes,
       .pods = {running("a", "node1", 1), running("b", "node2", 2)},
       .pod = Prio(MakePod().Name("p").Req({{"cpu", "500m"}}), kHigh),
       .wantMessage = "0/2 nodes are available: 2 Insufficient cpu. preemption: found a potential placement for pod "
                      "on node node2, preempting 1 victims",
       .wantNominating = preemption::Nominating::Set,
       .wantNominatedNode = "node2",
       .wantVictims = {"b"}},
      // Upstream picks one of the tied nodes at random.
      {.name = "higher priority, victims without start times: a tie, the first node",
       .nodes = twoNodes,
       .pods = fullNodes,
       .pod = Prio(MakePod().Name("p").Req({{"cpu", "500m"}}), kHigh),
       .wantMessage = "0/2 nodes are available: 2 Insufficient cpu. preemption: found a potential placement for pod "
                      "on node node1, preempting 1 victims",
       .wantNominating = preemption::Nominating::Set,
       .wantNominatedNode = "node1",
       .wantVictims = {"a"},
       .wantTie = {"node1", "node2"}},
      // Requests above allocatable are UnschedulableAndUnresolvable (kubernetes#131345).
      {.name = "request above allocatable: preemption is not helpful",
       .nodes = twoNodes,
       .pods = fullNodes,
       .pod = Prio(MakePod().Name("p").Req({{"cpu", "2"}}), kHigh),
       .wantMessage = "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 "
                      "Preemption is not helpful for scheduling."},
      {.name = "an untolerated taint and a full node",
       .nodes = {MakeNode().Name("node1").Capacity({{"cpu", "1"}}).Taints({MakeTaint("k", "v", "NoSchedule")}).Obj(),
                 twoNodes[1]},
       .pods = {running("b", "node2", std::nullopt)},
       .pod = Prio(MakePod().Name("p").Req({{"cpu", "500m"}}), 0),
       .wantMessage = "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s). preemption: "
                      "0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not "
                      "helpful for scheduling."},
      {.name = "preemptionPolicy Never",
       .nodes = twoNodes,
       .pods = fullNodes,
       .pod = never,
       .wantMessage = "0/2 nodes are available: 2 Insufficient cpu. preemption: not eligible due to "
                      "preemptionPolicy=Never.",
       .wantNominating = preemption::Nominating::Unchanged},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    auto env = MakeEnv(c.nodes, c.pods, {c.pod});
    env->RunCycle(0);
    EXPECT_EQ(env->trace.selected, kNone);
    EXPECT_EQ(env->trace.message, c.wantMessage);
    ASSERT_TRUE(env->trace.preemption);
    const preemption::Result& r = *env->trace.preemption;
    EXPECT_EQ(r.nominating, c.wantNominating);
    EXPECT_EQ(env->Name(r.nominatedNode), c.wantNominatedNode);
    EXPECT_EQ(env->Keys(r.victims), Keys(c.wantVictims));
    EXPECT_EQ(env->NodeNames(r.tie), c.wantTie);
  }
}

// ---------------------------------------------------------------------------
// Derived from upstream's code rather than from one of its cases
// ---------------------------------------------------------------------------

// PodTopologySpread's PreFilter does not count terminating pods (countPodsMatchSelector,
// podtopologyspread/common.go), but its RemovePod extension (updateWithPod,
// podtopologyspread/filtering.go) subtracts every matching victim, terminating or not. In
// upstream's dry run on node-a, removing the terminating a2 takes node-a's count from 1 to
// 0, so the pod fits there (skew 0+1-0) and a2 is the victim. node-c (tainted) is the
// domain with 0 that makes node-a's skew 2 in the first place.
TEST(DefaultPreemptionCycleTest, TerminatingVictimOfSpreadConstraint) {
  GTEST_SKIP() << "spreadlab deviates: the dry run re-runs PreFilter on the cluster without the victims instead "
                  "of PodTopologySpread's RemovePod, which also subtracts terminating victims";
  const v1::Taint taint = MakeTaint("k", "v", "NoSchedule");
  auto env = MakeEnv({MakeNode().Name("node-a").Label("hostname", "node-a").Obj(),
                      MakeNode().Name("node-c").Label("hostname", "node-c").Taints({taint}).Obj()},
                     {Prio(MakePod().Name("a1").Node("node-a").Label("foo", ""), kVeryHigh),
                      Prio(MakePod().Name("a2").Node("node-a").Label("foo", "").Terminating(), kLow)},
                     {Prio(MakePod().Name("p").Label("foo", "").SpreadConstraint(
                               1, "hostname", v1::kDoNotSchedule, testing::MakeLabelSelector().Exists("foo").Obj()),
                           kHigh)},
                     Only({"TaintToleration", "PodTopologySpread"}));
  env->RunCycle(0);
  EXPECT_EQ(env->trace.message,
            "0/2 nodes are available: 1 node(s) didn't match pod topology spread constraints, 1 node(s) had "
            "untolerated taint(s). preemption: found a potential placement for pod on node node-a, preempting 1 "
            "victims");
  ASSERT_TRUE(env->trace.preemption);
  EXPECT_EQ(env->Name(env->trace.preemption->nominatedNode), "node-a");
  EXPECT_EQ(env->Keys(env->trace.preemption->victims), Keys(Names{"a2"}));
}

}  // namespace
}  // namespace spreadlab
