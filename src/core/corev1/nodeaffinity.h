#pragma once
// Node selector and node affinity matching, as
// k8s.io/component-helpers/scheduling/corev1/nodeaffinity does it
// (RequiredNodeAffinity, LazyErrorNodeSelector, PreferredSchedulingTerms).
#include <optional>
#include <string>
#include <vector>

#include "core/api.h"
#include "core/labels.h"

namespace spreadlab {

// The node fields a selector term may look at (only metadata.name exists).
struct NodeView {
  const LabelSet& labels;
  Sym name;
};

// nodeSelectorTerm: ANDed label requirements and metadata.name requirements.
struct NodeSelectorTerm {
  bool empty = true;                     // no requirements at all: matches nothing
  std::vector<std::string> parseErrors;  // an invalid requirement: the term never matches
  std::optional<Selector> matchLabels;
  struct FieldReq {
    bool in = true;  // In (name equals) or NotIn (name differs)
    Sym name = kNoSym;
  };
  std::vector<FieldReq> matchFields;

  bool Match(const NodeView& node, const StringPool& pool) const;
};

// A requirement as text: "topology.kubernetes.io/zone In (zone-a,zone-b)".
std::string RequirementText(const v1::NodeSelectorRequirement& r);
// A node selector as text: each term's requirements joined by ", ", terms by " or ".
std::string NodeSelectorText(const v1::NodeSelector& selector);

// `path` prefixes the field paths of parse errors (e.g. "[0]").
NodeSelectorTerm CompileNodeSelectorTerm(const v1::NodeSelectorTerm& term, StringPool& pool, const std::string& path);

// RequiredNodeAffinity: spec.nodeSelector AND any of the required affinity terms.
struct RequiredNodeAffinity {
  std::optional<Selector> nodeSelector;
  std::optional<std::vector<NodeSelectorTerm>> affinityTerms;

  bool Match(const NodeView& node, const StringPool& pool) const;
  bool Trivial() const { return !nodeSelector && !affinityTerms; }
};

RequiredNodeAffinity GetRequiredNodeAffinity(const v1::Pod& pod, StringPool& pool);

// PreferredSchedulingTerms: terms with weight 0 or no requirements are dropped.
struct PreferredSchedulingTerms {
  struct Term {
    NodeSelectorTerm term;
    int32_t weight = 0;
  };
  std::vector<Term> terms;

  int64_t Score(const NodeView& node, const StringPool& pool) const;
};

// nullopt when the pod has no preferred node affinity (the plugin then skips),
// or when a term does not parse (then `error` says why, as upstream's
// NewPreferredSchedulingTerms).
std::optional<PreferredSchedulingTerms> GetPodPreferredNodeAffinity(const v1::Pod& pod, StringPool& pool,
                                                                    std::string* error = nullptr);

}  // namespace spreadlab
