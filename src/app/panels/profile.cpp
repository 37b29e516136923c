// The profile: each score plugin's weight (0 disables it) and the filter plugins
// that run, as the framework resolved them from the scenario's configuration.
#include "app/app.h"
#include "app/panels/panels.h"

namespace spreadlab::app {

void DrawProfilePanel(Lab& lab, UiState& ui) {
  (void)ui;
  if (!ImGui::CollapsingHeader("Profile: plugins and weights")) return;
  const ResolvedProfile& p = lab.framework().profile();
  std::string filters;
  for (const auto& f : p.filter) filters += (filters.empty() ? "" : ", ") + f;
  ImGui::TextWrapped("Filter: %s", filters.c_str());
  ImGui::TextDisabled("Score weights (0 disables a plugin):");
  for (const auto& s : p.score) {
    int w = s.weight;
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 11);
    if (ImGui::SliderInt(s.name.c_str(), &w, 0, 10) && w != s.weight)
      Later([=, &lab] { lab.Apply("plugin weight", [name = s.name, w](io::ScenarioDoc& d, std::string& e) { return d.SetPluginWeight(name, w, e); }); });
    MarkItem("weight:" + s.name);
  }
  if (!p.notSimulated.empty()) {
    std::string names;
    for (const auto& n : p.notSimulated) names += (names.empty() ? "" : ", ") + n;
    ImGui::TextDisabled("Not simulated: %s", names.c_str());
  }
}

}  // namespace spreadlab::app
