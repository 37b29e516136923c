#pragma once
// What the UI remembers between frames, and the display's shape: shared by the panels and
// ui.cpp's layout, which draws them (ui.h includes this; nothing here includes ui.h).
#include <cstdint>
#include <string>

#include "app/model/lab.h"
#include "app/model/new_node.h"
#include "imgui.h"

namespace spreadlab::app {

// What the UI remembers between frames (never the scenario: that is the Lab's).
struct UiState {
  NodeIndex selectedNode = kNone;
  NodeIndex hoveredNode = kNone;
  PodIndex menuPod = kNone;     // the bound pod whose menu is open
  PodIndex dragPod = kNone;     // the bound pod being dragged to another node
  int menuDomain = -1;          // the topology domain whose menu is open
  std::string groupKey;         // "" follows the pending pod's first constraint's topologyKey
  std::string colorKey;         // pods are coloured by this label ("" picks one)
  int selectedConstraint = 0;   // whose matching pods are highlighted
  int previewSuggestion = -1;   // the conflict suggestion hovered in the last frame, previewed on the cluster
  bool showAnswer = false;      // reveal the decision while the cycle still plays
  bool present = false;         // present mode: decisions open at PreFilter, Play pauses after each phase
  uint64_t presentedBuild = 0;  // the Lab::builds() last opened at PreFilter
  bool foldLeft = false, foldRight = false;  // presenting: side columns folded to a strip
  bool showImport = false, closeImport = false;
  bool importOpen = false;  // the Paste dialog is on screen: a paste on the page goes into it
  bool showCompare = false;
  bool showAddNode = false, closeAddNode = false;  // the Add node dialog, drafted from `nodeDraft`
  NodeDraft nodeDraft;
  std::string addNodeError;
  std::string importText, importError;
  int importMode = -1;  // the Paste dialog's choice: 0 apply to the cluster, 1 replace the scenario, -1 not chosen yet
  int importDefault = 1;        // its choice until one is made (Lab::PasteAppliesByDefault of the text)
  size_t importDefaultFor = 0;  // the text's length when importDefault was told (a page paste appends to it)
  float dpiScale = 1.0f;
  float pictureBottom = 0;       // where the cluster picture ends (screen y)
  float contentBottom = 0;       // where the content ends (screen y): an embed's height follows it
  int narrowView = 1;            // on a phone's width, the lab's one view: 0 the pod, 1 the cluster, 2 the decision
  bool timelinePlaying = false;  // the timeline's step-through moves its cursor on by itself
  float timelineClock = 0;       // seconds the current step has been shown
};

// A phone's width: no room for the panels side by side (ui.cpp lays them out otherwise).
inline bool NarrowDisplay() { return ImGui::GetIO().DisplaySize.x < 720; }
// An embed no wider than a documentation page's column: its editors, the one-line result, the
// toolbar and the pending pods wrap to the width, the picture takes the whole width and the
// decision goes under it, its sections closed.
bool CompactEmbed();  // panels/widgets.cpp

}  // namespace spreadlab::app
