// A node card of the cluster picture, and the legend of the cycle above the picture:
// the node (name, taints, labels, resources, pod chips), then what the playback has
// computed on it so far (app/model/cycle_view): the filter plugins one by one, the
// verdict, and one bar per score plugin — raw, normalized, weighted and stacked.
#include <algorithm>
#include <cfloat>
#include <cstdio>

#include "app/app.h"
#include "app/panels/cluster_parts.h"
#include "app/panels/node_card.h"

namespace spreadlab::app {

namespace {

ImU32 HashColor(const std::string& s) {
  uint32_t h = 2166136261u;
  for (char c : s) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
  ImVec4 c;
  ImGui::ColorConvertHSVtoRGB((h % 360) / 360.0f, 0.45f, 0.85f, c.x, c.y, c.z);
  c.w = 1;
  return ImGui::ColorConvertFloat4ToU32(c);
}

// Three small vertical bars ending at `topRight`: the node's requested cpu,
// memory and pod count over its allocatable (red from 90%); a tooltip with the
// numbers when `mouse` is over them.
void ResourceBars(ImDrawList* dl, const NodeInfo& n, ImVec2 topRight, float height, const ImVec2* mouse) {
  struct Bar {
    const char* name;
    int64_t used, cap;
  };
  const Bar bars[] = {{"cpu", n.requested.milliCPU, n.allocatable.milliCPU},
                      {"memory", n.requested.memory, n.allocatable.memory},
                      {"pods", static_cast<int64_t>(n.pods.size()), n.allocatable.allowedPodNumber}};
  const float w = 5, gap = 2;
  const ImVec2 a(topRight.x - 3 * w - 2 * gap, topRight.y), b(topRight.x, topRight.y + height);
  for (int i = 0; i < 3; ++i) {
    const float x = a.x + i * (w + gap);
    const float f = bars[i].cap > 0 ? std::min(1.0f, static_cast<float>(bars[i].used) / bars[i].cap) : 1.0f;
    dl->AddRectFilled(ImVec2(x, a.y), ImVec2(x + w, b.y), colors::P().track, 1);
    const ImU32 c = bars[i].cap <= 0 || f >= 0.9f ? colors::kRejected
                    : f >= 0.7f                   ? colors::P().warning
                                                  : colors::kAccent;
    dl->AddRectFilled(ImVec2(x, b.y - f * height), ImVec2(x + w, b.y), c, 1);
  }
  if (mouse && mouse->x >= a.x && mouse->x < b.x && mouse->y >= a.y && mouse->y < b.y) {
    auto pct = [](const Bar& r) { return r.cap > 0 ? static_cast<int>(100 * r.used / r.cap) : 100; };
    ImGui::SetTooltip(
        "requested / allocatable\ncpu     %.2f / %.2f cores (%d%%)\nmemory  %.1f / %.1f GiB (%d%%)\npods    %lld / "
        "%lld (%d%%)",
        bars[0].used / 1000.0, bars[0].cap / 1000.0, pct(bars[0]), bars[1].used / 1073741824.0,
        bars[1].cap / 1073741824.0, pct(bars[1]), static_cast<long long>(bars[2].used),
        static_cast<long long>(bars[2].cap), pct(bars[2]));
  }
}

ImU32 Alpha(ImU32 c, float a) { return (c & 0x00FFFFFFu) | (static_cast<ImU32>(a * 255.0f) << 24); }

// Numbers on bars: at most four characters ("100", "-12", "1.2k").
std::string Short(int64_t v) {
  char buf[16];
  if (v >= 10000 || v <= -1000)
    std::snprintf(buf, sizeof buf, "%.0fk", static_cast<double>(v) / 1000.0);
  else if (v >= 1000)
    std::snprintf(buf, sizeof buf, "%.1fk", static_cast<double>(v) / 1000.0);
  else
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
  return buf;
}

ImU32 MarkColor(FilterMark m) {
  switch (m) {
    case FilterMark::Pass:
      return colors::kFeasible;
    case FilterMark::Fail:
      return colors::kRejected;
    case FilterMark::WouldAlsoFail:
      return Alpha(colors::kRejected, 0.3f);
    case FilterMark::Skip:
      return colors::P().skip;
    case FilterMark::NotRun:
      return colors::P().notRun;
    case FilterMark::Hidden:
      break;
  }
  return 0;
}

bool Inside(ImVec2 m, ImVec2 a, ImVec2 b) { return m.x >= a.x && m.x < b.x && m.y >= a.y && m.y < b.y; }

void SmallText(ImDrawList* dl, ImVec2 at, ImU32 c, const char* text) {
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize() * 0.8f, at, c, text);
}

// The hover on a plugin's bar: its numbers and how the plugin computed them.
void BarTooltip(CardContext& cx, const ScoreBar& bar) {
  const CycleTrace& t = cx.trace;
  const ScoreEntry& e = t.scores[bar.entry];
  const ScoreScale& sc = cx.lab.cycleView().scales()[bar.plugin];
  ImGui::BeginTooltip();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(sc.color), "%s", sc.plugin.c_str());
  ImGui::Text("raw %lld  ->  normalized %lld  x weight %lld  =  %lld", static_cast<long long>(e.raw),
              static_cast<long long>(e.normalized), static_cast<long long>(e.weight),
              static_cast<long long>(e.weighted));
  if (const std::optional<ScoreExplanation> x = cx.lab.ExplainScore(bar.entry)) {
    ImGui::Separator();
    ImGui::TextDisabled("Score");
    ImGui::TextWrapped("%s", x->score.c_str());
    ImGui::TextDisabled("NormalizeScore");
    ImGui::TextWrapped("%s",
                       x->normalize.empty() ? "none: the plugin's scores are already 0..100" : x->normalize.c_str());
  }
  ImGui::EndTooltip();
}

// Raw and normalizing stages: one vertical bar per plugin with its number on top.
void ColumnBars(ImDrawList* dl, CardContext& cx, const std::string& node, ImVec2 a, ImVec2 b) {
  const auto& scales = cx.lab.cycleView().scales();
  const float slot = (b.x - a.x) / static_cast<float>(std::max<size_t>(1, cx.bars.size()));
  const float labelH = ImGui::GetFontSize() * 0.85f;
  const float chartH = b.y - a.y - labelH;
  for (size_t i = 0; i < cx.bars.size(); ++i) {
    const ScoreBar& bar = cx.bars[i];
    const ScoreScale& sc = scales[bar.plugin];
    const float x0 = a.x + i * slot + slot * 0.2f, x1 = a.x + (i + 1) * slot - slot * 0.2f;
    const float top = b.y - chartH * bar.height;
    dl->AddRectFilled(ImVec2(x0, b.y - chartH), ImVec2(x1, b.y), colors::P().track, 2);
    dl->AddRectFilled(ImVec2(x0, top), ImVec2(x1, b.y), sc.color, 2);
    const std::string label = Short(bar.label);
    const float w = ImGui::GetFontSize() * 0.8f * 0.55f * label.size();
    SmallText(dl, ImVec2((x0 + x1 - w) * 0.5f, top - labelH), colors::P().text, label.c_str());
    const ImVec2 ra(a.x + i * slot, a.y), rb(a.x + (i + 1) * slot, b.y);
    MarkRect("scorebar:" + node + ":" + sc.plugin, ra, rb);
    if (cx.canvasHovered && Inside(cx.mouse, ra, rb)) cx.hoveredBar = static_cast<int>(i);
  }
}

// Weighted stage: the plugins' weighted scores stacked into the total.
void StackedBar(ImDrawList* dl, CardContext& cx, const std::string& node, const NodeTrace& nt, ImVec2 a, ImVec2 b,
                bool winner) {
  const auto& scales = cx.lab.cycleView().scales();
  const float width = b.x - a.x - ImGui::GetFontSize() * 2.2f;
  const float y0 = a.y + (b.y - a.y) * 0.35f, y1 = b.y - 2;
  dl->AddRectFilled(ImVec2(a.x, y0), ImVec2(a.x + width, y1), colors::P().track, 2);
  for (size_t i = 0; i < cx.bars.size(); ++i) {
    const ScoreBar& bar = cx.bars[i];
    const ScoreScale& sc = scales[bar.plugin];
    const ImVec2 sa(a.x + width * bar.left, y0), sb(a.x + width * (bar.left + bar.width), y1);
    // A plugin that gives every node the same score decides nothing: faded, so that the
    // segments that differ (and decide) stand out; each segment says its number when it fits.
    const bool same = sc.normalizedAtMin == sc.normalizedAtMax;
    dl->AddRectFilled(sa, sb, same ? Alpha(sc.color, 0.35f) : sc.color);
    const std::string label = Short(bar.label);
    const ImVec2 size = ImGui::GetFont()->CalcTextSizeA(ImGui::GetFontSize() * 0.8f, FLT_MAX, 0, label.c_str());
    if (size.x + 4 <= sb.x - sa.x && size.y <= sb.y - sa.y + 2)
      SmallText(dl, ImVec2((sa.x + sb.x - size.x) * 0.5f, (sa.y + sb.y - size.y) * 0.5f),
                same ? colors::P().textStrong : colors::P().textOnAccent, label.c_str());
    MarkRect("scorebar:" + node + ":" + sc.plugin, sa, sb);
    if (cx.canvasHovered && Inside(cx.mouse, sa, sb)) cx.hoveredBar = static_cast<int>(i);
  }
  if (winner) dl->AddRect(ImVec2(a.x - 1, y0 - 1), ImVec2(a.x + width + 1, y1 + 1), colors::kWinner, 2, 0, 2);
  const std::string total = std::to_string(nt.total);
  dl->AddText(ImVec2(a.x + width + 5, y0 - 2), colors::P().textStrong, total.c_str());
}

// The filter plugins as a row of pips in the profile's order (hover: which plugin).
void FilterPips(ImDrawList* dl, CardContext& cx, NodeIndex ni, ImVec2 at, float maxX) {
  const size_t k = cx.trace.filterPlugins.size();
  const float pip = ImGui::GetFontSize() * 0.55f, gap = 2;
  for (size_t f = 0; f < k; ++f) {
    const ImVec2 a(at.x + f * (pip + gap), at.y), b(a.x + pip, a.y + pip);
    if (b.x > maxX) break;
    const FilterMark m = CycleView::Mark(cx.trace, ni, f, cx.pb);
    if (m == FilterMark::Hidden)
      dl->AddRect(a, b, colors::P().trackLine, 2);
    else
      dl->AddRectFilled(a, b, MarkColor(m), 2);
    if (cx.canvasHovered && Inside(cx.mouse, a, b))
      ImGui::SetTooltip("%s: %s", cx.trace.filterPlugins[f].c_str(), FilterMarkName(m));
  }
}

// The card itself: the winner lifted (Select host) over its shadow, the background by
// verdict, the border (verdict, winner, selection, hover) and a hovered suggestion's glow.
void CardFrame(ImDrawList* dl, const CardContext& cx, NodeIndex ni, const NodeTrace* nt, bool verdictShown, bool winner,
               ImVec2& ca, ImVec2& cb) {
  const bool rejected = verdictShown && nt->evaluated && !nt->feasible;
  if (winner) {  // Select host lifts the winner
    const float lift = 6.0f * CycleView::StageProgress(cx.pb);
    ca.y -= lift, cb.y -= lift;
    dl->AddRectFilled(ImVec2(ca.x + 3, ca.y + 3 + lift), ImVec2(cb.x + 3, cb.y + 3 + lift), colors::P().shadow, 6);
  }
  ImU32 bg = rejected ? colors::P().cardRejected : colors::P().card;
  if (verdictShown && nt->feasible) bg = colors::P().cardFeasible;
  if (!nt || !nt->evaluated) bg = colors::P().cardIdle;
  dl->AddRectFilled(ca, cb, bg, 6);
  ImU32 border = colors::P().cardBorder;
  float thick = 1;
  if (verdictShown) border = nt->feasible ? colors::kFeasible : (nt->evaluated ? colors::kRejected : colors::kMuted);
  if (winner) border = colors::kWinner, thick = 4;
  if (cx.preemption.nominated == ni) border = colors::P().warning, thick = 3;
  if (cx.ui.selectedNode == ni) border = colors::kAccent, thick = 3;
  if (cx.hovered) thick += 1;
  dl->AddRect(ca, cb, border, 6, 0, thick);
  if (winner && cx.ui.selectedNode == ni)
    dl->AddRect(ImVec2(ca.x - 3, ca.y - 3), ImVec2(cb.x + 3, cb.y + 3), colors::kWinner, 8, 0, 2);
  if (!cx.previewFeasible.empty() && cx.previewFeasible[ni]) {
    dl->AddRect(ImVec2(ca.x - 4, ca.y - 4), ImVec2(cb.x + 4, cb.y + 4), colors::kFeasible, 9, 0, 3);
    if (ni == cx.previewLands && !cx.compact)
      dl->AddText(ImVec2(cb.x - ImGui::CalcTextSize("would land here").x - 8, ca.y + 6), colors::kFeasible,
                  "would land here");
  }
}

// A compact card, a cell: the verdict as a colour (CardFrame), matching pods as a count,
// the total as a thin stacked bar once the weighted sum is reached.
void CompactCell(ImDrawList* dl, const CardContext& cx, NodeIndex ni, ImVec2 ca, ImVec2 cb) {
  int count = 0;
  for (PodIndex p : cx.cluster.node(ni).pods) count += cx.matching.size() > static_cast<size_t>(p) && cx.matching[p];
  char buf[16];
  std::snprintf(buf, sizeof buf, "%d", count);
  dl->AddText(ImVec2(ca.x + 4, ca.y + 6), colors::P().text, buf);
  if (CycleView::Stage(cx.trace, cx.pb) == BarStage::Weighted)
    for (const ScoreBar& bar : cx.bars)
      dl->AddRectFilled(ImVec2(ca.x + 2 + (cb.x - ca.x - 4) * bar.left, cb.y - 5),
                        ImVec2(ca.x + 2 + (cb.x - ca.x - 4) * (bar.left + bar.width), cb.y - 2),
                        cx.lab.cycleView().scales()[bar.plugin].color);
}

// The node's name ("chosen" beside the winner's), then its state badges (cordoned,
// taints), else its key labels; returns the y below them.
float CardHeader(ImDrawList* dl, const CardContext& cx, const v1::Node& node, bool winner, ImVec2 ca, ImVec2 cb,
                 float tx) {
  const float font = cx.font;
  float ty = ca.y + 6;
  dl->AddText(ImVec2(tx, ty), colors::P().textStrong, node.metadata.name.c_str());
  if (winner) dl->AddText(ImVec2(cb.x - ImGui::CalcTextSize("chosen").x - 8, ty), colors::kWinner, "chosen");
  if (cx.preemption.nominated != kNone && cx.cluster.node(cx.preemption.nominated).name == node.metadata.name) {
    // status.nominatedNodeName: preemption makes room here for a later cycle.
    const ImVec2 size = ImGui::CalcTextSize("nominated");
    const ImVec2 at(cb.x - size.x - 8, ty);
    dl->AddText(at, colors::P().warning, "nominated");
    MarkRect("nominated:" + node.metadata.name, at, ImVec2(at.x + size.x, at.y + size.y));
  }
  ty += font * 1.25f;
  std::string badges;
  if (node.unschedulable) badges += "cordoned  ";
  for (const auto& t : node.taints)
    badges += "taint " + t.key + (t.value.empty() ? "" : "=" + t.value) + ":" + t.effect + "  ";
  dl->PushClipRect(ca, cb, true);
  if (!badges.empty()) {
    dl->AddText(ImVec2(tx, ty), colors::P().warning, badges.c_str());
    ty += font * 1.2f;
  } else {
    // Key labels: everything but the grouping key and the hostname.
    std::string labels;
    for (const auto& [k, v] : node.metadata.labels)
      if (k != cx.key && k != kLabelHostname) labels += (labels.empty() ? "" : "  ") + k + "=" + v;
    if (!labels.empty()) {
      dl->AddText(ImVec2(tx, ty), colors::kMuted, labels.c_str());
      ty += font * 1.2f;
    }
  }
  dl->PopClipRect();
  return ty;
}

// The node's pod chips from (tx, ty), in rows that end before `right` - 30, above
// `cycleTop`; the pods that count for the highlighted constraint get a dark ring, and
// "+N" says how many did not fit. Sets cx.hoveredPod to a chip under the mouse.
void PodChips(ImDrawList* dl, CardContext& cx, const NodeInfo& info, float tx, float ty, float cycleTop, float right) {
  float px = tx, py = ty + 2;
  const float chip = cx.font * 0.95f;
  size_t shown = 0;
  for (PodIndex p : info.pods) {
    if (px + chip > right - 30) px = tx, py += chip + 3;
    if (py + chip > cycleTop - 2) break;
    const v1::Pod& pod = cx.sc.pods[p];
    const std::string cv = PodColorValue(pod, cx.ui.colorKey);
    const ImVec2 pa(px, py), pb2(px + chip, py + chip);
    dl->AddRectFilled(pa, pb2, cv.empty() ? colors::P().skip : HashColor(cv), 3);
    if (cx.matching.size() > static_cast<size_t>(p) && cx.matching[p])
      dl->AddRect(pa, pb2, colors::P().matchRing, 3, 0, 2);
    if (cx.ui.dragPod == p) dl->AddRect(pa, pb2, colors::kAccent, 3, 0, 2);
    VolumeBadge(dl, pod, pb2, chip);
    if (std::find(cx.preemption.victims.begin(), cx.preemption.victims.end(), p) != cx.preemption.victims.end()) {
      // A victim of preemption: crossed out in red.
      dl->AddRect(ImVec2(pa.x - 1, pa.y - 1), ImVec2(pb2.x + 1, pb2.y + 1), colors::kRejected, 3, 0, 2);
      dl->AddLine(pa, pb2, colors::kRejected, 2);
      dl->AddLine(ImVec2(pb2.x, pa.y), ImVec2(pa.x, pb2.y), colors::kRejected, 2);
      MarkRect("victim:" + pod.metadata.name, pa, pb2);
    }
    MarkRect("pod:" + pod.metadata.name, pa, pb2);
    if (cx.canvasHovered && Inside(cx.mouse, pa, pb2)) cx.hoveredPod = p;
    px += chip + 3;
    ++shown;
  }
  if (shown < info.pods.size()) {
    const std::string more = "+" + std::to_string(info.pods.size() - shown);
    dl->AddText(ImVec2(px, py), colors::kMuted, more.c_str());
  }
}

// The verdict at (tx, vy) once shown: not evaluated (and why), feasible, or the plugin
// that rejected the node with its first failing spread check as arithmetic (else its reason).
void CardVerdict(ImDrawList* dl, const CardContext& cx, const NodeTrace& nt, bool verdictShown, ImVec2 ca, ImVec2 cb,
                 float tx, float vy) {
  const CycleTrace& trace = cx.trace;
  dl->PushClipRect(ca, cb, true);
  if (!nt.evaluated && cx.pb.Progress(Phase::Filter) >= 1.0f) {
    dl->AddText(ImVec2(tx, vy), colors::kMuted,
                ("not evaluated (" + std::string(NotEvaluatedName(nt.notEvaluated)) + ")").c_str());
  } else if (verdictShown && nt.feasible) {
    dl->AddText(ImVec2(tx, vy), colors::kFeasible, "\xE2\x9C\x94 feasible");
  } else if (const FilterVerdict* failure = verdictShown ? trace.Reported(nt) : nullptr) {
    const FilterVerdict& v = *failure;
    dl->AddText(ImVec2(tx, vy), colors::kRejected, ("\xE2\x9C\x98 " + trace.filterPlugins[v.plugin]).c_str());
    dl->AddText(ImVec2(tx, vy + cx.font * 1.15f), colors::kRejected,
                CycleView::RejectionText(cx.cluster, trace, v).c_str());
  }
  dl->PopClipRect();
}

}  // namespace

const std::string* Label(const std::map<std::string, std::string>& labels, const std::string& key) {
  auto it = labels.find(key);
  return it == labels.end() ? nullptr : &it->second;
}

void DrawNodeCard(ImDrawList* dl, CardContext& cx, NodeIndex ni, ImVec2 ca, ImVec2 cb) {
  const CycleTrace& trace = cx.trace;
  const v1::Node& node = cx.sc.nodes[ni];
  const NodeTrace* nt = ni < static_cast<int>(trace.nodes.size()) ? &trace.nodes[ni] : nullptr;
  const bool verdictShown = nt && CycleView::VerdictShown(trace, ni, cx.pb);
  const bool winner = trace.selected == ni && cx.pb.Reached(Phase::Select);
  const float font = cx.font;
  CardFrame(dl, cx, ni, nt, verdictShown, winner, ca, cb);
  if (nt && nt->feasible)
    cx.lab.cycleView().Bars(trace, ni, cx.pb, cx.bars);
  else
    cx.bars.clear();
  cx.hoveredBar = -1;
  if (cx.compact) {
    CompactCell(dl, cx, ni, ca, cb);
    return;
  }

  MarkRect("node:" + node.metadata.name, ca, cb);
  const float tx = ca.x + 8;
  const float ty = CardHeader(dl, cx, node, winner, ca, cb, tx);
  // Requested against allocatable, as NodeResourcesFit sees them: cpu, memory, pods.
  const NodeInfo& info = cx.cluster.node(ni);
  ResourceBars(dl, info, ImVec2(cb.x - 8, ca.y + font * 1.35f), font * 2.2f, cx.canvasHovered ? &cx.mouse : nullptr);
  const float cycleTop = cb.y - font * kCardCycleLines;
  PodChips(dl, cx, info, tx, ty, cycleTop, cb.x);

  // The cycle on this node: filter pips, the verdict, the score bars.
  if (!nt || !cx.pb.Reached(Phase::Filter)) return;
  FilterPips(dl, cx, ni, ImVec2(tx, cycleTop), cb.x - 8);
  const float vy = cycleTop + font * 0.8f;
  CardVerdict(dl, cx, *nt, verdictShown, ca, cb, tx, vy);
  CardVolumeLine(dl, cx, ni, ImVec2(tx, vy + font * 2.3f), cb.x - 8);
  if (cx.bars.empty()) return;
  const ImVec2 chartA(tx, vy + font * 1.1f), chartB(cb.x - 8, cb.y - 4);
  if (CycleView::Stage(trace, cx.pb) == BarStage::Weighted)
    StackedBar(dl, cx, node.metadata.name, *nt, chartA, chartB, winner);
  else
    ColumnBars(dl, cx, node.metadata.name, chartA, chartB);
  if (cx.hoveredBar >= 0 && cx.hoveredPod == kNone) {
    BarTooltip(cx, cx.bars[cx.hoveredBar]);
    cx.barTooltip = true;
  }
}

void DrawCycleLegend(Lab& lab, const UiState& ui) {
  const CycleTrace& t = lab.trace();
  const Playback& pb = lab.playback;
  if (t.pod == kNone) return;
  const CycleView& view = lab.cycleView();
  ImGui::BeginGroup();
  ImGui::TextWrapped("%s", view.Caption(lab.cluster(), t, pb).c_str());
  // What the marks on a card mean, once the picture draws them (an embed's paragraph has the room to say it).
  if (pb.Reached(Phase::Filter) && !CompactEmbed()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(
        "On each card: a dot per filter plugin in the profile's order (green passed, red rejected, faint: not "
        "run); at the top right, the node's cpu, memory and pods in use; pods coloured by %s.",
        ui.colorKey.c_str());
    ImGui::PopStyleColor();
    MarkItem("cardLegend");
  }
  if (t.scored && !view.scales().empty() && pb.Reached(Phase::Score)) {
    ImGui::TextDisabled("Score plugins (x weight):");
    const bool normalizing = pb.Reached(Phase::NormalizeScore);
    const float h = ImGui::GetTextLineHeight() * 0.8f;
    for (const ScoreScale& sc : view.scales()) {
      char text[160];
      if (normalizing && sc.rawMin != sc.rawMax)
        std::snprintf(text, sizeof text, "%s x%lld  (raw %lld..%lld -> %lld..%lld%s)", sc.plugin.c_str(),
                      static_cast<long long>(sc.weight), static_cast<long long>(sc.rawMin),
                      static_cast<long long>(sc.rawMax), static_cast<long long>(sc.normalizedAtMin),
                      static_cast<long long>(sc.normalizedAtMax), sc.reversed ? ", reversed: fewer is better" : "");
      else
        std::snprintf(text, sizeof text, "%s x%lld%s", sc.plugin.c_str(), static_cast<long long>(sc.weight),
                      normalizing && sc.normalizedAtMin == sc.normalizedAtMax ? "  (the same on every node)" : "");
      // Side by side while the line has room up to the panel's visible edge.
      SameLineIfFits(h + 4 + ImGui::CalcTextSize(text).x, 14);
      const ImVec2 p = ImGui::GetCursorScreenPos();
      ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + 2), ImVec2(p.x + h, p.y + 2 + h), sc.color, 2);
      ImGui::Dummy(ImVec2(h, h));
      ImGui::SameLine(0, 4);
      ImGui::PushTextWrapPos(0.0f);  // a line longer than a phone's width wraps
      ImGui::TextUnformatted(text);
      ImGui::PopTextWrapPos();
      MarkItem("legend:" + sc.plugin);
    }
  }
  ImGui::EndGroup();
  MarkItem("legend");
}

}  // namespace spreadlab::app
