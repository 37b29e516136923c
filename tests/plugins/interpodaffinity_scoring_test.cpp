// InterPodAffinity PreScore/Score/NormalizeScore, ported from upstream Kubernetes:
//   kubernetes/kubernetes pkg/scheduler/framework/plugins/interpodaffinity/scoring_test.go
//   at commit 8a4d98ac2f6dfd69fc5649b7bb23de0add56be56 (the newest version of the test in the index).
// Ported: TestPreferredAffinity (all cases but two), TestPreferredAffinityWithHardPodAffinitySymmetricWeight.
// Not ported: "invalid Affinity fails PreScore" and "invalid AntiAffinity fails PreScore" (an invalid label
// value is a scenario validation error here; the plugin never sees one).
// Upstream's namespace "" is spreadlab's "default"; `namespaces` (the informer's namespaces) are given as
// Scenario::namespaces. As upstream, PreScore gets every node, and the scores are compared in node order.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/corev1/selectors.h"

#include "core/plugins/interpodaffinity/plugin.h"
#include "testing/harness.h"
#include "plugins/explain_test_util.h"
#include "plugins/interpodaffinity_test_util.h"
#include "testing/wrappers.h"

namespace {

using namespace spreadlab;
namespace st = spreadlab::testing;
using plugins::InterPodAffinity;

using namespace st::interpodaffinity;

v1::PodAffinity Preferred(std::vector<v1::WeightedPodAffinityTerm> terms) {
  v1::PodAffinity a;
  a.preferredDuringSchedulingIgnoredDuringExecution = std::move(terms);
  return a;
}

v1::PodAffinity Required(std::vector<v1::PodAffinityTerm> terms) {
  v1::PodAffinity a;
  a.requiredDuringSchedulingIgnoredDuringExecution = std::move(terms);
  return a;
}

v1::Affinity MakeAffinity(std::optional<v1::PodAffinity> podAffinity, std::optional<v1::PodAffinity> podAntiAffinity) {
  v1::Affinity a;
  a.podAffinity = std::move(podAffinity);
  a.podAntiAffinity = std::move(podAntiAffinity);
  return a;
}

// v1.Pod{Spec: {NodeName, Affinity}, ObjectMeta: {Namespace, Labels}}
v1::Pod Pod(std::string nodeName, v1::LabelMap labels, std::optional<v1::Affinity> affinity = std::nullopt,
            std::string ns = "default") {
  v1::Pod p = st::MakePod().Namespace(std::move(ns)).Node(std::move(nodeName)).Labels(labels).Obj();
  p.spec.affinity = std::move(affinity);
  return p;
}

v1::Node NodeWithLabels(std::string name, const v1::LabelMap& labels) {
  st::NodeWrapper n = st::MakeNode().Name(std::move(name));
  for (const auto& [k, v] : labels) n.Label(k, v);
  return n.Obj();
}

std::vector<std::string> Names(const std::vector<v1::Node>& nodes) {
  std::vector<std::string> out;
  for (const auto& n : nodes) out.push_back(n.metadata.name);
  return out;
}

constexpr int64_t MaxNodeScore = kMaxNodeScore;

// ---------------------------------------------------------------------------------------------
// TestPreferredAffinity

struct PreferredAffinityCase {
  v1::Pod pod{};
  std::vector<v1::Pod> pods{};
  std::vector<v1::Node> nodes{};
  std::vector<int64_t> expectedList{};  // per node, in the order of `nodes`
  std::string name{};
  bool ignorePreferredTermsOfExistingPods = false;
  Code wantStatus = Code::Success;
};

TEST(InterPodAffinityScoring, TestPreferredAffinity) {
  const v1::LabelMap labelRgChina = {{"region", "China"}};
  const v1::LabelMap labelRgIndia = {{"region", "India"}};
  const v1::LabelMap labelAzAz1 = {{"az", "az1"}};
  const v1::LabelMap labelAzAz2 = {{"az", "az2"}};
  const v1::LabelMap labelRgChinaAzAz1 = {{"region", "China"}, {"az", "az1"}};
  const v1::LabelMap podLabelSecurityS1 = {{"security", "S1"}};
  const v1::LabelMap podLabelSecurityS2 = {{"security", "S2"}};
  const v1::LabelSelector team1 = {{}, {Req("team", "In", {"team1"})}};
  // considered only preferredDuringSchedulingIgnoredDuringExecution in pod affinity
  const v1::Affinity stayWithS1InRegion =
      MakeAffinity(Preferred({{5, Term({Req("security", "In", {"S1"})}, "region")}}), std::nullopt);
  const v1::Affinity stayWithS2InRegion =
      MakeAffinity(Preferred({{6, Term({Req("security", "In", {"S2"})}, "region")}}), std::nullopt);
  const v1::Affinity affinity3 = MakeAffinity(
      Preferred({{8, Term({Req("security", "NotIn", {"S1"}), Req("security", "In", {"S2"})}, "region")},
                 {2, Term({Req("security", "Exists"), Req("wrongkey", "DoesNotExist")}, "region")}}),
      std::nullopt);
  const v1::Affinity hardAffinity = MakeAffinity(
      Required({Term({Req("security", "In", {"S1", "value2"})}, "region"),
                Term({Req("security", "Exists"), Req("wrongkey", "DoesNotExist")}, "region")}),
      std::nullopt);
  const v1::Affinity awayFromS1InAz =
      MakeAffinity(std::nullopt, Preferred({{5, Term({Req("security", "In", {"S1"})}, "az")}}));
  // to stay away from security S2 in any az.
  const v1::Affinity awayFromS2InAz =
      MakeAffinity(std::nullopt, Preferred({{5, Term({Req("security", "In", {"S2"})}, "az")}}));
  // to stay with security S1 in same region, stay away from security S2 in any az.
  const v1::Affinity stayWithS1InRegionAwayFromS2InAz =
      MakeAffinity(Preferred({{8, Term({Req("security", "In", {"S1"})}, "region")}}),
                   Preferred({{5, Term({Req("security", "In", {"S2"})}, "az")}}));
  const v1::Affinity affinityNamespaceSelector = MakeAffinity(
      Preferred({{5, Term({Req("security", "In", {"S1"})}, "region", {"subteam2.team2"}, team1)}}), std::nullopt);
  const v1::Affinity antiAffinityNamespaceSelector = MakeAffinity(
      std::nullopt, Preferred({{5, Term({Req("security", "In", {"S1"})}, "region", {"subteam2.team2"}, team1)}}));

  const std::vector<PreferredAffinityCase> tests = {
      {
          .pod = Pod("", podLabelSecurityS1),
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgIndia),
                    NodeWithLabels("node3", labelAzAz1)},
          .name = "all nodes are same priority as Affinity is nil",
          .wantStatus = Code::Skip,
      },
      // the node(node1) that have the label {"region": "China"} (match the topology key) and that have existing pods that match the labelSelector get high score
      // the node(node3) that don't have the label {"region": "whatever the value is"} (mismatch the topology key) but that have existing pods that match the labelSelector get low score
      // the node(node2) that have the label {"region": "China"} (match the topology key) but that have existing pods that mismatch the labelSelector get low score
      {
          .pod = Pod("", podLabelSecurityS1, stayWithS1InRegion),
          .pods = {Pod("node1", podLabelSecurityS1), Pod("node2", podLabelSecurityS2), Pod("node3", podLabelSecurityS1)},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgIndia),
                    NodeWithLabels("node3", labelAzAz1)},
          .expectedList = {MaxNodeScore, 0, 0},
          .name = "Affinity: pod that matches topology key & pods in nodes will get high score comparing to others"
                  "which doesn't match either pods in nodes or in topology key",
      },
      // the node1(node1) that have the label {"region": "China"} (match the topology key) and that have existing pods that match the labelSelector get high score
      // the node2(node2) that have the label {"region": "China"}, match the topology key and have the same label value with node1, get the same high score with node1
      // the node3(node3) that have the label {"region": "India"}, match the topology key but have a different label value, don't have existing pods that match the labelSelector,
      // get a low score.
      {
          .pod = Pod("", {}, stayWithS1InRegion),
          .pods = {Pod("node1", podLabelSecurityS1)},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgChinaAzAz1),
                    NodeWithLabels("node3", labelRgIndia)},
          .expectedList = {MaxNodeScore, MaxNodeScore, 0},
          .name = "All the nodes that have the same topology key & label value with one of them has an existing pod that match the affinity rules, have the same score",
      },
      // there are 2 regions, say regionChina(node1,node3,node4) and regionIndia(node2,node5), both regions have nodes that match the preference.
      // But there are more nodes(actually more existing pods) in regionChina that match the preference than regionIndia.
      // Then, nodes in regionChina get higher score than nodes in regionIndia, and all the nodes in regionChina should get a same score(high score),
      // while all the nodes in regionIndia should get another same score(low score).
      {
          .pod = Pod("", podLabelSecurityS1, stayWithS2InRegion),
          .pods = {Pod("node1", podLabelSecurityS2), Pod("node1", podLabelSecurityS2), Pod("node2", podLabelSecurityS2),
                   Pod("node3", podLabelSecurityS2), Pod("node4", podLabelSecurityS2), Pod("node5", podLabelSecurityS2)},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgIndia),
                    NodeWithLabels("node3", labelRgChina), NodeWithLabels("node4", labelRgChina),
                    NodeWithLabels("node5", labelRgIndia)},
          .expectedList = {MaxNodeScore, 0, MaxNodeScore, MaxNodeScore, 0},
          .name = "Affinity: nodes in one region has more matching pods comparing to other region, so the region which has more matches will get high score",
      },
      // Test with the different operators and values for pod affinity scheduling preference, including some match failures.
      {
          .pod = Pod("", podLabelSecurityS1, affinity3),
          .pods = {Pod("node1", podLabelSecurityS1), Pod("node2", podLabelSecurityS2), Pod("node3", podLabelSecurityS1)},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgIndia),
                    NodeWithLabels("node3", labelAzAz1)},
          .expectedList = {20, MaxNodeScore, 0},
          .name = "Affinity: different Label operators and values for pod affinity scheduling preference, including some match failures ",
      },
      // Test the symmetry cases for affinity, the difference between affinity and symmetry is not the pod wants to run together with some existing pods,
      // but the existing pods have the inter pod affinity preference while the pod to schedule satisfy the preference.
      {
          .pod = Pod("", podLabelSecurityS2),
          .pods = {Pod("node1", podLabelSecurityS1, stayWithS1InRegion), Pod("node2", podLabelSecurityS2, stayWithS2InRegion)},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgIndia),
                    NodeWithLabels("node3", labelAzAz1)},
          .expectedList = {0, MaxNodeScore, 0},
          .name = "Affinity symmetry: considered only the preferredDuringSchedulingIgnoredDuringExecution in pod affinity symmetry",
      },
      {
          .pod = Pod("", podLabelSecurityS1, std::nullopt, "subteam1.team1"),
          .pods = {Pod("node1", podLabelSecurityS1, affinityNamespaceSelector),
                   Pod("node2", podLabelSecurityS2, stayWithS2InRegion)},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgIndia),
                    NodeWithLabels("node3", labelAzAz1)},
          .expectedList = {MaxNodeScore, 0, 0},
          .name = "Affinity symmetry with namespace selector",
      },
      {
          .pod = Pod("", podLabelSecurityS1, std::nullopt, "subteam1.team1"),
          .pods = {Pod("node1", podLabelSecurityS1, antiAffinityNamespaceSelector),
                   Pod("node2", podLabelSecurityS2, stayWithS2InRegion)},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgIndia),
                    NodeWithLabels("node3", labelAzAz1)},
          .expectedList = {0, MaxNodeScore, MaxNodeScore},
          .name = "AntiAffinity symmetry with namespace selector",
      },
      {
          .pod = Pod("", podLabelSecurityS1),
          .pods = {Pod("node1", podLabelSecurityS1, hardAffinity), Pod("node2", podLabelSecurityS2, hardAffinity)},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgIndia),
                    NodeWithLabels("node3", labelAzAz1)},
          .expectedList = {MaxNodeScore, MaxNodeScore, 0},
          .name = "Affinity symmetry: considered RequiredDuringSchedulingIgnoredDuringExecution in pod affinity symmetry",
      },

      // The pod to schedule prefer to stay away from some existing pods at node level using the pod anti affinity.
      // the nodes that have the label {"node": "bar"} (match the topology key) and that have existing pods that match the labelSelector get low score
      // the nodes that don't have the label {"node": "whatever the value is"} (mismatch the topology key) but that have existing pods that match the labelSelector get high score
      // the nodes that have the label {"node": "bar"} (match the topology key) but that have existing pods that mismatch the labelSelector get high score
      // there are 2 nodes, say node1 and node2, both nodes have pods that match the labelSelector and have topology-key in node.Labels.
      // But there are more pods on node1 that match the preference than node2. Then, node1 get a lower score than node2.
      {
          .pod = Pod("", podLabelSecurityS1, awayFromS1InAz),
          .pods = {Pod("node1", podLabelSecurityS1), Pod("node2", podLabelSecurityS2)},
          .nodes = {NodeWithLabels("node1", labelAzAz1), NodeWithLabels("node2", labelRgChina)},
          .expectedList = {0, MaxNodeScore},
          .name = "Anti Affinity: pod that does not match existing pods in node will get high score ",
      },
      {
          .pod = Pod("", podLabelSecurityS1, awayFromS1InAz),
          .pods = {Pod("node1", podLabelSecurityS1), Pod("node2", podLabelSecurityS1)},
          .nodes = {NodeWithLabels("node1", labelAzAz1), NodeWithLabels("node2", labelRgChina)},
          .expectedList = {0, MaxNodeScore},
          .name = "Anti Affinity: pod that does not match topology key & match the pods in nodes will get higher score comparing to others ",
      },
      {
          .pod = Pod("", podLabelSecurityS1, awayFromS1InAz),
          .pods = {Pod("node1", podLabelSecurityS1), Pod("node1", podLabelSecurityS1), Pod("node2", podLabelSecurityS2)},
          .nodes = {NodeWithLabels("node1", labelAzAz1), NodeWithLabels("node2", labelRgIndia)},
          .expectedList = {0, MaxNodeScore},
          .name = "Anti Affinity: one node has more matching pods comparing to other node, so the node which has more unmatches will get high score",
      },
      // Test the symmetry cases for anti affinity
      {
          .pod = Pod("", podLabelSecurityS2),
          .pods = {Pod("node1", podLabelSecurityS1, awayFromS2InAz), Pod("node2", podLabelSecurityS2, awayFromS1InAz)},
          .nodes = {NodeWithLabels("node1", labelAzAz1), NodeWithLabels("node2", labelAzAz2)},
          .expectedList = {0, MaxNodeScore},
          .name = "Anti Affinity symmetry: the existing pods in node which has anti affinity match will get high score",
      },
      // Test both  affinity and anti-affinity
      {
          .pod = Pod("", podLabelSecurityS1, stayWithS1InRegionAwayFromS2InAz),
          .pods = {Pod("node1", podLabelSecurityS1), Pod("node2", podLabelSecurityS1)},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelAzAz1)},
          .expectedList = {MaxNodeScore, 0},
          .name = "Affinity and Anti Affinity: considered only preferredDuringSchedulingIgnoredDuringExecution in both pod affinity & anti affinity",
      },
      // Combined cases considering both affinity and anti-affinity, the pod to schedule and existing pods have the same labels (they are in the same RC/service),
      // the pod prefer to run together with its brother pods in the same region, but wants to stay away from them at node level,
      // so that all the pods of a RC/service can stay in a same region but trying to separate with each other
      // node-1,node-3,node-4 are in ChinaRegion others node-2,node-5 are in IndiaRegion
      {
          .pod = Pod("", podLabelSecurityS1, stayWithS1InRegionAwayFromS2InAz),
          .pods = {Pod("node1", podLabelSecurityS1), Pod("node1", podLabelSecurityS1), Pod("node2", podLabelSecurityS1),
                   Pod("node3", podLabelSecurityS1), Pod("node3", podLabelSecurityS1), Pod("node4", podLabelSecurityS1),
                   Pod("node5", podLabelSecurityS1)},
          .nodes = {NodeWithLabels("node1", labelRgChinaAzAz1), NodeWithLabels("node2", labelRgIndia),
                    NodeWithLabels("node3", labelRgChina), NodeWithLabels("node4", labelRgChina),
                    NodeWithLabels("node5", labelRgIndia)},
          .expectedList = {MaxNodeScore, 0, MaxNodeScore, MaxNodeScore, 0},
          .name = "Affinity and Anti Affinity: considering both affinity and anti-affinity, the pod to schedule and existing pods have the same labels",
      },
      // Consider Affinity, Anti Affinity and symmetry together.
      // for Affinity, the weights are:                8,  0,  0,  0
      // for Anti Affinity, the weights are:           0, -5,  0,  0
      // for Affinity symmetry, the weights are:       0,  0,  8,  0
      // for Anti Affinity symmetry, the weights are:  0,  0,  0, -5
      {
          .pod = Pod("", podLabelSecurityS1, stayWithS1InRegionAwayFromS2InAz),
          .pods = {Pod("node1", podLabelSecurityS1), Pod("node2", podLabelSecurityS2),
                   Pod("node3", {}, stayWithS1InRegionAwayFromS2InAz), Pod("node4", {}, awayFromS1InAz)},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelAzAz1),
                    NodeWithLabels("node3", labelRgIndia), NodeWithLabels("node4", labelAzAz2)},
          .expectedList = {MaxNodeScore, 0, MaxNodeScore, 0},
          .name = "Affinity and Anti Affinity and symmetry: considered only preferredDuringSchedulingIgnoredDuringExecution in both pod affinity & anti affinity & symmetry",
      },
      // Cover https://github.com/kubernetes/kubernetes/issues/82796 which panics upon:
      // 1. Some nodes in a topology don't have pods with affinity, but other nodes in the same topology have.
      // 2. The incoming pod doesn't have affinity.
      {
          .pod = Pod("", podLabelSecurityS1),
          .pods = {Pod("node1", podLabelSecurityS1), Pod("node2", {}, stayWithS1InRegionAwayFromS2InAz)},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgChina)},
          .expectedList = {0, 0},
          .name = "Avoid panic when partial nodes in a topology don't have pods with affinity",
      },
      // "invalid Affinity fails PreScore", "invalid AntiAffinity fails PreScore": not ported (see the top).
      {
          .pod = Pod("", podLabelSecurityS1, affinityNamespaceSelector, "subteam1.team1"),
          .pods = {Pod("node1", podLabelSecurityS1, std::nullopt, "subteam1.team1"),
                   Pod("node1", podLabelSecurityS1, std::nullopt, "subteam1.team1"),
                   Pod("node1", podLabelSecurityS1, std::nullopt, "subteam1.team2"),
                   Pod("node2", podLabelSecurityS1, std::nullopt, "subteam2.team1")},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgIndia)},
          .expectedList = {MaxNodeScore, 0},
          .name = "Affinity with pods matching NamespaceSelector",
      },
      {
          .pod = Pod("", podLabelSecurityS1, affinityNamespaceSelector, "subteam1.team1"),
          .pods = {Pod("node1", podLabelSecurityS1, std::nullopt, "subteam1.team1"),
                   Pod("node1", podLabelSecurityS1, std::nullopt, "subteam1.team1"),
                   Pod("node1", podLabelSecurityS1, std::nullopt, "subteam2.team2"),
                   Pod("node2", podLabelSecurityS1, std::nullopt, "subteam2.team1")},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgIndia)},
          .expectedList = {MaxNodeScore, 0},
          .name = "Affinity with pods matching both NamespaceSelector and Namespaces fields",
      },
      {
          .pod = Pod("", podLabelSecurityS1, antiAffinityNamespaceSelector, "subteam1.team1"),
          .pods = {Pod("node1", podLabelSecurityS1, std::nullopt, "subteam1.team1"),
                   Pod("node1", podLabelSecurityS1, std::nullopt, "subteam1.team1"),
                   Pod("node1", podLabelSecurityS1, std::nullopt, "subteam1.team2"),
                   Pod("node2", podLabelSecurityS1, std::nullopt, "subteam2.team1")},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgIndia)},
          .expectedList = {0, MaxNodeScore},
          .name = "Affinity with pods matching NamespaceSelector",
      },
      {
          .pod = Pod("", podLabelSecurityS1, antiAffinityNamespaceSelector, "subteam1.team1"),
          .pods = {Pod("node1", podLabelSecurityS1, std::nullopt, "subteam1.team1"),
                   Pod("node1", podLabelSecurityS1, std::nullopt, "subteam1.team1"),
                   Pod("node1", podLabelSecurityS1, std::nullopt, "subteam2.team2"),
                   Pod("node2", podLabelSecurityS1, std::nullopt, "subteam2.team1")},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgIndia)},
          .expectedList = {0, MaxNodeScore},
          .name = "Affinity with pods matching both NamespaceSelector and Namespaces fields",
      },
      {
          .pod = Pod("", podLabelSecurityS2),
          .pods = {Pod("node1", podLabelSecurityS1, stayWithS1InRegionAwayFromS2InAz),
                   Pod("node2", podLabelSecurityS2, stayWithS2InRegion)},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgIndia)},
          .expectedList = {0, 0},
          .name = "Ignore preferred terms of existing pods",
          .ignorePreferredTermsOfExistingPods = true,
          .wantStatus = Code::Skip,
      },
      {
          .pod = Pod("", podLabelSecurityS2),
          .pods = {Pod("node1", podLabelSecurityS1, stayWithS1InRegionAwayFromS2InAz),
                   Pod("node2", podLabelSecurityS2, stayWithS2InRegion)},
          .nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgIndia)},
          .expectedList = {0, MaxNodeScore},
          .name = "Do not ignore preferred terms of existing pods",
          .ignorePreferredTermsOfExistingPods = false,
      },
      {
          .pod = Pod("", podLabelSecurityS2),
          .pods = {},
          .nodes = {},
          .name = "No nodes to score",
          .wantStatus = Code::Skip,
      },
  };

  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    st::PluginHarness h(test.nodes, test.pods, test.pod,
                        NewPlugin({.hardPodAffinityWeight = 1,
                                   .ignorePreferredTermsOfExistingPods = test.ignorePreferredTermsOfExistingPods}),
                        Namespaces());
    Status status;
    std::vector<int64_t> got = h.Scores(Names(test.nodes), &status);
    EXPECT_EQ(CodeName(status.code), CodeName(test.wantStatus));
    if (!status.IsSuccess()) continue;
    EXPECT_EQ(got, test.expectedList);
  }
}

// ---------------------------------------------------------------------------------------------
// TestPreferredAffinityWithHardPodAffinitySymmetricWeight

struct HardWeightCase {
  v1::Pod pod{};
  std::vector<v1::Pod> pods{};
  std::vector<v1::Node> nodes{};
  int32_t hardPodAffinityWeight = 0;
  std::vector<int64_t> expectedList{};
  std::string name{};
  Code wantStatus = Code::Success;
};

TEST(InterPodAffinityScoring, TestPreferredAffinityWithHardPodAffinitySymmetricWeight) {
  const v1::LabelMap podLabelServiceS1 = {{"service", "S1"}};
  const v1::LabelMap labelRgChina = {{"region", "China"}};
  const v1::LabelMap labelRgIndia = {{"region", "India"}};
  const v1::LabelMap labelAzAz1 = {{"az", "az1"}};
  // Namespaces {"", "subteam2.team2"}: upstream's "" is "default" here.
  const v1::Affinity hardPodAffinity =
      MakeAffinity(Required({Term({Req("service", "In", {"S1"})}, "region", {"default", "subteam2.team2"},
                                  v1::LabelSelector{{}, {Req("team", "In", {"team1"})}})}),
                   std::nullopt);
  constexpr int32_t DefaultHardPodAffinitySymmetricWeight = 1;  // v1.DefaultHardPodAffinitySymmetricWeight
  const std::vector<v1::Node> nodes = {NodeWithLabels("node1", labelRgChina), NodeWithLabels("node2", labelRgIndia),
                                       NodeWithLabels("node3", labelAzAz1)};
  const std::vector<v1::Pod> pods = {Pod("node1", {}, hardPodAffinity), Pod("node2", {}, hardPodAffinity)};

  const std::vector<HardWeightCase> tests = {
      {
          .pod = Pod("", podLabelServiceS1),
          .pods = pods,
          .nodes = nodes,
          .hardPodAffinityWeight = DefaultHardPodAffinitySymmetricWeight,
          .expectedList = {MaxNodeScore, MaxNodeScore, 0},
          .name = "with default weight",
      },
      {
          .pod = Pod("", podLabelServiceS1),
          .pods = pods,
          .nodes = nodes,
          .hardPodAffinityWeight = 0,
          .name = "with zero weight",
          .wantStatus = Code::Skip,
      },
      {
          .pod = Pod("", podLabelServiceS1, std::nullopt, "subteam1.team2"),
          .pods = pods,
          .nodes = nodes,
          .hardPodAffinityWeight = DefaultHardPodAffinitySymmetricWeight,
          .name = "with no matching namespace",
          .wantStatus = Code::Skip,
      },
      {
          .pod = Pod("", podLabelServiceS1, std::nullopt, "subteam1.team1"),
          .pods = pods,
          .nodes = nodes,
          .hardPodAffinityWeight = DefaultHardPodAffinitySymmetricWeight,
          .expectedList = {MaxNodeScore, MaxNodeScore, 0},
          .name = "with matching NamespaceSelector",
      },
      {
          .pod = Pod("", podLabelServiceS1, std::nullopt, "subteam2.team2"),
          .pods = pods,
          .nodes = nodes,
          .hardPodAffinityWeight = DefaultHardPodAffinitySymmetricWeight,
          .expectedList = {MaxNodeScore, MaxNodeScore, 0},
          .name = "with matching Namespaces",
      },
  };

  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    st::PluginHarness h(test.nodes, test.pods, test.pod,
                        NewPlugin({.hardPodAffinityWeight = test.hardPodAffinityWeight}), Namespaces());
    Status status;
    std::vector<int64_t> got = h.Scores(Names(test.nodes), &status);
    EXPECT_EQ(CodeName(status.code), CodeName(test.wantStatus));
    if (!status.IsSuccess()) continue;
    EXPECT_EQ(got, test.expectedList);
  }
}

// ---------------------------------------------------------------------------------------------
// Beyond upstream's tables.

// Raw scores are upstream's sums of weights; equal scores normalize to 0, and scores cancelling
// to zero still make PreScore run (the map has entries).
TEST(InterPodAffinityScoring, RawScoresAndCancellingWeights) {
  const std::vector<v1::Node> nodes = {NodeWithLabels("n1", {{"zone", "a"}}), NodeWithLabels("n2", {{"zone", "b"}})};
  // +5 for app=web in the zone, -5 for app=web in the zone: they cancel.
  const v1::Affinity both = MakeAffinity(Preferred({{5, Term({Req("app", "In", {"web"})}, "zone")}}),
                                         Preferred({{5, Term({Req("app", "In", {"web"})}, "zone")}}));
  st::PluginHarness h(nodes, {Pod("n1", {{"app", "web"}})}, Pod("", {}, both), NewPlugin({.hardPodAffinityWeight = 1}));
  Status status;
  std::vector<int64_t> raw;
  std::vector<int64_t> got = h.Scores(Names(nodes), &status, &raw);
  ASSERT_TRUE(status.IsSuccess());
  EXPECT_EQ(raw, (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(got, (std::vector<int64_t>{0, 0}));
  ASSERT_TRUE(h.trace().interPodAffinity.has_value());
  const auto& report = *h.trace().interPodAffinity;
  ASSERT_EQ(report.topologyScore.size(), 1u);
  EXPECT_EQ(report.topologyScore[0], std::make_tuple(std::string("zone"), std::string("a"), int64_t{0}));
}

// Existing pods' preferred terms follow bindings made after the plugin was built.
TEST(InterPodAffinityScoring, ExistingTermsFollowBindings) {
  const std::vector<v1::Node> nodes = {NodeWithLabels("n1", {{"zone", "a"}}), NodeWithLabels("n2", {{"zone", "b"}})};
  const v1::Affinity likesWeb = MakeAffinity(Preferred({{7, Term({Req("app", "In", {"web"})}, "zone")}}), std::nullopt);
  v1::Pod pending = st::MakePod().Name("pending").Obj();
  pending.spec.affinity = likesWeb;
  st::PluginHarness h(nodes, {pending}, Pod("", {{"app", "web"}}), NewPlugin({.hardPodAffinityWeight = 1}));
  Status status;
  h.Scores(Names(nodes), &status);
  EXPECT_EQ(CodeName(status.code), CodeName(Code::Skip));
  h.cluster().Bind(h.cluster().FindPod("pending"), h.cluster().FindNode("n2"));
  std::vector<int64_t> raw;
  CycleState fresh;
  auto& pl = dynamic_cast<InterPodAffinity&>(h.plugin());
  std::vector<NodeIndex> all = {0, 1};
  ASSERT_TRUE(pl.PreScore(fresh, h.pod(), all, nullptr).IsSuccess());
  int64_t s1 = 0, s2 = 0;
  ASSERT_TRUE(pl.Score(fresh, h.pod(), h.cluster().node(0), s1).IsSuccess());
  ASSERT_TRUE(pl.Score(fresh, h.pod(), h.cluster().node(1), s2).IsSuccess());
  EXPECT_EQ(s1, 0);
  EXPECT_EQ(s2, 7);
}

// ---------------------------------------------------------------------------------------------
// The plugin against a direct transcription of upstream's algorithm (string-keyed maps, every
// pod of every node visited), on random clusters: PreFilter and Filter on every node, PreScore,
// raw and normalized scores, for every pending pod, binding pods in between so that the
// plugin's incremental indexes and the cluster's per-selector counts are exercised.

namespace ref {

struct Term {
  std::set<std::string> namespaces;
  Selector namespaceSelector, selector;
  std::string key;
  int32_t weight = 0;
};

struct World {
  Cluster& c;
  std::map<std::string, LabelSet> nsLabels;  // the namespaces the scheduler knows, with their labels

  explicit World(Cluster& cluster) : c(cluster) {
    StringPool& pool = c.pool();
    for (const auto& ns : c.scenario().namespaces) {
      if (nsLabels.count(ns.metadata.name)) continue;
      LabelSet l = MakeLabelSet(ns.metadata.labels, pool);
      l.Set(pool.Intern("kubernetes.io/metadata.name"), pool.Intern(ns.metadata.name));
      nsLabels[ns.metadata.name] = l;
    }
    for (const auto& p : c.scenario().pods)
      if (!nsLabels.count(p.metadata.ns)) {
        LabelSet l;
        l.Set(pool.Intern("kubernetes.io/metadata.name"), pool.Intern(p.metadata.ns));
        nsLabels[p.metadata.ns] = l;
      }
  }
  Term Make(const v1::Pod& owner, const v1::PodAffinityTerm& t, int32_t w, bool merge) {
    StringPool& pool = c.pool();
    Term r;
    r.selector = LabelSelectorAsSelector(t.labelSelector, pool);
    if (t.namespaces.empty() && !t.namespaceSelector) r.namespaces.insert(owner.metadata.ns);
    else r.namespaces.insert(t.namespaces.begin(), t.namespaces.end());
    r.namespaceSelector = LabelSelectorAsSelector(t.namespaceSelector, pool);
    r.key = t.topologyKey;
    r.weight = w;
    if (merge && !r.namespaceSelector.Empty()) {
      for (const auto& [name, labels] : nsLabels)
        if (r.namespaceSelector.Matches(labels, pool)) r.namespaces.insert(name);
      r.namespaceSelector = Selector::Nothing();
    }
    return r;
  }
  bool Matches(const Term& t, const v1::Pod& p, const LabelSet* ns) {
    static const LabelSet none;
    StringPool& pool = c.pool();
    if (!t.namespaces.count(p.metadata.ns) && !t.namespaceSelector.Matches(ns ? *ns : none, pool)) return false;
    return t.selector.Matches(MakeLabelSet(p.metadata.labels, pool), pool);
  }
  std::vector<Term> Required(const v1::Pod& p, bool anti, bool merge) {
    std::vector<Term> out;
    if (!p.spec.affinity) return out;
    const auto& a = anti ? p.spec.affinity->podAntiAffinity : p.spec.affinity->podAffinity;
    if (a) for (const auto& t : a->requiredDuringSchedulingIgnoredDuringExecution) out.push_back(Make(p, t, 0, merge));
    return out;
  }
  std::vector<Term> Preferred(const v1::Pod& p, bool anti, bool merge) {
    std::vector<Term> out;
    if (!p.spec.affinity) return out;
    const auto& a = anti ? p.spec.affinity->podAntiAffinity : p.spec.affinity->podAffinity;
    if (a)
      for (const auto& t : a->preferredDuringSchedulingIgnoredDuringExecution)
        out.push_back(Make(p, t.podAffinityTerm, t.weight, merge));
    return out;
  }
  const v1::LabelMap& NodeLabels(NodeIndex n) { return c.scenario().nodes[n].metadata.labels; }
};

using Pairs = std::map<std::pair<std::string, std::string>, int64_t>;

struct FilterOutcome {
  Code preFilter = Code::Success;
  std::vector<std::pair<Code, std::string>> perNode;
};

FilterOutcome Filter(World& w, PodIndex pi) {
  const v1::Pod& pod = w.c.podSpec(pi);
  const LabelSet* nsl = &w.nsLabels[pod.metadata.ns];
  auto aff = w.Required(pod, false, true), anti = w.Required(pod, true, true);
  Pairs existing, affinity, antiAffinity;
  for (const NodeInfo& n : w.c.nodes()) {
    const auto& labels = w.NodeLabels(n.index);
    for (PodIndex e : n.pods) {
      const v1::Pod& ep = w.c.podSpec(e);
      for (const auto& t : w.Required(ep, true, false))
        if (w.Matches(t, pod, nsl) && labels.count(t.key)) existing[{t.key, labels.at(t.key)}]++;
      bool all = !aff.empty();
      for (const auto& t : aff) all = all && w.Matches(t, ep, nullptr);
      if (all)
        for (const auto& t : aff)
          if (labels.count(t.key)) affinity[{t.key, labels.at(t.key)}]++;
      for (const auto& t : anti)
        if (w.Matches(t, ep, nullptr) && labels.count(t.key)) antiAffinity[{t.key, labels.at(t.key)}]++;
    }
  }
  FilterOutcome out;
  if (existing.empty() && aff.empty() && anti.empty()) {
    out.preFilter = Code::Skip;
    return out;
  }
  bool selfMatch = !aff.empty();
  for (const auto& t : aff) selfMatch = selfMatch && w.Matches(t, pod, nullptr);
  for (const NodeInfo& n : w.c.nodes()) {
    const auto& labels = w.NodeLabels(n.index);
    auto verdict = [&]() -> std::pair<Code, std::string> {
      bool podsExist = true;
      for (const auto& t : aff) {
        if (!labels.count(t.key))
          return {Code::UnschedulableAndUnresolvable, std::string(InterPodAffinity::kErrReasonAffinityRulesNotMatch)};
        if (affinity[{t.key, labels.at(t.key)}] <= 0) podsExist = false;
      }
      // (operator[] above only adds zero entries; emptiness is judged on positive counts)
      bool affinityEmpty = true;
      for (const auto& [k, v] : affinity) affinityEmpty = affinityEmpty && v == 0;
      if (!podsExist && !(affinityEmpty && selfMatch))
        return {Code::UnschedulableAndUnresolvable, std::string(InterPodAffinity::kErrReasonAffinityRulesNotMatch)};
      if (!antiAffinity.empty())
        for (const auto& t : anti)
          if (labels.count(t.key) && antiAffinity.count({t.key, labels.at(t.key)}))
            return {Code::Unschedulable, std::string(InterPodAffinity::kErrReasonAntiAffinityRulesNotMatch)};
      if (!existing.empty())
        for (const auto& [k, v] : labels)
          if (existing.count({k, v}))
            return {Code::Unschedulable, std::string(InterPodAffinity::kErrReasonExistingAntiAffinityRulesNotMatch)};
      return {Code::Success, ""};
    };
    out.perNode.push_back(verdict());
  }
  return out;
}

struct ScoreOutcome {
  Code preScore = Code::Success;
  std::vector<int64_t> raw, normalized;
};

ScoreOutcome Score(World& w, PodIndex pi, int32_t hardWeight, bool ignoreExisting) {
  const v1::Pod& pod = w.c.podSpec(pi);
  const LabelSet* nsl = &w.nsLabels[pod.metadata.ns];
  auto pa = w.Preferred(pod, false, true), paa = w.Preferred(pod, true, true);
  ScoreOutcome out;
  if (ignoreExisting && pa.empty() && paa.empty()) {
    out.preScore = Code::Skip;
    return out;
  }
  std::map<std::string, std::map<std::string, int64_t>> score;
  auto process = [&](const Term& t, const v1::Pod& p, const LabelSet* ns, const v1::LabelMap& labels, int64_t m) {
    if (w.Matches(t, p, ns) && labels.count(t.key)) score[t.key][labels.at(t.key)] += t.weight * m;
  };
  for (const NodeInfo& n : w.c.nodes()) {
    const auto& labels = w.NodeLabels(n.index);
    if (labels.empty()) continue;
    for (PodIndex e : n.pods) {
      const v1::Pod& ep = w.c.podSpec(e);
      for (const auto& t : pa) process(t, ep, nullptr, labels, 1);
      for (const auto& t : paa) process(t, ep, nullptr, labels, -1);
      if (hardWeight > 0)
        for (auto t : w.Required(ep, false, false)) {
          t.weight = hardWeight;
          process(t, pod, nsl, labels, 1);
        }
      for (const auto& t : w.Preferred(ep, false, false)) process(t, pod, nsl, labels, 1);
      for (const auto& t : w.Preferred(ep, true, false)) process(t, pod, nsl, labels, -1);
    }
  }
  if (score.empty()) {
    out.preScore = Code::Skip;
    return out;
  }
  for (const NodeInfo& n : w.c.nodes()) {
    int64_t s = 0;
    for (const auto& [k, values] : score) {
      auto it = w.NodeLabels(n.index).find(k);
      if (it != w.NodeLabels(n.index).end() && values.count(it->second)) s += values.at(it->second);
    }
    out.raw.push_back(s);
  }
  int64_t mn = INT64_MAX, mx = INT64_MIN;
  for (int64_t s : out.raw) mn = std::min(mn, s), mx = std::max(mx, s);
  for (int64_t s : out.raw)
    out.normalized.push_back(mx - mn > 0 ? static_cast<int64_t>(100.0 * (static_cast<double>(s - mn) / static_cast<double>(mx - mn))) : 0);
  return out;
}

}  // namespace ref

TEST(InterPodAffinityScoring, MatchesUpstreamAlgorithmOnRandomClusters) {
  std::mt19937 rng(20240607);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  const std::vector<std::string> nsNames = {"default", "ns1", "ns2", "ns3", "ns4", "ns5"};
  const std::vector<std::string> keys = {"zone", "kubernetes.io/hostname", "region", "rack"};
  auto randomSelector = [&]() -> std::optional<v1::LabelSelector> {
    int k = pick(10);
    if (k == 0) return std::nullopt;           // selects nothing
    if (k == 1) return v1::LabelSelector{};    // selects everything
    v1::LabelSelector s;
    if (pick(2)) s.matchLabels["app"] = std::string(1, static_cast<char>('a' + pick(3)));
    if (pick(3) == 0) s.matchExpressions.push_back({"tier", pick(2) ? "In" : "NotIn", {pick(2) ? "x" : "y"}});
    if (pick(4) == 0) s.matchExpressions.push_back({"tier", pick(2) ? "Exists" : "DoesNotExist", {}});
    if (s.matchLabels.empty() && s.matchExpressions.empty()) s.matchLabels["app"] = "a";
    return s;
  };
  auto randomTerm = [&]() {
    v1::PodAffinityTerm t;
    t.labelSelector = randomSelector();
    t.topologyKey = keys[pick(keys.size())];
    int nsMode = pick(6);
    if (nsMode == 1) t.namespaces = {nsNames[pick(nsNames.size())]};
    if (nsMode == 2) t.namespaces = {nsNames[pick(3)], nsNames[pick(nsNames.size())]};
    if (nsMode == 3) t.namespaceSelector = v1::LabelSelector{};
    if (nsMode == 4) t.namespaceSelector = v1::LabelSelector{{{"team", pick(2) ? "t1" : "t2"}}, {}};
    if (nsMode == 5) {
      t.namespaces = {nsNames[pick(nsNames.size())], nsNames[pick(nsNames.size())], nsNames[pick(nsNames.size())],
                      nsNames[pick(nsNames.size())], nsNames[pick(nsNames.size())]};
      if (pick(2)) t.namespaceSelector = v1::LabelSelector{{}, {{"kubernetes.io/metadata.name", "In", {"ns3"}}}};
    }
    return t;
  };
  auto randomAffinity = [&](bool heavy) -> std::optional<v1::Affinity> {
    if (pick(heavy ? 2 : 4) != 0) return std::nullopt;
    v1::Affinity a;
    for (int anti = 0; anti < 2; ++anti) {
      if (pick(3) == 0) continue;
      v1::PodAffinity pa;
      for (int i = pick(3); i > 0; --i) pa.requiredDuringSchedulingIgnoredDuringExecution.push_back(randomTerm());
      for (int i = pick(3); i > 0; --i)
        pa.preferredDuringSchedulingIgnoredDuringExecution.push_back({1 + pick(100), randomTerm()});
      (anti ? a.podAntiAffinity : a.podAffinity) = pa;
    }
    return a;
  };

  int comparedCycles = 0;
  for (int scenario = 0; scenario < 60; ++scenario) {
    SCOPED_TRACE("scenario " + std::to_string(scenario));
    std::vector<v1::Node> nodes;
    const int numNodes = 3 + pick(8);
    for (int i = 0; i < numNodes; ++i) {
      st::NodeWrapper n = st::MakeNode().Name("n" + std::to_string(i));
      if (pick(5)) n.Label("zone", "z" + std::to_string(pick(3)));
      if (pick(6)) n.Label("kubernetes.io/hostname", "n" + std::to_string(i));
      if (pick(2)) n.Label("region", "r" + std::to_string(pick(2)));
      if (pick(3) == 0) n.Label("rack", "k" + std::to_string(pick(4)));
      nodes.push_back(n.Obj());
    }
    std::vector<v1::Pod> pods;
    const int numPods = 5 + pick(40);
    for (int i = 0; i < numPods; ++i) {
      st::PodWrapper p = st::MakePod().Name("p" + std::to_string(i)).Namespace(nsNames[pick(nsNames.size())]);
      if (pick(4)) p.Label("app", std::string(1, static_cast<char>('a' + pick(3))));
      if (pick(2)) p.Label("tier", pick(2) ? "x" : "y");
      if (pick(3)) p.Node("n" + std::to_string(pick(numNodes)));
      if (pick(8) == 0) p.Terminating();
      v1::Pod pod = p.Obj();
      pod.spec.affinity = randomAffinity(pod.spec.nodeName.empty());
      pods.push_back(pod);
    }
    Scenario extra;
    extra.namespaces = {MakeNamespace("ns1", {{"team", "t1"}}), MakeNamespace("ns2", {{"team", "t2"}}),
                        MakeNamespace("ns5", {{"team", "t1"}})};
    const config::InterPodAffinityArgs args{.hardPodAffinityWeight = pick(3), .ignorePreferredTermsOfExistingPods = pick(4) == 0};
    // The harness's own pod is one more pending pod.
    v1::Pod last = st::MakePod().Name("incoming").Label("app", "a").Obj();
    last.spec.affinity = randomAffinity(true);
    st::PluginHarness h(nodes, pods, last, NewPlugin(args), extra);
    Cluster& cluster = h.cluster();
    auto& pl = dynamic_cast<InterPodAffinity&>(h.plugin());
    ref::World world(cluster);
    std::vector<NodeIndex> all;
    for (const auto& n : cluster.nodes()) all.push_back(n.index);

    for (int round = 0; round < 4; ++round) {
      for (PodIndex pi : cluster.PendingPods()) {
        SCOPED_TRACE("round " + std::to_string(round) + " pod " + cluster.pod(pi).key);
        const PodInfo& pod = cluster.pod(pi);
        CycleState state;
        CycleTrace trace;
        PreFilterResult r;
        ref::FilterOutcome want = ref::Filter(world, pi);
        Status pf = pl.PreFilter(state, pod, r, pick(2) ? &trace : nullptr);
        ASSERT_EQ(CodeName(pf.code), CodeName(want.preFilter));
        if (pf.IsSuccess()) {
          for (NodeIndex n : all) {
            Status f = pl.Filter(state, pod, cluster.node(n), nullptr);
            EXPECT_EQ(CodeName(f.code), CodeName(want.perNode[n].first)) << "node " << cluster.node(n).name;
            EXPECT_EQ(std::string(f.Message()), want.perNode[n].second) << "node " << cluster.node(n).name;
          }
        }
        ref::ScoreOutcome wantScore = ref::Score(world, pi, args.hardPodAffinityWeight,
                                                 args.ignorePreferredTermsOfExistingPods);
        Status ps = pl.PreScore(state, pod, all, pick(2) ? &trace : nullptr);
        ASSERT_EQ(CodeName(ps.code), CodeName(wantScore.preScore));
        if (ps.IsSuccess()) {
          std::vector<NodeScore> scores;
          std::vector<int64_t> raw;
          for (NodeIndex n : all) {
            NodeScore s{n, 0};
            ASSERT_TRUE(pl.Score(state, pod, cluster.node(n), s.score).IsSuccess());
            raw.push_back(s.score);
            scores.push_back(s);
          }
          EXPECT_EQ(raw, wantScore.raw);
          ASSERT_TRUE(pl.NormalizeScore(state, pod, scores).IsSuccess());
          std::vector<int64_t> normalized;
          for (const auto& s : scores) normalized.push_back(s.score);
          EXPECT_EQ(normalized, wantScore.normalized);
        }
        ++comparedCycles;
      }
      // Bind a few pending pods anywhere, then compare again.
      auto pending = cluster.PendingPods();
      for (int b = 0; b < 3 && !pending.empty(); ++b) {
        size_t i = pick(pending.size());
        cluster.Bind(pending[i], pick(numNodes));
        pending.erase(pending.begin() + static_cast<long>(i));
      }
    }
  }
  EXPECT_GT(comparedCycles, 500);
}

// ExplainScore: the terms counting pods in the node's domains, each weight x pods, and
// NormalizeScore's min and max.
TEST(InterPodAffinityScoring, ExplainScore) {
  const std::vector<v1::Node> nodes = {NodeWithLabels("n1", {{"zone", "a"}, {"host", "n1"}}),
                                       NodeWithLabels("n2", {{"zone", "a"}, {"host", "n2"}}),
                                       NodeWithLabels("n3", {{"zone", "b"}, {"host", "n3"}})};
  // Incoming: +5 per app=db pod in the zone, -3 per app=web pod on the host. An existing pod in
  // zone b prefers role=client pods (the incoming one) in its zone: +4. Raw: n1 10, n2 7, n3 4.
  const v1::Affinity incoming = MakeAffinity(Preferred({{5, Term({Req("app", "In", {"db"})}, "zone")}}),
                                             Preferred({{3, Term({Req("app", "In", {"web"})}, "host")}}));
  const v1::Affinity likesClients =
      MakeAffinity(Preferred({{4, Term({Req("role", "In", {"client"})}, "zone")}}), std::nullopt);
  const std::vector<v1::Pod> existing = {Pod("n1", {{"app", "db"}}), Pod("n2", {{"app", "db"}}),
                                         Pod("n2", {{"app", "web"}}), Pod("n3", {{"app", "cache"}}, likesClients)};
  struct Case {
    std::string name, node, score, normalize;
    int64_t raw = 0, normalized = 0;
  };
  const std::vector<Case> tests = {
      {"the pod's affinity and anti-affinity terms", "n2",
       "its preferred affinity term 1 (app in (db), topologyKey zone): 2 pod(s) in zone=a x 5 = 10; "
       "its preferred anti-affinity term 1 (app in (web), topologyKey host): 1 pod(s) in host=n2 x -3 = -3; sum 7",
       "(s - min) x 100 / (max - min) = (7 - 4) x 100 / (10 - 4) = 50 (min 4, max 10 over the 3 nodes)", 7, 50},
      {"an existing pod's term matching the pod", "n3",
       "existing pods' preferred affinity term (role in (client), topologyKey zone): 1 pod(s) in zone=b x 4 = 4; "
       "sum 4",
       "(s - min) x 100 / (max - min) = (4 - 4) x 100 / (10 - 4) = 0 (min 4, max 10 over the 3 nodes)", 4, 0},
  };
  for (const auto& tt : tests) {
    SCOPED_TRACE(tt.name);
    st::PluginHarness h(nodes, existing, Pod("", {{"role", "client"}}, incoming), NewPlugin());
    const st::Explained e = st::ExplainNode(h, Names(nodes), tt.node);
    EXPECT_EQ(e.x.score, tt.score);
    EXPECT_EQ(e.x.normalize, tt.normalize);
    EXPECT_EQ(e.raw, tt.raw);
    EXPECT_EQ(e.normalized, tt.normalized);
  }
}

}  // namespace
