#include "controlplane/controllers/statefulset/pod_management.h"

#include <utility>

namespace spreadlab::controlplane::statefulset {

namespace {

// isUnavailable: not available, or terminating (a replica not created yet is not available).
bool Unavailable(const PodState& p) { return !p.created || !p.available || p.terminating; }

}  // namespace

Sync ProcessPods(const std::vector<PodState>& replicas, const std::vector<PodState>& condemned, bool monotonic) {
  Sync s;
  auto wait = [&](const char* message, bool isCondemned, size_t index) {
    s.stopped = true;
    s.wait = Wait{message, isCondemned, index};
    return s;
  };
  // processReplica over the replicas, by ordinal.
  for (size_t i = 0; i < replicas.size(); ++i) {
    const PodState& p = replicas[i];
    if (p.created && p.terminal) {
      // The pod is deleted and a new one made by the next sync, once it is gone.
      if (!p.terminating) s.actions.push_back({Action::Kind::Delete, false, i});
      if (monotonic) {
        s.stopped = true;
        return s;
      }
      continue;
    }
    if (!p.created) {
      s.actions.push_back({Action::Kind::Create, false, i});
      if (monotonic) {  // the set does not allow bursting: one creation per sync
        s.stopped = true;
        return s;
      }
      continue;
    }
    if (p.terminating && monotonic) return wait("StatefulSet is waiting for Pod to Terminate", false, i);
    if (!p.runningAndReady && monotonic)
      return wait("StatefulSet is waiting for Pod to be Running and Ready", false, i);
    s.actions.push_back({Action::Kind::UpdateClaims, false, i});
  }
  // fixPodClaim: the condemned pods' claims get the owners a scale-down asks for.
  for (size_t i = 0; i < condemned.size(); ++i) s.actions.push_back({Action::Kind::UpdateClaims, true, i});
  // The first unhealthy pod: of the replicas by ordinal, else the lowest condemned one.
  std::optional<std::pair<bool, size_t>> firstUnhealthy;
  for (size_t i = 0; i < replicas.size() && !firstUnhealthy; ++i)
    if (Unavailable(replicas[i])) firstUnhealthy = {false, i};
  for (size_t i = condemned.size(); i-- > 0 && !firstUnhealthy;)
    if (Unavailable(condemned[i])) firstUnhealthy = {true, i};
  // processCondemned, from the highest ordinal down.
  for (size_t i = 0; i < condemned.size(); ++i) {
    const PodState& p = condemned[i];
    if (p.terminating) {
      if (monotonic) return wait("StatefulSet is waiting for Pod to Terminate prior to scale down", true, i);
      continue;
    }
    if (!p.runningAndReady && monotonic && firstUnhealthy != std::pair{true, i}) {
      // Upstream names the first unhealthy pod (none when this one is available, not Running).
      const auto [isCondemned, index] = firstUnhealthy.value_or(std::pair{true, i});
      return wait("StatefulSet is waiting for Pod to be Running and Ready prior to scale down", isCondemned, index);
    }
    s.actions.push_back({Action::Kind::Delete, true, i});
    if (monotonic) {
      s.stopped = true;
      return s;
    }
  }
  return s;
}

}  // namespace spreadlab::controlplane::statefulset
