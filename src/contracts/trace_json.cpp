#include "contracts/trace_json.h"

#include "core/corev1/nodeaffinity.h"
#include "core/plugins/defaultpreemption/default_preemption.h"
#include "core/resources.h"
#include "core/storage.h"

namespace spreadlab::contracts {

using ojson = nlohmann::ordered_json;

ojson SpreadSummaryToJson(const SpreadConstraintSummary& s, bool scoring) {
  ojson j;
  j["topologyKey"] = s.topologyKey;
  j["whenUnsatisfiable"] = s.whenUnsatisfiable;
  j["maxSkew"] = s.maxSkew;
  if (!scoring) j["minDomains"] = s.minDomains;
  j["nodeAffinityPolicy"] = s.nodeAffinityPolicy;
  j["nodeTaintsPolicy"] = s.nodeTaintsPolicy;
  j["selector"] = s.selector;
  j["selfMatch"] = s.selfMatch;
  j["fromDefaults"] = s.fromDefaults;
  ojson domains = ojson::array();
  for (const auto& [value, count] : s.domains) domains.push_back(ojson{{"value", value}, {"matchNum", count}});
  j["domains"] = std::move(domains);
  if (scoring) {
    j["topologyNormalizingWeight"] = s.topologyNormalizingWeight;
  } else {
    j["eligibleDomains"] = s.domains.size();
    j["minMatchNum"] = s.globalMin;
  }
  return j;
}

// InterPodAffinity's report: its terms with the pods each counts per domain, and the
// PreFilter/PreScore maps (topologyKey, value) -> count or score.
ojson InterPodAffinityToJson(const Cluster& cluster, const InterPodAffinityReport& r) {
  auto pairs = [](const std::vector<std::tuple<std::string, std::string, int64_t>>& m) {
    ojson out = ojson::array();
    for (const auto& [key, value, n] : m) out.push_back(ojson{{"topologyKey", key}, {"value", value}, {"count", n}});
    return out;
  };
  auto terms = [&](const std::vector<InterPodAffinityTermReport>& ts) {
    ojson out = ojson::array();
    for (const auto& t : ts) {
      ojson tj{{"kind", t.kind},         {"topologyKey", t.topologyKey},
               {"selector", t.selector}, {"namespaces", t.namespaces},
               {"weight", t.weight},     {"selfMatch", t.selfMatch}};
      ojson domains = ojson::array();
      for (const auto& [value, n] : t.domains) domains.push_back(ojson{{"value", value}, {"pods", n}});
      tj["domains"] = std::move(domains);
      ojson owners = ojson::array();
      for (const auto& [pod, domain] : t.owners)
        owners.push_back(ojson{{"pod", cluster.pod(pod).key}, {"value", t.domains[domain].first}});
      tj["owners"] = std::move(owners);
      out.push_back(std::move(tj));
    }
    return out;
  };
  ojson j;
  j["preFilter"] = r.preFilterRan ? ojson(CodeName(r.preFilterCode)) : ojson(nullptr);
  j["selfMatch"] = r.selfMatch;
  j["filterTerms"] = terms(r.filterTerms);
  j["affinityCounts"] = pairs(r.affinityCounts);
  j["antiAffinityCounts"] = pairs(r.antiAffinityCounts);
  j["existingAntiAffinityCounts"] = pairs(r.existingAntiAffinityCounts);
  j["preScore"] = r.preScoreRan ? ojson(CodeName(r.preScoreCode)) : ojson(nullptr);
  j["scoreTerms"] = terms(r.scoreTerms);
  j["topologyScore"] = pairs(r.topologyScore);
  return j;
}

// One VolumeCheck of a volume plugin's filter entry: the outcome and the objects behind it
// (docs/json-contract.md, "volumes").
ojson VolumeCheckToJson(const Cluster& cluster, const CycleTrace& t, const NodeInfo& node, const VolumeCheck& k) {
  using O = VolumeCheck::Outcome;
  const Scenario& s = cluster.scenario();
  const StringPool& pool = cluster.pool();
  ojson j;
  j["outcome"] = VolumeOutcomeName(k.outcome);
  j["pass"] = k.pass;
  if (k.claim >= 0) {
    const v1::PersistentVolumeClaim& claim = s.persistentVolumeClaims[k.claim];
    j["claim"] = claim.metadata.ns + "/" + claim.metadata.name;
    const std::string className = ClaimClass(claim);
    const int32_t sc = className.empty() ? -1 : cluster.storage().Class(className);
    const v1::StorageClass* cls = sc < 0 ? nullptr : &s.storageClasses[sc];
    if (k.outcome <= O::NotEnoughCapacity) {  // VolumeBinding's outcomes come first
      j["storageClass"] = className.empty() ? ojson(nullptr) : ojson(className);
      j["bindingMode"] = cls ? ojson(cls->volumeBindingMode) : ojson(nullptr);
    }
    switch (k.outcome) {
      case O::BoundVolumeMissing:
        j["volume"] = claim.volumeName;
        break;
      case O::SelectedNodeElsewhere:
        j["selectedNode"] = claim.metadata.annotations.at(v1::kAnnSelectedNode);
        break;
      case O::Provision:
      case O::ProvisionerMissing:
      case O::AllowedTopologiesMismatch:
      case O::NotEnoughCapacity:
        j["provisioner"] = cls ? ojson(cls->provisioner) : ojson(nullptr);
        if (k.selectedNode) j["selectedNode"] = node.name;
        if (k.outcome == O::Provision)
          j["storageCapacity"] =
              k.capacity < 0 ? ojson(nullptr) : ojson(s.csiStorageCapacities[k.capacity].metadata.name);
        if (k.outcome == O::NotEnoughCapacity)
          j["request"] = FormatResourceAmount("storage", claim.storageRequest.value);
        break;
      default:
        break;
    }
  }
  if (k.volume >= 0) {
    const v1::PersistentVolume& pv = s.persistentVolumes[k.volume];
    j["volume"] = pv.metadata.name;
    if (k.outcome == O::BoundVolumeMatches || k.outcome == O::BoundVolumeConflict)
      j["nodeAffinity"] = pv.nodeAffinity ? ojson(NodeSelectorText(*pv.nodeAffinity)) : ojson(nullptr);
    if (k.outcome == O::ZoneMatches || k.outcome == O::ZoneConflict) {
      j["label"] = pool.Str(k.key);
      j["volumeValue"] = pv.metadata.labels.at(pool.Str(k.key));
      j["nodeValue"] = k.nodeValue == kNoSym ? ojson(nullptr) : ojson(pool.Str(k.nodeValue));
    }
  }
  if (k.podVolume >= 0) j["podVolume"] = cluster.podSpec(t.pod).spec.volumes[k.podVolume].name;
  if (k.pod != kNone) j["pod"] = cluster.pod(k.pod).key;
  if (k.outcome == O::VolumeCount) {
    j["driver"] = pool.Str(k.key);
    j["attached"] = k.attached;
    j["new"] = k.added;
    j["limit"] = k.limit;
  }
  return j;
}

ojson PreFilterToJson(const std::vector<PreFilterVerdict>& verdicts) {
  ojson pre = ojson::array();
  for (const auto& p : verdicts) {
    ojson pj{{"plugin", p.plugin}, {"code", CodeName(p.code)}, {"reason", p.reason}};
    if (p.nodeNames) pj["nodeNames"] = *p.nodeNames;
    pre.push_back(std::move(pj));
  }
  return pre;
}

ojson TraceToJson(const Cluster& cluster, const ResolvedProfile& profile, const CycleTrace& t) {
  const StringPool& pool = cluster.pool();
  ojson j;
  j["pod"] = t.pod == kNone ? ojson(nullptr) : ojson(cluster.pod(t.pod).key);
  ojson nodes = ojson::array();
  for (const NodeTrace& nt : t.nodes) {
    ojson n;
    n["name"] = cluster.node(nt.node).name;
    ojson filter = ojson::array();
    for (uint32_t i = 0; i < nt.filterCount; ++i) {
      const FilterVerdict& v = t.filters[nt.filterBegin + i];
      ojson f;
      f["plugin"] = t.filterPlugins[v.plugin];
      f["code"] = CodeName(v.code);
      f["reason"] = t.JoinedReasons(v);
      if (v.reasonsCount > 1) f["reasons"] = t.Reasons(v);
      if (v.checksCount > 0) {
        ojson cs = ojson::array();
        for (uint32_t c = 0; c < v.checksCount; ++c) {
          const SpreadCheck& k = t.spreadChecks[v.checksBegin + c];
          ojson cj;
          cj["topologyKey"] = t.spreadFilter[k.constraint].topologyKey;
          cj["domain"] = k.domain == kNoSym ? ojson(nullptr) : ojson(pool.Str(k.domain));
          cj["matchNum"] = k.matchNum;
          cj["selfMatch"] = k.selfMatch;
          cj["minMatchNum"] = k.minMatchNum;
          cj["skew"] = k.skew;
          cj["maxSkew"] = k.maxSkew;
          cj["pass"] = k.domain != kNoSym && k.pass;
          cs.push_back(std::move(cj));
        }
        f["constraints"] = std::move(cs);
      }
      if (v.volumesCount > 0) {  // added with the volume plugins' detail
        ojson vs = ojson::array();
        for (uint32_t c = 0; c < v.volumesCount; ++c)
          vs.push_back(VolumeCheckToJson(cluster, t, cluster.node(nt.node), t.volumeChecks[v.volumesBegin + c]));
        f["volumes"] = std::move(vs);
      }
      filter.push_back(std::move(f));
    }
    n["filter"] = std::move(filter);
    n["evaluated"] = nt.evaluated;
    if (!nt.evaluated) n["notEvaluated"] = NotEvaluatedName(nt.notEvaluated);
    n["feasible"] = nt.feasible;
    const FilterVerdict* failure = t.Reported(nt);
    n["rejectedBy"] = failure ? ojson(t.filterPlugins[failure->plugin]) : ojson(nullptr);
    // Added with nominations: the pods nominated here that the filters counted first.
    ojson nominated = ojson::array();
    for (const NominatedPod& np : t.nominatedPods)
      if (np.node == nt.node) nominated.push_back(cluster.pod(np.pod).key);
    if (!nominated.empty()) {
      n["nominatedPods"] = std::move(nominated);
      n["rejectedWithNominatedPods"] = nt.rejectedWithNominatedPods;
    }
    ojson scores = ojson::array();
    for (uint32_t i = 0; i < nt.scoreCount; ++i) {
      const ScoreEntry& e = t.scores[nt.scoreBegin + i];
      scores.push_back(ojson{{"plugin", t.scorePlugins[e.plugin]},
                             {"raw", e.raw},
                             {"normalized", e.normalized},
                             {"weight", e.weight},
                             {"weighted", e.weighted}});
    }
    n["scores"] = std::move(scores);
    n["total"] = (t.scored && nt.feasible) ? ojson(nt.total) : ojson(nullptr);
    nodes.push_back(std::move(n));
  }
  j["nodes"] = std::move(nodes);
  j["selected"] = t.selected == kNone ? ojson(nullptr) : ojson(cluster.node(t.selected).name);
  j["message"] = t.message;
  j["error"] = t.error.empty() ? ojson(nullptr) : ojson(t.error);
  if (!t.schedulingGates.empty()) j["schedulingGates"] = t.schedulingGates;               // added with scheduling gates
  if (t.nominatedNode != kNone) j["nominatedNode"] = cluster.node(t.nominatedNode).name;  // added with nominations
  j["scored"] = t.scored;
  j["numFeasibleNodesToFind"] = t.numFeasibleNodesToFind;
  j["evaluatedNodes"] = t.evaluatedNodes;
  j["filterPlugins"] = t.filterPlugins;
  j["scorePlugins"] = t.scorePlugins;
  j["skippedScorePlugins"] = t.skippedScorePlugins;
  j["notSimulated"] = profile.notSimulated;
  j["preFilter"] = PreFilterToJson(t.preFilter);
  ojson spread;
  spread["filter"] = ojson::array();
  for (const auto& s : t.spreadFilter) spread["filter"].push_back(SpreadSummaryToJson(s, false));
  spread["score"] = ojson::array();
  for (const auto& s : t.spreadScore) spread["score"].push_back(SpreadSummaryToJson(s, true));
  j["spread"] = std::move(spread);
  j["kubeVersion"] = KubeVersionName(cluster.release().minor);                   // added with releases
  if (t.preemption) j["preemption"] = PreemptionToJson(cluster, *t.preemption);  // added with preemption
  // Added with InterPodAffinity's report: only when some pod affinity term concerns the pod.
  if (t.interPodAffinity && (!t.interPodAffinity->filterTerms.empty() || !t.interPodAffinity->scoreTerms.empty()))
    j["interPodAffinity"] = InterPodAffinityToJson(cluster, *t.interPodAffinity);
  return j;
}

ojson PreemptionToJson(const Cluster& cluster, const preemption::Result& r) {
  auto node = [&](NodeIndex n) { return cluster.node(n).name; };
  auto victim = [&](PodIndex p) {
    return ojson{{"pod", cluster.pod(p).key},
                 {"priority", preemption::PodPriority(cluster, p)},
                 {"node", cluster.pod(p).node == kNone ? ojson(nullptr) : ojson(node(cluster.pod(p).node))}};
  };
  ojson j;
  j["code"] = CodeName(r.code);
  j["eligible"] = r.eligible;
  j["message"] = r.message;
  // status.nominatedNodeName afterwards: a node, "" (cleared) or null (unchanged).
  j["nominatedNode"] = r.nominating == preemption::Nominating::Set     ? ojson(node(r.nominatedNode))
                       : r.nominating == preemption::Nominating::Clear ? ojson("")
                                                                       : ojson(nullptr);
  j["victims"] = ojson::array();
  for (PodIndex p : r.victims) j["victims"].push_back(victim(p));
  j["potentialNodes"] = ojson::array();
  for (NodeIndex n : r.potential) j["potentialNodes"].push_back(node(n));
  j["candidatesNum"] = r.candidatesNum;
  j["candidates"] = ojson::array();
  for (const auto& c : r.candidates) {
    ojson victims = ojson::array();
    for (PodIndex p : c.victims) victims.push_back(victim(p));
    j["candidates"].push_back(ojson{{"node", node(c.node)}, {"victims", std::move(victims)}});
  }
  j["rejected"] = ojson::array();
  for (const auto& s : r.rejected)
    j["rejected"].push_back(ojson{{"node", node(s.node)}, {"code", CodeName(s.code)}, {"reasons", s.reasons}});
  j["tie"] = ojson::array();
  for (NodeIndex n : r.tie) j["tie"].push_back(node(n));
  return j;
}

}  // namespace spreadlab::contracts
