#pragma once
// InterPodAffinity (pkg/scheduler/framework/plugins/interpodaffinity): required
// pod affinity and anti-affinity, both the incoming pod's and the existing
// pods' anti-affinity towards it, are enforced at PreFilter/Filter
// (filtering.cpp); preferred terms both ways, plus existing pods' required
// affinity weighted by hardPodAffinityWeight, are scored at
// PreScore/Score/NormalizeScore (scoring.cpp). plugin.cpp holds what both use:
// framework.AffinityTerm, the namespaces, and the counting of matching pods.
//
// Namespaces. A namespace is known to the scheduler only through its informer
// (nsLister), here through Scenario::namespaces. Since `kubectl get nodes,pods`
// output usually carries no Namespace objects, every namespace that a pod of
// the scenario lives in also counts as existing, and every namespace carries
// the label kubernetes.io/metadata.name=<name>, as the API server sets it on a
// real cluster's namespaces. A namespaceSelector therefore sees exactly these
// namespaces with these labels.
//
// matchLabelKeys / mismatchLabelKeys are not read here: upstream the API server
// merges them into labelSelector when the pod is created (pod strategy
// mutatePodAffinity), and the scheduler only sees the merged selector.
//
// Upstream's alpha InterPodAffinityHostnameFastPath gate (off by default) is a
// different evaluation of kubernetes.io/hostname terms; it is not modelled.
#include <memory>
#include <span>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "core/framework/interface.h"

namespace spreadlab::plugins {

// Types the plugin works with; their own namespace keeps these common names apart from
// other plugins'.
namespace ipa {

// framework.AffinityTerm: which pods a term is about (namespaces, or a
// namespaceSelector over namespace labels, and a label selector) and the
// topology key that defines "the same domain".
struct AffinityTerm {
  std::vector<Sym> namespaces;                       // sorted, unique
  Selector namespaceSelector = Selector::Nothing();  // nil namespaceSelector selects nothing
  Selector selector = Selector::Nothing();           // nil labelSelector selects nothing
  Sym topologyKey = kNoSym;

  // AffinityTerm.Matches: `nsLabels` are the labels of the pod's namespace
  // (null: none known, as upstream passes nil for merged terms).
  bool Matches(const PodInfo& pod, const LabelSet* nsLabels, const StringPool& pool) const;
};

struct WeightedAffinityTerm {
  AffinityTerm term;
  int32_t weight = 0;
};

// The terms framework.PodInfo parses from a pod's spec.affinity.
struct PodAffinityTerms {
  std::vector<AffinityTerm> requiredAffinity, requiredAntiAffinity;
  std::vector<WeightedAffinityTerm> preferredAffinity, preferredAntiAffinity;
};

}  // namespace ipa

namespace ipa {

// topologyToMatchedTermCount (or one key of preScoreState.topologyScore) for one
// topology key: a dense value per domain of the key's topology column, and
// whether upstream's map has an entry for the domain.
struct TopologyCounts {
  Sym key = kNoSym;
  const TopologyColumn* column = nullptr;
  std::vector<int64_t> perDomain;
  std::vector<uint8_t> present;
};

// A map topologyPair -> count as per-key dense arrays. `nonEmpty` is len(map) > 0.
struct TopologyMap {
  std::vector<TopologyCounts> keys;
  bool nonEmpty = false;
  void Clear() {
    keys.clear();
    nonEmpty = false;
  }
  // Index in `keys` of `key`, added (all domains absent) if new.
  size_t Slot(Sym key, const Cluster& cluster);
};

struct ExistingGroup;  // internal.h

}  // namespace ipa

class InterPodAffinity final : public PreFilterPlugin,
                               public FilterPlugin,
                               public PreScorePlugin,
                               public ScorePlugin,
                               public ScoreExplainer {
 public:
  static constexpr std::string_view kName = "InterPodAffinity";
  static constexpr std::string_view kErrReasonExistingAntiAffinityRulesNotMatch =
      "node(s) didn't satisfy existing pods anti-affinity rules";
  static constexpr std::string_view kErrReasonAffinityRulesNotMatch = "node(s) didn't match pod affinity rules";
  static constexpr std::string_view kErrReasonAntiAffinityRulesNotMatch =
      "node(s) didn't match pod anti-affinity rules";

  InterPodAffinity(Handle h, config::InterPodAffinityArgs args);
  ~InterPodAffinity() override;
  std::string_view Name() const override { return kName; }

  Status PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult& result, CycleTrace* trace) override;
  Status Filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node, CycleTrace* trace) override;
  Status PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex> feasible,
                  CycleTrace* trace) override;
  Status Score(const CycleState& state, const PodInfo& pod, const NodeInfo& node, int64_t& score) override;
  Status NormalizeScore(const CycleState& state, const PodInfo& pod, std::span<NodeScore> scores) override;
  // The terms (the pod's preferred ones, existing pods' matching it) counting pods in the
  // node's domains, each weight x pods; NormalizeScore's min and max. The terms are
  // listed when PreScore ran with a trace.
  ScoreExplanation ExplainScore(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                std::span<const NodeScore> scores, int64_t normalized) override;

  // The terms of `pod` as framework.NewPodInfo parses them (namespaces not merged).
  ipa::PodAffinityTerms ParseTerms(PodIndex pod);
  // mergeAffinityTermNamespacesIfNotEmpty: a namespaceSelector other than {} is
  // replaced by the names of the namespaces it selects.
  void MergeNamespaces(ipa::AffinityTerm& term) const;
  // GetNamespaceLabelsSnapshot: the labels of namespace `ns` (empty if unknown).
  const LabelSet& NamespaceLabels(Sym ns) const;

 private:
  struct ExistingIndex;
  struct IncomingTerms;

  // The incoming pod's terms with namespaces merged, cached for the pod last asked about.
  const IncomingTerms& Incoming(const PodInfo& pod);
  // Brings the index of existing pods' terms up to date with the cluster's bindings.
  void SyncExisting();
  // Per node, how many bound pods match every term in `terms` (terms with merged
  // namespaces, as the incoming pod's are).
  void CountMatchingPods(std::span<const ipa::AffinityTerm* const> terms, std::vector<int32_t>& perNode) const;
  // Adds multiplier * perNode[n] to `counts` at each node's domain; returns whether a
  // node of the key had a nonzero count (an entry was created).
  static bool AddPerNode(const std::vector<int32_t>& perNode, int64_t multiplier, ipa::TopologyCounts& counts);
  // Adds multiplier * the group's per-domain pod counts (an ipa::ExistingGroup, see internal.h).
  static bool AddGroup(const ipa::ExistingGroup& g, int64_t multiplier, ipa::TopologyCounts& counts);

  std::string TermNamespacesString(const ipa::AffinityTerm& t, bool merged) const;
  InterPodAffinityTermReport IncomingTermReport(std::string kind, const ipa::AffinityTerm& t, int32_t weight,
                                                const PodInfo& pod, const std::vector<int32_t>* perNode) const;
  // The report of an existing pods' term group (`weight` as applied).
  InterPodAffinityTermReport ExistingTermReport(const ipa::ExistingGroup& g, int32_t weight) const;
  static void MapReport(const ipa::TopologyMap& m, const StringPool& pool,
                        std::vector<std::tuple<std::string, std::string, int64_t>>& out);

  Handle h_;
  config::InterPodAffinityArgs args_;

  // Namespaces as the namespace informer would list them, with their labels.
  std::vector<std::pair<Sym, LabelSet>> namespaces_;
  std::unordered_map<Sym, size_t> namespaceIndex_;
  std::vector<uint8_t> namespaceHasPods_;  // parallel to namespaces_
  LabelSet noLabels_;
  std::vector<PodIndex> terminating_;  // pods with a deletionTimestamp (MatchCounts leaves them out)

  std::unique_ptr<IncomingTerms> incoming_;
  std::unique_ptr<ExistingIndex> existing_;
  // Scratch reused across cycles.
  ipa::TopologyMap scratchMap_;
  std::vector<int32_t> perNode_;
  std::vector<const ipa::AffinityTerm*> termPtrs_;
};

}  // namespace spreadlab::plugins
