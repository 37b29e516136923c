#pragma once
// Synthetic large scenarios for benchmarks and property tests.
#include <cstdint>
#include <random>
#include <string>

#include "core/api.h"

namespace spreadlab::testing {

struct BigClusterSpec {
  int nodes = 5000;
  int zones = 3;
  int boundPods = 50000;
  int pendingPods = 1;
  uint32_t seed = 1;
  // examples/conflict.json at scale: the hostname constraint is DoNotSchedule
  // too, and the app=web pods are laid out so that no node passes both (zone-0
  // holds the fewest, one on every node; half the nodes of the other zones
  // hold three, the rest none). The other bound pods are not app=web.
  bool conflict = false;
};

// Nodes node-<i> spread round-robin over zones zone-<z> (label
// topology.kubernetes.io/zone, plus kubernetes.io/hostname), each with room
// for 110 pods. Bound pods app=web are spread round-robin over the nodes;
// pending replicas app=web carry two constraints: zone DoNotSchedule maxSkew 1
// and hostname ScheduleAnyway maxSkew 1.
Scenario MakeBigCluster(const BigClusterSpec& spec);

}  // namespace spreadlab::testing
