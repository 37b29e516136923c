#include "contracts/schedule_json.h"

#include "core/workload.h"

namespace spreadlab::contracts {

nlohmann::ordered_json ScheduleToJson(const Cluster& cluster, const std::vector<Placement>& placements,
                                      const std::vector<SpreadReport>& spread,
                                      const std::vector<controlplane::DeletedPod>& deleted) {
  using ojson = nlohmann::ordered_json;
  ojson j;
  if (!deleted.empty()) {
    ojson ds = ojson::array();
    for (const controlplane::DeletedPod& d : deleted)
      ds.push_back(ojson{{"pod", d.ns + "/" + d.name},
                         {"node", d.nodeName.empty() ? ojson(nullptr) : ojson(d.nodeName)},
                         {"workload", d.workload},
                         {"reason", d.reason}});
    j["deleted"] = std::move(ds);
  }
  ojson ps = ojson::array();
  const WorkloadIndex workloadOf(cluster.scenario());
  for (const auto& p : placements) {
    const std::string workload = workloadOf.Of(cluster.podSpec(p.pod));
    ojson pj{{"pod", cluster.pod(p.pod).key},
             {"node", p.node == kNone ? ojson(nullptr) : ojson(cluster.node(p.node).name)},
             {"message", p.message},
             {"error", p.error},
             {"workload", workload.empty() ? ojson(nullptr) : ojson(workload)}};
    if (!p.topNodes.empty()) {  // added: the nodes tied with `node` for the top score
      pj["topNodes"] = ojson::array();
      for (NodeIndex n : p.topNodes) pj["topNodes"].push_back(cluster.node(n).name);
    }
    if (p.nominatedNode != kNone) {  // added with preemption
      pj["nominatedNode"] = cluster.node(p.nominatedNode).name;
      pj["victims"] = ojson::array();
      for (PodIndex v : p.victims) pj["victims"].push_back(cluster.pod(v).key);
    }
    if (!p.volumes.empty()) {  // added with the volume plugins
      const Scenario& s = cluster.scenario();
      pj["volumes"] = ojson::array();
      for (const VolumeAssumption& a : p.volumes) {
        const v1::PersistentVolumeClaim& claim = s.persistentVolumeClaims[a.claim];
        ojson v{{"claim", claim.metadata.ns + "/" + claim.metadata.name}};
        if (a.volume >= 0)
          v["volume"] = s.persistentVolumes[a.volume].metadata.name;
        else
          v["selectedNode"] = a.selectedNode;
        pj["volumes"].push_back(std::move(v));
      }
    }
    ps.push_back(std::move(pj));
  }
  j["placements"] = std::move(ps);
  ojson ss = ojson::array();
  for (const auto& r : spread) {
    ojson domains = ojson::array();
    for (const auto& d : r.domains)
      domains.push_back(ojson{{"value", d.value}, {"matchNum", d.matchNum}, {"skew", d.skew}});
    ss.push_back(ojson{{"namespace", r.ns},
                       {"topologyKey", r.topologyKey},
                       {"selector", r.selector},
                       {"whenUnsatisfiable", r.whenUnsatisfiable},
                       {"maxSkew", r.maxSkew},
                       {"skew", r.skew},
                       {"domains", std::move(domains)}});
  }
  j["spread"] = std::move(ss);
  return j;
}

}  // namespace spreadlab::contracts
