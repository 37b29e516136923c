#pragma once
// The parts of the cluster picture that DrawCluster (panels/cluster.cpp) calls every
// frame, in this order: the domains grouped, laid out and drawn with their node cards
// (cluster_regions.cpp), a domain's menu (domain_menu.cpp), a bound pod's chip dragged
// to another node (drag_drop.cpp), the node under the mouse and the node menu
// (node_menu.cpp), a bound pod's menu (pod_menu.cpp).
#include <string>
#include <unordered_map>
#include <vector>

#include "app/panels/node_card.h"
#include "app/panels/panels.h"

namespace spreadlab::app {

struct Domain {
  std::string value;  // "" for nodes without the key
  std::vector<NodeIndex> nodes;
  std::vector<std::string> failed;  // its failed nodes' names (ScenarioDoc::FailedNodes), shown greyed until restore
  // The explained pod's volumes that live here (PersistentVolume names): a domain without
  // nodes is drawn for them too, after the others.
  std::vector<std::string> volumes;
  // The other claims' volumes that live here and that no pod on a node uses (app/model/
  // pod_volumes.h, VolumesWithoutBoundPod): drawn here too, without the explained pod's outline.
  std::vector<std::string> waiting;
  bool HasVolumes() const { return !volumes.empty() || !waiting.empty(); }
};

// Where a domain is drawn this frame, and its count for the constraint shown.
struct Region {
  int matchNum = -1;  // -1: not an eligible domain of the constraint shown
  ImVec2 pos, size;
  // Above the cards: the title, the subtitle and, in a row where a volume lives beside
  // nodes, a line for its disk (a subtitle such as "failed: ..." leaves it no room beside).
  float headerH = 0;
};

// The nodes grouped by the value of `key`, in node order of first appearance, nodes
// without the key last; the failed nodes with them, a domain whose nodes all failed after
// the others. It changes only with the scenario (the lab's revision) or the
// key (and with the explained cycle, for its volumes' domains), so it is kept across
// frames: at 5,000 nodes, regrouping every frame costs 5,000 label lookups.
struct Grouping {
  uint64_t revision = ~uint64_t{0};
  uint64_t builds = ~uint64_t{0};
  std::string key;
  std::vector<Domain> domains;
  std::unordered_map<std::string, size_t> byValue;
};

// --- cluster_regions.cpp ---

// The spread constraint summary whose key is the grouping key, if any.
const SpreadConstraintSummary* SummaryFor(const CycleTrace& t, const std::string& key, int* index);
const Grouping& GroupNodes(Lab& lab, const std::string& key);

// The sizes of a frame's cards and of the spaces around them.
struct CardGrid {
  float cardW = 0, cardH = 0, gap = 0, pad = 0, headerH = 0;
  int cols = 1;  // cards per row of a region: set by LayoutRegions
};
CardGrid GridFor(bool compact, float font);
// Lays the domains' regions out in rows from (x, y), `width` wide, each a grid of
// cards; returns where the last row ends (screen y).
float LayoutRegions(const std::vector<Domain>& domains, bool compact, float x, float y, float width, CardGrid& grid,
                    std::vector<Region>& regions);
// Draws the visible regions with their node cards and sets ui.hoveredNode; returns the
// centre of the chosen node's card once Select host is reached (x < 0 if none is drawn).
ImVec2 DrawRegions(ImDrawList* dl, CardContext& cx, const std::vector<Domain>& domains,
                   const std::vector<Region>& regions, const SpreadConstraintSummary* summary, const CardGrid& grid);

// --- domain_menu.cpp ---

// A right-click on a domain's own area (not a card, not a pod) opens its menu: add a
// node like its first one, remove the domain.
void DomainMenu(const CardContext& cx, const std::vector<Domain>& domains, const std::vector<Region>& regions);

// --- drag_drop.cpp ---

// A bound pod's chip under the mouse: its tooltip, a right-click opens its menu, a left
// press starts dragging it; dropped on another node, the pod moves there (spec.nodeName)
// as one undoable edit.
void DragBoundPod(const CardContext& cx, ImDrawList* dl);

// --- node_menu.cpp ---

// The node under the mouse: its verdict and arithmetic in a tooltip, a click selects it
// (or answers a lesson's "which node?"), a right-click opens the node menu; a click on
// the empty canvas clears the selection.
void NodeHover(const CardContext& cx);
// The node menu: cluster edits on the selected node.
void NodeMenu(const CardContext& cx, const Grouping& grouping);
// A popup's field for an object's labels as "key=value,key=value", filled when the
// popup appears; true with the labels on Enter (a malformed entry goes to the status).
bool LabelsField(const char* label, const char* what, const v1::LabelMap& current, Lab& lab, v1::LabelMap& out);
// Queues the edit that adds a copy of node `like` named `name` with `labels`, whose
// hostname labels (kubernetes.io/hostname, node) follow the new name.
void AddNodeCopy(Lab& lab, const char* what, NodeIndex like, const std::string& name, v1::LabelMap labels);

// --- volumes.cpp ---

// A disk: the mark of a volume on the picture.
void DrawDiskIcon(ImDrawList* dl, ImVec2 centre, float r, ImU32 color);
// The disk on a pod chip (bottom right) of a pod that uses claims.
void VolumeBadge(ImDrawList* dl, const v1::Pod& pod, ImVec2 chipMax, float chip);
// In a pod's tooltip: each claim, its class and binding mode, its volume and zone (or why none).
void ClaimsTooltip(const Lab& lab, const v1::Pod& pod);
// On a node card at `at`, once the playback shows the node rejected because the explained
// pod's volume lives elsewhere: the volume and where it is ("pv-data-db-2 is in zone-c").
void CardVolumeLine(ImDrawList* dl, const CardContext& cx, NodeIndex ni, ImVec2 at, float maxX);
// In a node's tooltip, once the card shows that line: each volume that lives elsewhere, and where the node is.
void NodeVolumeTooltip(const CardContext& cx, NodeIndex ni);
// On the domains where the explained pod's volumes live: a disk with their names, and an
// outline once the playback shows a node rejected for them; on those where a volume waits
// for its pod, a disk with its name.
void DrawVolumeHomes(ImDrawList* dl, const CardContext& cx, const std::vector<Domain>& domains,
                     const std::vector<Region>& regions, float pad);

// --- pod_menu.cpp ---

void PodTooltip(const Lab& lab, const v1::Pod& p);
// The bound pod menu: its labels, its node, removal.
void PodMenu(const CardContext& cx);

}  // namespace spreadlab::app
