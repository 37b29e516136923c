// LeastAllocated (pkg/scheduler/framework/plugins/noderesources/least_allocated.go):
// favors nodes with fewer requested resources.
//
// (cpu((capacity-requested)*MaxNodeScore/capacity) * weight + ...) / weightSum,
// in integer arithmetic.
#include "core/plugins/helper/explain.h"
#include "core/plugins/noderesources/resource_allocation.h"

namespace spreadlab::plugins::noderesources {

namespace {
// leastRequestedScore's formula: "cpu (4000m-1000m-500m)x100/4000m = 62", the node's
// requests then the pod's subtracted.
std::string LeastRequestedFormula(std::string_view resource, int64_t allocated, int64_t requested, int64_t capacity,
                                  int64_t score) {
  const int64_t pod = GoSub(requested, allocated);
  const helper::AmountText a(resource, {allocated, pod, capacity});
  if (requested > capacity)
    return std::string(resource) + " " + a(allocated) + "+" + a(pod) + " > " + a(capacity) + ": " +
           std::to_string(score);
  return std::string(resource) + " (" + a(capacity) + "-" + a(allocated) + "-" + a(pod) + ")x" +
         std::to_string(kMaxNodeScore) + "/" + a(capacity) + " = " + std::to_string(score);
}
}  // namespace

Scorer LeastResourceScorer(std::vector<config::ResourceSpec> resources) {
  return WeightedResourceScorer(std::move(resources), {LeastRequestedScore, LeastRequestedFormula});
}

// The unused capacity on a scale of 0-MaxNodeScore: the more unused, the higher.
int64_t LeastRequestedScore(int64_t requested, int64_t capacity) {
  if (capacity == 0) return 0;
  if (requested > capacity) return 0;
  return GoDiv(GoMul(GoSub(capacity, requested), kMaxNodeScore), capacity);
}

}  // namespace spreadlab::plugins::noderesources
