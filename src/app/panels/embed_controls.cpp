// The compact strip of editors a documentation page asks for in an embedded lab
// (?embed=1&controls=maxSkew,topologyKey,whenUnsatisfiable,minDomains,replicas): the same
// editors as the Pending pod and Workloads panels, for the first constraint and the first
// scalable workload, then the decision in one line, wrapped to the embed's width above the
// picture: the reader sees what a move of the control does beside it.
#include <map>

#include "app/app.h"
#include "app/panels/panels.h"

namespace spreadlab::app {

void DrawEmbedControls(Lab& lab, UiState& ui, const std::vector<std::string>& controls) {
  if (controls.empty()) return;
  const bool constraint =
      lab.pod() != kNone && !lab.doc().scenario().pods[lab.podItem()].spec.topologySpreadConstraints.empty();
  const float font = ImGui::GetFontSize();
  // Each part's width as drawn in the last frame: a part that does not fit the line starts the next.
  static std::map<std::string, float> widths;
  ImGui::PushItemWidth(font * (NarrowDisplay() ? 6 : 9));
  bool first = true;
  auto part = [&](const std::string& name, auto draw) {
    if (!first) SameLineIfFits(widths[name], font * 1.2f);
    first = false;
    ImGui::BeginGroup();
    draw();
    ImGui::EndGroup();
    widths[name] = ImGui::GetItemRectSize().x;
  };
  for (const std::string& c : controls) {
    if (c == "replicas") {
      const auto& rows = lab.Workloads();
      if (!rows.empty()) part(c, [&] { ReplicasField(lab, rows.front().workload); });
      continue;
    }
    if (!constraint) continue;
    if (c == "maxSkew") part(c, [&] { MaxSkewField(lab, 0); });
    if (c == "topologyKey") part(c, [&] { TopologyKeyField(lab, 0, false); });
    if (c == "whenUnsatisfiable") part(c, [&] { WhenUnsatisfiableField(lab, 0); });
    if (c == "minDomains") part(c, [&] { MinDomainsField(lab, 0); });
  }
  ImGui::PopItemWidth();
  if (first) return;
  if (lab.pod() != kNone) part("##result", [&] { DrawResultLine(lab, ui, "stripResult"); });
  ImGui::Separator();
}

}  // namespace spreadlab::app
