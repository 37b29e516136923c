// RequestedToCapacityRatio
// (pkg/scheduler/framework/plugins/noderesources/requested_to_capacity_ratio.go):
// a broken-linear function of each resource's utilization, weighted.
#include <cmath>
#include <cstdint>

#include "core/plugins/noderesources/resource_allocation.h"

namespace spreadlab::plugins::noderesources {

// scaledUtilization: requested * max / capacity, exact, with requested
// clamped to [0, capacity]. Where the product would overflow int64 (upstream
// takes a 128-bit intermediate with math/bits) the quotient is accumulated one
// `requested` at a time: the remainder stays below capacity, so no step overflows.
int64_t ScaledUtilization(int64_t requested, int64_t capacity, int64_t max) {
  if (capacity <= 0 || requested <= 0) return 0;
  if (requested >= capacity) return max;
  if (requested <= INT64_MAX / max) return (requested * max) / capacity;
  const uint64_t c = static_cast<uint64_t>(capacity), x = static_cast<uint64_t>(requested);
  uint64_t quotient = 0, remainder = 0;
  for (int64_t i = 0; i < max; ++i) {
    remainder += x;  // < 2 * capacity <= 2^64
    if (remainder >= c) {
      remainder -= c;
      ++quotient;
    }
  }
  return static_cast<int64_t>(quotient);
}

// buildRequestedToCapacityRatioScorerFunction
Scorer BuildRequestedToCapacityRatioScorerFunction(helper::FunctionShape shape,
                                                    std::vector<config::ResourceSpec> resources) {
  auto rawScoringFunction = helper::BuildBrokenLinearFunction(std::move(shape));
  auto resourceScoringFunction = [rawScoringFunction](int64_t requested, int64_t capacity) {
    if (capacity == 0 || requested > capacity) return rawScoringFunction(kMaxUtilization);
    return rawScoringFunction(ScaledUtilization(requested, capacity, kMaxUtilization));
  };
  return [resourceScoringFunction, resources = std::move(resources)](
             std::span<const int64_t> requested, std::span<const int64_t>,
             std::span<const int64_t> allocable) -> int64_t {
    int64_t nodeScore = 0, weightSum = 0;
    for (size_t i = 0; i < requested.size(); ++i) {
      if (allocable[i] == 0) continue;
      int64_t weight = resources[i].weight;
      int64_t resourceScore = resourceScoringFunction(requested[i], allocable[i]);
      if (resourceScore > 0) {
        nodeScore = GoAdd(nodeScore, GoMul(resourceScore, weight));
        weightSum = GoAdd(weightSum, weight);
      }
    }
    if (weightSum == 0) return 0;
    // math.Round: half away from zero.
    return static_cast<int64_t>(std::round(static_cast<double>(nodeScore) / static_cast<double>(weightSum)));
  };
}

// requestedToCapacityRatioScorer: MaxCustomPriorityScore may differ from
// MaxNodeScore, so the shape's scores are scaled to the scheduler's range.
Scorer RequestedToCapacityRatioScorer(std::vector<config::ResourceSpec> resources,
                                      const std::vector<config::UtilizationShapePoint>& shape) {
  helper::FunctionShape shapes;
  shapes.reserve(shape.size());
  for (const auto& point : shape)
    shapes.push_back({static_cast<int64_t>(point.utilization),
                      static_cast<int64_t>(point.score) * (kMaxNodeScore / kMaxCustomPriorityScore)});
  return BuildRequestedToCapacityRatioScorerFunction(std::move(shapes), std::move(resources));
}

}  // namespace spreadlab::plugins::noderesources
