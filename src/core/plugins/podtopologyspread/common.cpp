#include "core/corev1/selectors.h"
#include "core/plugins/helper/spread.h"
#include "core/plugins/podtopologyspread/plugin.h"

namespace spreadlab::plugins {

std::vector<v1::TopologySpreadConstraint> PodTopologySpread::SystemDefaultConstraints() {
  v1::TopologySpreadConstraint host, zone;
  host.topologyKey = kLabelHostname;
  host.whenUnsatisfiable = v1::kScheduleAnyway;
  host.maxSkew = 3;
  zone.topologyKey = kLabelTopologyZone;
  zone.whenUnsatisfiable = v1::kScheduleAnyway;
  zone.maxSkew = 5;
  return {host, zone};
}

PodTopologySpread::PodTopologySpread(Handle h, PodTopologySpreadArgs args) : h_(h), args_(std::move(args)) {
  if (args_.systemDefaulted) args_.defaultConstraints = SystemDefaultConstraints();
}

// topologySpreadConstraint.matchNodeInclusionPolicies
bool PodTopologySpread::MatchNodeInclusionPolicies(const TopologySpreadConstraint& c, const PodInfo& pod,
                                                   const NodeInfo& node, const RequiredNodeAffinity& required) const {
  if (c.honorNodeAffinity && !required.Match(node.View(), h_.cluster->pool())) return false;
  if (c.honorNodeTaints && FindUntoleratedDoNotScheduleTaint(node.taints, pod.tolerations) >= 0) return false;
  return true;
}

InclusionChecker::InclusionChecker(const PodTopologySpread& pl, const std::vector<TopologySpreadConstraint>& cs,
                                   const PodInfo& pod, const RequiredNodeAffinity& required)
    : pl_(pl), cs_(cs), pod_(pod), required_(required) {
  for (const auto& c : cs) needed_.push_back((c.honorNodeAffinity && !required.Trivial()) || c.honorNodeTaints);
}

// filterTopologySpreadConstraints (+ mergeLabelSetWithSelector for matchLabelKeys)
static std::vector<TopologySpreadConstraint> FilterTopologySpreadConstraints(
    const std::vector<v1::TopologySpreadConstraint>& constraints, const PodInfo& pod, std::string_view action,
    StringPool& pool, const Features& features) {
  std::vector<TopologySpreadConstraint> result;
  for (const auto& c : constraints) {
    if (c.whenUnsatisfiable != action) continue;
    TopologySpreadConstraint t;
    t.maxSkew = c.maxSkew;
    t.topologyKey = c.topologyKey;
    t.topologyKeySym = pool.Intern(c.topologyKey);
    t.hostname = c.topologyKey == kLabelHostname;
    t.selector = LabelSelectorAsSelector(c.labelSelector, pool);
    // matchLabelKeys: the pod's values for those keys are ANDed into the
    // selector; keys the pod lacks are ignored; a selector that selects nothing stays so.
    if (features.enableMatchLabelKeysInPodTopologySpread && !t.selector.IsNothing()) {
      for (const auto& key : c.matchLabelKeys) {
        Sym v = pod.labels.Get(pool.Intern(key));
        if (v != kNoSym) t.selector.Add(MakeRequirement(key, SelOp::Equals, {pool.Str(v)}, pool));
      }
    }
    t.minDomains = c.minDomains.value_or(1);
    // The policies are read only with NodeInclusionPolicyInPodTopologySpread (else Honor, Ignore).
    const bool policies = features.enableNodeInclusionPolicyInPodTopologySpread;
    t.honorNodeAffinity = !policies || c.nodeAffinityPolicy.value_or(v1::kHonor) == v1::kHonor;
    t.honorNodeTaints = policies && c.nodeTaintsPolicy.value_or(v1::kIgnore) == v1::kHonor;
    result.push_back(std::move(t));
  }
  return result;
}

// getConstraints / buildDefaultConstraints
std::vector<TopologySpreadConstraint> PodTopologySpread::Constraints(const PodInfo& pod, std::string_view action,
                                                                     bool* fromDefaults) {
  Cluster& cluster = *h_.cluster;
  const auto& own = cluster.podSpec(pod.index).spec.topologySpreadConstraints;
  *fromDefaults = own.empty();
  if (!own.empty())
    return FilterTopologySpreadConstraints(own, pod, action, cluster.pool(), cluster.release().features);

  auto constraints = FilterTopologySpreadConstraints(args_.defaultConstraints, pod, action, cluster.pool(),
                                                     cluster.release().features);
  if (constraints.empty()) return {};
  Selector selector = helper::DefaultSelector(pod, cluster);
  if (selector.Empty()) return {};
  for (auto& c : constraints) c.selector = selector;
  return constraints;
}

void PodTopologySpread::Summarize(const std::vector<TopologySpreadConstraint>& cs, std::string_view action,
                                  bool fromDefaults, const PodInfo& pod,
                                  std::vector<SpreadConstraintSummary>& out) const {
  const StringPool& pool = h_.cluster->pool();
  out.clear();
  for (const auto& c : cs) {
    SpreadConstraintSummary s;
    s.topologyKey = c.topologyKey;
    s.whenUnsatisfiable = std::string(action);
    s.maxSkew = c.maxSkew;
    s.minDomains = c.minDomains;
    s.nodeAffinityPolicy = c.honorNodeAffinity ? v1::kHonor : v1::kIgnore;
    s.nodeTaintsPolicy = c.honorNodeTaints ? v1::kHonor : v1::kIgnore;
    s.selector = SelectorString(c.selector, pool);
    s.selfMatch = c.selector.Matches(pod.labels, pool);
    s.fromDefaults = fromDefaults;
    out.push_back(std::move(s));
  }
}

}  // namespace spreadlab::plugins
