// The compact strip of editors a documentation page asks for in an embedded lab
// (?embed=1&controls=maxSkew,topologyKey,whenUnsatisfiable,minDomains,replicas): the same
// editors as the Pending pod and Workloads panels, for the first constraint and the first
// scalable workload, on one or two lines above the picture.
#include "app/app.h"
#include "app/panels/panels.h"

namespace spreadlab::app {

void DrawEmbedControls(Lab& lab, const std::vector<std::string>& controls) {
  if (controls.empty()) return;
  const bool constraint =
      lab.pod() != kNone && !lab.doc().scenario().pods[lab.podItem()].spec.topologySpreadConstraints.empty();
  ImGui::PushItemWidth(ImGui::GetFontSize() * 9);
  bool first = true;
  auto next = [&] {
    if (!first) ImGui::SameLine(0, ImGui::GetFontSize() * 1.2f);
    first = false;
  };
  for (const std::string& c : controls) {
    if (c == "replicas") {
      const auto& rows = lab.Workloads();
      if (rows.empty()) continue;
      next();
      ReplicasField(lab, rows.front().workload);
      continue;
    }
    if (!constraint) continue;
    next();
    if (c == "maxSkew") {
      ImGui::BeginGroup();
      MaxSkewField(lab, 0);
      ImGui::EndGroup();
    } else if (c == "topologyKey") {
      TopologyKeyField(lab, 0, false);
    } else if (c == "whenUnsatisfiable") {
      WhenUnsatisfiableField(lab, 0);
    } else if (c == "minDomains") {
      MinDomainsField(lab, 0);
    }
  }
  ImGui::PopItemWidth();
  if (!first) ImGui::Separator();
}

}  // namespace spreadlab::app
