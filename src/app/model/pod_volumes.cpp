#include "app/model/pod_volumes.h"

#include <algorithm>

#include "core/plugins/volumebinding/binder.h"
#include "core/plugins/volumebinding/volume_binding.h"
#include "core/plugins/volumezone/volume_zone.h"
#include "core/storage.h"

namespace spreadlab::app {

namespace {

void AddPlace(std::vector<VolumePlace>& places, const std::string& key, const std::vector<std::string>& values) {
  auto it = std::find_if(places.begin(), places.end(), [&](const VolumePlace& p) { return p.key == key; });
  if (it == places.end()) it = places.insert(places.end(), VolumePlace{key, {}});
  for (const std::string& v : values)
    if (std::find(it->values.begin(), it->values.end(), v) == it->values.end()) it->values.push_back(v);
}

std::string Join(const std::vector<std::string>& values, const char* sep) {
  std::string out;
  for (const std::string& v : values) out += (out.empty() ? "" : sep) + v;
  return out;
}

std::string PlacesText(const std::vector<VolumePlace>& places) {
  std::string out;
  for (const VolumePlace& p : places) out += (out.empty() ? "" : ", ") + p.key + "=" + Join(p.values, " or ");
  return out;
}

}  // namespace

const char* ClaimStateName(ClaimState s) {
  switch (s) {
    case ClaimState::Bound:
      return "bound";
    case ClaimState::VolumeMissing:
      return "volume missing";
    case ClaimState::WaitForFirstConsumer:
      return "waiting for first consumer";
    case ClaimState::Unbound:
      return "unbound";
    case ClaimState::Missing:
      break;
  }
  return "missing";
}

bool UsesClaims(const v1::Pod& pod) {
  return std::any_of(pod.spec.volumes.begin(), pod.spec.volumes.end(), [](const v1::Volume& v) {
    return v.source.kind == "persistentVolumeClaim" || v.source.kind == "ephemeral";
  });
}

std::vector<VolumePlace> PlacesOf(const v1::PersistentVolume& volume) {
  std::vector<VolumePlace> places;
  // Only In requirements name a place; a volume whose terms are alternatives lives in each.
  if (volume.nodeAffinity)
    for (const v1::NodeSelectorTerm& term : volume.nodeAffinity->nodeSelectorTerms)
      for (const v1::NodeSelectorRequirement& r : term.matchExpressions)
        if (r.op == "In") AddPlace(places, r.key, r.values);
  for (const char* label : plugins::VolumeZone::kTopologyLabels)
    if (auto it = volume.metadata.labels.find(label); it != volume.metadata.labels.end()) {
      std::vector<std::string> zones;  // a malformed label names no place, as VolumeZone skips it
      if (plugins::LabelZonesToSet(it->second, zones)) AddPlace(places, label, zones);
    }
  return places;
}

std::vector<PodClaim> PodClaims(const Scenario& sc, const StorageIndex& storage, const v1::Pod& pod) {
  std::vector<PodClaim> out;
  for (const v1::Volume& v : pod.spec.volumes) {
    const std::optional<std::string> name = ClaimNameOf(pod, v);
    if (!name) continue;
    PodClaim c;
    c.volume = v.name, c.claim = *name, c.ephemeral = v.source.kind == "ephemeral";
    const int32_t ci = storage.Claim(pod.metadata.ns, *name);
    if (ci < 0) {
      out.push_back(std::move(c));
      continue;
    }
    const v1::PersistentVolumeClaim& claim = sc.persistentVolumeClaims[ci];
    c.storageClass = ClaimClass(claim);
    if (const int32_t k = storage.Class(c.storageClass); k >= 0) c.bindingMode = sc.storageClasses[k].volumeBindingMode;
    c.persistentVolume = claim.volumeName;
    if (!c.persistentVolume.empty()) {
      const int32_t pv = storage.Volume(c.persistentVolume);
      c.state = pv >= 0 ? ClaimState::Bound : ClaimState::VolumeMissing;
      if (pv >= 0) c.places = PlacesOf(sc.persistentVolumes[pv]);
    } else {
      c.state = c.bindingMode == v1::kVolumeBindingWaitForFirstConsumer ? ClaimState::WaitForFirstConsumer
                                                                        : ClaimState::Unbound;
    }
    out.push_back(std::move(c));
  }
  return out;
}

std::string ZoneOf(const std::vector<VolumePlace>& places) {
  for (const char* key : {kLabelTopologyZone, plugins::VolumeZone::kBetaZone})
    for (const VolumePlace& p : places)
      if (p.key == key) return Join(p.values, ", ");
  return "";
}

bool LivesOn(const std::vector<VolumePlace>& places, const v1::LabelMap& labels) {
  return std::all_of(places.begin(), places.end(), [&](const VolumePlace& p) {
    auto it = labels.find(p.key);
    return it != labels.end() && std::find(p.values.begin(), p.values.end(), it->second) != p.values.end();
  });
}

std::string ClaimStateText(const PodClaim& c) {
  switch (c.state) {
    case ClaimState::Bound:
      return "bound to " + c.persistentVolume + (c.places.empty() ? "" : " in " + PlacesText(c.places));
    case ClaimState::VolumeMissing:
      return "bound to " + c.persistentVolume + ", which the scenario does not have";
    default:
      return ClaimStateName(c.state);
  }
}

std::string ClaimSentence(const PodClaim& c) {
  std::string s = (c.ephemeral ? "Ephemeral volume " : "Volume ") + c.volume + " uses claim " + c.claim;
  if (c.state == ClaimState::Missing) return s + ", which does not exist: the pod waits for it.";
  s += c.storageClass.empty() ? " (no storage class)" : " (class " + c.storageClass;
  if (!c.storageClass.empty())
    s += c.bindingMode.empty() ? ", not in the scenario)" : ", volumeBindingMode " + c.bindingMode + ")";
  switch (c.state) {
    case ClaimState::Bound:
      return s + ". It is bound to " + c.persistentVolume +
             (c.places.empty() ? ", which any node can reach."
                               : ", which lives in " + PlacesText(c.places) + ": only nodes there can run the pod.");
    case ClaimState::VolumeMissing:
      return s + ". It is bound to " + c.persistentVolume + ", which the scenario does not have.";
    case ClaimState::WaitForFirstConsumer:
      return s +
             ". Not bound yet: the class waits for the first consumer, so the volume is made (or picked) where "
             "the scheduler puts the pod.";
    default:
      return s + ". Not bound yet: the class binds at once, so a matching volume must already exist.";
  }
}

std::string ElsewhereSentence(const PodClaim& c, const v1::Node& node) {
  const std::string s =
      c.persistentVolume + " (claim " + c.claim + ") lives in " + PlacesText(c.places) + "; " + node.metadata.name;
  for (const VolumePlace& p : c.places) {
    auto it = node.metadata.labels.find(p.key);
    if (it == node.metadata.labels.end()) return s + " has no " + p.key + " label";
    if (std::find(p.values.begin(), p.values.end(), it->second) == p.values.end()) return s + " is in " + it->second;
  }
  return s + " is there too";
}

std::string PlaceSentence(const PodClaim& c, uint32_t nodesThere) {
  if (c.places.empty()) return "";
  if (nodesThere == 0)
    return "No node of the cluster is in " + PlacesText(c.places) +
           ": the pod cannot run until one is (or the claim "
           "is bound to another volume).";
  return std::to_string(nodesThere) + (nodesThere == 1 ? " node is" : " nodes are") + " where it lives.";
}

std::vector<WaitingVolume> VolumesWithoutBoundPod(const Scenario& sc, const StorageIndex& storage) {
  std::vector<uint8_t> used(sc.persistentVolumeClaims.size(), 0);
  for (const v1::Pod& pod : sc.pods) {
    if (pod.spec.nodeName.empty()) continue;
    for (const v1::Volume& v : pod.spec.volumes)
      if (const std::optional<std::string> name = ClaimNameOf(pod, v))
        if (const int32_t ci = storage.Claim(pod.metadata.ns, *name); ci >= 0) used[ci] = 1;
  }
  std::vector<WaitingVolume> out;
  for (size_t ci = 0; ci < sc.persistentVolumeClaims.size(); ++ci) {
    const v1::PersistentVolumeClaim& claim = sc.persistentVolumeClaims[ci];
    if (used[ci] || claim.volumeName.empty()) continue;
    const int32_t pv = storage.Volume(claim.volumeName);
    if (pv < 0) continue;
    std::vector<VolumePlace> places = PlacesOf(sc.persistentVolumes[pv]);
    if (places.empty()) continue;
    out.push_back(WaitingVolume{claim.volumeName, claim.metadata.ns + "/" + claim.metadata.name, std::move(places)});
  }
  return out;
}

bool RejectsForVolumePlace(const CycleTrace& trace, const FilterVerdict& v) {
  const std::string& plugin = trace.filterPlugins[v.plugin];
  for (std::string_view r : trace.Reasons(v))
    if ((plugin == plugins::VolumeBinding::kName &&
         (r == volumebinding::kErrReasonNodeConflict || r == volumebinding::kErrReasonNodeConflictBefore133)) ||
        (plugin == plugins::VolumeZone::kName && r == plugins::VolumeZone::kErrReasonConflict))
      return true;
  return false;
}

VolumeConflicts FindVolumeConflicts(const Cluster& cluster, const CycleTrace& trace) {
  VolumeConflicts out;
  if (trace.pod == kNone) return out;
  const Scenario& sc = cluster.scenario();
  const v1::Pod& pod = sc.pods[trace.pod];
  if (!UsesClaims(pod)) return out;
  out.claims = PodClaims(sc, cluster.storage(), pod);
  out.nodesThere.assign(out.claims.size(), 0);
  for (const v1::Node& node : sc.nodes)
    for (size_t c = 0; c < out.claims.size(); ++c)
      out.nodesThere[c] += LivesOn(out.claims[c].places, node.metadata.labels);
  out.elsewhere.resize(trace.nodes.size());
  out.plugin.assign(trace.nodes.size(), -1);
  for (size_t n = 0; n < trace.nodes.size(); ++n) {
    const NodeTrace& nt = trace.nodes[n];
    for (uint32_t f = nt.filterBegin; f < nt.filterBegin + nt.filterCount && out.plugin[n] < 0; ++f)
      if (RejectsForVolumePlace(trace, trace.filters[f])) out.plugin[n] = static_cast<int16_t>(trace.filters[f].plugin);
    if (out.plugin[n] < 0) continue;
    for (size_t c = 0; c < out.claims.size(); ++c)
      if (!out.claims[c].places.empty() && !LivesOn(out.claims[c].places, sc.nodes[n].metadata.labels))
        out.elsewhere[n].push_back(static_cast<uint16_t>(c));
    out.any = out.any || !out.elsewhere[n].empty();
  }
  return out;
}

}  // namespace spreadlab::app
