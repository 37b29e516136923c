// A pod's claims as the lab shows them (app/model/pod_volumes.h): class, binding mode,
// bound volume and where it lives, and the nodes a volume filter rejected for that place.
#include <gtest/gtest.h>

#include "app/model/lab.h"
#include "app/model/pod_volumes.h"
#include "testing/read_file.h"

namespace spreadlab::app {
namespace {

struct Loaded {
  Lab lab;
  explicit Loaded(const std::string& example) {
    std::string error;
    EXPECT_TRUE(lab.Load(testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/" + example), example, error))
        << error;
  }
  std::vector<PodClaim> Claims(const std::string& pod) const {
    const Scenario& sc = lab.doc().scenario();
    for (const v1::Pod& p : sc.pods)
      if (p.metadata.name == pod) return PodClaims(sc, lab.cluster().storage(), p);
    ADD_FAILURE() << "no pod " << pod;
    return {};
  }
  const v1::LabelMap& NodeLabels(const std::string& node) const {
    return lab.doc().scenario().nodes[lab.cluster().FindNode(node)].metadata.labels;
  }
};

TEST(PodVolumesTest, StatefulSetPodsClaimIsBoundToAVolumeInAZoneWithoutNodes) {
  Loaded x("statefulset-volume-zone.yaml");
  ASSERT_EQ(x.lab.cluster().pod(x.lab.pod()).name, "db-2");
  const std::vector<PodClaim> claims = x.Claims("db-2");
  ASSERT_EQ(claims.size(), 1u);
  const PodClaim& c = claims[0];
  EXPECT_EQ(c.volume, "data");
  EXPECT_EQ(c.claim, "data-db-2");
  EXPECT_FALSE(c.ephemeral);
  EXPECT_EQ(c.state, ClaimState::Bound);
  EXPECT_EQ(c.storageClass, "zonal-ssd");
  EXPECT_EQ(c.bindingMode, "WaitForFirstConsumer");
  EXPECT_EQ(c.persistentVolume, "pv-data-db-2");
  EXPECT_EQ(c.places, (std::vector<VolumePlace>{{"topology.kubernetes.io/zone", {"zone-c"}}}));
  EXPECT_EQ(ZoneOf(c.places), "zone-c");
  EXPECT_EQ(ClaimStateText(c), "bound to pv-data-db-2 in topology.kubernetes.io/zone=zone-c");
  EXPECT_EQ(ClaimSentence(c),
            "Volume data uses claim data-db-2 (class zonal-ssd, volumeBindingMode WaitForFirstConsumer). It is bound "
            "to pv-data-db-2, which lives in topology.kubernetes.io/zone=zone-c: only nodes there can run the pod.");
  for (const char* node : {"node-a1", "node-a2", "node-b1", "node-b2"})
    EXPECT_FALSE(LivesOn(c.places, x.NodeLabels(node))) << node;
  EXPECT_EQ(ElsewhereSentence(c, x.lab.doc().scenario().nodes[x.lab.cluster().FindNode("node-b2")]),
            "pv-data-db-2 (claim data-db-2) lives in topology.kubernetes.io/zone=zone-c; node-b2 is in zone-b");

  // db-0, bound in zone A, has its volume there.
  const std::vector<PodClaim> db0 = x.Claims("db-0");
  ASSERT_EQ(db0.size(), 1u);
  EXPECT_EQ(ZoneOf(db0[0].places), "zone-a");
  EXPECT_TRUE(LivesOn(db0[0].places, x.NodeLabels("node-a1")));
  EXPECT_FALSE(LivesOn(db0[0].places, x.NodeLabels("node-b1")));

  // VolumeBinding rejects every node for the volume's place.
  const CycleTrace& t = x.lab.trace();
  const VolumeConflicts v = FindVolumeConflicts(x.lab.cluster(), t);
  EXPECT_TRUE(v.any);
  ASSERT_EQ(v.claims.size(), 1u);
  EXPECT_EQ(v.nodesThere, std::vector<uint32_t>{0});
  EXPECT_EQ(PlaceSentence(v.claims[0], 0),
            "No node of the cluster is in topology.kubernetes.io/zone=zone-c: the pod cannot run until one is (or the "
            "claim is bound to another volume).");
  for (size_t n = 0; n < t.nodes.size(); ++n) {
    EXPECT_EQ(v.elsewhere[n], std::vector<uint16_t>{0}) << n;
    ASSERT_GE(v.plugin[n], 0);
    EXPECT_EQ(t.filterPlugins[v.plugin[n]], "VolumeBinding");
  }
}

TEST(PodVolumesTest, ImmediateVolumeRejectsOnlyTheNodesOutsideItsZone) {
  Loaded x("immediate-volume-spread.yaml");
  ASSERT_EQ(x.lab.cluster().pod(x.lab.pod()).name, "web-1");
  EXPECT_TRUE(x.Claims("web-0").empty());
  const std::vector<PodClaim> claims = x.Claims("web-1");
  ASSERT_EQ(claims.size(), 1u);
  EXPECT_EQ(claims[0].bindingMode, "Immediate");
  EXPECT_EQ(claims[0].persistentVolume, "pv-data-web-1");
  EXPECT_EQ(ZoneOf(claims[0].places), "zone-a");

  const CycleTrace& t = x.lab.trace();
  const VolumeConflicts v = FindVolumeConflicts(x.lab.cluster(), t);
  const Cluster& c = x.lab.cluster();
  EXPECT_EQ(v.nodesThere, std::vector<uint32_t>{2});
  EXPECT_EQ(PlaceSentence(v.claims[0], 2), "2 nodes are where it lives.");
  for (const char* node : {"node-a1", "node-a2"}) {  // rejected by PodTopologySpread, the volume is there
    EXPECT_TRUE(v.elsewhere[c.FindNode(node)].empty()) << node;
    EXPECT_EQ(v.plugin[c.FindNode(node)], -1) << node;
  }
  for (const char* node : {"node-b1", "node-b2"}) {
    EXPECT_EQ(v.elsewhere[c.FindNode(node)], std::vector<uint16_t>{0}) << node;
    EXPECT_EQ(t.filterPlugins[v.plugin[c.FindNode(node)]], "VolumeBinding") << node;
  }
}

TEST(PodVolumesTest, UnboundEphemeralMissingAndLabelledVolumes) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(R"(apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: Node, metadata: {name: n1, labels: {topology.kubernetes.io/zone: a}},
   status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}}
- {apiVersion: storage.k8s.io/v1, kind: StorageClass, metadata: {name: late}, provisioner: x,
   volumeBindingMode: WaitForFirstConsumer}
- {apiVersion: storage.k8s.io/v1, kind: StorageClass, metadata: {name: now}, provisioner: x}
- apiVersion: v1
  kind: PersistentVolume
  metadata: {name: pv-l, labels: {topology.kubernetes.io/zone: a__b}}
  spec: {capacity: {storage: 1Gi}, accessModes: [ReadWriteOnce], storageClassName: now, csi: {driver: x, volumeHandle: l}}
- {apiVersion: v1, kind: PersistentVolumeClaim, metadata: {name: waits},
   spec: {accessModes: [ReadWriteOnce], storageClassName: late, resources: {requests: {storage: 1Gi}}}}
- {apiVersion: v1, kind: PersistentVolumeClaim, metadata: {name: labelled},
   spec: {accessModes: [ReadWriteOnce], storageClassName: now, volumeName: pv-l, resources: {requests: {storage: 1Gi}}}}
- apiVersion: v1
  kind: Pod
  metadata: {name: p}
  spec:
    containers: [{name: c, image: i}]
    volumes:
    - {name: w, persistentVolumeClaim: {claimName: waits}}
    - {name: l, persistentVolumeClaim: {claimName: labelled}}
    - {name: gone, persistentVolumeClaim: {claimName: nowhere}}
    - {name: scratch, ephemeral: {volumeClaimTemplate: {spec: {accessModes: [ReadWriteOnce], storageClassName: late,
                                                               resources: {requests: {storage: 1Gi}}}}}}
    - {name: cfg, emptyDir: {}}
)",
                       "inline", error))
      << error;
  const Scenario& sc = lab.doc().scenario();
  ASSERT_TRUE(UsesClaims(sc.pods[0]));
  const std::vector<PodClaim> claims = PodClaims(sc, lab.cluster().storage(), sc.pods[0]);
  ASSERT_EQ(claims.size(), 4u);  // emptyDir is not a claim
  EXPECT_EQ(claims[0].state, ClaimState::WaitForFirstConsumer);
  EXPECT_EQ(ClaimStateText(claims[0]), "waiting for first consumer");
  EXPECT_TRUE(claims[0].places.empty());
  EXPECT_EQ(claims[1].state, ClaimState::Bound);
  EXPECT_EQ(claims[1].places, (std::vector<VolumePlace>{{"topology.kubernetes.io/zone", {"a", "b"}}}));
  EXPECT_EQ(ZoneOf(claims[1].places), "a, b");
  EXPECT_TRUE(LivesOn(claims[1].places, {{"topology.kubernetes.io/zone", "b"}}));
  EXPECT_FALSE(LivesOn(claims[1].places, {{"topology.kubernetes.io/zone", "c"}}));
  EXPECT_EQ(claims[2].state, ClaimState::Missing);
  EXPECT_EQ(ClaimSentence(claims[2]), "Volume gone uses claim nowhere, which does not exist: the pod waits for it.");
  EXPECT_TRUE(claims[3].ephemeral);
  EXPECT_EQ(claims[3].claim, "p-scratch");
  // made by the ephemeral volume controller from the volume's template, of class late
  EXPECT_EQ(claims[3].state, ClaimState::WaitForFirstConsumer);
}

// zone-outage-statefulset.yaml's story: while db-2 is Pending after zone C failed, its
// volume waits in zone C with no pod on a node to carry its badge; db-0's and db-1's
// volumes have their pods. Back on node-c1 after restore, db-2 carries it again.
TEST(PodVolumesTest, AVolumeWaitsInItsZoneWhileItsPodIsGoneOrPending) {
  Loaded x("zone-outage-statefulset.yaml");
  using Waiting = std::vector<std::pair<std::string, std::string>>;  // "volume claim", zone
  auto waiting = [&] {
    Waiting out;
    for (const WaitingVolume& w : VolumesWithoutBoundPod(x.lab.doc().scenario(), x.lab.cluster().storage()))
      out.emplace_back(w.volume + " " + w.claim, ZoneOf(w.places));
    return out;
  };
  EXPECT_EQ(waiting(), Waiting{}) << "the claims are not bound before the pods are placed";
  std::string error;
  ASSERT_TRUE(x.lab.Simulate("fail topology.kubernetes.io/zone=zone-c", &error)) << error;
  ASSERT_EQ(x.lab.cluster().pod(x.lab.pod()).name, "db-2");
  const Waiting db2{{"pvc-default-data-db-2 default/data-db-2", "zone-c"}};
  EXPECT_EQ(waiting(), db2) << "db-2 is Pending";
  // Every beat after the outage: the event (zone C's pods gone, both replaced at once), the
  // scheduler's (web's pod bound, db-2 left Pending), the controllers' in between.
  const size_t end = x.lab.timeline().size();
  size_t event = 0;
  while (event < end && x.lab.timeline()[event].message != "fail topology.kubernetes.io/zone=zone-c") ++event;
  ASSERT_LT(event, end);
  for (size_t beat = event + 1; beat <= end; ++beat) {
    x.lab.ScrubTo(beat);
    EXPECT_EQ(waiting(), db2) << "after beat " << beat;
  }
  x.lab.ScrubTo(event);
  EXPECT_EQ(waiting(), Waiting{}) << "db-2 on node-c2 before the outage";
  x.lab.ScrubTo(end);
  ASSERT_TRUE(x.lab.Simulate("restore", &error)) << error;
  EXPECT_EQ(x.lab.pod(), kNone);
  EXPECT_EQ(waiting(), Waiting{}) << "db-2 is back on node-c1";
}

}  // namespace
}  // namespace spreadlab::app
