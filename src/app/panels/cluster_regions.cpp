// The cluster picture's domains: the nodes grouped by the grouping key, laid out as
// regions in rows (each a grid of node cards), and drawn with their titles, their
// matching-pod counts and the global minimum. Only visible regions and cards are drawn.
#include <algorithm>
#include <cstdio>

#include "app/app.h"
#include "app/panels/cluster_parts.h"

namespace spreadlab::app {

const SpreadConstraintSummary* SummaryFor(const CycleTrace& t, const std::string& key, int* index) {
  for (size_t i = 0; i < t.spreadFilter.size(); ++i)
    if (t.spreadFilter[i].topologyKey == key) return *index = static_cast<int>(i), &t.spreadFilter[i];
  for (size_t i = 0; i < t.spreadScore.size(); ++i)
    if (t.spreadScore[i].topologyKey == key)
      return *index = static_cast<int>(t.spreadFilter.size() + i), &t.spreadScore[i];
  return nullptr;
}

namespace {

// The explained pod's volumes, then the volumes waiting for a pod, by the domain of `key`
// they live in (a volume that names several values, each of them), added to the domains (a
// value without nodes as a domain of its own).
void AddVolumeHomes(Lab& lab, const std::string& key, Grouping& g) {
  auto add = [&](const std::vector<VolumePlace>& places, const std::string& volume, bool explained) {
    for (const VolumePlace& place : places)
      if (place.key == key)
        for (const std::string& value : place.values) {
          auto [it, fresh] = g.byValue.emplace(value, g.domains.size());
          if (fresh) g.domains.push_back(Domain{value, {}, {}, {}, {}});
          Domain& d = g.domains[it->second];
          (explained ? d.volumes : d.waiting).push_back(volume);
        }
  };
  const VolumeConflicts& v = lab.Volumes();
  for (const PodClaim& c : v.claims) add(c.places, c.persistentVolume, true);
  for (const WaitingVolume& w : VolumesWithoutBoundPod(lab.doc().scenario(), lab.cluster().storage()))
    if (std::none_of(v.claims.begin(), v.claims.end(),
                     [&](const PodClaim& c) { return c.persistentVolume == w.volume; }))
      add(w.places, w.volume, false);
}

}  // namespace

const Grouping& GroupNodes(Lab& lab, const std::string& key) {
  static Grouping g;
  if (g.revision == lab.revision() && g.builds == lab.builds() && g.key == key) return g;
  g = Grouping{lab.revision(), lab.builds(), key, {}, {}};
  const auto& nodes = lab.doc().scenario().nodes;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const std::string* v = key.empty() ? nullptr : Label(nodes[i].metadata.labels, key);
    auto [it, fresh] = g.byValue.emplace(v ? *v : "", g.domains.size());
    if (fresh) g.domains.push_back(Domain{it->first, {}, {}, {}, {}});
    g.domains[it->second].nodes.push_back(static_cast<NodeIndex>(i));
  }
  for (const controlplane::ScenarioDoc::FailedNode& f : lab.doc().FailedNodes()) {
    const std::string* v = key.empty() ? nullptr : Label(f.labels, key);
    auto [it, fresh] = g.byValue.emplace(v ? *v : "", g.domains.size());
    if (fresh) g.domains.push_back(Domain{it->first, {}, {}, {}, {}});
    g.domains[it->second].failed.push_back(f.name);
  }
  if (!key.empty()) AddVolumeHomes(lab, key, g);
  std::stable_partition(g.domains.begin(), g.domains.end(), [](const Domain& d) { return !d.value.empty(); });
  return g;
}

CardGrid GridFor(bool compact, float font) {
  CardGrid g;
  // A card grows with the text (Present draws it larger): 196 x 88 px at the UI's 15 px.
  g.cardW = compact ? 28 : font * 13.1f;
  g.cardH = compact ? 28 : font * (5.9f + kCardCycleLines);
  g.gap = compact ? 4 : 10;
  g.pad = 10;
  g.headerH = font * 2.6f;
  return g;
}

float LayoutRegions(const std::vector<Domain>& domains, bool compact, float x, float y, float width, CardGrid& grid,
                    std::vector<Region>& regions) {
  const float cardW = grid.cardW, gap = grid.gap, pad = grid.pad;
  const float minRegionW = cardW * (compact ? 8 : 1) + gap * (compact ? 7 : 0) + 2 * pad;
  const int perRow =
      std::max(1, std::min(static_cast<int>(domains.size()), static_cast<int>(width / (minRegionW + gap))));
  const float regionW = (width - gap * (perRow - 1)) / perRow;
  int cols = std::max(1, static_cast<int>((regionW - 2 * pad + gap) / (cardW + gap)));
  // A phone's width fits one full card a row: two narrower ones halve the picture's height.
  if (const float half = (regionW - 2 * pad - gap) / 2; !compact && cols == 1 && half >= kNarrowCardW) {
    grid.cardW = half;
    cols = 2;
  }
  grid.cols = cols;
  float rowY = y;
  for (size_t i = 0; i < domains.size(); i += perRow) {
    float rowH = 0;
    // The disk's line in every region of the row, so that their cards stay level.
    bool diskLine = false;
    for (size_t j = i; j < std::min(domains.size(), i + perRow); ++j)
      diskLine = diskLine || (domains[j].HasVolumes() && !(domains[j].nodes.empty() && domains[j].failed.empty()));
    for (size_t j = i; j < std::min(domains.size(), i + perRow); ++j) {
      Region& r = regions[j];
      r.headerH = grid.headerH * (diskLine ? 1.5f : 1.0f);
      // A domain of volumes alone keeps a card's room for its disk.
      const int cards = std::max(static_cast<int>(domains[j].nodes.size() + domains[j].failed.size()),
                                 domains[j].HasVolumes() ? 1 : 0);
      int rows = (cards + cols - 1) / cols;
      r.pos = ImVec2(x + (j - i) * (regionW + gap), rowY);
      r.size = ImVec2(regionW, r.headerH + rows * (grid.cardH + gap) + pad);
      rowH = std::max(rowH, r.size.y);
    }
    for (size_t j = i; j < std::min(domains.size(), i + perRow); ++j) regions[j].size.y = rowH;
    rowY += rowH + gap;
  }
  return rowY;
}

namespace {

// A region's frame, title ("key = value") and subtitle (its count for the constraint
// shown, "= global minimum" on the domains at it).
void DrawRegionFrame(ImDrawList* dl, const CardContext& cx, const Domain& d, const Region& r,
                     const SpreadConstraintSummary* summary, float pad) {
  const std::string& key = cx.key;
  const ImVec2 a = r.pos, b(r.pos.x + r.size.x, r.pos.y + r.size.y);
  const bool atMin = summary && r.matchNum >= 0 && r.matchNum == summary->globalMin;
  const bool failed =
      d.nodes.empty() && !d.failed.empty();  // every node failed: no domain for the scheduler until restore
  const bool volumesOnly = d.nodes.empty() && d.failed.empty();  // the explained pod's volume lives where no node is
  MarkRect("domain:" + d.value, a, b);
  dl->AddRectFilled(a, b, d.value.empty() || failed || volumesOnly ? colors::P().regionEmpty : colors::P().region, 8);
  dl->AddRect(a, b, atMin ? colors::kFeasible : colors::P().regionBorder, 8, 0, atMin ? 2.0f : 1.0f);
  char title[256];
  if (key.empty())
    std::snprintf(title, sizeof title, "all nodes (no topology key to group by)");
  else if (d.value.empty())
    std::snprintf(title, sizeof title, "nodes without %s", key.c_str());
  else
    std::snprintf(title, sizeof title, "%s = %s", key.c_str(), d.value.c_str());
  dl->AddText(ImVec2(a.x + pad, a.y + 4), failed || volumesOnly ? colors::kMuted : colors::P().textStrong, title);
  char sub[256] = "";
  if (volumesOnly) {
    std::snprintf(sub, sizeof sub, "no node");
  } else if (failed) {
    std::snprintf(sub, sizeof sub, "failed: %d node(s) gone until restore", static_cast<int>(d.failed.size()));
  } else if (summary && !d.value.empty()) {
    if (r.matchNum >= 0)
      std::snprintf(sub, sizeof sub, "%d matching pod%s%s", r.matchNum, r.matchNum == 1 ? "" : "s",
                    atMin ? "  = global minimum" : "");
    else
      std::snprintf(sub, sizeof sub, "not eligible (no node passes the policies)");
  } else if (!summary && !key.empty() && !d.value.empty()) {
    std::snprintf(sub, sizeof sub, "%d node(s)", static_cast<int>(d.nodes.size()));
  }
  dl->AddText(ImVec2(a.x + pad, a.y + 4 + cx.font * 1.2f), atMin ? colors::kFeasible : colors::kMuted, sub);
}

// A failed node where it was: greyed, named, "failed" (a compact card: a grey square with a cross).
void DrawFailedNodeCard(ImDrawList* dl, const CardContext& cx, const std::string& name, ImVec2 a, ImVec2 b) {
  MarkRect("failedNode:" + name, a, b);
  dl->AddRectFilled(a, b, colors::P().regionEmpty, 6);
  dl->AddRect(a, b, colors::kMuted, 6);
  if (cx.compact) {
    dl->AddLine(ImVec2(a.x + 6, a.y + 6), ImVec2(b.x - 6, b.y - 6), colors::kMuted, 2);
    dl->AddLine(ImVec2(b.x - 6, a.y + 6), ImVec2(a.x + 6, b.y - 6), colors::kMuted, 2);
    return;
  }
  dl->AddText(ImVec2(a.x + 8, a.y + 6), colors::kMuted, name.c_str());
  dl->AddText(ImVec2(a.x + 8, a.y + 6 + cx.font * 1.3f), colors::kRejected, "failed");
  dl->AddText(ImVec2(a.x + 8, a.y + 6 + cx.font * 2.6f), colors::kMuted, "back, empty, on restore");
}

}  // namespace

ImVec2 DrawRegions(ImDrawList* dl, CardContext& cx, const std::vector<Domain>& domains,
                   const std::vector<Region>& regions, const SpreadConstraintSummary* summary, const CardGrid& grid) {
  const ImVec2 clipMin = dl->GetClipRectMin(), clipMax = dl->GetClipRectMax();
  const float cardW = grid.cardW, cardH = grid.cardH, gap = grid.gap;
  const int cols = grid.cols;
  ImVec2 winnerPos(-1, -1);
  for (size_t di = 0; di < domains.size(); ++di) {
    const Domain& d = domains[di];
    const Region& r = regions[di];
    const ImVec2 a = r.pos, b(r.pos.x + r.size.x, r.pos.y + r.size.y);
    if (b.y < clipMin.y || a.y > clipMax.y) continue;
    DrawRegionFrame(dl, cx, d, r, summary, grid.pad);

    for (size_t k = 0; k < d.nodes.size(); ++k) {
      const NodeIndex ni = d.nodes[k];
      const ImVec2 ca(a.x + grid.pad + (k % cols) * (cardW + gap), a.y + r.headerH + (k / cols) * (cardH + gap));
      const ImVec2 cb(ca.x + cardW, ca.y + cardH);
      if (cb.y < clipMin.y || ca.y > clipMax.y) continue;
      const bool winner = cx.trace.selected == ni && cx.pb.Reached(Phase::Select);
      const bool hovered =
          cx.canvasHovered && cx.mouse.x >= ca.x && cx.mouse.x < cb.x && cx.mouse.y >= ca.y && cx.mouse.y < cb.y;
      if (hovered) cx.ui.hoveredNode = ni;
      if (winner) winnerPos = ImVec2(ca.x + cardW * 0.5f, ca.y + cardH * 0.5f);

      cx.hovered = hovered;
      DrawNodeCard(dl, cx, ni, ca, cb);
    }
    for (size_t f = 0; f < d.failed.size(); ++f) {  // after the live ones, greyed
      const size_t k = d.nodes.size() + f;
      const ImVec2 ca(a.x + grid.pad + (k % cols) * (cardW + gap), a.y + r.headerH + (k / cols) * (cardH + gap));
      const ImVec2 cb(ca.x + cardW, ca.y + cardH);
      if (cb.y < clipMin.y || ca.y > clipMax.y) continue;
      DrawFailedNodeCard(dl, cx, d.failed[f], ca, cb);
    }
  }
  return winnerPos;
}

}  // namespace spreadlab::app
