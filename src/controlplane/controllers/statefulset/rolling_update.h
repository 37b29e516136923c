#pragma once
// One sync of a StatefulSet's RollingUpdate, as the choice of the pods it deletes
// (pkg/controller/statefulset/stateful_set_control.go updateStatefulSetAfterInvariantEstablished,
// the MaxUnavailableStatefulSet path, on by default since 1.37): the pods of another revision
// go from the highest ordinal down, no lower than rollingUpdate.partition, while fewer than
// maxUnavailable of the set's pods are unavailable. Each deleted pod is then recreated by
// name from the new template in a later sync (the StatefulSet controller,
// controlplane/controllers/statefulset/stateful_set.cpp), when it has gone.
// OnDelete deletes nothing: the caller does not ask.
#include <cstdint>
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
// deleted; `parallel`: podManagementPolicy Parallel.
std::vector<size_t> PodsToUpdate(const std::vector<Replica>& replicas, int64_t partition, int64_t maxUnavailable,
                                 bool parallel);

}  // namespace spreadlab::controlplane::statefulset
