#pragma once
// The kube-scheduler release a scenario is answered for, and the feature gates the
// scheduler reads (pkg/scheduler/framework/plugins/feature/feature.go) and the simulated
// controllers read, each with its default in that release (pkg/features/kube_features.go).
// Rules that changed between releases without a gate are named here too, with the upstream
// PR that changed them; docs/versions.md is the same table for people.
//
// Releases are numbered by their minor version: 30 is 1.30, kNewestMinor the newest
// release, kMasterMinor what is merged upstream since it was cut.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace spreadlab {

inline constexpr int kOldestMinor = 30;
inline constexpr int kNewestMinor = 37;
inline constexpr int kMasterMinor = 38;

// "1.35", "v1.35", "1.35.4", "v1.35.4" or "master" (the default: "" and "newest"
// mean kNewestMinor). False with an error naming the releases otherwise.
bool ParseKubeVersion(std::string_view text, int& minor, std::string& error);
// "1.35", or "master".
std::string KubeVersionName(int minor);

// The gates spreadlab's decisions depend on (upstream's Features field names).
struct Features {
  bool enablePodLevelResources = false;                       // PodLevelResources
  bool enableSidecarContainers = false;                       // SidecarContainers
  bool enableMatchLabelKeysInPodTopologySpread = false;       // MatchLabelKeysInPodTopologySpread
  bool enableNodeInclusionPolicyInPodTopologySpread = false;  // NodeInclusionPolicyInPodTopologySpread
  bool enableDynamicResourceAllocation = false;  // DynamicResourceAllocation: DynamicResources in the profile
  bool enableNodeDeclaredFeatures = false;       // NodeDeclaredFeatures: its plugin in the profile
  // Gates that add plugins spreadlab does not simulate to the default profile.
  bool enableGangScheduling = false;                   // GangScheduling (1.35, 1.36)
  bool enableGenericWorkload = false;                  // GenericWorkload: GangScheduling's plugin from 1.37
  bool enableTopologyAwareWorkloadScheduling = false;  // TopologyAwareWorkloadScheduling
  bool enableInPlacePodVerticalScalingSchedulerPreemption = false;  // DeferredPodScheduling
  bool enableStorageCapacityScoring = false;  // StorageCapacityScoring: VolumeBinding scores (beta, on in 1.37)
  // VolumeLimitScaling: NodeVolumeLimits refuses a node whose CSINode lacks the pod's driver
  // (alpha 1.35 kubernetes#135012, beta and on in 1.37 kubernetes#140612).
  bool enableVolumeLimitScaling = false;
  // CSIMigrationPortworx: NodeVolumeLimits counts in-tree Portworx volumes as pxd.portworx.com
  // (on from 1.31; the gate is gone in 1.36, kubernetes#135322, and the rule with it).
  bool enableCSIMigrationPortworx = false;
  // MaxUnavailableStatefulSet (kube-controller-manager's): a StatefulSet's RollingUpdate takes
  // down up to maxUnavailable pods at a time, those already unavailable first (KEP-961).
  bool enableMaxUnavailableStatefulSet = false;

  bool operator==(const Features&) const = default;
};

// The gates' defaults in release `minor`.
Features DefaultFeatures(int minor);

struct Release {
  int minor = kNewestMinor;
  // --feature-gates as given, in order: each overrides the release's default.
  std::vector<std::pair<std::string, bool>> gateOverrides;
  Features features = DefaultFeatures(kNewestMinor);

  bool AtLeast(int m) const { return minor >= m; }

  // Rules that changed without a gate (each names its PR; docs/versions.md).
  // NodeResourcesBalancedAllocation scores the balance the pod brings (kubernetes#135573, 1.36).
  bool balancedAllocationScoresImprovement() const { return AtLeast(36); }
  // NodeResourcesBalancedAllocation skips pods that request nothing (kubernetes#130260, 1.33).
  bool balancedAllocationSkipsBestEffort() const { return AtLeast(33); }
  // PodTopologySpread's labelSelector: {} counts every pod of the namespace, not none
  // (countPodsMatchSelector, kubernetes#141340, merged after 1.37 was cut).
  bool spreadEmptySelectorMatchesAll() const { return AtLeast(kMasterMinor); }
  // NodeVolumeLimits counts the node's VolumeAttachments too (getNodeVolumeAttachmentInfo,
  // kubernetes#127757, 1.32).
  bool volumeLimitsCountAttachments() const { return AtLeast(32); }
  // NodeVolumeLimits' driver check (VolumeLimitScaling) applies only to a CSIDriver with
  // preventPodSchedulingIfMissing: true (checkCSIDriverOnNode, kubernetes#137343, 1.36); in
  // 1.35 any CSIDriver object opts its driver in.
  bool volumeLimitsDriverCheckOptIn() const { return AtLeast(36); }
  // Portworx migration needs the CSINode's storage.alpha.kubernetes.io/migrated-plugins
  // annotation to name it (isCSIMigrationOn, until kubernetes#135322 removed it in 1.36).
  bool volumeLimitsPortworxNeedsAnnotation() const { return !AtLeast(36); }
  // The default profile runs NodeName before NodeUnschedulable (default_plugins.go, 1.37).
  bool nodeNameBeforeNodeUnschedulable() const { return AtLeast(37); }
  // A pod waiting for its scheduling gates is in the nominator: its status.nominatedNodeName
  // holds room (kubernetes#139057).
  bool gatedPodsNominated() const { return AtLeast(37); }

  bool operator==(const Release&) const = default;
};

// The release's gate defaults with `overrides` applied, in order. False with kube-
// scheduler's error for a gate the release does not know or locks ("cannot set
// feature gate X to false, feature is locked to true").
bool MakeRelease(int minor, const std::vector<std::pair<std::string, bool>>& overrides, Release& out,
                 std::string& error);

// "Name=true,Other=false" (the --feature-gates syntax) appended to `out`.
bool ParseFeatureGates(std::string_view text, std::vector<std::pair<std::string, bool>>& out, std::string& error);

// What changed in the answers between releases `a` and `b` (either order): one line per
// release in between, naming its PRs (docs/versions.md has the table).
std::vector<std::string> ChangesBetween(int a, int b);

// What a gate is, for listings (docs, --help, the lab).
struct GateInfo {
  std::string_view name;
  bool defaultOn = false;
  bool locked = false;
  bool modelled = false;  // spreadlab's answers depend on it
};
// Every gate kube-scheduler reads that `minor` knows, in name order.
std::vector<GateInfo> GatesOf(int minor);

}  // namespace spreadlab
