// Scenario validation (core/validation.h): every object's validation as the API
// server does it, plus the consistency a scenario needs between its objects.
#include <algorithm>
#include <cstddef>
#include <set>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/validation.h"
#include "core/validation/internal.h"

namespace spreadlab {

using namespace validation;

namespace {

// ---------------------------------------------------------------------------
// Scenario consistency.

// Node names are unique (an empty one is already reported as required).
void CheckUniqueNodeName(const v1::Node& node, std::set<std::string>& seen, Errors& out) {
  const std::string& name = node.metadata.name;
  if (!name.empty() && !seen.insert(name).second) AddDuplicate(out, Child(node.path, "metadata.name"), name);
}

// A pod's namespace and name, pointing into the pod (no string built per pod: 150,000 of them).
struct PodName {
  std::string_view ns, name;
  bool operator==(const PodName&) const = default;
};
struct PodNameHash {
  size_t operator()(const PodName& p) const {
    const std::hash<std::string_view> h;
    return h(p.ns) * 31 + h(p.name);
  }
};

// Pods are unique by namespace/name.
void CheckUniquePodName(const v1::Pod& pod, std::unordered_set<PodName, PodNameHash>& seen, Errors& out) {
  if (pod.metadata.name.empty()) return;
  if (!seen.insert({pod.metadata.ns, pod.metadata.name}).second)
    AddDuplicate(out, Child(pod.path, "metadata.name"), pod.metadata.ns + "/" + pod.metadata.name);
}

// A bound pod's node is in the scenario.
void CheckNodeNameExists(const v1::Pod& pod, const std::set<std::string>& nodeNames, Errors& out) {
  if (!pod.spec.nodeName.empty() && nodeNames.count(pod.spec.nodeName) == 0) {
    AddNotFound(out, Child(pod.path, "spec.nodeName"), pod.spec.nodeName, "no node with that name in the scenario");
  }
}

// "items[2]" < "items[10]": digit runs compare by value.
bool NaturalLess(std::string_view a, std::string_view b) {
  const auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (isDigit(a[i]) && isDigit(b[j])) {
      const size_t iEnd = std::find_if_not(a.begin() + i, a.end(), isDigit) - a.begin();
      const size_t jEnd = std::find_if_not(b.begin() + j, b.end(), isDigit) - b.begin();
      std::string_view x = a.substr(i, iEnd - i), y = b.substr(j, jEnd - j);
      x.remove_prefix(std::min(x.find_first_not_of('0'), x.size()));
      y.remove_prefix(std::min(y.find_first_not_of('0'), y.size()));
      if (x.size() != y.size()) return x.size() < y.size();
      if (x != y) return x < y;
      i = iEnd;
      j = jEnd;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

struct ObjectErrors {
  std::string_view path;
  Errors errors;
};

}  // namespace

std::vector<FieldError> ValidateScenario(const Scenario& scenario) {
  std::vector<ObjectErrors> objects;
  const auto validate = [&objects](const std::string& path, const auto& fn) {
    ObjectErrors o{path, {}};
    fn(o.errors);
    if (!o.errors.empty()) objects.push_back(std::move(o));
  };

  std::set<std::string> nodeNames;
  for (const v1::Node& node : scenario.nodes) {
    validate(node.path, [&](Errors& out) {
      ValidateNode(node, out);
      CheckUniqueNodeName(node, nodeNames, out);
    });
  }
  std::unordered_set<PodName, PodNameHash> podNames;
  podNames.reserve(scenario.pods.size());
  for (const v1::Pod& pod : scenario.pods) {
    validate(pod.path, [&](Errors& out) {
      ValidatePod(pod, out);
      CheckUniquePodName(pod, podNames, out);
    });
  }
  for (const v1::Service& s : scenario.services) validate(s.path, [&](Errors& out) { ValidateService(s, out); });
  for (const v1::ReplicationController& rc : scenario.replicationControllers) {
    validate(rc.path, [&](Errors& out) { ValidateReplicationController(rc, out); });
  }
  for (const v1::ReplicaSet& rs : scenario.replicaSets)
    validate(rs.path, [&](Errors& out) { ValidateReplicaSet(rs, out); });
  for (const v1::StatefulSet& ss : scenario.statefulSets) {
    validate(ss.path, [&](Errors& out) { ValidateStatefulSet(ss, out); });
  }
  const auto each = [&validate](const auto& objects, const auto& fn) {
    for (const auto& o : objects) validate(o.path, [&](Errors& out) { fn(o, out); });
  };
  each(scenario.persistentVolumeClaims, ValidatePersistentVolumeClaim);
  each(scenario.persistentVolumes, ValidatePersistentVolume);
  each(scenario.storageClasses, ValidateStorageClass);
  each(scenario.csiNodes, ValidateCSINode);
  each(scenario.csiDrivers, ValidateCSIDriver);
  each(scenario.csiStorageCapacities, ValidateCSIStorageCapacity);
  each(scenario.volumeAttachments, ValidateVolumeAttachment);
  each(scenario.nodePools, ValidateNodePool);
  std::set<std::string> instanceTypes;
  each(scenario.instanceTypes,
       [&](const cloudprovider::InstanceType& it, Errors& out) { ValidateInstanceType(it, instanceTypes, out); });
  if (scenario.profile) {
    validate(scenario.profile->path, [&](Errors& out) { ValidateProfile(*scenario.profile, out); });
  }

  std::stable_sort(objects.begin(), objects.end(),
                   [](const ObjectErrors& a, const ObjectErrors& b) { return NaturalLess(a.path, b.path); });
  std::vector<FieldError> all;
  for (ObjectErrors& o : objects) {
    for (FieldError& e : o.errors) all.push_back(std::move(e));
  }
  return all;
}

std::vector<FieldError> ValidateEditedPod(const v1::Pod& pod, const std::set<std::string>* nodeNames) {
  Errors out;
  ValidatePod(pod, out);
  if (nodeNames) CheckNodeNameExists(pod, *nodeNames, out);
  return out;
}

std::vector<FieldError> ValidateEditedNode(const v1::Node& node) {
  Errors out;
  ValidateNode(node, out);
  return out;
}

}  // namespace spreadlab
