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
    // Room for every pod, so that NodeResourcesFit rejects nothing.
    n.allocatable = {{"cpu", *ParseQuantity("64")}, {"memory", *ParseQuantity("256Gi")}, {"pods", *ParseQuantity("110")}};
    s.nodes.push_back(std::move(n));
  }
  std::mt19937 rng(spec.seed);
  s.pods.reserve(spec.boundPods + spec.pendingPods);
  for (int i = 0; i < spec.boundPods; ++i) {
    v1::Pod p;
    p.metadata.name = "bound-" + std::to_string(i);
    // Most pods belong to other apps, as in a real cluster.
    const bool web = i % 5 == 0 && !spec.conflict;
    p.metadata.labels = {{"app", web ? "web" : "app-" + std::to_string(rng() % 50)},
                         {"pod-template-hash", std::to_string(rng() % 1000)}};
    p.spec.nodeName = "node-" + std::to_string(i % spec.nodes);
    s.pods.push_back(std::move(p));
  }
  if (spec.conflict) {
    for (int n = 0; n < spec.nodes; ++n) {
      const int zone = n % spec.zones, count = zone == 0 ? 1 : (n / spec.zones) % 2 == 0 ? 3 : 0;
      for (int k = 0; k < count; ++k) {
        v1::Pod p;
        p.metadata.name = "web-node-" + std::to_string(n) + "-" + std::to_string(k);
        p.metadata.labels = {{"app", "web"}};
        p.spec.nodeName = "node-" + std::to_string(n);
        s.pods.push_back(std::move(p));
      }
    }
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
    host.whenUnsatisfiable = spec.conflict ? v1::kDoNotSchedule : v1::kScheduleAnyway;
    p.spec.topologySpreadConstraints = {zone, host};
    s.pods.push_back(std::move(p));
  }
  return s;
}

}  // namespace spreadlab::testing
