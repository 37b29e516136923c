#pragma once
// Which workload a pod belongs to, as a person names it: its controller (the
// ownerReference with controller: true), and for a ReplicaSet that a Deployment
// controls, that Deployment. "Deployment/web", "StatefulSet/db"; "" for a bare pod.
#include <string>

#include "core/api.h"

namespace spreadlab {

std::string WorkloadOf(const Scenario& scenario, const v1::Pod& pod);

}  // namespace spreadlab
