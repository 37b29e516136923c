// The editors of one field of the explained pod's spread constraint, shared by the
// Pending pod panel and an embed's control strip (?embed=1&controls=...). Each change is
// one Lab edit of the constraints (validated by the core, undoable).
#include "app/app.h"
#include "app/panels/panels.h"
#include "misc/cpp/imgui_stdlib.h"

namespace spreadlab::app {

namespace {

using Cs = std::vector<v1::TopologySpreadConstraint>;

const v1::TopologySpreadConstraint& Current(const Lab& lab, size_t i) {
  return lab.doc().scenario().pods[lab.podItem()].spec.topologySpreadConstraints[i];
}

// Queues the edit that sets constraint i to what `change` makes of it.
template <class Change>
void Edit(Lab& lab, size_t i, const char* what, Change change) {
  Cs next = lab.doc().scenario().pods[lab.podItem()].spec.topologySpreadConstraints;
  change(next[i]);
  Later([&lab, what, next = std::move(next)] { lab.SetConstraints(what, next); });
}

std::string Suffix(size_t i) { return "#" + std::to_string(i); }

}  // namespace

void MaxSkewField(Lab& lab, size_t i) {
  const auto& c = Current(lab, i);
  // A slider for exploring and a field for typing.
  int skew = c.maxSkew;
  if (ImGui::SliderInt("##maxSkewSlider", &skew, 1, 10, "maxSkew %d"))
    Edit(lab, i, "maxSkew", [skew](auto& x) { x.maxSkew = skew; });
  MarkItem("maxSkewSlider" + Suffix(i));
  if (EditInt("maxSkew", "maxSkew" + Suffix(i), c.maxSkew, skew))
    Edit(lab, i, "maxSkew", [skew](auto& x) { x.maxSkew = skew; });
  HelpMarker(
      "The largest allowed difference between the matching pods in a domain (plus the pod itself) and the "
      "global minimum. Must be at least 1.");
}

void TopologyKeyField(Lab& lab, size_t i, bool withText) {
  const auto& c = Current(lab, i);
  // The keys nodes carry, or free text.
  if (ImGui::BeginCombo("topologyKey", c.topologyKey.c_str())) {
    for (const auto& k : NodeLabelKeys(lab))
      if (ImGui::Selectable(k.c_str(), k == c.topologyKey))
        Edit(lab, i, "topologyKey", [k](auto& x) { x.topologyKey = k; });
    ImGui::EndCombo();
  }
  MarkItem("topologyKey" + Suffix(i));
  std::string text;
  if (withText && EditText("key (text)", "topologyKeyText" + Suffix(i), c.topologyKey, text))
    Edit(lab, i, "topologyKey", [text](auto& x) { x.topologyKey = text; });
}

void WhenUnsatisfiableField(Lab& lab, size_t i) {
  int when = Current(lab, i).whenUnsatisfiable == v1::kScheduleAnyway ? 1 : 0;
  bool changed = ImGui::RadioButton("DoNotSchedule", &when, 0);
  MarkItem("DoNotSchedule" + Suffix(i));
  ImGui::SameLine();
  changed |= ImGui::RadioButton("ScheduleAnyway", &when, 1);
  MarkItem("ScheduleAnyway" + Suffix(i));
  if (changed)
    Edit(lab, i, "whenUnsatisfiable",
         [when](auto& x) { x.whenUnsatisfiable = when ? v1::kScheduleAnyway : v1::kDoNotSchedule; });
}

void MinDomainsField(Lab& lab, size_t i) {
  const auto& c = Current(lab, i);
  // DoNotSchedule only, as the API server insists (its refusal says so).
  bool hasMin = c.minDomains.has_value();
  if (ImGui::Checkbox("minDomains", &hasMin))
    Edit(lab, i, "minDomains", [hasMin](auto& x) { x.minDomains = hasMin ? std::optional<int32_t>(1) : std::nullopt; });
  if (c.minDomains) {
    ImGui::SameLine();
    int md = *c.minDomains;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
    if (EditInt("##minDomains", "minDomains" + Suffix(i), md, md))
      Edit(lab, i, "minDomains", [md](auto& x) { x.minDomains = md; });
  }
}

}  // namespace spreadlab::app
