#include "testing/big_cluster.h"

namespace spreadlab::testing {

Scenario MakeBigCluster(const BigClusterSpec& spec) {
  Scenario s;
  s.nodes.reserve(spec.nodes);
  for (int i = 0; i < spec.nodes; ++i) {
    v1::Node n;
    n.metadata.name = "node-" + std::to_string(i);
    n.metadata.ns.clear();
    n.metadata.labels = {{"topology.kubernetes.io/zone", "zone-" + std::to_string(i % spec.zones)},
                         {"kubernetes.io/hostname", n.metadata.name},
                         {"node.kubernetes.io/instance-type", "m5.large"}};
    s.nodes.push_back(std::move(n));
  }
  std::mt19937 rng(spec.seed);
  s.pods.reserve(spec.boundPods + spec.pendingPods);
  for (int i = 0; i < spec.boundPods; ++i) {
    v1::Pod p;
    p.metadata.name = "bound-" + std::to_string(i);
    // Most pods belong to other apps, as in a real cluster.
    p.metadata.labels = {{"app", i % 5 == 0 ? "web" : "app-" + std::to_string(rng() % 50)},
                         {"pod-template-hash", std::to_string(rng() % 1000)}};
    p.spec.nodeName = "node-" + std::to_string(i % spec.nodes);
    s.pods.push_back(std::move(p));
  }
  for (int i = 0; i < spec.pendingPods; ++i) {
    v1::Pod p;
    p.metadata.name = "web-" + std::to_string(i);
    p.metadata.labels = {{"app", "web"}};
    v1::LabelSelector sel;
    sel.matchLabels = {{"app", "web"}};
    v1::TopologySpreadConstraint zone;
    zone.maxSkew = 1;
    zone.topologyKey = "topology.kubernetes.io/zone";
    zone.whenUnsatisfiable = v1::kDoNotSchedule;
    zone.labelSelector = sel;
    v1::TopologySpreadConstraint host = zone;
    host.topologyKey = "kubernetes.io/hostname";
    host.whenUnsatisfiable = v1::kScheduleAnyway;
    p.spec.topologySpreadConstraints = {zone, host};
    s.pods.push_back(std::move(p));
  }
  return s;
}

}  // namespace spreadlab::testing
