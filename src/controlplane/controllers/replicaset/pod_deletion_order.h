#pragma once
// Which pods a ReplicaSet (or ReplicationController) controller deletes first when it
// scales down: upstream's controller.ActivePodsWithRanks.Less with the LogarithmicScaleDown
// and PodDeletionCost gates on (their default since 1.22), and the rank the ReplicaSet
// controller gives each pod (replicaset getPodsRankedByRelatedPodsOnSameNode).
//
// Upstream sorts with Go's unstable sort.Sort over the informer cache's order, which is
// random: pods that compare equal (same rank, same age bucket, no UIDs to tell them
// apart) are deleted in no fixed order. spreadlab takes the one later in the document
// first, which is the newest when the document lists pods as they were created.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "io/metav1_time.h"

namespace spreadlab::controlplane {

using io::UnixNanos;

// What ActivePodsWithRanks.Less reads of a pod. Times are UnixNanos (metav1.Time in JSON
// has whole seconds); nullopt is Go's zero time.
struct DeletionCandidate {
  std::string name, uid, nodeName;
  std::string phase;                    // status.phase
  bool active = true;                   // controller.IsPodActive: not Succeeded or Failed, no deletionTimestamp
  bool ready = false;                   // podutil.IsPodReady: condition Ready is True
  std::optional<UnixNanos> readySince;  // that condition's lastTransitionTime
  int32_t deletionCost = 0;             // controller.kubernetes.io/pod-deletion-cost (0 when unset or invalid)
  int64_t regularRestarts = 0;          // max restartCount of status.containerStatuses
  int64_t sidecarRestarts = 0;          // max restartCount of restartable init containers
  std::optional<UnixNanos> created;     // metadata.creationTimestamp
  int rank = 0;                         // active related pods on the same node
};

// The fields above from a pod object (the rank is left 0).
DeletionCandidate ReadDeletionCandidate(const nlohmann::ordered_json& pod);

// ActivePodsWithRanks.Less: true when `a` is deleted before `b`. `now` is the controller's
// clock (nullopt: Go's zero time, which turns the logarithmic comparison off).
bool DeletedBefore(const DeletionCandidate& a, const DeletionCandidate& b, std::optional<UnixNanos> now);

// The order of deletion: indices into `pods`, first deleted first (ties: later in
// `pods` first, see above).
std::vector<size_t> DeletionOrder(const std::vector<DeletionCandidate>& pods, std::optional<UnixNanos> now);

// replicaset getPodsToDelete: ranks each of `pods` by the active pods of `related` on its
// node (getPodsRankedByRelatedPodsOnSameNode) and returns every index into `pods` with the
// `diff` to delete first: in deletion order, or as given when diff covers them all
// (upstream does not sort then). The rest, when sorted, are the pods that stay in order.
std::vector<size_t> PodsToDelete(std::vector<DeletionCandidate>& pods, const std::vector<DeletionCandidate>& related,
                                 size_t diff, std::optional<UnixNanos> now);

// Why the first of `order` (indices into `pods`, in deletion order) that are not
// `deleted` go after pods[deleted]: the rule that tells pods[deleted] from the first pod
// that stays and differs from it, in a few words ("not scheduled yet", "2 pods of the
// workload on its node a1, 1 on b1", ...), for notes and the lab.
std::string DeletionReason(const std::vector<DeletionCandidate>& pods, size_t deleted,
                           const std::vector<size_t>& staying, std::optional<UnixNanos> now);

}  // namespace spreadlab::controlplane
