#pragma once
// The panels of the lab, one file each, drawn by DrawFrame (ui.cpp) in this order.
// The helpers they share are in panels/widgets.h.
#include <string>
#include <vector>

#include "app/model/edit_text.h"
#include "app/panels/widgets.h"

namespace spreadlab::app {

void DrawMenuBar(Lab& lab, UiState& ui);         // panels/menu.cpp: gallery, import/export, undo
void DrawPodPanel(Lab& lab, UiState& ui);        // panels/pod.cpp: the pending pod and its constraints
void DrawWorkloadsPanel(Lab& lab, UiState& ui);  // panels/workloads.cpp: replicas to scale, spread per workload
void DrawProfilePanel(Lab& lab, UiState& ui);    // panels/profile.cpp: score plugin weights
void DrawEventsPanel(Lab& lab, UiState& ui);     // panels/events.cpp: the cluster over time (simulator/simulation.h)
void DrawToolbar(Lab& lab, UiState& ui);         // panels/toolbar.cpp: playback, grouping, schedule next/all
void DrawCluster(Lab& lab, UiState& ui);         // panels/cluster.cpp: domains, nodes, pods
void DrawDecision(Lab& lab, UiState& ui);        // panels/decision.cpp: message, node verdicts, arithmetic, scores
void DrawConflict(Lab& lab, UiState& ui);        // panels/conflict.cpp: why Pending, suggested changes
void DrawTimeline(Lab& lab, UiState& ui);        // panels/timeline.cpp: placements and skew over time
void DrawImportDialog(Lab& lab, UiState& ui);    // panels/import.cpp: paste a scenario
void DrawAddNodeDialog(Lab& lab, UiState& ui);   // panels/add_node.cpp: a node from a few fields
// panels/add_node.cpp: what a cluster without a node offers (the sample cluster, a node).
void DrawEmptyClusterOffer(Lab& lab, UiState& ui);
// Opens the Add node dialog with a fresh name (and `zone` when given).
void OpenAddNode(const Lab& lab, UiState& ui, const std::string& zone);
// panels/compare.cpp: the pod under A and B side by side, opened at `pos` with `size`
void DrawComparePanel(Lab& lab, UiState& ui, ImVec2 pos, ImVec2 size);
// panels/lesson.cpp: the open lesson's step, first shown at `pos`, `width` wide.
void DrawLessonPanel(Lab& lab, UiState& ui, ImVec2 pos, float width);
void DrawStatusBar(Lab& lab, UiState& ui);  // panels/status.cpp

// The editors of field X of the explained pod's constraint i (panels/constraint_fields.cpp),
// marked "X#i" for tests; the Pending pod panel and an embed's control strip draw them.
void MaxSkewField(Lab& lab, size_t i);
void TopologyKeyField(Lab& lab, size_t i, bool withText);
void WhenUnsatisfiableField(Lab& lab, size_t i);
void MinDomainsField(Lab& lab, size_t i);
// A workload's replicas ("replicas:<Kind/ns/name>"): kubectl scale (panels/workloads.cpp).
void ReplicasField(Lab& lab, const controlplane::ScenarioDoc::Workload& w);
// The decision in one line as far as the cycle's playback has got (no spoilers), marked `id`
// (panels/decision.cpp).
void DrawResultLine(Lab& lab, const UiState& ui, const std::string& id);
// The explained pod's claims in plain words, under a "Volumes" heading (panels/volumes.cpp).
void DrawPodVolumes(Lab& lab);
// An embed's strip of the editors its page named (?embed=1&controls=...; panels/embed_controls.cpp).
void DrawEmbedControls(Lab& lab, UiState& ui, const std::vector<std::string>& controls);

}  // namespace spreadlab::app
