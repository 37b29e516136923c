// InterPodAffinity: what PreFilter/Filter and PreScore/Score share (plugin.go,
// and the AffinityTerm parts of pkg/scheduler/framework/types.go).
#include "core/plugins/interpodaffinity/plugin.h"

#include <algorithm>
#include <cstring>

#include "core/corev1/selectors.h"
#include "core/plugins/interpodaffinity/internal.h"

namespace spreadlab::plugins {

using namespace ipa;

namespace {

constexpr const char* kLabelMetadataName = "kubernetes.io/metadata.name";

// Above this many namespaces a term's matching pods are counted by one pass
// over the pods rather than one cached per-namespace count each.
constexpr size_t kMaxIndexedNamespaces = 4;

void SortUnique(std::vector<Sym>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// framework.newAffinityTerm
AffinityTerm NewAffinityTerm(const PodInfo& pod, const v1::PodAffinityTerm& t, StringPool& pool) {
  AffinityTerm a;
  a.selector = LabelSelectorAsSelector(t.labelSelector, pool);
  // getNamespacesFromPodAffinityTerm: the pod's own namespace when neither
  // namespaces nor namespaceSelector is set.
  if (t.namespaces.empty() && !t.namespaceSelector) {
    a.namespaces.push_back(pod.nsSym);
  } else {
    for (const auto& n : t.namespaces) a.namespaces.push_back(pool.Intern(n));
    SortUnique(a.namespaces);
  }
  a.namespaceSelector = LabelSelectorAsSelector(t.namespaceSelector, pool);
  a.topologyKey = pool.Intern(t.topologyKey);
  return a;
}

template <class T>
void AppendRaw(std::string& k, T v) {
  char buf[sizeof(T)];
  std::memcpy(buf, &v, sizeof(T));
  k.append(buf, sizeof(T));
}

void AppendSelector(std::string& k, const Selector& s) {
  if (s.IsNothing()) {
    k += 'N';
    return;
  }
  k += 'S';
  AppendRaw(k, static_cast<uint32_t>(s.Requirements().size()));
  for (const auto& r : s.Requirements()) {
    AppendRaw(k, r.key);
    AppendRaw(k, static_cast<uint8_t>(r.op));
    AppendRaw(k, static_cast<uint8_t>(r.numberValid));
    AppendRaw(k, r.number);
    AppendRaw(k, static_cast<uint32_t>(r.values.size()));
    for (Sym v : r.values) AppendRaw(k, v);
  }
}

// Identity of an existing pod's term for grouping.
std::string GroupKey(ExistingKind kind, int32_t weight, const AffinityTerm& t) {
  std::string k;
  AppendRaw(k, static_cast<uint8_t>(kind));
  AppendRaw(k, weight);
  AppendRaw(k, t.topologyKey);
  AppendRaw(k, static_cast<uint32_t>(t.namespaces.size()));
  for (Sym n : t.namespaces) AppendRaw(k, n);
  AppendSelector(k, t.namespaceSelector);
  AppendSelector(k, t.selector);
  return k;
}

}  // namespace

// AffinityTerm.Matches: the pod is in one of the term's namespaces, or its
// namespace's labels match the namespaceSelector; and its labels match the selector.
bool AffinityTerm::Matches(const PodInfo& pod, const LabelSet* nsLabels, const StringPool& pool) const {
  static const LabelSet kNoLabels;
  if (!std::binary_search(namespaces.begin(), namespaces.end(), pod.nsSym) &&
      !namespaceSelector.Matches(nsLabels ? *nsLabels : kNoLabels, pool))
    return false;
  return selector.Matches(pod.labels, pool);
}

size_t TopologyMap::Slot(Sym key, const Cluster& cluster) {
  for (size_t i = 0; i < keys.size(); ++i)
    if (keys[i].key == key) return i;
  TopologyCounts c;
  c.key = key;
  c.column = &cluster.Column(key);
  c.perDomain.assign(c.column->domainValue.size(), 0);
  c.present.assign(c.column->domainValue.size(), 0);
  keys.push_back(std::move(c));
  return keys.size() - 1;
}

InterPodAffinity::InterPodAffinity(Handle h, config::InterPodAffinityArgs args)
    : h_(h), args_(args), incoming_(std::make_unique<IncomingTerms>()), existing_(std::make_unique<ExistingIndex>()) {
  Cluster& cluster = *h_.cluster;
  StringPool& pool = cluster.pool();
  const Sym nameKey = pool.Intern(kLabelMetadataName);
  auto add = [&](Sym s, const v1::LabelMap* labels) -> size_t {
    auto [it, fresh] = namespaceIndex_.try_emplace(s, namespaces_.size());
    if (fresh) {
      LabelSet ls = labels ? MakeLabelSet(*labels, pool) : LabelSet();
      ls.Set(nameKey, s);  // the API server keeps kubernetes.io/metadata.name equal to the name
      namespaces_.emplace_back(s, std::move(ls));
      namespaceHasPods_.push_back(0);
    }
    return it->second;
  };
  for (const auto& ns : cluster.scenario().namespaces) add(pool.Intern(ns.metadata.name), &ns.metadata.labels);
  // Once per framework over every pod (why() builds one per variant): the namespace the
  // cluster interned, and the previous pod's index while the namespace stays the same.
  Sym lastNs = kNoSym;
  size_t lastIndex = 0;
  for (const PodInfo& p : cluster.pods()) {
    if (p.nsSym != lastNs || lastNs == kNoSym) lastNs = p.nsSym, lastIndex = add(p.nsSym, nullptr);
    namespaceHasPods_[lastIndex] = 1;
    if (p.terminating) terminating_.push_back(p.index);
  }
}

InterPodAffinity::~InterPodAffinity() = default;

const LabelSet& InterPodAffinity::NamespaceLabels(Sym ns) const {
  auto it = namespaceIndex_.find(ns);
  return it == namespaceIndex_.end() ? noLabels_ : namespaces_[it->second].second;
}

// framework.NewPodInfo: required terms of podAffinity / podAntiAffinity and the
// preferred ones with their weights.
PodAffinityTerms InterPodAffinity::ParseTerms(PodIndex podIndex) {
  Cluster& cluster = *h_.cluster;
  StringPool& pool = cluster.pool();
  const PodInfo& pod = cluster.pod(podIndex);
  PodAffinityTerms out;
  const auto& affinity = cluster.podSpec(podIndex).spec.affinity;
  if (!affinity) return out;
  if (const auto& a = affinity->podAffinity) {
    for (const auto& t : a->requiredDuringSchedulingIgnoredDuringExecution)
      out.requiredAffinity.push_back(NewAffinityTerm(pod, t, pool));
    for (const auto& t : a->preferredDuringSchedulingIgnoredDuringExecution)
      out.preferredAffinity.push_back({NewAffinityTerm(pod, t.podAffinityTerm, pool), t.weight});
  }
  if (const auto& a = affinity->podAntiAffinity) {
    for (const auto& t : a->requiredDuringSchedulingIgnoredDuringExecution)
      out.requiredAntiAffinity.push_back(NewAffinityTerm(pod, t, pool));
    for (const auto& t : a->preferredDuringSchedulingIgnoredDuringExecution)
      out.preferredAntiAffinity.push_back({NewAffinityTerm(pod, t.podAffinityTerm, pool), t.weight});
  }
  return out;
}

// mergeAffinityTermNamespacesIfNotEmpty: an empty namespaceSelector ({}) keeps
// matching every namespace; any other (including none, which selects nothing)
// is replaced by the namespaces it selects, so that matching the term no longer
// needs namespace labels.
void InterPodAffinity::MergeNamespaces(AffinityTerm& term) const {
  if (term.namespaceSelector.Empty()) return;
  const StringPool& pool = h_.cluster->pool();
  for (const auto& [name, labels] : namespaces_)
    if (term.namespaceSelector.Matches(labels, pool)) term.namespaces.push_back(name);
  SortUnique(term.namespaces);
  term.namespaceSelector = Selector::Nothing();
}

const InterPodAffinity::IncomingTerms& InterPodAffinity::Incoming(const PodInfo& pod) {
  IncomingTerms& in = *incoming_;
  if (in.pod == pod.index) return in;
  in.pod = pod.index;
  in.terms = ParseTerms(pod.index);
  for (auto& t : in.terms.requiredAffinity) MergeNamespaces(t);
  for (auto& t : in.terms.requiredAntiAffinity) MergeNamespaces(t);
  for (auto& t : in.terms.preferredAffinity) MergeNamespaces(t.term);
  for (auto& t : in.terms.preferredAntiAffinity) MergeNamespaces(t.term);
  const auto& affinity = h_.cluster->podSpec(pod.index).spec.affinity;
  in.hasPreferredAffinity = affinity && affinity->podAffinity &&
                            !affinity->podAffinity->preferredDuringSchedulingIgnoredDuringExecution.empty();
  in.hasPreferredAntiAffinity = affinity && affinity->podAntiAffinity &&
                                !affinity->podAntiAffinity->preferredDuringSchedulingIgnoredDuringExecution.empty();
  return in;
}

// Indexes the terms of pods bound since the last call, read from the cluster's list of
// bound pods with affinity (appended to by Bind).
void InterPodAffinity::SyncExisting() {
  Cluster& cluster = *h_.cluster;
  ExistingIndex& x = *existing_;
  if (x.synced && x.generation == cluster.generation()) return;
  // A pod unbound since (a preemption's or a nomination's what-if) leaves the index stale:
  // it is built again from the pods bound now.
  if (x.removals != cluster.affinityRemovals()) {
    *existing_ = ExistingIndex{};
    x.removals = cluster.affinityRemovals();
  }
  auto add = [&](ExistingKind kind, int32_t weight, const AffinityTerm& term, PodIndex pod, NodeIndex node) {
    auto [it, fresh] = x.byKey.try_emplace(GroupKey(kind, weight, term), x.groups.size());
    if (fresh) {
      ExistingGroup g;
      g.kind = kind;
      g.weight = weight;
      g.term = term;
      g.column = &cluster.Column(term.topologyKey);
      (kind == ExistingKind::RequiredAntiAffinity ? x.requiredAnti : x.scoring).push_back(x.groups.size());
      x.groups.push_back(std::move(g));
    }
    ExistingGroup& g = x.groups[it->second];
    int32_t d = g.column->domainOfNode[node];
    if (d < 0) return;  // topologyToMatchedTermCount.update: only nodes with the key count
    g.members.emplace_back(pod, d);
    if (!g.perDomain.empty()) {
      ++g.perDomain[d];
    } else if (g.members.size() > g.column->domainValue.size()) {
      g.perDomain.assign(g.column->domainValue.size(), 0);
      for (const auto& m : g.members) ++g.perDomain[m.second];
    }
  };
  const std::vector<PodIndex>& bound = cluster.boundWithAffinity();
  for (; x.seen < bound.size(); ++x.seen) {
    PodIndex p = bound[x.seen];
    NodeIndex node = cluster.pod(p).node;
    PodAffinityTerms t = ParseTerms(p);
    for (const auto& term : t.requiredAffinity) add(ExistingKind::RequiredAffinity, 0, term, p, node);
    for (const auto& term : t.requiredAntiAffinity) add(ExistingKind::RequiredAntiAffinity, 0, term, p, node);
    for (const auto& w : t.preferredAffinity) add(ExistingKind::PreferredAffinity, w.weight, w.term, p, node);
    for (const auto& w : t.preferredAntiAffinity) add(ExistingKind::PreferredAntiAffinity, w.weight, w.term, p, node);
  }
  x.synced = true;
  x.generation = cluster.generation();
}

// Per node, the bound pods that match all of `terms` (podMatchesAllAffinityTerms),
// terminating pods included as NodeInfo.Pods includes them. The terms' namespaces
// are merged, so each term's namespace condition is a set of names or all
// namespaces, and matching all terms means: a namespace in every set, and labels
// matching the conjunction of the selectors. That is read from the cluster's
// per-(namespace, selector) counts when it can be, else counted pod by pod.
void InterPodAffinity::CountMatchingPods(std::span<const AffinityTerm* const> terms,
                                         std::vector<int32_t>& perNode) const {
  const Cluster& cluster = *h_.cluster;
  const StringPool& pool = cluster.pool();
  perNode.assign(cluster.nodes().size(), 0);
  if (terms.empty()) return;
  bool allNamespaces = true;
  std::vector<Sym> ns;
  Selector sel;
  for (const AffinityTerm* t : terms) {
    if (t->selector.IsNothing()) return;
    for (const auto& r : t->selector.Requirements()) sel.Add(r);
    if (t->namespaceSelector.Empty()) continue;  // every namespace
    if (allNamespaces) {
      ns = t->namespaces;
      allNamespaces = false;
    } else {
      std::vector<Sym> both;
      std::set_intersection(ns.begin(), ns.end(), t->namespaces.begin(), t->namespaces.end(), std::back_inserter(both));
      ns.swap(both);
    }
  }
  if (!allNamespaces) {
    // Namespaces without pods cannot match.
    std::erase_if(ns, [&](Sym n) {
      auto it = namespaceIndex_.find(n);
      return it == namespaceIndex_.end() || !namespaceHasPods_[it->second];
    });
    if (ns.empty()) return;
  }
  // MatchCounts counts nothing for an empty selector, so "every pod" is counted here.
  if (allNamespaces || sel.Empty() || ns.size() > kMaxIndexedNamespaces) {
    for (const PodInfo& p : cluster.pods()) {
      if (p.node == kNone) continue;
      if (!allNamespaces && !std::binary_search(ns.begin(), ns.end(), p.nsSym)) continue;
      if (sel.Matches(p.labels, pool)) ++perNode[p.node];
    }
    return;
  }
  for (Sym n : ns) {
    const std::vector<int32_t>& counts = cluster.MatchCounts(n, sel);
    for (size_t i = 0; i < counts.size(); ++i) perNode[i] += counts[i];
  }
  // MatchCounts leaves terminating pods out (PodTopologySpread ignores them);
  // inter-pod affinity counts them.
  for (PodIndex pi : terminating_) {
    const PodInfo& p = cluster.pod(pi);
    if (p.node != kNone && std::binary_search(ns.begin(), ns.end(), p.nsSym) && sel.Matches(p.labels, pool))
      ++perNode[p.node];
  }
}

bool InterPodAffinity::AddPerNode(const std::vector<int32_t>& perNode, int64_t multiplier, TopologyCounts& counts) {
  bool added = false;
  const auto& domainOf = counts.column->domainOfNode;
  for (size_t n = 0; n < perNode.size(); ++n) {
    if (perNode[n] == 0) continue;
    int32_t d = domainOf[n];
    if (d < 0) continue;
    counts.perDomain[d] += multiplier * perNode[n];
    counts.present[d] = 1;
    added = true;
  }
  return added;
}

bool InterPodAffinity::AddGroup(const ExistingGroup& g, int64_t multiplier, TopologyCounts& counts) {
  if (g.members.empty()) return false;
  if (g.perDomain.empty()) {
    for (const auto& [pod, d] : g.members) {
      counts.perDomain[d] += multiplier;
      counts.present[d] = 1;
    }
  } else {
    for (size_t d = 0; d < g.perDomain.size(); ++d) {
      if (g.perDomain[d] == 0) continue;
      counts.perDomain[d] += multiplier * g.perDomain[d];
      counts.present[d] = 1;
    }
  }
  return true;
}

std::vector<int64_t> ipa::DomainCounts(const std::vector<int32_t>& perNode, const TopologyColumn& column) {
  std::vector<int64_t> perDomain(column.domainValue.size(), 0);
  for (size_t n = 0; n < perNode.size(); ++n)
    if (column.domainOfNode[n] >= 0) perDomain[column.domainOfNode[n]] += perNode[n];
  return perDomain;
}

std::vector<int64_t> ipa::DomainCounts(const ExistingGroup& g) {
  std::vector<int64_t> perDomain(g.column->domainValue.size(), 0);
  for (const auto& m : g.members) ++perDomain[m.second];
  return perDomain;
}

// --- explanations ---

std::string InterPodAffinity::TermNamespacesString(const AffinityTerm& t, bool merged) const {
  const StringPool& pool = h_.cluster->pool();
  if (merged && t.namespaceSelector.Empty()) return "<all>";
  std::vector<std::string> names;
  for (Sym n : t.namespaces) names.push_back(pool.Str(n));
  std::sort(names.begin(), names.end());
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i ? "," : "") + names[i];
  if (!merged && !t.namespaceSelector.IsNothing())
    out += (out.empty() ? "" : " + ") + std::string("namespaceSelector ") + SelectorString(t.namespaceSelector, pool);
  return out.empty() ? "<none>" : out;
}

InterPodAffinityTermReport InterPodAffinity::IncomingTermReport(std::string kind, const AffinityTerm& t, int32_t weight,
                                                                const PodInfo& pod,
                                                                const std::vector<int32_t>* perNode) const {
  const Cluster& cluster = *h_.cluster;
  const StringPool& pool = cluster.pool();
  InterPodAffinityTermReport r;
  r.kind = std::move(kind);
  r.topologyKey = pool.Str(t.topologyKey);
  r.selector = SelectorString(t.selector, pool);
  r.namespaces = TermNamespacesString(t, true);
  r.weight = weight;
  r.selfMatch = t.Matches(pod, nullptr, pool);
  if (perNode) {
    const TopologyColumn& col = cluster.Column(t.topologyKey);
    const std::vector<int64_t> perDomain = DomainCounts(*perNode, col);
    for (size_t d = 0; d < perDomain.size(); ++d)
      if (perDomain[d]) r.domains.emplace_back(pool.Str(col.domainValue[d]), perDomain[d]);
  }
  return r;
}

InterPodAffinityTermReport InterPodAffinity::ExistingTermReport(const ExistingGroup& g, int32_t weight) const {
  const StringPool& pool = h_.cluster->pool();
  InterPodAffinityTermReport r;
  r.kind = "existingRequiredAntiAffinity";
  r.topologyKey = pool.Str(g.term.topologyKey);
  r.selector = SelectorString(g.term.selector, pool);
  r.namespaces = TermNamespacesString(g.term, false);
  r.weight = weight;
  const std::vector<int64_t> perDomain = DomainCounts(g);
  std::vector<uint32_t> position(perDomain.size(), 0);
  for (size_t d = 0; d < perDomain.size(); ++d) {
    if (!perDomain[d]) continue;
    position[d] = static_cast<uint32_t>(r.domains.size());
    r.domains.emplace_back(pool.Str(g.column->domainValue[d]), perDomain[d]);
  }
  r.owners.reserve(g.members.size());
  for (const auto& [p, d] : g.members) r.owners.emplace_back(p, position[d]);
  return r;
}

void InterPodAffinity::MapReport(const TopologyMap& m, const StringPool& pool,
                                 std::vector<std::tuple<std::string, std::string, int64_t>>& out) {
  out.clear();
  for (const auto& k : m.keys)
    for (size_t d = 0; d < k.perDomain.size(); ++d)
      if (k.present[d]) out.emplace_back(pool.Str(k.key), pool.Str(k.column->domainValue[d]), k.perDomain[d]);
  std::sort(out.begin(), out.end());
}

}  // namespace spreadlab::plugins
