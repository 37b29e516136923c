#include "controlplane/controllers/statefulset/rolling_update.h"

#include <algorithm>

namespace spreadlab::controlplane::statefulset {

int64_t MaxUnavailable(const rollout::IntOrPercent* maxUnavailable, int64_t replicas) {
  const int64_t n = maxUnavailable ? rollout::Scaled(*maxUnavailable, replicas, /*roundUp=*/false) : 1;
  return std::max<int64_t>(n, 1);
}

std::vector<size_t> PodsToUpdate(const std::vector<Replica>& replicas, int64_t partition, int64_t maxUnavailable,
                                 bool parallel) {
  std::vector<size_t> out;
  int64_t unavailable = 0;
  // Parallel: the old pods already unavailable do not hold the update back.
  int64_t unavailableNeedingUpdate = 0;
  for (const Replica& r : replicas)
    if (r.unavailable) {
      ++unavailable;
      if (parallel && !r.updated && !r.terminating) ++unavailableNeedingUpdate;
    }
  if (unavailable >= maxUnavailable && unavailableNeedingUpdate == 0) return out;
  const auto lowest = static_cast<ptrdiff_t>(std::max<int64_t>(partition, 0));
  if (parallel) {
    // Phase 1: the old pods that are already unavailable; phase 2: available ones within the budget.
    for (ptrdiff_t t = static_cast<ptrdiff_t>(replicas.size()) - 1; t >= lowest; --t)
      if (!replicas[t].updated && replicas[t].unavailable && !replicas[t].terminating) out.push_back(t);
    int64_t budget = maxUnavailable - unavailable;
    for (ptrdiff_t t = static_cast<ptrdiff_t>(replicas.size()) - 1; t >= lowest && budget > 0; --t)
      if (!replicas[t].updated && !replicas[t].unavailable) {
        out.push_back(t);
        --budget;
      }
    return out;
  }
  // OrderedReady: from the highest ordinal down, maxUnavailable - unavailable of them.
  const int64_t toDelete = maxUnavailable - unavailable;
  for (ptrdiff_t t = static_cast<ptrdiff_t>(replicas.size()) - 1;
       t >= lowest && static_cast<int64_t>(out.size()) < toDelete; --t)
    if (!replicas[t].updated && !replicas[t].terminating) out.push_back(t);
  return out;
}

std::optional<size_t> PodToUpdate(const std::vector<Replica>& replicas, int64_t partition) {
  for (ptrdiff_t t = static_cast<ptrdiff_t>(replicas.size()) - 1; t >= std::max<int64_t>(partition, 0); --t) {
    if (!replicas[t].updated && !replicas[t].terminating) return static_cast<size_t>(t);
    if (replicas[t].unavailable) return std::nullopt;  // "StatefulSet is waiting for Pod to update"
  }
  return std::nullopt;
}

}  // namespace spreadlab::controlplane::statefulset
