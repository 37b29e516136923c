#pragma once
// NodeResourcesBalancedAllocation
// (pkg/scheduler/framework/plugins/noderesources/balanced_allocation.go):
// favors nodes whose resource usage becomes more balanced with the pod. For
// the configured resources (default cpu and memory, weights unused) it takes
// the fractions requested/allocatable (capped at 1) and their standard
// deviation, scores (1 - std) * MaxNodeScore with and without the pod, and
// returns MaxNodeScore/2 + (MaxNodeScore/2 + with - without) / 2, in [50, 100]:
// 75 when the balance does not change (kubernetes/kubernetes#135573, 1.36; before, the
// score was (1 - std) * MaxNodeScore with the pod). PreScore returns Skip for a pod that
// requests none of the resources (kubernetes#130260, 1.33; before, such pods were scored).
#include <string_view>
#include <vector>

#include "core/framework/interface.h"
#include "core/plugins/noderesources/resource_allocation.h"

namespace spreadlab::plugins {

class BalancedAllocation final : public PreScorePlugin, public ScorePlugin, public ScoreExplainer {
 public:
  static constexpr std::string_view kName = "NodeResourcesBalancedAllocation";

  BalancedAllocation(Handle h, const config::NodeResourcesBalancedAllocationArgs& args);
  std::string_view Name() const override { return kName; }

  Status PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex> feasible,
                  CycleTrace* trace) override;
  Status Score(const CycleState& state, const PodInfo& pod, const NodeInfo& node, int64_t& score) override;

  // The fractions per resource, their std and (1-std)x100, with and without the pod from
  // 1.36 (the release's formula); no NormalizeScore.
  ScoreExplanation ExplainScore(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                std::span<const NodeScore> scores, int64_t normalized) override;

 private:
  std::vector<int64_t> PodRequests(const PodInfo& pod) const;
  const std::vector<int64_t>* PodRequestsFor(const CycleState& state, const PodInfo& pod);

  Handle h_;
  noderesources::ResourceAllocationScorer scorer_;
  bool skipBestEffort_;
  std::vector<int64_t> podRequestsScratch_;
};

}  // namespace spreadlab::plugins
