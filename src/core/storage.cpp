#include "core/storage.h"

#include <algorithm>
#include <utility>

#include "core/corev1/selectors.h"

namespace spreadlab {

StorageIndex::StorageIndex(const Scenario& s) {
  // First one wins, as a name is unique in the API server (validation reports duplicates).
  for (size_t i = 0; i < s.persistentVolumeClaims.size(); ++i)
    claims_.emplace(Key(s.persistentVolumeClaims[i].metadata.ns, s.persistentVolumeClaims[i].metadata.name),
                    static_cast<int32_t>(i));
  for (size_t i = 0; i < s.persistentVolumes.size(); ++i) {
    volumes_.emplace(s.persistentVolumes[i].metadata.name, static_cast<int32_t>(i));
    volumesByClass_[VolumeClass(s.persistentVolumes[i])].push_back(static_cast<int32_t>(i));
  }
  for (size_t i = 0; i < s.storageClasses.size(); ++i)
    classes_.emplace(s.storageClasses[i].metadata.name, static_cast<int32_t>(i));
  for (size_t i = 0; i < s.csiNodes.size(); ++i)
    csiNodes_.emplace(s.csiNodes[i].metadata.name, static_cast<int32_t>(i));
  for (size_t i = 0; i < s.csiDrivers.size(); ++i)
    drivers_.emplace(s.csiDrivers[i].metadata.name, static_cast<int32_t>(i));
}

std::string StorageIndex::Key(std::string_view ns, std::string_view name) {
  std::string k(ns);
  k += '/';
  k += name;
  return k;
}

int32_t StorageIndex::Find(const std::unordered_map<std::string, int32_t>& m, const std::string& key) {
  auto it = m.find(key);
  return it == m.end() ? -1 : it->second;
}

int32_t StorageIndex::Claim(std::string_view ns, std::string_view name) const { return Find(claims_, Key(ns, name)); }
int32_t StorageIndex::Volume(std::string_view name) const { return Find(volumes_, std::string(name)); }
int32_t StorageIndex::Class(std::string_view name) const { return Find(classes_, std::string(name)); }
int32_t StorageIndex::CSINodeOf(std::string_view nodeName) const { return Find(csiNodes_, std::string(nodeName)); }
int32_t StorageIndex::Driver(std::string_view name) const { return Find(drivers_, std::string(name)); }

const std::vector<int32_t>& StorageIndex::VolumesOfClass(const std::string& className) const {
  static const std::vector<int32_t> kNone;
  auto it = volumesByClass_.find(className);
  return it == volumesByClass_.end() ? kNone : it->second;
}

std::string ClaimClass(const v1::PersistentVolumeClaim& claim) {
  auto it = claim.metadata.annotations.find(v1::kAnnBetaStorageClass);
  if (it != claim.metadata.annotations.end()) return it->second;
  return claim.storageClassName.value_or("");
}

std::string VolumeClass(const v1::PersistentVolume& volume) {
  auto it = volume.metadata.annotations.find(v1::kAnnBetaStorageClass);
  if (it != volume.metadata.annotations.end()) return it->second;
  return volume.storageClassName;
}

std::string EphemeralClaimName(const std::string& podName, const v1::Volume& volume) {
  return podName + "-" + volume.name;
}

std::optional<std::string> VolumeIsForPod(const v1::Pod& pod, const v1::PersistentVolumeClaim& claim) {
  if (claim.metadata.controllerKind == "Pod" && claim.metadata.controllerName == pod.metadata.name) return std::nullopt;
  return "PVC " + claim.metadata.ns + "/" + claim.metadata.name + " was not created for pod " + pod.metadata.ns + "/" +
         pod.metadata.name + " (pod is not owner)";
}

std::optional<std::string> ClaimNameOf(const v1::Pod& pod, const v1::Volume& volume) {
  if (volume.source.kind == "persistentVolumeClaim") return volume.source.claimName;
  if (volume.source.kind == "ephemeral") return EphemeralClaimName(pod.metadata.name, volume);
  return std::nullopt;
}

bool IsVolumeBoundToClaim(const v1::PersistentVolume& volume, const v1::PersistentVolumeClaim& claim) {
  return volume.claimRef && volume.claimRef->name == claim.metadata.name && volume.claimRef->ns == claim.metadata.ns;
}

bool CheckAccessModes(const v1::PersistentVolumeClaim& claim, const v1::PersistentVolume& volume) {
  return std::all_of(claim.accessModes.begin(), claim.accessModes.end(), [&](const std::string& m) {
    return std::find(volume.accessModes.begin(), volume.accessModes.end(), m) != volume.accessModes.end();
  });
}

std::optional<Selector> ClaimVolumeSelector(const v1::PersistentVolumeClaim& claim, StringPool& pool) {
  return claim.selector ? std::optional<Selector>(LabelSelectorAsSelector(claim.selector, pool)) : std::nullopt;
}

VolumeFit MatchVolumeWithoutNode(const v1::PersistentVolumeClaim& claim, const v1::PersistentVolume& volume,
                                 const std::optional<Selector>& selector, const std::string& requestedClass,
                                 StringPool& pool) {
  if (volume.claimRef && !IsVolumeBoundToClaim(volume, claim)) return VolumeFit::No;
  if (volume.capacity.value < claim.storageRequest.value) return VolumeFit::No;
  if (volume.volumeMode != claim.volumeMode) return VolumeFit::No;  // CheckVolumeModeMismatches
  if (volume.metadata.terminating) return VolumeFit::No;
  if (IsVolumeBoundToClaim(volume, claim)) return VolumeFit::BoundToClaim;
  if (volume.phase != "Available") return VolumeFit::No;
  if (selector) {
    LabelSet labels;
    for (const auto& [k, v] : volume.metadata.labels) labels.Set(pool.Intern(k), pool.Intern(v));
    if (!selector->Matches(labels, pool)) return VolumeFit::No;
  }
  if (VolumeClass(volume) != requestedClass) return VolumeFit::No;
  if (!CheckAccessModes(claim, volume)) return VolumeFit::No;
  return VolumeFit::Candidate;
}

bool MatchTopologySelectorTerm(const v1::TopologySelectorTerm& term, const LabelSet& labels, StringPool& pool) {
  return std::all_of(term.begin(), term.end(), [&](const v1::TopologySelectorRequirement& r) {
    const Sym v = labels.Get(pool.Intern(r.key));
    return v != kNoSym && std::any_of(r.values.begin(), r.values.end(),
                                      [&](const std::string& value) { return pool.Intern(value) == v; });
  });
}

bool MatchTopologySelectorTerms(const std::vector<v1::TopologySelectorTerm>& terms, const LabelSet& labels,
                                StringPool& pool) {
  return terms.empty() || std::any_of(terms.begin(), terms.end(), [&](const v1::TopologySelectorTerm& term) {
           return MatchTopologySelectorTerm(term, labels, pool);
         });
}

bool ApplyVolumeAssumption(Scenario& s, const VolumeAssumption& a) {
  v1::PersistentVolumeClaim& claim = s.persistentVolumeClaims.at(a.claim);
  if (a.volume < 0) {
    std::string& node = claim.metadata.annotations[v1::kAnnSelectedNode];
    return std::exchange(node, a.selectedNode) != a.selectedNode;
  }
  // GetBindVolumeToClaim: the claimRef, and pv.kubernetes.io/bound-by-controller when the
  // volume was not pre-bound to the claim by its author.
  v1::PersistentVolume& volume = s.persistentVolumes.at(a.volume);
  if (IsVolumeBoundToClaim(volume, claim)) return false;
  volume.claimRef = v1::ObjectReference{claim.metadata.ns, claim.metadata.name};
  volume.metadata.annotations.emplace(v1::kAnnBoundByController, "yes");
  return true;
}

std::string NotFoundError(std::string_view resource, std::string_view name) {
  return std::string(resource) + " \"" + std::string(name) + "\" not found";
}

bool CheckVolumeNodeAffinity(const v1::PersistentVolume& volume, const LabelSet& labels, StringPool& pool) {
  if (!volume.nodeAffinity) return true;
  const NodeView node{labels, pool.Intern("")};
  // corev1.MatchNodeSelectorTerms: any term matches.
  for (size_t i = 0; i < volume.nodeAffinity->nodeSelectorTerms.size(); ++i) {
    const NodeSelectorTerm term = CompileNodeSelectorTerm(volume.nodeAffinity->nodeSelectorTerms[i], pool, "");
    if (term.Match(node, pool)) return true;
  }
  return false;
}

}  // namespace spreadlab
