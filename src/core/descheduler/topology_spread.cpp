#include "core/descheduler/topology_spread.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/corev1/nodeaffinity.h"
#include "core/corev1/selectors.h"
#include "core/plugins/defaultpreemption/default_preemption.h"

namespace spreadlab::descheduler {

namespace {

constexpr int32_t kSystemCriticalPriority = 2000000000;  // scheduling.SystemCriticalPriority

// topologySpreadConstraint: the constraint as one pod states it, its selector merged with
// the pod's matchLabelKeys values (newTopologySpreadConstraint).
struct Constraint {
  int32_t maxSkew = 0;
  std::string topologyKey;
  Selector selector;
  bool honorNodeAffinity = true;  // nodeAffinityPolicy, default Honor
  bool honorNodeTaints = false;   // nodeTaintsPolicy, default Ignore
  PodIndex pod = kNone;           // whose node affinity and tolerations count
  std::string identity;           // hasIdenticalConstraints compares these
};

// The fields hasIdenticalConstraints' reflect.DeepEqual looks at, as text: the
// constraint, the merged labels, and the pod's node affinity and tolerations.
std::string Identity(const v1::TopologySpreadConstraint& c, const v1::LabelMap& merged, const v1::Pod& pod,
                     const std::string& selector) {
  std::string id = std::to_string(c.maxSkew) + '\0' + c.topologyKey + '\0' + selector + '\0' +
                   c.nodeAffinityPolicy.value_or("Honor") + '\0' + c.nodeTaintsPolicy.value_or("Ignore") + '\0';
  for (const auto& [k, v] : merged) id += k + '=' + v + ',';
  id += '\0';
  for (const auto& [k, v] : pod.spec.nodeSelector) id += k + '=' + v + ',';
  if (pod.spec.affinity && pod.spec.affinity->nodeAffinity &&
      pod.spec.affinity->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution)
    for (const auto& t :
         pod.spec.affinity->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution->nodeSelectorTerms) {
      id += '|';
      for (const auto& r : t.matchExpressions) {
        id += r.key + ' ' + r.op;
        for (const auto& v : r.values) id += ' ' + v;
        id += ';';
      }
      for (const auto& r : t.matchFields) {
        id += "field " + r.key + ' ' + r.op;
        for (const auto& v : r.values) id += ' ' + v;
        id += ';';
      }
    }
  id += '\0';
  for (const auto& t : pod.spec.tolerations)
    id += t.key + ' ' + t.op + ' ' + t.value + ' ' + t.effect + ' ' + std::to_string(t.tolerationSeconds.value_or(-1)) +
          ';';
  return id;
}

Constraint Compile(Cluster& cluster, PodIndex p, const v1::TopologySpreadConstraint& c) {
  const v1::Pod& pod = cluster.podSpec(p);
  Constraint out;
  out.maxSkew = c.maxSkew;
  out.topologyKey = c.topologyKey;
  out.honorNodeAffinity = c.nodeAffinityPolicy.value_or("Honor") == "Honor";
  out.honorNodeTaints = c.nodeTaintsPolicy.value_or("Ignore") == "Honor";
  out.pod = p;
  // mergeLabelSetWithSelector: the pod's values of matchLabelKeys ANDed with the selector
  // (a nil selector selects nothing and stays so).
  v1::LabelMap merged;
  std::optional<v1::LabelSelector> selector = c.labelSelector;
  if (selector)
    for (const std::string& key : c.matchLabelKeys)
      if (auto l = pod.metadata.labels.find(key); l != pod.metadata.labels.end()) {
        merged[key] = l->second;
        selector->matchExpressions.push_back({key, "In", {l->second}});
      }
  out.selector = LabelSelectorAsSelector(selector, cluster.pool());
  out.identity = Identity(c, merged, pod, SelectorString(out.selector, cluster.pool()));
  return out;
}

// matchNodeInclusionPolicies, with the constraint's pod's required node affinity and tolerations.
bool IncludesNode(const Cluster& cluster, const Constraint& c, const RequiredNodeAffinity& affinity, NodeIndex n) {
  const NodeInfo& node = cluster.node(n);
  if (c.honorNodeAffinity && !affinity.Match(node.View(), cluster.pool())) return false;
  return !c.honorNodeTaints || FindUntoleratedDoNotScheduleTaint(node.taints, cluster.pod(c.pod).tolerations) < 0;
}

// fitsRequest: the pod's requests, and one more pod, within what the node's pods leave.
bool FitsRequest(const Cluster& cluster, PodIndex p, const NodeInfo& node) {
  const Resource& want = cluster.pod(p).resources.requests;
  const Resource& have = node.allocatable;
  const Resource& used = node.requested;
  if (static_cast<int64_t>(node.pods.size()) + 1 > have.allowedPodNumber) return false;
  if (want.milliCPU > have.milliCPU - used.milliCPU || want.memory > have.memory - used.memory ||
      want.ephemeralStorage > have.ephemeralStorage - used.ephemeralStorage)
    return false;
  for (const auto& [name, amount] : want.scalar)
    if (amount > have.Scalar(name) - used.Scalar(name)) return false;
  return true;
}

// node.PodFitsAnyOtherNode with NodeFit: node selector and required affinity, NoSchedule and
// NoExecute taints, requests, and a schedulable node; the pod's own node is skipped.
bool FitsAnyOtherNode(Cluster& cluster, PodIndex p, const std::vector<NodeIndex>& nodes) {
  const PodInfo& pod = cluster.pod(p);
  const RequiredNodeAffinity affinity = GetRequiredNodeAffinity(cluster.podSpec(p), cluster.pool());
  for (NodeIndex n : nodes) {
    const NodeInfo& node = cluster.node(n);
    if (n == pod.node || node.unschedulable) continue;
    if (!affinity.Match(node.View(), cluster.pool())) continue;
    if (FindUntoleratedDoNotScheduleTaint(node.taints, pod.tolerations) >= 0) continue;
    if (FitsRequest(cluster, p, node)) return true;
  }
  return false;
}

struct Domain {
  std::string value;
  std::vector<PodIndex> pods;
};

// balanceDomains: moves pods from domains above the ideal average to those below, at
// most half the excess skew at a time; the pods taken from the back of a domain are evicted.
void BalanceDomains(Cluster& cluster, const Constraint& c, std::vector<Domain> domains, double sumPods,
                    const TopologySpreadArgs& args, std::map<PodIndex, std::string>& evict,
                    std::map<PodIndex, std::string>& kept) {
  const double idealAvg = sumPods / static_cast<double>(domains.size());
  // sortDomains: within a domain, pods with a node selector or node affinity first, then by
  // ascending priority; the back of the list goes first. Domains by ascending size.
  auto hasSelectorOrAffinity = [&](PodIndex p) {
    const v1::Pod& pod = cluster.podSpec(p);
    return !pod.spec.nodeSelector.empty() || (pod.spec.affinity && pod.spec.affinity->nodeAffinity);
  };
  for (Domain& d : domains)
    std::stable_sort(d.pods.begin(), d.pods.end(), [&](PodIndex a, PodIndex b) {
      const bool sa = hasSelectorOrAffinity(a), sb = hasSelectorOrAffinity(b);
      if (sa != sb) return sa;
      return preemption::PodPriority(cluster, a) < preemption::PodPriority(cluster, b);
    });
  std::stable_sort(domains.begin(), domains.end(),
                   [](const Domain& a, const Domain& b) { return a.pods.size() < b.pods.size(); });
  // filterEligibleNodes, then filterNodesBelowIdealAvg.
  const RequiredNodeAffinity affinity = GetRequiredNodeAffinity(cluster.podSpec(c.pod), cluster.pool());
  std::set<std::string> below;
  for (const Domain& d : domains)
    if (static_cast<double>(d.pods.size()) < idealAvg) below.insert(d.value);
  const TopologyColumn& column = cluster.Column(cluster.pool().Intern(c.topologyKey));
  std::vector<NodeIndex> belowNodes;
  for (const NodeInfo& n : cluster.nodes()) {
    const int32_t d = column.domainOfNode[n.index];
    if (d >= 0 && below.count(cluster.pool().Str(column.domainValue[d])) && IncludesNode(cluster, c, affinity, n.index))
      belowNodes.push_back(n.index);
  }
  size_t i = 0, j = domains.size() - 1;
  while (i < j) {
    if (static_cast<double>(domains[j].pods.size()) <= idealAvg) --j;
    const double skew = static_cast<double>(domains[j].pods.size()) - static_cast<double>(domains[i].pods.size());
    if (static_cast<int32_t>(skew) <= c.maxSkew) {
      ++i;
      continue;
    }
    const double aboveAvg = std::ceil(static_cast<double>(domains[j].pods.size()) - idealAvg);
    const double belowAvg = std::ceil(idealAvg - static_cast<double>(domains[i].pods.size()));
    const double halfSkew = std::ceil((skew - c.maxSkew) / 2);
    const int movePods = static_cast<int>(std::min(std::min(aboveAvg, belowAvg), halfSkew));
    if (movePods <= 0) {
      ++i;
      continue;
    }
    const std::string reason = c.topologyKey + ": " + domains[j].value + " has " +
                               std::to_string(domains[j].pods.size()) + " matching pod(s), " + domains[i].value + " " +
                               std::to_string(domains[i].pods.size()) + " (maxSkew " + std::to_string(c.maxSkew) + ")";
    std::vector<PodIndex> moved(domains[j].pods.end() - movePods, domains[j].pods.end());
    for (PodIndex p : moved) {
      if (args.topologyBalanceNodeFit && !FitsAnyOtherNode(cluster, p, belowNodes)) {
        kept.emplace(p, reason + "; it fits no node of a smaller domain");
        continue;
      }
      evict.emplace(p, reason);
    }
    domains[j].pods.resize(domains[j].pods.size() - static_cast<size_t>(movePods));
    domains[i].pods.insert(domains[i].pods.end(), moved.begin(), moved.end());
  }
}

}  // namespace

bool Evictable(const Cluster& cluster, PodIndex p) {
  const PodInfo& pod = cluster.pod(p);
  return pod.controller && pod.controller->kind != "DaemonSet" && !pod.terminating && !pod.finished &&
         preemption::PodPriority(cluster, p) < kSystemCriticalPriority;
}

BalanceResult RemovePodsViolatingTopologySpreadConstraint(Cluster& cluster, const TopologySpreadArgs& args) {
  // ListPodsOnNodes with the evictor's filter: the evictable pods, node by node, each
  // node's by name (the order upstream's tests see, and so their expected evictions).
  std::map<std::string, std::vector<PodIndex>> byNamespace;
  for (const NodeInfo& n : cluster.nodes()) {
    std::vector<PodIndex> onNode(n.pods.begin(), n.pods.end());
    std::sort(onNode.begin(), onNode.end(),
              [&](PodIndex a, PodIndex b) { return cluster.pod(a).name < cluster.pod(b).name; });
    for (PodIndex p : onNode)
      if (Evictable(cluster, p)) byNamespace[cluster.pod(p).ns].push_back(p);
  }
  const std::set<std::string> allowed(args.constraints.begin(), args.constraints.end());
  std::map<PodIndex, std::string> evict, kept;
  for (const auto& [ns, pods] : byNamespace) {
    std::vector<Constraint> constraints;
    for (PodIndex p : pods)
      for (const v1::TopologySpreadConstraint& c : cluster.podSpec(p).spec.topologySpreadConstraints) {
        if (!allowed.count(c.whenUnsatisfiable)) continue;
        Constraint compiled = Compile(cluster, p, c);
        if (std::none_of(constraints.begin(), constraints.end(),
                         [&](const Constraint& o) { return o.identity == compiled.identity; }))
          constraints.push_back(std::move(compiled));
      }
    for (const Constraint& c : constraints) {
      // The domains of the nodes the constraint includes, empty ones too, in node order.
      const RequiredNodeAffinity affinity = GetRequiredNodeAffinity(cluster.podSpec(c.pod), cluster.pool());
      const TopologyColumn& column = cluster.Column(cluster.pool().Intern(c.topologyKey));
      std::vector<Domain> domains;
      std::vector<int32_t> slot(column.domainValue.size(), -1);
      auto domainOf = [&](int32_t d) -> Domain& {
        if (slot[d] < 0) {
          slot[d] = static_cast<int32_t>(domains.size());
          domains.push_back({cluster.pool().Str(column.domainValue[d]), {}});
        }
        return domains[slot[d]];
      };
      for (const NodeInfo& n : cluster.nodes())
        if (column.domainOfNode[n.index] >= 0 && IncludesNode(cluster, c, affinity, n.index))
          domainOf(column.domainOfNode[n.index]);
      double sumPods = 0;
      for (PodIndex p : pods) {
        if (!c.selector.Matches(cluster.pod(p).labels, cluster.pool())) continue;
        const int32_t d = column.domainOfNode[cluster.pod(p).node];
        if (d < 0) continue;
        domainOf(d).pods.push_back(p);
        ++sumPods;
      }
      // topologyIsBalanced
      size_t lo = SIZE_MAX, hi = 0;
      for (const Domain& d : domains) {
        lo = std::min(lo, d.pods.size());
        hi = std::max(hi, d.pods.size());
      }
      if (domains.empty() || static_cast<int64_t>(hi - lo) <= c.maxSkew) continue;
      BalanceDomains(cluster, c, std::move(domains), sumPods, args, evict, kept);
    }
  }
  BalanceResult out;
  for (const auto& [p, reason] : evict) out.evictions.push_back({p, reason});
  for (const auto& [p, reason] : kept)
    if (!evict.count(p)) out.kept.push_back({p, reason});
  return out;
}

}  // namespace spreadlab::descheduler
