// MostAllocated (pkg/scheduler/framework/plugins/noderesources/most_allocated.go):
// favors nodes with more requested resources.
//
// (cpu(MaxNodeScore*requested/capacity) * weight + ...) / weightSum, in integer
// arithmetic; requests above capacity (possible with the non-zero defaults for
// containers without requests) count as the capacity.
#include "core/plugins/helper/explain.h"
#include "core/plugins/noderesources/resource_allocation.h"

namespace spreadlab::plugins::noderesources {

namespace {
// mostRequestedScore's formula: "cpu (1000m+500m)x100/4000m = 37", the node's requests
// plus the pod's.
std::string MostRequestedFormula(std::string_view resource, int64_t allocated, int64_t requested, int64_t capacity,
                                 int64_t score) {
  const int64_t pod = GoSub(requested, allocated);
  const helper::AmountText a(resource, {allocated, pod, capacity});
  if (requested > capacity)
    return std::string(resource) + " " + a(allocated) + "+" + a(pod) + " > " + a(capacity) + ": " +
           std::to_string(score);
  return std::string(resource) + " (" + a(allocated) + "+" + a(pod) + ")x" + std::to_string(kMaxNodeScore) + "/" +
         a(capacity) + " = " + std::to_string(score);
}
}  // namespace

Scorer MostResourceScorer(std::vector<config::ResourceSpec> resources) {
  return WeightedResourceScorer(std::move(resources), {MostRequestedScore, MostRequestedFormula});
}

// The used capacity on a scale of 0-MaxNodeScore: the more used, the higher.
int64_t MostRequestedScore(int64_t requested, int64_t capacity) {
  if (capacity == 0) return 0;
  if (requested > capacity) requested = capacity;
  return GoDiv(GoMul(requested, kMaxNodeScore), capacity);
}

}  // namespace spreadlab::plugins::noderesources
