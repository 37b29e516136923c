#pragma once
// What one sync of a StatefulSet does with its replicas and its condemned pods before any
// RollingUpdate (pkg/controller/statefulset/stateful_set_control.go updateStatefulSet:
// processReplica, fixPodClaim and processCondemned, each through runForAll with
// monotonic = !allowsBurst(set)). OrderedReady (monotonic) goes one pod at a time: it creates
// the first missing replica (or deletes the first failed one, to be recreated) and stops; it
// stops at a replica that is terminating or not Running and Ready; with every replica Running
// and Ready it deletes the highest condemned pod and stops, and waits while one is
// terminating or a lower one is not healthy. Parallel (burst) does all of it at once and
// waits for nothing. A sync that stopped takes no RollingUpdate step
// (statefulset/rolling_update.h).
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace spreadlab::controlplane::statefulset {

// What the sync reads of a replica (by ordinal from spec.ordinals.start) or of a condemned pod.
struct PodState {
  bool created = false;          // isCreated: the pod exists (a missing replica is created)
  bool terminal = false;         // isTerminalPhase: Succeeded or Failed
  bool terminating = false;      // isTerminating: metadata.deletionTimestamp is set
  bool runningAndReady = false;  // isRunningAndReady (and isRunningAndAvailable: minReadySeconds is not simulated)
  bool available = false;        // podutil.IsPodAvailable, which isUnavailable reads
};

// One thing the sync does, in order: to a replica or to a condemned pod, by index.
struct Action {
  enum class Kind {
    Create,        // CreateStatefulPod: the replica and its claims, whose owners follow the retention policy
    Delete,        // DeleteStatefulPod: a failed replica (recreated by a later sync) or a condemned pod
    UpdateClaims,  // UpdateStatefulPod / fixPodClaim: the claims' owners as the retention policy asks
  };
  Kind kind;
  bool condemned = false;  // an index into the condemned pods (else into the replicas)
  size_t index = 0;
};

// Where a monotonic sync stopped, in upstream's words ("StatefulSet is waiting for Pod to be
// Running and Ready"), and the pod it names.
struct Wait {
  std::string message;
  bool condemned = false;
  size_t index = 0;
};

struct Sync {
  std::vector<Action> actions;
  bool stopped = false;      // shouldExit: no RollingUpdate step in this sync
  std::optional<Wait> wait;  // why it stopped, when it waits for a pod (a creation or a deletion stops too)
};

// `replicas` by ordinal; `condemned` from the highest ordinal down (descendingOrdinal);
// `monotonic`: podManagementPolicy OrderedReady.
Sync ProcessPods(const std::vector<PodState>& replicas, const std::vector<PodState>& condemned, bool monotonic);

}  // namespace spreadlab::controlplane::statefulset
