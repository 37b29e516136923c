#pragma once
// NodeAffinity (pkg/scheduler/framework/plugins/nodeaffinity): Filter on
// spec.nodeSelector and required node affinity; Score sums the weights of the
// preferred terms a node matches. NodeAffinityArgs.addedAffinity applies to every pod
// of the profile: its required terms filter first, its preferred terms add to the score.
#include <optional>

#include "core/corev1/nodeaffinity.h"
#include "core/framework/interface.h"

namespace spreadlab::plugins {

class NodeAffinity final : public PreFilterPlugin,
                           public FilterPlugin,
                           public PreScorePlugin,
                           public ScorePlugin,
                           public ScoreExplainer {
 public:
  static constexpr std::string_view kName = "NodeAffinity";
  static constexpr std::string_view kErrReasonPod = "node(s) didn't match Pod's node affinity/selector";
  static constexpr std::string_view kErrReasonConflict = "pod affinity terms conflict";
  static constexpr std::string_view kErrReasonEnforced = "node(s) didn't match scheduler-enforced node affinity";

  NodeAffinity(Handle h, const config::NodeAffinityArgs& args);
  std::string_view Name() const override { return kName; }
  Status PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult& result, CycleTrace*) override;
  Status Filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node, CycleTrace*) override;
  Status PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex>, CycleTrace*) override;
  Status Score(const CycleState& state, const PodInfo& pod, const NodeInfo& node, int64_t& score) override;
  Status NormalizeScore(const CycleState&, const PodInfo&, std::span<NodeScore> scores) override;
  // The preferred terms (the profile's addedAffinity ones first) the node matches and
  // their weights; NormalizeScore's s x 100 / max.
  ScoreExplanation ExplainScore(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                std::span<const NodeScore> scores, int64_t normalized) override;

 private:
  const std::optional<PreferredSchedulingTerms>& Preferred(const CycleState& state, const PodInfo& pod,
                                                           std::optional<PreferredSchedulingTerms>& fallback);

  Handle h_;
  std::optional<std::vector<NodeSelectorTerm>> addedNodeSelector_;  // addedAffinity's required terms
  std::optional<PreferredSchedulingTerms> addedPrefSchedTerms_;     // and its preferred ones
};

}  // namespace spreadlab::plugins
