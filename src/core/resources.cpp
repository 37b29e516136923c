#include "core/resources.h"

#include <algorithm>

namespace spreadlab {

namespace {

bool StartsWith(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

// A quantity kept in millis so that sums stay exact for cpu; bytes use Value().
void AddTo(v1::ResourceList& into, const v1::ResourceList& add) {
  for (const auto& [name, q] : add) {
    Quantity& t = into[name];
    t.value += q.value;
    t.milli += q.milli;
  }
}

// maxResourceList: per resource, the larger of the two.
void MaxInto(v1::ResourceList& into, const v1::ResourceList& other) {
  for (const auto& [name, q] : other) {
    auto it = into.find(name);
    if (it == into.end()) {
      into[name] = q;
    } else if (q.milli > it->second.milli) {
      it->second = q;
    }
  }
}

// applyNonMissing: the default cpu/memory requests for containers that omit them.
v1::ResourceList WithDefaults(const v1::ResourceList& reqs) {
  v1::ResourceList out = reqs;
  if (!out.count(kResourceCPU)) out[kResourceCPU] = Quantity{1, kDefaultMilliCPURequest};
  if (!out.count(kResourceMemory)) out[kResourceMemory] = Quantity{kDefaultMemoryRequest, kDefaultMemoryRequest * 1000};
  return out;
}

}  // namespace

bool IsScalarResourceName(const std::string& name) {
  if (StartsWith(name, "hugepages-") || StartsWith(name, "attachable-volumes-")) return true;
  auto slash = name.find('/');
  if (slash == std::string::npos) return false;
  // Extended resources live outside the kubernetes.io domain; native ones inside it.
  return true;
}

void Resource::AddScalar(const std::string& name, int64_t v) {
  auto it = std::lower_bound(scalar.begin(), scalar.end(), name, [](const auto& p, const std::string& n) { return p.first < n; });
  if (it != scalar.end() && it->first == name) it->second += v;
  else scalar.insert(it, {name, v});
}

int64_t Resource::Scalar(const std::string& name) const {
  auto it = std::lower_bound(scalar.begin(), scalar.end(), name, [](const auto& p, const std::string& n) { return p.first < n; });
  return (it != scalar.end() && it->first == name) ? it->second : 0;
}

int64_t Resource::Get(const std::string& name) const {
  if (name == kResourceCPU) return milliCPU;
  if (name == kResourceMemory) return memory;
  if (name == kResourceEphemeralStorage) return ephemeralStorage;
  if (name == kResourcePods) return allowedPodNumber;
  return Scalar(name);
}

void Resource::Add(const v1::ResourceList& rl) {
  for (const auto& [name, q] : rl) {
    if (name == kResourceCPU) milliCPU += q.milli;
    else if (name == kResourceMemory) memory += q.value;
    else if (name == kResourcePods) allowedPodNumber += q.value;
    else if (name == kResourceEphemeralStorage) ephemeralStorage += q.value;
    else if (IsScalarResourceName(name)) AddScalar(name, q.value);
  }
}

void Resource::Add(const Resource& r) {
  milliCPU += r.milliCPU;
  memory += r.memory;
  ephemeralStorage += r.ephemeralStorage;
  allowedPodNumber += r.allowedPodNumber;
  for (const auto& [n, v] : r.scalar) AddScalar(n, v);
}

void Resource::Sub(const Resource& r) {
  milliCPU -= r.milliCPU;
  memory -= r.memory;
  ephemeralStorage -= r.ephemeralStorage;
  allowedPodNumber -= r.allowedPodNumber;
  for (const auto& [n, v] : r.scalar) AddScalar(n, -v);
}

v1::ResourceList PodRequests(const v1::Pod& pod, bool nonZero) {
  v1::ResourceList reqs;
  for (const auto& c : pod.spec.containers) AddTo(reqs, nonZero ? WithDefaults(c.requests) : c.requests);
  // InitContainerUse(i) = sum(restartable init containers before i) + init container i.
  v1::ResourceList restartable, initReqs;
  for (const auto& c : pod.spec.initContainers) {
    v1::ResourceList r = nonZero ? WithDefaults(c.requests) : c.requests;
    v1::ResourceList use;
    if (c.restartPolicy && *c.restartPolicy == "Always") {
      AddTo(reqs, r);  // a sidecar runs alongside the containers
      AddTo(restartable, r);
      use = restartable;
    } else {
      use = r;
      AddTo(use, restartable);
    }
    MaxInto(initReqs, use);
  }
  MaxInto(reqs, initReqs);
  AddTo(reqs, pod.spec.overhead);
  return reqs;
}

PodResources CalculateResource(const v1::Pod& pod) {
  PodResources r;
  r.requests.Add(PodRequests(pod));
  v1::ResourceList non0 = PodRequests(pod, true);
  r.nonZeroMilliCPU = non0[kResourceCPU].milli;
  r.nonZeroMemory = non0[kResourceMemory].value;
  return r;
}

}  // namespace spreadlab
