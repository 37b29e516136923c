#include "core/workload.h"

namespace spreadlab {

namespace {
const v1::OwnerReference* ControllerOf(const v1::ObjectMeta& m) {
  for (const auto& r : m.ownerReferences)
    if (r.controller) return &r;
  return nullptr;
}
}  // namespace

WorkloadIndex::WorkloadIndex(const Scenario& scenario) {
  for (const auto& rs : scenario.replicaSets)
    if (const v1::OwnerReference* d = ControllerOf(rs.metadata); d && d->kind == "Deployment")
      deploymentOf_.emplace(rs.metadata.ns + "/" + rs.metadata.name, d->name);  // the first, as a scan finds it
}

std::string WorkloadIndex::Of(const v1::Pod& pod) const {
  const v1::OwnerReference* owner = ControllerOf(pod.metadata);
  if (!owner) return "";
  if (owner->kind == "ReplicaSet")
    if (auto d = deploymentOf_.find(pod.metadata.ns + "/" + owner->name); d != deploymentOf_.end())
      return "Deployment/" + d->second;
  return owner->kind + "/" + owner->name;
}

std::string WorkloadOf(const Scenario& scenario, const v1::Pod& pod) { return WorkloadIndex(scenario).Of(pod); }

}  // namespace spreadlab
