#include "core/corev1/nodeaffinity.h"

#include "core/corev1/selectors.h"
#include "core/validation.h"

namespace spreadlab {

namespace {

std::string Invalid(const std::string& path, const std::string& value, const std::string& detail) {
  return path + ": Invalid value: \"" + value + "\": " + detail;
}

std::string Join(const std::vector<std::string>& parts, const char* sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? sep : "") + parts[i];
  return out;
}

// labels.NewRequirement's checks for a node selector requirement; the API
// server does not check values, so a pod can carry a term that never matches.
// Returns the field errors under `path`.
std::vector<std::string> RequirementErrors(const v1::NodeSelectorRequirement& r, const std::string& path) {
  std::vector<std::string> errs;
  if (auto e = QualifiedNameErrors(r.key); !e.empty()) errs.push_back(Invalid(path + ".key", r.key, Join(e, "; ")));
  const std::string vp = path + ".values";
  int64_t n;
  if (r.op == "In" || r.op == "NotIn") {
    if (r.values.empty())
      errs.push_back(vp + ": Invalid value: []: for 'in', 'notin' operators, values set can't be empty");
  } else if (r.op == "Exists" || r.op == "DoesNotExist") {
    if (!r.values.empty())
      errs.push_back(vp + ": Invalid value: [...]: values set must be empty for exists and does not exist");
  } else if (r.op == "Gt" || r.op == "Lt") {
    if (r.values.size() != 1)
      errs.push_back(vp + ": Invalid value: [...]: for 'Gt', 'Lt' operators, exactly one value is required");
    for (size_t i = 0; i < r.values.size(); ++i)
      if (!ParseInt64(r.values[i], &n))
        errs.push_back(Invalid(vp + "[" + std::to_string(i) + "]", r.values[i],
                               "for 'Gt', 'Lt' operators, the value must be an integer"));
  } else {
    errs.push_back(path + ".operator: Unsupported value: \"" + r.op + "\"");
  }
  for (size_t i = 0; i < r.values.size(); ++i)
    if (auto e = LabelValueErrors(r.values[i]); !e.empty())
      errs.push_back(Invalid(vp + "[" + std::to_string(i) + "]", r.values[i], Join(e, "; ")));
  return errs;
}

}  // namespace

std::string RequirementText(const v1::NodeSelectorRequirement& r) {
  std::string values;
  for (const auto& v : r.values) values += (values.empty() ? "" : ",") + v;
  return r.key + " " + r.op + (values.empty() ? "" : " (" + values + ")");
}

std::string NodeSelectorText(const v1::NodeSelector& selector) {
  std::string out;
  for (const v1::NodeSelectorTerm& t : selector.nodeSelectorTerms) {
    std::string term;
    for (const auto* list : {&t.matchExpressions, &t.matchFields})
      for (const v1::NodeSelectorRequirement& r : *list) term += (term.empty() ? "" : ", ") + RequirementText(r);
    out += (out.empty() ? "" : " or ") + term;
  }
  return out;
}

NodeSelectorTerm CompileNodeSelectorTerm(const v1::NodeSelectorTerm& term, StringPool& pool, const std::string& path) {
  NodeSelectorTerm t;
  t.empty = term.matchExpressions.empty() && term.matchFields.empty();
  if (!term.matchExpressions.empty()) {
    Selector s;
    for (size_t i = 0; i < term.matchExpressions.size(); ++i) {
      const auto& r = term.matchExpressions[i];
      auto errs = RequirementErrors(r, path + ".matchExpressions[" + std::to_string(i) + "]");
      if (!errs.empty()) {
        t.parseErrors.insert(t.parseErrors.end(), errs.begin(), errs.end());
        continue;
      }
      s.Add(MakeRequirement(r.key, SelOpFromString(r.op), r.values, pool));
    }
    t.matchLabels = std::move(s);
  }
  // nodeSelectorRequirementsAsFieldSelector: metadata.name with In/NotIn and one value.
  for (size_t i = 0; i < term.matchFields.size(); ++i) {
    const auto& r = term.matchFields[i];
    const std::string fp = path + ".matchFields[" + std::to_string(i) + "]";
    if (r.key != "metadata.name") {
      t.parseErrors.push_back(Invalid(fp + ".key", r.key, "not a valid field selector key"));
    } else if ((r.op != "In" && r.op != "NotIn") || r.values.size() != 1) {
      t.parseErrors.push_back(fp + ": Invalid value: \"" + r.op +
                              "\": field selector requires In or NotIn with one value");
    } else {
      t.matchFields.push_back({r.op == "In", pool.Intern(r.values[0])});
    }
  }
  return t;
}

// nodeSelectorTerm.match
bool NodeSelectorTerm::Match(const NodeView& node, const StringPool& pool) const {
  if (empty || !parseErrors.empty()) return false;
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
      terms.push_back(CompileNodeSelectorTerm(t, pool, ""));
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

std::optional<PreferredSchedulingTerms> GetPodPreferredNodeAffinity(const v1::Pod& pod, StringPool& pool,
                                                                    std::string* error) {
  const auto& aff = pod.spec.affinity;
  if (!aff || !aff->nodeAffinity) return std::nullopt;
  // Go distinguishes a nil slice from an empty one; JSON `[]` and absence both
  // leave no terms, which scores zero everywhere either way.
  const auto& preferred = aff->nodeAffinity->preferredDuringSchedulingIgnoredDuringExecution;
  if (preferred.empty()) return std::nullopt;
  PreferredSchedulingTerms p;
  std::vector<std::string> errs;
  for (size_t i = 0; i < preferred.size(); ++i) {
    const auto& t = preferred[i];
    if (t.weight == 0 || (t.preference.matchExpressions.empty() && t.preference.matchFields.empty())) continue;
    NodeSelectorTerm term = CompileNodeSelectorTerm(t.preference, pool, "[" + std::to_string(i) + "]");
    errs.insert(errs.end(), term.parseErrors.begin(), term.parseErrors.end());
    p.terms.push_back({std::move(term), t.weight});
  }
  // NewPreferredSchedulingTerms fails on any parse error (errors.Flatten of the aggregate).
  if (!errs.empty()) {
    if (error) *error = errs.size() == 1 ? errs[0] : "[" + Join(errs, ", ") + "]";
    return std::nullopt;
  }
  return p;
}

}  // namespace spreadlab
