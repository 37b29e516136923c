// InterPodAffinity PreFilter/Filter, ported from upstream Kubernetes:
//   kubernetes/kubernetes pkg/scheduler/framework/plugins/interpodaffinity/filtering_test.go
//   at commit 072825f9a367e9ca0f73f91830945f1b7f46e0d9 (the newest version of the test in the index).
// The plugin follows filtering.go as of the InterPodAffinityHostnameFastPath change
// (kubernetes/kubernetes, 1.37), with that alpha gate off as it is by default.
// Ported: TestRequiredAffinitySingleNode, TestRequiredAffinityMultipleNodes, TestPreFilterDisabled,
// TestGetTPMapMatchingIncomingAffinityAntiAffinity (through the plugin's report of preFilterState), and
// TestPreFilterStateAddRemovePod as far as it checks PreFilter: the state PreFilter computes with the added
// pod already bound must have the expected counts (AddPod/RemovePod, the preemption extensions, are not modelled).
// Not ported: TestPreFilterStateClone (CycleState data is not cloned here); the two cases "PodAffinity fails
// PreFilter with an invalid affinity label syntax" / "PodAntiAffinity fails PreFilter with an invalid
// antiaffinity label syntax" (an invalid label value is a scenario validation error here, the plugin never
// sees one).
// Upstream's namespace "" is spreadlab's "default"; the namespaces upstream registers with the informer
// are given as Scenario::namespaces.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "core/plugins/interpodaffinity/plugin.h"
#include "testing/harness.h"
#include "plugins/interpodaffinity_test_util.h"
#include "testing/wrappers.h"

namespace {

using namespace spreadlab;
namespace st = spreadlab::testing;
using plugins::InterPodAffinity;


const std::string defaultNamespace = "default";

using namespace st::interpodaffinity;

// createPodWithAffinityTerms: podAffinity and podAntiAffinity are both set, possibly without terms.
v1::Pod CreatePodWithAffinityTerms(std::string ns, std::string nodeName, v1::LabelMap labels,
                                   std::vector<v1::PodAffinityTerm> affinity,
                                   std::vector<v1::PodAffinityTerm> antiAffinity) {
  v1::Pod p = st::MakePod().Namespace(std::move(ns)).Labels(labels).Node(std::move(nodeName)).Obj();
  p.spec.affinity.emplace();
  p.spec.affinity->podAffinity.emplace();
  p.spec.affinity->podAffinity->requiredDuringSchedulingIgnoredDuringExecution = std::move(affinity);
  p.spec.affinity->podAntiAffinity.emplace();
  p.spec.affinity->podAntiAffinity->requiredDuringSchedulingIgnoredDuringExecution = std::move(antiAffinity);
  return p;
}

// A pod given as v1.Pod{ObjectMeta: {Namespace, Labels}, Spec: {NodeName}}.
v1::Pod PlainPod(std::string ns, std::string nodeName, v1::LabelMap labels) {
  return st::MakePod().Namespace(std::move(ns)).Node(std::move(nodeName)).Labels(labels).Obj();
}

v1::Node NodeWithLabels(std::string name, const v1::LabelMap& labels) {
  st::NodeWrapper n = st::MakeNode().Name(std::move(name));
  for (const auto& [k, v] : labels) n.Label(k, v);
  return n.Obj();
}

// A Filter status as upstream writes it: nil, or a code with one of the three reasons.
struct WantStatus {
  Code code = Code::Success;
  std::string reason{};
};
const WantStatus kOk{};
const WantStatus kAffinityNotMatch{Code::UnschedulableAndUnresolvable,
                                   std::string(InterPodAffinity::kErrReasonAffinityRulesNotMatch)};
const WantStatus kAntiAffinityNotMatch{Code::Unschedulable,
                                       std::string(InterPodAffinity::kErrReasonAntiAffinityRulesNotMatch)};
const WantStatus kExistingAntiAffinityNotMatch{
    Code::Unschedulable, std::string(InterPodAffinity::kErrReasonExistingAntiAffinityRulesNotMatch)};

void ExpectStatus(const Status& got, const WantStatus& want) {
  EXPECT_EQ(CodeName(got.code), CodeName(want.code));
  EXPECT_EQ(std::string(got.Message()), want.reason);
}

using CountMap = std::map<std::pair<std::string, std::string>, int64_t>;

CountMap ToMap(const std::vector<std::tuple<std::string, std::string, int64_t>>& v) {
  CountMap m;
  for (const auto& [k, val, c] : v) m[{k, val}] = c;
  return m;
}

// What PreFilter (and PreScore) wrote into the harness's trace.
const InterPodAffinityReport& Report(st::PluginHarness& h) {
  EXPECT_TRUE(h.trace().interPodAffinity.has_value());
  static const InterPodAffinityReport kNone;
  return h.trace().interPodAffinity ? *h.trace().interPodAffinity : kNone;
}

// ---------------------------------------------------------------------------------------------
// TestRequiredAffinitySingleNode

struct SingleNodeCase {
  std::string name{};
  v1::Pod pod{};
  std::vector<v1::Pod> pods{};
  v1::Node node{};
  Code wantPreFilterStatus = Code::Success;
  WantStatus wantFilterStatus{};
};

TEST(InterPodAffinityFiltering, TestRequiredAffinitySingleNode) {
  const v1::LabelMap podLabel = {{"service", "securityscan"}};
  const v1::Pod pod = st::MakePod().Labels(podLabel).Node("node1").Obj();
  const v1::LabelMap labels1 = {{"region", "r1"}, {"zone", "z11"}};
  const v1::LabelMap podLabel2 = {{"security", "S1"}};
  const v1::Node node1 = NodeWithLabels("node1", labels1);
  const v1::LabelSelector team1 = {{}, {Req("team", "In", {"team1"})}};

  const std::vector<SingleNodeCase> tests = {
      {
          .name = "A pod that has no required pod affinity scheduling rules can schedule onto a node with no existing pods",
          .pod = st::MakePod().Obj(),
          .node = node1,
          .wantPreFilterStatus = Code::Skip,
      },
      {
          .name = "satisfies with requiredDuringSchedulingIgnoredDuringExecution in PodAffinity using In operator that matches the existing pod",
          .pod = st::MakePod().Namespace(defaultNamespace).Labels(podLabel2)
                     .PodAffinityIn("service", "region", {"securityscan", "value2"}, st::PodAffinityWithRequiredReq).Obj(),
          .pods = {pod},
          .node = node1,
      },
      {
          .name = "satisfies the pod with requiredDuringSchedulingIgnoredDuringExecution in PodAffinity using not in operator in labelSelector that matches the existing pod",
          .pod = st::MakePod().Namespace(defaultNamespace).Labels(podLabel2)
                     .PodAffinityNotIn("service", "region", {"securityscan3", "value3"}, st::PodAffinityWithRequiredReq).Obj(),
          .pods = {pod},
          .node = node1,
      },
      {
          .name = "Does not satisfy the PodAffinity with labelSelector because of diff Namespace",
          .pod = CreatePodWithAffinityTerms(defaultNamespace, "", podLabel2,
                                            {Term({Req("service", "In", {"securityscan", "value2"})}, "", {"DiffNameSpace"})},
                                            {}),
          .pods = {st::MakePod().Namespace("ns").Label("service", "securityscan").Node("node1").Obj()},
          .node = node1,
          .wantFilterStatus = kAffinityNotMatch,
      },
      {
          .name = "Doesn't satisfy the PodAffinity because of unmatching labelSelector with the existing pod",
          .pod = st::MakePod().Namespace(defaultNamespace).Labels(podLabel)
                     .PodAffinityIn("service", "", {"antivirusscan", "value2"}, st::PodAffinityWithRequiredReq).Obj(),
          .pods = {pod},
          .node = node1,
          .wantFilterStatus = kAffinityNotMatch,
      },
      {
          .name = "satisfies the PodAffinity with different label Operators in multiple RequiredDuringSchedulingIgnoredDuringExecution ",
          .pod = CreatePodWithAffinityTerms(
              defaultNamespace, "", podLabel2,
              {Term({Req("service", "Exists"), Req("wrongkey", "DoesNotExist")}, "region"),
               Term({Req("service", "In", {"securityscan"}), Req("service", "NotIn", {"WrongValue"})}, "region")},
              {}),
          .pods = {pod},
          .node = node1,
      },
      {
          .name = "The labelSelector requirements(items of matchExpressions) are ANDed, the pod cannot schedule onto the node because one of the matchExpression item don't match.",
          .pod = CreatePodWithAffinityTerms(
              defaultNamespace, "", podLabel2,
              {Term({Req("service", "Exists"), Req("wrongkey", "DoesNotExist")}, "region"),
               Term({Req("service", "In", {"securityscan2"}), Req("service", "NotIn", {"WrongValue"})}, "region")},
              {}),
          .pods = {pod},
          .node = node1,
          .wantFilterStatus = kAffinityNotMatch,
      },
      {
          .name = "satisfies the PodAffinity and PodAntiAffinity with the existing pod",
          .pod = st::MakePod().Namespace(defaultNamespace).Labels(podLabel2)
                     .PodAffinityIn("service", "region", {"securityscan", "value2"}, st::PodAffinityWithRequiredReq)
                     .PodAntiAffinityIn("service", "node", {"antivirusscan", "value2"}, st::PodAntiAffinityWithRequiredReq)
                     .Obj(),
          .pods = {pod},
          .node = node1,
      },
      {
          .name = "satisfies the PodAffinity and PodAntiAffinity and PodAntiAffinity symmetry with the existing pod",
          .pod = st::MakePod().Namespace(defaultNamespace).Labels(podLabel2)
                     .PodAffinityIn("service", "region", {"securityscan", "value2"}, st::PodAffinityWithRequiredReq)
                     .PodAntiAffinityIn("service", "node", {"antivirusscan", "value2"}, st::PodAntiAffinityWithRequiredReq)
                     .Obj(),
          .pods = {st::MakePod().Namespace(defaultNamespace).Node("node1").Labels(podLabel)
                       .PodAntiAffinityIn("service", "node", {"antivirusscan", "value2"}, st::PodAntiAffinityWithRequiredReq)
                       .Obj()},
          .node = node1,
      },
      {
          .name = "satisfies the PodAffinity but doesn't satisfy the PodAntiAffinity with the existing pod",
          .pod = st::MakePod().Namespace(defaultNamespace).Labels(podLabel2)
                     .PodAffinityIn("service", "region", {"securityscan", "value2"}, st::PodAffinityWithRequiredReq)
                     .PodAntiAffinityIn("service", "zone", {"securityscan", "value2"}, st::PodAntiAffinityWithRequiredReq)
                     .Obj(),
          .pods = {pod},
          .node = node1,
          .wantFilterStatus = kAntiAffinityNotMatch,
      },
      {
          .name = "satisfies the PodAffinity and PodAntiAffinity but doesn't satisfy PodAntiAffinity symmetry with the existing pod",
          .pod = st::MakePod().Namespace(defaultNamespace).Labels(podLabel)
                     .PodAffinityIn("service", "region", {"securityscan", "value2"}, st::PodAffinityWithRequiredReq)
                     .PodAntiAffinityIn("service", "node", {"antivirusscan", "value2"}, st::PodAntiAffinityWithRequiredReq)
                     .Obj(),
          .pods = {st::MakePod().Namespace(defaultNamespace).Labels(podLabel).Node("node1")
                       .PodAntiAffinityIn("service", "zone", {"securityscan", "value2"}, st::PodAntiAffinityWithRequiredReq)
                       .Obj()},
          .node = node1,
          .wantFilterStatus = kExistingAntiAffinityNotMatch,
      },
      {
          .name = "pod matches its own Label in PodAffinity and that matches the existing pod Labels",
          .pod = st::MakePod().Namespace(defaultNamespace).Labels(podLabel)
                     .PodAffinityNotIn("service", "region", {"securityscan", "value2"}, st::PodAffinityWithRequiredReq)
                     .Obj(),
          .pods = {st::MakePod().Label("service", "securityscan").Node("node2").Obj()},
          .node = node1,
          .wantFilterStatus = kAffinityNotMatch,
      },
      {
          .name = "verify that PodAntiAffinity from existing pod is respected when pod has no AntiAffinity constraints. doesn't satisfy PodAntiAffinity symmetry with the existing pod",
          .pod = st::MakePod().Labels(podLabel).Obj(),
          .pods = {st::MakePod().Namespace(defaultNamespace).Node("node1").Labels(podLabel)
                       .PodAntiAffinityIn("service", "zone", {"securityscan", "value2"}, st::PodAntiAffinityWithRequiredReq)
                       .Obj()},
          .node = node1,
          .wantFilterStatus = kExistingAntiAffinityNotMatch,
      },
      {
          .name = "verify that PodAntiAffinity from existing pod is respected when pod has no AntiAffinity constraints. satisfy PodAntiAffinity symmetry with the existing pod",
          .pod = st::MakePod().Labels(podLabel).Obj(),
          .pods = {st::MakePod().Namespace(defaultNamespace).Node("node1").Labels(podLabel)
                       .PodAntiAffinityNotIn("service", "zone", {"securityscan", "value2"}, st::PodAntiAffinityWithRequiredReq)
                       .Obj()},
          .node = node1,
          .wantPreFilterStatus = Code::Skip,
      },
      {
          .name = "satisfies the PodAntiAffinity with existing pod but doesn't satisfy PodAntiAffinity symmetry with incoming pod",
          .pod = st::MakePod().Namespace(defaultNamespace).Labels(podLabel)
                     .PodAntiAffinityExists("service", "region", st::PodAntiAffinityWithRequiredReq)
                     .PodAntiAffinityExists("security", "region", st::PodAntiAffinityWithRequiredReq)
                     .Obj(),
          .pods = {st::MakePod().Namespace(defaultNamespace).Node("node1").Labels(podLabel2)
                       .PodAntiAffinityExists("security", "zone", st::PodAntiAffinityWithRequiredReq)
                       .Obj()},
          .node = node1,
          .wantFilterStatus = kAntiAffinityNotMatch,
      },
      {
          .name = "PodAntiAffinity symmetry check a1: incoming pod and existing pod partially match each other on AffinityTerms",
          .pod = st::MakePod().Namespace(defaultNamespace).Labels(podLabel)
                     .PodAntiAffinityExists("service", "zone", st::PodAntiAffinityWithRequiredReq)
                     .PodAntiAffinityExists("security", "zone", st::PodAntiAffinityWithRequiredReq)
                     .Obj(),
          .pods = {st::MakePod().Namespace(defaultNamespace).Node("node1").Labels(podLabel2)
                       .PodAntiAffinityExists("security", "zone", st::PodAntiAffinityWithRequiredReq)
                       .Obj()},
          .node = node1,
          .wantFilterStatus = kAntiAffinityNotMatch,
      },
      {
          .name = "PodAntiAffinity symmetry check a2: incoming pod and existing pod partially match each other on AffinityTerms",
          .pod = st::MakePod().Namespace(defaultNamespace).Labels(podLabel2)
                     .PodAntiAffinityExists("security", "zone", st::PodAntiAffinityWithRequiredReq)
                     .Obj(),
          .pods = {st::MakePod().Namespace(defaultNamespace).Node("node1").Labels(podLabel)
                       .PodAntiAffinityExists("service", "zone", st::PodAntiAffinityWithRequiredReq)
                       .PodAntiAffinityExists("security", "zone", st::PodAntiAffinityWithRequiredReq)
                       .Obj()},
          .node = node1,
          .wantFilterStatus = kExistingAntiAffinityNotMatch,
      },
      {
          .name = "PodAntiAffinity symmetry check b1: incoming pod and existing pod partially match each other on AffinityTerms",
          .pod = st::MakePod().Namespace(defaultNamespace).Labels({{"abc", ""}, {"xyz", ""}})
                     .PodAntiAffinityExists("abc", "zone", st::PodAntiAffinityWithRequiredReq)
                     .PodAntiAffinityExists("def", "zone", st::PodAntiAffinityWithRequiredReq)
                     .Obj(),
          .pods = {st::MakePod().Namespace(defaultNamespace).Node("node1").Labels({{"def", ""}, {"xyz", ""}})
                       .PodAntiAffinityExists("abc", "zone", st::PodAntiAffinityWithRequiredReq)
                       .PodAntiAffinityExists("def", "zone", st::PodAntiAffinityWithRequiredReq)
                       .Obj()},
          .node = node1,
          .wantFilterStatus = kAntiAffinityNotMatch,
      },
      {
          .name = "PodAntiAffinity symmetry check b2: incoming pod and existing pod partially match each other on AffinityTerms",
          .pod = st::MakePod().Namespace(defaultNamespace).Labels({{"def", ""}, {"xyz", ""}})
                     .PodAntiAffinityExists("abc", "zone", st::PodAntiAffinityWithRequiredReq)
                     .PodAntiAffinityExists("def", "zone", st::PodAntiAffinityWithRequiredReq)
                     .Obj(),
          .pods = {st::MakePod().Namespace(defaultNamespace).Node("node1").Labels({{"abc", ""}, {"xyz", ""}})
                       .PodAntiAffinityExists("abc", "zone", st::PodAntiAffinityWithRequiredReq)
                       .PodAntiAffinityExists("def", "zone", st::PodAntiAffinityWithRequiredReq)
                       .Obj()},
          .node = node1,
          .wantFilterStatus = kAntiAffinityNotMatch,
      },
      // "PodAffinity fails PreFilter with an invalid affinity label syntax" and "PodAntiAffinity fails
      // PreFilter with an invalid antiaffinity label syntax": not ported (see the top of the file).
      {
          .name = "affinity with NamespaceSelector",
          .pod = CreatePodWithAffinityTerms(defaultNamespace, "", podLabel2,
                                            {Term({Req("service", "In", {"securityscan", "value2"})}, "region", {}, team1)},
                                            {}),
          .pods = {PlainPod("subteam1.team1", "node1", podLabel)},
          .node = node1,
      },
      {
          .name = "affinity with non-matching NamespaceSelector",
          .pod = CreatePodWithAffinityTerms(defaultNamespace, "", podLabel2,
                                            {Term({Req("service", "In", {"securityscan", "value2"})}, "region", {}, team1)},
                                            {}),
          .pods = {PlainPod("subteam1.team2", "node1", podLabel)},
          .node = node1,
          .wantFilterStatus = kAffinityNotMatch,
      },
      {
          .name = "anti-affinity with matching NamespaceSelector",
          .pod = CreatePodWithAffinityTerms("subteam1.team1", "", podLabel2, {},
                                            {Term({Req("service", "In", {"securityscan", "value2"})}, "zone", {}, team1)}),
          .pods = {PlainPod("subteam2.team1", "node1", podLabel)},
          .node = node1,
          .wantFilterStatus = kAntiAffinityNotMatch,
      },
      {
          .name = "anti-affinity with matching all NamespaceSelector",
          .pod = CreatePodWithAffinityTerms("subteam1.team1", "", podLabel2, {},
                                            {Term({Req("service", "In", {"securityscan", "value2"})}, "zone", {},
                                                  v1::LabelSelector{})}),
          .pods = {PlainPod("subteam2.team1", "node1", podLabel)},
          .node = node1,
          .wantFilterStatus = kAntiAffinityNotMatch,
      },
      {
          .name = "anti-affinity with non-matching NamespaceSelector",
          .pod = CreatePodWithAffinityTerms("subteam1.team1", "", podLabel2, {},
                                            {Term({Req("service", "In", {"securityscan", "value2"})}, "zone", {}, team1)}),
          .pods = {PlainPod("subteam1.team2", "node1", podLabel)},
          .node = node1,
      },
  };

  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    st::PluginHarness h({test.node}, test.pods, test.pod, NewPlugin(), Namespaces());
    Status preFilterStatus = h.PreFilter();
    EXPECT_EQ(CodeName(preFilterStatus.code), CodeName(test.wantPreFilterStatus));
    if (!preFilterStatus.IsSuccess()) continue;
    ExpectStatus(h.Filter(test.node.metadata.name), test.wantFilterStatus);
  }
}

// ---------------------------------------------------------------------------------------------
// TestRequiredAffinityMultipleNodes

struct MultipleNodesCase {
  v1::Pod pod{};
  std::vector<v1::Pod> pods{};
  std::vector<v1::Node> nodes{};
  std::vector<WantStatus> wantFilterStatuses{};
  Code wantPreFilterStatus = Code::Success;
  std::string name{};
};

TEST(InterPodAffinityFiltering, TestRequiredAffinityMultipleNodes) {
  const v1::LabelMap podLabelA = {{"foo", "bar"}};
  const v1::LabelMap labelRgChina = {{"region", "China"}};
  const v1::LabelMap labelRgChinaAzAz1 = {{"region", "China"}, {"az", "az1"}};
  const v1::LabelMap labelRgIndia = {{"region", "India"}};

  const std::vector<MultipleNodesCase> tests = {
      {
          .pod = st::MakePod().Namespace(defaultNamespace).PodAffinityIn("foo", "region", {"bar"}, st::PodAffinityWithRequiredReq).Obj(),
          .pods = {st::MakePod().Name("p1").Node("node1").Labels(podLabelA).Obj()},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgChinaAzAz1),
                    NodeWithLabels("node3", labelRgIndia)},
          .wantFilterStatuses = {kOk, kOk, kAffinityNotMatch},
          .name = "A pod can be scheduled onto all the nodes that have the same topology key & label value with one of them has an existing pod that matches the affinity rules",
      },
      {
          .pod = st::MakePod().Namespace(defaultNamespace).Labels({{"foo", "bar"}, {"service", "securityscan"}})
                     .PodAffinityIn("foo", "zone", {"bar"}, st::PodAffinityWithRequiredReq)
                     .PodAffinityIn("service", "zone", {"securityscan"}, st::PodAffinityWithRequiredReq)
                     .Obj(),
          .pods = {st::MakePod().Name("p1").Node("nodeA").Labels({{"foo", "bar"}}).Obj()},
          .nodes = {NodeWithLabels("nodeA", {{"zone", "az1"}, {"hostname", "h1"}}),
                    NodeWithLabels("nodeB", {{"zone", "az2"}, {"hostname", "h2"}})},
          .wantFilterStatuses = {kOk, kOk},
          .name = "The affinity rule is to schedule all of the pods of this collection to the same zone. The first pod of the collection "
                  "should not be blocked from being scheduled onto any node, even there's no existing pod that matches the rule anywhere.",
      },
      {
          .pod = st::MakePod().Namespace(defaultNamespace).Labels({{"foo", "bar"}, {"service", "securityscan"}})
                     .PodAffinityIn("foo", "zone", {"bar"}, st::PodAffinityWithRequiredReq)
                     .PodAffinityIn("service", "zone", {"securityscan"}, st::PodAffinityWithRequiredReq)
                     .Obj(),
          .pods = {st::MakePod().Name("p1").Node("nodeA").Labels({{"foo", "bar"}}).Obj()},
          .nodes = {NodeWithLabels("nodeA", {{"zoneLabel", "az1"}, {"hostname", "h1"}}),
                    NodeWithLabels("nodeB", {{"zoneLabel", "az2"}, {"hostname", "h2"}})},
          .wantFilterStatuses = {kAffinityNotMatch, kAffinityNotMatch},
          .name = "The first pod of the collection can only be scheduled on nodes labelled with the requested topology keys",
      },
      {
          .pod = st::MakePod().Namespace(defaultNamespace).PodAntiAffinityIn("foo", "region", {"abc"}, st::PodAntiAffinityWithRequiredReq).Obj(),
          .pods = {st::MakePod().Node("nodeA").Labels({{"foo", "abc"}}).Obj()},
          .nodes = {NodeWithLabels("nodeA", {{"region", "r1"}, {"hostname", "nodeA"}}),
                    NodeWithLabels("nodeB", {{"region", "r1"}, {"hostname", "nodeB"}})},
          .wantFilterStatuses = {kAntiAffinityNotMatch, kAntiAffinityNotMatch},
          .name = "NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA and nodeB.",
      },
      {
          .pod = st::MakePod().Namespace(defaultNamespace)
                     .PodAntiAffinityIn("foo", "region", {"abc"}, st::PodAntiAffinityWithRequiredReq)
                     .PodAntiAffinityIn("service", "zone", {"securityscan"}, st::PodAntiAffinityWithRequiredReq)
                     .Obj(),
          .pods = {st::MakePod().Node("nodeA").Labels({{"foo", "abc"}, {"service", "securityscan"}}).Obj()},
          .nodes = {NodeWithLabels("nodeA", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}}),
                    NodeWithLabels("nodeB", {{"region", "r1"}, {"zone", "z2"}, {"hostname", "nodeB"}})},
          .wantFilterStatuses = {kAntiAffinityNotMatch, kAntiAffinityNotMatch},
          .name = "This test ensures that anti-affinity matches a pod when any term of the anti-affinity rule matches a pod.",
      },
      {
          .pod = st::MakePod().Namespace(defaultNamespace).PodAntiAffinityIn("foo", "region", {"abc"}, st::PodAntiAffinityWithRequiredReq).Obj(),
          .pods = {st::MakePod().Node("nodeA").Labels({{"foo", "abc"}}).Obj()},
          .nodes = {NodeWithLabels("nodeA", labelRgChina), NodeWithLabels("nodeB", labelRgChinaAzAz1),
                    NodeWithLabels("nodeC", labelRgIndia)},
          .wantFilterStatuses = {kAntiAffinityNotMatch, kAntiAffinityNotMatch, kOk},
          .name = "NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA and nodeB but can be scheduled onto nodeC",
      },
      {
          .pod = st::MakePod().Namespace("NS1").Labels({{"foo", "123"}})
                     .PodAntiAffinityIn("foo", "region", {"bar"}, st::PodAntiAffinityWithRequiredReq).Obj(),
          .pods = {st::MakePod().Node("nodeA").Namespace("NS1").Labels({{"foo", "bar"}}).Obj(),
                   st::MakePod().Node("nodeC").Namespace("NS2")
                       .PodAntiAffinityIn("foo", "region", {"123"}, st::PodAntiAffinityWithRequiredReq).Obj()},
          .nodes = {NodeWithLabels("nodeA", labelRgChina), NodeWithLabels("nodeB", labelRgChinaAzAz1),
                    NodeWithLabels("nodeC", labelRgIndia)},
          .wantFilterStatuses = {kAntiAffinityNotMatch, kAntiAffinityNotMatch, kOk},
          .name = "NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA, nodeB, but can be scheduled onto nodeC (NodeC has an existing pod that match the inter pod affinity rule but in different namespace)",
      },
      {
          .pod = st::MakePod().Label("foo", "").Obj(),
          .pods = {st::MakePod().Node("nodeA").Namespace(defaultNamespace)
                       .PodAntiAffinityExists("foo", "invalid-node-label", st::PodAntiAffinityWithRequiredReq).Obj()},
          .nodes = {NodeWithLabels("nodeA", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}}),
                    NodeWithLabels("nodeB", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeB"}})},
          .wantFilterStatuses = {kOk, kOk},
          .wantPreFilterStatus = Code::Skip,
          .name = "Test existing pod's anti-affinity: if an existing pod has a term with invalid topologyKey, labelSelector of the term is firstly checked, and then topologyKey of the term is also checked",
      },
      {
          .pod = st::MakePod().Node("nodeA").Namespace(defaultNamespace)
                     .PodAntiAffinityExists("foo", "invalid-node-label", st::PodAntiAffinityWithRequiredReq).Obj(),
          .pods = {st::MakePod().Node("nodeA").Labels({{"foo", ""}}).Obj()},
          .nodes = {NodeWithLabels("nodeA", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}}),
                    NodeWithLabels("nodeB", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeB"}})},
          .wantFilterStatuses = {kOk, kOk},
          .name = "Test incoming pod's anti-affinity: even if labelSelector matches, we still check if topologyKey matches",
      },
      {
          .pod = st::MakePod().Label("foo", "").Label("bar", "").Obj(),
          .pods = {st::MakePod().Node("nodeA").Namespace(defaultNamespace)
                       .PodAntiAffinityExists("foo", "zone", st::PodAntiAffinityWithRequiredReq).Obj(),
                   st::MakePod().Node("nodeA").Namespace(defaultNamespace)
                       .PodAntiAffinityExists("bar", "region", st::PodAntiAffinityWithRequiredReq).Obj()},
          .nodes = {NodeWithLabels("nodeA", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}}),
                    NodeWithLabels("nodeB", {{"region", "r1"}, {"zone", "z2"}, {"hostname", "nodeB"}})},
          .wantFilterStatuses = {kExistingAntiAffinityNotMatch, kExistingAntiAffinityNotMatch},
          .name = "Test existing pod's anti-affinity: incoming pod wouldn't considered as a fit as it violates each existingPod's terms on all nodes",
      },
      {
          .pod = st::MakePod().Namespace(defaultNamespace)
                     .PodAntiAffinityExists("foo", "zone", st::PodAntiAffinityWithRequiredReq)
                     .PodAntiAffinityExists("bar", "region", st::PodAntiAffinityWithRequiredReq).Obj(),
          .pods = {st::MakePod().Node("nodeA").Labels({{"foo", ""}}).Obj(),
                   st::MakePod().Node("nodeB").Labels({{"bar", ""}}).Obj()},
          .nodes = {NodeWithLabels("nodeA", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}}),
                    NodeWithLabels("nodeB", {{"region", "r1"}, {"zone", "z2"}, {"hostname", "nodeB"}})},
          .wantFilterStatuses = {kAntiAffinityNotMatch, kAntiAffinityNotMatch},
          .name = "Test incoming pod's anti-affinity: incoming pod wouldn't considered as a fit as it at least violates one anti-affinity rule of existingPod",
      },
      {
          .pod = st::MakePod().Label("foo", "").Label("bar", "").Obj(),
          .pods = {st::MakePod().Node("nodeA").Namespace(defaultNamespace)
                       .PodAntiAffinityExists("foo", "invalid-node-label", st::PodAntiAffinityWithRequiredReq)
                       .PodAntiAffinityExists("bar", "zone", st::PodAntiAffinityWithRequiredReq).Obj()},
          .nodes = {NodeWithLabels("nodeA", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}}),
                    NodeWithLabels("nodeB", {{"region", "r1"}, {"zone", "z2"}, {"hostname", "nodeB"}})},
          .wantFilterStatuses = {kExistingAntiAffinityNotMatch, kOk},
          .name = "Test existing pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when one term has invalid topologyKey",
      },
      {
          .pod = st::MakePod().Namespace(defaultNamespace)
                     .PodAntiAffinityExists("foo", "invalid-node-label", st::PodAntiAffinityWithRequiredReq)
                     .PodAntiAffinityExists("bar", "zone", st::PodAntiAffinityWithRequiredReq).Obj(),
          .pods = {st::MakePod().Name("podA").Node("nodeA").Labels({{"foo", ""}, {"bar", ""}}).Obj()},
          .nodes = {NodeWithLabels("nodeA", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}}),
                    NodeWithLabels("nodeB", {{"region", "r1"}, {"zone", "z2"}, {"hostname", "nodeB"}})},
          .wantFilterStatuses = {kAntiAffinityNotMatch, kOk},
          .name = "Test incoming pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when one term has invalid topologyKey",
      },
      {
          .pod = st::MakePod().Label("foo", "").Label("bar", "").Obj(),
          .pods = {st::MakePod().Namespace(defaultNamespace).Node("nodeA")
                       .PodAntiAffinityExists("foo", "region", st::PodAntiAffinityWithRequiredReq)
                       .PodAntiAffinityExists("bar", "zone", st::PodAntiAffinityWithRequiredReq).Obj()},
          .nodes = {NodeWithLabels("nodeA", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}}),
                    NodeWithLabels("nodeB", {{"region", "r1"}, {"zone", "z2"}, {"hostname", "nodeB"}})},
          .wantFilterStatuses = {kExistingAntiAffinityNotMatch, kExistingAntiAffinityNotMatch},
          .name = "Test existing pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when all terms have valid topologyKey",
      },
      {
          .pod = st::MakePod().Namespace(defaultNamespace)
                     .PodAntiAffinityExists("foo", "region", st::PodAntiAffinityWithRequiredReq)
                     .PodAntiAffinityExists("bar", "zone", st::PodAntiAffinityWithRequiredReq).Obj(),
          .pods = {st::MakePod().Node("nodeA").Labels({{"foo", ""}, {"bar", ""}}).Obj()},
          .nodes = {NodeWithLabels("nodeA", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}}),
                    NodeWithLabels("nodeB", {{"region", "r1"}, {"zone", "z2"}, {"hostname", "nodeB"}})},
          .wantFilterStatuses = {kAntiAffinityNotMatch, kAntiAffinityNotMatch},
          .name = "Test incoming pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when all terms have valid topologyKey",
      },
      {
          .pod = st::MakePod().Label("foo", "").Label("bar", "").Obj(),
          .pods = {st::MakePod().Node("nodeA").Namespace(defaultNamespace)
                       .PodAntiAffinityExists("foo", "zone", st::PodAntiAffinityWithRequiredReq)
                       .PodAntiAffinityExists("labelA", "zone", st::PodAntiAffinityWithRequiredReq).Obj(),
                   st::MakePod().Node("nodeB").Namespace(defaultNamespace)
                       .PodAntiAffinityExists("bar", "zone", st::PodAntiAffinityWithRequiredReq)
                       .PodAntiAffinityExists("labelB", "zone", st::PodAntiAffinityWithRequiredReq).Obj()},
          .nodes = {NodeWithLabels("nodeA", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}}),
                    NodeWithLabels("nodeB", {{"region", "r1"}, {"zone", "z2"}, {"hostname", "nodeB"}}),
                    NodeWithLabels("nodeC", {{"region", "r1"}, {"zone", "z3"}, {"hostname", "nodeC"}})},
          .wantFilterStatuses = {kExistingAntiAffinityNotMatch, kExistingAntiAffinityNotMatch, kOk},
          .name = "Test existing pod's anti-affinity: existingPod on nodeA and nodeB has at least one anti-affinity term matches incoming pod, so incoming pod can only be scheduled to nodeC",
      },
      {
          .pod = st::MakePod().Namespace(defaultNamespace)
                     .PodAffinityExists("foo", "region", st::PodAffinityWithRequiredReq)
                     .PodAffinityExists("bar", "zone", st::PodAffinityWithRequiredReq).Obj(),
          .pods = {st::MakePod().Name("pod1").Labels({{"foo", ""}, {"bar", ""}}).Node("nodeA").Obj()},
          .nodes = {NodeWithLabels("nodeA", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}}),
                    NodeWithLabels("nodeB", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeB"}})},
          .wantFilterStatuses = {kOk, kOk},
          .name = "Test incoming pod's affinity: firstly check if all affinityTerms match, and then check if all topologyKeys match",
      },
      {
          .pod = st::MakePod().Namespace(defaultNamespace)
                     .PodAffinityExists("foo", "region", st::PodAffinityWithRequiredReq)
                     .PodAffinityExists("bar", "zone", st::PodAffinityWithRequiredReq).Obj(),
          .pods = {st::MakePod().Node("nodeA").Name("pod1").Namespace(defaultNamespace).Labels({{"foo", ""}}).Obj(),
                   st::MakePod().Node("nodeB").Name("pod2").Namespace(defaultNamespace).Labels({{"bar", ""}}).Obj()},
          .nodes = {NodeWithLabels("nodeA", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}}),
                    NodeWithLabels("nodeB", {{"region", "r1"}, {"zone", "z2"}, {"hostname", "nodeB"}})},
          .wantFilterStatuses = {kAffinityNotMatch, kAffinityNotMatch},
          .name = "Test incoming pod's affinity: firstly check if all affinityTerms match, and then check if all topologyKeys match, and the match logic should be satisfied on the same pod",
      },
  };

  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    Scenario extra;
    extra.namespaces = {MakeNamespace("NS1")};
    st::PluginHarness h(test.nodes, test.pods, test.pod, NewPlugin(), extra);
    Status preFilterStatus = h.PreFilter();
    EXPECT_EQ(CodeName(preFilterStatus.code), CodeName(test.wantPreFilterStatus));
    if (preFilterStatus.IsSkip()) continue;
    ASSERT_EQ(test.nodes.size(), test.wantFilterStatuses.size());
    for (size_t i = 0; i < test.nodes.size(); ++i) {
      SCOPED_TRACE("node " + test.nodes[i].metadata.name);
      ExpectStatus(h.Filter(test.nodes[i].metadata.name), test.wantFilterStatuses[i]);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// TestPreFilterDisabled: Filter without PreFilter's state is an error.

TEST(InterPodAffinityFiltering, TestPreFilterDisabled) {
  st::PluginHarness h({st::MakeNode().Name("node").Obj()}, {}, st::MakePod().Obj(), NewPlugin());
  Status got = h.Filter("node");
  EXPECT_EQ(CodeName(got.code), CodeName(Code::Error));
  EXPECT_EQ(std::string(got.Message()), "error reading \"PreFilterInterPodAffinity\" from cycleState: not found");
}

// ---------------------------------------------------------------------------------------------
// TestPreFilterStateAddRemovePod, as far as PreFilter goes: upstream checks that AddPod brings
// the state computed without test.addedPod to expectedAntiAffinity / expectedAffinity and to the
// state PreFilter computes with the added pod already bound; the latter is checked here.

struct AddRemovePodCase {
  std::string name{};
  v1::Pod pendingPod{};
  v1::Pod addedPod{};
  std::vector<v1::Pod> existingPods{};
  std::vector<v1::Node> nodes{};
  CountMap expectedAntiAffinity{};
  CountMap expectedAffinity{};
};

TEST(InterPodAffinityFiltering, TestPreFilterStateAddRemovePod) {
  const v1::LabelMap label1 = {{"region", "r1"}, {"zone", "z11"}};
  const v1::LabelMap label2 = {{"region", "r1"}, {"zone", "z12"}};
  const v1::LabelMap label3 = {{"region", "r2"}, {"zone", "z21"}};
  const v1::LabelMap selector1 = {{"foo", "bar"}};
  v1::PodAffinity antiAffinityFooBar;
  antiAffinityFooBar.requiredDuringSchedulingIgnoredDuringExecution = {Term({Req("foo", "In", {"bar"})}, "region")};
  v1::PodAffinity antiAffinityComplex;
  antiAffinityComplex.requiredDuringSchedulingIgnoredDuringExecution = {
      Term({Req("foo", "In", {"bar", "buzz"})}, "region"),
      Term({Req("service", "NotIn", {"bar", "security", "test"})}, "zone")};
  const v1::PodAffinity affinityComplex = antiAffinityComplex;

  auto pod = [](std::string name, v1::LabelMap labels, std::string node, std::optional<v1::PodAffinity> affinity,
                std::optional<v1::PodAffinity> antiAffinity) {
    v1::Pod p = st::MakePod().Name(std::move(name)).Labels(labels).Node(std::move(node)).Obj();
    if (affinity || antiAffinity) {
      p.spec.affinity.emplace();
      p.spec.affinity->podAffinity = std::move(affinity);
      p.spec.affinity->podAntiAffinity = std::move(antiAffinity);
    }
    return p;
  };
  const std::vector<v1::Node> nodes = {NodeWithLabels("nodeA", label1), NodeWithLabels("nodeB", label2),
                                       NodeWithLabels("nodeC", label3)};

  const std::vector<AddRemovePodCase> tests = {
      {
          .name = "preFilterState anti-affinity terms are updated correctly after adding and removing a pod",
          .pendingPod = pod("pending", selector1, "", std::nullopt, antiAffinityFooBar),
          .addedPod = pod("addedPod", selector1, "nodeB", std::nullopt, antiAffinityFooBar),
          .existingPods = {pod("p1", selector1, "nodeA", std::nullopt, std::nullopt),
                           pod("p2", {}, "nodeC", std::nullopt, antiAffinityFooBar)},
          .nodes = nodes,
          .expectedAntiAffinity = {{{"region", "r1"}, 2}},
          .expectedAffinity = {},
      },
      {
          .name = "preFilterState anti-affinity terms are updated correctly after adding and removing a pod",
          .pendingPod = pod("pending", selector1, "", std::nullopt, antiAffinityComplex),
          .addedPod = pod("addedPod", selector1, "nodeA", std::nullopt, antiAffinityComplex),
          .existingPods = {pod("p1", selector1, "nodeA", std::nullopt, std::nullopt),
                           pod("p2", {}, "nodeC", std::nullopt, antiAffinityFooBar)},
          .nodes = nodes,
          .expectedAntiAffinity = {{{"region", "r1"}, 2}, {{"zone", "z11"}, 2}, {{"zone", "z21"}, 1}},
          .expectedAffinity = {},
      },
      {
          .name = "preFilterState matching pod affinity and anti-affinity are updated correctly after adding and removing a pod",
          .pendingPod = pod("pending", selector1, "", affinityComplex, std::nullopt),
          .addedPod = pod("addedPod", selector1, "nodeA", std::nullopt, antiAffinityComplex),
          .existingPods = {pod("p1", selector1, "nodeA", std::nullopt, std::nullopt),
                           pod("p2", {}, "nodeC", affinityComplex, antiAffinityFooBar)},
          .nodes = nodes,
          .expectedAntiAffinity = {},
          .expectedAffinity = {{{"region", "r1"}, 2}, {{"zone", "z11"}, 2}},
      },
  };

  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    std::vector<v1::Pod> all = test.existingPods;
    all.push_back(test.addedPod);
    st::PluginHarness h(test.nodes, all, test.pendingPod, NewPlugin());
    Status s = h.PreFilter();
    ASSERT_TRUE(s.IsSuccess()) << s.Message();
    EXPECT_EQ(ToMap(Report(h).antiAffinityCounts), test.expectedAntiAffinity);
    EXPECT_EQ(ToMap(Report(h).affinityCounts), test.expectedAffinity);
  }
}

// ---------------------------------------------------------------------------------------------
// TestGetTPMapMatchingIncomingAffinityAntiAffinity, through the report of preFilterState's
// affinityCounts and antiAffinityCounts.

struct IncomingCountsCase {
  std::string name{};
  std::vector<v1::Pod> existingPods{};
  std::vector<v1::Node> nodes{};
  v1::Pod pod{};
  CountMap wantAffinityPodsMap{};
  CountMap wantAntiAffinityPodsMap{};
};

TEST(InterPodAffinityFiltering, TestGetTPMapMatchingIncomingAffinityAntiAffinity) {
  auto newPod = [](std::vector<std::string> labels) {
    st::PodWrapper pod = st::MakePod().Name("normal").Node("nodeA");
    for (const auto& l : labels) pod.Label(l, "");
    return pod.Obj();
  };
  const v1::Pod normalPodA = newPod({"aaa"});
  const v1::Pod normalPodB = newPod({"bbb"});
  const v1::Pod normalPodAB = newPod({"aaa", "bbb"});
  const v1::Node nodeA = NodeWithLabels("nodeA", {{"hostname", "nodeA"}});

  const std::vector<IncomingCountsCase> tests = {
      {
          .name = "nil test",
          .nodes = {nodeA},
          .pod = st::MakePod().Name("aaa-normal").Obj(),
      },
      {
          .name = "incoming pod without affinity/anti-affinity causes a no-op",
          .existingPods = {normalPodA},
          .nodes = {nodeA},
          .pod = st::MakePod().Name("aaa-normal").Obj(),
      },
      {
          .name = "no pod has label that violates incoming pod's affinity and anti-affinity",
          .existingPods = {normalPodB},
          .nodes = {nodeA},
          .pod = st::MakePod().Name("aaa-anti").PodAffinityExists("aaa", "hostname", st::PodAffinityWithRequiredReq)
                     .PodAntiAffinityExists("aaa", "hostname", st::PodAntiAffinityWithRequiredReq).Obj(),
      },
      {
          .name = "existing pod matches incoming pod's affinity and anti-affinity - single term case",
          .existingPods = {normalPodA},
          .nodes = {nodeA},
          .pod = st::MakePod().Name("affi-antiaffi").PodAffinityExists("aaa", "hostname", st::PodAffinityWithRequiredReq)
                     .PodAntiAffinityExists("aaa", "hostname", st::PodAntiAffinityWithRequiredReq).Obj(),
          .wantAffinityPodsMap = {{{"hostname", "nodeA"}, 1}},
          .wantAntiAffinityPodsMap = {{{"hostname", "nodeA"}, 1}},
      },
      {
          .name = "existing pod matches incoming pod's affinity and anti-affinity - multiple terms case",
          .existingPods = {normalPodAB},
          .nodes = {nodeA},
          .pod = st::MakePod().Name("affi-antiaffi").PodAffinityExists("aaa", "hostname", st::PodAffinityWithRequiredReq)
                     .PodAffinityExists("bbb", "hostname", st::PodAffinityWithRequiredReq)
                     .PodAntiAffinityExists("aaa", "hostname", st::PodAntiAffinityWithRequiredReq).Obj(),
          .wantAffinityPodsMap = {{{"hostname", "nodeA"}, 2}},  // 2 one for each term.
          .wantAntiAffinityPodsMap = {{{"hostname", "nodeA"}, 1}},
      },
      {
          .name = "existing pod not match incoming pod's affinity but matches anti-affinity",
          .existingPods = {normalPodA},
          .nodes = {nodeA},
          .pod = st::MakePod().Name("affi-antiaffi").PodAffinityExists("aaa", "hostname", st::PodAffinityWithRequiredReq)
                     .PodAffinityExists("bbb", "hostname", st::PodAffinityWithRequiredReq)
                     .PodAntiAffinityExists("aaa", "hostname", st::PodAntiAffinityWithRequiredReq)
                     .PodAntiAffinityExists("bbb", "hostname", st::PodAntiAffinityWithRequiredReq).Obj(),
          .wantAntiAffinityPodsMap = {{{"hostname", "nodeA"}, 1}},
      },
      {
          .name = "incoming pod's anti-affinity has more than one term - existing pod violates partial term - case 1",
          .existingPods = {normalPodAB},
          .nodes = {nodeA},
          .pod = st::MakePod().Name("anaffi-antiaffiti").PodAffinityExists("aaa", "hostname", st::PodAffinityWithRequiredReq)
                     .PodAffinityExists("ccc", "hostname", st::PodAffinityWithRequiredReq)
                     .PodAntiAffinityExists("aaa", "hostname", st::PodAntiAffinityWithRequiredReq)
                     .PodAntiAffinityExists("ccc", "hostname", st::PodAntiAffinityWithRequiredReq).Obj(),
          .wantAntiAffinityPodsMap = {{{"hostname", "nodeA"}, 1}},
      },
      {
          .name = "incoming pod's anti-affinity has more than one term - existing pod violates partial term - case 2",
          .existingPods = {normalPodB},
          .nodes = {nodeA},
          .pod = st::MakePod().Name("affi-antiaffi").PodAffinityExists("aaa", "hostname", st::PodAffinityWithRequiredReq)
                     .PodAffinityExists("bbb", "hostname", st::PodAffinityWithRequiredReq)
                     .PodAntiAffinityExists("aaa", "hostname", st::PodAntiAffinityWithRequiredReq)
                     .PodAntiAffinityExists("bbb", "hostname", st::PodAntiAffinityWithRequiredReq).Obj(),
          .wantAntiAffinityPodsMap = {{{"hostname", "nodeA"}, 1}},
      },
  };

  for (const auto& tt : tests) {
    SCOPED_TRACE(tt.name);
    st::PluginHarness h(tt.nodes, tt.existingPods, tt.pod, NewPlugin());
    h.PreFilter();
    EXPECT_EQ(ToMap(Report(h).affinityCounts), tt.wantAffinityPodsMap);
    EXPECT_EQ(ToMap(Report(h).antiAffinityCounts), tt.wantAntiAffinityPodsMap);
  }
}

// ---------------------------------------------------------------------------------------------
// Beyond upstream's tables: behaviour the port relies on.

// Terminating pods count for inter-pod affinity (NodeInfo.Pods holds them), unlike for
// PodTopologySpread; the per-selector counts the plugin reads leave them out, so they are added back.
TEST(InterPodAffinityFiltering, TerminatingPodsCount) {
  const std::vector<v1::Node> nodes = {NodeWithLabels("nodeA", {{"zone", "z1"}}), NodeWithLabels("nodeB", {{"zone", "z2"}})};
  const v1::Pod incoming = st::MakePod().Name("in").Label("app", "web")
                               .PodAntiAffinityIn("app", "zone", {"web"}, st::PodAntiAffinityWithRequiredReq).Obj();
  st::PluginHarness h(nodes, {st::MakePod().Name("old").Label("app", "web").Node("nodeA").Terminating().Obj()}, incoming,
                      NewPlugin());
  ASSERT_TRUE(h.PreFilter().IsSuccess());
  ExpectStatus(h.Filter("nodeA"), kAntiAffinityNotMatch);
  ExpectStatus(h.Filter("nodeB"), kOk);
}

// Namespaces a pod lives in are known to the scheduler even without Namespace objects, with
// the label kubernetes.io/metadata.name.
TEST(InterPodAffinityFiltering, ImplicitNamespaceLabels) {
  const std::vector<v1::Node> nodes = {NodeWithLabels("nodeA", {{"zone", "z1"}}), NodeWithLabels("nodeB", {{"zone", "z2"}})};
  v1::Pod incoming = CreatePodWithAffinityTerms(
      "default", "", {}, {Term({Req("app", "In", {"db"})}, "zone", {}, v1::LabelSelector{{{"kubernetes.io/metadata.name", "data"}}, {}})},
      {});
  st::PluginHarness h(nodes, {PlainPod("data", "nodeB", {{"app", "db"}})}, incoming, NewPlugin());
  ASSERT_TRUE(h.PreFilter().IsSuccess());
  ExpectStatus(h.Filter("nodeA"), kAffinityNotMatch);
  ExpectStatus(h.Filter("nodeB"), kOk);
  EXPECT_EQ(ToMap(Report(h).affinityCounts), (CountMap{{{"zone", "z2"}, 1}}));
}

// Matching pods found by the cached per-namespace counts and by a pass over the pods agree,
// before and after bindings.
TEST(InterPodAffinityFiltering, CountsFollowBindings) {
  std::vector<v1::Node> nodes;
  for (int i = 0; i < 6; ++i)
    nodes.push_back(NodeWithLabels("n" + std::to_string(i), {{"zone", "z" + std::to_string(i % 2)}}));
  std::vector<v1::Pod> pods = {PlainPod("a", "n0", {{"app", "web"}}), PlainPod("b", "n3", {{"app", "web"}})};
  pods.push_back(st::MakePod().Name("pending-web").Namespace("a").Label("app", "web").Obj());
  // Anti-affinity on app=web in namespaces a and b (read from the cached per-namespace counts).
  v1::Pod incoming = CreatePodWithAffinityTerms("a", "", {}, {},
                                                {Term({Req("app", "In", {"web"})}, "zone", {"a", "b"})});
  st::PluginHarness h(nodes, pods, incoming, NewPlugin());
  ASSERT_TRUE(h.PreFilter().IsSuccess());
  EXPECT_EQ(ToMap(Report(h).antiAffinityCounts), (CountMap{{{"zone", "z0"}, 1}, {{"zone", "z1"}, 1}}));
  h.cluster().Bind(h.cluster().FindPod("a/pending-web"), h.cluster().FindNode("n2"));
  CycleState fresh;
  PreFilterResult r;
  auto& pl = dynamic_cast<InterPodAffinity&>(h.plugin());
  CycleTrace trace;
  Status st = pl.PreFilter(fresh, h.pod(), r, &trace);
  ASSERT_TRUE(st.IsSuccess()) << CodeName(st.code) << " " << st.Message();
  ASSERT_TRUE(trace.interPodAffinity.has_value());
  EXPECT_EQ(ToMap(trace.interPodAffinity->antiAffinityCounts), (CountMap{{{"zone", "z0"}, 2}, {{"zone", "z1"}, 1}}));
}

// The report names the existing pods whose anti-affinity rejects the pod, with their domains.
TEST(InterPodAffinityFiltering, ReportExplainsExistingAntiAffinity) {
  const std::vector<v1::Node> nodes = {NodeWithLabels("nodeA", {{"kubernetes.io/hostname", "nodeA"}}),
                                       NodeWithLabels("nodeB", {{"kubernetes.io/hostname", "nodeB"}})};
  const std::vector<v1::Pod> pods = {
      st::MakePod().Name("db-0").Label("app", "db").Node("nodeA")
          .PodAntiAffinityIn("app", "kubernetes.io/hostname", {"web"}, st::PodAntiAffinityWithRequiredReq).Obj(),
      st::MakePod().Name("db-1").Label("app", "db").Node("nodeB")
          .PodAntiAffinityIn("app", "kubernetes.io/hostname", {"cache"}, st::PodAntiAffinityWithRequiredReq).Obj()};
  st::PluginHarness h(nodes, pods, st::MakePod().Name("web").Label("app", "web").Obj(), NewPlugin());
  ASSERT_TRUE(h.PreFilter().IsSuccess());
  ExpectStatus(h.Filter("nodeA"), kExistingAntiAffinityNotMatch);
  ExpectStatus(h.Filter("nodeB"), kOk);
  const auto& report = Report(h);
  EXPECT_EQ(ToMap(report.existingAntiAffinityCounts), (CountMap{{{"kubernetes.io/hostname", "nodeA"}, 1}}));
  ASSERT_EQ(report.filterTerms.size(), 1u);
  const auto& t = report.filterTerms[0];
  EXPECT_EQ(t.kind, "existingRequiredAntiAffinity");
  EXPECT_EQ(t.topologyKey, "kubernetes.io/hostname");
  EXPECT_EQ(t.selector, "app in (web)");
  EXPECT_EQ(t.namespaces, "default");
  ASSERT_EQ(t.owners.size(), 1u);
  EXPECT_EQ(h.cluster().pod(t.owners[0].first).key, "default/db-0");
  EXPECT_EQ(t.domains[t.owners[0].second], (std::pair<std::string, int64_t>{"nodeA", 1}));
}

}  // namespace
