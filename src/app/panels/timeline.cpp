// Placements over time: one step per "schedule next" (or per pod of "schedule
// all"), a slider to scrub back and forth, and the skew per domain as a chart.
#include <algorithm>
#include <cstdio>

#include "app/app.h"
#include "app/panels/panels.h"

namespace spreadlab::app {

void DrawTimeline(Lab& lab, UiState& ui) {
  (void)ui;
  const auto& steps = lab.timeline();
  int cursor = static_cast<int>(lab.timelineCursor());
  const float listW = ImGui::GetContentRegionAvail().x * 0.42f;
  ImGui::BeginChild("##steps", ImVec2(listW, 0), true);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##scrub", &cursor, 0, static_cast<int>(steps.size()), "after %d placement(s)"))
    Later([=, &lab] { lab.ScrubTo(static_cast<size_t>(cursor)); });
  MarkItem("timeline");
  for (size_t i = 0; i < steps.size(); ++i) {
    const auto& s = steps[i];
    ImVec4 c = s.node.empty()
                   ? colors::V(colors::kRejected)
                   : (i < lab.timelineCursor() ? colors::V(colors::P().textStrong) : colors::V(colors::kMuted));
    ImGui::TextColored(c, "%d. %s -> %s", static_cast<int>(i + 1), s.pod.c_str(),
                       s.node.empty() ? "Pending" : s.node.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.message.c_str());
    if (ImGui::IsItemClicked()) Later([=, &lab] { lab.ScrubTo(i + 1); });
  }
  ImGui::EndChild();
  ImGui::SameLine();

  // The chart: matching pods per domain of the first constraint after each step.
  ImGui::BeginChild("##chart", ImVec2(0, 0), true);
  if (steps.empty() || steps.back().spread.empty()) {
    ImGui::TextDisabled("No spread constraint to chart.");
    ImGui::EndChild();
    return;
  }
  const SpreadReport& last = steps.back().spread.front();
  ImGui::Text("%s  selector %s  (skew now %d, maxSkew %d)", last.topologyKey.c_str(), last.selector.c_str(),
              steps[std::max(0, cursor - 1)].spread.empty() ? 0 : steps[std::max(0, cursor - 1)].spread.front().skew,
              last.maxSkew);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 a = ImGui::GetCursorScreenPos();
  const ImVec2 size(ImGui::GetContentRegionAvail().x - 90, ImGui::GetContentRegionAvail().y - 4);
  if (size.x < 40 || size.y < 20) {
    ImGui::EndChild();
    return;
  }
  int maxCount = 1;
  for (const auto& s : steps)
    if (!s.spread.empty())
      for (const auto& d : s.spread.front().domains) maxCount = std::max(maxCount, d.matchNum);
  dl->AddRect(a, ImVec2(a.x + size.x, a.y + size.y), colors::P().cardBorder);
  const size_t n = steps.size();
  auto X = [&](size_t i) { return a.x + 6 + (n <= 1 ? 0.0f : (size.x - 12) * i / static_cast<float>(n - 1)); };
  auto Y = [&](int v) { return a.y + size.y - size.y * v / static_cast<float>(maxCount); };
  static const ImU32 palette[] = {IM_COL32(56, 132, 244, 255), IM_COL32(230, 120, 20, 255),
                                  IM_COL32(46, 160, 67, 255),  IM_COL32(170, 60, 200, 255),
                                  IM_COL32(200, 40, 60, 255),  IM_COL32(20, 150, 160, 255)};
  for (size_t d = 0; d < last.domains.size(); ++d) {
    ImU32 col = palette[d % 6];
    for (size_t i = 1; i < n; ++i) {
      if (steps[i].spread.empty() || steps[i - 1].spread.empty()) continue;
      const auto& p0 = steps[i - 1].spread.front().domains;
      const auto& p1 = steps[i].spread.front().domains;
      if (d >= p0.size() || d >= p1.size()) continue;
      dl->AddLine(ImVec2(X(i - 1), Y(p0[d].matchNum)), ImVec2(X(i), Y(p1[d].matchNum)), col, 2);
    }
    for (size_t i = 0; i < n; ++i)  // a dot per step, so that a single step shows too
      if (!steps[i].spread.empty() && d < steps[i].spread.front().domains.size())
        dl->AddCircleFilled(ImVec2(X(i), Y(steps[i].spread.front().domains[d].matchNum)), 3.0f, col);
    char label[96];
    std::snprintf(label, sizeof label, "%s %d", last.domains[d].value.c_str(), last.domains[d].matchNum);
    dl->AddText(ImVec2(a.x + size.x + 6, a.y + d * ImGui::GetFontSize() * 1.1f), col, label);
  }
  if (cursor > 0) dl->AddLine(ImVec2(X(cursor - 1), a.y), ImVec2(X(cursor - 1), a.y + size.y), colors::P().text);
  ImGui::EndChild();
}

}  // namespace spreadlab::app
