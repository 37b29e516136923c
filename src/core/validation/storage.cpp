// Storage objects: PersistentVolumeClaim and PersistentVolume (k8s.io/kubernetes/pkg/apis/core/validation),
// StorageClass, CSINode, CSIDriver, CSIStorageCapacity and VolumeAttachment
// (k8s.io/kubernetes/pkg/apis/storage/validation): the fields the volume plugins read.
#include <set>
#include <string>
#include <string_view>

#include "core/validation/internal.h"

namespace spreadlab::validation {

namespace {

void ValidateStorageMeta(const v1::StorageObjectMeta& meta, bool namespaced, NameFn nameFn, const std::string& path,
                         Errors& out) {
  v1::ObjectMeta m;
  m.name = meta.name;
  m.ns = meta.ns;
  m.labels = meta.labels;
  ValidateObjectMeta(m, namespaced, nameFn, Child(path, "metadata"), out);
}

// The access modes of a claim or a volume (ValidatePersistentVolumeClaimSpec / ValidatePersistentVolumeSpec).
void ValidateAccessModes(const std::vector<std::string>& modes, std::string_view requiredDetail,
                         const std::string& path, Errors& out) {
  if (modes.empty()) AddRequired(out, path, requiredDetail);
  bool oncePod = false, other = false;
  for (const std::string& mode : modes) {
    const bool supported = mode == v1::kReadOnlyMany || mode == v1::kReadWriteMany || mode == v1::kReadWriteOnce ||
                           mode == v1::kReadWriteOncePod;
    if (!supported)
      AddNotSupported(out, path, mode,
                      {v1::kReadOnlyMany, v1::kReadWriteMany, v1::kReadWriteOnce, v1::kReadWriteOncePod});
    if (mode == v1::kReadWriteOncePod)
      oncePod = true;
    else if (supported)
      other = true;
  }
  if (oncePod && other) AddForbidden(out, path, "may not use ReadWriteOncePod with other access modes");
}

void ValidateVolumeMode(const std::string& mode, const std::string& path, Errors& out) {
  if (mode != "Block" && mode != "Filesystem") AddNotSupported(out, path, mode, {"Block", "Filesystem"});
}

// ValidatePositiveQuantityValue
void ValidatePositiveQuantity(const Quantity& q, const std::string& path, Errors& out) {
  if (q.milli <= 0) AddInvalid(out, path, std::to_string(q.value), "must be greater than zero");
}

// ValidateClassName: a DNS-1123 subdomain.
void ValidateClassName(const std::string& name, const std::string& path, Errors& out) {
  for (const std::string& msg : IsDNS1123Subdomain(name)) AddInvalid(out, path, name, msg);
}

// ValidateCSIDriverName
void ValidateDriverName(const std::string& name, const std::string& path, Errors& out) {
  if (name.empty()) {
    AddRequired(out, path, name);
    return;
  }
  if (name.size() > 63) AddInvalid(out, path, name, "must be 63 characters or less");
  for (const std::string& msg : IsDNS1123Subdomain(name)) AddInvalid(out, path, name, msg);
}

}  // namespace

// ValidatePersistentVolumeClaim
void ValidatePersistentVolumeClaim(const v1::PersistentVolumeClaim& claim, Errors& out) {
  ValidateStorageMeta(claim.metadata, true, IsDNS1123Subdomain, claim.path, out);
  const std::string sp = Child(claim.path, "spec");
  ValidateAccessModes(claim.accessModes, "at least 1 access mode is required", Child(sp, "accessModes"), out);
  if (claim.selector) ValidateLabelSelector(*claim.selector, Child(sp, "selector"), out);
  const std::string storagePath = Child(sp, "resources") + "[storage]";
  if (!claim.hasStorageRequest)
    AddRequired(out, storagePath);
  else
    ValidatePositiveQuantity(claim.storageRequest, storagePath, out);
  if (claim.storageClassName && !claim.storageClassName->empty())
    ValidateClassName(*claim.storageClassName, Child(sp, "storageClassName"), out);
  ValidateVolumeMode(claim.volumeMode, Child(sp, "volumeMode"), out);
}

// ValidatePersistentVolume (ValidatePersistentVolumeSpec, validateVolumeNodeAffinity)
void ValidatePersistentVolume(const v1::PersistentVolume& volume, Errors& out) {
  ValidateStorageMeta(volume.metadata, false, IsDNS1123Subdomain, volume.path, out);
  const std::string sp = Child(volume.path, "spec");
  ValidateAccessModes(volume.accessModes, "", Child(sp, "accessModes"), out);
  if (!volume.hasCapacity)
    AddRequired(out, Child(sp, "capacity"));
  else
    ValidatePositiveQuantity(volume.capacity, Child(sp, "capacity") + "[storage]", out);
  if (!volume.storageClassName.empty()) ValidateClassName(volume.storageClassName, Child(sp, "storageClassName"), out);
  ValidateVolumeMode(volume.volumeMode, Child(sp, "volumeMode"), out);
  if (volume.nodeAffinity)
    ValidateNodeSelector(*volume.nodeAffinity, Child(Child(sp, "nodeAffinity"), "required"), out);
  if (volume.source.kind.empty()) AddRequired(out, sp, "must specify a volume type");
  if (volume.source.kind == "csi") {
    ValidateDriverName(volume.source.driver, Child(Child(sp, "csi"), "driver"), out);
    if (volume.source.id.empty()) AddRequired(out, Child(Child(sp, "csi"), "volumeHandle"));
  }
}

// ValidateStorageClass
void ValidateStorageClass(const v1::StorageClass& sc, Errors& out) {
  ValidateStorageMeta(sc.metadata, false, IsDNS1123Subdomain, sc.path, out);
  if (sc.provisioner.empty())
    AddRequired(out, Child(sc.path, "provisioner"));
  else
    for (const std::string& msg : IsQualifiedName(sc.provisioner))
      AddInvalid(out, Child(sc.path, "provisioner"), sc.provisioner, msg);
  const std::string& mode = sc.volumeBindingMode;
  if (mode != v1::kVolumeBindingImmediate && mode != v1::kVolumeBindingWaitForFirstConsumer)
    AddNotSupported(out, Child(sc.path, "volumeBindingMode"), mode,
                    {v1::kVolumeBindingImmediate, v1::kVolumeBindingWaitForFirstConsumer});
  // ValidateAllowedTopologies / ValidateTopologySelectorTerm
  const std::string tp = Child(sc.path, "allowedTopologies");
  for (size_t i = 0; i < sc.allowedTopologies.size(); ++i) {
    const std::string termPath = Index(tp, i);
    if (sc.allowedTopologies[i].empty()) AddRequired(out, termPath, "must have at least one label selector");
    std::set<std::string> keys;
    for (size_t j = 0; j < sc.allowedTopologies[i].size(); ++j) {
      const v1::TopologySelectorRequirement& r = sc.allowedTopologies[i][j];
      const std::string rp = Index(Child(termPath, "matchLabelExpressions"), j);
      ValidateLabelName(r.key, Child(rp, "key"), out);
      if (r.values.empty()) AddRequired(out, Child(rp, "values"), "must specify as least one value");
      for (size_t k = 0; k < r.values.size(); ++k)
        for (const std::string& msg : IsValidLabelValue(r.values[k]))
          AddInvalid(out, Index(Child(rp, "values"), k), r.values[k], msg);
      if (!keys.insert(r.key).second) AddDuplicate(out, Child(rp, "key"), r.key);
    }
  }
}

// ValidateCSINode
void ValidateCSINode(const v1::CSINode& node, Errors& out) {
  ValidateStorageMeta(node.metadata, false, IsDNS1123Subdomain, node.path, out);
  const std::string dp = Child(Child(node.path, "spec"), "drivers");
  std::set<std::string> names;
  for (size_t i = 0; i < node.drivers.size(); ++i) {
    const v1::CSINodeDriver& d = node.drivers[i];
    const std::string p = Index(dp, i);
    ValidateDriverName(d.name, Child(p, "name"), out);
    if (d.nodeID.empty()) AddRequired(out, Child(p, "nodeID"));
    if (d.nodeID.size() > 192) AddInvalid(out, Child(p, "nodeID"), d.nodeID, "must be 192 characters or less");
    if (d.allocatableCount && *d.allocatableCount < 0)
      AddInvalid(out, Child(Child(p, "allocatable"), "count"), *d.allocatableCount,
                 "must be greater than or equal to 0");
    if (!names.insert(d.name).second) AddDuplicate(out, Child(p, "name"), d.name);
  }
}

// ValidateCSIDriver
void ValidateCSIDriver(const v1::CSIDriver& driver, Errors& out) {
  ValidateDriverName(driver.metadata.name, Child(Child(driver.path, "metadata"), "name"), out);
}

// ValidateCSIStorageCapacity
void ValidateCSIStorageCapacity(const v1::CSIStorageCapacity& capacity, Errors& out) {
  ValidateStorageMeta(capacity.metadata, true, IsDNS1123Subdomain, capacity.path, out);
  if (capacity.nodeTopology) ValidateLabelSelector(*capacity.nodeTopology, Child(capacity.path, "nodeTopology"), out);
  if (capacity.storageClassName.empty())
    AddRequired(out, Child(capacity.path, "storageClassName"));
  else
    ValidateClassName(capacity.storageClassName, Child(capacity.path, "storageClassName"), out);
}

// ValidateVolumeAttachment
void ValidateVolumeAttachment(const v1::VolumeAttachment& attachment, Errors& out) {
  ValidateStorageMeta(attachment.metadata, false, IsDNS1123Subdomain, attachment.path, out);
  const std::string sp = Child(attachment.path, "spec");
  ValidateDriverName(attachment.attacher, Child(sp, "attacher"), out);
  if (attachment.nodeName.empty()) AddRequired(out, Child(sp, "nodeName"));
}

}  // namespace spreadlab::validation
