#pragma once
// A node card of the cluster picture and the cycle's legend (panels/node_card.cpp),
// drawn by DrawCluster (panels/cluster.cpp), which lays the cards out.
#include <string>
#include <vector>

#include "app/model/cycle_view.h"
#include "app/panels/widgets.h"

namespace spreadlab::app {

// Lines of text at the bottom of a card for the cycle: filter pips, verdict, score bars.
inline constexpr float kCardCycleLines = 4.6f;
// The narrowest a full node card gets (on a phone's width, two a row).
inline constexpr float kNarrowCardW = 150;

// What every card of a frame shares, and what a card reports back.
struct CardContext {
  Lab& lab;
  UiState& ui;
  const Cluster& cluster;
  const Scenario& sc;
  const CycleTrace& trace;
  const Playback& pb;
  const std::string& key;                       // the grouping key: not repeated among a card's labels
  const std::vector<uint8_t>& matching;         // pods counted by the highlighted constraint
  const std::vector<uint8_t>& previewFeasible;  // a hovered conflict suggestion's feasible nodes
  NodeIndex previewLands = kNone;
  bool compact = false;
  float font = 0;
  ImVec2 mouse;
  bool canvasHovered = false;
  bool hovered = false;         // in: the mouse is over this card
  PodIndex hoveredPod = kNone;  // out: a pod chip under the mouse
  int hoveredBar = -1;          // out: the score bar under the mouse (index in bars)
  bool barTooltip = false;      // out: a score bar's tooltip is shown this frame
  std::vector<ScoreBar> bars;   // scratch, reused per card
  PreemptionMarks preemption;   // the nominated node and its victims, once shown
};

void DrawNodeCard(ImDrawList* dl, CardContext& cx, NodeIndex ni, ImVec2 ca, ImVec2 cb);
// Above the picture: the phase in words, what a card's marks mean, and the score plugins'
// colours and weights (with their normalization once NormalizeScore is reached).
void DrawCycleLegend(Lab& lab, const UiState& ui);

// The value of label `key`, or null.
const std::string* Label(const std::map<std::string, std::string>& labels, const std::string& key);

}  // namespace spreadlab::app
