#pragma once
// The scheduler's volume binder (pkg/scheduler/framework/plugins/volumebinding/binder.go)
// as far as a scheduling decision needs it: which claims of a pod are bound, which wait
// for their first consumer, and, per node, whether the bound volumes' node affinity, a
// matching static PersistentVolume or dynamic provisioning lets the pod run there.
// Binding itself (AssumePodVolumes, BindPodVolumes) is the API server's and the PV
// controller's business and is not simulated.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/cluster.h"
#include "core/corev1/nodeaffinity.h"
#include "core/framework/trace.h"

namespace spreadlab::volumebinding {

// ConflictReason: why volume binding is impossible on a node.
inline constexpr std::string_view kErrReasonBindConflict = "node(s) didn't find available persistent volumes to bind";
// Reworded by kubernetes#129887 (1.33): before, "node(s) had volume node affinity conflict".
inline constexpr std::string_view kErrReasonNodeConflict = "node(s) didn't match PersistentVolume's node affinity";
inline constexpr std::string_view kErrReasonNodeConflictBefore133 = "node(s) had volume node affinity conflict";
inline constexpr std::string_view kErrReasonNotEnoughSpace = "node(s) did not have enough free storage";
inline constexpr std::string_view kErrReasonPVNotExist =
    "node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)";

// A PersistentVolume with its node affinity compiled once for the cycle.
struct CompiledVolume {
  int32_t index = -1;  // in Scenario::persistentVolumes
  std::vector<NodeSelectorTerm> terms;
  bool hasAffinity = false;
  // storagehelpers.CheckNodeAffinity on a node known by its labels only.
  bool Matches(const LabelSet& labels, Sym emptyName, const StringPool& pool) const;
};
CompiledVolume CompileVolume(const Cluster& cluster, int32_t index, StringPool& pool);

// storagehelpers.FindMatchingVolume with delayBinding and a node: the claim's pre-bound
// volume if it fits the node, else the smallest available volume of the claim's class
// that fits (size, mode, selector, node affinity, access modes); -1 when none does.
// `excluded` are volumes chosen for other claims (indexes in Scenario::persistentVolumes).
int32_t FindMatchingVolume(const Cluster& cluster, const v1::PersistentVolumeClaim& claim,
                           const std::vector<CompiledVolume>& volumes, const NodeInfo& node,
                           const std::vector<int32_t>& excluded, StringPool& pool);

// PodVolumeClaims: the pod's claims sorted as GetPodVolumeClaims sorts them.
struct PodVolumeClaims {
  struct Bound {
    int32_t claim = -1;
    std::optional<CompiledVolume> volume;  // nullopt: the claim names a volume that does not exist
  };
  std::vector<Bound> boundClaims;
  std::vector<int32_t> unboundClaimsImmediate;
  std::vector<int32_t> unboundClaimsDelayBinding;
  // The volumes of each delayed claim's class (unboundVolumesDelayBinding), by claim.
  std::vector<std::vector<CompiledVolume>> unboundVolumesDelayBinding;
};

// GetPodVolumeClaims (after the plugin's podHasPVCs found every claim).
PodVolumeClaims GetPodVolumeClaims(const Cluster& cluster, const v1::Pod& pod, StringPool& pool);

// What FindPodVolumes decided for one node.
struct PodVolumes {
  std::vector<std::pair<int32_t, int32_t>> staticBindings;  // (claim, volume)
  struct Provision {
    int32_t claim = -1;
    int32_t nodeCapacity = -1;  // the CSIStorageCapacity that has room, if the driver reports capacity
  };
  std::vector<Provision> dynamicProvisions;
};

struct FindResult {
  PodVolumes volumes;
  std::vector<std::string_view> reasons;  // ConflictReasons, in FindPodVolumes' order
  std::string error;                      // an error (not a reason): the Filter's status is Error
};

// FindPodVolumes on one node. With `checks`, what it decided about each claim it reached
// is appended there (VolumeCheck: the volume, the provisioning or the class behind a reason).
FindResult FindPodVolumes(const Cluster& cluster, const PodVolumeClaims& claims, const NodeInfo& node, StringPool& pool,
                          std::vector<VolumeCheck>* checks = nullptr);

}  // namespace spreadlab::volumebinding
