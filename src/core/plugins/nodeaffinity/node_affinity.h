#pragma once
// NodeAffinity (pkg/scheduler/framework/plugins/nodeaffinity): Filter on
// spec.nodeSelector and required node affinity; Score sums the weights of the
// preferred terms a node matches.
#include "core/framework/interface.h"

namespace spreadlab::plugins {

class NodeAffinity final : public PreFilterPlugin, public FilterPlugin, public PreScorePlugin, public ScorePlugin {
 public:
  static constexpr std::string_view kName = "NodeAffinity";
  static constexpr std::string_view kErrReasonPod = "node(s) didn't match Pod's node affinity/selector";
  static constexpr std::string_view kErrReasonConflict = "pod affinity terms conflict";

  explicit NodeAffinity(Handle h) : h_(h) {}
  std::string_view Name() const override { return kName; }
  Status PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult& result, CycleTrace*) override;
  Status Filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node, CycleTrace*) override;
  Status PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex>, CycleTrace*) override;
  Status Score(const CycleState& state, const PodInfo& pod, const NodeInfo& node, int64_t& score) override;
  Status NormalizeScore(const CycleState&, const PodInfo&, std::span<NodeScore> scores) override;

 private:
  Handle h_;
};

}  // namespace spreadlab::plugins
