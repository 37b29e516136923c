#include "io/storage_reader.h"

#include <array>

namespace spreadlab::io {

using namespace read;

namespace {

v1::StorageObjectMeta ReadStorageMeta(const json& item, const Path& path, bool namespaced) {
  const v1::ObjectMeta m = ReadMeta(item, path, namespaced);
  v1::StorageObjectMeta out;
  out.name = m.name;
  out.ns = m.ns;
  out.labels = m.labels;
  out.terminating = m.terminating;
  for (const v1::OwnerReference& r : m.ownerReferences)
    if (r.controller) out.controllerKind = r.kind, out.controllerName = r.name;
  const Path mp = Child(path, "metadata");
  if (const json* meta = ObjectField(item, "metadata", path))
    if (const json* a = ObjectField(*meta, "annotations", mp))
      out.annotations = StringMap(*a, Child(mp, "annotations"));
  return out;
}

std::vector<std::string> StringListField(const json& obj, const char* key, const Path& path) {
  const json* f = Field(obj, key);
  return f ? StringList(*f, Child(path, key)) : std::vector<std::string>{};
}

// The quantity at obj[key]["storage"] (capacity.storage, resources.requests.storage).
std::optional<Quantity> StorageQuantity(const json* obj, const Path& path) {
  if (!obj) return std::nullopt;
  const v1::ResourceList r = Resources(*obj, path);
  auto it = r.find("storage");
  return it == r.end() ? std::nullopt : std::optional<Quantity>(it->second);
}

// The volume sources the scheduler's plugins look into; any other source (emptyDir,
// configMap, nfs, ...) is kept by its field name only.
constexpr std::array kSourceKinds = {"persistentVolumeClaim",
                                     "ephemeral",
                                     "csi",
                                     "gcePersistentDisk",
                                     "awsElasticBlockStore",
                                     "azureDisk",
                                     "cinder",
                                     "iscsi",
                                     "rbd",
                                     "local",
                                     "hostPath",
                                     "emptyDir",
                                     "configMap",
                                     "secret",
                                     "projected",
                                     "downwardAPI",
                                     "nfs",
                                     "image",
                                     "portworxVolume",
                                     "azureFile",
                                     "vsphereVolume"};

v1::VolumeSource ReadVolumeSource(const json& obj, const Path& path) {
  v1::VolumeSource s;
  for (const char* kind : kSourceKinds) {
    const json* src = ObjectField(obj, kind, path);
    if (!src) continue;
    const Path sp = Child(path, kind);
    s.kind = kind;
    s.readOnly = BoolField(*src, "readOnly", sp);
    const std::string k = kind;
    if (k == "persistentVolumeClaim") {
      s.claimName = StringField(*src, "claimName", sp);
    } else if (k == "ephemeral") {
      const Path tp = Child(sp, "volumeClaimTemplate");
      if (const json* t = ObjectField(*src, "volumeClaimTemplate", sp))
        if (const json* spec = ObjectField(*t, "spec", tp))
          s.ephemeralStorageClassName = OptStringField(*spec, "storageClassName", Child(tp, "spec"));
    } else if (k == "csi") {
      s.driver = StringField(*src, "driver", sp);
      s.id = StringField(*src, "volumeHandle", sp);
    } else if (k == "gcePersistentDisk") {
      s.id = StringField(*src, "pdName", sp);
    } else if (k == "awsElasticBlockStore" || k == "cinder" || k == "portworxVolume") {
      s.id = StringField(*src, "volumeID", sp);
    } else if (k == "vsphereVolume") {
      s.id = StringField(*src, "volumePath", sp);
    } else if (k == "azureDisk") {
      s.id = StringField(*src, "diskName", sp);
      s.diskURI = StringField(*src, "diskURI", sp);
      s.azureDiskKind = StringField(*src, "kind", sp, "Shared");  // SetDefaults_AzureDiskVolumeSource
    } else if (k == "iscsi") {
      s.id = StringField(*src, "iqn", sp);
    } else if (k == "rbd") {
      s.monitors = StringListField(*src, "monitors", sp);
      s.pool = StringField(*src, "pool", sp, "rbd");  // SetDefaults_RBDVolumeSource
      s.image = StringField(*src, "image", sp);
    }
    break;
  }
  return s;
}

v1::PersistentVolumeClaim ReadClaim(const json& item, const Path& path) {
  v1::PersistentVolumeClaim c;
  c.path = path.str();
  c.metadata = ReadStorageMeta(item, path, true);
  const Path sp = Child(path, "spec");
  if (const json* spec = ObjectField(item, "spec", path)) {
    c.accessModes = StringListField(*spec, "accessModes", sp);
    if (const json* s = Field(*spec, "selector")) c.selector = ReadLabelSelector(*s, Child(sp, "selector"));
    if (const json* res = ObjectField(*spec, "resources", sp)) {
      const Path rp = Child(sp, "resources");
      const std::optional<Quantity> q = StorageQuantity(ObjectField(*res, "requests", rp), Child(rp, "requests"));
      c.hasStorageRequest = q.has_value();
      c.storageRequest = q.value_or(Quantity{});
    }
    c.volumeName = StringField(*spec, "volumeName", sp);
    c.storageClassName = OptStringField(*spec, "storageClassName", sp);
    c.volumeMode = StringField(*spec, "volumeMode", sp, "Filesystem");
  }
  if (const json* status = ObjectField(item, "status", path))
    c.phase = StringField(*status, "phase", Child(path, "status"), "Pending");
  return c;
}

v1::PersistentVolume ReadVolumeObject(const json& item, const Path& path) {
  v1::PersistentVolume pv;
  pv.path = path.str();
  pv.metadata = ReadStorageMeta(item, path, false);
  const Path sp = Child(path, "spec");
  if (const json* spec = ObjectField(item, "spec", path)) {
    const std::optional<Quantity> q = StorageQuantity(ObjectField(*spec, "capacity", sp), Child(sp, "capacity"));
    pv.hasCapacity = q.has_value();
    pv.capacity = q.value_or(Quantity{});
    pv.accessModes = StringListField(*spec, "accessModes", sp);
    if (const json* ref = ObjectField(*spec, "claimRef", sp)) {
      const Path rp = Child(sp, "claimRef");
      pv.claimRef = v1::ObjectReference{StringField(*ref, "namespace", rp), StringField(*ref, "name", rp)};
    }
    pv.storageClassName = StringField(*spec, "storageClassName", sp);
    pv.volumeMode = StringField(*spec, "volumeMode", sp, "Filesystem");
    if (const json* na = ObjectField(*spec, "nodeAffinity", sp)) {
      const Path np = Child(sp, "nodeAffinity");
      if (const json* req = ObjectField(*na, "required", np)) {
        const Path rp = Child(np, "required");
        v1::NodeSelector sel;
        ForEach(ArrayField(*req, "nodeSelectorTerms", rp), Child(rp, "nodeSelectorTerms"),
                [&](const json& t, const Path& p) { sel.nodeSelectorTerms.push_back(ReadNodeSelectorTerm(t, p)); });
        pv.nodeAffinity = std::move(sel);
      }
    }
    pv.source = ReadVolumeSource(*spec, sp);
  }
  if (const json* status = ObjectField(item, "status", path))
    pv.phase = StringField(*status, "phase", Child(path, "status"));
  return pv;
}

v1::StorageClass ReadClass(const json& item, const Path& path) {
  v1::StorageClass sc;
  sc.path = path.str();
  sc.metadata = ReadStorageMeta(item, path, false);
  sc.provisioner = StringField(item, "provisioner", path);
  sc.volumeBindingMode = StringField(item, "volumeBindingMode", path, v1::kVolumeBindingImmediate);
  ForEach(ArrayField(item, "allowedTopologies", path), Child(path, "allowedTopologies"),
          [&](const json& t, const Path& tp) {
            v1::TopologySelectorTerm term;
            ForEach(ArrayField(t, "matchLabelExpressions", tp), Child(tp, "matchLabelExpressions"),
                    [&](const json& e, const Path& ep) {
                      term.push_back({StringField(e, "key", ep), StringListField(e, "values", ep)});
                    });
            sc.allowedTopologies.push_back(std::move(term));
          });
  return sc;
}

v1::CSINode ReadCSINode(const json& item, const Path& path) {
  v1::CSINode n;
  n.path = path.str();
  n.metadata = ReadStorageMeta(item, path, false);
  const Path sp = Child(path, "spec");
  if (const json* spec = ObjectField(item, "spec", path))
    ForEach(ArrayField(*spec, "drivers", sp), Child(sp, "drivers"), [&](const json& d, const Path& dp) {
      v1::CSINodeDriver driver;
      driver.name = StringField(d, "name", dp);
      driver.nodeID = StringField(d, "nodeID", dp);
      driver.topologyKeys = StringListField(d, "topologyKeys", dp);
      if (const json* a = ObjectField(d, "allocatable", dp))
        driver.allocatableCount = OptInt32Field(*a, "count", Child(dp, "allocatable"));
      n.drivers.push_back(std::move(driver));
    });
  return n;
}

v1::CSIDriver ReadCSIDriver(const json& item, const Path& path) {
  v1::CSIDriver d;
  d.path = path.str();
  d.metadata = ReadStorageMeta(item, path, false);
  const Path sp = Child(path, "spec");
  if (const json* spec = ObjectField(item, "spec", path)) {
    if (Field(*spec, "attachRequired")) d.attachRequired = BoolField(*spec, "attachRequired", sp);
    d.storageCapacity = BoolField(*spec, "storageCapacity", sp);
    if (Field(*spec, "preventPodSchedulingIfMissing"))
      d.preventPodSchedulingIfMissing = BoolField(*spec, "preventPodSchedulingIfMissing", sp);
  }
  return d;
}

v1::CSIStorageCapacity ReadCapacity(const json& item, const Path& path) {
  v1::CSIStorageCapacity c;
  c.path = path.str();
  c.metadata = ReadStorageMeta(item, path, true);
  c.storageClassName = StringField(item, "storageClassName", path);
  if (const json* t = Field(item, "nodeTopology")) c.nodeTopology = ReadLabelSelector(*t, Child(path, "nodeTopology"));
  if (const json* q = Field(item, "capacity")) c.capacity = ReadQuantity(*q, Child(path, "capacity"));
  if (const json* q = Field(item, "maximumVolumeSize"))
    c.maximumVolumeSize = ReadQuantity(*q, Child(path, "maximumVolumeSize"));
  return c;
}

v1::VolumeAttachment ReadAttachment(const json& item, const Path& path) {
  v1::VolumeAttachment a;
  a.path = path.str();
  a.metadata = ReadStorageMeta(item, path, false);
  const Path sp = Child(path, "spec");
  if (const json* spec = ObjectField(item, "spec", path)) {
    a.attacher = StringField(*spec, "attacher", sp);
    a.nodeName = StringField(*spec, "nodeName", sp);
    if (const json* src = ObjectField(*spec, "source", sp))
      a.persistentVolumeName = StringField(*src, "persistentVolumeName", Child(sp, "source"));
  }
  if (const json* status = ObjectField(item, "status", path))
    a.attached = BoolField(*status, "attached", Child(path, "status"));
  return a;
}

}  // namespace

v1::Volume ReadVolume(const json& j, const Path& path) {
  v1::Volume v;
  v.name = StringField(j, "name", path);
  v.source = ReadVolumeSource(j, path);
  return v;
}

bool ReadStorageItem(const std::string& kind, const json& item, const Path& path, Scenario& out) {
  if (kind == "PersistentVolumeClaim")
    out.persistentVolumeClaims.push_back(ReadClaim(item, path));
  else if (kind == "PersistentVolume")
    out.persistentVolumes.push_back(ReadVolumeObject(item, path));
  else if (kind == "StorageClass")
    out.storageClasses.push_back(ReadClass(item, path));
  else if (kind == "CSINode")
    out.csiNodes.push_back(ReadCSINode(item, path));
  else if (kind == "CSIDriver")
    out.csiDrivers.push_back(ReadCSIDriver(item, path));
  else if (kind == "CSIStorageCapacity")
    out.csiStorageCapacities.push_back(ReadCapacity(item, path));
  else if (kind == "VolumeAttachment")
    out.volumeAttachments.push_back(ReadAttachment(item, path));
  else
    return false;
  return true;
}

}  // namespace spreadlab::io
