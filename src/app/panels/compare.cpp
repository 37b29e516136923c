// Compare: the explained pod under the current scenario (A) and another (B) side by side
// — B a snapshot taken earlier (then edit A and watch the differences) or a pasted
// scenario — verdicts, totals and per-plugin scores, with the differences highlighted.
// The same comparison as `spreadlab compare` and window.spreadlab.compare().
#include <algorithm>
#include <optional>

#include "app/app.h"
#include "app/panels/panels.h"
#include "misc/cpp/imgui_stdlib.h"

namespace spreadlab::app {

namespace {

struct CompareState {
  std::string b;  // B's scenario text
  std::string bName;
  std::optional<why::Comparison> result;
  std::string error;
  uint64_t revision = ~uint64_t{0};  // the revision of A the result is for
  std::string paste;
  int row = -1;  // the row whose scores are shown
};

const why::PluginScore* Find(const std::vector<why::PluginScore>& s, const std::string& plugin) {
  for (const auto& x : s)
    if (x.plugin == plugin) return &x;
  return nullptr;
}

void Scores(const why::CompareRow& r) {
  if (r.a.scores.empty() && r.b.scores.empty()) return;
  ImGui::Text("%s: score x weight", r.node.c_str());
  if (!ImGui::BeginTable("##scores", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
  ImGui::TableSetupColumn("Plugin");
  ImGui::TableSetupColumn("A");
  ImGui::TableSetupColumn("B");
  ImGui::TableHeadersRow();
  std::vector<std::string> plugins;
  for (const auto* side : {&r.a.scores, &r.b.scores})
    for (const auto& s : *side)
      if (std::find(plugins.begin(), plugins.end(), s.plugin) == plugins.end()) plugins.push_back(s.plugin);
  auto cell = [](const why::PluginScore* s, bool differs) {
    ImGui::TableNextColumn();
    if (!s) return ImGui::TextDisabled("-");
    ImGui::TextColored(colors::V(differs ? colors::kRejected : colors::P().text), "%lld x %lld = %lld",
                       static_cast<long long>(s->score), static_cast<long long>(s->weight),
                       static_cast<long long>(s->weighted));
  };
  for (const std::string& p : plugins) {
    const why::PluginScore *a = Find(r.a.scores, p), *b = Find(r.b.scores, p);
    const bool differs = !a || !b || a->weighted != b->weighted || a->weight != b->weight;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(PluginColor(p)), "%s", p.c_str());
    cell(a, differs);
    cell(b, differs);
  }
  ImGui::EndTable();
}

}  // namespace

void DrawComparePanel(Lab& lab, UiState& ui, ImVec2 pos, ImVec2 size) {
  if (!ui.showCompare || !lab.loaded()) return;
  static CompareState st;
  // Where it opens: over the Decision panel (the ImGui default, the top left corner, covered
  // the editors its hint sends the learner to).
  ImGui::SetNextWindowPos(pos, ImGuiCond_Appearing);
  ImGui::SetNextWindowSize(size, ImGuiCond_Appearing);
  if (!ImGui::Begin("Compare###compare", &ui.showCompare)) return ImGui::End();
  MarkItem("compare");
  if (ImGui::Button("Snapshot the current scenario as B")) {
    st.b = lab.doc().Dump(), st.bName = "snapshot of " + lab.source(), st.revision = ~uint64_t{0};
  }
  MarkItem("compareSnapshot");
  ImGui::SameLine();
  ImGui::TextDisabled("then edit A (the lab) and watch");
  ImGui::InputTextMultiline("##paste", &st.paste, ImVec2(-1, ImGui::GetFontSize() * 4));
  MarkItem("comparePaste");
  if (ImGui::Button("Use the pasted scenario as B") && !st.paste.empty()) {
    st.b = st.paste, st.bName = "pasted scenario", st.revision = ~uint64_t{0};
  }
  MarkItem("compareUsePaste");
  if (st.b.empty()) {
    ImGui::TextWrapped(
        "A is the scenario in the lab. Take a snapshot as B, then change a constraint, a weight or the "
        "release: the table shows where the pod lands under each, node by node.");
    return ImGui::End();
  }
  if (st.revision != lab.revision()) {  // A changed: compare again
    why::Comparison c;
    st.error.clear();
    st.result.reset();
    if (lab.Compare(st.b, c, st.error)) st.result = std::move(c);
    st.revision = lab.revision();
  }
  ImGui::Text("A: the lab (%s)   B: %s", lab.source().c_str(), st.bName.c_str());
  if (!st.result) {
    ImGui::TextColored(colors::V(colors::kRejected), "%s", st.error.c_str());
    return ImGui::End();
  }
  const why::Comparison& c = *st.result;
  auto where = [](const std::string& s) { return s.empty() ? std::string("stays Pending") : "goes to " + s; };
  ImGui::TextColored(colors::V(c.selectedA == c.selectedB ? colors::kFeasible : colors::kWinner), "%s: A %s, B %s",
                     c.pod.c_str(), where(c.selectedA).c_str(), where(c.selectedB).c_str());
  MarkItem("compareResult");
  if (ImGui::BeginTable("##compare", 3,
                        ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp,
                        ImVec2(0, ImGui::GetContentRegionAvail().y * 0.55f))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Node");
    ImGui::TableSetupColumn("A");
    ImGui::TableSetupColumn("B");
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < c.rows.size(); ++i) {
      const why::CompareRow& r = c.rows[i];
      ImGui::TableNextRow();
      if (r.differs) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, colors::P().differs);
      ImGui::TableNextColumn();
      const bool chosen = r.node == c.selectedA || r.node == c.selectedB;
      if (ImGui::Selectable((r.node + (chosen ? " *" : "")).c_str(), st.row == static_cast<int>(i),
                            ImGuiSelectableFlags_SpanAllColumns))
        st.row = static_cast<int>(i);
      if (ImGui::IsItemHovered()) st.row = static_cast<int>(i);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(why::VerdictText(r.a).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(why::VerdictText(r.b).c_str());
    }
    ImGui::EndTable();
  }
  ImGui::TextDisabled("Highlighted: the verdict or the total differs; * a chosen node.");
  if (st.row < 0)  // A's choice until the learner points at another row
    for (size_t i = 0; i < c.rows.size(); ++i)
      if (c.rows[i].node == c.selectedA) st.row = static_cast<int>(i);
  if (st.row >= 0 && static_cast<size_t>(st.row) < c.rows.size()) Scores(c.rows[st.row]);
  ImGui::End();
}

}  // namespace spreadlab::app
