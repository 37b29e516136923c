#include "core/workload.h"

namespace spreadlab {

namespace {
const v1::OwnerReference* ControllerOf(const v1::ObjectMeta& m) {
  for (const auto& r : m.ownerReferences)
    if (r.controller) return &r;
  return nullptr;
}
}  // namespace

std::string WorkloadOf(const Scenario& scenario, const v1::Pod& pod) {
  const v1::OwnerReference* owner = ControllerOf(pod.metadata);
  if (!owner) return "";
  if (owner->kind == "ReplicaSet")
    for (const auto& rs : scenario.replicaSets)
      if (rs.metadata.name == owner->name && rs.metadata.ns == pod.metadata.ns)
        if (const v1::OwnerReference* d = ControllerOf(rs.metadata); d && d->kind == "Deployment")
          return d->kind + "/" + d->name;
  return owner->kind + "/" + owner->name;
}

}  // namespace spreadlab
