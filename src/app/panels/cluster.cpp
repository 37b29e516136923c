// The cluster as a picture: topology domains as labelled regions (with their
// matching-pod counts and the global minimum), nodes as cards (labels, taints,
// cordon, pod chips, the filter verdict and the score), the pending pod above.
// Large clusters switch to compact cards; only visible cards are drawn.
// DrawCluster calls the picture's parts (panels/cluster_parts.h) in order.
#include <vector>

#include "app/app.h"
#include "app/panels/cluster_parts.h"
#include "app/panels/panels.h"

namespace spreadlab::app {

namespace {

// A conflict suggestion hovered in the Decision panel: the nodes it would make
// feasible glow, the one the pod would land on is marked.
struct Preview {
  std::vector<uint8_t> feasible;
  NodeIndex lands = kNone;
};

Preview SuggestionPreview(Lab& lab, const UiState& ui) {
  Preview out;
  if (const why::Report* why = ui.previewSuggestion >= 0 ? lab.Why() : nullptr;
      why && static_cast<size_t>(ui.previewSuggestion) < why->suggestions.size()) {
    const Cluster& cluster = lab.cluster();
    const why::Suggestion& s = why->suggestions[ui.previewSuggestion];
    out.feasible.assign(cluster.nodes().size(), 0);
    for (const auto& name : s.newlyFeasible)
      if (NodeIndex n = cluster.FindNode(name); n != kNone) out.feasible[n] = 1;
    out.lands = cluster.FindNode(s.lands);
  }
  return out;
}

// The pending pod(s) above the cluster, as buttons that pick the pod to explain, and
// the cycle's legend; returns where the picture starts (screen y).
float DrawPendingPods(Lab& lab, const UiState& ui, ImVec2 origin) {
  const Cluster& cluster = lab.cluster();
  const Scenario& sc = lab.doc().scenario();
  const Playback& pb = lab.playback;
  const std::vector<PodIndex>& pending = lab.PendingPods();
  ImGui::SetCursorScreenPos(origin);
  if (pending.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(
        "No pending pod: every pod is bound. Add one from the Pending pod panel or load another scenario.");
    ImGui::PopStyleColor();
  } else {
    ImGui::TextUnformatted(pending.size() == 1 ? "Pending pod:" : "Pending pods (click one to explain it):");
    for (size_t i = 0; i < pending.size() && i < 24; ++i) {
      const PodInfo& p = cluster.pod(pending[i]);
      SameLineIfFits(ButtonWidth(p.name.c_str()));  // a row of many pods wraps: no sideways scrolling
      bool current = pending[i] == lab.pod();
      float moved = current && lab.trace().selected != kNone ? pb.Progress(Phase::Select) : 0.0f;
      ImGui::PushStyleColor(ImGuiCol_Button, current ? colors::V(colors::kAccent) : colors::V(colors::P().button));
      ImGui::PushStyleColor(ImGuiCol_Text, colors::V(current ? colors::P().textOnAccent : colors::P().textStrong));
      ImGui::PushStyleVar(ImGuiStyleVar_Alpha, current && pb.playing ? 1.0f - 0.6f * moved : 1.0f);
      if (ImGui::Button((p.name + "##pending").c_str())) Later([&lab, pod = pending[i]] { lab.SelectPod(pod); });
      ImGui::PopStyleVar();
      ImGui::PopStyleColor(2);
      MarkItem("pending:" + p.name);
      if (UsesClaims(sc.pods[pending[i]])) {
        const float chip = ImGui::GetFontSize() * 0.95f;
        VolumeBadge(ImGui::GetWindowDrawList(), sc.pods[pending[i]], ImGui::GetItemRectMax(), chip);
      }
      if (ImGui::IsItemHovered()) PodTooltip(lab, sc.pods[pending[i]]);
    }
    if (pending.size() > 24) {
      SameLineIfFits(ImGui::CalcTextSize("+99 more").x);
      ImGui::TextDisabled("+%d more", static_cast<int>(pending.size() - 24));
    }
  }
  DrawCycleLegend(lab, ui);
  return ImGui::GetCursorScreenPos().y + 4;
}

// The pending pod travelling to the chosen node during the Select phase.
void DrawTravellingPod(ImDrawList* dl, const Playback& pb, ImVec2 origin, ImVec2 winnerPos, float font) {
  if (!pb.playing || pb.phase != Phase::Select || winnerPos.x < 0) return;
  ImVec2 from(origin.x + 120, origin.y + 8);
  float t = pb.t;
  ImVec2 p(from.x + (winnerPos.x - from.x) * t, from.y + (winnerPos.y - from.y) * t);
  dl->AddCircleFilled(p, font * 0.7f, colors::kAccent);
}

}  // namespace

void DrawCluster(Lab& lab, UiState& ui) {
  const Cluster& cluster = lab.cluster();
  const Scenario& sc = lab.doc().scenario();
  const CycleTrace& trace = lab.trace();
  const Playback& pb = lab.playback;
  const std::string key = GroupKey(lab, ui);
  int summaryIndex = -1;
  const SpreadConstraintSummary* summary = SummaryFor(trace, key, &summaryIndex);
  const int highlight = summary ? summaryIndex : ui.selectedConstraint;
  const std::vector<uint8_t>& matching = lab.MatchingPods(highlight);
  const Preview preview = SuggestionPreview(lab, ui);

  const Grouping& grouping = GroupNodes(lab, key);
  const std::vector<Domain>& domains = grouping.domains;
  std::vector<Region> regions(domains.size());
  if (summary)
    for (size_t i = 0; i < domains.size(); ++i)
      for (const auto& [value, count] : summary->domains)
        if (value == domains[i].value) regions[i].matchNum = count;

  // A compact embed's picture fits its width (regions, cards and text wrap): no sideways scrolling.
  ImGui::BeginChild("##canvas", ImVec2(0, 0), false, CompactEmbed() ? 0 : ImGuiWindowFlags_HorizontalScrollbar);
  // Text wraps at the panel's visible edge: the picture may scroll sideways, so its content may
  // be wider (the tie caption was cut mid-word).
  ImGui::PushTextWrapPos(ImGui::GetScrollX() + ImGui::GetWindowWidth() - ImGui::GetStyle().ScrollbarSize * 2);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  const float font = ImGui::GetFontSize();
  const bool compact = sc.nodes.size() > 120;
  CardGrid grid = GridFor(compact, font);

  // --- the pending pod(s), above the cluster; then the regions in rows, each a grid of cards ---
  float y = DrawPendingPods(lab, ui, origin);
  if (sc.nodes.empty()) {
    ImGui::SetCursorScreenPos(ImVec2(origin.x, y));
    DrawEmptyClusterOffer(lab, ui);
    y = ImGui::GetCursorScreenPos().y + 4;
  }
  const float bottom = LayoutRegions(domains, compact, origin.x, y, width, grid, regions);
  ImGui::Dummy(ImVec2(width, bottom - y));
  ui.pictureBottom = bottom + ImGui::GetScrollY();  // as if unscrolled
  MarkRect(
      "picture", ImGui::GetWindowPos(),
      ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowSize().x, ImGui::GetWindowPos().y + ImGui::GetWindowSize().y));

  // --- drawing ---
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const bool canvasHovered = ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByPopup);
  ui.hoveredNode = kNone;
  CardContext cx{lab,
                 ui,
                 cluster,
                 sc,
                 trace,
                 pb,
                 key,
                 matching,
                 preview.feasible,
                 preview.lands,
                 compact,
                 font,
                 mouse,
                 canvasHovered,
                 false,
                 kNone,
                 -1,
                 false,
                 {},
                 CycleView::Preemption(trace, pb)};
  const ImVec2 winnerPos = DrawRegions(dl, cx, domains, regions, summary, grid);
  DrawVolumeHomes(dl, cx, domains, regions, grid.pad);

  // --- what the mouse does on the picture, and the menus it opens ---
  DomainMenu(cx, domains, regions);
  DragBoundPod(cx, dl);
  DrawTravellingPod(dl, pb, origin, winnerPos, font);
  NodeHover(cx);
  NodeMenu(cx, grouping);
  PodMenu(cx);
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
}

}  // namespace spreadlab::app
