// MostAllocated (pkg/scheduler/framework/plugins/noderesources/most_allocated.go):
// favors nodes with more requested resources.
//
// (cpu(MaxNodeScore*requested/capacity) * weight + ...) / weightSum, in integer
// arithmetic; requests above capacity (possible with the non-zero defaults for
// containers without requests) count as the capacity.
#include "core/plugins/noderesources/resource_allocation.h"

namespace spreadlab::plugins::noderesources {

Scorer MostResourceScorer(std::vector<config::ResourceSpec> resources) {
  return WeightedResourceScorer(std::move(resources), MostRequestedScore);
}

// The used capacity on a scale of 0-MaxNodeScore: the more used, the higher.
int64_t MostRequestedScore(int64_t requested, int64_t capacity) {
  if (capacity == 0) return 0;
  if (requested > capacity) requested = capacity;
  return GoDiv(GoMul(requested, kMaxNodeScore), capacity);
}

}  // namespace spreadlab::plugins::noderesources
