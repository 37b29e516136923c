#include "core/resources.h"

#include <array>
#include <algorithm>
#include <cstdint>
#include <tuple>

#include "core/goint.h"

namespace spreadlab {

namespace {

bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

bool IsAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }
bool IsLowerAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

// validation.IsDNS1123Subdomain: at most 253 characters of dot-separated
// labels [a-z0-9]([-a-z0-9]*[a-z0-9])?.
bool IsDNS1123Subdomain(std::string_view s) {
  if (s.empty() || s.size() > 253) return false;
  size_t start = 0;
  while (true) {
    size_t dot = s.find('.', start);
    std::string_view label = s.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    if (label.empty() || !IsLowerAlnum(label.front()) || !IsLowerAlnum(label.back())) return false;
    for (char c : label)
      if (!IsLowerAlnum(c) && c != '-') return false;
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

// validation.IsQualifiedName: an optional DNS-subdomain prefix and "/", then a
// name of at most 63 characters ([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?).
bool IsQualifiedName(std::string_view v) {
  std::string_view name = v;
  size_t slash = v.find('/');
  if (slash != std::string_view::npos) {
    if (v.find('/', slash + 1) != std::string_view::npos) return false;
    if (!IsDNS1123Subdomain(v.substr(0, slash))) return false;
    name = v.substr(slash + 1);
  }
  if (name.empty() || name.size() > 63) return false;
  if (!IsAlnum(name.front()) || !IsAlnum(name.back())) return false;
  for (char c : name)
    if (!IsAlnum(c) && c != '-' && c != '_' && c != '.') return false;
  return true;
}

int64_t SatAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) return b > 0 ? INT64_MAX : INT64_MIN;
  return r;
}

// addResourceList. A quantity is kept as its two integer views. The sum's
// Value() is taken from the summed millis (exact whenever the addends' millis
// are, so "2m" + "4m" has value 1 as upstream), or from the summed values when
// the millis saturate (amounts beyond 9.2e15).
void AddTo(v1::ResourceList& into, const v1::ResourceList& add) {
  for (const auto& [name, q] : add) {
    Quantity& t = into[name];
    t.value = SatAdd(t.value, q.value);
    t.milli = SatAdd(t.milli, q.milli);
    if (t.milli != INT64_MAX && t.milli != INT64_MIN) {
      // Rounded away from zero, as Quantity.Value().
      t.value = t.milli >= 0 ? t.milli / 1000 + (t.milli % 1000 != 0) : t.milli / 1000 - (t.milli % 1000 != 0);
    }
  }
}

// maxResourceList: per resource in `other`, the larger of the two (Quantity.Cmp).
void MaxInto(v1::ResourceList& into, const v1::ResourceList& other) {
  for (const auto& [name, q] : other) {
    auto it = into.find(name);
    if (it == into.end()) {
      into[name] = q;
    } else if (q.milli > it->second.milli || (q.milli == it->second.milli && q.value > it->second.value)) {
      it->second = q;
    }
  }
}

// applyNonMissing: a copy of `reqs` with the missing resources of `nonMissing` added.
v1::ResourceList ApplyNonMissing(const v1::ResourceList& reqs, const v1::ResourceList& nonMissing) {
  v1::ResourceList out = reqs;
  for (const auto& [name, q] : nonMissing)
    if (!reqs.count(name)) AddTo(out, {{name, q}});
  return out;
}

auto ScalarLess = [](const std::pair<std::string, int64_t>& p, const std::string& n) { return p.first < n; };

}  // namespace

bool IsHugePageResourceName(std::string_view name) { return StartsWith(name, "hugepages-"); }
bool IsAttachableVolumeResourceName(std::string_view name) { return StartsWith(name, "attachable-volumes-"); }
bool IsPrefixedNativeResource(std::string_view name) { return name.find("kubernetes.io/") != std::string_view::npos; }
bool IsNativeResource(std::string_view name) {
  return name.find('/') == std::string_view::npos || IsPrefixedNativeResource(name);
}

bool IsExtendedResourceName(std::string_view name) {
  if (IsNativeResource(name) || StartsWith(name, "requests.")) return false;
  // Ensure it satisfies the rules of a resource quota name ("requests." + name).
  std::string nameForQuota = "requests.";
  nameForQuota += name;
  return IsQualifiedName(nameForQuota);
}

bool IsScalarResourceName(const std::string& name) {
  return IsExtendedResourceName(name) || IsHugePageResourceName(name) || IsPrefixedNativeResource(name) ||
         IsAttachableVolumeResourceName(name);
}

void Resource::AddScalar(const std::string& name, int64_t v) {
  auto it = std::lower_bound(scalar.begin(), scalar.end(), name, ScalarLess);
  if (it != scalar.end() && it->first == name)
    it->second = GoAdd(it->second, v);
  else
    scalar.insert(it, {name, v});
}

void Resource::SetScalar(const std::string& name, int64_t v) {
  auto it = std::lower_bound(scalar.begin(), scalar.end(), name, ScalarLess);
  if (it != scalar.end() && it->first == name)
    it->second = v;
  else
    scalar.insert(it, {name, v});
}

int64_t Resource::Scalar(const std::string& name) const {
  auto it = std::lower_bound(scalar.begin(), scalar.end(), name, ScalarLess);
  return (it != scalar.end() && it->first == name) ? it->second : 0;
}

bool Resource::HasScalar(const std::string& name) const {
  auto it = std::lower_bound(scalar.begin(), scalar.end(), name, ScalarLess);
  return it != scalar.end() && it->first == name;
}

std::string FormatResourceAmount(std::string_view name, int64_t amount) {
  if (name == kResourceCPU) return amount % 1000 == 0 ? std::to_string(amount / 1000) : std::to_string(amount) + "m";
  static constexpr const char* kSuffixes[] = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
  size_t k = 0;
  while (amount != 0 && k + 1 < std::size(kSuffixes) && amount % 1024 == 0) amount /= 1024, ++k;
  return std::to_string(amount) + kSuffixes[k];
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
    if (name == kResourceCPU)
      milliCPU = GoAdd(milliCPU, q.milli);
    else if (name == kResourceMemory)
      memory = GoAdd(memory, q.value);
    else if (name == kResourcePods)
      allowedPodNumber = GoAdd(allowedPodNumber, q.value);
    else if (name == kResourceEphemeralStorage)
      ephemeralStorage = GoAdd(ephemeralStorage, q.value);
    else if (IsScalarResourceName(name))
      AddScalar(name, q.value);
  }
}

void Resource::SetMaxResource(const v1::ResourceList& rl) {
  for (const auto& [name, q] : rl) {
    if (name == kResourceMemory)
      memory = std::max(memory, q.value);
    else if (name == kResourceCPU)
      milliCPU = std::max(milliCPU, q.milli);
    else if (name == kResourceEphemeralStorage)
      ephemeralStorage = std::max(ephemeralStorage, q.value);
    else if (IsScalarResourceName(name))
      SetScalar(name, std::max(Scalar(name), q.value));
  }
}

void Resource::Add(const Resource& r) {
  milliCPU = GoAdd(milliCPU, r.milliCPU);
  memory = GoAdd(memory, r.memory);
  ephemeralStorage = GoAdd(ephemeralStorage, r.ephemeralStorage);
  allowedPodNumber = GoAdd(allowedPodNumber, r.allowedPodNumber);
  for (const auto& [n, v] : r.scalar) AddScalar(n, v);
}

void Resource::Sub(const Resource& r) {
  milliCPU = GoSub(milliCPU, r.milliCPU);
  memory = GoSub(memory, r.memory);
  ephemeralStorage = GoSub(ephemeralStorage, r.ephemeralStorage);
  allowedPodNumber = GoSub(allowedPodNumber, r.allowedPodNumber);
  for (const auto& [n, v] : r.scalar) AddScalar(n, GoSub(0, v));
}

// resource.PodRequests -> AggregateContainerRequests -> aggregateContainerResourcesByFn
// (containerSpecRequests), then the overhead.
v1::ResourceList PodRequests(const v1::Pod& pod, const PodRequestsOptions& opts) {
  const bool nonMissing = !opts.nonMissingContainerRequests.empty();
  auto requestsOf = [&](const v1::Container& c) {
    return nonMissing ? ApplyNonMissing(c.requests, opts.nonMissingContainerRequests) : c.requests;
  };
  v1::ResourceList reqs;
  for (const auto& c : pod.spec.containers) {
    if (nonMissing)
      AddTo(reqs, requestsOf(c));
    else
      AddTo(reqs, c.requests);  // not a copy: every pod of a cluster's compile comes here
  }
  // Init containers define the minimum of any resource:
  // InitContainerUse(i) = sum(restartable init containers with index < i) + init container i.
  v1::ResourceList restartable, initReqs;
  for (const auto& c : pod.spec.initContainers) {
    v1::ResourceList r = requestsOf(c);
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
  // Pod-level requests replace the containers' for the resources they name
  // (applyPodLevelResources; PodLevelResources is on by default since 1.34).
  if (!opts.skipPodLevelResources)
    for (const auto& [name, q] : pod.spec.podRequests)
      if (IsSupportedPodLevelResource(name)) reqs[name] = q;
  if (!opts.excludeOverhead) AddTo(reqs, pod.spec.overhead);
  return reqs;
}

bool IsSupportedPodLevelResource(const std::string& name) {
  return name == kResourceCPU || name == kResourceMemory || name.rfind("hugepages-", 0) == 0;
}

void DefaultPodResources(v1::Pod& pod) {
  for (auto* list : {&pod.spec.containers, &pod.spec.initContainers})
    for (v1::Container& c : *list)
      for (const auto& [name, q] : c.limits) c.requests.emplace(name, q);  // emplace keeps an explicit request
  if (pod.spec.podLimits.empty()) return;
  v1::Pod containersOnly = pod;
  containersOnly.spec.podRequests.clear();
  PodRequestsOptions opts;
  opts.excludeOverhead = true;
  for (const auto& [name, q] : PodRequests(containersOnly, opts))
    if (IsSupportedPodLevelResource(name)) pod.spec.podRequests.emplace(name, q);
  for (const auto& [name, q] : pod.spec.podLimits)
    if (IsSupportedPodLevelResource(name)) pod.spec.podRequests.emplace(name, q);
}

v1::ResourceList PodRequests(const v1::Pod& pod, bool nonZero, bool podLevelResources) {
  // The four options, [nonZero][podLevelResources], built once: every pod of a cluster's
  // compile asks. nonZero: schedutil.DefaultMilliCPURequest / DefaultMemoryRequest as quantities.
  static const auto kOptions = [] {
    std::array<std::array<PodRequestsOptions, 2>, 2> options;
    for (int zero = 0; zero < 2; ++zero) {
      for (int level = 0; level < 2; ++level) {
        options[zero][level].skipPodLevelResources = level == 0;
        if (zero)
          options[zero][level].nonMissingContainerRequests = {
              {kResourceCPU, Quantity{1, kDefaultMilliCPURequest}},
              {kResourceMemory, Quantity{kDefaultMemoryRequest, kDefaultMemoryRequest * 1000}},
          };
      }
    }
    return options;
  }();
  return PodRequests(pod, kOptions[nonZero][podLevelResources]);
}

namespace {

// schedutil.GetNonzeroRequests: 100m / 200Mi for a missing cpu / memory request.
std::pair<int64_t, int64_t> NonZeroRequests(const v1::ResourceList& requests) {
  auto cpu = requests.find(kResourceCPU);
  auto mem = requests.find(kResourceMemory);
  return {cpu == requests.end() ? kDefaultMilliCPURequest : cpu->second.milli,
          mem == requests.end() ? kDefaultMemoryRequest : mem->second.value};
}

// calculateResource before 1.32 (kubernetes#127878): the defaults applied per container
// through PodRequests' ContainerFn, the containers summed, each init container's use (its
// requests plus the sidecars before it; a sidecar's, the sidecars so far) as a maximum,
// sidecars left out of the sum; then the overhead.
std::pair<int64_t, int64_t> NonZeroRequestsBefore132(const v1::Pod& pod) {
  int64_t cpu = 0, mem = 0, initCPU = 0, initMem = 0;
  for (const auto& c : pod.spec.containers) {
    auto [cc, cm] = NonZeroRequests(c.requests);
    cpu = GoAdd(cpu, cc);
    mem = GoAdd(mem, cm);
  }
  v1::ResourceList restartable;
  for (const auto& c : pod.spec.initContainers) {
    v1::ResourceList use;
    if (c.restartPolicy && *c.restartPolicy == "Always") {
      AddTo(restartable, c.requests);
      use = restartable;
    } else {
      use = c.requests;
      AddTo(use, restartable);
    }
    auto [ic, im] = NonZeroRequests(use);
    initCPU = std::max(initCPU, ic);
    initMem = std::max(initMem, im);
  }
  cpu = std::max(cpu, initCPU);
  mem = std::max(mem, initMem);
  if (auto it = pod.spec.overhead.find(kResourceCPU); it != pod.spec.overhead.end()) cpu = GoAdd(cpu, it->second.milli);
  if (auto it = pod.spec.overhead.find(kResourceMemory); it != pod.spec.overhead.end())
    mem = GoAdd(mem, it->second.value);
  return {cpu, mem};
}

}  // namespace

// PodInfo.CalculateResource: the requests, and cpu/memory again with the
// defaults for containers that omit them (getNonMissingContainerRequests
// without pod-level resources always returns both defaults).
PodResources CalculateResource(const v1::Pod& pod, const Release& release) {
  const bool podLevelResources = release.features.enablePodLevelResources;
  PodResources r;
  r.requests.Add(PodRequests(pod, false, podLevelResources));
  if (!release.AtLeast(32)) {
    std::tie(r.nonZeroMilliCPU, r.nonZeroMemory) = NonZeroRequestsBefore132(pod);
    return r;
  }
  v1::ResourceList non0 = PodRequests(pod, true, podLevelResources);
  r.nonZeroMilliCPU = non0[kResourceCPU].milli;
  r.nonZeroMemory = non0[kResourceMemory].value;
  return r;
}

}  // namespace spreadlab
