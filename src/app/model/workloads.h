#pragma once
// The lab's view of the scenario's workloads: each Deployment, ReplicaSet,
// ReplicationController and StatefulSet a person can scale (a Deployment's own
// ReplicaSets stand behind it), its replicas, the pods it has now and how they are
// spread over the domains of its pods' spread constraints. UI-free: the Workloads
// panel and window.spreadlab.workloads() draw it.
#include <cstdint>
#include <string>
#include <vector>

#include "core/scheduler/spread_report.h"
#include "controlplane/scenario_doc.h"

namespace spreadlab::app {

struct WorkloadRow {
  controlplane::ScenarioDoc::Workload workload;
  size_t pods = 0;                   // active pods it controls now
  size_t pending = 0;                // of which not bound to a node
  std::vector<SpreadReport> spread;  // per spread constraint of its pods (the profile's defaults included)
};

// The rows for `doc`, compiled as `cluster` with `framework`.
std::vector<WorkloadRow> ListWorkloads(const controlplane::ScenarioDoc& doc, Framework& framework, Cluster& cluster);

// What a scale-down did, for the status line: the pods deleted and why, and the
// constraints its pods now break (which nothing re-checks until the next scheduling:
// topology spread is a scheduling-time rule).
// `before` and `after` are the workload's rows around the scale (null when it has none).
std::string DescribeScale(const controlplane::ScenarioDoc& doc, const WorkloadRow* before, const WorkloadRow* after,
                          const std::string& key, int64_t replicas);

}  // namespace spreadlab::app
