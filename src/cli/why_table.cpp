#include "cli/why_table.h"

#include <fmt/format.h>

#include "cli/text_table.h"
#include "core/plugins/defaultpreemption/default_preemption.h"

namespace spreadlab::cli {

namespace {

using why::CellState;

// "node1, node2, ... (+N more)"
std::string NameList(const std::vector<std::string>& names, size_t shown = 8) {
  if (names.empty()) return "no node";
  std::string out;
  for (size_t i = 0; i < names.size() && i < shown; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > shown) out += fmt::format(" (+{} more)", names.size() - shown);
  return out;
}
std::vector<std::string> Names(const Cluster& cluster, const std::vector<NodeIndex>& nodes) {
  std::vector<std::string> out;
  for (NodeIndex n : nodes) out.push_back(cluster.node(n).name);
  return out;
}

std::string RowTitle(const why::Report& r, const why::MatrixRow& row) {
  if (row.constraint < 0) return row.plugin;
  const SpreadConstraintSummary& s = r.spreadFilter[row.constraint];
  return fmt::format("#{} {} maxSkew={}", row.constraint + 1, s.topologyKey, s.maxSkew);
}

// "2 + 1 - 1 = 2 > 1" for a spread cell, the reason for another plugin's failure.
std::string CellText(const Cluster& cluster, const why::Report& r, const why::MatrixRow& row,
                     const why::MatrixCell& c) {
  if (c.state == CellState::NotEvaluated) return "-";
  if (row.constraint >= 0) {
    const SpreadCheck& k = c.check;
    if (k.domain == kNoSym) return "no label: fail";
    return fmt::format("{}: {} + {} - {} = {} {} {}", cluster.pool().Str(k.domain), k.matchNum, k.selfMatch,
                       k.minMatchNum, k.skew, k.pass ? "<=" : ">", k.maxSkew) +
           (k.pass ? "  ok" : "  FAIL");
  }
  if (c.state == CellState::Fail) return r.matrix.reasons[c.reason];
  return c.state == CellState::Skip ? "ok (skip)" : "ok";
}

void MatrixSection(std::string& out, const Cluster& cluster, const why::Report& r, bool all) {
  const why::ConflictMatrix& m = r.matrix;
  // Rows that reject no node are summed up in one line.
  std::vector<size_t> shown;
  std::vector<std::string> quiet;
  for (size_t i = 0; i < m.rows.size(); ++i) {
    bool rejects = false;
    for (NodeIndex n = 0; n < static_cast<NodeIndex>(m.numNodes); ++n) rejects |= m.at(i, n).state == CellState::Fail;
    if (rejects || m.rows[i].constraint >= 0) {
      shown.push_back(i);
    } else {
      quiet.push_back(m.rows[i].plugin);
    }
  }
  out += "Every filter on every node (spread: matchNum + selfMatch - minMatchNum = skew vs maxSkew):\n";
  std::vector<std::string> header{"NODE"};
  for (size_t i : shown) header.push_back(RowTitle(r, m.rows[i]));
  header.push_back("RESULT");
  Table table(header);
  const size_t limit = all ? m.numNodes : std::min(m.numNodes, kWhyNodesShown);
  for (NodeIndex n = 0; n < static_cast<NodeIndex>(limit); ++n) {
    std::vector<std::string> line{cluster.node(n).name};
    for (size_t i : shown) line.push_back(CellText(cluster, r, m.rows[i], m.at(i, n)));
    const NodeTrace& nt = r.nodes[n];
    line.push_back(nt.feasible ? "feasible" : nt.evaluated ? "rejected" : "not evaluated");
    table.Add(std::move(line));
  }
  out += table.Render("  ");
  if (limit < m.numNodes) out += fmt::format("  ... {} more node(s); --all shows every node\n", m.numNodes - limit);
  if (!quiet.empty()) out += fmt::format("  Pass on every node: {}\n", fmt::join(quiet, ", "));
  out += "\n";

  out += "What each filter accepts on its own:\n";
  Table alone({"FILTER", "ACCEPTS", "ONLY THIS FILTER REJECTS"});
  for (size_t i : shown)
    alone.Add({RowTitle(r, m.rows[i]), NameList(Names(cluster, m.rows[i].accepts)),
               m.rows[i].soleBlocker.empty() ? "-" : NameList(Names(cluster, m.rows[i].soleBlocker))});
  alone.Add({"all together", NameList(Names(cluster, m.feasible)), ""});
  out += alone.Render("  ");
  if (m.feasible.empty() && !shown.empty()) {
    bool eachAccepts = true;
    for (size_t i : shown) eachAccepts &= !m.rows[i].accepts.empty();
    if (eachAccepts && shown.size() > 1)
      out += "  Each filter accepts some node, but no node passes all of them: they conflict.\n";
  }
  out += "\n";
}

// What DefaultPreemption's PostFilter did in the cycle: the node it nominates and the
// lower-priority pods it deletes there (no change is needed for that), or why it could not.
void PreemptionSection(std::string& out, const Cluster& cluster, const why::Report& r) {
  const preemption::Result& p = *r.preemption;
  if (p.nominating != preemption::Nominating::Set) {
    if (!p.message.empty()) out += fmt::format("Preemption (DefaultPreemption) cannot help: {}\n\n", p.message);
    return;
  }
  std::vector<std::string> victims;
  for (PodIndex v : p.victims)
    victims.push_back(fmt::format("{} (priority {})", cluster.pod(v).key, preemption::PodPriority(cluster, v)));
  out += fmt::format(
      "Preemption (DefaultPreemption) nominates {}: it deletes the lower-priority pod(s) {} there, and a later\n"
      "cycle binds the pod to {} once they are gone (status.nominatedNodeName: {}). No change is needed for that;\n"
      "the changes below would place it without waiting for preemption.\n\n",
      cluster.node(p.nominatedNode).name, fmt::join(victims, ", "), cluster.node(p.nominatedNode).name,
      cluster.node(p.nominatedNode).name);
}

void SuggestionSection(std::string& out, const why::Report& r, bool all) {
  if (!r.searched) return;
  const std::string goal = r.targetNode.empty() ? "let the pod schedule" : "put the pod on " + r.targetNode;
  if (r.suggestions.empty()) {
    out += fmt::format("No single change that spreadlab tries would {} ({} tried).\n", goal, r.candidatesTried);
    return;
  }
  out += fmt::format(
      "Changes that would {} (smallest first; each one checked by re-running the scheduling cycle on "
      "the changed scenario, {} tried):\n",
      goal, r.candidatesTried);
  const size_t limit = all ? r.suggestions.size() : std::min(r.suggestions.size(), kWhySuggestionsShown);
  for (size_t i = 0; i < limit; ++i) {
    const why::Suggestion& s = r.suggestions[i];
    out += fmt::format("  {}. {}\n", i + 1, s.summary);
    std::string feasible =
        s.newlyFeasible.empty()
            ? "no node becomes newly feasible"
            : NameList(s.newlyFeasible) + (s.newlyFeasible.size() == 1 ? " becomes" : " become") + " feasible";
    out += fmt::format("     {}; the pod would land on {}\n", feasible, s.lands.empty() ? "no node" : s.lands);
    out += fmt::format("     cost: {} change, size {}; largest skew afterwards {}\n",
                       why::CostClassName(why::CostClassOf(s.edit.kind)), why::Magnitude(s.edit), s.skewAfter);
  }
  if (limit < r.suggestions.size())
    out += fmt::format("  ... {} more; --all shows them all\n", r.suggestions.size() - limit);
}

}  // namespace

std::string WhyTable(const Cluster& cluster, const why::Report& r, bool all) {
  const std::string& pod = cluster.pod(r.pod).key;
  std::string out;
  if (!r.error.empty()) return fmt::format("Pod {}: the scheduling cycle failed: {}\n", pod, r.error);
  if (r.selected == kNone) {
    out += fmt::format("Pod {} stays Pending:\n  {}\n\n", pod, r.message);
  } else {
    out += fmt::format("Pod {} schedules:\n  {}\n\n", pod, r.message);
  }
  if (!r.schedulingGates.empty())
    return out +
           "The pod has scheduling gates: kube-scheduler does not try to place it until every gate is removed\n"
           "from spec.schedulingGates (by whoever added it; kubectl shows the pod as SchedulingGated).\n";
  if (r.noNodes) return out + "The cluster has no node: add one.\n";
  for (const auto& p : r.preFilter)
    if (p.code != Code::Success && p.code != Code::Skip)
      out += fmt::format("PreFilter {} rejected the pod before any node was checked: {}\n\n", p.plugin, p.reason);
  MatrixSection(out, cluster, r, all);
  if (r.preemption) PreemptionSection(out, cluster, r);
  if (!r.targetNode.empty() && !r.searched)
    out += fmt::format("The pod already lands on {}.\n", r.targetNode);
  else if (r.targetNode.empty() && !r.searched)
    out += "Nothing to fix. Use --node NAME to ask what would put the pod on another node.\n";
  SuggestionSection(out, r, all);
  return out;
}

}  // namespace spreadlab::cli
