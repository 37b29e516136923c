#include "core/plugins/volumebinding/binder.h"

#include <algorithm>

#include "core/corev1/selectors.h"
#include "core/storage.h"

namespace spreadlab::volumebinding {

namespace {

// volumeBinder.hasEnoughCapacity: true when the driver does not report capacity, else
// whether a CSIStorageCapacity of the class that the node can reach has room (its
// maximumVolumeSize, else its capacity). `found` is that object.
bool HasEnoughCapacity(const Cluster& cluster, const std::string& provisioner, const v1::PersistentVolumeClaim& claim,
                       const v1::StorageClass& sc, const NodeInfo& node, StringPool& pool, int32_t& found) {
  found = -1;
  if (!claim.hasStorageRequest) return true;
  const Scenario& s = cluster.scenario();
  const int32_t d = cluster.storage().Driver(provisioner);
  if (d < 0 || !s.csiDrivers[d].storageCapacity) return true;
  for (size_t i = 0; i < s.csiStorageCapacities.size(); ++i) {
    const v1::CSIStorageCapacity& c = s.csiStorageCapacities[i];
    if (c.storageClassName != sc.metadata.name) continue;
    const std::optional<Quantity>& limit = c.maximumVolumeSize ? c.maximumVolumeSize : c.capacity;  // volumeLimit
    if (!limit || limit->value < claim.storageRequest.value) continue;  // capacitySufficient
    if (!c.nodeTopology) continue;                                      // nodeHasAccess
    if (!LabelSelectorAsSelector(c.nodeTopology, pool).Matches(node.labels, pool)) continue;
    found = static_cast<int32_t>(i);
    return true;
  }
  return false;
}

}  // namespace

// storagehelpers.FindMatchingVolume with delayBinding and a node.
int32_t FindMatchingVolume(const Cluster& cluster, const v1::PersistentVolumeClaim& claim,
                           const std::vector<CompiledVolume>& volumes, const NodeInfo& node,
                           const std::vector<int32_t>& excluded, StringPool& pool) {
  const Scenario& s = cluster.scenario();
  const Sym emptyName = pool.Intern("");
  const std::string requestedClass = ClaimClass(claim);
  const std::optional<Selector> selector = ClaimVolumeSelector(claim, pool);
  int32_t smallest = -1;
  for (const CompiledVolume& cv : volumes) {
    const v1::PersistentVolume& volume = s.persistentVolumes[cv.index];
    if (std::find(excluded.begin(), excluded.end(), cv.index) != excluded.end()) continue;
    const VolumeFit fit = MatchVolumeWithoutNode(claim, volume, selector, requestedClass, pool);
    if (fit == VolumeFit::No) continue;
    const bool nodeAffinityValid = cv.Matches(node.labels, emptyName, pool);
    if (fit == VolumeFit::BoundToClaim) return nodeAffinityValid ? cv.index : -1;
    if (!nodeAffinityValid) continue;
    if (smallest < 0 || s.persistentVolumes[smallest].capacity.value > volume.capacity.value) smallest = cv.index;
  }
  return smallest;
}

bool CompiledVolume::Matches(const LabelSet& labels, Sym emptyName, const StringPool& pool) const {
  if (!hasAffinity) return true;
  const NodeView node{labels, emptyName};
  return std::any_of(terms.begin(), terms.end(), [&](const NodeSelectorTerm& t) { return t.Match(node, pool); });
}

CompiledVolume CompileVolume(const Cluster& cluster, int32_t index, StringPool& pool) {
  CompiledVolume cv;
  cv.index = index;
  const v1::PersistentVolume& volume = cluster.scenario().persistentVolumes[index];
  if (volume.nodeAffinity) {
    cv.hasAffinity = true;
    for (const v1::NodeSelectorTerm& t : volume.nodeAffinity->nodeSelectorTerms)
      cv.terms.push_back(CompileNodeSelectorTerm(t, pool, ""));
  }
  return cv;
}

// volumeBinder.GetPodVolumeClaims: a claim is bound when it names its volume and the PV
// controller finished binding (pv.kubernetes.io/bind-completed, isPVCFullyBound); an
// unbound claim of a WaitForFirstConsumer class without a volume name is delayed, every
// other unbound claim is immediate.
PodVolumeClaims GetPodVolumeClaims(const Cluster& cluster, const v1::Pod& pod, StringPool& pool) {
  const Scenario& s = cluster.scenario();
  const StorageIndex& storage = cluster.storage();
  PodVolumeClaims out;
  for (const v1::Volume& volume : pod.spec.volumes) {
    const std::optional<std::string> name = ClaimNameOf(pod, volume);
    if (!name) continue;
    const int32_t c = storage.Claim(pod.metadata.ns, *name);
    if (c < 0) continue;  // podHasPVCs stopped the pod already
    const v1::PersistentVolumeClaim& claim = s.persistentVolumeClaims[c];
    if (!claim.volumeName.empty() && claim.metadata.annotations.count(v1::kAnnBindCompleted)) {
      PodVolumeClaims::Bound b{c, std::nullopt};
      const int32_t pv = storage.Volume(claim.volumeName);
      if (pv >= 0) b.volume = CompileVolume(cluster, pv, pool);
      out.boundClaims.push_back(std::move(b));
      continue;
    }
    // storagehelpers.IsDelayBindingMode: a class that does not exist is not delayed.
    const std::string className = ClaimClass(claim);
    const int32_t sc = className.empty() ? -1 : storage.Class(className);
    const bool delay = sc >= 0 && s.storageClasses[sc].volumeBindingMode == v1::kVolumeBindingWaitForFirstConsumer;
    if (delay && claim.volumeName.empty())
      out.unboundClaimsDelayBinding.push_back(c);
    else
      out.unboundClaimsImmediate.push_back(c);
  }
  for (int32_t c : out.unboundClaimsDelayBinding) {
    // pvCache.ListPVs(class), less the volumes FindMatchingVolume refuses whatever the node
    // (a class holds every bound volume too): only the rest are compiled and tried per node.
    const v1::PersistentVolumeClaim& claim = s.persistentVolumeClaims[c];
    const std::string requestedClass = ClaimClass(claim);
    const std::optional<Selector> selector = ClaimVolumeSelector(claim, pool);
    std::vector<CompiledVolume> volumes;
    for (int32_t pv : storage.VolumesOfClass(requestedClass))
      if (MatchVolumeWithoutNode(claim, s.persistentVolumes[pv], selector, requestedClass, pool) != VolumeFit::No)
        volumes.push_back(CompileVolume(cluster, pv, pool));
    out.unboundVolumesDelayBinding.push_back(std::move(volumes));
  }
  return out;
}

// volumeBinder.FindPodVolumes
FindResult FindPodVolumes(const Cluster& cluster, const PodVolumeClaims& claims, const NodeInfo& node, StringPool& pool,
                          std::vector<VolumeCheck>* checks) {
  using Outcome = VolumeCheck::Outcome;
  const Scenario& s = cluster.scenario();
  FindResult r;
  bool unboundVolumesSatisfied = true, boundVolumesSatisfied = true, sufficientStorage = true, boundPVsFound = true;
  const auto reasons = [&] {
    if (!boundVolumesSatisfied)
      r.reasons.push_back(cluster.release().AtLeast(33) ? kErrReasonNodeConflict : kErrReasonNodeConflictBefore133);
    if (!unboundVolumesSatisfied) r.reasons.push_back(kErrReasonBindConflict);
    if (!sufficientStorage) r.reasons.push_back(kErrReasonNotEnoughSpace);
    if (!boundPVsFound) r.reasons.push_back(kErrReasonPVNotExist);
    return r;
  };
  const auto record = [checks](const VolumeCheck& c) {
    if (checks) checks->push_back(c);
  };
  // checkBoundClaims: the first claim whose volume is missing or does not fit decides.
  const Sym emptyName = pool.Intern("");
  for (const PodVolumeClaims::Bound& b : claims.boundClaims) {
    if (!b.volume) {
      record({.outcome = Outcome::BoundVolumeMissing, .claim = b.claim});
      boundPVsFound = false;
      break;
    }
    const bool matches = b.volume->Matches(node.labels, emptyName, pool);
    record({.outcome = matches ? Outcome::BoundVolumeMatches : Outcome::BoundVolumeConflict,
            .pass = matches,
            .claim = b.claim,
            .volume = b.volume->index});
    if (!matches) {
      boundVolumesSatisfied = false;
      break;
    }
  }
  if (claims.unboundClaimsDelayBinding.empty()) return reasons();

  std::vector<size_t> toMatch;  // positions in unboundClaimsDelayBinding
  std::vector<int32_t> toProvision;
  for (size_t i = 0; i < claims.unboundClaimsDelayBinding.size(); ++i) {
    const int32_t c = claims.unboundClaimsDelayBinding[i];
    const auto& ann = s.persistentVolumeClaims[c].metadata.annotations;
    auto selected = ann.find(v1::kAnnSelectedNode);
    if (selected == ann.end()) {
      toMatch.push_back(i);
    } else if (selected->second != node.name) {
      record({.outcome = Outcome::SelectedNodeElsewhere, .claim = c});
      unboundVolumesSatisfied = false;
      return reasons();
    } else {
      toProvision.push_back(c);
    }
  }
  const size_t selectedHere = toProvision.size();  // the first claims to provision name this node
  if (!toMatch.empty()) {
    // findMatchingVolumes: smallest claims first (byPVCSize), each volume used once.
    std::stable_sort(toMatch.begin(), toMatch.end(), [&](size_t a, size_t b) {
      return s.persistentVolumeClaims[claims.unboundClaimsDelayBinding[a]].storageRequest.value <
             s.persistentVolumeClaims[claims.unboundClaimsDelayBinding[b]].storageRequest.value;
    });
    std::vector<int32_t> chosen;
    bool foundMatches = true;
    for (size_t i : toMatch) {
      const int32_t c = claims.unboundClaimsDelayBinding[i];
      const int32_t pv = FindMatchingVolume(cluster, s.persistentVolumeClaims[c], claims.unboundVolumesDelayBinding[i],
                                            node, chosen, pool);
      if (pv < 0) {
        toProvision.push_back(c);
        foundMatches = false;
        continue;
      }
      record({.outcome = Outcome::StaticVolume, .pass = true, .claim = c, .volume = pv});
      chosen.push_back(pv);
      r.volumes.staticBindings.emplace_back(c, pv);
    }
    unboundVolumesSatisfied = foundMatches;
  }
  if (!toProvision.empty()) {
    // checkVolumeProvisions: its verdict replaces findMatchingVolumes'.
    unboundVolumesSatisfied = true;
    for (size_t k = 0; k < toProvision.size(); ++k) {
      const int32_t c = toProvision[k];
      const v1::PersistentVolumeClaim& claim = s.persistentVolumeClaims[c];
      const std::string className = ClaimClass(claim);
      if (className.empty()) {
        r.error = "no class for claim \"" + claim.metadata.ns + "/" + claim.metadata.name + "\"";
        return r;
      }
      const int32_t sc = cluster.storage().Class(className);
      if (sc < 0) {
        r.error = "failed to find storage class \"" + className + "\"";
        return r;
      }
      const v1::StorageClass& cls = s.storageClasses[sc];
      const bool selected = k < selectedHere;
      const bool provisioner = !cls.provisioner.empty() && cls.provisioner != v1::kNotSupportedProvisioner;
      if (!provisioner || !MatchTopologySelectorTerms(cls.allowedTopologies, node.labels, pool)) {
        record({.outcome = provisioner ? Outcome::AllowedTopologiesMismatch : Outcome::ProvisionerMissing,
                .selectedNode = selected,
                .claim = c});
        unboundVolumesSatisfied = false;
        r.volumes.dynamicProvisions.clear();
        return reasons();
      }
      int32_t capacity = -1;
      if (!HasEnoughCapacity(cluster, cls.provisioner, claim, cls, node, pool, capacity)) {
        record({.outcome = Outcome::NotEnoughCapacity, .selectedNode = selected, .claim = c});
        sufficientStorage = false;
        r.volumes.dynamicProvisions.clear();
        return reasons();
      }
      record({.outcome = Outcome::Provision, .pass = true, .selectedNode = selected, .claim = c, .capacity = capacity});
      r.volumes.dynamicProvisions.push_back({c, capacity});
    }
  }
  return reasons();
}

}  // namespace spreadlab::volumebinding
