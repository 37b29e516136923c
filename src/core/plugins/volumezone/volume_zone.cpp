#include "core/plugins/volumezone/volume_zone.h"

#include <algorithm>

#include "core/storage.h"

namespace spreadlab::plugins {

namespace {

constexpr std::string_view kPreFilterStateKey = "PreFilterVolumeZone";

struct StateData : spreadlab::StateData {
  std::vector<VolumeZone::PVTopology> podPVTopologies;
};

// translateToGALabel
std::string_view TranslateToGALabel(std::string_view label) {
  if (label == VolumeZone::kBetaRegion) return VolumeZone::kRegion;
  if (label == VolumeZone::kBetaZone) return VolumeZone::kZone;
  return label;
}

}  // namespace

bool LabelZonesToSet(const std::string& value, std::vector<std::string>& out) {
  size_t start = 0;
  while (true) {
    const size_t end = value.find("__", start);
    std::string zone = value.substr(start, end == std::string::npos ? std::string::npos : end - start);
    const size_t first = zone.find_first_not_of(" \t\n\r\f\v");
    zone = first == std::string::npos ? "" : zone.substr(first, zone.find_last_not_of(" \t\n\r\f\v") - first + 1);
    if (zone.empty()) return false;
    out.push_back(std::move(zone));
    if (end == std::string::npos) return true;
    start = end + 2;
  }
}

VolumeZone::VolumeZone(Handle h) : h_(h) {
  for (const char* label : kTopologyLabels) topologyLabels_.push_back(h_.cluster->pool().Intern(label));
}

// VolumeZone.getPVbyPod
Status VolumeZone::GetPVByPod(const PodInfo& pod, std::vector<PVTopology>& out) {
  const Cluster& cluster = *h_.cluster;
  const Scenario& s = cluster.scenario();
  const StorageIndex& storage = cluster.storage();
  StringPool& pool = h_.cluster->pool();
  const auto Unresolvable = [this](std::string message) {
    return Status::Make(Code::UnschedulableAndUnresolvable, reasons_.Keep(std::move(message)));
  };
  for (const v1::Volume& volume : cluster.podSpec(pod.index).spec.volumes) {
    if (volume.source.kind != "persistentVolumeClaim") continue;  // getPersistentVolumeClaimNameFromPod
    const std::string& claimName = volume.source.claimName;
    if (claimName.empty()) return Status::Make(Code::UnschedulableAndUnresolvable, "PersistentVolumeClaim had no name");
    const int32_t c = storage.Claim(pod.ns, claimName);
    if (c < 0) return Unresolvable(NotFoundError("persistentvolumeclaim", claimName));
    const v1::PersistentVolumeClaim& claim = s.persistentVolumeClaims[c];
    const std::string& pvName = claim.volumeName;
    if (pvName.empty()) {
      const std::string scName = ClaimClass(claim);
      if (scName.empty())
        return Status::Make(Code::UnschedulableAndUnresolvable,
                            "PersistentVolumeClaim had no pv name and storageClass name");
      const int32_t sc = storage.Class(scName);
      if (sc < 0) return Unresolvable(NotFoundError("storageclass.storage.k8s.io", scName));
      // Claims of a WaitForFirstConsumer class are bound by VolumeBinding; skip them here.
      if (s.storageClasses[sc].volumeBindingMode == v1::kVolumeBindingWaitForFirstConsumer) continue;
      return Status::Make(Code::UnschedulableAndUnresolvable, "PersistentVolume had no name");
    }
    const int32_t pv = storage.Volume(pvName);
    if (pv < 0) return Unresolvable(NotFoundError("persistentvolume", pvName));
    // getPVTopologies
    const v1::PersistentVolume& volumeObject = s.persistentVolumes[pv];
    for (const char* key : kTopologyLabels) {
      auto it = volumeObject.metadata.labels.find(key);
      if (it == volumeObject.metadata.labels.end()) continue;
      PVTopology t{pvName, c, pv, pool.Intern(key), pool.Intern(TranslateToGALabel(key)), {}};
      std::vector<std::string> zones;
      if (!LabelZonesToSet(it->second, zones)) continue;  // a malformed label is skipped, as upstream logs it
      for (const std::string& z : zones) t.values.push_back(pool.Intern(z));
      out.push_back(std::move(t));
    }
  }
  return Status::Ok();
}

// VolumeZone.PreFilter
Status VolumeZone::PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult&, CycleTrace*) {
  std::vector<PVTopology> topologies;
  if (Status st = GetPVByPod(pod, topologies); !st.IsSuccess()) return st;
  if (topologies.empty()) return Status::Make(Code::Skip);
  state.Write<StateData>(kPreFilterStateKey).podPVTopologies = std::move(topologies);
  return Status::Ok();
}

// VolumeZone.Filter: a node without any zone or region label passes (volumes are not zonal there).
Status VolumeZone::Filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node, CycleTrace* trace) {
  if (h_.cluster->podSpec(pod.index).spec.volumes.empty()) return Status::Ok();
  const auto* s = state.Read<StateData>(kPreFilterStateKey);
  std::vector<PVTopology> computed;
  if (!s) {
    if (Status st = GetPVByPod(pod, computed); !st.IsSuccess()) return st;
  }
  const std::vector<PVTopology>& topologies = s ? s->podPVTopologies : computed;
  const bool hasAnyNodeConstraint =
      std::any_of(topologyLabels_.begin(), topologyLabels_.end(), [&](Sym l) { return node.labels.Has(l); });
  if (!hasAnyNodeConstraint) return Status::Ok();
  for (const PVTopology& t : topologies) {
    Sym v = node.labels.Get(t.key);
    if (v == kNoSym) v = node.labels.Get(t.gaKey);
    const bool fits = v != kNoSym && std::find(t.values.begin(), t.values.end(), v) != t.values.end();
    if (trace)
      trace->volumeChecks.push_back(
          {.outcome = fits ? VolumeCheck::Outcome::ZoneMatches : VolumeCheck::Outcome::ZoneConflict,
           .pass = fits,
           .claim = t.claim,
           .volume = t.volume,
           .key = t.key,
           .nodeValue = v});
    if (!fits) return Status::Make(Code::UnschedulableAndUnresolvable, kErrReasonConflict);
  }
  return Status::Ok();
}

}  // namespace spreadlab::plugins
