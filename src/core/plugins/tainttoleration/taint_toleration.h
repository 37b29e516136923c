#pragma once
// TaintToleration (pkg/scheduler/framework/plugins/tainttoleration): Filter
// rejects nodes with an untolerated NoSchedule/NoExecute taint; Score counts
// untolerated PreferNoSchedule taints and reverses the normalized count.
#include <string>
#include <unordered_map>

#include "core/framework/interface.h"

namespace spreadlab::plugins {

class TaintToleration final : public FilterPlugin, public PreScorePlugin, public ScorePlugin, public ScoreExplainer {
 public:
  static constexpr std::string_view kName = "TaintToleration";

  explicit TaintToleration(Handle h) : h_(h) {}
  std::string_view Name() const override { return kName; }
  Status Filter(const CycleState&, const PodInfo& pod, const NodeInfo& node, CycleTrace*) override;
  Status PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex>, CycleTrace*) override;
  Status Score(const CycleState& state, const PodInfo& pod, const NodeInfo& node, int64_t& score) override;
  Status NormalizeScore(const CycleState&, const PodInfo&, std::span<NodeScore> scores) override;
  // The PreferNoSchedule taints the pod does not tolerate; NormalizeScore's reversed
  // 100 - s x 100 / max.
  ScoreExplanation ExplainScore(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                std::span<const NodeScore> scores, int64_t normalized) override;

 private:
  Handle h_;
  std::unordered_map<uint64_t, std::string> taintReasons_;  // before 1.34: by (key, value)
};

}  // namespace spreadlab::plugins
