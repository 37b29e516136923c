// MostAllocated (pkg/scheduler/framework/plugins/noderesources/most_allocated.go):
// favors nodes with more requested resources.
//
// (cpu(MaxNodeScore*requested/capacity) * weight + ...) / weightSum, in integer
// arithmetic; requests above capacity (possible with the non-zero defaults for
// containers without requests) count as the capacity.
#include "core/plugins/noderesources/resource_allocation.h"

namespace spreadlab::plugins::noderesources {

static int64_t MulWrap(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}

Scorer MostResourceScorer(std::vector<config::ResourceSpec> resources) {
  return [resources = std::move(resources)](std::span<const int64_t> requested, std::span<const int64_t>,
                                            std::span<const int64_t> allocable) -> int64_t {
    int64_t nodeScore = 0, weightSum = 0;
    for (size_t i = 0; i < requested.size(); ++i) {
      if (allocable[i] == 0) continue;
      int64_t weight = resources[i].weight;
      int64_t resourceScore = MostRequestedScore(requested[i], allocable[i]);
      nodeScore += MulWrap(resourceScore, weight);
      weightSum += weight;
    }
    if (weightSum == 0) return 0;
    return nodeScore / weightSum;
  };
}

// The used capacity on a scale of 0-MaxNodeScore: the more used, the higher.
int64_t MostRequestedScore(int64_t requested, int64_t capacity) {
  if (capacity == 0) return 0;
  if (requested > capacity) requested = capacity;
  return MulWrap(requested, kMaxNodeScore) / capacity;
}

}  // namespace spreadlab::plugins::noderesources
