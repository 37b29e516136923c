// The status bar: the last action's outcome or error (an import error stays until
// the next action), and how long the last re-run took.
#include <cstdio>

#include "app/app.h"
#include "app/panels/panels.h"

namespace spreadlab::app {

void DrawStatusBar(Lab& lab, UiState& ui) {
  (void)ui;
  const std::string& s = lab.status();
  // Wrapped: the bar is as tall as the status needs (ui.cpp).
  ImGui::PushStyleColor(ImGuiCol_Text, lab.statusIsError() ? colors::V(colors::kRejected)
                                                           : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", s.empty() ? "Ready." : s.c_str());
  ImGui::PopStyleColor();
  MarkItem("status");
  if (lab.loaded()) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%d nodes, %d pods | cycle re-run %.2f ms",
                  static_cast<int>(lab.cluster().nodes().size()), static_cast<int>(lab.cluster().pods().size()),
                  lab.lastRebuildMs());
    // At the right, where the status leaves room for it (a phone's width may not).
    const float statusEnd = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x;
    const float x = ImGui::GetWindowWidth() - ImGui::CalcTextSize(buf).x - 12;
    if (x < statusEnd + 20) return;
    ImGui::SameLine(x);
    ImGui::TextDisabled("%s", buf);
  }
}

}  // namespace spreadlab::app
