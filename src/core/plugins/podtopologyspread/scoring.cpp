// PodTopologySpread PreScore, Score and NormalizeScore (scoring.go).
#include <algorithm>
#include <climits>
#include <cmath>

#include "core/plugins/helper/explain.h"
#include "core/plugins/podtopologyspread/plugin.h"

namespace spreadlab::plugins {

namespace {
constexpr std::string_view kPreScoreStateKey = "PreScorePodTopologySpread";

// preScoreState. TopologyValueToPodCounts per constraint is a dense array over
// the key's domains plus one trailing slot standing for the value "" (upstream
// files nodes that lack the key under "" when it does not require all keys);
// -1 marks a domain no feasible node belongs to.
struct PreScoreState : StateData {
  std::vector<TopologySpreadConstraint> constraints;
  std::vector<const TopologyColumn*> columns;
  std::vector<const std::vector<int32_t>*> perNode;  // matching pods on each node
  std::vector<uint8_t> ignoredNodes;                 // indexed by NodeIndex
  std::vector<std::vector<int64_t>> topologyValueToPodCounts;
  std::vector<double> topologyNormalizingWeight;
  std::vector<size_t> topologySize;  // the domains each weight is log(size+2) of
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

// scoreForCount's formula: "topology.kubernetes.io/zone=a: 3 x log(2+2) + (2-1) = 5.159".
std::string ScoreForCountText(const std::string& domain, int64_t cnt, int32_t maxSkew, size_t size, double score) {
  std::string out = domain + ": " + std::to_string(cnt) + " x log(" + std::to_string(size) + "+2)";
  if (maxSkew > 1) out += " + (" + std::to_string(maxSkew) + "-1)";
  return out + " = " + helper::Fixed(score);
}

// Score: the sum of scoreForCount over the constraints whose topology key the node has,
// rounded. With kExplain *why gets each constraint's formula (`pool` names the domains);
// compiled apart so that scoring carries nothing of the explanation.
template <bool kExplain>
int64_t ScoreNode(const PreScoreState& s, NodeIndex n, const StringPool& pool, std::string* why) {
  if (s.ignoredNodes[n]) {
    if constexpr (kExplain) *why = "ignored (the node lacks a constraint's topology key): 0";
    return 0;
  }
  double sum = 0;
  std::string parts, terms;
  for (size_t i = 0; i < s.constraints.size(); ++i) {
    const auto& c = s.constraints[i];
    int32_t d = s.columns[i]->domainOfNode[n];
    if (d < 0) {
      if constexpr (kExplain)
        helper::AppendPart(parts, ", ", c.topologyKey + ": the node has no such label, not counted");
      continue;
    }
    int64_t cnt = c.hostname ? (*s.perNode[i])[n] : s.topologyValueToPodCounts[i][d];
    const double score = ScoreForCount(cnt, c.maxSkew, s.topologyNormalizingWeight[i]);
    sum += score;
    if constexpr (kExplain) {
      const std::string domain = c.topologyKey + "=" + pool.Str(s.columns[i]->domainValue[d]);
      helper::AppendPart(parts, ", ", ScoreForCountText(domain, cnt, c.maxSkew, s.topologySize[i], score));
      helper::AppendPart(terms, " + ", helper::Fixed(score));
    }
  }
  const int64_t score = static_cast<int64_t>(std::round(sum));  // math.Round: halves away from zero
  if constexpr (kExplain) *why = parts + "; round(" + (terms.empty() ? "0" : terms) + ") = " + std::to_string(score);
  return score;
}

// NormalizeScore's minScore and maxScore, over the nodes not ignored (upstream first
// sets their scores to invalidScore, then gives them 0).
struct ScoreRange {
  int64_t min = INT64_MAX;
  int64_t max = 0;
  size_t nodes = 0;
};

ScoreRange RangeOf(const PreScoreState& s, std::span<const NodeScore> scores) {
  ScoreRange r;
  for (const auto& sc : scores) {
    // it's mandatory to check if <score.Name> is present in m.IgnoredNodes
    if (s.ignoredNodes[sc.node]) continue;
    r.min = std::min(r.min, sc.score);
    r.max = std::max(r.max, sc.score);
    ++r.nodes;
  }
  return r;
}

// NormalizeScore for one node: fewer matching pods score higher; ignored nodes score 0.
int64_t Normalized(const PreScoreState& s, const NodeScore& sc, const ScoreRange& r) {
  if (s.ignoredNodes[sc.node]) return 0;
  if (r.max == 0) return kMaxNodeScore;
  return kMaxNodeScore * (r.max + r.min - sc.score) / r.max;
}

std::string NormalizedText(const PreScoreState& s, const NodeScore& sc, const ScoreRange& r, int64_t normalized) {
  if (s.ignoredNodes[sc.node]) return "ignored node: 0";
  if (r.max == 0) return "every node scored 0: " + std::to_string(normalized);
  const std::string max = std::to_string(r.max), min = std::to_string(r.min);
  return std::to_string(kMaxNodeScore) + " x (max + min - s) / max = " + std::to_string(kMaxNodeScore) + " x (" + max +
         " + " + min + " - " + std::to_string(sc.score) + ") / " + max + " = " + std::to_string(normalized) + " (min " +
         min + ", max " + max + " over the " + std::to_string(r.nodes) + " nodes not ignored)";
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
  s.topologySize.resize(n);
  for (size_t i = 0; i < n; ++i) {
    s.topologySize[i] = s.constraints[i].hostname ? feasible.size() - ignored : topoSize[i];
    s.topologyNormalizingWeight[i] = TopologyNormalizingWeight(s.topologySize[i]);
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
        std::string value =
            d < s.columns[i]->domainValue.size() ? cluster.pool().Str(s.columns[i]->domainValue[d]) : "";
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
  score = ScoreNode<false>(*s, node.index, h_.cluster->pool(), nullptr);
  return Status::Ok();
}

// NormalizeScore: fewer matching pods score higher; ignored nodes score 0.
Status PodTopologySpread::NormalizeScore(const CycleState& state, const PodInfo&, std::span<NodeScore> scores) {
  const auto* s = state.Read<PreScoreState>(kPreScoreStateKey);
  if (!s) return Status::AsError("error reading \"PreScorePodTopologySpread\" from cycleState: not found");
  const ScoreRange range = RangeOf(*s, scores);
  for (auto& sc : scores) sc.score = Normalized(*s, sc, range);
  return Status::Ok();
}

ScoreExplanation PodTopologySpread::ExplainScore(const CycleState& state, const PodInfo&, const NodeInfo& node,
                                                 std::span<const NodeScore> scores, int64_t) {
  const auto* s = state.Read<PreScoreState>(kPreScoreStateKey);
  if (!s) return {"no PreScore state: PodTopologySpread did not score this cycle", ""};
  ScoreExplanation x;
  const NodeScore own{node.index, ScoreNode<true>(*s, node.index, h_.cluster->pool(), &x.score)};
  const ScoreRange range = RangeOf(*s, scores);
  x.normalize = NormalizedText(*s, own, range, Normalized(*s, own, range));
  return x;
}

}  // namespace spreadlab::plugins
