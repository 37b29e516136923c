#pragma once
// The lab's UI: one frame, drawn top to bottom from the Lab, by both platform
// mains. Each panel is its own file under panels/ (declared in panels/panels.h).
#include <string>

#include "app/model/lab.h"
#include "imgui.h"

namespace spreadlab::app {

// What the UI remembers between frames (never the scenario: that is the Lab's).
struct UiState {
  NodeIndex selectedNode = kNone;
  NodeIndex hoveredNode = kNone;
  PodIndex menuPod = kNone;  // the bound pod whose menu is open
  PodIndex dragPod = kNone;  // the bound pod being dragged to another node
  int menuDomain = -1;       // the topology domain whose menu is open
  std::string groupKey;  // "" follows the pending pod's first constraint's topologyKey
  std::string colorKey;  // pods are coloured by this label ("" picks one)
  int selectedConstraint = 0;    // whose matching pods are highlighted
  int previewSuggestion = -1;    // the conflict suggestion hovered in the last frame, previewed on the cluster
  bool showAnswer = false;       // reveal the decision while the cycle still plays
  bool showImport = false, closeImport = false;
  bool showCompare = false;
  std::string importText, importError;
  float dpiScale = 1.0f;
  float pictureBottom = 0;  // where the cluster picture ends (screen y): an embed's height follows it
};

// Light or dark: ImGui's style and the picture's palette (colors::P()).
void SetTheme(bool dark);
// Fonts and colours. `fontData` is a TTF of `fontBytes` bytes allocated with
// IM_ALLOC (ImGui takes it over), or null for ImGui's built-in font; text is
// `pixelSize` logical pixels, rasterized at `dpiScale` times that.
void SetupStyle(void* fontData, int fontBytes, float pixelSize, float dpiScale);

// One frame of the whole UI.
void DrawFrame(Lab& lab, UiState& ui);

// Records the last item's rectangle under `id` for tests (see WidgetRects()).
void MarkItem(const std::string& id);
// The same for something drawn by hand (a pod chip on a node card).
void MarkRect(const std::string& id, ImVec2 min, ImVec2 max);

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
  ImU32 track, trackLine;   // the empty part of a bar, the outline of a pending filter pip
  ImU32 button, warning, matchRing;
  ImU32 skip, notRun, differs, eventOk, eventBad, heading;
};
const Palette& P();
bool DarkTheme();
}  // namespace colors

}  // namespace spreadlab::app
