#pragma once
// One sync of a StatefulSet's RollingUpdate, as the choice of the pods it deletes
// (pkg/controller/statefulset/stateful_set_control.go updateStatefulSet's end): the pods of
// another revision go from the highest ordinal down, no lower than rollingUpdate.partition.
// With MaxUnavailableStatefulSet (on by default from 1.37; updateStatefulSetAfterInvariantEstablished)
// as many go as keep fewer than maxUnavailable of the set's pods unavailable; without it one
// at a time, and an unavailable pod above the next stops the update. Each deleted pod is then recreated by
// name from the new template in a later sync (the StatefulSet controller,
// controlplane/controllers/statefulset/stateful_set.cpp), when it has gone.
// OnDelete deletes nothing: the caller does not ask.
#include <cstdint>
#include <optional>
#include <vector>

#include "controlplane/controllers/deployment/rollout.h"

namespace spreadlab::controlplane::statefulset {

// One of the set's replicas, by ordinal from spec.ordinals.start (missing: not created yet).
struct Replica {
  bool updated = false;      // getPodRevision(pod) == updateRevision.Name
  bool unavailable = false;  // isUnavailable: not created, not available, or terminating
  bool terminating = false;  // isTerminating
};

// getStatefulSetMaxUnavailable: maxUnavailable (default 1) of `replicas`, rounded down, at least 1.
int64_t MaxUnavailable(const rollout::IntOrPercent* maxUnavailable, int64_t replicas);

// The indices into `replicas` of the pods this sync deletes for the update, in the order
// deleted, with MaxUnavailableStatefulSet; `parallel`: podManagementPolicy Parallel.
std::vector<size_t> PodsToUpdate(const std::vector<Replica>& replicas, int64_t partition, int64_t maxUnavailable,
                                 bool parallel);

// The same without the gate (updateStatefulSet's loop, 1.36 and before): the highest ordinal
// not updated and not terminating, unless an unavailable pod above it is waited for.
std::optional<size_t> PodToUpdate(const std::vector<Replica>& replicas, int64_t partition);

}  // namespace spreadlab::controlplane::statefulset
