#include "contracts/simulate_json.h"

#include "core/workload.h"

namespace spreadlab::contracts {

namespace {

using json = nlohmann::ordered_json;

json PodJson(const simulator::SimPod& p, bool withNode) {
  json j{{"pod", p.pod}};
  if (withNode) j["node"] = p.node.empty() ? json(nullptr) : json(p.node);
  j["workload"] = p.workload;
  return j;
}

json StepJson(const simulator::StepReport& r) {
  json j{{"action", r.action}};
  j["created"] = json::array();
  for (const simulator::SimPod& p : r.created) j["created"].push_back(PodJson(p, false));
  j["deleted"] = json::array();
  for (const simulator::SimDeleted& d : r.deleted) {
    json e = PodJson(d.pod, true);
    e["reason"] = d.reason;
    if (!d.preemptedBy.empty()) e["preemptedBy"] = d.preemptedBy;
    j["deleted"].push_back(std::move(e));
  }
  j["evicted"] = json::array();
  for (const simulator::SimPod& p : r.evicted) j["evicted"].push_back(PodJson(p, true));
  j["placements"] = json::array();
  for (const simulator::SimPod& p : r.placements) {
    json e = PodJson(p, true);
    if (!p.topNodes.empty()) e["topNodes"] = p.topNodes;  // added: the tie upstream breaks at random
    j["placements"].push_back(std::move(e));
  }
  j["pending"] = json::array();
  for (const simulator::SimPending& p : r.pending) {
    json e = PodJson(p.pod, false);
    e["message"] = p.message;
    j["pending"].push_back(std::move(e));
  }
  j["spread"] = json::array();
  for (const simulator::SimSpread& s : r.spread) {
    json domains = json::array();
    for (const simulator::SimSpread::Domain& d : s.domains) domains.push_back({{"value", d.value}, {"pods", d.pods}});
    j["spread"].push_back({{"namespace", s.ns},
                           {"workload", s.workload},
                           {"topologyKey", s.topologyKey},
                           {"selector", s.selector},
                           {"whenUnsatisfiable", s.whenUnsatisfiable},
                           {"maxSkew", s.maxSkew},
                           {"skew", s.skew},
                           {"domains", std::move(domains)}});
  }
  j["notes"] = r.notes;
  j["rounds"] = r.rounds;
  j["settled"] = r.settled;
  return j;
}

}  // namespace

json SimulationToJson(const std::vector<simulator::StepReport>& steps, const Scenario& final) {
  json out{{"steps", json::array()}, {"pods", json::array()}};
  for (const simulator::StepReport& r : steps) out["steps"].push_back(StepJson(r));
  const WorkloadIndex workloads(final);
  for (const v1::Pod& p : final.pods)
    out["pods"].push_back(PodJson({p.metadata.ns + "/" + p.metadata.name, p.spec.nodeName, workloads.Of(p)}, true));
  return out;
}

}  // namespace spreadlab::contracts
