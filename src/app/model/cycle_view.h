#pragma once
// What the cluster picture shows of the explained cycle at a point of its playback,
// without spoilers: on each node, the filter plugins revealed so far (plugin by plugin in
// the profile's order, as RunFilterPlugins runs them), and the score bars of the phase —
// raw values on each plugin's own scale (Score), morphing to 0..100 (NormalizeScore),
// stretched by the weights and stacked into the total (Weighted sum), the winner lifted
// (Select host). The node cards and window.spreadlab.picture() read the same answers.
#include <cstdint>
#include <string>
#include <vector>

#include "app/model/playback.h"
#include "core/framework/trace.h"

namespace spreadlab::app {

// A filter plugin's mark on a node card.
enum class FilterMark : uint8_t {
  Hidden,  // the playback has not reached this plugin yet
  Pass,
  Skip,           // its PreFilter returned Skip: the filter does not run
  Fail,           // the node's first failure: what kube-scheduler reports
  WouldAlsoFail,  // after the first failure: upstream stops there, shown dimmed
  NotRun,         // after the first failure and would pass: upstream never runs it
};
const char* FilterMarkName(FilterMark m);  // "hidden", "pass", "skip", "fail", "would also fail", "not run"

// How the score bars look in a phase.
enum class BarStage : uint8_t { None, Raw, Normalizing, Weighted };
const char* BarStageName(BarStage s);  // "none", "raw", "normalizing", "weighted"

// One score plugin in this cycle: its weight and how NormalizeScore mapped its raw scores.
struct ScoreScale {
  std::string plugin;
  int64_t weight = 0;
  int64_t rawMin = 0, rawMax = 0;                    // over the scored nodes
  int64_t normalizedAtMin = 0, normalizedAtMax = 0;  // what NormalizeScore made of them
  bool reversed = false;  // a larger raw score became a smaller normalized one (fewer is better)
  uint32_t color = 0;     // ImGui ABGR, fixed per plugin name
};

// One plugin's bar on one node at the current stage.
struct ScoreBar {
  uint16_t plugin = 0;        // index in CycleTrace::scorePlugins (and CycleView::scales())
  float height = 0;           // Raw / Normalizing: the bar's height, 0..1 of the chart
  float left = 0, width = 0;  // Weighted: the stacked segment, 0..1 of the widest total
  int64_t label = 0;          // the number written on the bar: raw, normalized or weighted
  size_t entry = 0;           // index in CycleTrace::scores (for the hover's formula)
};

// DefaultPreemption's answer as the picture shows it: the node it nominates and the
// lower-priority pods it deletes there.
struct PreemptionMarks {
  NodeIndex nominated = kNone;
  std::vector<PodIndex> victims;
};

class CycleView {
 public:
  // Called when the trace changes.
  void Build(const CycleTrace& t);

  const std::vector<ScoreScale>& scales() const { return scales_; }
  int64_t maxTotal() const { return maxTotal_; }
  // The feasible nodes sharing the winning total (more than one: a tie).
  const std::vector<NodeIndex>& tied() const { return tied_; }

  // How many filter plugins the playback has revealed (all of them after Filter).
  static size_t RevealedFilters(const CycleTrace& t, const Playback& pb);
  static FilterMark Mark(const CycleTrace& t, NodeIndex n, size_t filterPlugin, const Playback& pb);
  // The node's verdict is shown once the plugin that decides it is revealed.
  static bool VerdictShown(const CycleTrace& t, NodeIndex n, const Playback& pb);

  // The text under a rejected node's verdict: the first failing spread check as
  // arithmetic ("skew 1 + 1 − 0 = 2 > 1"), after the constraint it belongs to when the pod
  // has several ("#2 kubernetes.io/hostname=node3", as the CLI names it, on a line of its
  // own), else upstream's reason.
  static std::string RejectionText(const Cluster& c, const CycleTrace& t, const FilterVerdict& v);
  // Preemption once the answer is shown (Select host) and the pod stayed Pending with a
  // node nominated; nothing before, or when preemption found no victims.
  static PreemptionMarks Preemption(const CycleTrace& t, const Playback& pb);

  static BarStage Stage(const CycleTrace& t, const Playback& pb);
  // Progress of the stage's animation, 0..1.
  static float StageProgress(const Playback& pb);
  // The node's bars at the playback's stage; empty when the node was not scored.
  void Bars(const CycleTrace& t, NodeIndex n, const Playback& pb, std::vector<ScoreBar>& out) const;

  // The legend's sentence for the phase (what the picture shows now); from Select host on,
  // SelectCaption.
  std::string Caption(const Cluster& c, const CycleTrace& t, const Playback& pb) const;
  // How the host was selected: the winner, and how a tie is broken in release 1.`minor`.
  std::string SelectCaption(const Cluster& c, const CycleTrace& t) const;

 private:
  // The winner against the runner-up, plugin by plugin (" Next: ... For ...: ... Against it: ...").
  std::string Difference(const Cluster& c, const CycleTrace& t) const;

  std::vector<ScoreScale> scales_;
  int64_t maxTotal_ = 0;
  std::vector<NodeIndex> tied_;
};

// The fixed colour of a score plugin (ImGui ABGR).
uint32_t PluginColor(const std::string& plugin);

}  // namespace spreadlab::app
