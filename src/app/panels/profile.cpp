// The profile: which filter plugins run and each score plugin's weight (0 disables
// it), over every plugin the simulator models, so a disabled one can come back.
// Each change is a KubeSchedulerConfiguration edit (plugins.filter.disabled,
// plugins.multiPoint.enabled with a weight, plugins.score.disabled).
#include <algorithm>
#include <map>

#include "app/app.h"
#include "app/panels/panels.h"
#include "core/config/default_plugins.h"
#include "core/framework/profile.h"
#include "core/plugins/registry.h"

namespace spreadlab::app {

void DrawProfilePanel(Lab& lab, UiState& ui) {
  (void)ui;
  const bool open = ImGui::CollapsingHeader("Profile: plugins and weights");
  MarkItem("profile");
  if (!open) return;
  const ResolvedProfile& p = lab.framework().profile();
  // Every simulated default plugin, plus any other the configuration enabled.
  std::vector<std::string> filters, scores;
  const Release& release = lab.cluster().release();
  for (const config::Plugin& d : config::DefaultMultiPointPlugins(release)) {
    const PluginKind k = KindOf(plugins::InTreeRegistry(), d.name, release.minor);
    if (!k.simulated) continue;
    if (k.filter) filters.push_back(d.name);
    if (k.score) scores.push_back(d.name);
  }
  for (const auto& f : p.filter)
    if (std::find(filters.begin(), filters.end(), f) == filters.end()) filters.push_back(f);
  std::map<std::string, int32_t> weights;
  for (const auto& s : p.score) {
    weights[s.name] = s.weight;
    if (std::find(scores.begin(), scores.end(), s.name) == scores.end()) scores.push_back(s.name);
  }

  ImGui::TextDisabled("Filter plugins that run:");
  for (const auto& name : filters) {
    bool on = std::find(p.filter.begin(), p.filter.end(), name) != p.filter.end();
    // "##filter" / "##weight": a plugin's checkbox and slider share its name, not their ImGui ID.
    if (ImGui::Checkbox((name + "##filter").c_str(), &on))
      Later([=, &lab] {
        lab.Apply(on ? "enable filter" : "disable filter", [name, on](controlplane::ScenarioDoc& d, std::string& e) {
          return d.SetFilterPluginEnabled(name, on, e);
        });
      });
    MarkItem("filter:" + name);
  }
  ImGui::TextDisabled("Score weights (0 disables a plugin):");
  for (const auto& name : scores) {
    const int current = weights.count(name) ? weights[name] : 0;
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 11);
    // A slider has no Enter: its edit ends when it is let go.
    const auto slider = [&](int& buf) {
      ImGui::SliderInt((name + "##weight").c_str(), &buf, 0, 10);
      return false;
    };
    if (int w = 0; EditHeld("weight:" + name, current, w, slider)) Later([=, &lab] { lab.SetPluginWeight(name, w); });
  }
  if (!p.notSimulated.empty()) {
    std::string names;
    for (const auto& n : p.notSimulated) names += (names.empty() ? "" : ", ") + n;
    ImGui::TextDisabled("Not simulated: %s", names.c_str());
  }
}

}  // namespace spreadlab::app
