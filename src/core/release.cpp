#include "core/release.h"

#include <algorithm>
#include <charconv>

namespace spreadlab {

namespace {

// A gate kube-scheduler reads (the Features fields, the gates pkg/scheduler reads
// directly, and the API server's gates that shape the pods it sees), as
// pkg/features/kube_features.go of each release defines it: known from `since` to
// `until`, on by default from `onSince`, locked to its default from `lockedSince`
// (0: never). `field` is null for gates spreadlab accepts but does not model.
struct GateSpec {
  std::string_view name;
  int since, until, onSince, lockedSince;
  bool Features::*field;
};

constexpr int M = kMasterMinor;
constexpr GateSpec kGates[] = {
    // Pods and resources.
    {"PodLevelResources", 32, M, 34, 0, &Features::enablePodLevelResources},    // kubernetes#132999 (beta, on)
    {"SidecarContainers", 30, 36, 30, 33, &Features::enableSidecarContainers},  // GA kubernetes#129731, removed 1.37
    {"InPlacePodVerticalScaling", 30, M, 33, 35, nullptr},
    {"InPlacePodLevelResourcesVerticalScaling", 35, M, 36, 0, nullptr},
    {"InPlacePodVerticalScalingSchedulerPreemption", 37, M, 0, 0,
     &Features::enableInPlacePodVerticalScalingSchedulerPreemption},
    {"PodSchedulingReadiness", 30, M, 30, 30, nullptr},
    {"PodDisruptionConditions", 30, 33, 30, 31, nullptr},
    // PodTopologySpread and affinity.
    {"MatchLabelKeysInPodTopologySpread", 30, M, 30, 0, &Features::enableMatchLabelKeysInPodTopologySpread},
    {"MatchLabelKeysInPodTopologySpreadSelectorMerge", 34, M, 34, 0, nullptr},  // the API server's merge: idempotent
    {"NodeInclusionPolicyInPodTopologySpread", 30, M, 30, 33, &Features::enableNodeInclusionPolicyInPodTopologySpread},
    {"MinDomainsInPodTopologySpread", 30, 31, 30, 30, nullptr},
    {"MatchLabelKeysInPodAffinity", 30, M, 31, 33, nullptr},
    {"PodTopologyLabelsAdmission", 33, M, 35, 0, nullptr},
    {"InterPodAffinityHostnameFastPath", 37, M, 0, 0, nullptr},
    {"TaintTolerationComparisonOperators", 35, M, 0, 0, nullptr},
    {"NodeDeclaredFeatures", 35, M, 36, 37, &Features::enableNodeDeclaredFeatures},  // kubernetes#136042
    // Scheduling queue and preemption.
    {"SchedulerQueueingHints", 30, 36, 32, 34, nullptr},
    {"SchedulerAsyncPreemption", 32, M, 33, 0, nullptr},
    {"SchedulerPopFromBackoffQ", 33, M, 33, 0, nullptr},
    {"SchedulerAsyncAPICalls", 34, M, 0, 0, nullptr},
    {"SchedulerPreQueueingHints", 37, M, 0, 0, nullptr},
    {"NominatedNodeNameForExpectation", 34, M, 35, 0, nullptr},
    {"ClearingNominatedNodeNameAfterBinding", 34, M, 35, 0, nullptr},
    {"OpportunisticBatching", 35, M, 35, 0, nullptr},
    // Workloads and pod groups.
    {"GangScheduling", 35, 36, 0, 0, &Features::enableGangScheduling},
    {"GenericWorkload", 35, M, 0, 0, &Features::enableGenericWorkload},
    {"TopologyAwareWorkloadScheduling", 36, M, 0, 0, &Features::enableTopologyAwareWorkloadScheduling},
    {"WorkloadAwarePreemption", 36, 36, 0, 0, nullptr},
    {"PodGroupPreemptionPolicy", 37, M, 0, 0, nullptr},
    {"CompositePodGroup", 37, M, 0, 0, nullptr},
    // Storage.
    {"VolumeCapacityPriority", 30, 32, 0, 0, nullptr},
    {"StorageCapacityScoring", 33, M, 37, 0, &Features::enableStorageCapacityScoring},
    {"VolumeAttributesClass", 30, M, 34, 36, nullptr},
    {"CSIMigrationPortworx", 30, 35, 31, 33, &Features::enableCSIMigrationPortworx},
    {"VolumeLimitScaling", 35, M, 37, 0, &Features::enableVolumeLimitScaling},  // kubernetes#140612 (beta, on)
    // Dynamic resource allocation.
    {"DynamicResourceAllocation", 30, M, 34, 35, &Features::enableDynamicResourceAllocation},  // GA kubernetes#132706
    {"DRAControlPlaneController", 31, 31, 0, 0, nullptr},
    {"DRAAdminAccess", 32, M, 34, 36, nullptr},
    {"DRAPrioritizedList", 33, M, 34, 37, nullptr},
    {"DRADeviceTaints", 33, M, 36, 0, nullptr},
    {"DRAPartitionableDevices", 33, M, 36, 0, nullptr},
    {"DRAResourceClaimDeviceStatus", 32, M, 33, 37, nullptr},
    {"DRAExtendedResource", 34, M, 36, 37, nullptr},
    {"DRAConsumableCapacity", 34, M, 36, 0, nullptr},
    {"DRASchedulerFilterTimeout", 34, M, 34, 0, nullptr},
    {"DRADeviceBindingConditions", 34, M, 36, 0, nullptr},
    {"DRADeviceTaintRules", 35, M, 37, 0, nullptr},
    {"DRAListTypeAttributes", 36, M, 0, 0, nullptr},
    {"DRANodeAllocatableResources", 36, M, 0, 0, nullptr},
    {"DRAWorkloadResourceClaims", 36, M, 0, 0, nullptr},
    {"DRADeviceCompatibilityGroups", 37, M, 0, 0, nullptr},
    {"DRAFractionalCapacityRange", 37, M, 0, 0, nullptr},
    {"DRADerivedAttributes", 37, M, 0, 0, nullptr},
    {"DRAOptionalNodeOperations", 37, M, 0, 0, nullptr},
    // The controllers' (kube-controller-manager reads them; the simulated cluster runs its
    // controllers at the scheduler's release). Alpha from 1.24; beta on in 1.35.0-1.35.3
    // (kubernetes#133153), off from 1.35.4 and in 1.36 (kubernetes#137926, #137904), on in 1.37
    // (kubernetes#139466). spreadlab's 1.35 is its newest patch: off.
    {"MaxUnavailableStatefulSet", 30, M, 37, 0, &Features::enableMaxUnavailableStatefulSet},
};

bool Known(const GateSpec& g, int minor) { return minor >= g.since && minor <= g.until; }
bool DefaultOn(const GateSpec& g, int minor) { return g.onSince != 0 && minor >= g.onSince; }
bool Locked(const GateSpec& g, int minor) { return g.lockedSince != 0 && minor >= g.lockedSince; }

std::string ReleaseList() {
  return "1." + std::to_string(kOldestMinor) + " to 1." + std::to_string(kNewestMinor) + ", or master";
}

// The rules of core/release.h and the defaults of kGates, by the release that changed them.
struct ReleaseChange {
  int since;
  const char* what;
};
constexpr ReleaseChange kChanges[] = {
    {31, "1.31 leaves the in-tree volume limits out of the default profile (kubernetes#124500)"},
    {32,
     "1.32 counts the nodes a PreFilterResult leaves out in the FitError (kubernetes#126022) and adds "
     "sidecars to the non-zero requests that LeastAllocated scores (kubernetes#127878), and counts a node's "
     "VolumeAttachments in NodeVolumeLimits (kubernetes#127757)"},
    {33,
     "1.33 skips NodeResourcesBalancedAllocation for pods that request nothing (kubernetes#130260) and checks "
     "sidecars' host ports (kubernetes#132040)"},
    {34,
     "1.34 turns pod-level resources on (kubernetes#132999), stops naming the taint in TaintToleration's reason "
     "(kubernetes#134740), makes a request beyond a node's allocatable unresolvable, so that preemption skips the "
     "node (kubernetes#131345), and adds DynamicResources to the default profile (kubernetes#132706)"},
    {35, "1.35 gives DynamicResources a score weight of 2 (kubernetes#134711)"},
    {36,
     "1.36 scores NodeResourcesBalancedAllocation by the balance the pod brings, 75 when it changes nothing "
     "(kubernetes#135573), adds NodeDeclaredFeatures to the default profile (kubernetes#136042), checks a CSI "
     "driver's presence (VolumeLimitScaling) only for a CSIDriver with preventPodSchedulingIfMissing "
     "(kubernetes#137343) and migrates Portworx volumes without the CSINode's annotation (kubernetes#135322)"},
    {37,
     "1.37 runs NodeName before NodeUnschedulable, says where a preemption would place the pod "
     "(kubernetes#140180), orders equal victims without a start time by the node's order (kubernetes#137981) "
     "and turns VolumeLimitScaling on: NodeVolumeLimits refuses a node without an opted-in CSI driver "
     "(kubernetes#140612); its controllers turn MaxUnavailableStatefulSet on: a StatefulSet's rolling update "
     "takes down up to maxUnavailable pods, those already unavailable first (kubernetes#139466)"},
    {kMasterMinor,
     "master counts every pod of the namespace for labelSelector: {} in a spread constraint "
     "(kubernetes#141340)"},
};

}  // namespace

std::vector<std::string> ChangesBetween(int a, int b) {
  if (a > b) std::swap(a, b);
  std::vector<std::string> out;
  for (const ReleaseChange& c : kChanges)
    if (c.since > a && c.since <= b) out.emplace_back(c.what);
  return out;
}

bool ParseKubeVersion(std::string_view text, int& minor, std::string& error) {
  if (text.empty() || text == "newest") {
    minor = kNewestMinor;
    return true;
  }
  if (text == "master") {
    minor = kMasterMinor;
    return true;
  }
  std::string_view v = text;
  if (v.front() == 'v') v.remove_prefix(1);
  int major = 0, m = -1;
  const char* end = v.data() + v.size();
  auto r = std::from_chars(v.data(), end, major);
  bool ok = r.ec == std::errc{} && major == 1 && r.ptr != end && *r.ptr == '.';
  if (ok) {
    r = std::from_chars(r.ptr + 1, end, m);
    ok = r.ec == std::errc{};
    if (ok && r.ptr != end) {  // a patch release: ".N"
      int patch = 0;
      ok = *r.ptr == '.' && std::from_chars(r.ptr + 1, end, patch).ptr == end && r.ptr + 1 != end;
    }
  }
  if (!ok) {
    error = "\"" + std::string(text) + "\" is not a Kubernetes version (expected 1.MINOR, e.g. 1.35, or master)";
    return false;
  }
  if (m < kOldestMinor || m > kNewestMinor) {
    error = "kube-scheduler " + std::string(text) + " is not simulated (releases: " + ReleaseList() + ")";
    return false;
  }
  minor = m;
  return true;
}

std::string KubeVersionName(int minor) { return minor >= kMasterMinor ? "master" : "1." + std::to_string(minor); }

Features DefaultFeatures(int minor) {
  Features f;
  for (const GateSpec& g : kGates)
    if (g.field && Known(g, minor)) f.*g.field = DefaultOn(g, minor);
  // A gate removed after GA is on for good (its code path is unconditional).
  for (const GateSpec& g : kGates)
    if (g.field && minor > g.until && DefaultOn(g, g.until)) f.*g.field = true;
  return f;
}

bool MakeRelease(int minor, const std::vector<std::pair<std::string, bool>>& overrides, Release& out,
                 std::string& error) {
  Release r;
  r.minor = minor;
  r.gateOverrides = overrides;
  r.features = DefaultFeatures(minor);
  for (const auto& [name, on] : overrides) {
    const GateSpec* g = nullptr;
    for (const GateSpec& s : kGates)
      if (s.name == name && Known(s, minor)) g = &s;
    if (!g) {
      error = "unrecognized feature gate: " + name + " (kube-scheduler " + KubeVersionName(minor) +
              "; spreadlab knows the gates the scheduler reads)";
      return false;
    }
    if (Locked(*g, minor) && on != DefaultOn(*g, minor)) {
      error = "cannot set feature gate " + name + " to " + (on ? "true" : "false") + ", feature is locked to " +
              (DefaultOn(*g, minor) ? "true" : "false");
      return false;
    }
    if (g->field) r.features.*g->field = on;
  }
  out = std::move(r);
  return true;
}

bool ParseFeatureGates(std::string_view text, std::vector<std::pair<std::string, bool>>& out, std::string& error) {
  while (!text.empty()) {
    const size_t comma = text.find(',');
    std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (item.empty()) continue;
    const size_t eq = item.find('=');
    const std::string_view value = eq == std::string_view::npos ? std::string_view{} : item.substr(eq + 1);
    if (eq == 0 || (value != "true" && value != "false")) {
      error = "missing bool value for " + std::string(item.substr(0, eq)) + " (expected Name=true or Name=false)";
      return false;
    }
    out.emplace_back(std::string(item.substr(0, eq)), value == "true");
  }
  return true;
}

std::vector<GateInfo> GatesOf(int minor) {
  std::vector<GateInfo> out;
  for (const GateSpec& g : kGates)
    if (Known(g, minor)) out.push_back({g.name, DefaultOn(g, minor), Locked(g, minor), g.field != nullptr});
  std::sort(out.begin(), out.end(), [](const GateInfo& a, const GateInfo& b) { return a.name < b.name; });
  return out;
}

}  // namespace spreadlab
