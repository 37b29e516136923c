#pragma once
// What every panel shares (panels/widgets.cpp): edits deferred to the end of the frame,
// the grouping key, named rectangles for tests, held edits, headings, help markers and
// the picture's colours. ui.cpp uses these too; nothing here uses ui.h or ui.cpp.
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "app/model/lab.h"
#include "app/panels/ui_state.h"
#include "imgui.h"

namespace spreadlab::app {

// Runs `change` after the frame's panels are drawn: an edit rebuilds the cluster and
// the trace, which panels drawn earlier in the frame still hold references into.
void Later(std::function<void()> change);
// Runs the changes Later queued, in order (DrawFrame, once every panel is drawn).
void RunLater();

// The label key nodes are grouped by: the user's choice, else the pending pod's
// first constraint's topologyKey, else the well-known zone label when nodes carry it.
std::string GroupKey(const Lab& lab, const UiState& ui);
// Every label key some node carries, sorted.
const std::vector<std::string>& NodeLabelKeys(const Lab& lab);  // kept per revision

// "colour pods by" this instead of a label: the workload that controls the pod (its
// controller's kind and name), so that pods of different workloads differ at a glance.
inline const std::string kColorByWorkload = "(workload)";
// The value a pod is coloured by for `key` (a label key, or kColorByWorkload); "" for none.
std::string PodColorValue(const v1::Pod& pod, const std::string& key);

// Records the last item's rectangle under `id` for tests (see WidgetRects()).
void MarkItem(const std::string& id);
// The same for something drawn by hand (a pod chip on a node card).
void MarkRect(const std::string& id, ImVec2 min, ImVec2 max);

// The next item on the last one's line when `width` more pixels fit in the window (after
// `spacing`, ImGui's item spacing when negative), else on a line of its own: a narrow
// window (a phone's) wraps a row of buttons instead of cutting it off.
void SameLineIfFits(float width, float spacing = -1);
float ButtonWidth(const char* label);  // as ImGui sizes a button (or a small one)
// `text` when it is `width` px wide or less, else as much of it as fits before an ellipsis
// (cut between UTF-8 characters): a line that cannot wrap ends visibly, not mid-word.
std::string FitText(const std::string& text, float width);

void HelpMarker(const char* text);  // a "(?)" after the last item, its text in a tooltip
void Section(const char* title);    // a spaced, underlined heading

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

// EditHeld for a text field (Enter or leaving it ends the edit) and an integer field.
bool EditText(const char* label, const std::string& id, const std::string& current, std::string& out,
              const char* hint = nullptr);
bool EditInt(const char* label, const std::string& id, int current, int& out);

// Shared colours.
namespace colors {
inline constexpr ImU32 kFeasible = IM_COL32(46, 160, 67, 255);
inline constexpr ImU32 kRejected = IM_COL32(207, 34, 46, 255);
inline constexpr ImU32 kWinner = IM_COL32(230, 170, 20, 255);
inline constexpr ImU32 kMuted = IM_COL32(140, 140, 150, 255);
inline constexpr ImU32 kAccent = IM_COL32(56, 132, 244, 255);
inline ImVec4 V(ImU32 c) { return ImGui::ColorConvertU32ToFloat4(c); }

// The picture's surfaces and text in the current theme (light or dark; SetTheme).
struct Palette {
  ImU32 text, textStrong, textOnAccent;  // labels, names and numbers, text on accent buttons
  ImU32 card, cardFeasible, cardRejected, cardIdle, cardBorder, shadow;
  ImU32 region, regionEmpty, regionBorder;
  ImU32 track, trackLine;  // the empty part of a bar, the outline of a pending filter pip
  ImU32 button, warning, matchRing;
  ImU32 skip, notRun, differs, eventOk, eventBad, heading;
};
const Palette& P();
bool DarkTheme();
void UsePalette(bool dark);  // SetTheme's choice for P() and DarkTheme()
}  // namespace colors

}  // namespace spreadlab::app
