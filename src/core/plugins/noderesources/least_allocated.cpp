// LeastAllocated (pkg/scheduler/framework/plugins/noderesources/least_allocated.go):
// favors nodes with fewer requested resources.
//
// (cpu((capacity-requested)*MaxNodeScore/capacity) * weight + ...) / weightSum,
// in integer arithmetic.
#include "core/plugins/noderesources/resource_allocation.h"

namespace spreadlab::plugins::noderesources {

Scorer LeastResourceScorer(std::vector<config::ResourceSpec> resources) {
  return WeightedResourceScorer(std::move(resources), LeastRequestedScore);
}

// The unused capacity on a scale of 0-MaxNodeScore: the more unused, the higher.
int64_t LeastRequestedScore(int64_t requested, int64_t capacity) {
  if (capacity == 0) return 0;
  if (requested > capacity) return 0;
  return GoDiv(GoMul(GoSub(capacity, requested), kMaxNodeScore), capacity);
}

}  // namespace spreadlab::plugins::noderesources
