#include "core/plugins/nodevolumelimits/csi.h"

#include <algorithm>

#include "core/plugins/nodevolumelimits/translation.h"
#include "core/storage.h"

namespace spreadlab::plugins {

namespace {

namespace trans = csitranslation;

// v1.MigratedPluginsAnnotationKey
constexpr const char* kMigratedPluginsAnnotation = "storage.alpha.kubernetes.io/migrated-plugins";
// Upstream prefixes an unbound claim's made-up handle with rand.String(32) so that it
// cannot equal a real handle; a control character does the same here, deterministically.
constexpr std::string_view kUnboundHandlePrefix = "\x01unbound";

std::string VolumeUniqueName(const std::string& driver, const std::string& handle) { return driver + "/" + handle; }

}  // namespace

// CSILimits.PreFilter: Skip unless the pod has a claim, an ephemeral volume or an in-tree
// volume that migrates to CSI.
Status NodeVolumeLimits::PreFilter(CycleState&, const PodInfo& pod, PreFilterResult&, CycleTrace*) {
  for (const v1::Volume& v : h_.cluster->podSpec(pod.index).spec.volumes) {
    const std::string& k = v.source.kind;
    if (k == "persistentVolumeClaim" || k == "ephemeral" || trans::IsMigratable(v.source)) return Status::Ok();
  }
  return Status::Make(Code::Skip);
}

// CSILimits.Filter
Status NodeVolumeLimits::Filter(const CycleState&, const PodInfo& pod, const NodeInfo& node, CycleTrace* trace) {
  const Cluster& cluster = *h_.cluster;
  const Release& release = cluster.release();
  const v1::Pod& spec = cluster.podSpec(pod.index);
  if (spec.spec.volumes.empty()) return Status::Ok();

  // A node without a CSINode has no limits (the TODO upstream: not yet an error).
  const int32_t c = cluster.storage().CSINodeOf(node.name);
  const v1::CSINode* csiNode = c < 0 ? nullptr : &cluster.scenario().csiNodes[c];

  Volumes newVolumes;
  if (std::optional<Error> err = FilterAttachableVolumes(spec, csiNode, true, newVolumes)) {
    // A missing claim: the pod cannot be scheduled until it is created.
    if (err->notFound) return Status::Make(Code::UnschedulableAndUnresolvable, reasons_.Keep(err->message));
    return Status::AsError(err->message);
  }
  if (newVolumes.empty()) return Status::Ok();

  if (release.features.enableVolumeLimitScaling) {
    // Upstream ranges over a Go map; with several missing drivers the one named varies
    // there, here it is the first volume's by "driver/handle" order.
    for (const auto& [unique, driver] : newVolumes)
      if (!CSIDriverOnNode(driver, csiNode))
        return Status::Make(Code::Unschedulable, reasons_.Keep(driver + " CSI driver is not installed on the node"));
  }

  // getVolumeLimits: the drivers of the CSINode that report allocatable.count.
  std::map<std::string, int64_t> limits;
  if (csiNode)
    for (const v1::CSINodeDriver& d : csiNode->drivers)
      if (d.allocatableCount) limits[d.name] = *d.allocatableCount;
  if (limits.empty()) return Status::Ok();

  Volumes attachedVolumes;
  for (PodIndex p : node.pods)
    if (std::optional<Error> err = FilterAttachableVolumes(cluster.podSpec(p), csiNode, false, attachedVolumes))
      return Status::AsError(err->message);

  std::map<std::string, int> attachedVolumeCount;
  for (const auto& [unique, driver] : attachedVolumes) {
    // A volume used by several pods counts once.
    newVolumes.erase(unique);
    attachedVolumeCount[driver]++;
  }
  if (release.volumeLimitsCountAttachments()) {
    // Volumes still attached (a deleted pod's, while detaching) count too, once.
    for (const auto& [unique, driver] : NodeVolumeAttachments(node.name))
      if (!attachedVolumes.count(unique)) attachedVolumeCount[driver]++;
  }

  std::map<std::string, int> newVolumeCount;
  for (const auto& [unique, driver] : newVolumes) newVolumeCount[driver]++;
  for (const auto& [driver, count] : newVolumeCount) {
    auto limit = limits.find(driver);
    if (limit == limits.end()) continue;
    const int attached = attachedVolumeCount[driver];
    const bool fits = attached + count <= limit->second;
    if (trace)
      trace->volumeChecks.push_back({.outcome = VolumeCheck::Outcome::VolumeCount,
                                     .pass = fits,
                                     .key = h_.cluster->pool().Intern(driver),
                                     .attached = attached,
                                     .added = count,
                                     .limit = static_cast<int32_t>(limit->second)});
    if (!fits) return Status::Make(Code::Unschedulable, kErrReasonMaxVolumeCountExceeded);
  }
  return Status::Ok();
}

// CSILimits.checkCSIDriverOnNode: a driver without a CSIDriver object may not be CSI at all
// and passes; one whose CSIDriver opts in must be on the node's CSINode.
bool NodeVolumeLimits::CSIDriverOnNode(const std::string& driver, const v1::CSINode* csiNode) const {
  const Cluster& cluster = *h_.cluster;
  const int32_t d = cluster.storage().Driver(driver);
  if (d < 0) return true;
  if (cluster.release().volumeLimitsDriverCheckOptIn() &&
      !cluster.scenario().csiDrivers[d].preventPodSchedulingIfMissing.value_or(false))
    return true;
  if (!csiNode) return false;
  return std::any_of(csiNode->drivers.begin(), csiNode->drivers.end(),
                     [&](const v1::CSINodeDriver& n) { return n.name == driver; });
}

// isCSIMigrationOn (utils.go): AWS EBS, GCE PD, Azure Disk and Cinder always once the node
// has a CSINode; Portworx with its gate and, until 1.36, the CSINode's annotation.
bool NodeVolumeLimits::CSIMigrationOn(const v1::CSINode* csiNode, std::string_view pluginName) const {
  if (!csiNode || pluginName.empty()) return false;
  if (pluginName == trans::kAWSEBSInTreePluginName || pluginName == trans::kGCEPDInTreePluginName ||
      pluginName == trans::kAzureDiskInTreePluginName || pluginName == trans::kCinderInTreePluginName)
    return true;
  if (pluginName != trans::kPortworxVolumePluginName) return false;
  const Release& release = h_.cluster->release();
  if (!release.features.enableCSIMigrationPortworx) return false;
  if (!release.volumeLimitsPortworxNeedsAnnotation()) return true;
  auto it = csiNode->metadata.annotations.find(kMigratedPluginsAnnotation);
  if (it == csiNode->metadata.annotations.end() || it->second.empty()) return false;
  const std::string& list = it->second;
  for (size_t start = 0;;) {
    const size_t comma = list.find(',', start);
    if (std::string_view(list).substr(start, comma - start) == pluginName) return true;
    if (comma == std::string::npos) return false;
    start = comma + 1;
  }
}

// CSILimits.filterAttachableVolumes: the pod's countable volumes into `result`.
std::optional<NodeVolumeLimits::Error> NodeVolumeLimits::FilterAttachableVolumes(const v1::Pod& pod,
                                                                                 const v1::CSINode* csiNode,
                                                                                 bool newPod, Volumes& result) const {
  const Cluster& cluster = *h_.cluster;
  for (const v1::Volume& vol : pod.spec.volumes) {
    const std::optional<std::string> claimName = ClaimNameOf(pod, vol);
    if (!claimName) {
      // An inline volume counts if it migrates to CSI.
      if (std::optional<Error> err = CheckAttachableInlineVolume(vol, csiNode, result)) return err;
      continue;
    }
    if (claimName->empty()) return Error{"PersistentVolumeClaim had no name"};
    const int32_t c = cluster.storage().Claim(pod.metadata.ns, *claimName);
    if (c < 0) {
      // The new pod cannot run without its claim; an existing pod's missing claim is not counted.
      if (newPod)
        return Error{"looking up PVC " + pod.metadata.ns + "/" + *claimName + ": " +
                         NotFoundError("persistentvolumeclaims", *claimName),
                     true};
      continue;
    }
    const v1::PersistentVolumeClaim& claim = cluster.scenario().persistentVolumeClaims[c];
    // The claim of an ephemeral volume must be owned by the pod.
    if (vol.source.kind == "ephemeral")
      if (std::optional<std::string> err = VolumeIsForPod(pod, claim)) return Error{*err};
    const auto [driver, handle] = CSIDriverInfo(csiNode, claim);
    if (driver.empty() || handle.empty()) continue;
    result[VolumeUniqueName(driver, handle)] = driver;
  }
  return std::nullopt;
}

// CSILimits.checkAttachableInlineVolume
std::optional<NodeVolumeLimits::Error> NodeVolumeLimits::CheckAttachableInlineVolume(const v1::Volume& volume,
                                                                                     const v1::CSINode* csiNode,
                                                                                     Volumes& result) const {
  if (!trans::IsMigratable(volume.source)) return std::nullopt;
  const std::string inTreeProvisionerName = trans::InTreePluginName(volume.source);
  if (!CSIMigrationOn(csiNode, inTreeProvisionerName)) return std::nullopt;
  const trans::Translated translated = trans::TranslateInlineVolume(volume);
  if (translated.error) return Error{"converting volume(" + volume.name + ") from inline to csi: " + *translated.error};
  const std::string driverName = trans::CSINameFromInTreeName(inTreeProvisionerName);
  result[VolumeUniqueName(driverName, translated.volumeHandle)] = driverName;
  return std::nullopt;
}

// CSILimits.getCSIDriverInfo: the driver and handle of a claim's volume; the class's
// provisioner when the claim is not bound or its volume is missing; nothing for a volume
// that is neither CSI nor migrated.
std::pair<std::string, std::string> NodeVolumeLimits::CSIDriverInfo(const v1::CSINode* csiNode,
                                                                    const v1::PersistentVolumeClaim& claim) const {
  const Cluster& cluster = *h_.cluster;
  if (claim.volumeName.empty()) return CSIDriverInfoFromSC(csiNode, claim);
  const int32_t v = cluster.storage().Volume(claim.volumeName);
  if (v < 0) return CSIDriverInfoFromSC(csiNode, claim);
  const v1::PersistentVolume& pv = cluster.scenario().persistentVolumes[v];
  if (pv.source.kind == "csi") return {pv.source.driver, pv.source.id};
  if (!trans::IsMigratable(pv.source)) return {};
  if (!CSIMigrationOn(csiNode, trans::InTreePluginName(pv.source))) return {};
  const trans::Translated translated = trans::TranslatePersistentVolume(pv);
  if (translated.error) return {};
  return {translated.driver, translated.volumeHandle};
}

// CSILimits.getCSIDriverInfoFromSC
std::pair<std::string, std::string> NodeVolumeLimits::CSIDriverInfoFromSC(
    const v1::CSINode* csiNode, const v1::PersistentVolumeClaim& claim) const {
  const Cluster& cluster = *h_.cluster;
  // Without a class the claim binds immediately, so it is bound before scheduling: not counted.
  const std::string className = ClaimClass(claim);
  if (className.empty()) return {};
  const int32_t sc = cluster.storage().Class(className);
  if (sc < 0) return {};
  const std::string handle = std::string(kUnboundHandlePrefix) + "-" + claim.metadata.ns + "/" + claim.metadata.name;
  const std::string& provisioner = cluster.scenario().storageClasses[sc].provisioner;
  if (trans::IsMigratableIntreePluginByName(provisioner)) {
    if (!CSIMigrationOn(csiNode, provisioner)) return {};
    return {trans::CSINameFromInTreeName(provisioner), handle};
  }
  return {provisioner, handle};
}

// CSILimits.getNodeVolumeAttachmentInfo: the node's attachments of CSI volumes, by the
// attacher and the volume's handle.
NodeVolumeLimits::Volumes NodeVolumeLimits::NodeVolumeAttachments(const std::string& nodeName) const {
  const Cluster& cluster = *h_.cluster;
  Volumes out;
  for (const v1::VolumeAttachment& va : cluster.scenario().volumeAttachments) {
    if (va.nodeName != nodeName || va.attacher.empty() || va.persistentVolumeName.empty()) continue;
    const int32_t v = cluster.storage().Volume(va.persistentVolumeName);
    if (v < 0) continue;
    const v1::PersistentVolume& pv = cluster.scenario().persistentVolumes[v];
    if (pv.source.kind != "csi") continue;
    out[VolumeUniqueName(va.attacher, pv.source.id)] = va.attacher;
  }
  return out;
}

}  // namespace spreadlab::plugins
