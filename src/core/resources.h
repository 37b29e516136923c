#pragma once
// Resource arithmetic as the scheduler does it: framework.Resource (cpu in
// millicores, memory and ephemeral storage in bytes, pods, scalar resources)
// and the pod's effective requests (component-helpers resource.PodRequests:
// containers summed, init containers as a maximum with restartable sidecars
// accumulating, plus pod overhead).
//
// Pod-level resources (spec.resources) follow the PodLevelResources gate of the release;
// in-place resize is not modelled (the scenario keeps no container statuses), so
// PodRequests is the spec-only computation.
//
// Quantities are summed as their integer views (Quantity.value, .milli), the
// value re-derived from the summed millis, where upstream sums exact decimals
// and rounds once: they differ only for addends finer than a thousandth (e.g.
// two "0.5m" cpu requests are 1m upstream and 2m here).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/api.h"

namespace spreadlab {

inline constexpr const char* kResourceCPU = "cpu";
inline constexpr const char* kResourceMemory = "memory";
inline constexpr const char* kResourceEphemeralStorage = "ephemeral-storage";
inline constexpr const char* kResourcePods = "pods";

// Requests the scoring plugins assume for a container that sets none
// (DefaultMilliCPURequest, DefaultMemoryRequest).
inline constexpr int64_t kDefaultMilliCPURequest = 100;
inline constexpr int64_t kDefaultMemoryRequest = 200 * 1024 * 1024;

// v1helper (pkg/apis/core/v1/helper/helpers.go):
// IsHugePageResourceName: "hugepages-" prefix.
bool IsHugePageResourceName(std::string_view name);
// IsAttachableVolumeResourceName: "attachable-volumes-" prefix.
bool IsAttachableVolumeResourceName(std::string_view name);
// IsPrefixedNativeResource: contains "kubernetes.io/".
bool IsPrefixedNativeResource(std::string_view name);
// IsNativeResource: no "/" at all, or kubernetes.io/-prefixed.
bool IsNativeResource(std::string_view name);
// IsExtendedResourceName: not native, not "requests."-prefixed, and
// "requests." + name is a qualified name (e.g. "example.com/foo").
bool IsExtendedResourceName(std::string_view name);

// schedutil.IsScalarResourceName: extended resources, hugepages-*,
// kubernetes.io/-prefixed native resources and attachable-volumes-*.
bool IsScalarResourceName(const std::string& name);

struct Resource {
  int64_t milliCPU = 0;
  int64_t memory = 0;
  int64_t ephemeralStorage = 0;
  int64_t allowedPodNumber = 0;
  std::vector<std::pair<std::string, int64_t>> scalar;  // sorted by name

  // framework.Resource.Add
  void Add(const v1::ResourceList& rl);
  void Add(const Resource& r);
  void Sub(const Resource& r);
  // framework.Resource.SetMaxResource: per resource the larger value; pods are
  // not taken, scalar resources are recorded even when zero.
  void SetMaxResource(const v1::ResourceList& rl);
  int64_t Scalar(const std::string& name) const;
  // Whether `name` has an entry (ScalarResources[name] exists), even a zero one.
  bool HasScalar(const std::string& name) const;
  void AddScalar(const std::string& name, int64_t v);
  void SetScalar(const std::string& name, int64_t v);
  // The amount of any resource by name (cpu in millicores).
  int64_t Get(const std::string& name) const;
};

// An amount of resource `name` (cpu in millicores) as a quantity string the API accepts:
// cpu "2" or "1500m", others with the largest binary suffix that divides them ("3Gi")
// or as a plain number.
std::string FormatResourceAmount(std::string_view name, int64_t amount);

// resource.PodResourcesOptions, the fields this simulator models.
struct PodRequestsOptions {
  // ExcludeOverhead: leave spec.overhead out.
  bool excludeOverhead = false;
  // NonMissingContainerRequests: the amount a container (regular or init)
  // counts for each of these resources when it does not request it at all; an
  // explicit request, even zero, is kept.
  v1::ResourceList nonMissingContainerRequests;
  // SkipPodLevelResources: the PodLevelResources gate is off (before 1.34 by default).
  bool skipPodLevelResources = false;
};

// resource.PodRequests(pod, opts) without status resources (see the top of this file).
v1::ResourceList PodRequests(const v1::Pod& pod, const PodRequestsOptions& opts);

// IsSupportedPodLevelResource: cpu, memory and hugepages-*.
bool IsSupportedPodLevelResource(const std::string& name);

// The API server's defaulting of resources (v1 SetDefaults_Pod): a container's request
// defaults to its limit; pod-level requests, when pod-level limits are set, default to the
// containers' effective requests, else to the pod-level limits (defaultPodRequests).
void DefaultPodResources(v1::Pod& pod);

// The scheduler's two uses: the plain requests, and with `nonZero` the
// requests where containers that omit cpu or memory count 100m / 200Mi
// (NonMissingContainerRequests of schedutil's defaults; used by scoring only).
// `podLevelResources` is the PodLevelResources gate.
v1::ResourceList PodRequests(const v1::Pod& pod, bool nonZero, bool podLevelResources);

// A pod's requests as the scheduler caches them (PodInfo.CalculateResource).
struct PodResources {
  Resource requests;
  int64_t nonZeroMilliCPU = 0;
  int64_t nonZeroMemory = 0;
};
PodResources CalculateResource(const v1::Pod& pod, const Release& release);

}  // namespace spreadlab
