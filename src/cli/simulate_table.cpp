#include "cli/simulate_table.h"

#include <fmt/format.h>

#include "cli/text_table.h"

namespace spreadlab::cli {

namespace {

std::string Node(const std::string& node) { return node.empty() ? "no node" : node; }

std::string Workload(const std::string& w) { return w.empty() ? "bare pod" : w; }

// Placements in a few lines: how many pods of each workload went to each node, in order.
std::string Placements(const std::vector<simulator::SimPod>& placements) {
  Table t({"POD", "WORKLOAD", "NODE"});
  for (const simulator::SimPod& p : placements) t.Add({p.pod, Workload(p.workload), p.node});
  return t.Render("    ");
}

std::string Spread(const simulator::SimSpread& s) {
  std::string domains;
  for (const simulator::SimSpread::Domain& d : s.domains)
    domains += fmt::format("{}{} {}", domains.empty() ? "" : ", ", d.value, d.pods);
  const bool over = s.skew > s.maxSkew;
  return fmt::format("  {}/{} per {} ({} maxSkew {}): {}  skew {}{}\n", s.ns, s.workload, s.topologyKey,
                     s.whenUnsatisfiable, s.maxSkew, domains, s.skew,
                     over ? fmt::format("  > maxSkew {}: only a new pod's placement is checked", s.maxSkew) : "");
}

std::string StepText(size_t i, const simulator::StepReport& r) {
  std::string out = fmt::format("== step {}: {} ==\n", i, r.action);
  for (const std::string& n : r.notes) out += "  " + n + "\n";
  if (!r.evicted.empty()) {
    out += fmt::format("  evicted {} pod(s):\n", r.evicted.size());
    for (const simulator::SimPod& p : r.evicted)
      out += fmt::format("    {} on {} ({})\n", p.pod, Node(p.node), Workload(p.workload));
  }
  if (!r.deleted.empty()) {
    out += fmt::format("  {}, {} pod(s):\n", simulator::DeletedHeading(r.deleted), r.deleted.size());
    for (const simulator::SimDeleted& d : r.deleted)
      out += fmt::format("    {} on {} ({}): {}\n", d.pod.pod, Node(d.pod.node), Workload(d.pod.workload), d.reason);
  }
  if (!r.created.empty()) out += fmt::format("  created by their controllers: {} pod(s)\n", r.created.size());
  if (!r.placements.empty()) {
    out += fmt::format("  placed by kube-scheduler, {} pod(s) in {} round(s):\n", r.placements.size(), r.rounds);
    out += Placements(r.placements);
  }
  if (!r.pending.empty()) {
    out += fmt::format("  Pending, {} pod(s):\n", r.pending.size());
    for (const simulator::SimPending& p : r.pending)
      out += fmt::format("    {} ({}): {}\n", p.pod.pod, Workload(p.pod.workload), p.message);
  }
  if (!r.spread.empty()) {
    out += "  spread:\n";
    for (const simulator::SimSpread& s : r.spread) out += "  " + Spread(s);
  }
  return out;
}

}  // namespace

std::string SimulateTable(const std::vector<simulator::StepReport>& steps) {
  std::string out;
  for (size_t i = 0; i < steps.size(); ++i) out += (i ? "\n" : "") + StepText(i, steps[i]);
  return out;
}

}  // namespace spreadlab::cli
