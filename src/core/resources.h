#pragma once
// Resource arithmetic as the scheduler does it: framework.Resource (cpu in
// millicores, memory and ephemeral storage in bytes, pods, scalar resources)
// and the pod's effective requests (component-helpers resource.PodRequests:
// containers summed, init containers as a maximum with restartable sidecars
// accumulating, plus pod overhead).
#include <cstdint>
#include <string>
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

// schedutil.IsScalarResourceName: extended resources, hugepages-*,
// attachable-volumes-* and kubernetes.io/-prefixed native resources.
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
  int64_t Scalar(const std::string& name) const;
  void AddScalar(const std::string& name, int64_t v);
  // The amount of any resource by name (cpu in millicores).
  int64_t Get(const std::string& name) const;
};

// resource.PodRequests for the scheduler; with `nonZero`, containers that omit
// cpu or memory count as requesting 100m / 200Mi (used by scoring only).
v1::ResourceList PodRequests(const v1::Pod& pod, bool nonZero = false);

// A pod's requests as the scheduler caches them (calculateResource).
struct PodResources {
  Resource requests;
  int64_t nonZeroMilliCPU = 0;
  int64_t nonZeroMemory = 0;
};
PodResources CalculateResource(const v1::Pod& pod);

}  // namespace spreadlab
