#include "core/plugins/nodeaffinity/node_affinity.h"

#include <set>

#include "core/plugins/helper/explain.h"
#include "core/plugins/helper/normalize_score.h"

namespace spreadlab::plugins {

namespace {
constexpr std::string_view kPreFilterStateKey = "PreFilterNodeAffinity";
constexpr std::string_view kPreScoreStateKey = "PreScoreNodeAffinity";

struct PreFilterState : StateData {
  RequiredNodeAffinity required;
};
struct PreScoreState : StateData {
  std::optional<PreferredSchedulingTerms> preferred;
};

const v1::NodeSelector* RequiredTerms(const v1::Pod& pod) {
  const auto& a = pod.spec.affinity;
  if (!a || !a->nodeAffinity || !a->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution) return nullptr;
  return &*a->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution;
}
}  // namespace

// New: the added affinity compiled once (upstream NewNodeSelector / NewPreferredSchedulingTerms;
// validation already refused terms that do not parse).
NodeAffinity::NodeAffinity(Handle h, const config::NodeAffinityArgs& args) : h_(h) {
  if (!args.addedAffinity) return;
  StringPool& pool = h_.cluster->pool();
  if (const auto& ns = args.addedAffinity->requiredDuringSchedulingIgnoredDuringExecution) {
    addedNodeSelector_.emplace();
    for (size_t i = 0; i < ns->nodeSelectorTerms.size(); ++i)
      addedNodeSelector_->push_back(
          CompileNodeSelectorTerm(ns->nodeSelectorTerms[i], pool, "[" + std::to_string(i) + "]"));
  }
  const auto& preferred = args.addedAffinity->preferredDuringSchedulingIgnoredDuringExecution;
  if (!preferred.empty()) {
    v1::Pod holder;  // GetPodPreferredNodeAffinity reads the terms off a pod
    holder.spec.affinity.emplace().nodeAffinity.emplace().preferredDuringSchedulingIgnoredDuringExecution = preferred;
    addedPrefSchedTerms_ = GetPodPreferredNodeAffinity(holder, pool);
  }
}

// NodeAffinity.PreFilter: skips pods without a node selector or required
// affinity (when the profile adds none), and narrows the nodes when every term names
// nodes by metadata.name.
Status NodeAffinity::PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult& result, CycleTrace*) {
  Cluster& c = *h_.cluster;
  const v1::Pod& spec = c.podSpec(pod.index);
  const v1::NodeSelector* required = RequiredTerms(spec);
  if (!required && !addedNodeSelector_ && spec.spec.nodeSelector.empty()) return Status::Make(Code::Skip);

  state.Write<PreFilterState>(kPreFilterStateKey).required = GetRequiredNodeAffinity(spec, c.pool());
  if (!required || required->nodeSelectorTerms.empty()) return Status::Ok();

  std::optional<std::set<std::string>> nodeNames;
  for (const auto& t : required->nodeSelectorTerms) {
    std::optional<std::set<std::string>> termNames;
    for (const auto& r : t.matchFields) {
      if (r.key != "metadata.name" || r.op != "In") continue;
      std::set<std::string> s(r.values.begin(), r.values.end());
      if (!termNames) {
        termNames = std::move(s);
      } else {  // requirements are ANDed: intersect
        std::set<std::string> both;
        for (const auto& n : *termNames)
          if (s.count(n)) both.insert(n);
        termNames = std::move(both);
      }
    }
    // A term without a metadata.name affinity admits every node (terms are ORed).
    if (!termNames) return Status::Ok();
    if (!nodeNames) nodeNames.emplace();
    nodeNames->insert(termNames->begin(), termNames->end());
  }
  if (nodeNames && nodeNames->empty()) return Status::Make(Code::UnschedulableAndUnresolvable, kErrReasonConflict);
  result.nodeNames = std::vector<std::string>(nodeNames->begin(), nodeNames->end());
  return Status::Ok();
}

// NodeAffinity.Filter
Status NodeAffinity::Filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node, CycleTrace*) {
  if (addedNodeSelector_) {
    bool match = false;  // NodeSelector.Match: any term
    for (const auto& t : *addedNodeSelector_) match = match || t.Match(node.View(), h_.cluster->pool());
    if (!match) return Status::Make(Code::UnschedulableAndUnresolvable, kErrReasonEnforced);
  }
  const auto* s = state.Read<PreFilterState>(kPreFilterStateKey);
  // Without PreFilter (disabled in the profile) upstream computes the affinity here.
  RequiredNodeAffinity fallback;
  if (!s) fallback = GetRequiredNodeAffinity(h_.cluster->podSpec(pod.index), h_.cluster->pool());
  const RequiredNodeAffinity& req = s ? s->required : fallback;
  if (!req.Match(node.View(), h_.cluster->pool()))
    return Status::Make(Code::UnschedulableAndUnresolvable, kErrReasonPod);
  return Status::Ok();
}

// NodeAffinity.PreScore
Status NodeAffinity::PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex>, CycleTrace*) {
  std::string error;
  auto preferred = GetPodPreferredNodeAffinity(h_.cluster->podSpec(pod.index), h_.cluster->pool(), &error);
  if (!error.empty()) return Status::AsError(error);
  if (!preferred && !addedPrefSchedTerms_) return Status::Make(Code::Skip);
  state.Write<PreScoreState>(kPreScoreStateKey).preferred = std::move(preferred);
  return Status::Ok();
}

// The pod's preferred terms: PreScore's, or parsed into `fallback` when PreScore did not run.
const std::optional<PreferredSchedulingTerms>& NodeAffinity::Preferred(
    const CycleState& state, const PodInfo& pod, std::optional<PreferredSchedulingTerms>& fallback) {
  if (const auto* s = state.Read<PreScoreState>(kPreScoreStateKey)) return s->preferred;
  fallback = GetPodPreferredNodeAffinity(h_.cluster->podSpec(pod.index), h_.cluster->pool());
  return fallback;
}

// NodeAffinity.Score: the sum of the weights of matching preferred terms.
Status NodeAffinity::Score(const CycleState& state, const PodInfo& pod, const NodeInfo& node, int64_t& score) {
  std::optional<PreferredSchedulingTerms> fallback;
  const auto& preferred = Preferred(state, pod, fallback);
  score = addedPrefSchedTerms_ ? addedPrefSchedTerms_->Score(node.View(), h_.cluster->pool()) : 0;
  if (preferred) score += preferred->Score(node.View(), h_.cluster->pool());
  return Status::Ok();
}

namespace {
// "disktype in (ssd) (weight 50) matches" for each term, after `whose`.
void AppendTerms(std::string& out, const std::string& whose, const PreferredSchedulingTerms& terms,
                 const NodeInfo& node, const StringPool& pool) {
  for (const auto& t : terms.terms) {
    std::string text = t.term.matchLabels ? SelectorString(*t.term.matchLabels, pool) : "";
    for (const auto& f : t.term.matchFields)
      helper::AppendPart(text, ",", std::string("metadata.name") + (f.in ? "=" : "!=") + pool.Str(f.name));
    helper::AppendPart(out, ", ",
                       whose + text + " (weight " + std::to_string(t.weight) + ")" +
                           (t.term.Match(node.View(), pool) ? " matches" : " does not match"));
  }
}
}  // namespace

ScoreExplanation NodeAffinity::ExplainScore(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                            std::span<const NodeScore> scores, int64_t) {
  const StringPool& pool = h_.cluster->pool();
  std::optional<PreferredSchedulingTerms> fallback;
  const auto& preferred = Preferred(state, pod, fallback);
  std::string terms;
  if (addedPrefSchedTerms_) AppendTerms(terms, "addedAffinity ", *addedPrefSchedTerms_, node, pool);
  if (preferred) AppendTerms(terms, "", *preferred, node, pool);
  int64_t score = 0;
  Score(state, pod, node, score);
  return {(terms.empty() ? "no preferred term" : terms) + "; sum of the matching weights " + std::to_string(score),
          helper::ExplainDefaultNormalizeScore(kMaxNodeScore, false, scores, score)};
}

Status NodeAffinity::NormalizeScore(const CycleState&, const PodInfo&, std::span<NodeScore> scores) {
  helper::DefaultNormalizeScore(kMaxNodeScore, false, scores);
  return Status::Ok();
}

}  // namespace spreadlab::plugins
