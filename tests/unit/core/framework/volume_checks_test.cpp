// The volume plugins' detail in an explained cycle (CycleTrace::volumeChecks): on the two
// volume examples and a scenario of static, provisioned and counted volumes, what the
// plugins recorded per node, the line the explain table prints (VolumeCheckText) and the
// "volumes" array of the JSON contract.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "contracts/trace_json.h"
#include "core/framework/volume_check_text.h"
#include "simulator/session.h"
#include "testing/read_file.h"

namespace spreadlab {
namespace {

struct Explained {
  simulator::Session session;
  CycleTrace trace;
};

void Explain(const std::string& example, Explained& out) {
  std::string error;
  ASSERT_TRUE(simulator::OpenSession(testing::ReadFile(testing::ExampleFile(SPREADLAB_EXAMPLES_DIR, example)),
                                     out.session, error))
      << error;
  const PodIndex pod = simulator::ChoosePod(*out.session.cluster, "", error);
  ASSERT_NE(pod, kNone) << error;
  out.session.framework->RunCycle(pod, out.trace, true);
}

// The VolumeBinding verdict's checks on `node`.
std::vector<VolumeCheck> BindingChecks(const Explained& e, const std::string& node) {
  const Cluster& c = *e.session.cluster;
  const NodeTrace& nt = e.trace.nodes[c.FindNode(node)];
  for (uint32_t i = 0; i < nt.filterCount; ++i) {
    const FilterVerdict& v = e.trace.filters[nt.filterBegin + i];
    if (e.trace.filterPlugins[v.plugin] != "VolumeBinding") continue;
    return {e.trace.volumeChecks.begin() + v.volumesBegin,
            e.trace.volumeChecks.begin() + v.volumesBegin + v.volumesCount};
  }
  return {};
}

// db-2's claim is bound to a volume in zone C, which has no node left: every node fails on
// that volume's node affinity, and each line names the claim, the volume and the zones.
TEST(VolumeChecksTest, StatefulSetVolumeZoneNamesTheVolumeOnEveryNode) {
  Explained e;
  ASSERT_NO_FATAL_FAILURE(Explain("statefulset-volume-zone", e));
  const Cluster& c = *e.session.cluster;
  const Scenario& s = c.scenario();
  for (const std::string node : {"node-a1", "node-a2", "node-b1", "node-b2"}) {
    SCOPED_TRACE(node);
    const std::vector<VolumeCheck> checks = BindingChecks(e, node);
    ASSERT_EQ(checks.size(), 1u);
    EXPECT_EQ(checks[0].outcome, VolumeCheck::Outcome::BoundVolumeConflict);
    EXPECT_FALSE(checks[0].pass);
    EXPECT_EQ(s.persistentVolumeClaims[checks[0].claim].metadata.name, "data-db-2");
    EXPECT_EQ(s.persistentVolumes[checks[0].volume].metadata.name, "pv-data-db-2");
    const std::string zone = node[5] == 'a' ? "zone-a" : "zone-b";
    EXPECT_EQ(VolumeCheckText(c, e.trace, c.node(c.FindNode(node)), checks[0]),
              "claim data-db-2 (class zonal-ssd, WaitForFirstConsumer): bound to PV pv-data-db-2, whose node "
              "affinity asks for topology.kubernetes.io/zone In (zone-c); this node has "
              "topology.kubernetes.io/zone=" +
                  zone + ": no match");
  }
  const auto json = contracts::TraceToJson(c, e.session.framework->profile(), e.trace);
  const auto& filter = json["nodes"][0]["filter"];
  bool found = false;
  for (const auto& f : filter) {
    if (f["plugin"] != "VolumeBinding") continue;
    found = true;
    EXPECT_EQ(f["volumes"].dump(),
              R"json([{"outcome":"BoundVolumeConflict","pass":false,"claim":"default/data-db-2",)json"
              R"json("storageClass":"zonal-ssd","bindingMode":"WaitForFirstConsumer","volume":"pv-data-db-2",)json"
              R"json("nodeAffinity":"topology.kubernetes.io/zone In (zone-c)"}])json");
  }
  EXPECT_TRUE(found);
}

// web-1's Immediate volume was made in zone A: zone A's nodes pass VolumeBinding (and fail
// the spread), zone B's fail it; the class is Immediate.
TEST(VolumeChecksTest, ImmediateVolumeSpreadMatchesZoneAOnly) {
  Explained e;
  ASSERT_NO_FATAL_FAILURE(Explain("immediate-volume-spread", e));
  const Cluster& c = *e.session.cluster;
  for (const std::string node : {"node-a1", "node-a2", "node-b1", "node-b2"}) {
    SCOPED_TRACE(node);
    const bool zoneA = node[5] == 'a';
    const std::vector<VolumeCheck> checks = BindingChecks(e, node);
    ASSERT_EQ(checks.size(), 1u);
    EXPECT_EQ(checks[0].outcome,
              zoneA ? VolumeCheck::Outcome::BoundVolumeMatches : VolumeCheck::Outcome::BoundVolumeConflict);
    EXPECT_EQ(checks[0].pass, zoneA);
    EXPECT_EQ(VolumeCheckText(c, e.trace, c.node(c.FindNode(node)), checks[0]),
              std::string("claim data-web-1 (class standard, Immediate): bound to PV pv-data-web-1, whose node "
                          "affinity asks for topology.kubernetes.io/zone In (zone-a); this node has "
                          "topology.kubernetes.io/zone=") +
                  (zoneA ? "zone-a: match" : "zone-b: no match"));
  }
}

// A pod with a claim of a no-provisioner class (local volumes on n1 and n2) and a claim of
// a class that provisions in zones a and b only; n2's CSINode allows one volume of the
// driver and already has one. Each node's lines name the volume, the provisioner, the
// class's topology or the driver's count behind the verdict.
constexpr const char* kMixed = R"yaml(
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: n1, labels: {kubernetes.io/hostname: n1, topology.kubernetes.io/zone: a}}
  status: {allocatable: {cpu: "4", memory: 16Gi, pods: "110"}}
- apiVersion: v1
  kind: Node
  metadata: {name: n2, labels: {kubernetes.io/hostname: n2, topology.kubernetes.io/zone: b}}
  status: {allocatable: {cpu: "4", memory: 16Gi, pods: "110"}}
- apiVersion: v1
  kind: Node
  metadata: {name: n3, labels: {kubernetes.io/hostname: n3, topology.kubernetes.io/zone: c}}
  status: {allocatable: {cpu: "4", memory: 16Gi, pods: "110"}}
- apiVersion: storage.k8s.io/v1
  kind: StorageClass
  metadata: {name: local}
  provisioner: kubernetes.io/no-provisioner
  volumeBindingMode: WaitForFirstConsumer
- apiVersion: storage.k8s.io/v1
  kind: StorageClass
  metadata: {name: zonal}
  provisioner: ebs.csi.aws.com
  volumeBindingMode: WaitForFirstConsumer
  allowedTopologies:
  - matchLabelExpressions:
    - {key: topology.kubernetes.io/zone, values: [a, b]}
- apiVersion: storage.k8s.io/v1
  kind: CSINode
  metadata: {name: n2}
  spec:
    drivers:
    - {name: ebs.csi.aws.com, nodeID: n2, allocatable: {count: 1}}
- apiVersion: v1
  kind: PersistentVolume
  metadata: {name: pv-n1}
  spec:
    capacity: {storage: 20Gi}
    accessModes: [ReadWriteOnce]
    storageClassName: local
    local: {path: /mnt/a}
    nodeAffinity:
      required:
        nodeSelectorTerms:
        - matchExpressions:
          - {key: kubernetes.io/hostname, operator: In, values: [n1]}
  status: {phase: Available}
- apiVersion: v1
  kind: PersistentVolume
  metadata: {name: pv-n2}
  spec:
    capacity: {storage: 20Gi}
    accessModes: [ReadWriteOnce]
    storageClassName: local
    local: {path: /mnt/b}
    nodeAffinity:
      required:
        nodeSelectorTerms:
        - matchExpressions:
          - {key: kubernetes.io/hostname, operator: In, values: [n2]}
  status: {phase: Available}
- apiVersion: v1
  kind: PersistentVolumeClaim
  metadata: {name: cache}
  spec:
    accessModes: [ReadWriteOnce]
    storageClassName: local
    resources: {requests: {storage: 10Gi}}
- apiVersion: v1
  kind: PersistentVolumeClaim
  metadata: {name: data}
  spec:
    accessModes: [ReadWriteOnce]
    storageClassName: zonal
    resources: {requests: {storage: 10Gi}}
- apiVersion: v1
  kind: PersistentVolumeClaim
  metadata: {name: other}
  spec:
    accessModes: [ReadWriteOnce]
    storageClassName: zonal
    resources: {requests: {storage: 10Gi}}
- apiVersion: v1
  kind: Pod
  metadata: {name: holder}
  spec:
    nodeName: n2
    containers: [{name: c, image: x}]
    volumes:
    - {name: o, persistentVolumeClaim: {claimName: other}}
- apiVersion: v1
  kind: Pod
  metadata: {name: web}
  spec:
    containers: [{name: c, image: x}]
    volumes:
    - {name: cache, persistentVolumeClaim: {claimName: cache}}
    - {name: data, persistentVolumeClaim: {claimName: data}}
)yaml";

std::vector<std::string> Lines(const Explained& e, const std::string& node) {
  const Cluster& c = *e.session.cluster;
  const NodeTrace& nt = e.trace.nodes[c.FindNode(node)];
  std::vector<std::string> out;
  for (uint32_t i = 0; i < nt.filterCount; ++i) {
    const FilterVerdict& v = e.trace.filters[nt.filterBegin + i];
    for (uint32_t k = 0; k < v.volumesCount; ++k)
      out.push_back(e.trace.filterPlugins[v.plugin] + ": " +
                    VolumeCheckText(c, e.trace, c.node(nt.node), e.trace.volumeChecks[v.volumesBegin + k]));
  }
  return out;
}

TEST(VolumeChecksTest, StaticVolumeProvisioningTopologyAndCount) {
  Explained e;
  std::string error;
  ASSERT_TRUE(simulator::OpenSession(kMixed, e.session, error)) << error;
  const PodIndex pod = simulator::ChoosePod(*e.session.cluster, "default/web", error);
  ASSERT_NE(pod, kNone) << error;
  e.session.framework->RunCycle(pod, e.trace, true);
  const std::string provision =
      "VolumeBinding: claim data (class zonal, WaitForFirstConsumer): no available PV fits this node; a new volume "
      "would be provisioned by ebs.csi.aws.com";
  EXPECT_EQ(Lines(e, "n1"),
            (std::vector<std::string>{"VolumeBinding: claim cache (class local, WaitForFirstConsumer): would bind the "
                                      "available PV pv-n1 (20Gi), the smallest that fits this node",
                                      provision}));
  EXPECT_EQ(Lines(e, "n2"),
            (std::vector<std::string>{"NodeVolumeLimits: ebs.csi.aws.com volumes: 1 attached + 1 new = 2 > the node's "
                                      "limit 1 (CSINode allocatable.count)",
                                      "VolumeBinding: claim cache (class local, WaitForFirstConsumer): would bind the "
                                      "available PV pv-n2 (20Gi), the smallest that fits this node",
                                      provision}));
  // Both claims find no volume on n3; the first to provision stops the binder.
  EXPECT_EQ(Lines(e, "n3"), (std::vector<std::string>{
                                "VolumeBinding: claim cache (class local, WaitForFirstConsumer): no available PV fits "
                                "this node, and the class cannot provision one (provisioner "
                                "kubernetes.io/no-provisioner)"}));
  const auto json = contracts::TraceToJson(*e.session.cluster, e.session.framework->profile(), e.trace);
  for (const auto& f : json["nodes"][1]["filter"])
    if (f["plugin"] == "NodeVolumeLimits")
      EXPECT_EQ(f["volumes"].dump(),
                R"json([{"outcome":"VolumeCount","pass":false,"driver":"ebs.csi.aws.com","attached":1,"new":1,)json"
                R"json("limit":1}])json");
}

}  // namespace
}  // namespace spreadlab
