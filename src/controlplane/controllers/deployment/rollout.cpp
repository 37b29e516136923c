#include "controlplane/controllers/deployment/rollout.h"

#include <algorithm>

namespace spreadlab::controlplane::rollout {

namespace {

int64_t Replicas(const std::vector<ReplicaSetState>& rss) {
  int64_t n = 0;
  for (const ReplicaSetState& rs : rss) n += rs.replicas;
  return n;
}

int64_t Available(const std::vector<ReplicaSetState>& rss) {
  int64_t n = 0;
  for (const ReplicaSetState& rs : rss) n += rs.available;
  return n;
}

// rolling.go reconcileOldReplicaSets (only the active ones, FilterActiveReplicaSets, take part;
// the others have no replicas to lose).
void ReconcileOld(std::vector<ReplicaSetState>& old, const ReplicaSetState& newRS, int64_t desired, const Strategy& s) {
  if (Replicas(old) == 0) return;
  const int64_t all = Replicas(old) + newRS.replicas;
  const int64_t minAvailable = desired - MaxUnavailable(s, desired);
  const int64_t newUnavailable = newRS.replicas - newRS.available;
  const int64_t maxScaledDown = all - minAvailable - newUnavailable;
  if (maxScaledDown <= 0) return;
  CleanupUnhealthyReplicas(old, maxScaledDown);
  ScaleDownOldReplicaSetsForRollingUpdate(old, newRS, desired, s);
}

SyncResult Rolling(int64_t desired, const Strategy& s, std::optional<ReplicaSetState> newRS,
                   std::vector<ReplicaSetState> old) {
  // getAllReplicaSetsAndSyncRevision(createIfNotExisted=true): the new ReplicaSet is made
  // with what NewRSNewReplicas allows beside the old ones.
  if (!newRS) newRS = ReplicaSetState{NewRSNewReplicas(desired, s, old, 0), 0, 0};
  SyncResult out;
  // reconcileNewReplicaSet: when it scales, the sync ends there.
  if (newRS->replicas != desired) {
    std::vector<ReplicaSetState> all = old;
    all.push_back(*newRS);
    const int64_t next = newRS->replicas > desired ? desired : NewRSNewReplicas(desired, s, all, newRS->replicas);
    if (next != newRS->replicas) {
      out.newReplicas = next;
      for (const ReplicaSetState& rs : old) out.oldReplicas.push_back(rs.replicas);
      return out;
    }
  }
  ReconcileOld(old, *newRS, desired, s);
  out.newReplicas = newRS->replicas;
  for (const ReplicaSetState& rs : old) out.oldReplicas.push_back(rs.replicas);
  return out;
}

SyncResult Recreate(int64_t desired, const std::optional<ReplicaSetState>& newRS,
                    const std::vector<ReplicaSetState>& old) {
  SyncResult out;
  if (newRS) out.newReplicas = newRS->replicas;
  // scaleDownOldReplicaSetsForRecreate: every active old ReplicaSet to 0, and wait.
  bool scaledDown = false;
  for (const ReplicaSetState& rs : old) {
    scaledDown |= rs.replicas != 0;
    out.oldReplicas.push_back(0);
  }
  if (scaledDown) return out;
  // oldPodsRunning: wait until the old pods are gone.
  for (const ReplicaSetState& rs : old)
    if (rs.pods > 0) return out;
  // The new ReplicaSet, created or scaled up to the full count (scaleUpNewReplicaSetForRecreate).
  out.newReplicas = desired;
  return out;
}

}  // namespace

int64_t CleanupUnhealthyReplicas(std::vector<ReplicaSetState>& old, int64_t maxCleanup) {
  int64_t total = 0;
  for (ReplicaSetState& rs : old) {
    if (total >= maxCleanup) break;
    if (rs.replicas == 0 || rs.replicas == rs.available) continue;
    const int64_t down = std::min(maxCleanup - total, rs.replicas - rs.available);
    rs.replicas -= down;
    total += down;
  }
  return total;
}

int64_t ScaleDownOldReplicaSetsForRollingUpdate(std::vector<ReplicaSetState>& old, const ReplicaSetState& newRS,
                                                int64_t desired, const Strategy& s) {
  const int64_t minAvailable = desired - MaxUnavailable(s, desired);
  const int64_t available = Available(old) + newRS.available;
  if (available <= minAvailable) return 0;
  const int64_t wanted = available - minAvailable;
  int64_t total = 0;
  for (ReplicaSetState& rs : old) {
    if (total >= wanted) break;
    if (rs.replicas == 0) continue;
    const int64_t down = std::min(rs.replicas, wanted - total);
    rs.replicas -= down;
    total += down;
  }
  return total;
}

int64_t Scaled(IntOrPercent v, int64_t total, bool roundUp) {
  if (!v.percent) return v.value;
  const int64_t product = v.value * total;
  return roundUp ? (product + 99) / 100 : product / 100;
}

bool ParseIntOrPercent(const std::string& text, IntOrPercent& out) {
  const bool percent = !text.empty() && text.back() == '%';
  const std::string digits = percent ? text.substr(0, text.size() - 1) : text;
  if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) return false;
  out = IntOrPercent{std::stoll(digits), percent};
  return true;
}

std::pair<int64_t, int64_t> ResolveFenceposts(const Strategy& s, int64_t desired) {
  const int64_t surge = Scaled(s.maxSurge, desired, true);
  int64_t unavailable = Scaled(s.maxUnavailable, desired, false);
  if (surge == 0 && unavailable == 0) unavailable = 1;
  return {surge, unavailable};
}

int64_t MaxUnavailable(const Strategy& s, int64_t desired) {
  if (s.recreate || desired == 0) return 0;
  return std::min(ResolveFenceposts(s, desired).second, desired);
}

int64_t MaxSurge(const Strategy& s, int64_t desired) { return s.recreate ? 0 : ResolveFenceposts(s, desired).first; }

int64_t NewRSNewReplicas(int64_t desired, const Strategy& s, const std::vector<ReplicaSetState>& all,
                         int64_t newReplicas) {
  if (s.recreate) return desired;
  const int64_t maxTotal = desired + Scaled(s.maxSurge, desired, true);
  const int64_t current = Replicas(all);
  if (current >= maxTotal) return newReplicas;
  return newReplicas + std::min(maxTotal - current, desired - newReplicas);
}

SyncResult Sync(int64_t desired, const Strategy& s, const std::optional<ReplicaSetState>& newRS,
                const std::vector<ReplicaSetState>& old) {
  return s.recreate ? Recreate(desired, newRS, old) : Rolling(desired, s, newRS, old);
}

}  // namespace spreadlab::controlplane::rollout
