// Above the cluster: play/pause/step through the cycle's phases with a speed,
// jump to a phase, group and colour the picture, schedule next / all.
#include <algorithm>
#include <set>

#include "app/app.h"
#include "app/panels/panels.h"

namespace spreadlab::app {

namespace {

// The kube-scheduler release the lab answers for (docs/versions.md).
void DrawReleaseSelector(Lab& lab) {
  const int current = lab.cluster().release().minor;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  if (ImGui::BeginCombo("kube-scheduler", KubeVersionName(current).c_str())) {
    for (int m = kNewestMinor + 1; m >= kOldestMinor; --m) {
      const std::string name = KubeVersionName(m == kNewestMinor + 1 ? kMasterMinor : m);
      if (ImGui::Selectable(name.c_str(), name == KubeVersionName(current)) && name != KubeVersionName(current))
        Later([name, &lab] { lab.SetKubeVersion(name); });
    }
    ImGui::EndCombo();
  }
  MarkItem("release");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Plugins, feature gates and rules of this release; the status line says what changed.");
}

}  // namespace

void DrawToolbar(Lab& lab, UiState& ui) {
  Playback& pb = lab.playback;
  pb.Advance(ImGui::GetIO().DeltaTime);
  const float font = ImGui::GetFontSize();
  // A compact embed wraps every row to its width; the lab keeps the release selector and
  // the phases on their rows (cut where the panel ends): a row of their own would push the
  // picture down on the desktop.
  const bool wrap = CompactEmbed();
  // On a phone's width an embed keeps the actions (play, step, schedule) and leaves the
  // picture's settings (speed, release, phases, grouping, colours) to the full lab: they
  // took five rows between the editors and the picture.
  const bool actionsOnly = wrap && NarrowDisplay();
  auto next = [wrap](float width, float spacing = -1) {
    if (wrap)
      SameLineIfFits(width, spacing);
    else
      ImGui::SameLine(0, spacing);
  };
  if (ImGui::Button(pb.playing ? "Pause" : "Play")) {
    if (pb.playing)
      pb.playing = false;
    else if (pb.phase == Phase::Done)
      pb.Restart();
    else
      pb.playing = true;
  }
  MarkItem("play");
  next(ButtonWidth("Step"));
  if (ImGui::Button("Step")) pb.Step();
  MarkItem("step");
  if (!actionsOnly) {
    next(font * 6);
    ImGui::SetNextItemWidth(font * 6);
    ImGui::SliderFloat("##speed", &pb.speed, 0.25f, 4.0f, "speed %.2fx");
  }
  SameLineIfFits(ButtonWidth("Schedule next"), 24);
  if (ImGui::Button("Schedule next")) {
    Later([&lab] {
      std::string error;
      lab.ScheduleNext(error);
      if (!error.empty()) lab.SetStatus(error, true);
      lab.playback.Restart();
    });
  }
  MarkItem("scheduleNext");
  const int pending = static_cast<int>(lab.PendingPods().size());
  std::string all = "Schedule all " + std::to_string(pending);
  SameLineIfFits(ButtonWidth(all.c_str()));
  ImGui::BeginDisabled(pending == 0);
  if (ImGui::Button(all.c_str())) {
    Later([&lab] {
      std::string error;
      lab.ScheduleAll(error);
      if (!error.empty()) lab.SetStatus(error, true);
    });
  }
  ImGui::EndDisabled();
  MarkItem("scheduleAll");
  // Default, and whenever no pod carries the chosen key: the pending pod's first label.
  const auto& pods = lab.doc().scenario().pods;
  const bool used =
      std::any_of(pods.begin(), pods.end(), [&](const v1::Pod& p) { return p.metadata.labels.count(ui.colorKey); });
  if (!used && lab.pod() != kNone && !pods[lab.podItem()].metadata.labels.empty())
    ui.colorKey = pods[lab.podItem()].metadata.labels.begin()->first;
  if (actionsOnly) return;
  next(font * 7 + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("kube-scheduler").x, 24);
  DrawReleaseSelector(lab);
  // The phases as a row of buttons; the current one lit.
  for (int p = 0; p < kPhaseCount; ++p) {
    const Phase ph = static_cast<Phase>(p);
    const bool current = pb.phase == ph;
    if (p)
      next(ButtonWidth(PhaseName(ph)), 2);
    else
      ImGui::TextDisabled("phase:"), ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Button, current ? colors::V(colors::kAccent) : colors::V(colors::P().button));
    ImGui::PushStyleColor(ImGuiCol_Text, colors::V(current ? colors::P().textOnAccent : colors::P().text));
    if (ImGui::SmallButton(PhaseName(ph))) {
      pb.playing = false;
      pb.JumpTo(ph);
      pb.t = 1.0f;
    }
    ImGui::PopStyleColor(2);
  }

  // Grouping and colouring.
  const std::vector<std::string>& keys = NodeLabelKeys(lab);
  const std::string group = GroupKey(lab, ui);
  ImGui::SetNextItemWidth(font * 11);
  if (ImGui::BeginCombo("group by", ui.groupKey.empty() ? ("constraint: " + group).c_str() : group.c_str())) {
    if (ImGui::Selectable("the pending pod's first topologyKey", ui.groupKey.empty())) ui.groupKey.clear();
    for (const auto& k : keys)
      if (ImGui::Selectable(k.c_str(), ui.groupKey == k)) ui.groupKey = k;
    ImGui::EndCombo();
  }
  MarkItem("groupBy");
  next(font * 7 + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("colour pods by").x);
  ImGui::SetNextItemWidth(font * 7);
  if (ImGui::BeginCombo("colour pods by", ui.colorKey.c_str())) {
    std::set<std::string> podKeys;
    for (const auto& p : lab.doc().scenario().pods)
      for (const auto& [k, v] : p.metadata.labels) podKeys.insert(k);
    for (const auto& k : podKeys)
      if (ImGui::Selectable(k.c_str(), ui.colorKey == k)) ui.colorKey = k;
    ImGui::EndCombo();
  }
}

}  // namespace spreadlab::app
