#include "app/model/workloads.h"

#include <unordered_map>

#include "core/workload.h"

namespace spreadlab::app {

std::vector<WorkloadRow> ListWorkloads(const controlplane::ScenarioDoc& doc, Framework& framework, Cluster& cluster) {
  const Scenario& s = doc.scenario();
  std::vector<WorkloadRow> rows;
  std::unordered_map<std::string, size_t> rowOf;  // "Kind/namespace/name" -> row
  for (controlplane::ScenarioDoc::Workload& w : doc.Workloads()) {
    if (!w.controlledBy.empty()) continue;  // a Deployment's ReplicaSet: its Deployment stands for it
    rowOf.emplace(w.key, rows.size());
    rows.push_back(WorkloadRow{std::move(w), 0, 0, {}});
  }
  if (rows.empty()) return rows;
  const WorkloadIndex workloadOf(s);
  std::vector<PodIndex> first(rows.size(), kNone);
  for (size_t i = 0; i < s.pods.size(); ++i) {
    const PodInfo& info = cluster.pod(static_cast<PodIndex>(i));
    if (info.finished || info.terminating) continue;
    const std::string w = workloadOf.Of(s.pods[i]);  // "Kind/name"
    if (w.empty()) continue;
    const size_t slash = w.find('/');
    auto row = rowOf.find(w.substr(0, slash) + "/" + s.pods[i].metadata.ns + w.substr(slash));
    if (row == rowOf.end()) continue;
    ++rows[row->second].pods;
    rows[row->second].pending += info.Pending();
    if (first[row->second] == kNone) first[row->second] = static_cast<PodIndex>(i);
  }
  for (size_t r = 0; r < rows.size(); ++r)
    if (first[r] != kNone) rows[r].spread = ReportSpread(framework, cluster, {first[r]});
  return rows;
}

std::string DescribeScale(const controlplane::ScenarioDoc& doc, const WorkloadRow* before, const WorkloadRow* after,
                          const std::string& key, int64_t replicas) {
  std::string out = "Scaled " + key + " to " + std::to_string(replicas);
  const auto& deleted = doc.deletedPods();
  if (!deleted.empty()) {
    out += ": its controller deleted " + std::to_string(deleted.size()) + " pod(s)";
    for (size_t i = 0; i < deleted.size() && i < 3; ++i)
      out += (i ? "; " : " (") + deleted[i].name + " on " +
             (deleted[i].nodeName.empty() ? std::string("no node") : deleted[i].nodeName) + ": " + deleted[i].reason;
    out += deleted.size() > 3 ? "; ...)" : ")";
  } else if (after && before && after->pods > before->pods) {
    out += ": its controller created " + std::to_string(after->pods - before->pods) +
           " pending pod(s); Schedule all places them one by one";
  } else if (after && !before) {
    out += ": its controller created " + std::to_string(after->pods) + " pending pod(s)";
  }
  if (after && !deleted.empty())
    for (const SpreadReport& r : after->spread)
      if (r.whenUnsatisfiable == v1::kDoNotSchedule && r.skew > r.maxSkew) {
        out += ". Its pods per " + r.topologyKey + " now have skew " + std::to_string(r.skew) + " > maxSkew " +
               std::to_string(r.maxSkew) +
               ": the ReplicaSet controller deletes by its own ranking, not by spread, and topology spread is "
               "checked only when a pod is scheduled (the descheduler's RemovePodsViolatingTopologySpreadConstraint "
               "evicts to fix it)";
        break;
      }
  return out;
}

}  // namespace spreadlab::app
