// The conflict explorer (core/why): the matrix read off the trace, the edits,
// the cluster's what-if edits and their undo, the search and its ranking; and
// a property test on random small scenarios: every suggestion, applied to the
// Scenario and compiled anew (not in place, as the search runs it), really
// lets the pod schedule where it says, and a maxSkew one lower would not.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <tuple>

#include "core/plugins/registry.h"
#include "core/validation.h"
#include "core/why/analysis.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using testing::MakeLabelSelector;
using testing::MakeNode;
using testing::MakePod;
using testing::MakeTaint;
using why::CellState;
using why::Edit;
using why::EditKind;

v1::Node Node(const std::string& name, const std::string& zone) {
  return MakeNode().Name(name).Label("zone", zone).Label("node", name).Label(kLabelHostname, name)
      .Capacity({{"cpu", "4"}, {"memory", "8Gi"}}).Obj();
}
v1::Pod Bound(const std::string& name, const std::string& node) {
  return MakePod().Name(name).Label("foo", "bar").Node(node).Req({{"cpu", "100m"}}).Obj();
}

// examples/conflict.yaml: zone admits only node3, node only node2.
Scenario Conflict() {
  Scenario s;
  s.nodes = {Node("node1", "zoneA"), Node("node2", "zoneA"), Node("node3", "zoneB")};
  s.pods = {Bound("pod1", "node1"), Bound("pod2", "node1"), Bound("pod3", "node3"),
            MakePod().Name("mypod").Label("foo", "bar").Req({{"cpu", "100m"}})
                .SpreadConstraint(1, "zone", v1::kDoNotSchedule, MakeLabelSelector().Label("foo", "bar").Obj())
                .SpreadConstraint(1, "node", v1::kDoNotSchedule, MakeLabelSelector().Label("foo", "bar").Obj())
                .Obj()};
  return s;
}

struct Env {
  std::unique_ptr<Cluster> cluster;
  std::unique_ptr<Framework> fw;
  PodIndex pod = kNone;
  explicit Env(Scenario s) {
    config::Profile profile = s.profile.value_or(config::Profile{});
    cluster = std::make_unique<Cluster>(std::move(s));
    std::string error;
    fw = plugins::NewFramework(*cluster, profile, error);
    pod = cluster->PendingPods().front();
  }
  why::Report Analyze(const std::string& target = "") {
    why::Report r;
    std::string error;
    why::Options o;
    o.targetNode = target;
    EXPECT_TRUE(why::Analyze(*cluster, *fw, pod, o, r, error)) << error;
    return r;
  }
};

std::vector<std::string> Names(const Cluster& c, const std::vector<NodeIndex>& nodes) {
  std::vector<std::string> out;
  for (NodeIndex n : nodes) out.push_back(c.node(n).name);
  return out;
}

TEST(WhyMatrix, OneRowPerConstraintAndPerOtherFilter) {
  Env env(Conflict());
  why::Report r = env.Analyze();
  const auto& m = r.matrix;
  ASSERT_EQ(m.rows.size(), r.filterPlugins.size() + 1);  // PodTopologySpread split into its two constraints
  size_t zone = 0;
  while (m.rows[zone].constraint != 0) ++zone;
  EXPECT_EQ(m.rows[zone + 1].constraint, 1);
  EXPECT_EQ(Names(*env.cluster, m.rows[zone].accepts), (std::vector<std::string>{"node3"}));
  EXPECT_EQ(Names(*env.cluster, m.rows[zone + 1].accepts), (std::vector<std::string>{"node2"}));
  EXPECT_EQ(Names(*env.cluster, m.rows[zone].soleBlocker), (std::vector<std::string>{"node2"}));
  EXPECT_TRUE(m.feasible.empty());
  const why::MatrixCell& c = m.at(zone + 1, env.cluster->FindNode("node1"));
  EXPECT_EQ(c.state, CellState::Fail);
  EXPECT_EQ(c.check.matchNum, 2);
  EXPECT_EQ(c.check.selfMatch, 1);
  EXPECT_EQ(c.check.minMatchNum, 0);
  EXPECT_EQ(c.check.skew, 3);
  EXPECT_EQ(m.reasons[c.reason], "node(s) didn't match pod topology spread constraints");
}

TEST(WhyMatrix, NodeWithoutTheKeyFailsWithTheMissingLabelReason) {
  Scenario s = Conflict();
  s.nodes[2].metadata.labels.erase("node");
  Env env(std::move(s));
  why::Report r = env.Analyze();
  size_t row = 0;
  while (r.matrix.rows[row].constraint != 1) ++row;
  const auto& c = r.matrix.at(row, env.cluster->FindNode("node3"));
  EXPECT_EQ(c.state, CellState::Fail);
  EXPECT_EQ(c.code, Code::UnschedulableAndUnresolvable);
  EXPECT_EQ(r.matrix.reasons[c.reason], "node(s) didn't match pod topology spread constraints (missing required label)");
}

TEST(WhyEdit, AddNodeRenamesTheLabelsThatNameTheNode) {
  Scenario s = Conflict();
  s.nodes[2].unschedulable = true;
  Edit e;
  e.kind = EditKind::AddNode;
  e.node = "node3";
  e.newNode = "node3-new";
  ASSERT_EQ(why::ApplyEdit(s, 3, e), 3u);
  const v1::Node& n = s.nodes.back();
  EXPECT_EQ(n.metadata.name, "node3-new");
  EXPECT_EQ(n.metadata.labels.at("zone"), "zoneB");
  EXPECT_EQ(n.metadata.labels.at("node"), "node3-new");
  EXPECT_EQ(n.metadata.labels.at(kLabelHostname), "node3-new");
  EXPECT_FALSE(n.unschedulable);
  EXPECT_FALSE(why::ApplyEdit(s, 3, e)) << "the name is taken now";
}

TEST(WhyEdit, DeletingAPodBeforeThePendingOneShiftsItsIndex) {
  Scenario s = Conflict();
  Edit e;
  e.kind = EditKind::DeletePod;
  e.pod = "default/pod1";
  ASSERT_EQ(why::ApplyEdit(s, 3, e), 2u);
  EXPECT_EQ(s.pods[2].metadata.name, "mypod");
  e.pod = "default/mypod";
  EXPECT_FALSE(why::ApplyEdit(s, 2, e)) << "the pending pod itself is not a candidate";
}

TEST(WhyEdit, ScheduleAnywayDropsMinDomainsAsTheApiRequires) {
  Scenario s = Conflict();
  s.pods[3].spec.topologySpreadConstraints[1].minDomains = 3;
  Edit e;
  e.kind = EditKind::ScheduleAnyway;
  e.constraint = 1;
  ASSERT_TRUE(why::ApplyEdit(s, 3, e));
  EXPECT_EQ(s.pods[3].spec.topologySpreadConstraints[1].whenUnsatisfiable, v1::kScheduleAnyway);
  EXPECT_FALSE(s.pods[3].spec.topologySpreadConstraints[1].minDomains);
  EXPECT_TRUE(ValidateScenario(s).empty());
  // Constraint indexes count DoNotSchedule constraints only, as CycleTrace::spreadFilter does.
  e.kind = EditKind::RaiseMaxSkew;
  e.constraint = 0;
  e.to = 4;
  ASSERT_TRUE(why::ApplyEdit(s, 3, e));
  EXPECT_EQ(s.pods[3].spec.topologySpreadConstraints[0].maxSkew, 4);
  e.constraint = 1;
  EXPECT_FALSE(why::ApplyEdit(s, 3, e)) << "no second DoNotSchedule constraint any more";
}

TEST(WhyEdit, CostClassesRankConstraintThenPodThenCluster) {
  EXPECT_LT(why::CostClassOf(EditKind::SetNodeTaintsPolicy), why::CostClassOf(EditKind::ScheduleAnyway));
  EXPECT_LT(why::CostClassOf(EditKind::TolerateTaints), why::CostClassOf(EditKind::UncordonNode));
  Edit e;
  e.kind = EditKind::RaiseMaxSkew;
  e.from = 1;
  e.to = 4;
  EXPECT_EQ(why::Magnitude(e), 3);
}

TEST(WhyCluster, WhatIfEditsAreUndoneExactly) {
  Cluster c(Conflict());
  Selector fooSel;
  fooSel.Add({c.pool().Intern("foo"), SelOp::Equals, {c.pool().Intern("bar")}});
  const Sym ns = c.pool().Intern("default");
  const std::vector<int32_t> before = c.MatchCounts(ns, fooSel);
  const TopologyColumn& zone = c.Column(c.pool().Intern("zone"));
  const Resource requested = c.node(0).requested;

  PodIndex pod1 = c.FindPod("pod1");
  c.Unbind(pod1);
  EXPECT_EQ(c.MatchCounts(ns, fooSel)[0], before[0] - 1);
  EXPECT_EQ(c.node(0).pods.size(), 1u);
  c.Bind(pod1, 0);
  EXPECT_EQ(c.MatchCounts(ns, fooSel), before);
  EXPECT_EQ(c.node(0).requested.milliCPU, requested.milliCPU);

  v1::Node extra = Node("node4", "zoneC");
  c.AddNode(extra);
  EXPECT_EQ(zone.domainOfNode.size(), 4u);
  EXPECT_EQ(zone.domainValue.size(), 3u);
  EXPECT_EQ(c.MatchCounts(ns, fooSel).size(), 4u);
  EXPECT_EQ(c.NodeTreeOrder().size(), 4u);
  c.RemoveLastNode();
  EXPECT_EQ(zone.domainOfNode.size(), 3u);
  EXPECT_EQ(zone.domainValue.size(), 2u);
  EXPECT_EQ(c.MatchCounts(ns, fooSel), before);
  EXPECT_EQ(c.FindNode("node4"), kNone);
}

// The lab's cluster shares its document's scenario: the document's edits reach it through
// UpdatePendingPod, and a what-if edit copies the scenario before changing it.
TEST(WhyCluster, WhatIfEditsCopyASharedScenario) {
  auto shared = std::make_shared<Scenario>(Conflict());
  Cluster c{std::shared_ptr<const Scenario>(shared)};
  EXPECT_EQ(&c.scenario(), shared.get());
  const PodIndex pod = c.FindPod("mypod");
  shared->pods[3].spec.topologySpreadConstraints.pop_back();
  c.UpdatePendingPod(pod, shared->pods[3]);
  EXPECT_EQ(&c.scenario(), shared.get()) << "compiled again, not copied";
  EXPECT_EQ(c.podSpec(pod).spec.topologySpreadConstraints.size(), 1u);

  c.AddNode(Node("node4", "zoneC"));
  EXPECT_NE(&c.scenario(), shared.get());
  EXPECT_EQ(c.scenario().nodes.size(), 4u);
  EXPECT_EQ(shared->nodes.size(), 3u) << "the owner's scenario is not the what-if's";
  c.RemoveLastNode();
  c.ReplacePendingPod(pod, MakePod().Name("mypod").Obj());
  EXPECT_EQ(shared->pods[3].spec.topologySpreadConstraints.size(), 1u);

  // Once copied, the owner's next change is copied in.
  shared->pods[3].spec.topologySpreadConstraints[0].maxSkew = 3;
  c.UpdatePendingPod(pod, shared->pods[3]);
  ASSERT_EQ(c.podSpec(pod).spec.topologySpreadConstraints.size(), 1u);
  EXPECT_EQ(c.podSpec(pod).spec.topologySpreadConstraints[0].maxSkew, 3);
}

// FindPod scans for its first answer and indexes for the next: the same answers either way.
TEST(WhyCluster, FindPodAnswersTheSameBeforeAndAfterItsIndex) {
  for (int first = 0; first < 4; ++first) {
    Cluster c(Conflict());
    const std::vector<std::string> refs = {"pod2", "default/mypod", "nope", "other/pod1"};
    const std::vector<PodIndex> want = {1, 3, kNone, kNone};
    EXPECT_EQ(c.FindPod(refs[first]), want[first]) << refs[first] << " asked first";
    for (size_t i = 0; i < refs.size(); ++i) EXPECT_EQ(c.FindPod(refs[i]), want[i]) << refs[i];
  }
}

TEST(WhyAnalyze, NothingToSearchWhenThePodSchedules) {
  Scenario s = Conflict();
  s.pods[3].spec.topologySpreadConstraints.pop_back();
  Env env(std::move(s));
  why::Report r = env.Analyze();
  EXPECT_NE(r.selected, kNone);
  EXPECT_FALSE(r.searched);
  EXPECT_TRUE(r.suggestions.empty());
}

TEST(WhyAnalyze, UnknownTargetNodeIsAnError) {
  Env env(Conflict());
  why::Report r;
  std::string error;
  why::Options o;
  o.targetNode = "nope";
  EXPECT_FALSE(why::Analyze(*env.cluster, *env.fw, env.pod, o, r, error));
  EXPECT_EQ(error, "no node \"nope\" in the scenario");
}

TEST(WhyAnalyze, TargetNodeSuggestionsLandThereFirst) {
  Env env(Conflict());
  why::Report r = env.Analyze("node3");
  ASSERT_FALSE(r.suggestions.empty());
  EXPECT_EQ(r.suggestions[0].summary, "constraint #2 (topologyKey node): maxSkew 1 -> 2");
  EXPECT_TRUE(r.suggestions[0].landsOnTarget);
  for (const auto& s : r.suggestions) {
    bool feasible = std::find(s.feasibleNodes.begin(), s.feasibleNodes.end(), "node3") != s.feasibleNodes.end();
    EXPECT_TRUE(s.landsOnTarget || feasible) << s.summary;
    EXPECT_NE(s.edit.kind, EditKind::AddNode) << "a new node is never the target";
  }
}

TEST(WhyAnalyze, LeavesTheClusterAsItWas) {
  Env env(Conflict());
  CycleTrace before, after;
  env.fw->RunCycle(env.pod, before, true);
  why::Report r = env.Analyze();
  EXPECT_GT(r.candidatesTried, 5u);
  std::string error;
  auto fresh = plugins::NewFramework(*env.cluster, config::Profile{}, error);
  fresh->RunCycle(env.pod, after, true);
  EXPECT_EQ(after.message, before.message);
  EXPECT_EQ(env.cluster->nodes().size(), 3u);
  EXPECT_EQ(env.cluster->pod(env.pod).node, kNone);
}

// --- property test ---

Scenario RandomScenario(std::mt19937& rng) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto chance = [&](int percent) { return pick(1, 100) <= percent; };
  Scenario s;
  const int nodes = pick(3, 8), zones = pick(2, 3);
  for (int i = 0; i < nodes; ++i) {
    v1::Node n = Node("n" + std::to_string(i), "z" + std::to_string(chance(70) ? i % zones : pick(0, zones - 1)));
    if (chance(10)) n.unschedulable = true;
    if (chance(10)) n.taints = {MakeTaint("dedicated", "infra", "NoSchedule")};
    s.nodes.push_back(std::move(n));
  }
  const int bound = pick(0, 3 * nodes);
  for (int i = 0; i < bound; ++i)
    s.pods.push_back(MakePod().Name("b" + std::to_string(i)).Label("app", chance(70) ? "web" : "other")
                         .Node("n" + std::to_string(pick(0, nodes - 1)))
                         .Req({{"cpu", chance(20) ? "1500m" : "100m"}}).Obj());
  // Some pods fit only where NodeResourcesFit finds room (4 cpu per node).
  auto pod = MakePod().Name("pending").Label("app", "web").Req({{"cpu", chance(25) ? "2500m" : "100m"}});
  const int constraints = chance(70) ? 2 : 1;
  for (int c = 0; c < constraints; ++c) {
    std::optional<int32_t> minDomains;
    if (chance(20)) minDomains = pick(2, 4);
    pod.SpreadConstraint(chance(80) ? 1 : 2, c == 0 ? "zone" : kLabelHostname, v1::kDoNotSchedule,
                         MakeLabelSelector().Label("app", "web").Obj(), minDomains,
                         chance(20) ? std::optional<std::string>(v1::kIgnore) : std::nullopt,
                         chance(20) ? std::optional<std::string>(v1::kHonor) : std::nullopt);
  }
  if (chance(10)) pod.NodeSelector({{"zone", "z0"}});
  s.pods.push_back(pod.Obj());
  return s;
}

TEST(WhyProperty, EverySuggestionReallyWorksAndMaxSkewIsTheLeast) {
  std::mt19937 rng(20240611);
  size_t pending = 0, suggestions = 0, maxSkews = 0, targeted = 0, room = 0;
  for (int i = 0; i < 200; ++i) {
    Scenario base = RandomScenario(rng);
    ASSERT_TRUE(ValidateScenario(base).empty()) << ValidateScenario(base)[0].ToString();
    Env env(base);
    const size_t podIndex = base.pods.size() - 1;
    // A quarter of the scenarios ask for a given node.
    std::string target;
    if (i % 4 == 3) target = "n" + std::to_string(rng() % base.nodes.size());
    why::Report r = env.Analyze(target);
    if (!r.searched) continue;
    pending += target.empty();
    targeted += !target.empty();
    const bool targetFeasibleBefore =
        r.target != kNone && std::find(r.matrix.feasible.begin(), r.matrix.feasible.end(), r.target) != r.matrix.feasible.end();

    // Schedules the pending pod of `edited` from scratch; empty when nothing fits.
    auto run = [](Scenario edited, size_t pod, std::vector<std::string>* feasible) {
      EXPECT_TRUE(ValidateScenario(edited).empty()) << ValidateScenario(edited)[0].ToString();
      Cluster c(std::move(edited));
      std::string error;
      auto fw = plugins::NewFramework(c, c.scenario().profile.value_or(config::Profile{}), error);
      CycleTrace t;
      fw->RunCycle(static_cast<PodIndex>(pod), t, true);
      for (const auto& nt : t.nodes)
        if (nt.feasible && feasible) feasible->push_back(c.node(nt.node).name);
      return t.selected == kNone ? std::string() : c.node(t.selected).name;
    };
    for (const why::Suggestion& s : r.suggestions) {
      ++suggestions;
      room += s.edit.kind == EditKind::ShrinkPodRequests;
      SCOPED_TRACE("scenario " + std::to_string(i) + ": " + s.summary);
      Scenario edited = base;
      std::optional<size_t> pod = why::ApplyEdit(edited, podIndex, s.edit);
      ASSERT_TRUE(pod);
      std::vector<std::string> feasible;
      std::string lands = run(edited, *pod, &feasible);
      EXPECT_EQ(lands, s.lands);
      EXPECT_EQ(feasible, s.feasibleNodes);
      if (target.empty()) {
        EXPECT_FALSE(lands.empty());
      } else {
        bool targetFeasible = std::find(feasible.begin(), feasible.end(), target) != feasible.end();
        EXPECT_TRUE(lands == target || (!targetFeasibleBefore && targetFeasible));
        EXPECT_EQ(s.landsOnTarget, lands == target);
      }
      if (s.edit.kind == EditKind::RaiseMaxSkew) {
        ++maxSkews;
        Edit lower = s.edit;
        --lower.to;
        Scenario less = base;
        ASSERT_TRUE(why::ApplyEdit(less, podIndex, lower));
        std::vector<std::string> lessFeasible;
        std::string lessLands = run(less, podIndex, &lessFeasible);
        if (target.empty()) {
          EXPECT_EQ(lessLands, "") << "maxSkew " << lower.to << " works too";
        } else {
          EXPECT_TRUE(lessLands != target && std::find(lessFeasible.begin(), lessFeasible.end(), target) == lessFeasible.end());
        }
      }
    }
    auto rank = [](const why::Suggestion& s) {
      return std::make_tuple(!s.landsOnTarget, why::CostClassOf(s.edit.kind), why::Magnitude(s.edit));
    };
    for (size_t k = 1; k < r.suggestions.size(); ++k)
      EXPECT_LE(rank(r.suggestions[k - 1]), rank(r.suggestions[k])) << "ranked smallest change first";
  }
  std::printf("%zu pending, %zu targeted, %zu suggestions checked, %zu of maxSkew, %zu shrunk pods\n", pending,
              targeted, suggestions, maxSkews, room);
  // The generator must produce real conflicts, or the property says nothing.
  EXPECT_GT(pending, 20u);
  EXPECT_GT(targeted, 10u);
  EXPECT_GT(suggestions, 100u);
  EXPECT_GT(maxSkews, 20u);
  EXPECT_GE(room, 2u);  // 3 with gcc's build, 2 with clang's (the sanitized one)
}

}  // namespace
}  // namespace spreadlab
