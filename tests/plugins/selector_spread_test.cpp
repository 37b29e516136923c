// SelectorSpread is LEGACY: removed from kube-scheduler after v1.26. Ported from
// its last upstream versions in the index, kubernetes/kubernetes
//   pkg/scheduler/framework/plugins/selectorspread/selector_spread_test.go
//   (TestSelectorSpreadScore, TestZoneSelectorSpreadPriority)
//   at commit 791358f272316602fa9773708f5a442164414bc6,
// against selector_spread.go at 86b3ca48ea108bf601e7dac30684ca9b1308c488 (later
// versions, e.g. the one in sanposhiho/kubernetes at
// 059ce4e8a1d958959595b970acaf846259348518, only move GetZoneKey to
// k8s.io/component-helpers/node/topology and reword errors).
// Case names are upstream's, verbatim. Not ported: selector_spread_perf_test.go
// (a benchmark).
//
// Also the worked examples of the seed article
// /work/shared/seeds/001_1dc4af5dd1eb4675.txt ("SelectorSpread 调度插件"): the
// two-node examples 1 and 2 and the six-node, three-zone examples 3 and 4
// (TestArticleWorkedExamples).
//
// Adaptations:
//  * st.MakePod() leaves the namespace empty and upstream keeps it so (the
//    cases tell "" apart from "default"); spreadlab keeps "" too. For a pod
//    with the empty namespace upstream's Service lister lists every namespace
//    (metav1.NamespaceAll), so it finds the Services in "default";
//    helper::DefaultSelector looks in the pod's own namespace only, so in
//    those cases the Services are placed in the pod's empty namespace.
//  * Upstream's pods have no names; here each gets a unique one.
//  * TestZoneSelectorSpreadPriority lists nodes from a map and sorts the
//    scores; here nodes are in a fixed order and scores are compared by name.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/plugins/selectorspread/selector_spread.h"
#include "plugins/explain_test_util.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using plugins::SelectorSpread;
using testing::MakeNode;
using testing::MakePod;
using testing::PluginHarness;
using testing::PodWrapper;

PluginHarness::Factory Factory() {
  return [](Handle h) { return std::make_unique<SelectorSpread>(h); };
}

const std::string NamespaceDefault = "default";

int podCounter = 0;
// st.MakePod(): no namespace.
PodWrapper stMakePod() { return MakePod().Name("p" + std::to_string(podCounter++)).Namespace(""); }

// controllerRef(name, kind): a controller owner reference.
struct Kind {
  std::string apiVersion, kind;
};
const Kind rcKind{"v1", "ReplicationController"};
const Kind rsKind{"apps/v1", "ReplicaSet"};
const Kind ssKind{"apps/v1", "StatefulSet"};

PodWrapper OwnerReference(PodWrapper w, const std::string& name, const Kind& k) {
  w.OwnerReference(name, k.apiVersion, k.kind);
  return w;
}

v1::Service Svc(std::string ns, std::string name, v1::LabelMap selector) {
  v1::Service s;
  s.metadata.ns = std::move(ns);
  s.metadata.name = std::move(name);
  s.selector = std::move(selector);
  return s;
}
v1::ReplicationController RC(std::string ns, std::string name, v1::LabelMap selector) {
  v1::ReplicationController r;
  r.metadata.ns = std::move(ns);
  r.metadata.name = std::move(name);
  r.selector = std::move(selector);
  return r;
}
template <class T>
T WithMatchLabels(std::string ns, std::string name, v1::LabelMap matchLabels) {
  T r;
  r.metadata.ns = std::move(ns);
  r.metadata.name = std::move(name);
  r.selector = v1::LabelSelector{std::move(matchLabels), {}};
  return r;
}
v1::ReplicaSet RS(std::string ns, std::string name, v1::LabelMap m) {
  return WithMatchLabels<v1::ReplicaSet>(std::move(ns), std::move(name), std::move(m));
}
v1::StatefulSet SS(std::string ns, std::string name, v1::LabelMap m) {
  return WithMatchLabels<v1::StatefulSet>(std::move(ns), std::move(name), std::move(m));
}

struct ScoreCase {
  v1::Pod pod;
  std::vector<v1::Pod> pods;
  std::vector<v1::ReplicationController> rcs;
  std::vector<v1::ReplicaSet> rss;
  std::vector<v1::Service> services;
  std::vector<v1::StatefulSet> sss;
  std::vector<std::pair<std::string, int64_t>> expectedList;
  std::string name;
};

// Runs PreScore, Score and NormalizeScore over every node, as upstream does,
// and checks the normalized scores by node name (and the raw counts, when given).
void RunCase(const ScoreCase& test, const std::vector<v1::Node>& nodes,
         const std::vector<std::pair<std::string, int64_t>>& expectedRaw = {}) {
  Scenario extra;
  extra.services = test.services;
  if (test.pod.metadata.ns.empty())
    for (auto& s : extra.services)
      if (s.metadata.ns == NamespaceDefault) s.metadata.ns = "";  // upstream lists them via NamespaceAll
  extra.replicationControllers = test.rcs;
  extra.replicaSets = test.rss;
  extra.statefulSets = test.sss;
  PluginHarness h(nodes, test.pods, test.pod, Factory(), extra);
  std::vector<std::string> names;
  for (const auto& n : nodes) names.push_back(n.metadata.name);
  Status status;
  std::vector<int64_t> raw;
  std::vector<int64_t> got = h.Scores(names, &status, &raw);
  ASSERT_TRUE(status.IsSuccess()) << status.Message();
  std::map<std::string, int64_t> gotByName, rawByName;
  for (size_t i = 0; i < names.size(); ++i) {
    gotByName[names[i]] = got[i];
    rawByName[names[i]] = raw[i];
  }
  std::map<std::string, int64_t> want(test.expectedList.begin(), test.expectedList.end());
  EXPECT_EQ(gotByName, want);
  if (!expectedRaw.empty()) {
    std::map<std::string, int64_t> wantRaw(expectedRaw.begin(), expectedRaw.end());
    EXPECT_EQ(rawByName, wantRaw);
  }
}

// makeNodeList
std::vector<v1::Node> makeNodeList(const std::vector<std::string>& nodeNames) {
  std::vector<v1::Node> nodes;
  for (const auto& n : nodeNames) nodes.push_back(MakeNode().Name(n).Obj());
  return nodes;
}

TEST(SelectorSpreadTest, TestSelectorSpreadScore) {
  const v1::LabelMap labels1 = {{"foo", "bar"}, {"baz", "blah"}};
  const v1::LabelMap labels2 = {{"bar", "foo"}, {"baz", "blah"}};
  // zone1Spec / zone2Spec: v1.PodSpec{NodeName: "node1" / "node2"}, in ObjectMeta-only pods.
  auto zone1 = [](const v1::LabelMap& l, const std::string& ns) {
    return stMakePod().Labels(l).Namespace(ns).Node("node1");
  };
  auto zone2 = [](const v1::LabelMap& l, const std::string& ns) {
    return stMakePod().Labels(l).Namespace(ns).Node("node2");
  };
  const int64_t Max = kMaxNodeScore;
  auto rc = [&](PodWrapper w, const std::string& name) { return OwnerReference(w, name, rcKind).Obj(); };
  auto rs = [&](PodWrapper w, const std::string& name) { return OwnerReference(w, name, rsKind).Obj(); };
  auto ss = [&](PodWrapper w, const std::string& name) { return OwnerReference(w, name, ssKind).Obj(); };
  auto def = [&]() { return stMakePod().Namespace(NamespaceDefault); };

  std::vector<ScoreCase> tests = {
      {
          .pod = stMakePod().Obj(),
          .expectedList = {{"node1", Max}, {"node2", Max}},
          .name = "nothing scheduled",
      },
      {
          .pod = stMakePod().Labels(labels1).Obj(),
          .pods = {stMakePod().Node("node1").Obj()},
          .expectedList = {{"node1", Max}, {"node2", Max}},
          .name = "no services",
      },
      {
          .pod = stMakePod().Labels(labels1).Obj(),
          .pods = {stMakePod().Labels(labels2).Node("node1").Obj()},
          .services = {Svc(NamespaceDefault, "s1", {{"key", "value"}})},
          .expectedList = {{"node1", Max}, {"node2", Max}},
          .name = "different services",
      },
      {
          .pod = stMakePod().Labels(labels1).Obj(),
          .pods = {stMakePod().Labels(labels2).Node("node1").Obj(), stMakePod().Labels(labels1).Node("node2").Obj()},
          .services = {Svc(NamespaceDefault, "s1", labels1)},
          .expectedList = {{"node1", Max}, {"node2", 0}},
          .name = "two pods, one service pod",
      },
      {
          .pod = stMakePod().Labels(labels1).Obj(),
          .pods =
              {
                  stMakePod().Labels(labels2).Node("node1").Obj(),
                  stMakePod().Labels(labels1).Node("node1").Namespace(NamespaceDefault).Obj(),
                  stMakePod().Labels(labels1).Node("node1").Namespace("ns1").Obj(),
                  stMakePod().Labels(labels1).Node("node2").Obj(),
                  stMakePod().Labels(labels2).Node("node2").Obj(),
              },
          .services = {Svc(NamespaceDefault, "s1", labels1)},
          .expectedList = {{"node1", Max}, {"node2", 0}},
          .name = "five pods, one service pod in no namespace",
      },
      {
          .pod = stMakePod().Labels(labels1).Namespace(NamespaceDefault).Obj(),
          .pods =
              {
                  zone1(labels1, "").Obj(),
                  zone1(labels1, "ns1").Obj(),
                  zone2(labels1, NamespaceDefault).Obj(),
                  zone2(labels2, "").Obj(),
              },
          .services = {Svc(NamespaceDefault, "s1", labels1)},
          .expectedList = {{"node1", Max}, {"node2", 0}},
          .name = "four pods, one service pod in default namespace",
      },
      {
          .pod = stMakePod().Labels(labels1).Namespace("ns1").Obj(),
          .pods =
              {
                  stMakePod().Labels(labels2).Node("node1").Obj(),
                  stMakePod().Labels(labels1).Node("node1").Namespace(NamespaceDefault).Obj(),
                  stMakePod().Labels(labels1).Node("node1").Namespace("ns2").Obj(),
                  stMakePod().Labels(labels1).Node("node2").Namespace("ns1").Obj(),
                  stMakePod().Labels(labels2).Node("node2").Obj(),
              },
          .services = {Svc("ns1", "", labels1)},
          .expectedList = {{"node1", Max}, {"node2", 0}},
          .name = "five pods, one service pod in specific namespace",
      },
      {
          .pod = stMakePod().Labels(labels1).Obj(),
          .pods =
              {
                  stMakePod().Labels(labels2).Node("node1").Obj(),
                  stMakePod().Labels(labels1).Node("node1").Obj(),
                  stMakePod().Labels(labels1).Node("node2").Obj(),
              },
          .services = {Svc(NamespaceDefault, "s1", labels1)},
          .expectedList = {{"node1", 0}, {"node2", 0}},
          .name = "three pods, two service pods on different nodes",
      },
      {
          .pod = stMakePod().Labels(labels1).Obj(),
          .pods =
              {
                  stMakePod().Labels(labels2).Node("node1").Obj(),
                  stMakePod().Labels(labels1).Node("node1").Obj(),
                  stMakePod().Labels(labels1).Node("node2").Obj(),
                  stMakePod().Labels(labels1).Node("node2").Obj(),
              },
          .services = {Svc(NamespaceDefault, "s1", labels1)},
          .expectedList = {{"node1", 50}, {"node2", 0}},
          .name = "four pods, three service pods",
      },
      {
          .pod = stMakePod().Labels(labels1).Obj(),
          .pods =
              {
                  stMakePod().Labels(labels2).Node("node1").Obj(),
                  stMakePod().Labels(labels1).Node("node1").Obj(),
                  stMakePod().Labels(labels1).Node("node2").Obj(),
              },
          .services = {Svc(NamespaceDefault, "s1", {{"baz", "blah"}})},
          .expectedList = {{"node1", 0}, {"node2", 50}},
          .name = "service with partial pod label matches",
      },
      {
          .pod = rc(def().Labels(labels1), "rc1"),
          .pods =
              {
                  def().Node("node1").Labels(labels2).Obj(),
                  def().Node("node1").Labels(labels1).Obj(),
                  def().Node("node2").Labels(labels1).Obj(),
              },
          .rcs = {RC(NamespaceDefault, "rc1", {{"foo", "bar"}}), RC(NamespaceDefault, "rc2", {{"bar", "foo"}})},
          .services = {Svc(NamespaceDefault, "s1", {{"baz", "blah"}})},
          // "baz=blah" matches both labels1 and labels2, and "foo=bar" matches only labels 1. This means that we assume that we want to
          // do spreading pod2 and pod3 and not pod1.
          .expectedList = {{"node1", 0}, {"node2", 0}},
          .name = "service with partial pod label matches with service and replication controller",
      },
      {
          .pod = rs(def().Labels(labels1), "rs1"),
          .pods =
              {
                  def().Node("node1").Labels(labels2).Obj(),
                  def().Node("node1").Labels(labels1).Obj(),
                  def().Node("node2").Labels(labels1).Obj(),
              },
          .rss = {RS(NamespaceDefault, "rs1", {{"foo", "bar"}}), RS(NamespaceDefault, "rs2", {{"bar", "foo"}})},
          .services = {Svc(NamespaceDefault, "s1", {{"baz", "blah"}})},
          // We use ReplicaSet, instead of ReplicationController. The result should be exactly as above.
          .expectedList = {{"node1", 0}, {"node2", 0}},
          .name = "service with partial pod label matches with service and replica set",
      },
      {
          .pod = ss(def().Labels(labels1), "ss1"),
          .pods =
              {
                  def().Node("node1").Labels(labels2).Obj(),
                  def().Node("node1").Labels(labels1).Obj(),
                  def().Node("node2").Labels(labels1).Obj(),
              },
          .services = {Svc(NamespaceDefault, "s1", {{"baz", "blah"}})},
          .sss = {SS(NamespaceDefault, "ss1", {{"foo", "bar"}}), SS(NamespaceDefault, "ss2", {{"bar", "foo"}})},
          .expectedList = {{"node1", 0}, {"node2", 0}},
          .name = "service with partial pod label matches with service and statefulset",
      },
      {
          .pod = rc(def().Labels({{"foo", "bar"}, {"bar", "foo"}}), "rc3"),
          .pods =
              {
                  rc(def().Node("node1").Labels(labels2), "rc2"),
                  rc(def().Node("node1").Labels(labels1), "rc1"),
                  rc(def().Node("node2").Labels(labels1), "rc1"),
              },
          .rcs = {RC(NamespaceDefault, "rc3", {{"foo", "bar"}})},
          .services = {Svc(NamespaceDefault, "s1", {{"bar", "foo"}})},
          // Taken together Service and Replication Controller should match no pods.
          .expectedList = {{"node1", Max}, {"node2", Max}},
          .name = "disjoined service and replication controller matches no pods",
      },
      {
          .pod = rs(def().Labels({{"foo", "bar"}, {"bar", "foo"}}), "rs3"),
          .pods =
              {
                  rs(def().Node("node1").Labels(labels2), "rs2"),
                  rs(def().Node("node1").Labels(labels1), "rs1"),
                  rs(def().Node("node2").Labels(labels1), "rs1"),
              },
          .rss = {RS(NamespaceDefault, "rs3", {{"foo", "bar"}})},
          .services = {Svc(NamespaceDefault, "s1", {{"bar", "foo"}})},
          // We use ReplicaSet, instead of ReplicationController. The result should be exactly as above.
          .expectedList = {{"node1", Max}, {"node2", Max}},
          .name = "disjoined service and replica set matches no pods",
      },
      {
          .pod = ss(def().Labels({{"foo", "bar"}, {"bar", "foo"}}), "ss3"),
          .pods =
              {
                  ss(def().Node("node1").Labels(labels2), "ss2"),
                  ss(def().Node("node1").Labels(labels1), "ss1"),
                  ss(def().Node("node2").Labels(labels1), "ss1"),
              },
          .services = {Svc(NamespaceDefault, "s1", {{"bar", "foo"}})},
          .sss = {SS(NamespaceDefault, "ss3", {{"foo", "bar"}})},
          .expectedList = {{"node1", Max}, {"node2", Max}},
          .name = "disjoined service and stateful set matches no pods",
      },
      {
          .pod = rc(def().Labels(labels1), "rc1"),
          .pods =
              {
                  rc(def().Node("node1").Labels(labels2), "rc2"),
                  rc(def().Node("node1").Labels(labels1), "rc1"),
                  rc(def().Node("node2").Labels(labels1), "rc1"),
              },
          .rcs = {RC(NamespaceDefault, "rc1", {{"foo", "bar"}})},
          // Both Nodes have one pod from the given RC, hence both get 0 score.
          .expectedList = {{"node1", 0}, {"node2", 0}},
          .name = "Replication controller with partial pod label matches",
      },
      {
          .pod = rs(def().Labels(labels1), "rs1"),
          .pods =
              {
                  rs(def().Node("node1").Labels(labels2), "rs2"),
                  rs(def().Node("node1").Labels(labels1), "rs1"),
                  rs(def().Node("node2").Labels(labels1), "rs1"),
              },
          .rss = {RS(NamespaceDefault, "rs1", {{"foo", "bar"}})},
          // We use ReplicaSet, instead of ReplicationController. The result should be exactly as above.
          .expectedList = {{"node1", 0}, {"node2", 0}},
          .name = "Replica set with partial pod label matches",
      },
      {
          .pod = ss(def().Labels(labels1), "ss1"),
          .pods =
              {
                  ss(def().Node("node1").Labels(labels2), "ss2"),
                  ss(def().Node("node1").Labels(labels1), "ss1"),
                  ss(def().Node("node2").Labels(labels1), "ss1"),
              },
          .sss = {SS(NamespaceDefault, "ss1", {{"foo", "bar"}})},
          // We use StatefulSet, instead of ReplicationController. The result should be exactly as above.
          .expectedList = {{"node1", 0}, {"node2", 0}},
          .name = "StatefulSet with partial pod label matches",
      },
      {
          .pod = rc(def().Labels(labels1), "rc3"),
          .pods =
              {
                  rc(def().Node("node1").Labels(labels2), "rc2"),
                  rc(def().Node("node1").Labels(labels1), "rc1"),
                  rc(def().Node("node2").Labels(labels1), "rc1"),
              },
          .rcs = {RC(NamespaceDefault, "rc3", {{"baz", "blah"}})},
          .expectedList = {{"node1", 0}, {"node2", 50}},
          .name = "Another replication controller with partial pod label matches",
      },
      {
          .pod = rs(def().Labels(labels1), "rs3"),
          .pods =
              {
                  rs(def().Node("node1").Labels(labels2), "rs2"),
                  rs(def().Node("node1").Labels(labels1), "rs1"),
                  rs(def().Node("node2").Labels(labels1), "rs1"),
              },
          .rss = {RS(NamespaceDefault, "rs3", {{"baz", "blah"}})},
          // We use ReplicaSet, instead of ReplicationController. The result should be exactly as above.
          .expectedList = {{"node1", 0}, {"node2", 50}},
          .name = "Another replication set with partial pod label matches",
      },
      {
          .pod = ss(def().Labels(labels1), "ss3"),
          .pods =
              {
                  ss(def().Node("node1").Labels(labels2), "ss2"),
                  ss(def().Node("node1").Labels(labels1), "ss1"),
                  ss(def().Node("node2").Labels(labels1), "ss1"),
              },
          .sss = {SS(NamespaceDefault, "ss3", {{"baz", "blah"}})},
          // We use StatefulSet, instead of ReplicationController. The result should be exactly as above.
          .expectedList = {{"node1", 0}, {"node2", 50}},
          .name = "Another stateful set with partial pod label matches",
      },
      {
          .pod = ss(def().Labels(labels1).SpreadConstraint(1, "foo", v1::kDoNotSchedule, std::nullopt), "ss1"),
          .pods =
              {
                  ss(zone1(labels2, NamespaceDefault), "ss2"),
                  ss(zone1(labels1, NamespaceDefault), "ss1"),
                  ss(zone2(labels1, NamespaceDefault), "ss1"),
              },
          .sss = {SS(NamespaceDefault, "ss1", {{"baz", "blah"}})},
          .expectedList = {{"node1", 0}, {"node2", 0}},
          .name = "Another statefulset with TopologySpreadConstraints set in pod",
      },
  };

  const auto nodes = makeNodeList({"node1", "node2"});
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    RunCase(test, nodes);
  }
}

// buildPod(nodeName, labels, ownerRefs): a pod of the default namespace.
PodWrapper buildPod(const std::string& nodeName, const v1::LabelMap& labels) {
  return stMakePod().Namespace(NamespaceDefault).Labels(labels).Node(nodeName);
}

std::vector<v1::Node> zoneNodes(const std::vector<std::pair<std::string, std::string>>& nodeZones) {
  std::vector<v1::Node> nodes;
  for (const auto& [name, zone] : nodeZones)
    nodes.push_back(MakeNode().Name(name).Label(kLabelTopologyZone, zone).Obj());
  return nodes;
}

TEST(SelectorSpreadTest, TestZoneSelectorSpreadPriority) {
  const v1::LabelMap labels1 = {{"label1", "l1"}, {"baz", "blah"}};
  const v1::LabelMap labels2 = {{"label2", "l2"}, {"baz", "blah"}};

  const std::string nodeMachine1Zone1 = "node1.zone1";
  const std::string nodeMachine1Zone2 = "node1.zone2";
  const std::string nodeMachine2Zone2 = "node2.zone2";
  const std::string nodeMachine1Zone3 = "node1.zone3";
  const std::string nodeMachine2Zone3 = "node2.zone3";
  const std::string nodeMachine3Zone3 = "node3.zone3";
  const auto nodes = zoneNodes({{nodeMachine1Zone1, "zone1"},
                                {nodeMachine1Zone2, "zone2"},
                                {nodeMachine2Zone2, "zone2"},
                                {nodeMachine1Zone3, "zone3"},
                                {nodeMachine2Zone3, "zone3"},
                                {nodeMachine3Zone3, "zone3"}});
  const int64_t Max = kMaxNodeScore;
  const v1::Service s1 = Svc(NamespaceDefault, "s1", labels1);

  std::vector<ScoreCase> tests = {
      {
          .pod = stMakePod().Obj(),
          .expectedList = {{nodeMachine1Zone1, Max},
                           {nodeMachine1Zone2, Max},
                           {nodeMachine2Zone2, Max},
                           {nodeMachine1Zone3, Max},
                           {nodeMachine2Zone3, Max},
                           {nodeMachine3Zone3, Max}},
          .name = "nothing scheduled",
      },
      {
          .pod = buildPod("", labels1).Obj(),
          .pods = {buildPod(nodeMachine1Zone1, {}).Obj()},
          .expectedList = {{nodeMachine1Zone1, Max},
                           {nodeMachine1Zone2, Max},
                           {nodeMachine2Zone2, Max},
                           {nodeMachine1Zone3, Max},
                           {nodeMachine2Zone3, Max},
                           {nodeMachine3Zone3, Max}},
          .name = "no services",
      },
      {
          .pod = buildPod("", labels1).Obj(),
          .pods = {buildPod(nodeMachine1Zone1, labels2).Obj()},
          .services = {Svc(NamespaceDefault, "s1", {{"key", "value"}})},
          .expectedList = {{nodeMachine1Zone1, Max},
                           {nodeMachine1Zone2, Max},
                           {nodeMachine2Zone2, Max},
                           {nodeMachine1Zone3, Max},
                           {nodeMachine2Zone3, Max},
                           {nodeMachine3Zone3, Max}},
          .name = "different services",
      },
      {
          .pod = buildPod("", labels1).Obj(),
          .pods = {buildPod(nodeMachine1Zone1, labels2).Obj(), buildPod(nodeMachine1Zone2, labels2).Obj()},
          .services = {s1},
          .expectedList = {{nodeMachine1Zone1, Max},
                           {nodeMachine1Zone2, Max},
                           {nodeMachine2Zone2, Max},
                           {nodeMachine1Zone3, Max},
                           {nodeMachine2Zone3, Max},
                           {nodeMachine3Zone3, Max}},
          .name = "two pods, 0 matching",
      },
      {
          .pod = buildPod("", labels1).Obj(),
          .pods = {buildPod(nodeMachine1Zone1, labels2).Obj(), buildPod(nodeMachine1Zone2, labels1).Obj()},
          .services = {s1},
          .expectedList = {{nodeMachine1Zone1, Max},
                           {nodeMachine1Zone2, 0},   // Already have pod on node
                           {nodeMachine2Zone2, 33},  // Already have pod in zone
                           {nodeMachine1Zone3, Max},
                           {nodeMachine2Zone3, Max},
                           {nodeMachine3Zone3, Max}},
          .name = "two pods, 1 matching (in z2)",
      },
      {
          .pod = buildPod("", labels1).Obj(),
          .pods =
              {
                  buildPod(nodeMachine1Zone1, labels2).Obj(),
                  buildPod(nodeMachine1Zone2, labels1).Obj(),
                  buildPod(nodeMachine2Zone2, labels1).Obj(),
                  buildPod(nodeMachine1Zone3, labels2).Obj(),
                  buildPod(nodeMachine2Zone3, labels1).Obj(),
              },
          .services = {s1},
          .expectedList = {{nodeMachine1Zone1, Max},
                           {nodeMachine1Zone2, 0},   // Pod on node
                           {nodeMachine2Zone2, 0},   // Pod on node
                           {nodeMachine1Zone3, 66},  // Pod in zone
                           {nodeMachine2Zone3, 33},  // Pod on node
                           {nodeMachine3Zone3, 66}},  // Pod in zone
          .name = "five pods, 3 matching (z2=2, z3=1)",
      },
      {
          .pod = buildPod("", labels1).Obj(),
          .pods =
              {
                  buildPod(nodeMachine1Zone1, labels1).Obj(),
                  buildPod(nodeMachine1Zone2, labels1).Obj(),
                  buildPod(nodeMachine2Zone2, labels2).Obj(),
                  buildPod(nodeMachine1Zone3, labels1).Obj(),
              },
          .services = {s1},
          .expectedList = {{nodeMachine1Zone1, 0},   // Pod on node
                           {nodeMachine1Zone2, 0},   // Pod on node
                           {nodeMachine2Zone2, 33},  // Pod in zone
                           {nodeMachine1Zone3, 0},   // Pod on node
                           {nodeMachine2Zone3, 33},  // Pod in zone
                           {nodeMachine3Zone3, 33}},  // Pod in zone
          .name = "four pods, 3 matching (z1=1, z2=1, z3=1)",
      },
      {
          .pod = buildPod("", labels1).Obj(),
          .pods =
              {
                  buildPod(nodeMachine1Zone1, labels1).Obj(),
                  buildPod(nodeMachine1Zone2, labels1).Obj(),
                  buildPod(nodeMachine2Zone2, labels1).Obj(),
                  buildPod(nodeMachine2Zone2, labels2).Obj(),
                  buildPod(nodeMachine1Zone3, labels1).Obj(),
              },
          .services = {s1},
          .expectedList = {{nodeMachine1Zone1, 33},  // Pod on node
                           {nodeMachine1Zone2, 0},   // Pod on node
                           {nodeMachine2Zone2, 0},   // Pod in zone
                           {nodeMachine1Zone3, 33},  // Pod on node
                           {nodeMachine2Zone3, 66},  // Pod in zone
                           {nodeMachine3Zone3, 66}},  // Pod in zone
          .name = "five pods, 4 matching (z1=1, z2=2, z3=1)",
      },
      {
          .pod = OwnerReference(buildPod("", labels1), "rc1", rcKind).Obj(),
          .pods =
              {
                  buildPod(nodeMachine1Zone3, labels1).Obj(),
                  buildPod(nodeMachine1Zone2, labels1).Obj(),
                  buildPod(nodeMachine1Zone3, labels1).Obj(),
              },
          .rcs = {RC(NamespaceDefault, "rc1", labels1)},
          // Note that because we put two pods on the same node (nodeMachine1Zone3),
          // the values here are questionable for zone2, in particular for nodeMachine1Zone2.
          // However they kind of make sense; zone1 is still most-highly favored.
          // zone3 is in general least favored, and m1.z3 particularly low priority.
          // We would probably prefer to see a bigger gap between putting a second
          // pod on m1.z2 and putting a pod on m2.z2, but the ordering is correct.
          // This is also consistent with what we have already.
          .expectedList = {{nodeMachine1Zone1, Max},  // No pods in zone
                           {nodeMachine1Zone2, 50},   // Pod on node
                           {nodeMachine2Zone2, 66},   // Pod in zone
                           {nodeMachine1Zone3, 0},    // Two pods on node
                           {nodeMachine2Zone3, 33},   // Pod in zone
                           {nodeMachine3Zone3, 33}},  // Pod in zone
          .name = "Replication controller spreading (z1=0, z2=1, z3=2)",
      },
  };

  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    RunCase(test, nodes);
  }
}

// The seed article's worked examples (its labels1/labels2, a Service s1 in
// "default" selecting labels1, the incoming pod in "default" with labels1).
// Examples 1 and 2 are upstream's "four pods, three service pods" and
// "service with partial pod label matches with service and replication
// controller" (the article's DefaultSelector found RCs by listing those that
// select the pod; the current one follows the controller owner reference, so
// the pod names rc1 as its controller). Examples 3 and 4 are the two tables:
// six nodes, node1 in zone1, node2-3 in zone2, node4-6 in zone3.
TEST(SelectorSpreadTest, TestArticleWorkedExamples) {
  const v1::LabelMap labels1 = {{"foo", "bar"}, {"baz", "blah"}};
  const v1::LabelMap labels2 = {{"bar", "foo"}, {"baz", "blah"}};
  auto pod = [&](const std::string& node, const v1::LabelMap& l) { return buildPod(node, l).Obj(); };
  const auto twoNodes = makeNodeList({"node1", "node2"});
  const auto sixNodes = zoneNodes({{"node1", "zone1"},
                                   {"node2", "zone2"},
                                   {"node3", "zone2"},
                                   {"node4", "zone3"},
                                   {"node5", "zone3"},
                                   {"node6", "zone3"}});
  {
    SCOPED_TRACE("article example 1: no zones, Service selecting labels1");
    ScoreCase c{
        .pod = buildPod("", labels1).Obj(),
        .pods = {pod("node1", labels1), pod("node1", labels2), pod("node2", labels1), pod("node2", labels1)},
        .services = {Svc(NamespaceDefault, "s1", labels1)},
        // 100*(2-1)/2 = 50, 100*(2-2)/2 = 0
        .expectedList = {{"node1", 50}, {"node2", 0}},
    };
    RunCase(c, twoNodes, {{"node1", 1}, {"node2", 2}});
  }
  {
    SCOPED_TRACE("article example 2: no zones, Service baz=blah and ReplicationController foo=bar");
    ScoreCase c{
        .pod = OwnerReference(buildPod("", labels1), "rc1", rcKind).Obj(),
        .pods = {pod("node1", labels1), pod("node1", labels2), pod("node2", labels1)},
        .rcs = {RC(NamespaceDefault, "rc1", {{"foo", "bar"}})},
        .services = {Svc(NamespaceDefault, "s1", {{"baz", "blah"}})},
        // the selector is baz=blah AND foo=bar: one pod on each node
        .expectedList = {{"node1", 0}, {"node2", 0}},
    };
    RunCase(c, twoNodes, {{"node1", 1}, {"node2", 1}});
  }
  {
    // | node             |   1 |   2 |   3 |   4 |   5 |   6 |
    // | node count       |   0 |   1 |   1 |   0 |   1 |   0 |  max 1
    // | node score       | 100 |   0 |   0 | 100 |   0 | 100 |  x 1/3
    // | zone count       |   0 |   2 |   2 |   1 |   1 |   1 |  max 2
    // | zone score       | 100 |   0 |   0 |  50 |  50 |  50 |  x 2/3
    // | total            | 100 |   0 |   0 |  66 |  33 |  66 |
    SCOPED_TRACE("article example 3: labels2, labels1, labels1, labels2, labels1 on node1-5");
    ScoreCase c{
        .pod = buildPod("", labels1).Obj(),
        .pods = {pod("node1", labels2), pod("node2", labels1), pod("node3", labels1), pod("node4", labels2),
                 pod("node5", labels1)},
        .services = {Svc(NamespaceDefault, "s1", labels1)},
        .expectedList = {{"node1", 100}, {"node2", 0}, {"node3", 0}, {"node4", 66}, {"node5", 33}, {"node6", 66}},
    };
    RunCase(c, sixNodes, {{"node1", 0}, {"node2", 1}, {"node3", 1}, {"node4", 0}, {"node5", 1}, {"node6", 0}});
  }
  {
    // | node             |   1 |   2 |   3 |   4 |   5 |   6 |
    // | node count       |   1 |   1 |   0 |   1 |   0 |   0 |  max 1
    // | node score       |   0 |   0 | 100 |   0 | 100 | 100 |  x 1/3
    // | zone count       |   1 |   1 |   1 |   1 |   1 |   1 |  max 1
    // | zone score       |   0 |   0 |   0 |   0 |   0 |   0 |  x 2/3
    // | total            |   0 |   0 |  33 |   0 |  33 |  33 |
    SCOPED_TRACE("article example 4: labels1, labels1, labels2, labels1 on node1-4");
    ScoreCase c{
        .pod = buildPod("", labels1).Obj(),
        .pods = {pod("node1", labels1), pod("node2", labels1), pod("node3", labels2), pod("node4", labels1)},
        .services = {Svc(NamespaceDefault, "s1", labels1)},
        .expectedList = {{"node1", 0}, {"node2", 0}, {"node3", 33}, {"node4", 0}, {"node5", 33}, {"node6", 33}},
    };
    RunCase(c, sixNodes, {{"node1", 1}, {"node2", 1}, {"node3", 0}, {"node4", 1}, {"node5", 0}, {"node6", 0}});
  }
}

// Not upstream: pieces the ported tables do not reach.
TEST(SelectorSpreadTest, Details) {
  {
    SCOPED_TRACE("GetZoneKey: beta labels first, region and zone, present-but-empty counts");
    StringPool pool;
    auto key = [&](const v1::LabelMap& m) {
      LabelSet l;
      for (const auto& [k, v] : m) l.Set(pool.Intern(k), pool.Intern(v));
      return SelectorSpread::GetZoneKey(l, pool);
    };
    EXPECT_EQ(key({}), "");
    EXPECT_EQ(key({{"topology.kubernetes.io/zone", "z"}}), std::string(":\0:z", 4));
    EXPECT_EQ(key({{"topology.kubernetes.io/region", "r"}}), std::string("r:\0:", 4));
    EXPECT_EQ(key({{"failure-domain.beta.kubernetes.io/zone", "b"}, {"topology.kubernetes.io/zone", "z"}}),
              std::string(":\0:b", 4));
    EXPECT_EQ(key({{"failure-domain.beta.kubernetes.io/zone", ""}, {"topology.kubernetes.io/zone", "z"}}), "");
  }
  {
    // Terminating pods are not counted; nodes without a zone keep the
    // node-only score while zoned nodes blend in their zone's.
    SCOPED_TRACE("terminating pods and a node without zone");
    const v1::LabelMap l = {{"app", "web"}};
    std::vector<v1::Node> nodes = {MakeNode().Name("a").Label(kLabelTopologyZone, "z1").Obj(),
                                   MakeNode().Name("b").Label(kLabelTopologyZone, "z1").Obj(),
                                   MakeNode().Name("c").Obj()};
    ScoreCase c{
        .pod = buildPod("", l).Obj(),
        .pods = {buildPod("a", l).Obj(), buildPod("c", l).Terminating().Obj()},
        .services = {Svc(NamespaceDefault, "web", l)},
        // a: 0*1/3 + 0*2/3; b: 100*1/3 + 0*2/3 = 33; c (no zone): 100
        .expectedList = {{"a", 0}, {"b", 33}, {"c", 100}},
    };
    RunCase(c, nodes, {{"a", 1}, {"b", 0}, {"c", 0}});
  }
}

// spreadlab: ExplainScore, the matching pods on the node and NormalizeScore's node and zone
// scores weighted 1/3 and 2/3 (article example 3, and a node without a zone).
TEST(SelectorSpreadTest, ExplainScore) {
  const v1::LabelMap labels1 = {{"foo", "bar"}, {"baz", "blah"}};
  const v1::LabelMap labels2 = {{"bar", "foo"}, {"baz", "blah"}};
  std::vector<v1::Node> nodes = zoneNodes({{"node1", "zone1"}, {"node2", "zone2"}, {"node3", "zone2"},
                                           {"node4", "zone3"}, {"node5", "zone3"}});
  nodes.push_back(MakeNode().Name("node6").Obj());
  const std::vector<v1::Pod> pods = {buildPod("node1", labels2).Obj(), buildPod("node2", labels1).Obj(),
                                     buildPod("node3", labels1).Obj(), buildPod("node4", labels2).Obj(),
                                     buildPod("node5", labels1).Obj()};
  Scenario extra;
  extra.services = {Svc(NamespaceDefault, "s1", labels1)};
  struct Case {
    std::string name;
    v1::Pod pod;
    std::string node, score, normalize;
    int64_t raw = 0, normalized = 0;
  };
  const std::vector<Case> tests = {
      {"a zoned node", buildPod("", labels1).Obj(), "node5",
       "1 pod(s) on the node match baz=blah,foo=bar (the selectors of its Services and controller) in its namespace",
       "node: 100 x (1 - 1) / 1 = 0.000; zone zone3: 100 x (2 - 1) / 2 = 50.000; 0.000 x 1/3 + 50.000 x 2/3 = "
       "33.333 -> 33",
       1, 33},
      {"a node without a zone", buildPod("", labels1).Obj(), "node6",
       "0 pod(s) on the node match baz=blah,foo=bar (the selectors of its Services and controller) in its namespace",
       "node: 100 x (1 - 0) / 1 = 100.000 -> 100", 0, 100},
      {"a pod with its own spread constraints",
       buildPod("", labels1).SpreadConstraint(1, kLabelTopologyZone, v1::kScheduleAnyway, std::nullopt).Obj(), "node5",
       "the pod has topologySpreadConstraints of its own: 0", "left as is: 0", 0, 0},
  };
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    PluginHarness h(nodes, pods, test.pod, Factory(), extra);
    std::vector<std::string> names;
    for (const auto& n : nodes) names.push_back(n.metadata.name);
    const testing::Explained e = testing::ExplainNode(h, names, test.node);
    EXPECT_EQ(e.x.score, test.score);
    EXPECT_EQ(e.x.normalize, test.normalize);
    EXPECT_EQ(e.raw, test.raw);
    EXPECT_EQ(e.normalized, test.normalized);
  }
}

}  // namespace
}  // namespace spreadlab
