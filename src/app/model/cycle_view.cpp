#include "app/model/cycle_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/framework/interface.h"
#include "core/release.h"

namespace spreadlab::app {

namespace {

constexpr uint32_t Abgr(uint8_t r, uint8_t g, uint8_t b) {
  return 0xFF000000u | (uint32_t{b} << 16) | (uint32_t{g} << 8) | r;
}

// The verdict of filter plugin `f` on node n, or null when none was recorded.
const FilterVerdict* VerdictOf(const CycleTrace& t, const NodeTrace& nt, size_t f, int* index) {
  for (uint32_t i = 0; i < nt.filterCount; ++i) {
    const FilterVerdict& v = t.filters[nt.filterBegin + i];
    if (v.plugin == f) return *index = static_cast<int>(i), &v;
  }
  return nullptr;
}

}  // namespace

const char* FilterMarkName(FilterMark m) {
  switch (m) {
    case FilterMark::Hidden:
      return "hidden";
    case FilterMark::Pass:
      return "pass";
    case FilterMark::Skip:
      return "skip";
    case FilterMark::Fail:
      return "fail";
    case FilterMark::WouldAlsoFail:
      return "would also fail";
    case FilterMark::NotRun:
      return "not run";
  }
  return "";
}

const char* BarStageName(BarStage s) {
  switch (s) {
    case BarStage::None:
      return "none";
    case BarStage::Raw:
      return "raw";
    case BarStage::Normalizing:
      return "normalizing";
    case BarStage::Weighted:
      return "weighted";
  }
  return "";
}

uint32_t PluginColor(const std::string& plugin) {
  struct Entry {
    const char* name;
    uint32_t color;
  };
  static constexpr Entry kColors[] = {
      {"NodeResourcesFit", Abgr(56, 132, 244)},  {"NodeResourcesBalancedAllocation", Abgr(0, 160, 150)},
      {"PodTopologySpread", Abgr(140, 80, 200)}, {"InterPodAffinity", Abgr(240, 130, 20)},
      {"NodeAffinity", Abgr(60, 170, 70)},       {"TaintToleration", Abgr(190, 60, 60)},
      {"ImageLocality", Abgr(130, 130, 60)},     {"SelectorSpread", Abgr(220, 90, 160)},
      {"VolumeBinding", Abgr(100, 100, 110)},    {"DynamicResources", Abgr(60, 110, 140)},
  };
  for (const Entry& e : kColors)
    if (plugin == e.name) return e.color;
  uint32_t h = 2166136261u;  // out-of-tree names: a stable colour from the name
  for (char c : plugin) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
  return Abgr(static_cast<uint8_t>(60 + h % 160), static_cast<uint8_t>(60 + (h >> 8) % 160),
              static_cast<uint8_t>(60 + (h >> 16) % 160));
}

void CycleView::Build(const CycleTrace& t) {
  scales_.clear();
  tied_.clear();
  maxTotal_ = 0;
  scales_.resize(t.scorePlugins.size());
  std::vector<bool> seen(t.scorePlugins.size(), false);
  for (size_t i = 0; i < scales_.size(); ++i)
    scales_[i].plugin = t.scorePlugins[i], scales_[i].color = PluginColor(t.scorePlugins[i]);
  bool anyTotal = false;
  for (const NodeTrace& nt : t.nodes) {
    if (!nt.feasible || nt.scoreCount == 0) continue;
    if (!anyTotal || nt.total > maxTotal_) maxTotal_ = nt.total;
    anyTotal = true;
    for (uint32_t s = 0; s < nt.scoreCount; ++s) {
      const ScoreEntry& e = t.scores[nt.scoreBegin + s];
      ScoreScale& sc = scales_[e.plugin];
      sc.weight = e.weight;
      if (!seen[e.plugin] || e.raw < sc.rawMin) sc.rawMin = e.raw, sc.normalizedAtMin = e.normalized;
      if (!seen[e.plugin] || e.raw > sc.rawMax) sc.rawMax = e.raw, sc.normalizedAtMax = e.normalized;
      seen[e.plugin] = true;
    }
  }
  for (ScoreScale& sc : scales_) sc.reversed = sc.rawMax > sc.rawMin && sc.normalizedAtMax < sc.normalizedAtMin;
  if (anyTotal)
    for (const NodeTrace& nt : t.nodes)
      if (nt.feasible && nt.scoreCount > 0 && nt.total == maxTotal_) tied_.push_back(nt.node);
}

size_t CycleView::RevealedFilters(const CycleTrace& t, const Playback& pb) {
  const size_t k = t.filterPlugins.size();
  const float p = pb.Progress(Phase::Filter);
  if (p >= 1.0f) return k;
  return std::min(k, static_cast<size_t>(std::ceil(p * static_cast<float>(k))));
}

FilterMark CycleView::Mark(const CycleTrace& t, NodeIndex n, size_t f, const Playback& pb) {
  if (n < 0 || static_cast<size_t>(n) >= t.nodes.size() || f >= RevealedFilters(t, pb)) return FilterMark::Hidden;
  const NodeTrace& nt = t.nodes[n];
  int index = -1;
  const FilterVerdict* v = nt.evaluated ? VerdictOf(t, nt, f, &index) : nullptr;
  if (!v) return FilterMark::Hidden;
  const bool failed = v->code != Code::Success && v->code != Code::Skip;
  if (nt.firstFailure >= 0 && index > nt.firstFailure) return failed ? FilterMark::WouldAlsoFail : FilterMark::NotRun;
  if (v->code == Code::Skip) return FilterMark::Skip;
  return failed ? FilterMark::Fail : FilterMark::Pass;
}

bool CycleView::VerdictShown(const CycleTrace& t, NodeIndex n, const Playback& pb) {
  if (n < 0 || static_cast<size_t>(n) >= t.nodes.size() || !pb.Reached(Phase::Filter)) return false;
  const NodeTrace& nt = t.nodes[n];
  const size_t revealed = RevealedFilters(t, pb);
  const FilterVerdict* first = nt.evaluated && !nt.feasible ? t.Reported(nt) : nullptr;
  return first ? first->plugin < revealed : revealed >= t.filterPlugins.size();
}

std::string CycleView::RejectionText(const Cluster& c, const CycleTrace& t, const FilterVerdict& v) {
  for (uint32_t i = 0; i < v.checksCount; ++i) {
    const SpreadCheck& k = t.spreadChecks[v.checksBegin + i];
    if (k.pass) continue;
    const std::string& key = t.spreadFilter[k.constraint].topologyKey;
    if (k.domain == kNoSym) return "no " + key + " label";
    const std::string constraint = t.spreadFilter.size() > 1 ? "#" + std::to_string(k.constraint + 1) + " " + key +
                                                                   "=" + c.pool().Str(k.domain) + "\n"
                                                             : std::string();
    return constraint + "skew " + std::to_string(k.matchNum) + " + " + std::to_string(k.selfMatch) + " \xE2\x88\x92 " +
           std::to_string(k.minMatchNum) + " = " + std::to_string(k.skew) + " > " + std::to_string(k.maxSkew);
  }
  return t.JoinedReasons(v);
}

PreemptionMarks CycleView::Preemption(const CycleTrace& t, const Playback& pb) {
  PreemptionMarks m;
  if (!pb.Reached(Phase::Select) || t.selected != kNone || !t.preemption ||
      t.preemption->nominating != preemption::Nominating::Set)
    return m;
  m.nominated = t.preemption->nominatedNode;
  m.victims = t.preemption->victims;
  return m;
}

BarStage CycleView::Stage(const CycleTrace& t, const Playback& pb) {
  if (!t.scored || !pb.Reached(Phase::Score)) return BarStage::None;
  if (pb.phase == Phase::Score) return BarStage::Raw;
  if (pb.phase == Phase::NormalizeScore) return BarStage::Normalizing;
  return BarStage::Weighted;
}

float CycleView::StageProgress(const Playback& pb) {
  return pb.phase == Phase::Score || pb.phase == Phase::NormalizeScore || pb.phase == Phase::WeightedSum ? pb.t : 1.0f;
}

void CycleView::Bars(const CycleTrace& t, NodeIndex n, const Playback& pb, std::vector<ScoreBar>& out) const {
  out.clear();
  const BarStage stage = Stage(t, pb);
  if (stage == BarStage::None || n < 0 || static_cast<size_t>(n) >= t.nodes.size()) return;
  const NodeTrace& nt = t.nodes[n];
  if (!nt.feasible) return;
  const float p = StageProgress(pb);
  float left = 0;
  for (uint32_t s = 0; s < nt.scoreCount; ++s) {
    const size_t entry = nt.scoreBegin + s;
    const ScoreEntry& e = t.scores[entry];
    const ScoreScale& sc = scales_[e.plugin];
    // Raw scores on the plugin's own scale: its largest magnitude fills the chart.
    const int64_t top = std::max<int64_t>({1, std::abs(sc.rawMax), std::abs(sc.rawMin)});
    const float raw = std::clamp(static_cast<float>(e.raw) / static_cast<float>(top), 0.0f, 1.0f);
    const float normalized =
        std::clamp(static_cast<float>(e.normalized) / static_cast<float>(kMaxNodeScore), 0.0f, 1.0f);
    ScoreBar b;
    b.plugin = e.plugin;
    b.entry = entry;
    switch (stage) {
      case BarStage::Raw:
        b.height = raw * p, b.label = e.raw;
        break;
      case BarStage::Normalizing:
        b.height = raw + (normalized - raw) * p, b.label = p < 0.5f ? e.raw : e.normalized;
        break;
      default: {
        const float w =
            maxTotal_ > 0 ? static_cast<float>(std::max<int64_t>(0, e.weighted)) / static_cast<float>(maxTotal_) : 0;
        b.height = normalized, b.label = e.weighted, b.left = left * p, b.width = w * p;
        left += w;
      }
    }
    out.push_back(b);
  }
}

std::string CycleView::Caption(const Cluster& c, const CycleTrace& t, const Playback& pb) const {
  switch (pb.phase) {
    case Phase::PreFilter:
      return "PreFilter: each plugin prepares what its Filter needs (PodTopologySpread counts matching pods per "
             "domain).";
    case Phase::Filter: {
      const size_t k = RevealedFilters(t, pb);
      std::string s =
          "Filter: plugins run in the profile's order; a node stops at its first failure (later failures dimmed: "
          "upstream never runs them).";
      if (k > 0 && k <= t.filterPlugins.size()) s += "  Now: " + t.filterPlugins[k - 1];
      return s;
    }
    case Phase::PreScore:
      return "PreScore: the score plugins prepare over the feasible nodes.";
    case Phase::Score:
      return "Score: each plugin's raw score, on its own scale (the tallest bar is that plugin's largest raw score).";
    case Phase::NormalizeScore:
      return "NormalizeScore: each plugin maps its raw scores to 0..100 (min and max below; reversed where fewer is "
             "better).";
    case Phase::WeightedSum:
      return "Weighted sum: each 0..100 score times the plugin's weight, stacked into the node's total.";
    case Phase::Select:
    case Phase::Done:
      return SelectCaption(c, t);
  }
  return "";
}

std::string CycleView::Difference(const Cluster& c, const CycleTrace& t) const {
  // The runner-up: the best other scored node.
  NodeIndex second = kNone;
  for (const NodeTrace& nt : t.nodes)
    if (nt.node != t.selected && nt.feasible && nt.scoreCount > 0 &&
        (second == kNone || nt.total > t.nodes[second].total))
      second = nt.node;
  if (second == kNone) return "";
  const NodeTrace &w = t.nodes[t.selected], &r = t.nodes[second];
  std::string s = " Next: " + c.node(second).name + " with " + std::to_string(r.total) + ".";
  if (w.scoreCount != r.scoreCount) return s;
  // The plugins that made the difference, most first: those for the winner, those against.
  std::vector<std::pair<int64_t, std::string>> parts;
  for (uint32_t i = 0; i < w.scoreCount; ++i) {
    const ScoreEntry &a = t.scores[w.scoreBegin + i], &b = t.scores[r.scoreBegin + i];
    if (a.weighted == b.weighted) continue;
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s %+lld (%lld vs %lld, x%lld)", t.scorePlugins[a.plugin].c_str(),
                  static_cast<long long>(a.weighted - b.weighted), static_cast<long long>(a.normalized),
                  static_cast<long long>(b.normalized), static_cast<long long>(a.weight));
    parts.emplace_back(a.weighted - b.weighted, buf);
  }
  std::sort(parts.begin(), parts.end(),
            [](const auto& x, const auto& y) { return std::abs(x.first) > std::abs(y.first); });
  std::string pro, con;
  for (const auto& [d, text] : parts) (d > 0 ? pro : con) += (((d > 0 ? pro : con).empty()) ? "" : ", ") + text;
  if (!pro.empty()) s += " For " + c.node(t.selected).name + ": " + pro + ".";
  if (!con.empty()) s += " Against it: " + con + ".";
  return s;
}

std::string CycleView::SelectCaption(const Cluster& c, const CycleTrace& t) const {
  if (t.selected == kNone) {
    std::string s = "No feasible node: the pod stays Pending.";
    const PreemptionMarks p = Preemption(t, Playback{});
    if (p.nominated == kNone) return s;
    std::string victims;
    for (PodIndex v : p.victims) victims += (victims.empty() ? "" : ", ") + c.pod(v).key;
    return s + " DefaultPreemption nominates " + c.node(p.nominated).name + " and deletes the lower-priority " +
           victims + " there; a later cycle binds the pod to it.";
  }
  std::string s = c.node(t.selected).name + " wins";
  if (!t.scored) return s + ": the only feasible node (scoring is skipped).";
  s += " with " + std::to_string(maxTotal_) + ".";
  s += Difference(c, t);
  if (tied_.size() > 1) {
    // selectHost: reservoir sampling up to 1.34; from 1.35 a heap over the order parallel
    // filtering found the nodes (kubernetes#135231). Neither is reproducible: spreadlab
    // takes the first tied node in the snapshot's order.
    s += " " + std::to_string(tied_.size()) + " nodes tie: kube-scheduler " + KubeVersionName(c.release().minor) +
         (c.release().minor >= 35 ? " takes the first one its parallel filtering found"
                                  : " picks one of them at random") +
         ", so it may choose another; spreadlab takes the first in node order.";
  }
  return s;
}

}  // namespace spreadlab::app
