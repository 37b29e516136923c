#include "core/plugins/tainttoleration/taint_toleration.h"

#include "core/plugins/helper/explain.h"
#include "core/plugins/helper/normalize_score.h"

namespace spreadlab::plugins {

namespace {
constexpr std::string_view kPreScoreStateKey = "PreScoreTaintToleration";

struct PreScoreState : StateData {
  std::vector<Toleration> tolerationsPreferNoSchedule;
};
}  // namespace

// TaintToleration.Filter. The reason names no taint, "node(s) had untolerated taint(s)", from
// 1.34 (kubernetes#134740, backported to 1.34.2 as kubernetes#135023); older releases name
// the first untolerated taint, "node(s) had untolerated taint {key: value}", one histogram
// entry per taint.
Status TaintToleration::Filter(const CycleState&, const PodInfo& pod, const NodeInfo& node, CycleTrace*) {
  const int i = FindUntoleratedDoNotScheduleTaint(node.taints, pod.tolerations);
  if (i < 0) return Status::Ok();
  if (h_.cluster->release().AtLeast(34))
    return Status::Make(Code::UnschedulableAndUnresolvable, "node(s) had untolerated taint(s)");
  const Taint& t = node.taints[static_cast<size_t>(i)];
  const StringPool& pool = h_.cluster->pool();
  // The reasons are views: each text lives as long as the plugin (one per distinct taint).
  std::string& reason = taintReasons_[(static_cast<uint64_t>(t.key) << 32) | t.value];
  if (reason.empty())
    reason = "node(s) had untolerated taint {" + (t.key == kNoSym ? "" : pool.Str(t.key)) + ": " +
             (t.value == kNoSym ? "" : pool.Str(t.value)) + "}";
  return Status::Make(Code::UnschedulableAndUnresolvable, reason);
}

// TaintToleration.PreScore: getAllTolerationPreferNoSchedule
Status TaintToleration::PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex>, CycleTrace*) {
  auto& s = state.Write<PreScoreState>(kPreScoreStateKey);
  s.tolerationsPreferNoSchedule.clear();
  for (const auto& t : pod.tolerations)
    if (t.effect == TaintEffect::All || t.effect == TaintEffect::PreferNoSchedule)
      s.tolerationsPreferNoSchedule.push_back(t);
  return Status::Ok();
}

namespace {
// countIntolerableTaintsPreferNoSchedule; `why` (explanations) gets the taints counted.
int64_t CountIntolerableTaintsPreferNoSchedule(const PreScoreState& s, const NodeInfo& node, const StringPool& pool,
                                               std::string* why) {
  int64_t count = 0;
  for (const auto& t : node.taints) {
    if (t.effect != TaintEffect::PreferNoSchedule || TolerationsTolerateTaint(s.tolerationsPreferNoSchedule, t))
      continue;
    ++count;
    if (!why) continue;
    const std::string value = t.value == kNoSym ? "" : pool.Str(t.value);
    helper::AppendPart(*why, ", ", (t.key == kNoSym ? "" : pool.Str(t.key)) + (value.empty() ? "" : "=" + value));
  }
  return count;
}
}  // namespace

// TaintToleration.Score: countIntolerableTaintsPreferNoSchedule
Status TaintToleration::Score(const CycleState& state, const PodInfo&, const NodeInfo& node, int64_t& score) {
  const auto* s = state.Read<PreScoreState>(kPreScoreStateKey);
  if (!s) return Status::AsError("failed to read \"PreScoreTaintToleration\" from cycleState: not found");
  score = CountIntolerableTaintsPreferNoSchedule(*s, node, h_.cluster->pool(), nullptr);
  return Status::Ok();
}

Status TaintToleration::NormalizeScore(const CycleState&, const PodInfo&, std::span<NodeScore> scores) {
  helper::DefaultNormalizeScore(kMaxNodeScore, true, scores);
  return Status::Ok();
}

ScoreExplanation TaintToleration::ExplainScore(const CycleState& state, const PodInfo&, const NodeInfo& node,
                                               std::span<const NodeScore> scores, int64_t) {
  const auto* s = state.Read<PreScoreState>(kPreScoreStateKey);
  if (!s) return {"no PreScore state: TaintToleration did not score this cycle", ""};
  std::string taints;
  const int64_t count = CountIntolerableTaintsPreferNoSchedule(*s, node, h_.cluster->pool(), &taints);
  return {taints.empty() ? "no untolerated PreferNoSchedule taint: 0"
                         : "untolerated PreferNoSchedule taints: " + taints + ": " + std::to_string(count),
          helper::ExplainDefaultNormalizeScore(kMaxNodeScore, true, scores, count)};
}

}  // namespace spreadlab::plugins
