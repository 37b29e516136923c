#pragma once
// PodTopologySpread (pkg/scheduler/framework/plugins/podtopologyspread):
// DoNotSchedule constraints are enforced at PreFilter/Filter (filtering.cpp),
// ScheduleAnyway constraints are scored at PreScore/Score/NormalizeScore
// (scoring.cpp); common.cpp turns API constraints into the internal form.
#include <string>
#include <vector>

#include "core/framework/interface.h"

namespace spreadlab::plugins {

// topologySpreadConstraint: the API constraint with its selector parsed and its
// optional fields defaulted.
struct TopologySpreadConstraint {
  int32_t maxSkew = 1;
  std::string topologyKey;
  Sym topologyKeySym = kNoSym;
  Selector selector;
  int32_t minDomains = 1;
  bool honorNodeAffinity = true;  // nodeAffinityPolicy, default Honor
  bool honorNodeTaints = false;   // nodeTaintsPolicy, default Ignore
  bool hostname = false;          // topologyKey is kubernetes.io/hostname
};

struct PodTopologySpreadArgs {
  std::vector<v1::TopologySpreadConstraint> defaultConstraints;
  bool systemDefaulted = true;  // defaultingType System
};

class PodTopologySpread final : public PreFilterPlugin,
                                public FilterPlugin,
                                public PreScorePlugin,
                                public ScorePlugin,
                                public ScoreExplainer {
 public:
  static constexpr std::string_view kName = "PodTopologySpread";
  static constexpr std::string_view kErrReasonConstraintsNotMatch =
      "node(s) didn't match pod topology spread constraints";
  static constexpr std::string_view kErrReasonNodeLabelNotMatch =
      "node(s) didn't match pod topology spread constraints (missing required label)";

  // The constraints of DefaultingType System (systemDefaultConstraints).
  static std::vector<v1::TopologySpreadConstraint> SystemDefaultConstraints();

  PodTopologySpread(Handle h, PodTopologySpreadArgs args);
  std::string_view Name() const override { return kName; }

  Status PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult& result, CycleTrace* trace) override;
  Status Filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node, CycleTrace* trace) override;
  Status PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex> feasible,
                  CycleTrace* trace) override;
  Status Score(const CycleState& state, const PodInfo& pod, const NodeInfo& node, int64_t& score) override;
  Status NormalizeScore(const CycleState& state, const PodInfo& pod, std::span<NodeScore> scores) override;
  // Per ScheduleAnyway constraint, the matching pods of the node's domain x
  // log(domains+2) [+ maxSkew-1], the sum rounded; NormalizeScore's min and max.
  ScoreExplanation ExplainScore(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                std::span<const NodeScore> scores, int64_t normalized) override;

  // getConstraints for one action: the pod's own constraints of that
  // whenUnsatisfiable, or the cluster defaults when the pod has none.
  // `fromDefaults` tells which.
  std::vector<TopologySpreadConstraint> Constraints(const PodInfo& pod, std::string_view action, bool* fromDefaults);

  // matchNodeInclusionPolicies
  bool MatchNodeInclusionPolicies(const TopologySpreadConstraint& c, const PodInfo& pod, const NodeInfo& node,
                                  const RequiredNodeAffinity& required) const;

 private:
  void Summarize(const std::vector<TopologySpreadConstraint>& cs, std::string_view action, bool fromDefaults,
                 const PodInfo& pod, std::vector<SpreadConstraintSummary>& out) const;

  Handle h_;
  PodTopologySpreadArgs args_;
};

// matchNodeInclusionPolicies for every constraint of one pod, with the checks
// that cannot fail for this pod (no required affinity, no taint policy) skipped.
class InclusionChecker {
 public:
  InclusionChecker(const PodTopologySpread& pl, const std::vector<TopologySpreadConstraint>& cs, const PodInfo& pod,
                   const RequiredNodeAffinity& required);
  bool operator()(size_t constraint, const NodeInfo& node) const {
    return !needed_[constraint] || pl_.MatchNodeInclusionPolicies(cs_[constraint], pod_, node, required_);
  }

 private:
  const PodTopologySpread& pl_;
  const std::vector<TopologySpreadConstraint>& cs_;
  const PodInfo& pod_;
  const RequiredNodeAffinity& required_;
  std::vector<uint8_t> needed_;
};

// nodeLabelsMatchSpreadConstraints: the node carries every constraint's topology
// key, read from the constraints' topology columns.
inline bool NodeLabelsMatchSpreadConstraints(const std::vector<const TopologyColumn*>& columns, NodeIndex node) {
  for (const TopologyColumn* c : columns)
    if (c->domainOfNode[node] < 0) return false;
  return true;
}

}  // namespace spreadlab::plugins
