#include "cli/schedule_table.h"

#include <fmt/format.h>

#include <algorithm>

namespace spreadlab::cli {

std::string ScheduleTable(const Cluster& cluster, const std::vector<Placement>& placements,
                          const std::vector<SpreadReport>& spread) {
  size_t width = 3;
  for (const auto& p : placements) width = std::max(width, cluster.pod(p.pod).key.size());
  std::string out = fmt::format("{:<{}}  {}\n", "POD", width, "RESULT");
  size_t bound = 0;
  for (const auto& p : placements) {
    std::string result = p.node != kNone ? cluster.node(p.node).name
                         : p.error        ? "Error: " + p.message
                                          : "Pending: " + p.message;
    bound += p.node != kNone;
    out += fmt::format("{:<{}}  {}\n", cluster.pod(p.pod).key, width, result);
  }
  out += fmt::format("\n{} of {} pending pod(s) scheduled.\n", bound, placements.size());
  for (const auto& r : spread) {
    out += fmt::format("\nPods matching {} in namespace {}, per {} ({} maxSkew {}): skew {}\n", r.selector, r.ns,
                       r.topologyKey, r.whenUnsatisfiable, r.maxSkew, r.skew);
    for (const auto& d : r.domains) out += fmt::format("  {:<24} {:>5} pod(s)  skew {}\n", d.value, d.matchNum, d.skew);
    if (r.skew > r.maxSkew)
      out += "  (counted over every node with the key; the scheduler counts only the nodes each pod may use,\n"
             "   see nodeAffinityPolicy / nodeTaintsPolicy, so this can exceed maxSkew without a violation)\n";
  }
  return out;
}

}  // namespace spreadlab::cli
