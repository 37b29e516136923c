// Ported from kubernetes/kubernetes
//   pkg/scheduler/framework/plugins/nodeaffinity/node_affinity_test.go
//   (TestNodeAffinity, TestNodeAffinityPriority)
//   at commit 17bae91f207a5f2b101e581c90f7a72fc9adef96.
// Case names are upstream's, verbatim.
//
// The NodeAffinityArgs.AddedAffinity cases were checked against v1.37.2's
// node_affinity_test.go. Not ported:
//  * Test_isSchedulableAfterNodeChange (queueing hints; no counterpart in a
//    single-cycle simulator).
//
// Adaptations:
//  * Upstream's PreFilterResult is a set of node names that need not exist;
//    ours holds node indexes of the cluster. Each case therefore adds (unlabeled)
//    nodes named in wantPreFilterResult to the cluster, converts the result back
//    to names, and runs Filter only on the node under test, as upstream does.
// Designated initializers leave the fields a case does not set at their defaults.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/plugins/nodeaffinity/node_affinity.h"
#include "plugins/explain_test_util.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using testing::MakeNode;
using testing::MakePod;
using testing::PluginHarness;

using Reqs = std::vector<v1::NodeSelectorRequirement>;

v1::NodeSelectorRequirement Req(std::string key, std::string op, std::vector<std::string> values = {}) {
  return v1::NodeSelectorRequirement{std::move(key), std::move(op), std::move(values)};
}
// metav1.ObjectNameField
constexpr const char* kObjectNameField = "metadata.name";

PluginHarness::Factory Factory(config::NodeAffinityArgs args = {}) {
  return [args](Handle h) { return std::make_unique<plugins::NodeAffinity>(h, args); };
}

// NodeAffinityArgs{AddedAffinity: the preferred node affinity of `holder`}.
config::NodeAffinityArgs AddedPreferred(const v1::Pod& holder) {
  config::NodeAffinityArgs a;
  a.addedAffinity = v1::NodeAffinity{};
  a.addedAffinity->preferredDuringSchedulingIgnoredDuringExecution =
      holder.spec.affinity->nodeAffinity->preferredDuringSchedulingIgnoredDuringExecution;
  return a;
}

// NodeAffinityArgs{AddedAffinity: {required: one term}}.
config::NodeAffinityArgs AddedRequired(v1::NodeSelectorTerm term) {
  config::NodeAffinityArgs a;
  a.addedAffinity.emplace().requiredDuringSchedulingIgnoredDuringExecution.emplace().nodeSelectorTerms = {std::move(term)};
  return a;
}

struct WantStatus {
  Code code = Code::Success;
  std::string reason;
};

void ExpectStatus(const Status& got, const WantStatus& want, const char* what) {
  EXPECT_EQ(got.code, want.code) << what << " code: got " << CodeName(got.code) << ", want " << CodeName(want.code);
  EXPECT_EQ(std::string(got.Message()), want.reason) << what << " message";
}

// A pod with affinity.nodeAffinity set but no required terms.
v1::Pod PodWithEmptyNodeAffinity() {
  v1::Pod p = MakePod().Name("pod").Obj();
  p.spec.affinity.emplace();
  p.spec.affinity->nodeAffinity.emplace();
  return p;
}

struct FilterCase {
  std::string name;
  v1::Pod pod;
  v1::LabelMap labels;
  std::string nodeName;
  WantStatus wantStatus;
  WantStatus wantPreFilterStatus;
  std::optional<std::set<std::string>> wantPreFilterResult;
  bool runPreFilter = true;
  config::NodeAffinityArgs args;
};

// TODO (upstream): Add test case for RequiredDuringSchedulingRequiredDuringExecution after it's implemented.
std::vector<FilterCase> NodeAffinityCases() {
  const std::string errReasonPod(plugins::NodeAffinity::kErrReasonPod);
  const std::string errReasonConflict(plugins::NodeAffinity::kErrReasonConflict);
  const WantStatus unschedulablePod{Code::UnschedulableAndUnresolvable, errReasonPod};

  std::vector<FilterCase> tests = {
      {
          .name = "missing labels",
          .pod = MakePod().Name("pod").NodeSelector({{"foo", "bar"}}).Obj(),
          .wantStatus = unschedulablePod,
      },
      {
          .name = "same labels",
          .pod = MakePod().Name("pod").NodeSelector({{"foo", "bar"}}).Obj(),
          .labels = {{"foo", "bar"}},
      },
      {
          .name = "node labels are superset",
          .pod = MakePod().Name("pod").NodeSelector({{"foo", "bar"}}).Obj(),
          .labels = {{"foo", "bar"}, {"baz", "blah"}},
      },
      {
          .name = "node labels are subset",
          .pod = MakePod().Name("pod").NodeSelector({{"foo", "bar"}, {"baz", "blah"}}).Obj(),
          .labels = {{"foo", "bar"}},
          .wantStatus = unschedulablePod,
      },
      {
          .name = "Pod with matchExpressions using In operator that matches the existing node",
          .pod = MakePod().Name("pod").RequiredTerm({Req("foo", "In", {"bar", "value2"})}).Obj(),
          .labels = {{"foo", "bar"}},
      },
      {
          .name = "Pod with matchExpressions using Gt operator that matches the existing node",
          .pod = MakePod().Name("pod").RequiredTerm({Req("kernel-version", "Gt", {"0204"})}).Obj(),
          // We use two digit to denote major version and two digit for minor version.
          .labels = {{"kernel-version", "0206"}},
      },
      {
          .name = "Pod with matchExpressions using NotIn operator that matches the existing node",
          .pod = MakePod().Name("pod").RequiredTerm({Req("mem-type", "NotIn", {"DDR", "DDR2"})}).Obj(),
          .labels = {{"mem-type", "DDR3"}},
      },
      {
          .name = "Pod with matchExpressions using Exists operator that matches the existing node",
          .pod = MakePod().Name("pod").RequiredTerm({Req("GPU", "Exists")}).Obj(),
          .labels = {{"GPU", "NVIDIA-GRID-K1"}},
      },
      {
          .name = "Pod with affinity that don't match node's labels won't schedule onto the node",
          .pod = MakePod().Name("pod").RequiredTerm({Req("foo", "In", {"value1", "value2"})}).Obj(),
          .labels = {{"foo", "bar"}},
          .wantStatus = unschedulablePod,
      },
      {
          .name = "Pod with empty MatchExpressions is not a valid value will match no objects and won't schedule "
                  "onto the node",
          .pod = MakePod().Name("pod").RequiredTerm({}).Obj(),
          .labels = {{"foo", "bar"}},
          .wantStatus = unschedulablePod,
      },
      {
          .name = "Pod with no Affinity will schedule onto a node",
          .pod = MakePod().Name("pod").Obj(),
          .labels = {{"foo", "bar"}},
          .wantPreFilterStatus = {Code::Skip, ""},
      },
      {
          .name = "Pod with Affinity but nil NodeSelector will schedule onto a node",
          .pod = PodWithEmptyNodeAffinity(),
          .labels = {{"foo", "bar"}},
          .wantPreFilterStatus = {Code::Skip, ""},
      },
      {
          .name = "Pod with multiple matchExpressions ANDed that matches the existing node",
          .pod = MakePod().Name("pod").RequiredTerm({Req("GPU", "Exists"), Req("GPU", "NotIn", {"AMD", "INTER"})}).Obj(),
          .labels = {{"GPU", "NVIDIA-GRID-K1"}},
      },
      {
          .name = "Pod with multiple matchExpressions ANDed that doesn't match the existing node",
          .pod = MakePod().Name("pod").RequiredTerm({Req("GPU", "Exists"), Req("GPU", "In", {"AMD", "INTER"})}).Obj(),
          .labels = {{"GPU", "NVIDIA-GRID-K1"}},
          .wantStatus = unschedulablePod,
      },
      {
          .name = "Pod with multiple NodeSelectorTerms ORed in affinity, matches the node's labels and will schedule "
                  "onto the node",
          .pod = MakePod()
                     .Name("pod")
                     .RequiredTerm({Req("foo", "In", {"bar", "value2"})})
                     .RequiredTerm({Req("diffkey", "In", {"wrong", "value2"})})
                     .Obj(),
          .labels = {{"foo", "bar"}},
      },
      {
          .name = "Pod with an Affinity and a PodSpec.NodeSelector(the old thing that we are deprecating) "
                  "both are satisfied, will schedule onto the node",
          .pod = MakePod().Name("pod").NodeSelector({{"foo", "bar"}}).RequiredTerm({Req("foo", "Exists")}).Obj(),
          .labels = {{"foo", "bar"}},
      },
      {
          .name = "Pod with an Affinity matches node's labels but the PodSpec.NodeSelector(the old thing that we are "
                  "deprecating) is not satisfied, won't schedule onto the node",
          .pod = MakePod().Name("pod").NodeSelector({{"foo", "bar"}}).RequiredTerm({Req("foo", "Exists")}).Obj(),
          .labels = {{"foo", "barrrrrr"}},
          .wantStatus = unschedulablePod,
      },
      {
          .name = "Pod with an invalid value in Affinity term won't be scheduled onto the node",
          .pod = MakePod().Name("pod").RequiredTerm({Req("foo", "NotIn", {"invalid value: ___@#$%^"})}).Obj(),
          .labels = {{"foo", "bar"}},
          .wantStatus = unschedulablePod,
      },
      {
          .name = "Pod with matchFields using In operator that matches the existing node",
          .pod = MakePod().Name("pod").RequiredTerm({}, {Req(kObjectNameField, "In", {"node1"})}).Obj(),
          .nodeName = "node1",
          .wantPreFilterResult = std::set<std::string>{"node1"},
      },
      {
          .name = "Pod with matchFields using In operator that does not match the existing node",
          .pod = MakePod().Name("pod").RequiredTerm({}, {Req(kObjectNameField, "In", {"node1"})}).Obj(),
          .nodeName = "node2",
          .wantStatus = unschedulablePod,
          .wantPreFilterResult = std::set<std::string>{"node1"},
      },
      {
          .name = "Pod with two terms: matchFields does not match, but matchExpressions matches",
          .pod = MakePod()
                     .Name("pod")
                     .RequiredTerm({}, {Req(kObjectNameField, "In", {"node1"}), Req(kObjectNameField, "In", {"node2"})})
                     .RequiredTerm({Req("foo", "In", {"bar"})})
                     .Obj(),
          .labels = {{"foo", "bar"}},
          .nodeName = "node2",
      },
      {
          .name = "Pod with one term: matchFields does not match, but matchExpressions matches",
          .pod = MakePod()
                     .Name("pod")
                     .RequiredTerm({Req("foo", "In", {"bar"})}, {Req(kObjectNameField, "In", {"node1"})})
                     .Obj(),
          .labels = {{"foo", "bar"}},
          .nodeName = "node2",
          .wantStatus = unschedulablePod,
          .wantPreFilterResult = std::set<std::string>{"node1"},
      },
      {
          .name = "Pod with one term: both matchFields and matchExpressions match",
          .pod = MakePod()
                     .Name("pod")
                     .RequiredTerm({Req("foo", "In", {"bar"})}, {Req(kObjectNameField, "In", {"node1"})})
                     .Obj(),
          .labels = {{"foo", "bar"}},
          .nodeName = "node1",
          .wantPreFilterResult = std::set<std::string>{"node1"},
      },
      {
          .name = "Pod with two terms: both matchFields and matchExpressions do not match",
          .pod = MakePod()
                     .Name("pod")
                     .RequiredTerm({}, {Req(kObjectNameField, "In", {"node1"})})
                     .RequiredTerm({Req("foo", "In", {"not-match-to-bar"})})
                     .Obj(),
          .labels = {{"foo", "bar"}},
          .nodeName = "node2",
          .wantStatus = unschedulablePod,
      },
      {
          .name = "Pod with two terms of node.Name affinity",
          .pod = MakePod()
                     .Name("pod")
                     .RequiredTerm({}, {Req(kObjectNameField, "In", {"node1"})})
                     .RequiredTerm({}, {Req(kObjectNameField, "In", {"node2"})})
                     .Obj(),
          .nodeName = "node2",
          .wantPreFilterResult = std::set<std::string>{"node1", "node2"},
      },
      {
          .name = "Pod with two conflicting mach field requirements",
          .pod = MakePod()
                     .Name("pod")
                     .RequiredTerm({}, {Req(kObjectNameField, "In", {"node1"}), Req(kObjectNameField, "In", {"node2"})})
                     .Obj(),
          .labels = {{"foo", "bar"}},
          .nodeName = "node2",
          .wantStatus = unschedulablePod,
          .wantPreFilterStatus = {Code::UnschedulableAndUnresolvable, errReasonConflict},
      },
      {
          .name = "Matches added affinity and Pod's node affinity",
          .pod = MakePod().Name("pod").RequiredTerm({Req("zone", "In", {"foo"})}).Obj(),
          .labels = {{"zone", "foo"}},
          .nodeName = "node2",
          .args = AddedRequired({{}, {Req(kObjectNameField, "In", {"node2"})}}),
      },
      {
          .name = "Matches added affinity but not Pod's node affinity",
          .pod = MakePod().Name("pod").RequiredTerm({Req("zone", "In", {"bar"})}).Obj(),
          .labels = {{"zone", "foo"}},
          .nodeName = "node2",
          .wantStatus = unschedulablePod,
          .args = AddedRequired({{}, {Req(kObjectNameField, "In", {"node2"})}}),
      },
      {
          .name = "Doesn't match added affinity",
          .pod = MakePod().Name("pod").Obj(),
          .labels = {{"zone", "foo"}},
          .nodeName = "node2",
          .wantStatus = {Code::UnschedulableAndUnresolvable, std::string(plugins::NodeAffinity::kErrReasonEnforced)},
          .args = AddedRequired({{Req("zone", "In", {"bar"})}, {}}),
      },
      {
          .name = "Matches node selector correctly even if PreFilter is not called",
          .pod = MakePod().Name("pod").NodeSelector({{"foo", "bar"}}).Obj(),
          .labels = {{"foo", "bar"}, {"baz", "blah"}},
          .runPreFilter = false,
      },
      {
          .name = "Matches node affinity correctly even if PreFilter is not called",
          .pod = MakePod().Name("pod").RequiredTerm({Req("GPU", "Exists"), Req("GPU", "NotIn", {"AMD", "INTER"})}).Obj(),
          .labels = {{"GPU", "NVIDIA-GRID-K1"}},
          .runPreFilter = false,
      },
  };

  return tests;
}

void RunNodeAffinityCase(const FilterCase& test) {
  std::vector<v1::Node> nodes;
  v1::Node node = MakeNode().Name(test.nodeName).Obj();
  node.metadata.labels = test.labels;
  nodes.push_back(node);
  if (test.wantPreFilterResult) {
    for (const auto& n : *test.wantPreFilterResult)
      if (n != test.nodeName) nodes.push_back(MakeNode().Name(n).Obj());
  }
  PluginHarness h(nodes, {}, test.pod, Factory(test.args));

  if (test.runPreFilter) {
    PreFilterResult result;
    Status gotPreFilter = h.PreFilter(&result);
    ExpectStatus(gotPreFilter, test.wantPreFilterStatus, "PreFilter");
    std::optional<std::set<std::string>> gotNames;
    if (result.nodeNames) gotNames.emplace(result.nodeNames->begin(), result.nodeNames->end());
    EXPECT_EQ(gotNames, test.wantPreFilterResult) << "unexpected PreFilterResult";
  }
  Status got = h.Filter(test.nodeName);
  ExpectStatus(got, test.wantStatus, "Filter");
}

TEST(NodeAffinityTest, TestNodeAffinity) {
  for (const auto& test : NodeAffinityCases()) {
    SCOPED_TRACE(test.name);
    RunNodeAffinityCase(test);
  }
}

struct ScoreCase {
  std::string name;
  v1::Pod pod;
  std::vector<v1::Node> nodes;
  std::vector<std::pair<std::string, int64_t>> expectedList;
  bool runPreScore = false;
  WantStatus wantPreScoreStatus;
  config::NodeAffinityArgs args;
};

std::vector<ScoreCase> NodeAffinityPriorityCases() {
  const v1::LabelMap label1 = {{"foo", "bar"}};
  const v1::LabelMap label2 = {{"key", "value"}};
  const v1::LabelMap label3 = {{"az", "az1"}};
  const v1::LabelMap label4 = {{"abc", "az11"}, {"def", "az22"}};
  const v1::LabelMap label5 = {{"foo", "bar"}, {"key", "value"}, {"az", "az1"}};

  auto node = [](const std::string& name, const v1::LabelMap& labels) {
    v1::Node n = MakeNode().Name(name).Obj();
    n.metadata.labels = labels;
    return n;
  };
  // affinity1 / affinity2 of upstream.
  auto withAffinity1 = [](testing::PodWrapper w) { return w.PreferredTerm(2, {Req("foo", "In", {"bar"})}); };
  auto withAffinity2 = [](testing::PodWrapper w) {
    return w.PreferredTerm(2, {Req("foo", "In", {"bar"})})
        .PreferredTerm(4, {Req("key", "In", {"value"})})
        .PreferredTerm(5, {Req("foo", "In", {"bar"}), Req("key", "In", {"value"}), Req("az", "In", {"az1"})});
  };

  std::vector<ScoreCase> tests = {
      {
          .name = "all nodes are same priority as NodeAffinity is nil",
          .pod = MakePod().Name("pod").Obj(),
          .nodes = {node("node1", label1), node("node2", label2), node("node3", label3)},
          .expectedList = {{"node1", 0}, {"node2", 0}, {"node3", 0}},
      },
      {
          // PreScore returns Skip.
          .name = "Skip is returned in PreScore when NodeAffinity is nil",
          .pod = MakePod().Name("pod").Obj(),
          .nodes = {node("node1", label1)},
          .runPreScore = true,
          .wantPreScoreStatus = {Code::Skip, ""},
      },
      {
          .name = "PreScore returns error when an incoming Pod has a broken affinity",
          .pod = MakePod().Name("pod").PreferredTerm(2, {Req("invalid key", "In", {"bar"})}).Obj(),
          .nodes = {node("node1", label1)},
          .runPreScore = true,
          .wantPreScoreStatus = {Code::Error,
                                 "[0].matchExpressions[0].key: Invalid value: \"invalid key\": name part must consist "
                                 "of alphanumeric characters, '-', '_' or '.', and must start and end with an "
                                 "alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for "
                                 "validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"},
      },
      {
          .name = "no node matches preferred scheduling requirements in NodeAffinity of pod so all nodes' priority "
                  "is zero",
          .pod = withAffinity1(MakePod().Name("pod")).Obj(),
          .nodes = {node("node1", label4), node("node2", label2), node("node3", label3)},
          .expectedList = {{"node1", 0}, {"node2", 0}, {"node3", 0}},
          .runPreScore = true,
      },
      {
          .name = "only node1 matches the preferred scheduling requirements of pod",
          .pod = withAffinity1(MakePod().Name("pod")).Obj(),
          .nodes = {node("node1", label1), node("node2", label2), node("node3", label3)},
          .expectedList = {{"node1", kMaxNodeScore}, {"node2", 0}, {"node3", 0}},
          .runPreScore = true,
      },
      {
          .name = "all nodes matches the preferred scheduling requirements of pod but with different priorities ",
          .pod = withAffinity2(MakePod().Name("pod")).Obj(),
          .nodes = {node("node1", label1), node("node5", label5), node("node2", label2)},
          .expectedList = {{"node1", 18}, {"node5", kMaxNodeScore}, {"node2", 36}},
          .runPreScore = true,
      },
      {
          .name = "added affinity",
          .pod = MakePod().Name("pod").Obj(),
          .nodes = {node("node1", label1), node("node2", label2)},
          .expectedList = {{"node1", kMaxNodeScore}, {"node2", 0}},
          .runPreScore = true,
          .args = AddedPreferred(withAffinity1(MakePod().Name("holder")).Obj()),
      },
      {
          .name = "added affinity and pod has default affinity",
          .pod = withAffinity1(MakePod().Name("pod")).Obj(),
          .nodes = {node("node1", label1), node("node2", label2), node("node3", label5)},
          .expectedList = {{"node1", 40}, {"node2", 60}, {"node3", kMaxNodeScore}},
          .runPreScore = true,
          .args = AddedPreferred(MakePod().Name("holder").PreferredTerm(3, {Req("key", "In", {"value"})}).Obj()),
      },
      {
          // Upstream runs PreScore in this case too (runPreScore: true), despite its name.
          .name = "calculate the priorities correctly even if PreScore is not called",
          .pod = withAffinity2(MakePod().Name("pod")).Obj(),
          .nodes = {node("node1", label1), node("node5", label5), node("node2", label2)},
          .expectedList = {{"node1", 18}, {"node5", kMaxNodeScore}, {"node2", 36}},
          .runPreScore = true,
      },
  };

  return tests;
}

void RunNodeAffinityPriorityCase(const ScoreCase& test) {
  PluginHarness h(test.nodes, {}, test.pod, Factory(test.args));
  auto& plugin = dynamic_cast<plugins::NodeAffinity&>(h.plugin());
  std::vector<NodeIndex> all;
  for (const auto& n : h.cluster().nodes()) all.push_back(n.index);

  if (test.runPreScore) {
    Status status = plugin.PreScore(h.state(), h.pod(), all, nullptr);
    ExpectStatus(status, test.wantPreScoreStatus, "PreScore");
    if (!status.IsSuccess()) return;  // no need to proceed.
  }
  std::vector<NodeScore> gotList;
  for (NodeIndex n : all) {
    NodeScore ns{n, 0};
    Status status = plugin.Score(h.state(), h.pod(), h.cluster().node(n), ns.score);
    EXPECT_TRUE(status.IsSuccess()) << "unexpected error: " << status.Message();
    gotList.push_back(ns);
  }
  Status status = plugin.NormalizeScore(h.state(), h.pod(), gotList);
  EXPECT_TRUE(status.IsSuccess()) << "unexpected error: " << status.Message();

  std::vector<std::pair<std::string, int64_t>> got;
  for (const auto& ns : gotList) got.emplace_back(h.cluster().node(ns.node).name, ns.score);
  EXPECT_EQ(got, test.expectedList);
}

TEST(NodeAffinityTest, TestNodeAffinityPriority) {
  for (const auto& test : NodeAffinityPriorityCases()) {
    SCOPED_TRACE(test.name);
    RunNodeAffinityPriorityCase(test);
  }
}

TEST(NodeAffinityTest, ErrReasonsMatchUpstream) {
  EXPECT_EQ(plugins::NodeAffinity::kErrReasonPod, "node(s) didn't match Pod's node affinity/selector");
  EXPECT_EQ(plugins::NodeAffinity::kErrReasonConflict, "pod affinity terms conflict");
}

// spreadlab: ExplainScore, the preferred terms the node matches and NormalizeScore's max.
TEST(NodeAffinityTest, ExplainScore) {
  const std::vector<v1::Node> nodes = {MakeNode().Name("node1").Label("foo", "bar").Obj(),
                                       MakeNode().Name("node2").Label("foo", "bar").Label("key", "value").Obj(),
                                       MakeNode().Name("node3").Obj()};
  const v1::Pod pod =
      MakePod().Name("pod").PreferredTerm(2, {Req("foo", "In", {"bar"})}).PreferredTerm(4, {Req("key", "In", {"value"})}).Obj();
  struct Case {
    std::string name;
    config::NodeAffinityArgs args;
    std::string node, score, normalize;
    int64_t raw = 0, normalized = 0;
  };
  const std::vector<Case> tests = {
      {"the pod's terms", {}, "node1",
       "foo in (bar) (weight 2) matches, key in (value) (weight 4) does not match; sum of the matching weights 2",
       "s x 100 / max = 2 x 100 / 6 = 33 (max 6 over the 3 nodes)", 2, 33},
      {"the profile's addedAffinity terms first",
       AddedPreferred(MakePod().Name("holder").PreferredTerm(3, {Req("az", "In", {"az1"})}).Obj()), "node2",
       "addedAffinity az in (az1) (weight 3) does not match, foo in (bar) (weight 2) matches, key in (value) "
       "(weight 4) matches; sum of the matching weights 6",
       "s x 100 / max = 6 x 100 / 6 = 100 (max 6 over the 3 nodes)", 6, 100},
  };
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    PluginHarness h(nodes, {}, pod, Factory(test.args));
    const testing::Explained e = testing::ExplainNode(h, {"node1", "node2", "node3"}, test.node);
    EXPECT_EQ(e.x.score, test.score);
    EXPECT_EQ(e.x.normalize, test.normalize);
    EXPECT_EQ(e.raw, test.raw);
    EXPECT_EQ(e.normalized, test.normalized);
  }
}

}  // namespace
}  // namespace spreadlab
