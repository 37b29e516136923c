#include "cli/schedule_table.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/workload.h"

namespace spreadlab::cli {

std::string ScheduleTable(const Cluster& cluster, const std::vector<Placement>& placements,
                          const std::vector<SpreadReport>& spread,
                          const std::vector<controlplane::DeletedPod>& deleted) {
  std::string out;
  if (!deleted.empty()) {
    out += fmt::format("Deleted by their controllers ({} pod(s), scaling down):\n", deleted.size());
    for (const auto& d : deleted)
      out += fmt::format("  {}/{} on {} ({}): {}\n", d.ns, d.name, d.nodeName.empty() ? "no node" : d.nodeName,
                         d.workload, d.reason);
    out += "\n";
  }
  size_t width = 3, workloadWidth = 0;
  std::vector<std::string> workloads;
  const WorkloadIndex workloadOf(cluster.scenario());
  for (const auto& p : placements) {
    width = std::max(width, cluster.pod(p.pod).key.size());
    workloads.push_back(workloadOf.Of(cluster.podSpec(p.pod)));
    workloadWidth = std::max(workloadWidth, workloads.back().size());
  }
  // The WORKLOAD column only when some pod has one.
  if (workloadWidth > 0) workloadWidth = std::max<size_t>(workloadWidth, 8) + 2;
  out += fmt::format("{:<{}}  {:<{}}{}\n", "POD", width, workloadWidth ? "WORKLOAD" : "", workloadWidth, "RESULT");
  size_t bound = 0;
  for (size_t i = 0; i < placements.size(); ++i) {
    const Placement& p = placements[i];
    std::string result = p.node != kNone ? cluster.node(p.node).name
                         : p.error       ? "Error: " + p.message
                                         : "Pending: " + p.message;
    bound += p.node != kNone;
    out += fmt::format("{:<{}}  {:<{}}{}\n", cluster.pod(p.pod).key, width, workloads[i], workloadWidth, result);
    // What VolumeBinding's Reserve assumed: the pods below already see it.
    const Scenario& s = cluster.scenario();
    for (const VolumeAssumption& a : p.volumes) {
      const v1::PersistentVolumeClaim& c = s.persistentVolumeClaims[a.claim];
      out += a.volume >= 0 ? fmt::format("  claim {}/{} takes PersistentVolume {}\n", c.metadata.ns, c.metadata.name,
                                         s.persistentVolumes[a.volume].metadata.name)
                           : fmt::format("  claim {}/{} will be provisioned for node {} (selected-node)\n",
                                         c.metadata.ns, c.metadata.name, a.selectedNode);
    }
  }
  out += fmt::format("\n{} of {} pending pod(s) scheduled.\n", bound, placements.size());
  if (workloadWidth)
    out +=
        "Pods of workloads are placed in the order their controllers create them: controller by controller,\n"
        "in file order (a Deployment's pods right after it), each one bound before the next.\n";
  for (const auto& r : spread) {
    out += fmt::format("\nPods matching {} in namespace {}, per {} ({} maxSkew {}): skew {}\n", r.selector, r.ns,
                       r.topologyKey, r.whenUnsatisfiable, r.maxSkew, r.skew);
    for (const auto& d : r.domains) out += fmt::format("  {:<24} {:>5} pod(s)  skew {}\n", d.value, d.matchNum, d.skew);
    if (r.skew > r.maxSkew)
      out +=
          "  (counted over every node with the key; the scheduler counts only the nodes each pod may use,\n"
          "   see nodeAffinityPolicy / nodeTaintsPolicy, so this can exceed maxSkew without a violation)\n";
  }
  return out;
}

}  // namespace spreadlab::cli
