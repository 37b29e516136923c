// InterPodAffinity PreScore, Score and NormalizeScore (scoring.go).
#include <algorithm>
#include <climits>

#include "core/plugins/interpodaffinity/internal.h"
#include "core/plugins/interpodaffinity/plugin.h"

namespace spreadlab::plugins {

using namespace ipa;

namespace {
constexpr std::string_view kPreScoreStateKey = "PreScoreInterPodAffinity";

// preScoreState.topologyScore: per topology key, a score per domain.
struct PreScoreState : StateData {
  TopologyMap topologyScore;
};

const char* ExistingKindName(ExistingKind k) {
  switch (k) {
    case ExistingKind::RequiredAffinity: return "existingRequiredAffinity";
    case ExistingKind::RequiredAntiAffinity: return "existingRequiredAntiAffinity";
    case ExistingKind::PreferredAffinity: return "existingPreferredAffinity";
    case ExistingKind::PreferredAntiAffinity: return "existingPreferredAntiAffinity";
  }
  return "";
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
  if (trace) {
    if (report_.pod != pod.index) report_ = {};
    report_.pod = pod.index;
    report_.preScoreRan = true;
    report_.scoreTerms.clear();
    report_.topologyScore.clear();
    report_.preScoreCode = Code::Skip;
  }
  if (args_.ignorePreferredTermsOfExistingPods && !hasConstraints) return Status::Make(Code::Skip);

  SyncExisting();
  TopologyMap& m = scratchMap_;
  m.Clear();
  auto addIncoming = [&](const std::vector<WeightedAffinityTerm>& terms, int64_t sign, const char* kind) {
    for (const auto& w : terms) {
      const AffinityTerm* t = &w.term;
      CountMatchingPods(std::span<const AffinityTerm* const>(&t, 1), perNode_);
      size_t slot = m.Slot(t->topologyKey, cluster);
      m.nonEmpty |= AddPerNode(perNode_, sign * w.weight, m.keys[slot]);
      if (trace) report_.scoreTerms.push_back(IncomingTermReport(kind, *t, w.weight, pod, &perNode_));
    }
  };
  addIncoming(in.terms.preferredAffinity, 1, "preferredAffinity");
  addIncoming(in.terms.preferredAntiAffinity, -1, "preferredAntiAffinity");

  const LabelSet& nsLabels = NamespaceLabels(pod.nsSym);
  for (size_t gi : existing_->scoring) {
    const ExistingGroup& g = existing_->groups[gi];
    int64_t weight = 0;
    switch (g.kind) {
      case ExistingKind::RequiredAffinity:
        if (args_.hardPodAffinityWeight <= 0) continue;
        weight = args_.hardPodAffinityWeight;
        break;
      case ExistingKind::PreferredAffinity: weight = g.weight; break;
      case ExistingKind::PreferredAntiAffinity: weight = -int64_t{g.weight}; break;
      case ExistingKind::RequiredAntiAffinity: continue;
    }
    if (g.members.empty() || !g.term.Matches(pod, &nsLabels, pool)) continue;
    size_t slot = m.Slot(g.term.topologyKey, cluster);
    m.nonEmpty |= AddGroup(g, weight, m.keys[slot]);
    if (trace) {
      InterPodAffinityTermReport r = ExistingTermReport(g, static_cast<int32_t>(weight < 0 ? -weight : weight));
      r.kind = ExistingKindName(g.kind);
      report_.scoreTerms.push_back(std::move(r));
    }
  }

  if (!m.nonEmpty) return Status::Make(Code::Skip);
  auto& s = state.Write<PreScoreState>(kPreScoreStateKey);
  std::swap(s.topologyScore, m);
  if (trace) {
    report_.preScoreCode = Code::Success;
    MapReport(s.topologyScore, pool, report_.topologyScore);
  }
  return Status::Ok();
}

// Score: the sum of the node's topology pairs' scores (positive for affinity,
// negative for anti-affinity), normalized later.
Status InterPodAffinity::Score(const CycleState& state, const PodInfo&, const NodeInfo& node, int64_t& score) {
  const auto* s = state.Read<PreScoreState>(kPreScoreStateKey);
  if (!s) return Status::AsError("failed to read \"PreScoreInterPodAffinity\" from cycleState: not found");
  score = 0;
  for (const auto& k : s->topologyScore.keys) {
    int32_t d = k.column->domainOfNode[node.index];
    if (d >= 0) score += k.perDomain[d];
  }
  return Status::Ok();
}

// NormalizeScore: min-max scaling to [0, MaxNodeScore], truncated; all equal
// scores become 0.
Status InterPodAffinity::NormalizeScore(const CycleState& state, const PodInfo&, std::span<NodeScore> scores) {
  const auto* s = state.Read<PreScoreState>(kPreScoreStateKey);
  if (!s) return Status::AsError("failed to read \"PreScoreInterPodAffinity\" from cycleState: not found");
  if (!s->topologyScore.nonEmpty || scores.empty()) return Status::Ok();
  int64_t minCount = INT64_MAX, maxCount = INT64_MIN;
  for (const auto& sc : scores) {
    maxCount = std::max(maxCount, sc.score);
    minCount = std::min(minCount, sc.score);
  }
  const int64_t maxMinDiff = maxCount - minCount;
  for (auto& sc : scores) {
    double fScore = 0;
    if (maxMinDiff > 0)
      fScore = static_cast<double>(kMaxNodeScore) *
               (static_cast<double>(sc.score - minCount) / static_cast<double>(maxMinDiff));
    sc.score = static_cast<int64_t>(fScore);
  }
  return Status::Ok();
}

}  // namespace spreadlab::plugins
