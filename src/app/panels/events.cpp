// The cluster over time (simulator/simulation.h): events applied to the picture — the scenario's own
// steps (its spreadlab.io/simulate annotation), or one typed or picked from a menu (drain a
// node, fail a zone, roll out a Deployment) — each one undoable edit, followed by what the
// controllers and kube-scheduler did, and every workload's spread against its maxSkew.
#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>

#include "app/app.h"
#include "app/panels/panels.h"
#include "simulator/events.h"

namespace spreadlab::app {

namespace {

void DrawPods(const char* what, const std::vector<simulator::SimPod>& pods) {
  if (pods.empty()) return;
  if (!ImGui::TreeNode(what, "%s: %d pod(s)", what, static_cast<int>(pods.size()))) return;
  for (const simulator::SimPod& p : pods)
    ImGui::TextWrapped("%s%s%s", p.pod.c_str(), p.node.empty() ? "" : " on ", p.node.c_str());
  ImGui::TreePop();
}

// The timeline step where an event begins, while the timeline still holds it.
std::optional<size_t> TimelineStepOf(const Lab& lab, const simulator::StepReport& event) {
  for (size_t i = 0; i < lab.timeline().size(); ++i)
    if (lab.timeline()[i].event.get() == &event) return i;
  return std::nullopt;
}

void DrawReport(Lab& lab, UiState& ui, size_t index, const simulator::StepReport& r) {
  ImGui::PushID(static_cast<int>(index));
  // Replays the event on the picture: the timeline from just before it, a beat at a time.
  if (const std::optional<size_t> start = TimelineStepOf(lab, r)) {
    if (ImGui::SmallButton("Step through"))
      Later([&lab, &ui, at = *start] {
        lab.ScrubTo(at);
        ui.timelinePlaying = true;  // once there: the timeline, drawn later in this frame, still shows the end
        ui.timelineClock = 0;
      });
    MarkItem("eventStepThrough:" + std::to_string(index));
    ImGui::SameLine();
  }
  // "start": the pending pods placed before the event, as `spreadlab simulate` places them first.
  const bool open = ImGui::TreeNode("event", "%d. %s%s", static_cast<int>(index + 1), r.action.c_str(),
                                    r.action == "start" ? " (the pending pods placed first)" : "");
  MarkItem("event:" + std::to_string(index));
  if (open) {
    for (const std::string& n : r.notes) ImGui::TextWrapped("%s", n.c_str());
    DrawPods("evicted", r.evicted);
    std::vector<simulator::SimPod> deleted;
    for (const simulator::SimDeleted& d : r.deleted) deleted.push_back(d.pod);
    DrawPods(simulator::DeletedHeading(r.deleted).c_str(), deleted);
    DrawPods("created by their controllers", r.created);
    DrawPods("placed by kube-scheduler", r.placements);
    for (const simulator::SimPending& p : r.pending)
      ImGui::TextColored(colors::V(colors::kRejected), "Pending %s: %s", p.pod.pod.c_str(), p.message.c_str());
    for (const simulator::SimSpread& s : r.spread) {
      std::string domains;
      for (const auto& d : s.domains) domains += (domains.empty() ? "" : "  ") + d.value + " " + std::to_string(d.pods);
      const bool over = s.skew > s.maxSkew;
      ImGui::TextColored(colors::V(over ? colors::kRejected : colors::kFeasible), "%s per %s: skew %d%s maxSkew %d",
                         s.workload.c_str(), s.topologyKey.c_str(), s.skew, over ? " >" : " <=", s.maxSkew);
      ImGui::TextWrapped("  %s", domains.c_str());
    }
    ImGui::TreePop();
  }
  ImGui::PopID();
}

// Each workload's skew after each event, one small chart per workload and topology key:
// a column per event with its value, a zero as a stub on the baseline, the maxSkew line,
// so that the drift and the descheduler's repair read at a glance.
void DrawSkewCharts(const std::vector<const simulator::StepReport*>& events) {
  std::map<std::pair<std::string, std::string>, std::vector<int32_t>> skews;  // (workload, key) -> per event
  std::map<std::pair<std::string, std::string>, int32_t> maxSkew;
  for (size_t e = 0; e < events.size(); ++e)
    for (const simulator::SimSpread& s : events[e]->spread) {
      std::vector<int32_t>& series = skews[{s.ns + "/" + s.workload, s.topologyKey}];
      series.resize(events.size(), -1);
      series[e] = s.skew;
      maxSkew[{s.ns + "/" + s.workload, s.topologyKey}] = s.maxSkew;
    }
  const float font = ImGui::GetFontSize();
  for (auto& [key, series] : skews) {
    series.resize(events.size(), -1);  // -1: the event left no pod of the workload to count
    const int32_t limit = maxSkew[key];
    const int32_t top = std::max(limit + 1, *std::max_element(series.begin(), series.end()));
    ImGui::TextWrapped("skew of %s per %s after each event (maxSkew %d)", key.first.c_str(), key.second.c_str(), limit);
    const float width = ImGui::GetContentRegionAvail().x;
    const ImVec2 a = ImGui::GetCursorScreenPos();
    const float plotH = font * 4, labelH = font * 1.2f;
    const float col = std::min(font * 4, width / static_cast<float>(series.size()));
    ImGui::Dummy(ImVec2(width, plotH + labelH * 2));
    MarkItem("skewChart:" + key.first + ":" + key.second);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float base = a.y + labelH + plotH;  // the zero line; each value is written above its column
    auto Y = [&](int32_t v) { return base - plotH * static_cast<float>(v) / static_cast<float>(top); };
    dl->AddLine(ImVec2(a.x, base), ImVec2(a.x + col * series.size(), base), colors::P().regionBorder);
    for (size_t e = 0; e < series.size(); ++e) {
      const float x0 = a.x + col * e + col * 0.2f, x1 = a.x + col * (e + 1) - col * 0.2f;
      char text[16];
      std::snprintf(text, sizeof text, "%d", static_cast<int>(e + 1));
      dl->AddText(ImVec2((x0 + x1 - ImGui::CalcTextSize(text).x) / 2, base + 2), colors::kMuted, text);
      if (series[e] < 0) continue;
      const ImU32 c = series[e] > limit ? colors::kRejected : colors::kFeasible;
      const float y = std::min(Y(series[e]), base - 3.0f);  // a zero still shows: a stub on the baseline
      dl->AddRectFilled(ImVec2(x0, y), ImVec2(x1, base), c, 2);
      MarkRect("skewBar:" + key.first + ":" + key.second + ":" + std::to_string(e), ImVec2(x0, y), ImVec2(x1, base));
      std::snprintf(text, sizeof text, "%d", static_cast<int>(series[e]));
      dl->AddText(ImVec2((x0 + x1 - ImGui::CalcTextSize(text).x) / 2, y - labelH), colors::P().textStrong, text);
    }
    // The maxSkew line: a column above it is a workload outside its constraint.
    const float ly = Y(limit);
    for (float x = a.x; x < a.x + col * series.size(); x += 8)
      dl->AddLine(ImVec2(x, ly), ImVec2(std::min(x + 4, a.x + col * series.size()), ly), colors::kRejected);
  }
}

}  // namespace

void DrawEventsPanel(Lab& lab, UiState& ui) {
  const bool open = ImGui::CollapsingHeader("Events (the cluster over time)");
  MarkItem("events");
  if (!open) return;
  ImGui::TextWrapped(
      "Topology spread is checked only when a pod is placed. Apply events and watch the spread drift; the "
      "descheduler is what moves running pods back.");
  // The scenario's own story, one button per step: the steps the events so far have applied
  // in the story's order are marked, so that a class following it sees which one is next.
  const std::vector<std::string> story = simulator::ScenarioSteps(lab.doc());
  const std::vector<const simulator::StepReport*> events = lab.Events();
  size_t applied = 0;
  for (const simulator::StepReport* e : events)
    if (applied < story.size() && e->action == story[applied]) ++applied;
  for (size_t i = 0; i < story.size(); ++i) {
    if (i < applied) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
    const std::string label = std::to_string(i + 1) + ". " + story[i] + (i < applied ? "  (applied)" : "");
    if (ImGui::SmallButton(label.c_str())) Later([&lab, step = story[i]] { lab.Simulate(step); });
    if (i < applied) ImGui::PopStyleColor();
    MarkItem("story:" + std::to_string(i));
    if (i < applied) MarkItem("storyApplied:" + std::to_string(i));
  }
  if (!lab.doc().Annotation(controlplane::kFailedNodesAnnotation).empty()) {
    if (ImGui::SmallButton("Restore the failed nodes"))
      Later([&lab] { lab.Simulate(simulator::MakeStep(simulator::kRestoreEvent)); });
    MarkItem("eventRestore");
  }
  static char buf[256] = "deschedule";
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
  const bool enter = ImGui::InputText("##event", buf, sizeof buf, ImGuiInputTextFlags_EnterReturnsTrue);
  MarkItem("eventText");
  ImGui::SameLine();
  if (ImGui::Button("Apply") || enter) Later([&lab, step = std::string(buf)] { lab.Simulate(step); });
  MarkItem("eventApply");
  ImGui::SameLine();
  static const std::string help = simulator::EventForms(", ") +
                                  ". Right-click a node to drain it, a zone to fail it. Each event is one edit: Undo "
                                  "takes it back.";
  HelpMarker(help.c_str());
  for (size_t i = 0; i < events.size(); ++i) DrawReport(lab, ui, i, *events[i]);
  if (!events.empty()) DrawSkewCharts(events);
}

}  // namespace spreadlab::app
