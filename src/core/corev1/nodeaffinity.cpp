#include "core/corev1/nodeaffinity.h"

#include "core/corev1/selectors.h"

namespace spreadlab {

// nodeSelectorRequirementsAsSelector's validity rules (labels.NewRequirement).
static bool ValidNodeRequirement(const v1::NodeSelectorRequirement& r) {
  if (r.op == "In" || r.op == "NotIn") return !r.values.empty();
  if (r.op == "Exists" || r.op == "DoesNotExist") return r.values.empty();
  int64_t n;
  if (r.op == "Gt" || r.op == "Lt") return r.values.size() == 1 && ParseInt64(r.values[0], &n);
  return false;
}

NodeSelectorTerm CompileNodeSelectorTerm(const v1::NodeSelectorTerm& term, StringPool& pool) {
  NodeSelectorTerm t;
  t.empty = term.matchExpressions.empty() && term.matchFields.empty();
  if (!term.matchExpressions.empty()) {
    Selector s;
    for (const auto& r : term.matchExpressions) {
      if (!ValidNodeRequirement(r)) t.parseError = true;
      else s.Add(MakeRequirement(r.key, SelOpFromString(r.op), r.values, pool));
    }
    t.matchLabels = std::move(s);
  }
  // nodeSelectorRequirementsAsFieldSelector: metadata.name with In/NotIn and one value.
  for (const auto& r : term.matchFields) {
    if (r.key != "metadata.name" || (r.op != "In" && r.op != "NotIn") || r.values.size() != 1) {
      t.parseError = true;
      continue;
    }
    t.matchFields.push_back({r.op == "In", pool.Intern(r.values[0])});
  }
  return t;
}

// nodeSelectorTerm.match
bool NodeSelectorTerm::Match(const NodeView& node, const StringPool& pool) const {
  if (empty || parseError) return false;
  if (matchLabels && !matchLabels->Matches(node.labels, pool)) return false;
  for (const auto& f : matchFields)
    if ((node.name == f.name) != f.in) return false;
  return true;
}

bool RequiredNodeAffinity::Match(const NodeView& node, const StringPool& pool) const {
  if (nodeSelector && !nodeSelector->Matches(node.labels, pool)) return false;
  if (!affinityTerms) return true;
  for (const auto& t : *affinityTerms)
    if (t.Match(node, pool)) return true;
  return false;
}

RequiredNodeAffinity GetRequiredNodeAffinity(const v1::Pod& pod, StringPool& pool) {
  RequiredNodeAffinity r;
  if (!pod.spec.nodeSelector.empty()) r.nodeSelector = SelectorFromSet(pod.spec.nodeSelector, pool);
  const auto& aff = pod.spec.affinity;
  if (aff && aff->nodeAffinity && aff->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution) {
    std::vector<NodeSelectorTerm> terms;
    for (const auto& t : aff->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution->nodeSelectorTerms)
      terms.push_back(CompileNodeSelectorTerm(t, pool));
    r.affinityTerms = std::move(terms);
  }
  return r;
}

int64_t PreferredSchedulingTerms::Score(const NodeView& node, const StringPool& pool) const {
  int64_t score = 0;
  for (const auto& t : terms)
    if (t.term.Match(node, pool)) score += t.weight;
  return score;
}

std::optional<PreferredSchedulingTerms> GetPodPreferredNodeAffinity(const v1::Pod& pod, StringPool& pool) {
  const auto& aff = pod.spec.affinity;
  if (!aff || !aff->nodeAffinity) return std::nullopt;
  // Go distinguishes a nil slice from an empty one; JSON `[]` and absence both
  // leave no terms, which scores zero everywhere either way.
  if (aff->nodeAffinity->preferredDuringSchedulingIgnoredDuringExecution.empty()) return std::nullopt;
  PreferredSchedulingTerms p;
  for (const auto& t : aff->nodeAffinity->preferredDuringSchedulingIgnoredDuringExecution) {
    if (t.weight == 0 || (t.preference.matchExpressions.empty() && t.preference.matchFields.empty())) continue;
    p.terms.push_back({CompileNodeSelectorTerm(t.preference, pool), t.weight});
  }
  return p;
}

}  // namespace spreadlab
