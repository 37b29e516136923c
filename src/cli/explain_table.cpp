#include "cli/explain_table.h"

#include "core/framework/spread_arithmetic.h"
#include "core/framework/volume_check_text.h"
#include "core/plugins/defaultpreemption/default_preemption.h"

#include "cli/text_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace spreadlab::cli {

namespace {

std::string Labels(const LabelSet& labels, const StringPool& pool) {
  std::string s;
  for (const auto& [k, v] : labels.Items()) s += (s.empty() ? "" : ",") + pool.Str(k) + "=" + pool.Str(v);
  return s.empty() ? "<none>" : s;
}

std::string Domains(const SpreadConstraintSummary& s) {
  std::string d;
  for (const auto& [value, count] : s.domains) d += fmt::format("{}{}={}", d.empty() ? "" : " ", value, count);
  return d.empty() ? "<no eligible domain>" : d;
}

void ConstraintSection(std::string& out, const char* title, const std::vector<SpreadConstraintSummary>& cs,
                       bool scoring) {
  if (cs.empty()) return;
  out += fmt::format("{}\n", title);
  for (size_t i = 0; i < cs.size(); ++i) {
    const auto& c = cs[i];
    out += fmt::format("  #{} topologyKey={} maxSkew={}{} selector={}{}{}\n", i + 1, c.topologyKey, c.maxSkew,
                       scoring ? "" : fmt::format(" minDomains={}", c.minDomains), c.selector,
                       c.selfMatch ? "" : "  (the pod does not match its own selector)",
                       c.fromDefaults ? "  [cluster default constraint]" : "");
    if (c.nodeAffinityPolicy != "Honor" || c.nodeTaintsPolicy != "Ignore")
      out += fmt::format("     nodeAffinityPolicy={} nodeTaintsPolicy={}\n", c.nodeAffinityPolicy, c.nodeTaintsPolicy);
    if (scoring) {
      out += fmt::format("     matching pods per domain: {}   weight log(domains+2) = {:.3f}\n", Domains(c),
                         c.topologyNormalizingWeight);
    } else {
      out +=
          fmt::format("     matching pods per domain: {}   global minimum = {}{}\n", Domains(c), c.globalMin,
                      static_cast<int32_t>(c.domains.size()) < c.minDomains
                          ? fmt::format(" (only {} eligible domain(s) < minDomains {})", c.domains.size(), c.minDomains)
                          : "");
    }
  }
  out += "\n";
}

// InterPodAffinity's terms as its PreFilter and PreScore counted them: per term, the pods
// it counts in each domain and, for existing pods' terms, which pods own them.
void InterPodAffinitySection(std::string& out, const Cluster& cluster, const InterPodAffinityReport& r) {
  auto terms = [&](const char* title, Code code, const std::vector<InterPodAffinityTermReport>& ts) {
    if (ts.empty()) return;
    out += fmt::format("InterPodAffinity {} ({}):\n", title, CodeName(code));
    for (const auto& t : ts) {
      out += fmt::format("  {} topologyKey={} selector={} namespaces={}{}{}\n", t.kind, t.topologyKey, t.selector,
                         t.namespaces, t.weight ? fmt::format(" weight={}", t.weight) : "",
                         t.selfMatch ? "  (the pod matches it itself)" : "");
      std::vector<std::string> domains;
      for (const auto& [value, n] : t.domains) domains.push_back(fmt::format("{}={}", value, n));
      out += fmt::format("     pods per domain: {}\n",
                         domains.empty() ? "none" : fmt::format("{}", fmt::join(domains, " ")));
      std::vector<std::string> owners;
      for (const auto& [pod, domain] : t.owners)
        owners.push_back(fmt::format("{} ({})", cluster.pod(pod).key, t.domains[domain].first));
      if (!owners.empty()) out += fmt::format("     term of: {}\n", fmt::join(owners, ", "));
    }
    out += "\n";
  };
  if (r.preFilterRan) terms("terms checked by Filter", r.preFilterCode, r.filterTerms);
  if (r.preScoreRan) terms("terms scored", r.preScoreCode, r.scoreTerms);
}

}  // namespace

namespace {

// DefaultPreemption's PostFilter: where it would make room, and for whom.
std::string PreemptionText(const Cluster& cluster, PodIndex pod, const preemption::Result& r) {
  auto pods = [&](const std::vector<PodIndex>& victims) {
    std::vector<std::string> names;
    for (PodIndex p : victims)
      names.push_back(fmt::format("{} (priority {})", cluster.pod(p).key, preemption::PodPriority(cluster, p)));
    return fmt::format("{}", fmt::join(names, ", "));
  };
  std::string out = "\nPreemption (DefaultPreemption, PostFilter):\n";
  if (!r.eligible) return out + "  the pod may not preempt: " + r.message.substr(r.message.find(':') + 2) + "\n";
  if (r.potential.empty()) return out + "  no node failed only for lack of room: deleting pods would help nowhere\n";
  const bool noVictimsAnywhere =
      r.candidates.empty() && std::all_of(r.rejected.begin(), r.rejected.end(), [](const preemption::DryRunStatus& s) {
        return s.reasons.size() == 1 && s.reasons[0] == preemption::kReasonNoVictims;
      });
  if (noVictimsAnywhere)
    return out + fmt::format(
                     "  no pod of lower priority than this one ({}) runs on the {} node(s) where room would "
                     "help: nothing to preempt\n",
                     preemption::PodPriority(cluster, pod), r.rejected.size());
  for (const auto& c : r.candidates)
    out += fmt::format("  {}: fits after deleting {}\n", cluster.node(c.node).name, pods(c.victims));
  for (const auto& s : r.rejected)
    out += fmt::format("  {}: {}\n", cluster.node(s.node).name, fmt::join(s.reasons, ", "));
  if (r.nominatedNode == kNone) return out;
  out += fmt::format("  -> nominated to {} (status.nominatedNodeName); {} deleted; the pod binds in a later cycle\n",
                     cluster.node(r.nominatedNode).name, pods(r.victims));
  if (r.tie.size() > 1) {
    std::vector<std::string> names;
    for (NodeIndex n : r.tie) names.push_back(cluster.node(n).name);
    out += fmt::format("  ({} are equally good candidates; kube-scheduler picks one at random, spreadlab the first)\n",
                       fmt::join(names, ", "));
  }
  return out;
}

// How the chosen node's scores came about, plugin by plugin (ScoreExplainer).
// The room an earlier preemption holds on the node for pods of this priority or higher
// (RunFilterPluginsWithNominatedPods); "" when none is nominated there.
std::string NominatedHere(const Cluster& cluster, const CycleTrace& t, const NodeTrace& nt) {
  std::vector<std::string> pods;
  for (const NominatedPod& np : t.nominatedPods)
    if (np.node == nt.node)
      pods.push_back(fmt::format("{} (priority {})", cluster.pod(np.pod).key, cluster.pod(np.pod).priority));
  if (pods.empty()) return "";
  return fmt::format(
      "room held for {}, nominated here: {}", fmt::join(pods, ", "),
      nt.rejectedWithNominatedPods ? "the filters counted it and failed" : "the filters pass with and without it");
}

std::string HowChosenScored(const Cluster& cluster, Framework& framework, const CycleTrace& t) {
  if (t.selected == kNone) return "";
  const NodeTrace& nt = t.nodes[t.selected];
  std::string out;
  for (size_t entry = nt.scoreBegin; entry < nt.scoreBegin + nt.scoreCount; ++entry) {
    const std::optional<ScoreExplanation> x = framework.ExplainScore(t, entry);
    if (!x) continue;
    out += fmt::format("  {}: {}\n", t.scorePlugins[t.scores[entry].plugin], x->score);
    if (!x->normalize.empty()) out += fmt::format("    normalized: {}\n", x->normalize);
  }
  return out.empty() ? "" : fmt::format("How {} scored:\n{}\n", cluster.node(t.selected).name, out);
}

}  // namespace

std::string ExplainTable(const Cluster& cluster, Framework& framework, const CycleTrace& t) {
  const ResolvedProfile& profile = framework.profile();
  const StringPool& pool = cluster.pool();
  const PodInfo& pod = cluster.pod(t.pod);
  std::string out = fmt::format("Pod {}   labels: {}\n\n", pod.key, Labels(pod.labels, pool));

  ConstraintSection(out, "Topology spread constraints checked by Filter (DoNotSchedule):", t.spreadFilter, false);
  ConstraintSection(out, "Topology spread constraints scored (ScheduleAnyway):", t.spreadScore, true);
  if (t.interPodAffinity) InterPodAffinitySection(out, cluster, *t.interPodAffinity);

  for (const auto& p : t.preFilter)
    if (!p.reason.empty() || p.nodeNames)
      out +=
          fmt::format("PreFilter {}: {}{}\n", p.plugin, CodeName(p.code),
                      p.nodeNames ? fmt::format(" (only nodes: {})", fmt::join(*p.nodeNames, ", ")) : " " + p.reason);

  if (!t.nodes.empty()) {
    out += "Filter:\n";
    Table table({"NODE", "RESULT", "REJECTED BY", "WHY"});
    size_t unreached = 0;
    for (const NodeTrace& nt : t.nodes) {
      const std::string& name = cluster.node(nt.node).name;
      if (!nt.evaluated) {
        if (nt.notEvaluated == NotEvaluated::EnoughFeasible) {
          ++unreached;
        } else {
          table.Add({name, "not evaluated", "",
                     nt.notEvaluated == NotEvaluated::PreFilterResult ? "left out by a PreFilter plugin's node list"
                                                                      : "PreFilter rejected the pod"});
        }
        continue;
      }
      std::string rejectedBy, why;
      if (const FilterVerdict* v = t.Reported(nt)) {
        rejectedBy = t.filterPlugins[v->plugin];
        why = t.JoinedReasons(*v);
      }
      table.Add({name, nt.feasible ? "feasible" : "rejected", rejectedBy, why});
      if (std::string held = NominatedHere(cluster, t, nt); !held.empty()) table.Add({"", "", "", held});
      // The spread arithmetic, and the claims, volumes and drivers behind the volume
      // plugins' verdicts, so that the verdict can be checked by hand.
      for (uint32_t i = 0; i < nt.filterCount; ++i) {
        const FilterVerdict& v = t.filters[nt.filterBegin + i];
        for (uint32_t c = 0; c < v.checksCount; ++c)
          table.Add({"", "", "", SpreadArithmetic(t, t.spreadChecks[v.checksBegin + c], pool)});
        for (uint32_t c = 0; c < v.volumesCount; ++c)
          table.Add({"", "", "",
                     t.filterPlugins[v.plugin] + ": " +
                         VolumeCheckText(cluster, t, cluster.node(nt.node), t.volumeChecks[v.volumesBegin + c])});
      }
    }
    out += table.Render("  ");
    if (unreached > 0)
      out += fmt::format(
          "  ... {} more node(s) not evaluated: kube-scheduler stops filtering once it has found {} feasible "
          "nodes (percentageOfNodesToScore)\n",
          unreached, t.numFeasibleNodesToFind);
    out += "\n";
  }

  if (t.scored) {
    out += "Score (normalized score x weight = weighted; raw score in brackets):\n";
    std::vector<std::string> header{"NODE"};
    for (size_t p = 0; p < t.scorePlugins.size(); ++p) {
      int64_t w = 0;
      for (const auto& s : profile.score)
        if (s.name == t.scorePlugins[p]) w = s.weight;
      header.push_back(fmt::format("{} (x{})", t.scorePlugins[p], w));
    }
    header.push_back("TOTAL");
    Table table(header);
    std::vector<const NodeTrace*> feasible;
    for (const auto& nt : t.nodes)
      if (nt.feasible) feasible.push_back(&nt);
    std::stable_sort(feasible.begin(), feasible.end(), [](auto* a, auto* b) { return a->total > b->total; });
    for (const NodeTrace* nt : feasible) {
      std::vector<std::string> row{cluster.node(nt->node).name + (nt->node == t.selected ? " *" : "")};
      for (uint32_t i = 0; i < nt->scoreCount; ++i) {
        const ScoreEntry& e = t.scores[nt->scoreBegin + i];
        row.push_back(fmt::format("{} [{}] = {}", e.normalized, e.raw, e.weighted));
      }
      row.push_back(std::to_string(nt->total));
      table.Add(row);
    }
    out += table.Render("  ");
    if (!t.skippedScorePlugins.empty())
      out += fmt::format("  skipped (nothing to score for this pod): {}\n", fmt::join(t.skippedScorePlugins, ", "));
    if (std::find(t.scorePlugins.begin(), t.scorePlugins.end(), "SelectorSpread") != t.scorePlugins.end())
      out +=
          "  SelectorSpread is legacy: kube-scheduler removed it after v1.26 (default topology spreading\n"
          "  replaced it); it runs here because the profile enables it.\n";
    out += "\n";
    out += HowChosenScored(cluster, framework, t);
  } else if (t.selected != kNone) {
    out += "Score: skipped, only one node is feasible.\n\n";
  }
  if (!profile.notSimulated.empty())
    out += fmt::format("Not simulated (enabled in the profile, no effect here): {}\n\n",
                       fmt::join(profile.notSimulated, ", "));

  if (!t.error.empty()) {
    out += fmt::format("Error: {}\n", t.error);
  } else if (t.selected != kNone) {
    out += fmt::format("Result: {} -> {}\n  {}\n", pod.key, cluster.node(t.selected).name, t.message);
    size_t ties = 0;
    for (const auto& nt : t.nodes) ties += t.scored && nt.feasible && nt.total == t.nodes[t.selected].total;
    if (ties > 1)
      out += fmt::format(
          "  ({} nodes share the top score; kube-scheduler picks one of them at random, spreadlab the first "
          "one it evaluated)\n",
          ties);
  } else {
    out += fmt::format("Result: {} stays Pending\n  {}\n", pod.key, t.message);
    if (t.preemption) out += PreemptionText(cluster, t.pod, *t.preemption);
  }
  return out;
}

}  // namespace spreadlab::cli
