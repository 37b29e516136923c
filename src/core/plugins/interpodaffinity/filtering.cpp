// InterPodAffinity PreFilter and Filter (filtering.go).
#include "core/plugins/interpodaffinity/internal.h"
#include "core/plugins/interpodaffinity/plugin.h"

namespace spreadlab::plugins {

using namespace ipa;

namespace {
constexpr std::string_view kPreFilterStateKey = "PreFilterInterPodAffinity";

// preFilterState. The three topologyToMatchedTermCount maps are kept per
// topology key over the key's domains; for each of the incoming pod's terms, the
// column of its key and its key's slot in the map.
struct PreFilterState : StateData {
  TopologyMap existingAntiAffinityCounts;  // existing pods' required anti-affinity terms matching the pod
  TopologyMap affinityCounts;              // pods matching all of the pod's required affinity terms
  TopologyMap antiAffinityCounts;          // pods matching each of the pod's required anti-affinity terms
  std::vector<const TopologyColumn*> affinityColumns, antiAffinityColumns;
  std::vector<size_t> affinitySlots, antiAffinitySlots;
  bool selfMatch = false;  // podMatchesAllAffinityTerms(required affinity terms, the pod itself)
};

// podMatchesAllAffinityTerms: false without terms.
bool PodMatchesAllAffinityTerms(const std::vector<AffinityTerm>& terms, const PodInfo& pod, const StringPool& pool) {
  if (terms.empty()) return false;
  for (const auto& t : terms)
    if (!t.Matches(pod, nullptr, pool)) return false;  // namespaces merged: no namespace labels needed
  return true;
}
}  // namespace

// PreFilter: counts, per topology pair, the existing pods whose required
// anti-affinity terms match the pod (getExistingAntiAffinityCounts), and the
// existing pods matching the pod's required affinity / anti-affinity terms
// (getIncomingAffinityAntiAffinityCounts). Skip when there is nothing to check.
Status InterPodAffinity::PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult&, CycleTrace* trace) {
  Cluster& cluster = *h_.cluster;
  const StringPool& pool = cluster.pool();
  const IncomingTerms& in = Incoming(pod);
  const auto& affinityTerms = in.terms.requiredAffinity;
  const auto& antiAffinityTerms = in.terms.requiredAntiAffinity;
  SyncExisting();
  const LabelSet& nsLabels = NamespaceLabels(pod.nsSym);
  InterPodAffinityReport* report = trace ? &trace->interPodAffinity.emplace() : nullptr;
  if (report) {
    report->pod = pod.index;
    report->preFilterRan = true;
  }

  // Existing pods' anti-affinity, evaluated once per group of identical terms.
  TopologyMap& existing = scratchMap_;
  existing.Clear();
  for (size_t gi : existing_->requiredAnti) {
    const ExistingGroup& g = existing_->groups[gi];
    if (g.members.empty() || !g.term.Matches(pod, &nsLabels, pool)) continue;
    size_t slot = existing.Slot(g.term.topologyKey, cluster);
    existing.nonEmpty |= AddGroup(g, 1, existing.keys[slot]);
    if (report) report->filterTerms.push_back(ExistingTermReport(g, 0));
  }

  if (!existing.nonEmpty && affinityTerms.empty() && antiAffinityTerms.empty()) {
    if (report) report->preFilterCode = Code::Skip;
    return Status::Make(Code::Skip);
  }

  auto& s = state.Write<PreFilterState>(kPreFilterStateKey);
  std::swap(s.existingAntiAffinityCounts, existing);
  s.affinityCounts.Clear();
  s.antiAffinityCounts.Clear();

  // An existing pod counts for affinity only if it matches every term; it then
  // counts once for each term's topology pair.
  s.affinityColumns.resize(affinityTerms.size());
  s.affinitySlots.resize(affinityTerms.size());
  if (!affinityTerms.empty()) {
    termPtrs_.clear();
    for (const auto& t : affinityTerms) termPtrs_.push_back(&t);
    CountMatchingPods(termPtrs_, perNode_);
    for (size_t i = 0; i < affinityTerms.size(); ++i) {
      size_t slot = s.affinityCounts.Slot(affinityTerms[i].topologyKey, cluster);
      s.affinitySlots[i] = slot;
      s.affinityColumns[i] = s.affinityCounts.keys[slot].column;
      s.affinityCounts.nonEmpty |= AddPerNode(perNode_, 1, s.affinityCounts.keys[slot]);
      if (report)
        report->filterTerms.push_back(IncomingTermReport("requiredAffinity", affinityTerms[i], 0, pod, &perNode_));
    }
  }
  s.antiAffinityColumns.resize(antiAffinityTerms.size());
  s.antiAffinitySlots.resize(antiAffinityTerms.size());
  for (size_t i = 0; i < antiAffinityTerms.size(); ++i) {
    const AffinityTerm* t = &antiAffinityTerms[i];
    CountMatchingPods(std::span<const AffinityTerm* const>(&t, 1), perNode_);
    size_t slot = s.antiAffinityCounts.Slot(t->topologyKey, cluster);
    s.antiAffinitySlots[i] = slot;
    s.antiAffinityColumns[i] = s.antiAffinityCounts.keys[slot].column;
    s.antiAffinityCounts.nonEmpty |= AddPerNode(perNode_, 1, s.antiAffinityCounts.keys[slot]);
    if (report) report->filterTerms.push_back(IncomingTermReport("requiredAntiAffinity", *t, 0, pod, &perNode_));
  }
  s.selfMatch = PodMatchesAllAffinityTerms(affinityTerms, pod, pool);

  if (trace) {
    report->preFilterCode = Code::Success;
    report->selfMatch = s.selfMatch;
    MapReport(s.affinityCounts, pool, report->affinityCounts);
    MapReport(s.antiAffinityCounts, pool, report->antiAffinityCounts);
    MapReport(s.existingAntiAffinityCounts, pool, report->existingAntiAffinityCounts);
  }
  return Status::Ok();
}

// Filter: the pod's affinity (satisfyPodAffinity), its anti-affinity
// (satisfyPodAntiAffinity), then the existing pods' anti-affinity
// (satisfyExistingPodsAntiAffinity); the first one violated is the verdict.
Status InterPodAffinity::Filter(const CycleState& state, const PodInfo&, const NodeInfo& node, CycleTrace*) {
  const auto* s = state.Read<PreFilterState>(kPreFilterStateKey);
  if (!s) return Status::AsError("error reading \"PreFilterInterPodAffinity\" from cycleState: not found");
  const NodeIndex n = node.index;

  // Every topology key of the affinity terms must be on the node; then some pod
  // matching all terms must share each term's domain. Without any such pod in
  // the cluster, a pod matching its own terms may go to any node with the keys
  // (the first pod of a group with affinity to itself).
  bool podsExist = true;
  for (size_t i = 0; i < s->affinityColumns.size(); ++i) {
    int32_t d = s->affinityColumns[i]->domainOfNode[n];
    if (d < 0) return Status::Make(Code::UnschedulableAndUnresolvable, kErrReasonAffinityRulesNotMatch);
    if (s->affinityCounts.keys[s->affinitySlots[i]].perDomain[d] <= 0) podsExist = false;
  }
  if (!podsExist && !(!s->affinityCounts.nonEmpty && s->selfMatch))
    return Status::Make(Code::UnschedulableAndUnresolvable, kErrReasonAffinityRulesNotMatch);

  if (s->antiAffinityCounts.nonEmpty) {
    for (size_t i = 0; i < s->antiAffinityColumns.size(); ++i) {
      int32_t d = s->antiAffinityColumns[i]->domainOfNode[n];
      if (d >= 0 && s->antiAffinityCounts.keys[s->antiAffinitySlots[i]].perDomain[d] > 0)
        return Status::Make(Code::Unschedulable, kErrReasonAntiAffinityRulesNotMatch);
    }
  }

  // Upstream looks up every label of the node in the map; only the map's keys can hit.
  if (s->existingAntiAffinityCounts.nonEmpty) {
    for (const auto& k : s->existingAntiAffinityCounts.keys) {
      int32_t d = k.column->domainOfNode[n];
      if (d >= 0 && k.perDomain[d] > 0)
        return Status::Make(Code::Unschedulable, kErrReasonExistingAntiAffinityRulesNotMatch);
    }
  }
  return Status::Ok();
}

}  // namespace spreadlab::plugins
