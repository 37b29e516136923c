#pragma once
// One sync of the Deployment controller's rollout, as arithmetic on replica counts:
// how many replicas the new ReplicaSet and each old one should have after it
// (pkg/controller/deployment rolling.go rolloutRolling, recreate.go rolloutRecreate,
// util/deployment_util.go NewRSNewReplicas, ResolveFenceposts). The Deployment controller
// (controlplane/controllers/deployment/deployment_controller.cpp) reads the counts from the
// document and writes the result back; the ReplicaSet controller then creates or deletes the pods.
//
// Not simulated: proportional scaling when spec.replicas changes mid-rollout
// (sync.go scale with the desired-replicas annotations; the rolling arithmetic below
// moves towards the new count instead), minReadySeconds, progressDeadlineSeconds and
// paused Deployments.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace spreadlab::controlplane::rollout {

// An intstr.IntOrString holding a count or a percentage ("25%").
struct IntOrPercent {
  int64_t value = 0;
  bool percent = false;
};

// intstr.GetScaledValueFromIntOrPercent: a percentage of `total`, rounded up or down.
int64_t Scaled(IntOrPercent v, int64_t total, bool roundUp);

// "25%" or a number as JSON text's value; false for anything else (IsValidPercent).
bool ParseIntOrPercent(const std::string& text, IntOrPercent& out);

struct Strategy {
  bool recreate = false;            // spec.strategy.type Recreate
  IntOrPercent maxSurge{25, true};  // the apps/v1 defaults
  IntOrPercent maxUnavailable{25, true};
};

// deploymentutil.ResolveFenceposts: (surge, unavailable) for `desired` replicas;
// when both round to 0, unavailable is 1.
std::pair<int64_t, int64_t> ResolveFenceposts(const Strategy& s, int64_t desired);
// deploymentutil.MaxUnavailable and MaxSurge (0 for Recreate).
int64_t MaxUnavailable(const Strategy& s, int64_t desired);
int64_t MaxSurge(const Strategy& s, int64_t desired);

struct ReplicaSetState {
  int64_t replicas = 0;   // spec.replicas
  int64_t available = 0;  // status.availableReplicas: its pods that are scheduled and ready
  int64_t pods = 0;       // its pods not yet finished (recreate.go oldPodsRunning)
};

struct SyncResult {
  std::optional<int64_t> newReplicas;  // the new ReplicaSet's replicas; nullopt: not created (yet)
  std::vector<int64_t> oldReplicas;    // each old ReplicaSet's, in the order given
};

// One sync of a Deployment that wants `desired` replicas. `newRS` is the ReplicaSet of
// its current template (nullopt when it has none yet); `old` the others, oldest first
// (controller.ReplicaSetsByCreationTimestamp).
SyncResult Sync(int64_t desired, const Strategy& s, const std::optional<ReplicaSetState>& newRS,
                const std::vector<ReplicaSetState>& old);

// rolling.go cleanupUnhealthyReplicas: old ReplicaSets (oldest first) lose their
// unavailable replicas, at most `maxCleanup` in all. Returns how many.
int64_t CleanupUnhealthyReplicas(std::vector<ReplicaSetState>& old, int64_t maxCleanup);

// rolling.go scaleDownOldReplicaSetsForRollingUpdate: old ReplicaSets (oldest first) lose
// what is available, theirs and the new one's, beyond minAvailable. Returns how many.
int64_t ScaleDownOldReplicaSetsForRollingUpdate(std::vector<ReplicaSetState>& old, const ReplicaSetState& newRS,
                                                int64_t desired, const Strategy& s);

// deploymentutil.NewRSNewReplicas: the replicas the new ReplicaSet may have now, with
// `all` every ReplicaSet's state (the new one included, when it exists).
int64_t NewRSNewReplicas(int64_t desired, const Strategy& s, const std::vector<ReplicaSetState>& all,
                         int64_t newReplicas);

}  // namespace spreadlab::controlplane::rollout
