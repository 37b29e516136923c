// Above the cluster: play/pause/step through the cycle's phases with a speed,
// jump to a phase, group and colour the picture, schedule next / all. Every row wraps to
// the panel's width (a projector's 1280 px cut the release selector and the last phases off).
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

// Presenting: every new decision opens at PreFilter, paused, and Play stops as each phase
// ends, so nothing is on the screen before the room has been walked to it.
void FollowPresentMode(Lab& lab, UiState& ui) {
  Playback& pb = lab.playback;
  pb.stopAtPhases = ui.present;
  if (ui.present && lab.builds() != ui.presentedBuild) {
    ui.presentedBuild = lab.builds();
    pb.JumpTo(Phase::PreFilter);
    pb.playing = false;
  }
}

// Play / Pause and Step; unless `actionsOnly`, the speed and the Present checkbox.
void DrawPlaybackControls(Playback& pb, UiState& ui, bool actionsOnly) {
  const float font = ImGui::GetFontSize();
  if (ImGui::Button(pb.playing ? "Pause" : "Play")) {
    if (pb.playing)
      pb.playing = false;
    else
      pb.Resume();
  }
  MarkItem("play");
  SameLineIfFits(ButtonWidth("Step"));
  if (ImGui::Button("Step")) pb.Step();
  MarkItem("step");
  if (actionsOnly) return;
  // Its name beside it: written inside, the grab covered it.
  SameLineIfFits(font * 4.5f + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("speed").x);
  ImGui::SetNextItemWidth(font * 4.5f);
  ImGui::SliderFloat("speed", &pb.speed, 0.25f, 4.0f, "%.2fx");
  SameLineIfFits(ImGui::GetFrameHeight() + ImGui::CalcTextSize("Present").x + ImGui::GetStyle().ItemInnerSpacing.x);
  // Presenting starts with both side columns folded: the picture takes the screen.
  if (ImGui::Checkbox("Present", &ui.present) && ui.present) ui.foldLeft = ui.foldRight = true;
  MarkItem("present");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "For a room: larger text, the side columns folded (their strips open them), each decision opening at "
        "PreFilter with its answer hidden, and Play pausing after every phase (press Play to go on).");
}

// Schedule next, and Schedule all N (disabled with nothing pending).
void DrawScheduleButtons(Lab& lab) {
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
}

// What pods are coloured by: by default, and whenever no pod has what the chosen key asks
// for, the pods' workloads when some workload controls a pod, else the pending pod's first label.
void DefaultColorKey(const Lab& lab, UiState& ui) {
  const auto& pods = lab.doc().scenario().pods;
  const auto colours = [&](const std::string& key) {
    return std::any_of(pods.begin(), pods.end(), [&](const v1::Pod& p) { return !PodColorValue(p, key).empty(); });
  };
  if (ui.colorKey.empty() || !colours(ui.colorKey)) {
    if (colours(kColorByWorkload))
      ui.colorKey = kColorByWorkload;
    else if (lab.pod() != kNone && !pods[lab.podItem()].metadata.labels.empty())
      ui.colorKey = pods[lab.podItem()].metadata.labels.begin()->first;
  }
}

// The phases as a row of buttons; the current one lit.
void DrawPhaseButtons(Playback& pb) {
  for (int p = 0; p < kPhaseCount; ++p) {
    const Phase ph = static_cast<Phase>(p);
    const bool current = pb.phase == ph;
    if (p)
      SameLineIfFits(ButtonWidth(PhaseName(ph)), 2);
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
    MarkItem(std::string("phase:") + PhaseName(ph));
  }
}

// Grouping and colouring: the label key the nodes are grouped by, and the one pods are coloured by.
void DrawGroupAndColour(const Lab& lab, UiState& ui) {
  const float font = ImGui::GetFontSize();
  const std::vector<std::string>& keys = NodeLabelKeys(lab);
  const std::string group = GroupKey(lab, ui);
  ImGui::SetNextItemWidth(font * 11);
  const std::string groupPreview = FitText(ui.groupKey.empty() ? "constraint: " + group : group,
                                           font * 11 - ImGui::GetFrameHeight() - ImGui::GetStyle().FramePadding.x * 2);
  if (ImGui::BeginCombo("group by", groupPreview.c_str())) {
    if (ImGui::Selectable("the pending pod's first topologyKey", ui.groupKey.empty())) ui.groupKey.clear();
    for (const auto& k : keys)
      if (ImGui::Selectable(k.c_str(), ui.groupKey == k)) ui.groupKey = k;
    ImGui::EndCombo();
  }
  MarkItem("groupBy");
  SameLineIfFits(font * 7 + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("colour pods by").x);
  ImGui::SetNextItemWidth(font * 7);
  if (ImGui::BeginCombo("colour pods by", ui.colorKey.c_str())) {
    if (ImGui::Selectable(kColorByWorkload.c_str(), ui.colorKey == kColorByWorkload)) ui.colorKey = kColorByWorkload;
    std::set<std::string> podKeys;
    for (const auto& p : lab.doc().scenario().pods)
      for (const auto& [k, v] : p.metadata.labels) podKeys.insert(k);
    for (const auto& k : podKeys)
      if (ImGui::Selectable(k.c_str(), ui.colorKey == k)) ui.colorKey = k;
    ImGui::EndCombo();
  }
}

}  // namespace

void DrawToolbar(Lab& lab, UiState& ui) {
  Playback& pb = lab.playback;
  pb.Advance(ImGui::GetIO().DeltaTime);
  FollowPresentMode(lab, ui);
  // On a phone's width an embed keeps the actions (play, step, schedule) and leaves the
  // picture's settings (speed, release, phases, grouping, colours) to the full lab: they
  // took five rows between the editors and the picture.
  const bool actionsOnly = CompactEmbed() && NarrowDisplay();
  DrawPlaybackControls(pb, ui, actionsOnly);
  DrawScheduleButtons(lab);
  DefaultColorKey(lab, ui);
  if (actionsOnly) return;
  SameLineIfFits(
      ImGui::GetFontSize() * 7 + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("kube-scheduler").x, 24);
  DrawReleaseSelector(lab);
  DrawPhaseButtons(pb);
  DrawGroupAndColour(lab, ui);
}

}  // namespace spreadlab::app
