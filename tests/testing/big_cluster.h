#pragma once
// Synthetic large scenarios for benchmarks and property tests.
#include <cstdint>
#include <random>
#include <string>

#include "core/api.h"

namespace spreadlab::testing {

// What the pending pods ask for (scheduler_perf's workloads, on our cluster).
enum class Workload : uint8_t {
  // app=web replicas with two constraints: zone DoNotSchedule maxSkew 1 and
  // hostname ScheduleAnyway maxSkew 1.
  Spread,
  // SchedulingBasic: plain pods with requests only (Fit, LeastAllocated,
  // BalancedAllocation decide).
  Basic,
  // SchedulingPreferredPodAffinity: each pod prefers (weight 1) nodes running
  // pods of its own group, topologyKey hostname.
  PreferredPodAffinity,
};

struct BigClusterSpec {
  int nodes = 5000;
  int zones = 3;
  int boundPods = 50000;
  int pendingPods = 1;
  uint32_t seed = 1;
  Workload workload = Workload::Spread;
  // examples/conflict.yaml at scale (Spread workload): the hostname constraint
  // is DoNotSchedule too, and the app=web pods are laid out so that no node
  // passes both (zone-0 holds the fewest, one on every node; half the nodes of
  // the other zones hold three, the rest none). The other bound pods are not app=web.
  bool conflict = false;
  // Every pod has a claim of class "zonal" (WaitForFirstConsumer, dynamic): a bound pod's
  // claim is bound to a volume pinned to its node's zone (node affinity), and a pending
  // pod's claim waits for its first consumer, so VolumeBinding looks at every node.
  bool claims = false;
};

// Nodes node-<i> (4 cpu, 32Gi, 110 pods) spread round-robin over zones zone-<z>
// (label topology.kubernetes.io/zone, plus kubernetes.io/hostname). Bound pods
// (100m cpu, 128Mi) are spread round-robin over the nodes, one in five app=web
// (none with `conflict`); the pending pods follow `workload`.
Scenario MakeBigCluster(const BigClusterSpec& spec);

// The browser measurement's scenario (tests/browser/measure.mjs) as `kubectl get -o
// json` text: `nodes` nodes over 3 zones (8 cpu, 32Gi, 110 pods), `pods` bound pods
// (app=web or app=api) on node (7j mod nodes), and one pending app=web pod with a zone
// DoNotSchedule and a hostname ScheduleAnyway constraint, both maxSkew 1.
std::string BigScenarioJson(int nodes, int pods);

}  // namespace spreadlab::testing
