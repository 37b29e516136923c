// InterPodAffinity PreScore, Score and NormalizeScore (scoring.go).
#include <algorithm>
#include <climits>

#include "core/plugins/helper/explain.h"
#include "core/plugins/interpodaffinity/internal.h"
#include "core/plugins/interpodaffinity/plugin.h"

namespace spreadlab::plugins {

using namespace ipa;

namespace {
constexpr std::string_view kPreScoreStateKey = "PreScoreInterPodAffinity";

// One term's part of topologyScore (explanations): weight x the pods it counts per domain.
struct ScoredTerm {
  std::string term;  // which term, for people
  const TopologyColumn* column = nullptr;
  int64_t weight = 0;  // as added: negative for anti-affinity
  std::vector<int64_t> podsPerDomain;
};

// preScoreState.topologyScore: per topology key, a score per domain; and, when PreScore
// ran with a trace, the terms that make it up.
struct PreScoreState : StateData {
  TopologyMap topologyScore;
  std::vector<ScoredTerm> terms;
};

const char* ExistingKindName(ExistingKind k) {
  switch (k) {
    case ExistingKind::RequiredAffinity:
      return "existingRequiredAffinity";
    case ExistingKind::RequiredAntiAffinity:
      return "existingRequiredAntiAffinity";
    case ExistingKind::PreferredAffinity:
      return "existingPreferredAffinity";
    case ExistingKind::PreferredAntiAffinity:
      return "existingPreferredAntiAffinity";
  }
  return "";
}

const char* ExistingKindText(ExistingKind k) {
  switch (k) {
    case ExistingKind::RequiredAffinity:
      return "existing pods' required affinity term";
    case ExistingKind::RequiredAntiAffinity:
      return "existing pods' required anti-affinity term";
    case ExistingKind::PreferredAffinity:
      return "existing pods' preferred affinity term";
    case ExistingKind::PreferredAntiAffinity:
      return "existing pods' preferred anti-affinity term";
  }
  return "";
}

// "its preferred affinity term 1 (app=db, topologyKey zone)"
std::string TermText(const std::string& what, const AffinityTerm& t, const StringPool& pool) {
  return what + " (" + SelectorString(t.selector, pool) + ", topologyKey " + pool.Str(t.topologyKey) + ")";
}

// Score: the sum of the node's topology pairs' scores.
int64_t ScoreNode(const PreScoreState& s, NodeIndex n) {
  int64_t score = 0;
  for (const auto& k : s.topologyScore.keys) {
    int32_t d = k.column->domainOfNode[n];
    if (d >= 0) score += k.perDomain[d];
  }
  return score;
}

// "zone=a: 5": the node's topology pairs with a score, as Score adds them.
std::string PairsText(const PreScoreState& s, NodeIndex n, const StringPool& pool) {
  std::string out;
  for (const auto& k : s.topologyScore.keys) {
    const int32_t d = k.column->domainOfNode[n];
    if (d >= 0 && k.present[d])
      helper::AppendPart(
          out, ", ",
          pool.Str(k.key) + "=" + pool.Str(k.column->domainValue[d]) + ": " + std::to_string(k.perDomain[d]));
  }
  return out;
}

// Each recorded term that counts pods in the node's domains, then the sum; without
// recorded terms (PreScore ran without a trace) the node's topology pairs.
std::string ScoreText(const PreScoreState& s, NodeIndex n, int64_t score, const StringPool& pool) {
  if (s.terms.empty()) {
    const std::string pairs = PairsText(s, n, pool);
    return (pairs.empty() ? "no topology pair of the node has a score" : pairs) + "; sum " + std::to_string(score);
  }
  std::string out;
  for (const ScoredTerm& t : s.terms) {
    const int32_t d = t.column->domainOfNode[n];
    if (d < 0 || t.podsPerDomain[d] == 0) continue;
    const int64_t pods = t.podsPerDomain[d];
    helper::AppendPart(out, "; ",
                       t.term + ": " + std::to_string(pods) + " pod(s) in " + pool.Str(t.column->key) + "=" +
                           pool.Str(t.column->domainValue[d]) + " x " + std::to_string(t.weight) + " = " +
                           std::to_string(pods * t.weight));
  }
  if (out.empty()) return "no term counts pods in this node's domains: " + std::to_string(score);
  return out + "; sum " + std::to_string(score);
}

// NormalizeScore's minCount and maxCount.
std::pair<int64_t, int64_t> RangeOf(std::span<const NodeScore> scores) {
  int64_t minCount = INT64_MAX, maxCount = INT64_MIN;
  for (const auto& sc : scores) {
    maxCount = std::max(maxCount, sc.score);
    minCount = std::min(minCount, sc.score);
  }
  return {minCount, maxCount};
}

// NormalizeScore for one node: min-max scaling to [0, MaxNodeScore], truncated; all
// equal scores become 0.
int64_t Normalized(int64_t score, int64_t minCount, int64_t maxCount) {
  const int64_t maxMinDiff = maxCount - minCount;
  double fScore = 0;
  if (maxMinDiff > 0)
    fScore =
        static_cast<double>(kMaxNodeScore) * (static_cast<double>(score - minCount) / static_cast<double>(maxMinDiff));
  return static_cast<int64_t>(fScore);
}

// A number in a formula, in parentheses when negative.
std::string Operand(int64_t v) {
  if (v >= 0) return std::to_string(v);
  return std::string("(").append(std::to_string(v)).append(")");
}
}  // namespace

// PreScore: for every topology pair, the sum of the weights of
//  - the pod's preferred affinity (+) / anti-affinity (-) terms, once per existing pod
//    matching the term in that pair's domain;
//  - existing pods' required affinity terms (+hardPodAffinityWeight) and preferred
//    affinity (+) / anti-affinity (-) terms that match the pod, once per such pod.
// Skip when no term matched at all (nothing to score), or when the pod has no
// preferred terms and ignorePreferredTermsOfExistingPods is set.
Status InterPodAffinity::PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex>,
                                  CycleTrace* trace) {
  Cluster& cluster = *h_.cluster;
  const StringPool& pool = cluster.pool();
  const IncomingTerms& in = Incoming(pod);
  const bool hasConstraints = in.hasPreferredAffinity || in.hasPreferredAntiAffinity;
  InterPodAffinityReport* report = nullptr;
  if (trace) {
    report = trace->interPodAffinity && trace->interPodAffinity->pod == pod.index ? &*trace->interPodAffinity
                                                                                  : &trace->interPodAffinity.emplace();
    report->pod = pod.index;
    report->preScoreRan = true;
    report->scoreTerms.clear();
    report->topologyScore.clear();
    report->preScoreCode = Code::Skip;
  }
  if (args_.ignorePreferredTermsOfExistingPods && !hasConstraints) return Status::Make(Code::Skip);

  SyncExisting();
  TopologyMap& m = scratchMap_;
  m.Clear();
  std::vector<ScoredTerm> scored;  // with a trace only
  auto addIncoming = [&](const std::vector<WeightedAffinityTerm>& terms, int64_t sign, const char* kind,
                         const char* kindText) {
    for (size_t i = 0; i < terms.size(); ++i) {
      const WeightedAffinityTerm& w = terms[i];
      const AffinityTerm* t = &w.term;
      CountMatchingPods(std::span<const AffinityTerm* const>(&t, 1), perNode_);
      size_t slot = m.Slot(t->topologyKey, cluster);
      m.nonEmpty |= AddPerNode(perNode_, sign * w.weight, m.keys[slot]);
      if (trace) {
        report->scoreTerms.push_back(IncomingTermReport(kind, *t, w.weight, pod, &perNode_));
        const TopologyColumn& col = *m.keys[slot].column;
        scored.push_back(
            {TermText(kindText + std::to_string(i + 1), *t, pool), &col, sign * w.weight, DomainCounts(perNode_, col)});
      }
    }
  };
  addIncoming(in.terms.preferredAffinity, 1, "preferredAffinity", "its preferred affinity term ");
  addIncoming(in.terms.preferredAntiAffinity, -1, "preferredAntiAffinity", "its preferred anti-affinity term ");

  const LabelSet& nsLabels = NamespaceLabels(pod.nsSym);
  for (size_t gi : existing_->scoring) {
    const ExistingGroup& g = existing_->groups[gi];
    int64_t weight = 0;
    switch (g.kind) {
      case ExistingKind::RequiredAffinity:
        if (args_.hardPodAffinityWeight <= 0) continue;
        weight = args_.hardPodAffinityWeight;
        break;
      case ExistingKind::PreferredAffinity:
        weight = g.weight;
        break;
      case ExistingKind::PreferredAntiAffinity:
        weight = -int64_t{g.weight};
        break;
      case ExistingKind::RequiredAntiAffinity:
        continue;
    }
    if (g.members.empty() || !g.term.Matches(pod, &nsLabels, pool)) continue;
    size_t slot = m.Slot(g.term.topologyKey, cluster);
    m.nonEmpty |= AddGroup(g, weight, m.keys[slot]);
    if (trace) {
      InterPodAffinityTermReport r = ExistingTermReport(g, static_cast<int32_t>(weight < 0 ? -weight : weight));
      r.kind = ExistingKindName(g.kind);
      report->scoreTerms.push_back(std::move(r));
      scored.push_back({TermText(ExistingKindText(g.kind), g.term, pool), g.column, weight, DomainCounts(g)});
    }
  }

  if (!m.nonEmpty) return Status::Make(Code::Skip);
  auto& s = state.Write<PreScoreState>(kPreScoreStateKey);
  std::swap(s.topologyScore, m);
  s.terms = std::move(scored);
  if (trace) {
    report->preScoreCode = Code::Success;
    MapReport(s.topologyScore, pool, report->topologyScore);
  }
  return Status::Ok();
}

// Score: the sum of the node's topology pairs' scores (positive for affinity,
// negative for anti-affinity), normalized later.
Status InterPodAffinity::Score(const CycleState& state, const PodInfo&, const NodeInfo& node, int64_t& score) {
  const auto* s = state.Read<PreScoreState>(kPreScoreStateKey);
  if (!s) return Status::AsError("failed to read \"PreScoreInterPodAffinity\" from cycleState: not found");
  score = ScoreNode(*s, node.index);
  return Status::Ok();
}

// NormalizeScore: min-max scaling to [0, MaxNodeScore], truncated; all equal
// scores become 0.
Status InterPodAffinity::NormalizeScore(const CycleState& state, const PodInfo&, std::span<NodeScore> scores) {
  const auto* s = state.Read<PreScoreState>(kPreScoreStateKey);
  if (!s) return Status::AsError("failed to read \"PreScoreInterPodAffinity\" from cycleState: not found");
  if (!s->topologyScore.nonEmpty || scores.empty()) return Status::Ok();
  const auto [minCount, maxCount] = RangeOf(scores);
  for (auto& sc : scores) sc.score = Normalized(sc.score, minCount, maxCount);
  return Status::Ok();
}

ScoreExplanation InterPodAffinity::ExplainScore(const CycleState& state, const PodInfo&, const NodeInfo& node,
                                                std::span<const NodeScore> scores, int64_t) {
  const auto* s = state.Read<PreScoreState>(kPreScoreStateKey);
  if (!s) return {"no PreScore state: InterPodAffinity did not score this cycle", ""};
  const int64_t score = ScoreNode(*s, node.index);
  ScoreExplanation x{ScoreText(*s, node.index, score, h_.cluster->pool()), ""};
  const auto [minCount, maxCount] = RangeOf(scores);
  const int64_t normalized = Normalized(score, minCount, maxCount);
  const std::string n = std::to_string(scores.size());
  if (maxCount == minCount) {
    x.normalize = "all " + n + " nodes scored " + std::to_string(score) + ": " + std::to_string(normalized);
  } else {
    const std::string min = Operand(minCount), max = Operand(maxCount);
    x.normalize = "(s - min) x " + std::to_string(kMaxNodeScore) + " / (max - min) = (" + Operand(score) + " - " + min +
                  ") x " + std::to_string(kMaxNodeScore) + " / (" + max + " - " + min +
                  ") = " + std::to_string(normalized) + " (min " + std::to_string(minCount) + ", max " +
                  std::to_string(maxCount) + " over the " + n + " nodes)";
  }
  return x;
}

}  // namespace spreadlab::plugins
