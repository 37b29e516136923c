#pragma once
// The scoring shared by NodeResourcesFit and NodeResourcesBalancedAllocation
// (pkg/scheduler/framework/plugins/noderesources/resource_allocation.go), and
// the scorer functions of the strategies: least_allocated.cpp,
// most_allocated.cpp, requested_to_capacity_ratio.cpp and
// balanced_allocation.cpp.
//
// A scorer gets, per configured resource, the node's requests with the
// incoming pod (`requested`), without it (`allocated`) and the allocatable
// amount; an allocatable of 0 means the resource is left out of the score.
// Dynamic resource allocation (DRA-backed extended resources) is not modelled.
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/api.h"
#include "core/goint.h"
#include "core/framework/interface.h"
#include "core/plugins/helper/shape_score.h"

namespace spreadlab::plugins::noderesources {

// config.MaxCustomPriorityScore: the top of a RequestedToCapacityRatio shape's score.
inline constexpr int64_t kMaxCustomPriorityScore = 10;
// requested_to_capacity_ratio.go maxUtilization
inline constexpr int64_t kMaxUtilization = 100;

// A node's score from its amounts of each configured resource. When `why` is set the
// scorer also writes there how it got the score: its formula with the node's numbers
// (ScoreExplainer); the hot path passes null.
using Scorer = std::function<int64_t(std::span<const int64_t> requested, std::span<const int64_t> allocated,
                                     std::span<const int64_t> allocatable, std::string* why)>;

// One resource's score and, for explanations, its formula with the node's numbers
// (`allocated` without the pod, `requested` with it).
struct ResourceScoreFunction {
  int64_t (*score)(int64_t requested, int64_t capacity);
  std::string (*formula)(std::string_view resource, int64_t allocated, int64_t requested, int64_t capacity,
                         int64_t score);
};

// The weighted average of `perResource` over the resources a node has
// (allocatable > 0), in integer arithmetic: the shared body of leastResourceScorer
// and mostResourceScorer.
Scorer WeightedResourceScorer(std::vector<config::ResourceSpec> resources, ResourceScoreFunction perResource);
// The end of a weighted average's explanation: "<parts>; (<terms>) / <weightSum> = <score>",
// within round(...) when `rounded`.
std::string WeightedAverageText(const std::string& parts, const std::string& terms, int64_t weightSum, int64_t score,
                                bool rounded);

// least_allocated.go
Scorer LeastResourceScorer(std::vector<config::ResourceSpec> resources);
int64_t LeastRequestedScore(int64_t requested, int64_t capacity);
// most_allocated.go
Scorer MostResourceScorer(std::vector<config::ResourceSpec> resources);
int64_t MostRequestedScore(int64_t requested, int64_t capacity);
// requested_to_capacity_ratio.go
int64_t ScaledUtilization(int64_t requested, int64_t capacity, int64_t max);
Scorer BuildRequestedToCapacityRatioScorerFunction(helper::FunctionShape shape,
                                                   std::vector<config::ResourceSpec> resources);
// The shape's scores are scaled by MaxNodeScore / MaxCustomPriorityScore.
Scorer RequestedToCapacityRatioScorer(std::vector<config::ResourceSpec> resources,
                                      const std::vector<config::UtilizationShapePoint>& shape);
// balanced_allocation.go: (1 - std) * MaxNodeScore over the fractions (capped at 1)
// of the resources with a non-zero allocatable, truncated. `why` gets the fractions
// (`resources` names them), their std and the formula.
int64_t BalancedResourceScore(std::span<const int64_t> requested, std::span<const int64_t> allocatable,
                              std::span<const config::ResourceSpec> resources = {}, std::string* why = nullptr);
// balancedResourceScorer over `resources`: with `comparesWithoutPod` (1.36,
// kubernetes#135573) MaxNodeScore/2 + (MaxNodeScore/2 + score with the pod - score
// without it) / 2, before that the score with the pod.
Scorer BalancedResourceScorer(std::vector<config::ResourceSpec> resources, bool comparesWithoutPod);

// resourceAllocationScorer
class ResourceAllocationScorer {
 public:
  // `useRequested`: cpu and memory of the pod and the node as requested
  // (BalancedAllocation); otherwise with 100m / 200Mi for containers that set
  // none (NodeResourcesFit's strategies).
  ResourceAllocationScorer(std::string name, bool useRequested, Scorer scorer,
                           std::vector<config::ResourceSpec> resources);

  const std::string& name() const { return name_; }
  const std::vector<config::ResourceSpec>& resources() const { return resources_; }

  // calculatePodResourceRequestList: the pod's request of each configured
  // resource (cpu in millicores, others in Quantity.Value()); `podLevelResources` is the gate.
  std::vector<int64_t> CalculatePodResourceRequestList(const v1::Pod& pod, bool podLevelResources) const;
  // isBestEffortPod: every request is zero.
  static bool IsBestEffortPod(std::span<const int64_t> podRequests);

  // calculateResourceAllocatableRequest for resource i: the node's allocatable
  // amount and what it already has requested; (0, 0) leaves the resource out
  // (an extended resource the pod does not request, or one the node lacks).
  std::pair<int64_t, int64_t> CalculateResourceAllocatableRequest(const NodeInfo& node, size_t i,
                                                                  int64_t podRequest) const;

  // score: runs the scorer over the configured resources. An Error status
  // when no resources are configured ("resources not found"). `why`: the scorer's
  // formula with the node's numbers (explanations).
  Status Score(const NodeInfo& node, std::span<const int64_t> podRequests, int64_t& score, std::string* why = nullptr);

 private:
  enum class Kind : uint8_t { CPU, Memory, EphemeralStorage, Scalar, Other };
  std::string name_;
  bool useRequested_;
  Scorer scorer_;
  std::vector<config::ResourceSpec> resources_;
  std::vector<Kind> kinds_;
  std::vector<int64_t> requested_, allocated_, allocatable_;  // scratch, reused per node
};

}  // namespace spreadlab::plugins::noderesources
