#include "core/plugins/volumebinding/volume_binding.h"

#include <cmath>
#include <map>
#include <mutex>
#include <unordered_map>

#include "core/plugins/helper/shape_score.h"
#include "core/storage.h"

namespace spreadlab::plugins {

namespace {

constexpr std::string_view kStateKey = "VolumeBinding";

struct StateData : spreadlab::StateData {
  volumebinding::PodVolumeClaims podVolumeClaims;
  // Filter runs on nodes in parallel upstream; here in turn, so no lock is needed. What
  // Filter found per node is what Score reads.
  mutable std::unordered_map<NodeIndex, volumebinding::PodVolumes> podVolumesByNode;
  mutable bool hasStaticBindings = false;
};

// The default VolumeBindingArgs shape with StorageCapacityScoring (SetDefaults_VolumeBindingArgs):
// utilization 0 scores 10, 100 scores 0, scaled to MaxNodeScore.
int64_t ClassScore(int64_t requested, int64_t capacity) {
  static const auto shape = helper::BuildBrokenLinearFunction({{0, 10 * (kMaxNodeScore / 10)}, {100, 0}});
  if (capacity == 0 || requested > capacity) return shape(100);
  return shape(requested * 100 / capacity);
}

}  // namespace

VolumeBinding::VolumeBinding(Handle h) : h_(h), scoring_(h.cluster->release().features.enableStorageCapacityScoring) {}

// VolumeBinding.podHasPVCs
Status VolumeBinding::PodHasPVCs(const PodInfo& pod, bool& hasPVC) {
  const Cluster& cluster = *h_.cluster;
  const v1::Pod& spec = cluster.podSpec(pod.index);
  hasPVC = false;
  for (const v1::Volume& volume : spec.spec.volumes) {
    const std::optional<std::string> name = ClaimNameOf(spec, volume);
    if (!name) continue;
    hasPVC = true;
    const bool ephemeral = volume.source.kind == "ephemeral";
    const int32_t c = cluster.storage().Claim(pod.ns, *name);
    std::string err;
    if (c < 0) {
      err = ephemeral ? "waiting for ephemeral volume controller to create the persistentvolumeclaim \"" + *name + "\""
                      : NotFoundError("persistentvolumeclaim", *name);
    } else {
      const v1::PersistentVolumeClaim& claim = cluster.scenario().persistentVolumeClaims[c];
      if (claim.phase == "Lost")
        err = "persistentvolumeclaim \"" + claim.metadata.name + "\" bound to non-existent persistentvolume \"" +
              claim.volumeName + "\"";
      else if (claim.metadata.terminating)
        err = "persistentvolumeclaim \"" + claim.metadata.name + "\" is being deleted";
      else if (ephemeral)
        err = VolumeIsForPod(spec, claim).value_or("");
    }
    if (!err.empty()) return Status::Make(Code::UnschedulableAndUnresolvable, reasons_.Keep(std::move(err)));
  }
  return Status::Ok();
}

// VolumeBinding.PreFilter
Status VolumeBinding::PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult&, CycleTrace*) {
  bool hasPVC = false;
  if (Status st = PodHasPVCs(pod, hasPVC); !st.IsSuccess()) return st;
  StateData& s = state.Write<StateData>(kStateKey);
  s.podVolumesByNode.clear();
  s.hasStaticBindings = false;
  s.podVolumeClaims = {};
  if (!hasPVC) return Status::Make(Code::Skip);
  s.podVolumeClaims =
      volumebinding::GetPodVolumeClaims(*h_.cluster, h_.cluster->podSpec(pod.index), h_.cluster->pool());
  if (!s.podVolumeClaims.unboundClaimsImmediate.empty())
    return Status::Make(Code::UnschedulableAndUnresolvable, "pod has unbound immediate PersistentVolumeClaims");
  return Status::Ok();
}

// VolumeBinding.Filter
Status VolumeBinding::Filter(const CycleState& state, const PodInfo&, const NodeInfo& node, CycleTrace* trace) {
  const auto* s = state.Read<StateData>(kStateKey);
  if (!s) return Status::AsError("reading \"VolumeBinding\" from cycleState: not found");
  volumebinding::FindResult r = volumebinding::FindPodVolumes(*h_.cluster, s->podVolumeClaims, node, h_.cluster->pool(),
                                                              trace ? &trace->volumeChecks : nullptr);
  if (!r.error.empty()) return Status::AsError(r.error);
  if (!r.reasons.empty())
    return Status::Make(Code::UnschedulableAndUnresolvable,
                        std::span<const std::string_view>(*reasonLists_.insert(r.reasons).first));
  s->hasStaticBindings = s->hasStaticBindings || !r.volumes.staticBindings.empty();
  s->podVolumesByNode[node.index] = std::move(r.volumes);
  return Status::Ok();
}

// VolumeBinding.PreScore
Status VolumeBinding::PreScore(CycleState& state, const PodInfo&, std::span<const NodeIndex>, CycleTrace*) {
  if (!scoring_) return Status::Make(Code::Skip);
  const auto* s = state.Read<StateData>(kStateKey);
  if (!s) return Status::AsError("reading \"VolumeBinding\" from cycleState: not found");
  return Status::Ok();  // StorageCapacityScoring is on: score, with or without static bindings
}

// VolumeBinding.Score: per class, the storage the pod asks of the node against what it has
// (static bindings: the chosen volumes; else provisioning on a node whose driver reports
// capacity), averaged over the classes (buildScorerFunction).
Status VolumeBinding::Score(const CycleState& state, const PodInfo&, const NodeInfo& node, int64_t& score) {
  score = 0;
  const auto* s = state.Read<StateData>(kStateKey);
  if (!s) return Status::AsError("reading \"VolumeBinding\" from cycleState: not found");
  auto it = s->podVolumesByNode.find(node.index);
  if (it == s->podVolumesByNode.end()) return Status::Ok();
  const Scenario& sc = h_.cluster->scenario();
  struct StorageResource {
    int64_t requested = 0, capacity = 0;
  };
  std::map<std::string, StorageResource> classResources;
  const volumebinding::PodVolumes& pv = it->second;
  if (!pv.staticBindings.empty()) {
    for (const auto& [claim, volume] : pv.staticBindings) {
      // BindingInfo.StorageClassName: the volume's spec.storageClassName (not the beta annotation).
      StorageResource& r = classResources[sc.persistentVolumes[volume].storageClassName];
      r.requested += sc.persistentVolumeClaims[claim].storageRequest.value;
      r.capacity += sc.persistentVolumes[volume].capacity.value;
    }
  } else {
    for (const auto& p : pv.dynamicProvisions) {
      if (p.nodeCapacity < 0) continue;
      const v1::PersistentVolumeClaim& claim = sc.persistentVolumeClaims[p.claim];
      StorageResource& r = classResources[claim.storageClassName.value_or("")];
      const auto& cap = sc.csiStorageCapacities[p.nodeCapacity].capacity;
      r.capacity = cap ? cap->value : 0;
      r.requested += claim.storageRequest.value;
    }
  }
  if (classResources.empty()) return Status::Ok();
  int64_t total = 0;
  for (const auto& [_, r] : classResources) total += ClassScore(r.requested, r.capacity);
  score = static_cast<int64_t>(std::round(static_cast<double>(total) / static_cast<double>(classResources.size())));
  return Status::Ok();
}

// VolumeBinding.Reserve: binder.AssumePodVolumes with what Filter found on the node. A pod
// whose claims are all bound has neither bindings nor provisions there, so nothing is assumed.
Status VolumeBinding::Reserve(CycleState& state, const PodInfo&, NodeIndex node) {
  const auto* s = state.Read<StateData>(kStateKey);
  if (!s) return Status::AsError("reading \"VolumeBinding\" from cycleState: not found");
  auto it = s->podVolumesByNode.find(node);
  if (it == s->podVolumesByNode.end()) return Status::Ok();
  Cluster& cluster = *h_.cluster;
  for (const auto& [claim, volume] : it->second.staticBindings) cluster.AssumeVolume({claim, volume, ""});
  for (const auto& p : it->second.dynamicProvisions) cluster.AssumeVolume({p.claim, -1, cluster.node(node).name});
  return Status::Ok();
}

}  // namespace spreadlab::plugins
