// The conflict explorer for a Pending pod (core/why): what each filter accepts
// on its own and that no node passes them all, then the smallest changes that
// would let the pod schedule. Hovering a suggestion previews it on the cluster
// (ui.previewSuggestion); "Apply" makes it one undoable edit.
#include <algorithm>
#include <string>

#include "app/app.h"
#include "app/panels/panels.h"

namespace spreadlab::app {

namespace {

std::string NodeList(const Cluster& cluster, const std::vector<NodeIndex>& nodes, size_t max = 6) {
  if (nodes.empty()) return "no node";
  std::string out;
  for (size_t i = 0; i < nodes.size() && i < max; ++i) out += (i ? ", " : "") + cluster.node(nodes[i]).name;
  if (nodes.size() > max) out += " and " + std::to_string(nodes.size() - max) + " more";
  return out;
}

std::string RowName(const why::Report& r, const why::MatrixRow& row) {
  if (row.constraint < 0) return row.plugin;
  const auto& c = r.spreadFilter[row.constraint];
  return "#" + std::to_string(row.constraint + 1) + " " + c.topologyKey + " maxSkew " + std::to_string(c.maxSkew);
}

std::string Join(const std::vector<std::string>& names, size_t max = 6) {
  std::string out;
  for (size_t i = 0; i < names.size() && i < max; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > max) out += " and " + std::to_string(names.size() - max) + " more";
  return out;
}

}  // namespace

void DrawConflict(Lab& lab, UiState& ui) {
  const why::Report* r = lab.Why();
  if (!r) return;
  const Cluster& cluster = lab.cluster();
  if (!ImGui::CollapsingHeader("Why Pending, and what would fix it", ImGuiTreeNodeFlags_DefaultOpen)) return;
  MarkItem("conflict");
  if (!r->schedulingGates.empty() || r->noNodes) {  // no cycle ran: nothing in one to change
    ImGui::TextWrapped(r->noNodes ? "The cluster has no node: add the sample cluster or a node of your own (the "
                                    "Cluster panel offers both)."
                                  : "The pod has scheduling gates: kube-scheduler does not try to place it until every "
                                    "gate is removed from spec.schedulingGates, by whoever added it (a quota or "
                                    "provisioning controller). Nothing about the nodes matters until then.");
    return;
  }

  // Filters that reject somewhere, with what each accepts alone.
  if (ImGui::BeginTable("##conflict", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("Filter");
    ImGui::TableSetupColumn("Accepts on its own");
    ImGui::TableSetupColumn("Only it rejects");
    ImGui::TableHeadersRow();
    for (const why::MatrixRow& row : r->matrix.rows) {
      if (row.accepts.size() == r->matrix.numNodes) continue;  // passes everywhere: not part of the story
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(RowName(*r, row).c_str());
      ImGui::TableNextColumn();
      ImGui::TextColored(colors::V(row.accepts.empty() ? colors::kRejected : colors::kFeasible), "%s",
                         NodeList(cluster, row.accepts).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.soleBlocker.empty() ? "-" : NodeList(cluster, row.soleBlocker).c_str());
    }
    ImGui::EndTable();
  }
  // The matrix itself: filters x nodes, each cell with its numbers.
  constexpr size_t kMaxColumns = 24;
  const size_t columns = std::min<size_t>(r->matrix.numNodes, kMaxColumns);
  const bool matrixOpen = ImGui::TreeNodeEx("Every filter on every node", ImGuiTreeNodeFlags_DefaultOpen);
  if (matrixOpen &&
      ImGui::BeginTable("##matrix", static_cast<int>(columns) + 1,
                        ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit,
                        ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * (r->matrix.rows.size() + 2.5f)))) {
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("Filter");
    for (size_t n = 0; n < columns; ++n) ImGui::TableSetupColumn(cluster.node(static_cast<NodeIndex>(n)).name.c_str());
    ImGui::TableHeadersRow();
    for (size_t row = 0; row < r->matrix.rows.size(); ++row) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(RowName(*r, r->matrix.rows[row]).c_str());
      for (size_t n = 0; n < columns; ++n) {
        ImGui::TableNextColumn();
        const why::MatrixCell& c = r->matrix.at(row, static_cast<NodeIndex>(n));
        const bool fail = c.state == why::CellState::Fail;
        const ImVec4 color = colors::V(fail                              ? colors::kRejected
                                       : c.state == why::CellState::Pass ? colors::kFeasible
                                                                         : colors::kMuted);
        if (r->matrix.rows[row].constraint >= 0 && c.state != why::CellState::NotEvaluated && c.check.domain != kNoSym)
          ImGui::TextColored(color, "%d %s %d", c.check.skew, fail ? ">" : "\xE2\x89\xA4", c.check.maxSkew);
        else
          ImGui::TextColored(color, "%s", fail ? "\xE2\x9C\x98" : c.state == why::CellState::NotEvaluated ? "-" : "ok");
        if (ImGui::IsItemHovered() && fail) {
          if (r->matrix.rows[row].constraint >= 0 && c.check.domain != kNoSym)
            ImGui::SetTooltip("%d + %d \xE2\x88\x92 %d = %d > maxSkew %d", c.check.matchNum, c.check.selfMatch,
                              c.check.minMatchNum, c.check.skew, c.check.maxSkew);
          else
            ImGui::SetTooltip("%s", r->matrix.reasons[c.reason].c_str());
        }
      }
    }
    ImGui::EndTable();
  }
  if (matrixOpen) {
    if (r->matrix.numNodes > columns)
      ImGui::TextDisabled("the first %zu of %zu nodes; spreadlab why --all lists them all", columns,
                          r->matrix.numNodes);
    ImGui::TreePop();
  }

  bool each = true;
  for (const why::MatrixRow& row : r->matrix.rows) each &= !row.accepts.empty();
  if (r->matrix.feasible.empty())
    ImGui::TextWrapped(each ? "Each filter accepts some node, but no node passes all of them: they conflict."
                            : "A filter accepts no node at all.");

  ImGui::Spacing();
  if (TheLessons().taskOpen()) {
    ImGui::TextDisabled(
        "The suggested changes are hidden while the lesson's task is open: find one yourself, or "
        "press Show me in the lesson.");
    MarkItem("suggestionsHidden");
    return;
  }
  ImGui::TextWrapped("Smallest changes first (%zu tried, each re-run through the cycle, %.0f ms):", r->candidatesTried,
                     lab.whyMs());
  if (r->suggestions.empty()) ImGui::TextDisabled("No single change found.");
  for (size_t i = 0; i < r->suggestions.size(); ++i) {
    const why::Suggestion& s = r->suggestions[i];
    ImGui::PushID(static_cast<int>(i));
    const bool fromDefaults = s.edit.fromDefaults;
    ImGui::BeginDisabled(fromDefaults);
    if (ImGui::SmallButton("Apply")) {
      const size_t index = i;
      Later([&lab, index] { lab.ApplySuggestion(index); });
    }
    ImGui::EndDisabled();
    if (fromDefaults && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("A default constraint of the profile: change it in the KubeSchedulerConfiguration.");
    if (i == 0) MarkItem("suggestion0.apply");
    ImGui::SameLine();
    ImGui::TextWrapped("%zu. %s", i + 1, s.summary.c_str());
    const bool hovered = ImGui::IsItemHovered();
    ImGui::Indent();
    ImGui::TextDisabled("%s feasible; lands on %s; skew afterwards %d", Join(s.newlyFeasible).c_str(), s.lands.c_str(),
                        s.skewAfter);
    ImGui::Unindent();
    if (hovered || ImGui::IsItemHovered()) ui.previewSuggestion = static_cast<int>(i);
    ImGui::PopID();
  }
}

}  // namespace spreadlab::app
