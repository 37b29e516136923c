// The timeline: one step per "schedule next" (or per pod of "schedule all"), and for an
// event its beats (simulator::SimBeat: the event, each binding, the controllers' answers); a
// slider and a step-through to scrub back and forth, and the skew per domain as a chart.
#include <cstdio>
#include <optional>

#include "app/app.h"
#include "app/model/timeline_chart.h"
#include "app/panels/panels.h"

namespace spreadlab::app {

namespace {

constexpr float kSecondsPerStep = 0.8f;

std::string StepLabel(size_t i, const TimelineStep& s) {
  std::string label = std::to_string(i + 1) + ". ";
  if (s.actor == "event") return label + "Event: " + s.message;
  if (s.actor == "controllers") {
    label += "controllers: " + (s.lines.empty() ? std::string("answered") : s.lines.front());
    if (s.lines.size() > 1) label += " (+" + std::to_string(s.lines.size() - 1) + " more)";
    return label;
  }
  // The node first: a long pod name cut at the panel's edge left the row without its answer.
  return label + (s.node.empty() ? "Pending" : s.node) + " <- " + s.pod;
}

std::string StepTooltip(const TimelineStep& s) {
  if (s.lines.empty()) return s.message;
  std::string text;
  for (const std::string& l : s.lines) text += (text.empty() ? "" : "\n") + l;
  return text;
}

// Back / Play / Next: the step-through moves the cursor one step every kSecondsPerStep.
void DrawStepThrough(Lab& lab, UiState& ui, size_t steps) {
  const size_t cursor = lab.timelineCursor();
  if (ui.timelinePlaying) {
    ui.timelineClock += ImGui::GetIO().DeltaTime;
    if (cursor >= steps) {
      ui.timelinePlaying = false;
    } else if (ui.timelineClock >= kSecondsPerStep) {
      ui.timelineClock = 0;
      Later([&lab, cursor] { lab.ScrubTo(cursor + 1); });
    }
  }
  ImGui::BeginDisabled(cursor == 0);
  if (ImGui::SmallButton("Back")) ui.timelinePlaying = false, Later([&lab, cursor] { lab.ScrubTo(cursor - 1); });
  ImGui::EndDisabled();
  MarkItem("timelineBack");
  ImGui::SameLine();
  if (ImGui::SmallButton(ui.timelinePlaying ? "Pause" : "Play")) {
    ui.timelineClock = 0;
    if (ui.timelinePlaying)
      ui.timelinePlaying = false;
    else if (cursor >= steps)  // from the start again
      Later([&lab, &ui] { lab.ScrubTo(0), ui.timelinePlaying = true; });
    else
      ui.timelinePlaying = true;
  }
  MarkItem("timelinePlay");
  ImGui::SameLine();
  ImGui::BeginDisabled(cursor >= steps);
  if (ImGui::SmallButton("Next")) ui.timelinePlaying = false, Later([&lab, cursor] { lab.ScrubTo(cursor + 1); });
  ImGui::EndDisabled();
  MarkItem("timelineNext");
}

}  // namespace

void DrawTimeline(Lab& lab, UiState& ui) {
  const auto& steps = lab.timeline();
  int cursor = static_cast<int>(lab.timelineCursor());
  const float listW = ImGui::GetContentRegionAvail().x * 0.42f;
  ImGui::BeginChild("##steps", ImVec2(listW, 0), true, ImGuiWindowFlags_NoScrollbar);
  DrawStepThrough(lab, ui, steps.size());
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  char format[48];
  std::snprintf(format, sizeof format, "after %%d of %d step(s)", static_cast<int>(steps.size()));
  if (ImGui::SliderInt("##scrub", &cursor, 0, static_cast<int>(steps.size()), format)) {
    ui.timelinePlaying = false;
    Later([=, &lab] { lab.ScrubTo(static_cast<size_t>(cursor)); });
  }
  MarkItem("timeline");
  ImGui::BeginChild("##list");  // the steps scroll under the controls
  for (size_t i = 0; i < steps.size(); ++i) {
    const auto& s = steps[i];
    const bool shown = i < lab.timelineCursor();
    ImVec4 c = s.actor == "event" || s.actor == "controllers" ? colors::V(shown ? colors::kAccent : colors::kMuted)
               : s.node.empty()                               ? colors::V(colors::kRejected)
                                : (shown ? colors::V(colors::P().textStrong) : colors::V(colors::kMuted));
    ImGui::TextColored(c, "%s", StepLabel(i, s).c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", StepTooltip(s).c_str());
    if (ImGui::IsItemClicked()) ui.timelinePlaying = false, Later([=, &lab] { lab.ScrubTo(i + 1); });
    if (ui.timelinePlaying && i + 1 == lab.timelineCursor()) ImGui::SetScrollHereY();
  }
  ImGui::EndChild();
  ImGui::EndChild();
  ImGui::SameLine();

  // The chart: matching pods per domain of the last step's first constraint after each step
  // (a domain has no point while its nodes are failed), its legend at the cursor.
  ImGui::BeginChild("##chart", ImVec2(0, 0), true);
  const std::optional<TimelineChart> chart = ChartTimeline(steps, lab.timelineCursor());
  if (!chart) {
    ImGui::TextDisabled("No spread constraint to chart.");
    ImGui::EndChild();
    return;
  }
  if (chart->skew)
    ImGui::Text("%s  selector %s  (skew now %d, maxSkew %d)", chart->topologyKey.c_str(), chart->selector.c_str(),
                *chart->skew, chart->maxSkew);
  else
    ImGui::Text("%s  selector %s  (maxSkew %d)", chart->topologyKey.c_str(), chart->selector.c_str(), chart->maxSkew);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 a = ImGui::GetCursorScreenPos();
  const ImVec2 size(ImGui::GetContentRegionAvail().x - 90, ImGui::GetContentRegionAvail().y - 4);
  if (size.x < 40 || size.y < 20) {
    ImGui::EndChild();
    return;
  }
  dl->AddRect(a, ImVec2(a.x + size.x, a.y + size.y), colors::P().cardBorder);
  const size_t n = steps.size();
  auto X = [&](size_t i) { return a.x + 6 + (n <= 1 ? 0.0f : (size.x - 12) * i / static_cast<float>(n - 1)); };
  auto Y = [&](int v) { return a.y + size.y - size.y * v / static_cast<float>(chart->maxCount); };
  static const ImU32 palette[] = {IM_COL32(56, 132, 244, 255), IM_COL32(230, 120, 20, 255),
                                  IM_COL32(46, 160, 67, 255),  IM_COL32(170, 60, 200, 255),
                                  IM_COL32(200, 40, 60, 255),  IM_COL32(20, 150, 160, 255)};
  for (size_t d = 0; d < chart->domains.size(); ++d) {
    const ImU32 col = palette[d % 6];
    const std::vector<int32_t>& counts = chart->counts[d];
    for (size_t i = 0; i < n; ++i) {
      if (counts[i] < 0) continue;
      if (i > 0 && counts[i - 1] >= 0)
        dl->AddLine(ImVec2(X(i - 1), Y(counts[i - 1])), ImVec2(X(i), Y(counts[i])), col, 2);
      dl->AddCircleFilled(ImVec2(X(i), Y(counts[i])), 3.0f, col);  // a dot per step, so that a single step shows too
    }
    char label[96];
    const std::optional<int32_t>& now = chart->legend[d];
    if (!now)
      std::snprintf(label, sizeof label, "%s", chart->domains[d].c_str());
    else if (*now < 0)
      std::snprintf(label, sizeof label, "%s gone", chart->domains[d].c_str());
    else
      std::snprintf(label, sizeof label, "%s %d", chart->domains[d].c_str(), *now);
    dl->AddText(ImVec2(a.x + size.x + 6, a.y + d * ImGui::GetFontSize() * 1.1f), col, label);
  }
  if (cursor > 0) dl->AddLine(ImVec2(X(cursor - 1), a.y), ImVec2(X(cursor - 1), a.y + size.y), colors::P().text);
  ImGui::EndChild();
}

}  // namespace spreadlab::app
