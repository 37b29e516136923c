// PodTopologySpread PreScore, Score and NormalizeScore (scoring.go).
#include <climits>
#include <cmath>

#include "core/plugins/podtopologyspread/plugin.h"

namespace spreadlab::plugins {

namespace {
constexpr std::string_view kPreScoreStateKey = "PreScorePodTopologySpread";
constexpr int64_t kInvalidScore = -1;

// preScoreState. TopologyValueToPodCounts per constraint is a dense array over
// the key's domains plus one trailing slot standing for the value "" (upstream
// files nodes that lack the key under "" when it does not require all keys);
// -1 marks a domain no feasible node belongs to.
struct PreScoreState : StateData {
  std::vector<TopologySpreadConstraint> constraints;
  std::vector<const TopologyColumn*> columns;
  std::vector<const std::vector<int32_t>*> perNode;  // matching pods on each node
  std::vector<uint8_t> ignoredNodes;                  // indexed by NodeIndex
  std::vector<std::vector<int64_t>> topologyValueToPodCounts;
  std::vector<double> topologyNormalizingWeight;
};

// The domain slot of a node for scoring: its domain, or the slot of value "".
int32_t ScoreSlot(const TopologyColumn& col, NodeIndex n, int32_t emptySlot) {
  int32_t d = col.domainOfNode[n];
  return d >= 0 ? d : emptySlot;
}

int32_t EmptyValueSlot(const TopologyColumn& col, const StringPool& pool) {
  Sym empty = pool.Find("");
  for (size_t d = 0; d < col.domainValue.size(); ++d)
    if (col.domainValue[d] == empty) return static_cast<int32_t>(d);
  return static_cast<int32_t>(col.domainValue.size());
}

// topologyNormalizingWeight: log(size+2), so counts of small topologies are not
// watered down by big ones.
double TopologyNormalizingWeight(size_t size) { return std::log(static_cast<double>(size + 2)); }

// scoreForCount: maxSkew-1 is added so that differences between domains are
// tolerated in proportion to maxSkew.
double ScoreForCount(int64_t cnt, int32_t maxSkew, double tpWeight) {
  return static_cast<double>(cnt) * tpWeight + static_cast<double>(maxSkew - 1);
}
}  // namespace

// PreScore / initPreScoreState
Status PodTopologySpread::PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex> feasible,
                                   CycleTrace* trace) {
  Cluster& cluster = *h_.cluster;
  if (cluster.nodes().empty()) return Status::Make(Code::Skip);

  bool fromDefaults = false;
  auto constraints = Constraints(pod, v1::kScheduleAnyway, &fromDefaults);
  if (constraints.empty()) return Status::Make(Code::Skip);

  auto& s = state.Write<PreScoreState>(kPreScoreStateKey);
  s.constraints = std::move(constraints);
  const size_t n = s.constraints.size();
  // Only non-system-default rules require every topology key, so that nodes
  // without a zone label still get hostname spreading.
  const bool requireAllTopologies = !fromDefaults || !args_.systemDefaulted;

  s.columns.resize(n);
  s.perNode.resize(n);
  s.topologyValueToPodCounts.resize(n);
  std::vector<int32_t> emptySlot(n);
  for (size_t i = 0; i < n; ++i) {
    s.columns[i] = &cluster.Column(s.constraints[i].topologyKeySym);
    s.perNode[i] = &cluster.MatchCounts(pod.nsSym, s.constraints[i].selector);
    s.topologyValueToPodCounts[i].assign(s.columns[i]->domainValue.size() + 1, -1);
    emptySlot[i] = EmptyValueSlot(*s.columns[i], cluster.pool());
  }
  s.ignoredNodes.assign(cluster.nodes().size(), 0);
  size_t ignored = 0;
  std::vector<size_t> topoSize(n, 0);
  for (NodeIndex ni : feasible) {
    if (requireAllTopologies && !NodeLabelsMatchSpreadConstraints(s.columns, ni)) {
      s.ignoredNodes[ni] = 1;
      ++ignored;
      continue;
    }
    for (size_t i = 0; i < n; ++i) {
      if (s.constraints[i].hostname) continue;  // per-node counts are done in Score
      int64_t& slot = s.topologyValueToPodCounts[i][ScoreSlot(*s.columns[i], ni, emptySlot[i])];
      if (slot < 0) {
        slot = 0;
        ++topoSize[i];
      }
    }
  }
  s.topologyNormalizingWeight.resize(n);
  for (size_t i = 0; i < n; ++i) {
    size_t sz = s.constraints[i].hostname ? feasible.size() - ignored : topoSize[i];
    s.topologyNormalizingWeight[i] = TopologyNormalizingWeight(sz);
  }

  const RequiredNodeAffinity required = GetRequiredNodeAffinity(cluster.podSpec(pod.index), cluster.pool());
  const InclusionChecker include(*this, s.constraints, pod, required);
  for (const NodeInfo& node : cluster.nodes()) {
    if (requireAllTopologies && !NodeLabelsMatchSpreadConstraints(s.columns, node.index)) continue;
    for (size_t i = 0; i < n; ++i) {
      if (!include(i, node)) continue;
      // Domains without a candidate node are not counted.
      int64_t& slot = s.topologyValueToPodCounts[i][ScoreSlot(*s.columns[i], node.index, emptySlot[i])];
      if (slot < 0) continue;
      slot += (*s.perNode[i])[node.index];
    }
  }

  if (trace) {
    Summarize(s.constraints, v1::kScheduleAnyway, fromDefaults, pod, trace->spreadScore);
    for (size_t i = 0; i < n; ++i) {
      auto& sum = trace->spreadScore[i];
      sum.topologyNormalizingWeight = s.topologyNormalizingWeight[i];
      const auto& counts = s.topologyValueToPodCounts[i];
      for (size_t d = 0; d < counts.size(); ++d) {
        if (counts[d] < 0) continue;
        std::string value = d < s.columns[i]->domainValue.size() ? cluster.pool().Str(s.columns[i]->domainValue[d]) : "";
        sum.domains.emplace_back(std::move(value), static_cast<int32_t>(counts[d]));
      }
    }
  }
  return Status::Ok();
}

// Score: the weighted matching pod count of the node's domains (normalized later).
Status PodTopologySpread::Score(const CycleState& state, const PodInfo&, const NodeInfo& node, int64_t& score) {
  const auto* s = state.Read<PreScoreState>(kPreScoreStateKey);
  if (!s) return Status::AsError("error reading \"PreScorePodTopologySpread\" from cycleState: not found");
  score = 0;
  if (s->ignoredNodes[node.index]) return Status::Ok();
  double sum = 0;
  for (size_t i = 0; i < s->constraints.size(); ++i) {
    const auto& c = s->constraints[i];
    int32_t d = s->columns[i]->domainOfNode[node.index];
    if (d < 0) continue;
    int64_t cnt = c.hostname ? (*s->perNode[i])[node.index] : s->topologyValueToPodCounts[i][d];
    sum += ScoreForCount(cnt, c.maxSkew, s->topologyNormalizingWeight[i]);
  }
  score = static_cast<int64_t>(std::round(sum));  // math.Round: halves away from zero
  return Status::Ok();
}

// NormalizeScore: fewer matching pods score higher; ignored nodes score 0.
Status PodTopologySpread::NormalizeScore(const CycleState& state, const PodInfo&, std::span<NodeScore> scores) {
  const auto* s = state.Read<PreScoreState>(kPreScoreStateKey);
  if (!s) return Status::AsError("error reading \"PreScorePodTopologySpread\" from cycleState: not found");
  int64_t minScore = INT64_MAX;
  int64_t maxScore = 0;
  for (auto& sc : scores) {
    if (s->ignoredNodes[sc.node]) {
      sc.score = kInvalidScore;
      continue;
    }
    minScore = std::min(minScore, sc.score);
    maxScore = std::max(maxScore, sc.score);
  }
  for (auto& sc : scores) {
    if (sc.score == kInvalidScore) {
      sc.score = 0;
    } else if (maxScore == 0) {
      sc.score = kMaxNodeScore;
    } else {
      sc.score = kMaxNodeScore * (maxScore + minScore - sc.score) / maxScore;
    }
  }
  return Status::Ok();
}

}  // namespace spreadlab::plugins
