#pragma once
// Node selector and node affinity matching, as
// k8s.io/component-helpers/scheduling/corev1/nodeaffinity does it
// (RequiredNodeAffinity, LazyErrorNodeSelector, PreferredSchedulingTerms).
#include <optional>
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
  bool empty = true;       // no requirements at all: matches nothing
  bool parseError = false;  // an invalid requirement: the term never matches
  std::optional<Selector> matchLabels;
  struct FieldReq {
    bool in = true;  // In (name equals) or NotIn (name differs)
    Sym name = kNoSym;
  };
  std::vector<FieldReq> matchFields;

  bool Match(const NodeView& node, const StringPool& pool) const;
};

NodeSelectorTerm CompileNodeSelectorTerm(const v1::NodeSelectorTerm& term, StringPool& pool);

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

// nullopt when the pod has no preferred node affinity (the plugin then skips).
std::optional<PreferredSchedulingTerms> GetPodPreferredNodeAffinity(const v1::Pod& pod, StringPool& pool);

}  // namespace spreadlab
