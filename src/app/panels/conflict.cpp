// The conflict explorer for a Pending pod (core/why): what each filter accepts
// on its own and that no node passes them all, then the smallest changes that
// would let the pod schedule. Hovering a suggestion previews it on the cluster
// (ui.previewSuggestion); "Apply" makes it one undoable edit.
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
  bool each = true;
  for (const why::MatrixRow& row : r->matrix.rows) each &= !row.accepts.empty();
  if (r->matrix.feasible.empty())
    ImGui::TextWrapped(each ? "Each filter accepts some node, but no node passes all of them: they conflict."
                            : "A filter accepts no node at all.");

  ImGui::Spacing();
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
    ImGui::TextDisabled("%s feasible; lands on %s; skew afterwards %d", Join(s.newlyFeasible).c_str(),
                        s.lands.c_str(), s.skewAfter);
    ImGui::Unindent();
    if (hovered || ImGui::IsItemHovered()) ui.previewSuggestion = static_cast<int>(i);
    ImGui::PopID();
  }
}

}  // namespace spreadlab::app
