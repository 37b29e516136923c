// The lab's placements carry VolumeBinding's Reserve (binder.AssumePodVolumes) into the
// document, as `spreadlab schedule` does: the volume a placed pod took names its claim,
// the next pod no longer finds it, and scrubbing the timeline back and forth keeps the
// document and what the scheduler assumed together.
#include <gtest/gtest.h>

#include "app/model/lab.h"

namespace spreadlab::app {
namespace {

// Two pods, each with its own WaitForFirstConsumer claim of a class without a
// provisioner; one volume, in zone-a, fits either claim.
constexpr const char* kScenario = R"(
apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: Node, metadata: {name: node-a1, labels: {topology.kubernetes.io/zone: zone-a}},
   status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}}
- {apiVersion: v1, kind: Node, metadata: {name: node-b1, labels: {topology.kubernetes.io/zone: zone-b}},
   status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}}
- apiVersion: storage.k8s.io/v1
  kind: StorageClass
  metadata: {name: local}
  provisioner: kubernetes.io/no-provisioner
  volumeBindingMode: WaitForFirstConsumer
- apiVersion: v1
  kind: PersistentVolume
  metadata: {name: pv-a}
  spec:
    capacity: {storage: 10Gi}
    accessModes: [ReadWriteOnce]
    storageClassName: local
    local: {path: /mnt/disk}
    nodeAffinity:
      required:
        nodeSelectorTerms:
        - matchExpressions: [{key: topology.kubernetes.io/zone, operator: In, values: [zone-a]}]
  status: {phase: Available}
- {apiVersion: v1, kind: PersistentVolumeClaim, metadata: {name: data-0},
   spec: {accessModes: [ReadWriteOnce], storageClassName: local, resources: {requests: {storage: 1Gi}}}}
- {apiVersion: v1, kind: PersistentVolumeClaim, metadata: {name: data-1},
   spec: {accessModes: [ReadWriteOnce], storageClassName: local, resources: {requests: {storage: 1Gi}}}}
- {apiVersion: v1, kind: Pod, metadata: {name: db-0},
   spec: {containers: [{name: db, image: db}], volumes: [{name: data, persistentVolumeClaim: {claimName: data-0}}]}}
- {apiVersion: v1, kind: Pod, metadata: {name: db-1},
   spec: {containers: [{name: db, image: db}], volumes: [{name: data, persistentVolumeClaim: {claimName: data-1}}]}}
)";

bool VolumeTaken(const Lab& lab) {
  const auto& ref = lab.doc().scenario().persistentVolumes.at(0).claimRef;
  return ref && ref->name == "data-0";
}

TEST(LabVolumesTest, ScheduleNextReservesTheVolumeForTheNextPod) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(kScenario, "x", error)) << error;
  ASSERT_TRUE(lab.ScheduleNext(error)) << error;
  EXPECT_EQ(lab.timeline().back().node, "node-a1");
  EXPECT_TRUE(VolumeTaken(lab));
  EXPECT_NE(lab.doc().Dump().find("\"claimRef\""), std::string::npos);  // export keeps it
  EXPECT_FALSE(lab.ScheduleNext(error));                                // db-1: no volume left
  EXPECT_EQ(lab.timeline().back().node, "");
  EXPECT_NE(lab.timeline().back().message.find("didn't find available persistent volumes to bind"), std::string::npos)
      << lab.timeline().back().message;
  lab.ScrubTo(0);
  EXPECT_FALSE(VolumeTaken(lab));
  lab.ScrubTo(1);
  EXPECT_TRUE(VolumeTaken(lab));
}

TEST(LabVolumesTest, ScheduleAllReservesAsTheCliDoes) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(kScenario, "x", error)) << error;
  EXPECT_EQ(lab.ScheduleAll(error), 1) << error;
  EXPECT_TRUE(VolumeTaken(lab));
  ASSERT_EQ(lab.timeline().size(), 2u);
  EXPECT_EQ(lab.timeline()[0].volumes.size(), 1u);
  lab.Undo();
  EXPECT_FALSE(VolumeTaken(lab));
}

}  // namespace
}  // namespace spreadlab::app
