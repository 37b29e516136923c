#include "core/plugins/nodevolumelimits/translation.h"

#include <set>
#include <strings.h>
#include <vector>

namespace spreadlab::plugins::csitranslation {

namespace {

// The in-tree plugins of translate.go's inTreePlugins: the pod or PV field each one
// supports, its in-tree name and its CSI driver.
struct InTreePlugin {
  std::string_view sourceKind, inTreeName, csiDriver;
};
constexpr InTreePlugin kInTreePlugins[] = {
    {"gcePersistentDisk", kGCEPDInTreePluginName, kGCEPDDriverName},
    {"awsElasticBlockStore", kAWSEBSInTreePluginName, kAWSEBSDriverName},
    {"cinder", kCinderInTreePluginName, "cinder.csi.openstack.org"},
    {"azureDisk", kAzureDiskInTreePluginName, "disk.csi.azure.com"},
    {"azureFile", "kubernetes.io/azure-file", "file.csi.azure.com"},
    {"vsphereVolume", "kubernetes.io/vsphere-volume", "csi.vsphere.vmware.com"},
    {"portworxVolume", kPortworxVolumePluginName, "pxd.portworx.com"},
};

const InTreePlugin* PluginFor(const v1::VolumeSource& source) {
  for (const InTreePlugin& p : kInTreePlugins)
    if (p.sourceKind == source.kind) return &p;
  return nullptr;
}

std::vector<std::string> Split(const std::string& s, std::string_view sep) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t at; (at = s.find(sep, start)) != std::string::npos; start = at + sep.size())
    out.push_back(s.substr(start, at - start));
  out.push_back(s.substr(start));
  return out;
}

// plugins.KubernetesVolumeIDToEBSVolumeID: "aws://<zone>/<vol-id>" or a bare volume ID.
Translated EBSVolumeID(const std::string& kubernetesID) {
  Translated t{std::string(kAWSEBSDriverName), {}, std::nullopt};
  constexpr std::string_view kPrefix = "aws://";
  if (kubernetesID.compare(0, kPrefix.size(), kPrefix) != 0) {
    t.volumeHandle = kubernetesID;
    return t;
  }
  // url.Parse: the path starts after the host and ends at the query or fragment.
  std::string rest = kubernetesID.substr(kPrefix.size());
  rest = rest.substr(0, rest.find_first_of("?#"));
  const size_t slash = rest.find('/');
  std::string id = slash == std::string::npos ? "" : rest.substr(slash);
  const size_t first = id.find_first_not_of('/');
  id = first == std::string::npos ? "" : id.substr(first, id.find_last_not_of('/') - first + 1);
  // awsVolumeRegMatch: ^vol-[^/]*$
  if (id.compare(0, 4, "vol-") != 0 || id.find('/') != std::string::npos) {
    t.error = "failed to translate Kubernetes ID to EBS Volume ID Invalid format for AWS volume (" + kubernetesID + ")";
    return t;
  }
  t.volumeHandle = id;
  return t;
}

// The azure disk translator takes only managed disks ("kind(%v) is not supported in csi migration").
Translated AzureDisk(const v1::VolumeSource& s) {
  Translated t{"disk.csi.azure.com", s.diskURI, std::nullopt};
  if (!s.azureDiskKind.empty() && strcasecmp(s.azureDiskKind.c_str(), "Managed") != 0)
    t.error = "kind(" + s.azureDiskKind + ") is not supported in csi migration";
  return t;
}

// gceGetRegionFromZones: every zone "{locale}-{region}-{zone}" of one region.
std::optional<std::string> GCERegion(const std::vector<std::string>& zones) {
  std::set<std::string> regions;
  for (const std::string& zone : zones) {
    const std::vector<std::string> parts = Split(zone, "-");
    if (parts.size() != 3) return std::nullopt;
    regions.insert(parts[0] + "-" + parts[1]);
  }
  if (regions.size() != 1) return std::nullopt;
  return *regions.begin();
}

std::string Label(const v1::LabelMap& labels, const char* key) {
  auto it = labels.find(key);
  return it == labels.end() ? "" : it->second;
}

Translated NotTranslated(const v1::VolumeSource& s) {
  return {"", "", "translation of " + s.kind + " volumes is not simulated"};
}

}  // namespace

bool IsMigratable(const v1::VolumeSource& source) { return PluginFor(source) != nullptr; }

bool IsMigratableIntreePluginByName(std::string_view inTreePluginName) {
  for (const InTreePlugin& p : kInTreePlugins)
    if (p.inTreeName == inTreePluginName) return true;
  return false;
}

std::string InTreePluginName(const v1::VolumeSource& source) {
  const InTreePlugin* p = PluginFor(source);
  return p ? std::string(p->inTreeName) : "";
}

std::string CSINameFromInTreeName(std::string_view inTreePluginName) {
  for (const InTreePlugin& p : kInTreePlugins)
    if (p.inTreeName == inTreePluginName) return std::string(p.csiDriver);
  return "";
}

Translated TranslateInlineVolume(const v1::Volume& volume) {
  const v1::VolumeSource& s = volume.source;
  const std::string& k = s.kind;
  if (k == "awsElasticBlockStore") return EBSVolumeID(s.id);
  // An inline disk names no zone: plugins.gcePersistentDiskCSITranslator.TranslateInTreeInlineVolumeToCSI.
  if (k == "gcePersistentDisk")
    return {std::string(kGCEPDDriverName), "projects/UNSPECIFIED/zones/UNSPECIFIED/disks/" + s.id, std::nullopt};
  if (k == "azureDisk") return AzureDisk(s);
  if (k == "cinder") return {"cinder.csi.openstack.org", s.id, std::nullopt};
  if (k == "portworxVolume") return {"pxd.portworx.com", s.id, std::nullopt};
  return NotTranslated(s);
}

Translated TranslatePersistentVolume(const v1::PersistentVolume& volume) {
  const v1::VolumeSource& s = volume.source;
  if (s.kind != "gcePersistentDisk") return TranslateInlineVolume(v1::Volume{volume.metadata.name, s});
  // gcePersistentDiskCSITranslator.TranslateInTreePVToCSI: the beta zone label, else the GA
  // one; one zone is zonal, several ("__"-joined) are regional, none is UNSPECIFIED.
  std::string zonesLabel = Label(volume.metadata.labels, "failure-domain.beta.kubernetes.io/zone");
  if (zonesLabel.empty()) zonesLabel = Label(volume.metadata.labels, "topology.kubernetes.io/zone");
  const std::vector<std::string> zones = Split(zonesLabel, "__");
  Translated t{std::string(kGCEPDDriverName), {}, std::nullopt};
  if (zones.size() == 1 && !zones[0].empty()) {
    t.volumeHandle = "projects/UNSPECIFIED/zones/" + zones[0] + "/disks/" + s.id;
  } else if (zones.size() > 1) {
    const std::optional<std::string> region = GCERegion(zones);
    if (!region) {
      t.error = "failed to get region from zones";
      return t;
    }
    t.volumeHandle = "projects/UNSPECIFIED/regions/" + *region + "/disks/" + s.id;
  } else {
    t.volumeHandle = "projects/UNSPECIFIED/zones/UNSPECIFIED/disks/" + s.id;
  }
  return t;
}

}  // namespace spreadlab::plugins::csitranslation
