#pragma once
// Karpenter's well-known labels (sigs.k8s.io/karpenter v1.15.0 pkg/apis/v1/labels.go) and the
// Kubernetes label keys they are built from (k8s.io/api core/v1 well_known_labels.go).
//
// Upstream's sets and maps are package variables that cloud providers extend at start-up (e.g.
// `v1.WellKnownLabels = v1.WellKnownLabels.Insert(...)`), so they are mutable here too: each is a
// function returning a reference to one process-wide object, seeded with upstream's contents.
// Not ported: the wellknown.Annotation documentation records (DoNotDisruptAnnotation, ...,
// KarpenterAnnotations), which describe annotations for generated docs and carry no behaviour;
// their keys are below.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "autoscaler/karpenter/apis/node_selector.h"

namespace spreadlab::autoscaler::karpenter {

namespace corev1 {

// Label keys from k8s.io/api core/v1 well_known_labels.go.
inline constexpr std::string_view kLabelHostname = "kubernetes.io/hostname";
inline constexpr std::string_view kLabelTopologyZone = "topology.kubernetes.io/zone";
inline constexpr std::string_view kLabelTopologyRegion = "topology.kubernetes.io/region";
inline constexpr std::string_view kLabelFailureDomainBetaZone = "failure-domain.beta.kubernetes.io/zone";
inline constexpr std::string_view kLabelFailureDomainBetaRegion = "failure-domain.beta.kubernetes.io/region";
inline constexpr std::string_view kLabelInstanceType = "beta.kubernetes.io/instance-type";
inline constexpr std::string_view kLabelInstanceTypeStable = "node.kubernetes.io/instance-type";
inline constexpr std::string_view kLabelOSStable = "kubernetes.io/os";
inline constexpr std::string_view kLabelArchStable = "kubernetes.io/arch";
inline constexpr std::string_view kLabelWindowsBuild = "node.kubernetes.io/windows-build";

// corev1.ResourceName values in WellKnownResources.
inline constexpr std::string_view kResourceCPU = "cpu";
inline constexpr std::string_view kResourceMemory = "memory";
inline constexpr std::string_view kResourceEphemeralStorage = "ephemeral-storage";
inline constexpr std::string_view kResourcePods = "pods";

}  // namespace corev1

namespace apis {
// apis.Group (pkg/apis/apis.go).
inline constexpr std::string_view kGroup = "karpenter.sh";
}  // namespace apis

namespace v1 {

// Well known labels and resources.
inline constexpr std::string_view kArchitectureAmd64 = "amd64";
inline constexpr std::string_view kArchitectureArm64 = "arm64";
inline constexpr std::string_view kCapacityTypeSpot = "spot";
inline constexpr std::string_view kCapacityTypeOnDemand = "on-demand";
inline constexpr std::string_view kCapacityTypeReserved = "reserved";

// Karpenter specific domains and labels (apis.Group + "/...").
inline constexpr std::string_view kNodePoolLabelKey = "karpenter.sh/nodepool";
inline constexpr std::string_view kNodeInitializedLabelKey = "karpenter.sh/initialized";
inline constexpr std::string_view kNodeRegisteredLabelKey = "karpenter.sh/registered";
inline constexpr std::string_view kNodeDoNotSyncTaintsLabelKey = "karpenter.sh/do-not-sync-taints";
inline constexpr std::string_view kCapacityTypeLabelKey = "karpenter.sh/capacity-type";

// Karpenter specific annotations.
inline constexpr std::string_view kDoNotDisruptAnnotationKey = "karpenter.sh/do-not-disrupt";
inline constexpr std::string_view kDoNotRepairAnnotationKey = "karpenter.sh/do-not-repair";
inline constexpr std::string_view kNodePoolHashAnnotationKey = "karpenter.sh/nodepool-hash";
inline constexpr std::string_view kNodePoolHashVersionAnnotationKey = "karpenter.sh/nodepool-hash-version";
inline constexpr std::string_view kNodeClaimTerminationTimestampAnnotationKey =
    "karpenter.sh/nodeclaim-termination-timestamp";
inline constexpr std::string_view kNodeClaimMinValuesRelaxedAnnotationKey = "karpenter.sh/nodeclaim-min-values-relaxed";
inline constexpr std::string_view kRebootPreBootIDAnnotationKey = "karpenter.sh/reboot-pre-boot-id";
inline constexpr std::string_view kRebootTerminationGracePeriodAnnotationKey =
    "karpenter.sh/reboot-termination-grace-period";
inline constexpr std::string_view kDRADriversAnnotationKey = "karpenter.sh/requested-dra-drivers";
inline constexpr std::string_view kDisruptionCostAnnotationKey = "karpenter.sh/disruption-cost";

// Karpenter specific finalizers.
inline constexpr std::string_view kTerminationFinalizer = "karpenter.sh/termination";

// A set of strings (Go's sets.Set[string]); ordered, so that listing one is sets.List's order.
using StringSet = std::set<std::string, std::less<>>;

// RestrictedLabelDomains: domains reserved by Karpenter ({karpenter.sh}).
StringSet& RestrictedLabelDomains();
// WellKnownLabels: labels Karpenter knows, which NodePools or pods may use to narrow the values.
StringSet& WellKnownLabels();
// WellKnownResources: resources expected from the instance types (cpu, memory, ephemeral-storage, pods).
StringSet& WellKnownResources();
// WellKnownValuesForRequirements: for a label, the only values that make sense (capacity type).
std::map<std::string, StringSet, std::less<>>& WellKnownValuesForRequirements();
// WellKnownLabelsForOfferings: labels the offerings a provider returns carry (zone, capacity type).
StringSet& WellKnownLabelsForOfferings();
// RestrictedLabels: labels that must not be used ({kubernetes.io/hostname}).
StringSet& RestrictedLabels();
// NormalizedLabels: aliased label keys and the well-known key each translates to.
std::map<std::string, std::string, std::less<>>& NormalizedLabels();
// NormalizedLabelValues: for a normalized (target) key, value translations (empty upstream).
std::map<std::string, std::map<std::string, std::string, std::less<>>, std::less<>>& NormalizedLabelValues();

// IsRestrictedLabel returns an error (its text) if the label is restricted, nullopt if allowed.
// Mirrors v1.IsRestrictedLabel.
std::optional<std::string> IsRestrictedLabel(std::string_view key);

// HasKnownValues returns an error if the requirement is on a well-known label and none of its
// values is among the label's known values. Mirrors v1.HasKnownValues; upstream lists the known
// values in Go's random map order (UnsortedList), here sorted.
std::optional<std::string> HasKnownValues(const NodeSelectorRequirementWithMinValues& requirement);

// GetLabelDomain returns the part of key before the first "/", or "" without one.
// Mirrors v1.GetLabelDomain.
std::string GetLabelDomain(std::string_view key);

// schema.GroupKind, as NodeClassLabelKey takes it.
struct GroupKind {
  std::string group;
  std::string kind;
};

// NodeClassLabelKey returns "<group>/<lowercased kind>". Mirrors v1.NodeClassLabelKey (Go's
// strings.ToLower is Unicode-aware; here ASCII letters are lowered, as Kind names are ASCII).
std::string NodeClassLabelKey(const GroupKind& gk);

}  // namespace v1

}  // namespace spreadlab::autoscaler::karpenter
