#include "core/plugins/volumerestrictions/volume_restrictions.h"

#include <algorithm>
#include <map>

#include "core/storage.h"

namespace spreadlab::plugins {

namespace {

constexpr std::string_view kPreFilterStateKey = "PreFilterVolumeRestrictions";

struct PreFilterState : StateData {
  std::map<std::string, int32_t> readWriteOncePodPVCs;  // name -> index in Scenario::persistentVolumeClaims
  // The pod's ReadWriteOncePod claims that pods already use, each with the first pod found
  // using it (which the explanation names); upstream keeps their count, conflictingPVCRefCount.
  std::vector<std::pair<int32_t, PodIndex>> conflictingPVCs;
};

// needsRestrictionsCheck: the in-tree sources isVolumeConflict compares.
bool NeedsRestrictionsCheck(const v1::Volume& v) {
  const std::string& k = v.source.kind;
  return k == "gcePersistentDisk" || k == "awsElasticBlockStore" || k == "rbd" || k == "iscsi";
}

bool HaveOverlap(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  return std::any_of(a.begin(), a.end(),
                     [&](const std::string& x) { return std::find(b.begin(), b.end(), x) != b.end(); });
}

}  // namespace

bool IsVolumeConflict(const v1::Volume& volume, const v1::Pod& existing) {
  const v1::VolumeSource& v = volume.source;
  for (const v1::Volume& ev : existing.spec.volumes) {
    const v1::VolumeSource& e = ev.source;
    if (v.kind != e.kind) continue;
    // Same GCE disk mounted by multiple pods conflicts unless all pods mount it read-only.
    if (v.kind == "gcePersistentDisk" && v.id == e.id && !(v.readOnly && e.readOnly)) return true;
    if (v.kind == "awsElasticBlockStore" && v.id == e.id) return true;
    // iSCSI volumes are the same if they share the IQN; only one read-write mount.
    if (v.kind == "iscsi" && v.id == e.id && !(v.readOnly && e.readOnly)) return true;
    // RBD images are the same if they share a monitor, the pool and the image name.
    if (v.kind == "rbd" && HaveOverlap(v.monitors, e.monitors) && v.pool == e.pool && v.image == e.image &&
        !(v.readOnly && e.readOnly))
      return true;
  }
  return false;
}

// VolumeRestrictions.PreFilter: readWriteOncePodPVCsForPod, then calPreFilterState (how many
// of those claims pods in the snapshot already use: SharedLister.StorageInfos().IsPVCUsedByPods).
Status VolumeRestrictions::PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult&, CycleTrace*) {
  const Cluster& cluster = *h_.cluster;
  const v1::Pod& spec = cluster.podSpec(pod.index);
  const bool needsCheck = std::any_of(spec.spec.volumes.begin(), spec.spec.volumes.end(), NeedsRestrictionsCheck);
  std::map<std::string, int32_t> pvcs;
  for (const v1::Volume& volume : spec.spec.volumes) {
    if (volume.source.kind != "persistentVolumeClaim") continue;
    const int32_t c = cluster.storage().Claim(pod.ns, volume.source.claimName);
    if (c < 0)
      return Status::Make(Code::UnschedulableAndUnresolvable,
                          reasons_.Keep(NotFoundError("persistentvolumeclaim", volume.source.claimName)));
    const v1::PersistentVolumeClaim& claim = cluster.scenario().persistentVolumeClaims[c];
    const auto& modes = claim.accessModes;
    if (std::find(modes.begin(), modes.end(), v1::kReadWriteOncePod) != modes.end())
      pvcs.emplace(claim.metadata.name, c);
  }
  // The snapshot's usedPVCSet: claims of pods on nodes (NodeInfo.PVCRefCounts), each with
  // the first pod using it.
  std::map<std::string, PodIndex> used;
  if (!pvcs.empty()) {
    for (const NodeInfo& n : cluster.nodes())
      for (PodIndex p : n.pods) {
        if (cluster.pod(p).ns != pod.ns) continue;
        for (const v1::Volume& v : cluster.podSpec(p).spec.volumes)
          if (v.source.kind == "persistentVolumeClaim" && pvcs.count(v.source.claimName))
            used.emplace(v.source.claimName, p);
      }
  }
  if (!needsCheck && used.empty()) return Status::Make(Code::Skip);
  PreFilterState& s = state.Write<PreFilterState>(kPreFilterStateKey);
  s.conflictingPVCs.clear();
  for (const auto& [name, p] : used) s.conflictingPVCs.emplace_back(pvcs[name], p);
  s.readWriteOncePodPVCs = std::move(pvcs);
  return Status::Ok();
}

// VolumeRestrictions.Filter: satisfyVolumeConflicts, then satisfyReadWriteOncePod.
Status VolumeRestrictions::Filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                  CycleTrace* trace) {
  using Outcome = VolumeCheck::Outcome;
  const Cluster& cluster = *h_.cluster;
  const std::vector<v1::Volume>& volumes = cluster.podSpec(pod.index).spec.volumes;
  for (size_t i = 0; i < volumes.size(); ++i) {
    if (!NeedsRestrictionsCheck(volumes[i])) continue;
    for (PodIndex p : node.pods) {
      if (!IsVolumeConflict(volumes[i], cluster.podSpec(p))) continue;
      if (trace)
        trace->volumeChecks.push_back(
            {.outcome = Outcome::DiskConflict, .podVolume = static_cast<int32_t>(i), .pod = p});
      return Status::Make(Code::Unschedulable, kErrReasonDiskConflict);
    }
  }
  const auto* s = state.Read<PreFilterState>(kPreFilterStateKey);
  if (!s) return Status::AsError("cannot read \"PreFilterVolumeRestrictions\" from cycleState");
  if (s->conflictingPVCs.empty()) return Status::Ok();  // conflictingPVCRefCount == 0
  if (trace)
    for (const auto& [claim, p] : s->conflictingPVCs)
      trace->volumeChecks.push_back({.outcome = Outcome::ReadWriteOncePodInUse, .claim = claim, .pod = p});
  return Status::Make(Code::Unschedulable, kErrReasonReadWriteOncePodConflict);
}

}  // namespace spreadlab::plugins
