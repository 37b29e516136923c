// The descheduler's RemovePodsViolatingTopologySpreadConstraint (core/descheduler) on
// upstream's own table: sigs.k8s.io/descheduler pkg/framework/plugins/
// removepodsviolatingtopologyspreadconstraint/topologyspreadconstraint_test.go
// TestTopologySpreadConstraint, with its helpers: test.BuildTestNode (2000m / 3000 bytes /
// 10 pods by default), pods pod-0, pod-1, ... of 100m owned by a ReplicaSet unless noOwners,
// getDefaultTopologyConstraints (zone, foo=bar, DoNotSchedule) and
// getDefaultNodeTopologyConstraints (key "node").
#include <gtest/gtest.h>

#include <functional>

#include "core/descheduler/topology_spread.h"
#include "core/quantity.h"

namespace spreadlab::descheduler {
namespace {

Quantity Q(const std::string& s) { return *ParseQuantity(s); }

v1::Node Node(const std::string& name, v1::LabelMap labels, const std::string& cpu = "2000m") {
  v1::Node n;
  n.metadata.name = name;
  n.metadata.labels = std::move(labels);
  n.metadata.labels["kubernetes.io/hostname"] = name;
  n.allocatable = {{"cpu", Q(cpu)}, {"memory", Q("3000")}, {"pods", Q("10")}};
  return n;
}

v1::TopologySpreadConstraint Constraint(int32_t maxSkew, const std::string& key, const std::string& when,
                                        const std::string& app = "") {
  v1::TopologySpreadConstraint c;
  c.maxSkew = maxSkew;
  c.topologyKey = key;
  c.whenUnsatisfiable = when;
  c.labelSelector = v1::LabelSelector{app.empty() ? v1::LabelMap{{"foo", "bar"}} : v1::LabelMap{{"app", app}}, {}};
  return c;
}

// createTestPods' testPodList.
struct PodList {
  int count = 1;
  std::string node;
  v1::LabelMap labels = {{"foo", "bar"}};
  std::vector<v1::TopologySpreadConstraint> constraints;
  v1::LabelMap nodeSelector;
  bool noOwners = false;
  std::vector<v1::Toleration> tolerations;
  std::function<void(v1::Pod&)> edit;
};

struct Case {
  const char* name;
  std::vector<v1::Node> nodes;
  std::vector<PodList> pods;
  size_t expectedEvictedCount;
  std::vector<std::string> expectedEvictedPods;
  TopologySpreadArgs args;
};

Scenario Build(const Case& c) {
  Scenario s;
  s.nodes = c.nodes;
  int index = 0;
  for (const PodList& list : c.pods)
    for (int i = 0; i < list.count; ++i) {
      v1::Pod p;
      p.metadata.name = "pod-" + std::to_string(index++);
      p.metadata.ns = "ns1";
      p.metadata.labels = list.labels;
      if (!list.noOwners) p.metadata.ownerReferences = {{"apps/v1", "ReplicaSet", "rs", true}};
      p.spec.nodeName = list.node;
      p.spec.nodeSelector = list.nodeSelector;
      p.spec.tolerations = list.tolerations;
      p.spec.topologySpreadConstraints = list.constraints;
      p.spec.containers = {v1::Container{}};
      p.spec.containers[0].name = "c";
      p.spec.containers[0].requests = {{"cpu", Q("100m")}};
      if (list.edit) list.edit(p);
      s.pods.push_back(std::move(p));
    }
  return s;
}

std::vector<v1::TopologySpreadConstraint> Zone(int32_t maxSkew) {
  return {Constraint(maxSkew, "zone", "DoNotSchedule")};
}
std::vector<v1::TopologySpreadConstraint> NodeKey(int32_t maxSkew) {
  return {Constraint(maxSkew, "node", "DoNotSchedule")};
}

TopologySpreadArgs BothConstraints() {
  TopologySpreadArgs a;
  a.constraints = {"DoNotSchedule", "ScheduleAnyway"};
  return a;
}

std::vector<v1::Node> ZonesAB() { return {Node("n1", {{"zone", "zoneA"}}), Node("n2", {{"zone", "zoneB"}})}; }

std::vector<v1::Node> LinuxAndWindows(bool withD) {
  std::vector<v1::Node> n = {
      Node("n1", {{"node", "linNodeA"}, {"os", "linux"}}),   Node("n2", {{"node", "linNodeB"}, {"os", "linux"}}),
      Node("n3", {{"node", "linNodeC"}, {"os", "linux"}}),   Node("n4", {{"node", "winNodeA"}, {"os", "windows"}}),
      Node("n5", {{"node", "winNodeB"}, {"os", "windows"}}), Node("n6", {{"node", "winNodeC"}, {"os", "windows"}}),
  };
  if (withD) n.push_back(Node("n7", {{"node", "winNodeD"}, {"os", "windows"}}));
  return n;
}

void RequireFooBar(v1::Pod& p) {
  v1::NodeSelector sel;
  sel.nodeSelectorTerms = {v1::NodeSelectorTerm{{{"foo", "In", {"bar"}}}, {}}};
  p.spec.affinity.emplace();
  p.spec.affinity->nodeAffinity.emplace();
  p.spec.affinity->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution = sel;
}

std::vector<Case> Cases() {
  const v1::Taint gpu{"hardware", "gpu", "NoSchedule"};
  const v1::Taint test{"taint-test", "test", "NoSchedule"};
  auto tainted = [](v1::Node n, v1::Taint t) {
    n.taints = {std::move(t)};
    return n;
  };
  std::vector<v1::TopologySpreadConstraint> whoami = {
      Constraint(1, "topology.kubernetes.io/zone", "ScheduleAnyway", "whoami"),
      Constraint(1, "kubernetes.io/hostname", "DoNotSchedule", "whoami")};
  std::vector<v1::Node> sixNodes;
  for (int i = 1; i <= 6; ++i)
    sixNodes.push_back(Node("n" + std::to_string(i), {{"topology.kubernetes.io/zone", i <= 3 ? "zoneA" : "zoneB"}}));
  const v1::LabelMap whoamiLabels = {{"app", "whoami"}};
  return {
      {"2 domains, sizes [2,1], maxSkew=1, move 0 pods", ZonesAB(),
       {{1, "n1", {{"foo", "bar"}}, Zone(1)}, {1, "n1"}, {1, "n2"}}, 0, {}, {}},
      {"2 domains, sizes [3,1], maxSkew=1, move 1 pod to achieve [2,2]", ZonesAB(),
       {{1, "n1", {{"foo", "bar"}}, Zone(1)}, {2, "n1"}, {1, "n2"}}, 1, {}, {}},
      {"2 domains, sizes [3,1], maxSkew=1, move 1 pod to achieve [2,2] (soft constraints)", ZonesAB(),
       {{1, "n1", {{"foo", "bar"}}, {Constraint(1, "zone", "ScheduleAnyway")}}, {2, "n1"}, {1, "n2"}}, 1, {},
       BothConstraints()},
      {"2 domains, sizes [3,1], maxSkew=1, no pods eligible, move 0 pods", ZonesAB(),
       {{1, "n1", {{"foo", "bar"}}, Zone(1), {}, true}, {2, "n1", {{"foo", "bar"}}, {}, {}, true},
        {1, "n2", {{"foo", "bar"}}, {}, {}, true}},
       0, {}, {}},
      {"2 domains, sizes [5,2], maxSkew=1, move 1 pod to achieve [4,3]", ZonesAB(),
       {{1, "n1", {{"foo", "bar"}}, Zone(1)}, {4, "n1"}, {2, "n2"}}, 1, {}, {}},
      {"2 domains, sizes [4,0], maxSkew=1, move 2 pods to achieve [2,2]", ZonesAB(),
       {{1, "n1", {{"foo", "bar"}}, Zone(1)}, {3, "n1"}}, 2, {}, {}},
      {"2 domains, sizes [4,0], maxSkew=1, only move 1 pod since pods with nodeSelector and nodeAffinity aren't "
       "evicted",
       ZonesAB(),
       {{1, "n1", {{"foo", "bar"}}, Zone(1), {{"zone", "zoneA"}}},
        {1, "n1", {{"foo", "bar"}}, Zone(1), {{"zone", "zoneA"}}},
        {1, "n1", {{"foo", "bar"}}, Zone(1), {}, false, {}, RequireFooBar},
        {1, "n1", {{"foo", "bar"}}, Zone(1)}},
       1, {}, {}},
      {"6 domains, sizes [0,0,0,3,3,2], maxSkew=1, No pod is evicted since topology is balanced",
       LinuxAndWindows(false),
       {{3, "n4", {{"foo", "bar"}}, NodeKey(1), {{"os", "windows"}}},
        {3, "n5", {{"foo", "bar"}}, NodeKey(1), {{"os", "windows"}}},
        {2, "n6", {{"foo", "bar"}}, NodeKey(1), {{"os", "windows"}}}},
       0, {}, {}},
      {"7 domains, sizes [0,0,0,3,3,2], maxSkew=1, two pods are evicted and moved to new node added",
       LinuxAndWindows(true),
       {{3, "n4", {{"foo", "bar"}}, NodeKey(1), {{"os", "windows"}}},
        {3, "n5", {{"foo", "bar"}}, NodeKey(1), {{"os", "windows"}}},
        {2, "n6", {{"foo", "bar"}}, NodeKey(1), {{"os", "windows"}}}},
       2, {}, {}},
      {"6 domains, sizes [0,0,0,4,3,1], maxSkew=1, 1 pod is evicted from node 4", LinuxAndWindows(false),
       {{4, "n4", {{"foo", "bar"}}, NodeKey(1), {{"os", "windows"}}},
        {3, "n5", {{"foo", "bar"}}, NodeKey(1), {{"os", "windows"}}},
        {1, "n6", {{"foo", "bar"}}, NodeKey(1), {{"os", "windows"}}}},
       1, {}, {}},
      {"6 domains, sizes [0,0,0,4,3,1], maxSkew=1, 0 pod is evicted as pods of node:winNodeA can only be scheduled "
       "on this node and nodeFit is true",
       LinuxAndWindows(false),
       {{4, "n4", {{"foo", "bar"}}, NodeKey(1), {{"node", "winNodeA"}}},
        {3, "n5", {{"foo", "bar"}}, NodeKey(1), {{"os", "windows"}}},
        {1, "n6", {{"foo", "bar"}}, NodeKey(1), {{"os", "windows"}}}},
       0, {}, {}},
      {"2 domains, sizes [4,0], maxSkew=1, move 2 pods since selector matches multiple nodes",
       {Node("n1", {{"zone", "zoneA"}, {"region", "boston"}}), Node("n2", {{"zone", "zoneB"}, {"region", "boston"}})},
       {{1, "n1", {{"foo", "bar"}}, Zone(1), {{"region", "boston"}}},
        {1, "n1", {{"foo", "bar"}}, {}, {{"region", "boston"}}},
        {1, "n1", {{"foo", "bar"}}, {}, {{"region", "boston"}}},
        {1, "n1", {{"foo", "bar"}}, {}, {{"region", "boston"}}}},
       2, {}, {}},
      {"3 domains, sizes [0, 1, 100], maxSkew=1, move 66 pods to get [34, 33, 34]",
       {Node("n1", {{"zone", "zoneA"}}), Node("n2", {{"zone", "zoneB"}}), Node("n3", {{"zone", "zoneC"}})},
       {{1, "n2", {{"foo", "bar"}}, Zone(1)}, {100, "n3"}}, 66, {}, {}},
      {"4 domains, sizes [0, 1, 3, 5], should move 3 to get [2, 2, 3, 2]",
       {Node("n1", {{"zone", "zoneA"}}), Node("n2", {{"zone", "zoneB"}}), Node("n3", {{"zone", "zoneC"}}),
        Node("n4", {{"zone", "zoneD"}})},
       {{1, "n2", {{"foo", "bar"}}, Zone(1)}, {3, "n3"}, {5, "n4"}}, 3, {}, {}},
      {"2 domains size [2 6], maxSkew=2, should move 1 to get [3 5]", ZonesAB(),
       {{1, "n1", {{"foo", "bar"}}, Zone(2)}, {1, "n1"}, {6, "n2"}}, 1, {}, {}},
      {"2 domains size [2 6], maxSkew=2, can't move any because of node taints",
       {tainted(Node("n1", {{"zone", "zoneA"}}), gpu), Node("n2", {{"zone", "zoneB"}})},
       {{1, "n1", {{"foo", "bar"}}, Zone(2)}, {1, "n1"}, {6, "n2"}}, 0, {}, {}},
      {"2 domains size [2 6], maxSkew=2, can't move any because node1 does not have enough CPU",
       {Node("n1", {{"zone", "zoneA"}}, "200m"), Node("n2", {{"zone", "zoneB"}})},
       {{1, "n1", {{"foo", "bar"}}, Zone(2)}, {1, "n1"}, {6, "n2"}}, 0, {}, {}},
      {"Multiple constraints (6 nodes/2 zones, 4 pods)", sixNodes,
       {{1, "n1", whoamiLabels, whoami}, {1, "n2", whoamiLabels, whoami}, {1, "n3", whoamiLabels, whoami},
        {1, "n4", whoamiLabels, whoami}},
       1, {}, BothConstraints()},
      {"3 domains size [8 7 0], maxSkew=1, should move 5 to get [5 5 5]",
       {Node("n1", {{"zone", "zoneA"}}), Node("n2", {{"zone", "zoneB"}}), Node("n3", {{"zone", "zoneC"}})},
       {{8, "n1", {{"foo", "bar"}}, Zone(1)}, {7, "n2", {{"foo", "bar"}}, Zone(1)}}, 5,
       {"pod-5", "pod-6", "pod-7", "pod-8", "pod-9"}, {}},
      {"3 domains size [5 5 5], maxSkew=1, should move 0 to retain [5 5 5]",
       {Node("n1", {{"zone", "zoneA"}}), Node("n2", {{"zone", "zoneB"}}), Node("n3", {{"zone", "zoneC"}})},
       {{5, "n1", {{"foo", "bar"}}, Zone(1)}, {5, "n2", {{"foo", "bar"}}, Zone(1)}, {5, "n3", {{"foo", "bar"}}, Zone(1)}},
       0, {}, {}},
      {"2 domains, sizes [2,0], maxSkew=1, move 1 pod since pod tolerates the node with taint",
       {Node("n1", {{"zone", "zoneA"}}), tainted(Node("n2", {{"zone", "zoneB"}}), test)},
       {{1, "n1", {{"foo", "bar"}}, Zone(1), {}, false, {{"taint-test", "Equal", "test", "NoSchedule", std::nullopt}}},
        {1, "n1", {{"foo", "bar"}}, {}, {{"zone", "zoneA"}}}},
       1, {"pod-0"}, {}},
      {"2 domains, sizes [2,0], maxSkew=1, move 0 pods since pod does not tolerate the tainted node",
       {Node("n1", {{"zone", "zoneA"}}), tainted(Node("n2", {{"zone", "zoneB"}}), test)},
       {{1, "n1", {{"foo", "bar"}}, Zone(1)}, {1, "n1", {{"foo", "bar"}}, {}, {{"zone", "zoneA"}}}}, 0, {}, {}},
  };
}

TEST(DeschedulerTopologySpreadTest, UpstreamTable) {
  for (const Case& c : Cases()) {
    SCOPED_TRACE(c.name);
    Cluster cluster(Build(c));
    const BalanceResult r = RemovePodsViolatingTopologySpreadConstraint(cluster, c.args);
    EXPECT_EQ(r.evictions.size(), c.expectedEvictedCount);
    if (!c.expectedEvictedPods.empty()) {
      std::vector<std::string> evicted;
      for (const Eviction& e : r.evictions) evicted.push_back(cluster.pod(e.pod).name);
      std::sort(evicted.begin(), evicted.end());
      EXPECT_EQ(evicted, c.expectedEvictedPods);
    }
  }
}

}  // namespace
}  // namespace spreadlab::descheduler
