// The storage kinds in (io/storage_reader.h, core/validation/storage.cpp): each object read
// with its fields, and a bad field refused in the API server's words at its YAML line (a
// missing field: where its object begins).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "controlplane/load_scenario.h"

namespace spreadlab::io {
namespace {

using controlplane::LoadResult;
using controlplane::LoadScenario;

struct BadCase {
  std::string name, yaml, want;
};

TEST(StorageReader, BadFieldsAreRefusedWithTheirLine) {
  const std::string pvc = "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: data\nspec:\n";
  const std::string pv = "apiVersion: v1\nkind: PersistentVolume\nmetadata:\n  name: pv1\nspec:\n";
  const std::vector<BadCase> cases = {
      {"claim without access modes", pvc + "  resources:\n    requests: {storage: 1Gi}\n",
       "f.yaml:6: PersistentVolumeClaim \"data\" is invalid: spec.accessModes: Required value: at least 1 access mode "
       "is required"},
      {"claim without a storage request", pvc + "  accessModes: [ReadWriteOnce]\n",
       "f.yaml:6: PersistentVolumeClaim \"data\" is invalid: spec.resources[storage]: Required value"},
      {"claim asking for nothing", pvc + "  accessModes: [ReadWriteOnce]\n  resources:\n    requests: {storage: 0}\n",
       "f.yaml:8: PersistentVolumeClaim \"data\" is invalid: spec.resources[storage]: Invalid value: \"0\": must be "
       "greater than zero"},
      {"claim with an unknown access mode",
       pvc + "  accessModes: [ReadWriteAll]\n  resources:\n    requests: {storage: 1Gi}\n",
       "f.yaml:6: PersistentVolumeClaim \"data\" is invalid: spec.accessModes: Unsupported value: \"ReadWriteAll\": "
       "supported values: \"ReadOnlyMany\", \"ReadWriteMany\", \"ReadWriteOnce\", \"ReadWriteOncePod\""},
      {"claim whose access modes are not a list", pvc + "  accessModes: ReadWriteOnce\n",
       "f.yaml:6: spec.accessModes: expected an array of strings, got string \"ReadWriteOnce\""},
      {"volume mixing ReadWriteOncePod",
       pv + "  accessModes: [ReadWriteOnce, ReadWriteOncePod]\n  capacity: {storage: 1Gi}\n  csi: {driver: "
            "ebs.csi.aws.com, volumeHandle: v1}\n",
       "f.yaml:6: PersistentVolume \"pv1\" is invalid: spec.accessModes: Forbidden: may not use ReadWriteOncePod with "
       "other access modes"},
      {"volume without a source", pv + "  accessModes: [ReadWriteOnce]\n  capacity: {storage: 1Gi}\n",
       "f.yaml:6: PersistentVolume \"pv1\" is invalid: spec: Required value: must specify a volume type"},
      {"volume node affinity without terms",
       pv + "  accessModes: [ReadWriteOnce]\n  capacity: {storage: 1Gi}\n  csi: {driver: d.example.com, "
            "volumeHandle: v1}\n  nodeAffinity:\n    required:\n      nodeSelectorTerms: []\n",
       "f.yaml:11: PersistentVolume \"pv1\" is invalid: spec.nodeAffinity.required.nodeSelectorTerms: Required value: "
       "must have at least one node selector term"},
      {"class with an unknown binding mode",
       "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: fast\nprovisioner: "
       "ebs.csi.aws.com\nvolumeBindingMode: Later\n",
       "f.yaml:6: StorageClass.storage.k8s.io \"fast\" is invalid: volumeBindingMode: Unsupported value: \"Later\": "
       "supported values: \"Immediate\", \"WaitForFirstConsumer\""},
      {"class without a provisioner", "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: fast\n",
       "f.yaml:1: StorageClass.storage.k8s.io \"fast\" is invalid: provisioner: Required value"},
      {"capacity that is not a quantity",
       "apiVersion: storage.k8s.io/v1\nkind: CSIStorageCapacity\nmetadata: {name: c, namespace: kube-system}\n"
       "storageClassName: s\ncapacity: lots\n",
       "f.yaml:5: capacity: invalid quantity \"lots\": quantities must match the regular expression "
       "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"},
      {"CSINode with a negative count",
       "apiVersion: storage.k8s.io/v1\nkind: CSINode\nmetadata:\n  name: node-a\nspec:\n  drivers:\n  - name: "
       "ebs.csi.aws.com\n    nodeID: i-1\n    allocatable: {count: -1}\n",
       "f.yaml:9: CSINode.storage.k8s.io \"node-a\" is invalid: spec.drivers[0].allocatable.count: Invalid value: -1: "
       "must be greater than or equal to 0"},
  };
  for (const BadCase& c : cases) {
    SCOPED_TRACE(c.name);
    Scenario s;
    const LoadResult r = LoadScenario(c.yaml, s);
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(LocatedError(r, "f.yaml"), c.want);
  }
}

TEST(StorageReader, ReadsWhatTheVolumePluginsLookAt) {
  const std::string yaml = R"(apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: PersistentVolumeClaim
  metadata:
    name: data
    namespace: db
    annotations: {pv.kubernetes.io/bind-completed: "yes", volume.kubernetes.io/selected-node: n1}
  spec:
    accessModes: [ReadWriteOncePod]
    storageClassName: ""
    resources: {requests: {storage: 2Gi}}
    volumeName: pv1
  status: {phase: Bound}
- apiVersion: v1
  kind: PersistentVolume
  metadata:
    name: pv1
    labels: {failure-domain.beta.kubernetes.io/zone: a__b}
  spec:
    capacity: {storage: 3Gi}
    accessModes: [ReadWriteOncePod]
    claimRef: {namespace: db, name: data}
    rbd: {monitors: [m1, m2], image: img}
    nodeAffinity:
      required:
        nodeSelectorTerms:
        - matchExpressions: [{key: topology.kubernetes.io/zone, operator: In, values: [a]}]
  status: {phase: Bound}
- apiVersion: storage.k8s.io/v1
  kind: StorageClass
  metadata: {name: wffc}
  provisioner: ebs.csi.aws.com
  volumeBindingMode: WaitForFirstConsumer
  allowedTopologies:
  - matchLabelExpressions: [{key: topology.kubernetes.io/zone, values: [a, b]}]
- apiVersion: storage.k8s.io/v1
  kind: CSINode
  metadata: {name: n1}
  spec:
    drivers: [{name: ebs.csi.aws.com, nodeID: i-1, allocatable: {count: 25}}]
- apiVersion: storage.k8s.io/v1
  kind: CSIStorageCapacity
  metadata: {name: cap, namespace: kube-system}
  storageClassName: wffc
  capacity: 100Gi
  nodeTopology: {matchLabels: {topology.kubernetes.io/zone: a}}
- apiVersion: v1
  kind: Pod
  metadata: {name: p, namespace: db}
  spec:
    containers: [{name: c, image: i}]
    volumes:
    - name: data
      persistentVolumeClaim: {claimName: data}
    - name: scratch
      ephemeral:
        volumeClaimTemplate:
          spec: {accessModes: [ReadWriteOnce], storageClassName: wffc, resources: {requests: {storage: 1Gi}}}
    - name: disk
      gcePersistentDisk: {pdName: pd-1, readOnly: true}
)";
  Scenario s;
  const LoadResult r = LoadScenario(yaml, s);
  ASSERT_TRUE(r.ok) << r.error;
  // data, and p-scratch that the ephemeral volume controller made for the pod's volume.
  ASSERT_EQ(s.persistentVolumeClaims.size(), 2u);
  EXPECT_EQ(s.persistentVolumeClaims[1].metadata.name, "p-scratch");
  EXPECT_EQ(s.persistentVolumeClaims[1].metadata.ns, "db");
  const v1::PersistentVolumeClaim& c = s.persistentVolumeClaims[0];
  EXPECT_EQ(c.metadata.ns, "db");
  EXPECT_EQ(c.metadata.annotations.at(v1::kAnnSelectedNode), "n1");
  EXPECT_EQ(c.storageClassName, std::optional<std::string>(""));  // set to "": no class, not the default one
  EXPECT_TRUE(c.hasStorageRequest);
  EXPECT_EQ(c.storageRequest.value, 2LL << 30);
  EXPECT_EQ(c.phase, "Bound");
  ASSERT_EQ(s.persistentVolumes.size(), 1u);
  const v1::PersistentVolume& pv = s.persistentVolumes[0];
  EXPECT_EQ(pv.metadata.ns, "");  // cluster-scoped
  EXPECT_EQ(pv.source.kind, "rbd");
  EXPECT_EQ(pv.source.pool, "rbd");  // SetDefaults_RBDVolumeSource
  EXPECT_EQ(pv.source.monitors, (std::vector<std::string>{"m1", "m2"}));
  ASSERT_TRUE(pv.claimRef);
  EXPECT_EQ(pv.claimRef->ns, "db");
  ASSERT_TRUE(pv.nodeAffinity);
  EXPECT_EQ(pv.nodeAffinity->nodeSelectorTerms.size(), 1u);
  ASSERT_EQ(s.storageClasses.size(), 1u);
  EXPECT_EQ(s.storageClasses[0].volumeBindingMode, v1::kVolumeBindingWaitForFirstConsumer);
  ASSERT_EQ(s.storageClasses[0].allowedTopologies.size(), 1u);
  EXPECT_EQ(s.storageClasses[0].allowedTopologies[0][0].values, (std::vector<std::string>{"a", "b"}));
  ASSERT_EQ(s.csiNodes.size(), 1u);
  EXPECT_EQ(s.csiNodes[0].drivers[0].allocatableCount, std::optional<int32_t>(25));
  ASSERT_EQ(s.csiStorageCapacities.size(), 1u);
  EXPECT_EQ(s.csiStorageCapacities[0].capacity->value, 100LL << 30);
  ASSERT_EQ(s.pods.size(), 1u);
  const auto& volumes = s.pods[0].spec.volumes;
  ASSERT_EQ(volumes.size(), 3u);
  EXPECT_EQ(volumes[0].source.claimName, "data");
  EXPECT_EQ(volumes[1].source.kind, "ephemeral");
  EXPECT_EQ(volumes[1].source.ephemeralStorageClassName, std::optional<std::string>("wffc"));
  EXPECT_EQ(volumes[2].source.id, "pd-1");
  EXPECT_TRUE(volumes[2].source.readOnly);
}

}  // namespace
}  // namespace spreadlab::io
