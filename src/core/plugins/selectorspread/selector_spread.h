#pragma once
// SelectorSpread (pkg/scheduler/framework/plugins/selectorspread) -- LEGACY.
// Removed from kube-scheduler after v1.26 (deprecated since v1.19, replaced by
// PodTopologySpread's default constraints); kept here to reproduce clusters and
// write-ups that still use it. Ported from its last upstream version.
//
// For pods of a Service, ReplicationController, ReplicaSet or StatefulSet
// (helper.DefaultSelector), Score counts the matching pods on each node (same
// namespace, not terminating) and NormalizeScore favours nodes, and zones, with
// fewer of them: with no zone information the score is
//   fScore = 100 * (maxCountByNodeName - count) / maxCountByNodeName
// (100 everywhere when nothing matches); on nodes with a zone
// (utilnode.GetZoneKey) it becomes
//   fScore * 1/3 + zoneScore * 2/3,
//   zoneScore = 100 * (maxCountByZone - countInZone) / maxCountByZone,
// truncated to an integer. Pods with topologySpreadConstraints of their own are
// left alone (every node scores 0); cluster default constraints do not count.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/framework/interface.h"

namespace spreadlab::plugins {

class SelectorSpread final : public PreScorePlugin, public ScorePlugin, public ScoreExplainer {
 public:
  static constexpr std::string_view kName = "SelectorSpread";
  // When zone information is present, 2/3 of the weighting goes to zone spreading.
  static constexpr double kZoneWeighting = 2.0 / 3.0;

  explicit SelectorSpread(Handle h) : h_(h) {}
  std::string_view Name() const override { return kName; }
  Status PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex> feasible,
                  CycleTrace* trace) override;
  Status Score(const CycleState& state, const PodInfo& pod, const NodeInfo& node, int64_t& score) override;
  Status NormalizeScore(const CycleState& state, const PodInfo& pod, std::span<NodeScore> scores) override;
  // The matching pods on the node; NormalizeScore's node and zone scores, weighted 1/3 and 2/3.
  ScoreExplanation ExplainScore(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                std::span<const NodeScore> scores, int64_t normalized) override;

  // utilnode.GetZoneKey (k8s.io/component-helpers/node/topology): region and
  // zone from the failure-domain.beta.kubernetes.io labels, else the
  // topology.kubernetes.io ones, joined as region + ":\0:" + zone; "" when the
  // node has neither.
  static std::string GetZoneKey(const LabelSet& labels, const StringPool& pool);

 private:
  // skipSelectorSpread: the pod sets topologySpreadConstraints.
  bool Skip(const PodInfo& pod) const;
  const std::string& ZoneKey(NodeIndex node);
  struct SpreadCounts {
    int64_t maxCountByNodeName = 0;
    std::map<std::string, int64_t> countsByZone;
    int64_t maxCountByZone = 0;
  };
  SpreadCounts CountsOf(std::span<const NodeScore> scores);
  int64_t Normalized(const SpreadCounts& c, const NodeScore& s, std::string* why);

  Handle h_;
  const Cluster* zonesFor_ = nullptr;
  std::vector<std::string> zoneKeys_;  // per node; labels never change within a cluster
};

}  // namespace spreadlab::plugins
