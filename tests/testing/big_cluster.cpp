#include "testing/big_cluster.h"

#include "core/quantity.h"

namespace spreadlab::testing {

namespace {

v1::ResourceList Resources(std::initializer_list<std::pair<const char*, const char*>> amounts) {
  v1::ResourceList out;
  for (const auto& [name, amount] : amounts) out[name] = *ParseQuantity(amount);
  return out;
}

v1::Container Requesting(const char* cpu, const char* memory) {
  v1::Container c;
  c.name = "app";
  c.requests = Resources({{"cpu", cpu}, {"memory", memory}});
  return c;
}

void AddSpreadConstraints(v1::Pod& p, bool hostnameDoNotSchedule) {
  v1::LabelSelector sel;
  sel.matchLabels = {{"app", "web"}};
  v1::TopologySpreadConstraint zone;
  zone.maxSkew = 1;
  zone.topologyKey = "topology.kubernetes.io/zone";
  zone.whenUnsatisfiable = v1::kDoNotSchedule;
  zone.labelSelector = sel;
  v1::TopologySpreadConstraint host = zone;
  host.topologyKey = "kubernetes.io/hostname";
  host.whenUnsatisfiable = hostnameDoNotSchedule ? v1::kDoNotSchedule : v1::kScheduleAnyway;
  p.spec.topologySpreadConstraints = {zone, host};
}

void AddPreferredPodAffinity(v1::Pod& p, const std::string& group) {
  v1::WeightedPodAffinityTerm term;
  term.weight = 1;
  term.podAffinityTerm.labelSelector = v1::LabelSelector{{{"group", group}}, {}};
  term.podAffinityTerm.topologyKey = "kubernetes.io/hostname";
  v1::PodAffinity affinity;
  affinity.preferredDuringSchedulingIgnoredDuringExecution = {term};
  p.spec.affinity = v1::Affinity{std::nullopt, affinity, std::nullopt};
}

// A claim "data-<pod>" of class "zonal" for `p`: bound to a volume in `zone` when given
// (with bind-completed, as the PV controller leaves it), else waiting for its first consumer.
void AddClaim(Scenario& s, v1::Pod& p, const std::string& zone) {
  v1::PersistentVolumeClaim c;
  c.metadata.name = "data-" + p.metadata.name;
  c.metadata.ns = p.metadata.ns;
  c.accessModes = {v1::kReadWriteOnce};
  c.storageRequest = *ParseQuantity("10Gi");
  c.hasStorageRequest = true;
  c.storageClassName = "zonal";
  if (!zone.empty()) {
    v1::PersistentVolume pv;
    pv.metadata.name = "pv-" + p.metadata.name;
    pv.capacity = c.storageRequest;
    pv.hasCapacity = true;
    pv.accessModes = c.accessModes;
    pv.storageClassName = "zonal";
    pv.claimRef = v1::ObjectReference{c.metadata.ns, c.metadata.name};
    pv.source.kind = "csi";
    pv.source.driver = "ebs.csi.aws.com";
    pv.source.id = "vol-" + p.metadata.name;
    pv.nodeAffinity = v1::NodeSelector{{v1::NodeSelectorTerm{{{"topology.kubernetes.io/zone", "In", {zone}}}, {}}}};
    pv.phase = "Bound";
    c.volumeName = pv.metadata.name;
    c.metadata.annotations["pv.kubernetes.io/bind-completed"] = "yes";
    c.phase = "Bound";
    s.persistentVolumes.push_back(std::move(pv));
  }
  v1::Volume v;
  v.name = "data";
  v.source.kind = "persistentVolumeClaim";
  v.source.claimName = c.metadata.name;
  p.spec.volumes.push_back(std::move(v));
  s.persistentVolumeClaims.push_back(std::move(c));
}

}  // namespace

Scenario MakeBigCluster(const BigClusterSpec& spec) {
  Scenario s;
  s.nodes.reserve(spec.nodes);
  const v1::ResourceList allocatable = Resources({{"cpu", "4"}, {"memory", "32Gi"}, {"pods", "110"}});
  for (int i = 0; i < spec.nodes; ++i) {
    v1::Node n;
    n.metadata.name = "node-" + std::to_string(i);
    n.metadata.ns.clear();
    n.metadata.labels = {{"topology.kubernetes.io/zone", "zone-" + std::to_string(i % spec.zones)},
                         {"kubernetes.io/hostname", n.metadata.name},
                         {"node.kubernetes.io/instance-type", "m5.large"}};
    n.allocatable = allocatable;
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
                         {"pod-template-hash", std::to_string(rng() % 1000)},
                         {"group", "group-" + std::to_string(rng() % 10)}};
    p.spec.nodeName = "node-" + std::to_string(i % spec.nodes);
    p.spec.containers = {Requesting("100m", "128Mi")};
    if (spec.claims) AddClaim(s, p, "zone-" + std::to_string((i % spec.nodes) % spec.zones));
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
    p.metadata.name = "pending-" + std::to_string(i);
    p.spec.containers = {Requesting("100m", "128Mi")};
    switch (spec.workload) {
      case Workload::Spread:
        p.metadata.labels = {{"app", "web"}};
        AddSpreadConstraints(p, spec.conflict);
        break;
      case Workload::Basic:
        p.metadata.labels = {{"app", "basic"}};
        break;
      case Workload::PreferredPodAffinity: {
        const std::string group = "group-" + std::to_string(i % 10);
        p.metadata.labels = {{"group", group}};
        AddPreferredPodAffinity(p, group);
        break;
      }
    }
    if (spec.claims) AddClaim(s, p, "");
    s.pods.push_back(std::move(p));
  }
  if (spec.claims) {
    v1::StorageClass sc;
    sc.metadata.name = "zonal";
    sc.provisioner = "ebs.csi.aws.com";
    sc.volumeBindingMode = v1::kVolumeBindingWaitForFirstConsumer;
    s.storageClasses.push_back(std::move(sc));
  }
  return s;
}

std::string BigScenarioJson(int nodes, int pods) {
  std::string s = R"({"apiVersion":"v1","kind":"List","items":[)";
  for (int i = 0; i < nodes; ++i) {
    const std::string name = "node-" + std::to_string(i);
    s += R"({"apiVersion":"v1","kind":"Node","metadata":{"name":")" + name +
         R"(","labels":{"topology.kubernetes.io/zone":"zone-)" + std::to_string(i % 3) +
         R"(","kubernetes.io/hostname":")" + name +
         R"("}},"status":{"allocatable":{"cpu":"8","memory":"32Gi","pods":"110"}}},)";
  }
  for (int j = 0; j < pods; ++j) {
    s += R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-)" + std::to_string(j) + R"(","labels":{"app":")" +
         (j % 2 ? "web" : "api") + R"("}},"spec":{"nodeName":"node-)" + std::to_string((j * 7) % nodes) + R"("}},)";
  }
  const std::string spread =
      R"({"maxSkew":1,"topologyKey":"KEY","whenUnsatisfiable":"WHEN","labelSelector":{"matchLabels":{"app":"web"}}})";
  auto constraint = [&](const char* key, const char* when) {
    std::string c = spread;
    c.replace(c.find("KEY"), 3, key);
    c.replace(c.find("WHEN"), 4, when);
    return c;
  };
  s +=
      R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"pending","labels":{"app":"web"}},"spec":{"topologySpreadConstraints":[)" +
      constraint("topology.kubernetes.io/zone", "DoNotSchedule") + "," +
      constraint("kubernetes.io/hostname", "ScheduleAnyway") + "]}}]}";
  return s;
}

}  // namespace spreadlab::testing
