#pragma once
// The storage objects a scenario holds (k8s.io/api/core/v1 PersistentVolumeClaim,
// PersistentVolume, Volume; k8s.io/api/storage/v1 StorageClass, CSINode, CSIDriver,
// CSIStorageCapacity, VolumeAttachment), as plain data with the API's field names and
// only the fields the volume plugins read. Defaults are the API server's.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/quantity.h"
#include "core/selector_api.h"

namespace spreadlab::v1 {

inline constexpr const char* kReadWriteOnce = "ReadWriteOnce";
inline constexpr const char* kReadOnlyMany = "ReadOnlyMany";
inline constexpr const char* kReadWriteMany = "ReadWriteMany";
inline constexpr const char* kReadWriteOncePod = "ReadWriteOncePod";
inline constexpr const char* kVolumeBindingImmediate = "Immediate";
inline constexpr const char* kVolumeBindingWaitForFirstConsumer = "WaitForFirstConsumer";
// The claim annotation the scheduler writes when it picks a node for a delayed claim
// (volume.kubernetes.io/selected-node) and the beta class annotation still honoured.
inline constexpr const char* kAnnSelectedNode = "volume.kubernetes.io/selected-node";
inline constexpr const char* kAnnBetaStorageClass = "volume.beta.kubernetes.io/storage-class";
// The provisioner of a class for static volumes only (storagehelpers.NotSupportedProvisioner).
inline constexpr const char* kNotSupportedProvisioner = "kubernetes.io/no-provisioner";
// Set on a claim once the PV controller finished binding it (isPVCFullyBound reads it).
inline constexpr const char* kAnnBindCompleted = "pv.kubernetes.io/bind-completed";
// Set on a volume the PV controller (or the scheduler's assumption) bound to a claim.
inline constexpr const char* kAnnBoundByController = "pv.kubernetes.io/bound-by-controller";

// Where a volume's data is: the one source a Volume or PersistentVolume sets. `kind` is the
// field's name ("persistentVolumeClaim", "ephemeral", "csi", "gcePersistentDisk", ...);
// the other members hold what the scheduler compares for that kind.
struct VolumeSource {
  std::string kind;
  std::string claimName;              // persistentVolumeClaim.claimName
  std::string id;                     // pdName, volumeID, diskName, iqn, volumePath, csi volumeHandle
  std::string driver;                 // csi.driver
  std::vector<std::string> monitors;  // rbd.monitors
  std::string pool, image;            // rbd.pool, rbd.image
  bool readOnly = false;              // the source's readOnly
  std::string diskURI;                // azureDisk.diskURI (the CSI volume handle)
  std::string azureDiskKind;          // azureDisk.kind (defaulted to "Shared")
  std::optional<std::string> ephemeralStorageClassName;  // ephemeral.volumeClaimTemplate.spec.storageClassName
  bool operator==(const VolumeSource&) const = default;
};

// spec.volumes[i] of a Pod.
struct Volume {
  std::string name;
  VolumeSource source;
  bool operator==(const Volume&) const = default;
};

struct StorageObjectMeta {
  std::string name;
  std::string ns;  // "" for cluster-scoped kinds
  LabelMap labels;
  LabelMap annotations;
  bool terminating = false;  // metadata.deletionTimestamp is set
  // The controller owner reference's kind and name (an ephemeral volume's claim is owned
  // by its pod: ephemeral.VolumeIsForPod).
  std::string controllerKind, controllerName;
  bool operator==(const StorageObjectMeta&) const = default;
};

struct PersistentVolumeClaim {
  StorageObjectMeta metadata;
  std::vector<std::string> accessModes;
  std::optional<LabelSelector> selector;
  Quantity storageRequest;                      // spec.resources.requests.storage (0 when absent)
  bool hasStorageRequest = false;               // spec.resources.requests has storage
  std::string volumeName;                       // spec.volumeName
  std::optional<std::string> storageClassName;  // unset and "" differ (storagehelpers.GetPersistentVolumeClaimClass)
  std::string volumeMode = "Filesystem";
  std::string phase = "Pending";  // status.phase: Pending, Bound, Lost
  std::string path;
  bool operator==(const PersistentVolumeClaim&) const = default;
};

struct ObjectReference {
  std::string ns, name;
  bool operator==(const ObjectReference&) const = default;
};

struct PersistentVolume {
  StorageObjectMeta metadata;
  Quantity capacity;         // spec.capacity.storage (0 when absent)
  bool hasCapacity = false;  // spec.capacity has storage
  std::vector<std::string> accessModes;
  std::optional<ObjectReference> claimRef;
  std::string storageClassName;
  std::string volumeMode = "Filesystem";
  std::optional<NodeSelector> nodeAffinity;  // spec.nodeAffinity.required
  VolumeSource source;
  std::string phase;  // status.phase
  std::string path;
  bool operator==(const PersistentVolume&) const = default;
};

// A TopologySelectorTerm of a class's allowedTopologies: every key must take one of its values.
struct TopologySelectorRequirement {
  std::string key;
  std::vector<std::string> values;
  bool operator==(const TopologySelectorRequirement&) const = default;
};
using TopologySelectorTerm = std::vector<TopologySelectorRequirement>;

struct StorageClass {
  StorageObjectMeta metadata;
  std::string provisioner;
  std::string volumeBindingMode = kVolumeBindingImmediate;
  std::vector<TopologySelectorTerm> allowedTopologies;
  std::string path;
  bool operator==(const StorageClass&) const = default;
};

struct CSINodeDriver {
  std::string name;
  std::string nodeID;
  std::vector<std::string> topologyKeys;
  std::optional<int32_t> allocatableCount;  // allocatable.count: the node's attach limit for the driver
  bool operator==(const CSINodeDriver&) const = default;
};

struct CSINode {
  StorageObjectMeta metadata;  // named after its node; annotations hold the migrated plugins
  std::vector<CSINodeDriver> drivers;
  std::string path;
  bool operator==(const CSINode&) const = default;
};

struct CSIDriver {
  StorageObjectMeta metadata;
  bool attachRequired = true;                         // spec.attachRequired (default true)
  bool storageCapacity = false;                       // spec.storageCapacity (default false)
  std::optional<bool> preventPodSchedulingIfMissing;  // spec.preventPodSchedulingIfMissing (VolumeLimitScaling)
  std::string path;
  bool operator==(const CSIDriver&) const = default;
};

struct CSIStorageCapacity {
  StorageObjectMeta metadata;
  std::string storageClassName;
  std::optional<LabelSelector> nodeTopology;
  std::optional<Quantity> capacity, maximumVolumeSize;
  std::string path;
  bool operator==(const CSIStorageCapacity&) const = default;
};

struct VolumeAttachment {
  StorageObjectMeta metadata;
  std::string attacher;              // spec.attacher: the CSI driver
  std::string nodeName;              // spec.nodeName
  std::string persistentVolumeName;  // spec.source.persistentVolumeName
  bool attached = false;             // status.attached
  std::string path;
  bool operator==(const VolumeAttachment&) const = default;
};

}  // namespace spreadlab::v1
