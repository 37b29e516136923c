// RequestedToCapacityRatio
// (pkg/scheduler/framework/plugins/noderesources/requested_to_capacity_ratio.go):
// a broken-linear function of each resource's utilization, weighted.
#include <cmath>
#include <cstdint>

#include "core/plugins/helper/explain.h"
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

namespace {
// "shape 0%:0 50%:100 100%:0": the utilization -> score points, scores as scaled.
std::string ShapeText(const helper::FunctionShape& shape) {
  std::string out = "shape";
  for (const auto& p : shape)
    out.append(" ").append(std::to_string(p.utilization)).append("%:").append(std::to_string(p.score));
  return out;
}

// One resource's utilization and score: "cpu (1000m+500m)/4000m = 37% -> 30".
std::string UtilizationFormula(std::string_view resource, int64_t allocated, int64_t requested, int64_t capacity,
                               int64_t utilization, int64_t score) {
  const int64_t pod = GoSub(requested, allocated);
  const helper::AmountText a(resource, {allocated, pod, capacity});
  const std::string amounts = a(allocated) + "+" + a(pod);
  std::string out = requested > capacity ? std::string(resource) + " " + amounts + " > " + a(capacity) + ": "
                                         : std::string(resource) + " (" + amounts + ")/" + a(capacity) + " = ";
  out += std::to_string(utilization) + "% -> " + std::to_string(score);
  return score > 0 ? out : out + " (not counted)";
}

// The utilization (0..maxUtilization) resourceScoringFunction scores.
int64_t UtilizationOf(int64_t requested, int64_t capacity) {
  if (capacity == 0 || requested > capacity) return kMaxUtilization;
  return ScaledUtilization(requested, capacity, kMaxUtilization);
}

// The scorer's weighted average of the resources' shape scores; with kExplain it also
// writes its formula to *why. Compiled apart so that scoring carries nothing of the
// explanation.
template <bool kExplain>
int64_t ShapeScoreAverage(const std::function<int64_t(int64_t)>& rawScoringFunction,
                          std::span<const config::ResourceSpec> resources, std::span<const int64_t> requested,
                          std::span<const int64_t> allocated, std::span<const int64_t> allocable,
                          const std::string& shapeText, std::string* why) {
  int64_t nodeScore = 0, weightSum = 0;
  std::string parts, terms;
  for (size_t i = 0; i < requested.size(); ++i) {
    if (allocable[i] == 0) continue;
    int64_t weight = resources[i].weight;
    const int64_t utilization = UtilizationOf(requested[i], allocable[i]);
    int64_t resourceScore = rawScoringFunction(utilization);
    if (resourceScore > 0) {
      nodeScore = GoAdd(nodeScore, GoMul(resourceScore, weight));
      weightSum = GoAdd(weightSum, weight);
      if constexpr (kExplain)
        helper::AppendPart(terms, " + ", std::to_string(resourceScore) + "x" + std::to_string(weight));
    }
    if constexpr (kExplain)
      helper::AppendPart(
          parts, ", ",
          UtilizationFormula(resources[i].name, allocated[i], requested[i], allocable[i], utilization, resourceScore));
  }
  // math.Round: half away from zero.
  const int64_t score =
      weightSum == 0
          ? 0
          : static_cast<int64_t>(std::round(static_cast<double>(nodeScore) / static_cast<double>(weightSum)));
  if constexpr (kExplain) *why = shapeText + "; " + WeightedAverageText(parts, terms, weightSum, score, true);
  return score;
}
}  // namespace

// buildRequestedToCapacityRatioScorerFunction
Scorer BuildRequestedToCapacityRatioScorerFunction(helper::FunctionShape shape,
                                                   std::vector<config::ResourceSpec> resources) {
  std::string shapeText = ShapeText(shape);
  std::function<int64_t(int64_t)> rawScoringFunction = helper::BuildBrokenLinearFunction(std::move(shape));
  return [rawScoringFunction = std::move(rawScoringFunction), resources = std::move(resources),
          shapeText = std::move(shapeText)](std::span<const int64_t> requested, std::span<const int64_t> allocated,
                                            std::span<const int64_t> allocable, std::string* why) {
    return why ? ShapeScoreAverage<true>(rawScoringFunction, resources, requested, allocated, allocable, shapeText, why)
               : ShapeScoreAverage<false>(rawScoringFunction, resources, requested, allocated, allocable, shapeText,
                                          nullptr);
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
