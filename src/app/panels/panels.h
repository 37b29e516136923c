#pragma once
// The panels of the lab, one file each, drawn by DrawFrame (ui.cpp) in this order.
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "app/model/edit_text.h"
#include "app/ui.h"

namespace spreadlab::app {

void DrawMenuBar(Lab& lab, UiState& ui);         // panels/menu.cpp: gallery, import/export, undo
void DrawPodPanel(Lab& lab, UiState& ui);        // panels/pod.cpp: the pending pod and its constraints
void DrawWorkloadsPanel(Lab& lab, UiState& ui);  // panels/workloads.cpp: replicas to scale, spread per workload
void DrawProfilePanel(Lab& lab, UiState& ui);    // panels/profile.cpp: score plugin weights
void DrawToolbar(Lab& lab, UiState& ui);         // panels/toolbar.cpp: playback, grouping, schedule next/all
void DrawCluster(Lab& lab, UiState& ui);         // panels/cluster.cpp: domains, nodes, pods
void DrawDecision(Lab& lab, UiState& ui);        // panels/decision.cpp: message, node verdicts, arithmetic, scores
void DrawConflict(Lab& lab, UiState& ui);        // panels/conflict.cpp: why Pending, suggested changes
void DrawTimeline(Lab& lab, UiState& ui);        // panels/timeline.cpp: placements and skew over time
void DrawImportDialog(Lab& lab, UiState& ui);    // panels/import.cpp: paste a scenario
void DrawComparePanel(Lab& lab, UiState& ui);    // panels/compare.cpp: the pod under A and B side by side
// panels/lesson.cpp: the open lesson's step, first shown at `pos`, `width` wide.
void DrawLessonPanel(Lab& lab, UiState& ui, ImVec2 pos, float width);
void DrawStatusBar(Lab& lab, UiState& ui);       // panels/status.cpp

// Shared helpers (ui.cpp).
// Runs `change` after the frame's panels are drawn: an edit rebuilds the cluster and
// the trace, which panels drawn earlier in the frame still hold references into.
void Later(std::function<void()> change);
// The label key nodes are grouped by: the user's choice, else the pending pod's
// first constraint's topologyKey, else the well-known zone label when nodes carry it.
std::string GroupKey(const Lab& lab, const UiState& ui);
// Every label key some node carries, sorted.
const std::vector<std::string>& NodeLabelKeys(const Lab& lab);  // kept per revision
void HelpMarker(const char* text);

// A field that shows the model's value `current` until the user edits it, and hands the
// edited value back once, when the edit ends (Enter, focus leaving, a slider let go):
// one edit, not one per keystroke or slider step. `draw(buffer)` draws the widget on the
// buffer and returns true on Enter. The widget's rectangle is recorded under `id`.
template <class T, class Draw>
bool EditHeld(const std::string& id, const T& current, T& out, const Draw& draw) {
  static std::map<std::string, std::pair<T, bool>> state;  // id -> (buffer, was active)
  auto& [buf, active] = state[id];
  if (!active) buf = current;
  const bool enter = draw(buf);
  MarkItem(id);
  const bool done = enter || ImGui::IsItemDeactivatedAfterEdit();
  active = ImGui::IsItemActive();
  if (!done || buf == current) return false;
  out = buf;
  return true;
}
void Section(const char* title);  // a spaced, underlined heading

// EditHeld for a text field (Enter or leaving it ends the edit) and an integer field.
bool EditText(const char* label, const std::string& id, const std::string& current, std::string& out,
              const char* hint = nullptr);
bool EditInt(const char* label, const std::string& id, int current, int& out);

// The editors of field X of the explained pod's constraint i (panels/constraint_fields.cpp),
// marked "X#i" for tests; the Pending pod panel and an embed's control strip draw them.
void MaxSkewField(Lab& lab, size_t i);
void TopologyKeyField(Lab& lab, size_t i, bool withText);
void WhenUnsatisfiableField(Lab& lab, size_t i);
void MinDomainsField(Lab& lab, size_t i);
// A workload's replicas ("replicas:<Kind/ns/name>"): kubectl scale (panels/workloads.cpp).
void ReplicasField(Lab& lab, const io::ScenarioDoc::Workload& w);
// An embed's strip of the editors its page named (?embed=1&controls=...; panels/embed_controls.cpp).
void DrawEmbedControls(Lab& lab, const std::vector<std::string>& controls);

}  // namespace spreadlab::app
