// The decision for the pending pod: kube-scheduler's message as `kubectl describe
// pod` shows it, the spread constraints as PreFilter saw them, every node's
// verdict, and for the selected (or hovered) node the arithmetic of each spread
// constraint and the score breakdown.
#include <cstdio>

#include "app/app.h"
#include "app/panels/panels.h"
#include "core/plugins/defaultpreemption/default_preemption.h"

namespace spreadlab::app {

namespace {

void Event(bool ok, const std::string& message, const char* reason) {
  // As tall as the whole message wrapped at the box's width: a FitError that ends with
  // preemption's sentence runs to many lines, and none may be cut off.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float wrap = ImGui::GetContentRegionAvail().x - 2 * (style.WindowPadding.x + style.ChildBorderSize);
  const float height = ImGui::CalcTextSize(message.c_str(), nullptr, false, wrap).y +
                       2 * ImGui::GetTextLineHeightWithSpacing() + 2 * (style.WindowPadding.y + style.ChildBorderSize);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, colors::V(ok ? colors::P().eventOk : colors::P().eventBad));
  ImGui::BeginChild("##event", ImVec2(0, height), true, ImGuiWindowFlags_NoScrollbar);
  ImGui::TextDisabled("Events (kubectl describe pod):");
  ImGui::TextColored(colors::V(ok ? colors::kFeasible : colors::kRejected), "%s  %s  default-scheduler",
                     ok ? "Normal " : "Warning", reason);
  ImGui::TextWrapped("%s", message.c_str());
  MarkItem("message.text");
  ImGui::EndChild();
  ImGui::PopStyleColor();
  MarkItem("message");
}

// DefaultPreemption's answer for a Pending pod: the node it nominates and the
// lower-priority pods it deletes there, which the picture marks too.
void Preemption(const Cluster& cluster, const PreemptionMarks& p) {
  if (p.nominated == kNone) return;
  const std::string& node = cluster.node(p.nominated).name;
  ImGui::TextColored(colors::V(colors::P().warning), "Preemption nominates %s", node.c_str());
  MarkItem("preemption.nominated");
  ImGui::TextWrapped(
      "DefaultPreemption (PostFilter) deletes these lower-priority pods on %s; a later cycle binds the pod there "
      "(status.nominatedNodeName: %s):",
      node.c_str(), node.c_str());
  for (PodIndex v : p.victims) {
    ImGui::BulletText("%s  priority %d", cluster.pod(v).key.c_str(), preemption::PodPriority(cluster, v));
    MarkItem("preemption.victim:" + cluster.pod(v).name);
  }
}

void ConstraintSummary(const Cluster& cluster, const SpreadConstraintSummary& s, int index, bool filter) {
  (void)cluster;
  ImGui::TextWrapped("#%d %s  maxSkew %d  %s", index + 1, s.topologyKey.c_str(), s.maxSkew,
                     s.whenUnsatisfiable.c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("   selector %s%s%s", s.selector.c_str(),
                     s.selfMatch ? "" : "  (the pod does not match it: selfMatch 0)",
                     s.fromDefaults ? "  (from the profile's default constraints)" : "");
  ImGui::PopStyleColor();
  std::string domains;
  for (const auto& [v, n] : s.domains) domains += v + "=" + std::to_string(n) + "  ";
  if (s.domains.empty()) domains = "(no eligible domain)";
  ImGui::TextWrapped("   matching pods: %s", domains.c_str());
  if (filter)
    ImGui::Text(
        "   global minimum %d%s", s.globalMin,
        static_cast<int>(s.domains.size()) < s.minDomains ? "  (fewer domains than minDomains: treated as 0)" : "");
  else
    ImGui::Text("   topology weight log(%d+2) = %.3f", static_cast<int>(s.domains.size()), s.topologyNormalizingWeight);
}

// InterPodAffinity's terms as its PreFilter and PreScore counted them (the trace's report):
// per term, the pods it counts in each domain, and whose term an existing pod's term is.
void InterPodAffinitySummary(const Cluster& cluster, const InterPodAffinityReport& r) {
  auto terms = [&](const std::vector<InterPodAffinityTermReport>& ts) {
    for (const auto& t : ts) {
      ImGui::Text("%s  %s%s", t.kind.c_str(), t.topologyKey.c_str(),
                  t.weight ? ("  weight " + std::to_string(t.weight)).c_str() : "");
      ImGui::TextDisabled("   selector %s  namespaces %s", t.selector.c_str(), t.namespaces.c_str());
      std::string domains;
      for (const auto& [v, n] : t.domains) domains += v + "=" + std::to_string(n) + "  ";
      ImGui::TextWrapped("   pods per domain: %s", t.domains.empty() ? "none" : domains.c_str());
      std::string owners;
      for (const auto& [pod, d] : t.owners) owners += cluster.pod(pod).key + " (" + t.domains[d].first + ")  ";
      if (!owners.empty()) ImGui::TextWrapped("   term of: %s", owners.c_str());
    }
  };
  terms(r.filterTerms);
  terms(r.scoreTerms);
}

// matchNum + selfMatch − minMatchNum = skew against maxSkew; the failing term in red.
void Arithmetic(const Cluster& cluster, const CycleTrace& t, const SpreadCheck& k) {
  const auto& s = t.spreadFilter[k.constraint];
  const ImVec4 ok = colors::V(colors::kFeasible), bad = colors::V(colors::kRejected);
  ImGui::Text("#%d %s=%s:", k.constraint + 1, s.topologyKey.c_str(),
              k.domain == kNoSym ? "(label missing)" : cluster.pool().Str(k.domain).c_str());
  if (k.domain == kNoSym) {
    ImGui::SameLine();
    ImGui::TextColored(bad, "the node lacks the topology key");
    return;
  }
  ImGui::SameLine();
  ImGui::Text("%d + %d \xE2\x88\x92 %d =", k.matchNum, k.selfMatch, k.minMatchNum);
  ImGui::SameLine();
  ImGui::TextColored(k.pass ? ok : bad, "%d %s maxSkew %d", k.skew, k.pass ? "\xE2\x89\xA4" : ">", k.maxSkew);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "matchNum %d: matching pods in this domain\nselfMatch %d: the pod itself, if it matches\n"
        "minMatchNum %d: the global minimum over eligible domains\nskew = %d",
        k.matchNum, k.selfMatch, k.minMatchNum, k.skew);
}

// `filtered`/`summed`/`answer`: what the playback has computed so far (no spoilers).
void NodeDetails(Lab& lab, NodeIndex ni, bool filtered, bool summed, bool answer) {
  const Cluster& cluster = lab.cluster();
  const CycleTrace& t = lab.trace();
  if (ni >= static_cast<int>(t.nodes.size())) return;
  const NodeTrace& nt = t.nodes[ni];
  ImGui::Separator();
  ImGui::Text("Node %s", cluster.node(ni).name.c_str());
  if (!filtered) {
    ImGui::TextDisabled("labels: %s", FormatLabels(lab.doc().scenario().nodes[ni].metadata.labels).c_str());
    ImGui::TextDisabled("Its filters have not run yet (the Filter phase shows them node by node).");
    MarkItem("nodeDetails:unrevealed");
    return;
  }
  MarkItem("nodeDetails:verdict");
  ImGui::SameLine();
  if (!nt.evaluated)
    ImGui::TextColored(colors::V(colors::kMuted), "not evaluated: %s",
                       std::string(NotEvaluatedName(nt.notEvaluated)).c_str());
  else
    ImGui::TextColored(colors::V(nt.feasible ? colors::kFeasible : colors::kRejected),
                       nt.feasible ? "feasible" : "rejected");
  if (answer && t.selected == ni) {
    ImGui::SameLine();
    ImGui::TextColored(colors::V(colors::kWinner), "(chosen)");
  }
  ImGui::TextDisabled("labels: %s", FormatLabels(lab.doc().scenario().nodes[ni].metadata.labels).c_str());
  if (ImGui::BeginTable("##filters", 2, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("Filter plugin", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("Result");
    ImGui::TableHeadersRow();
    for (uint32_t f = 0; f < nt.filterCount; ++f) {
      const FilterVerdict& v = t.filters[nt.filterBegin + f];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(t.filterPlugins[v.plugin].c_str());
      ImGui::TableNextColumn();
      const bool fail = v.code != Code::Success && v.code != Code::Skip;
      ImVec4 c = colors::V(fail ? colors::kRejected : v.code == Code::Skip ? colors::kMuted : colors::kFeasible);
      std::string code(CodeName(v.code));
      if (static_cast<int>(f) == nt.firstFailure) code += " (reported)";
      ImGui::TextColored(c, "%s", code.c_str());
      if (v.reasonsCount > 0) ImGui::TextWrapped("%s", t.JoinedReasons(v).c_str());
      for (uint32_t c2 = 0; c2 < v.checksCount; ++c2) Arithmetic(cluster, t, t.spreadChecks[v.checksBegin + c2]);
    }
    ImGui::EndTable();
  }
  if (nt.scoreCount > 0 && summed) {
    ImGui::Text("Scores (normalized to 0..100, times the plugin weight):");
    for (uint32_t s = 0; s < nt.scoreCount; ++s) {
      const ScoreEntry& e = t.scores[nt.scoreBegin + s];
      char overlay[96];
      std::snprintf(overlay, sizeof overlay, "%lld  (raw %lld) x %lld = %lld", static_cast<long long>(e.normalized),
                    static_cast<long long>(e.raw), static_cast<long long>(e.weight),
                    static_cast<long long>(e.weighted));
      ImGui::TextUnformatted(t.scorePlugins[e.plugin].c_str());
      ImGui::ProgressBar(static_cast<float>(e.normalized) / 100.0f, ImVec2(-1, 0), overlay);
    }
    ImGui::Text("Weighted sum: %lld", static_cast<long long>(nt.total));
  } else if (nt.feasible && !t.scored) {
    ImGui::TextDisabled("Not scored: scoring is skipped when only one node is feasible.");
  }
}

}  // namespace

void DrawResultLine(Lab& lab, const UiState& ui, const std::string& id) {
  const CycleTrace& t = lab.trace();
  const Phase phase = lab.playback.phase;
  const ImVec4 rejected = colors::V(colors::kRejected);
  if (!ui.showAnswer && phase < Phase::Select)
    ImGui::TextColored(colors::V(colors::kMuted), "deciding... (%s)", PhaseName(phase));
  else if (!t.error.empty())
    ImGui::TextColored(rejected, "Framework error: %s", t.error.c_str());
  else if (t.selected != kNone)
    ImGui::TextColored(colors::V(colors::kWinner), "\xE2\x86\x92 goes to %s",
                       lab.cluster().node(t.selected).name.c_str());
  else if (!t.schedulingGates.empty())
    ImGui::TextColored(rejected, "stays Pending: SchedulingGated");
  else
    ImGui::TextColored(rejected, "stays Pending");
  MarkItem(id);
}

void DrawDecision(Lab& lab, UiState& ui) {
  const Cluster& cluster = lab.cluster();
  const CycleTrace& t = lab.trace();
  if (lab.pod() == kNone) {
    ImGui::TextWrapped(
        "No pending pod to explain. Every pod is bound; add one (right-click a node, or undo a placement).");
    return;
  }
  const PodInfo& pod = cluster.pod(lab.pod());
  ImGui::Text("Pod %s", pod.key.c_str());
  // No spoilers: while the cycle plays, show only what its phases so far have computed.
  const Phase phase = lab.playback.phase;
  const bool answer = ui.showAnswer || phase >= Phase::Select;
  // A node's verdict once the picture has shown it (the Filter phase reveals them node by node).
  const auto filtered = [&](NodeIndex n) { return ui.showAnswer || CycleView::VerdictShown(t, n, lab.playback); };
  const bool summed = ui.showAnswer || phase > Phase::NormalizeScore;  // totals are known
  DrawResultLine(lab, ui, "result");
  if (!answer) {
    ImGui::SameLine();
    ImGui::Checkbox("show the answer", &ui.showAnswer);
    MarkItem("showAnswer");
  } else if (t.error.empty()) {  // a framework error is all the result line says
    if (t.selected != kNone) {
      Event(true, t.message, "Scheduled       ");
    } else if (!t.schedulingGates.empty()) {
      // A gated pod never reaches a cycle, so it gets no FailedScheduling event.
      ImGui::TextWrapped(
          "kubectl get pod shows SchedulingGated; kube-scheduler's queue keeps the pod aside (%s) and "
          "never tries a node, so there is no FailedScheduling event.",
          t.message.c_str());
    } else {
      Event(false, t.message, "FailedScheduling");
      Preemption(cluster, CycleView::Preemption(t, Playback{}));
    }
  }
  ui.previewSuggestion = -1;
  if (answer) DrawConflict(lab, ui);
  // Under a compact embed's picture the sections start closed: the result is beside the
  // editors already, and the reader opens what they want to check (the iframe grows).
  const ImGuiTreeNodeFlags open = CompactEmbed() ? 0 : ImGuiTreeNodeFlags_DefaultOpen;

  if (!t.spreadFilter.empty() || !t.spreadScore.empty()) {
    if (ImGui::CollapsingHeader("Spread constraints as PreFilter/PreScore saw them", open)) {
      for (size_t i = 0; i < t.spreadFilter.size(); ++i)
        ConstraintSummary(cluster, t.spreadFilter[i], static_cast<int>(i), true);
      for (size_t i = 0; i < t.spreadScore.size(); ++i)
        ConstraintSummary(cluster, t.spreadScore[i], static_cast<int>(t.spreadFilter.size() + i), false);
    }
  }

  if (t.interPodAffinity && (!t.interPodAffinity->filterTerms.empty() || !t.interPodAffinity->scoreTerms.empty()))
    if (ImGui::CollapsingHeader("Pod affinity terms as PreFilter/PreScore saw them", open))
      InterPodAffinitySummary(cluster, *t.interPodAffinity);

  const NodeIndex shown = ui.selectedNode != kNone ? ui.selectedNode : ui.hoveredNode;
  const NodeIndex nominated = answer ? CycleView::Preemption(t, Playback{}).nominated : kNone;
  if (ImGui::CollapsingHeader("Nodes", open)) {
    const float tableH = std::min(ImGui::GetTextLineHeightWithSpacing() * (t.nodes.size() + 1.6f),
                                  ImGui::GetContentRegionAvail().y * (shown != kNone ? 0.4f : 0.9f));
    if (ImGui::BeginTable("##nodes", 3,
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp,
                          ImVec2(0, tableH))) {
      ImGui::TableSetupScrollFreeze(0, 1);
      ImGui::TableSetupColumn("Node");
      ImGui::TableSetupColumn("Result");
      ImGui::TableSetupColumn("Score", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 3.5f);
      ImGui::TableHeadersRow();
      ImGuiListClipper clip;
      clip.Begin(static_cast<int>(t.nodes.size()));
      while (clip.Step()) {
        for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
          const NodeTrace& nt = t.nodes[i];
          ImGui::TableNextRow();
          ImGui::TableNextColumn();
          if (ImGui::Selectable(cluster.node(nt.node).name.c_str(), ui.selectedNode == nt.node,
                                ImGuiSelectableFlags_SpanAllColumns))
            ui.selectedNode = ui.selectedNode == nt.node ? kNone : nt.node;
          if (ImGui::IsItemHovered()) ui.hoveredNode = nt.node;
          ImGui::TableNextColumn();
          if (!filtered(nt.node)) {
            ImGui::TextColored(colors::V(colors::kMuted), "...");
          } else if (!nt.evaluated) {
            ImGui::TextColored(colors::V(colors::kMuted), "not evaluated");
          } else if (nt.feasible) {
            const bool chosen = answer && t.selected == nt.node;
            ImGui::TextColored(colors::V(chosen ? colors::kWinner : colors::kFeasible), chosen ? "chosen" : "feasible");
          } else if (const FilterVerdict* v = t.Reported(nt)) {
            ImGui::TextColored(colors::V(colors::kRejected), "%s%s", t.filterPlugins[v->plugin].c_str(),
                               nt.node == nominated ? "  (nominated)" : "");
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", t.JoinedReasons(*v).c_str());
          }
          ImGui::TableNextColumn();
          if (nt.scoreCount && summed) ImGui::Text("%lld", static_cast<long long>(nt.total));
        }
      }
      ImGui::EndTable();
    }
  }
  if (shown != kNone) {
    NodeDetails(lab, shown, filtered(shown), summed, answer);
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Hover or click a node to see its arithmetic and scores.");  // wrapped on a phone
    ImGui::PopStyleColor();
  }

  if (!lab.framework().profile().notSimulated.empty() && ImGui::CollapsingHeader("Not simulated")) {
    std::string names;
    for (const auto& n : lab.framework().profile().notSimulated) names += n + " ";
    ImGui::TextWrapped("Enabled upstream but not modelled here (left out of every decision): %s", names.c_str());
  }
}

}  // namespace spreadlab::app
