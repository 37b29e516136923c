#pragma once
// Which workload a pod belongs to, as a person names it: its controller (the
// ownerReference with controller: true), and for a ReplicaSet that a Deployment
// controls, that Deployment. "Deployment/web", "StatefulSet/db"; "" for a bare pod.
#include <string>
#include <unordered_map>

#include "core/api.h"

namespace spreadlab {

// The rule with the ReplicaSets' Deployments read once: for many pods (a dump holds
// thousands of ReplicaSets and tens of thousands of pods).
class WorkloadIndex {
 public:
  explicit WorkloadIndex(const Scenario& scenario);
  std::string Of(const v1::Pod& pod) const;

 private:
  std::unordered_map<std::string, std::string> deploymentOf_;  // "namespace/replicaset" -> its Deployment
};

// One pod's workload.
std::string WorkloadOf(const Scenario& scenario, const v1::Pod& pod);

}  // namespace spreadlab
