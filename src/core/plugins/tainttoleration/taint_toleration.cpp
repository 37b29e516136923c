#include "core/plugins/tainttoleration/taint_toleration.h"

#include "core/plugins/helper/normalize_score.h"

namespace spreadlab::plugins {

namespace {
constexpr std::string_view kPreScoreStateKey = "PreScoreTaintToleration";

struct PreScoreState : StateData {
  std::vector<Toleration> tolerationsPreferNoSchedule;
};
}  // namespace

// TaintToleration.Filter. The reason names no taint: "node(s) had untolerated taint(s)" in
// every release from 1.34 (checked against v1.34.4 to v1.37.2 by tests/upstream); older
// releases said "node(s) had untolerated taint {key: value}".
Status TaintToleration::Filter(const CycleState&, const PodInfo& pod, const NodeInfo& node, CycleTrace*) {
  if (FindUntoleratedDoNotScheduleTaint(node.taints, pod.tolerations) < 0) return Status::Ok();
  return Status::Make(Code::UnschedulableAndUnresolvable, "node(s) had untolerated taint(s)");
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

// TaintToleration.Score: countIntolerableTaintsPreferNoSchedule
Status TaintToleration::Score(const CycleState& state, const PodInfo&, const NodeInfo& node, int64_t& score) {
  const auto* s = state.Read<PreScoreState>(kPreScoreStateKey);
  if (!s) return Status::AsError("failed to read \"PreScoreTaintToleration\" from cycleState: not found");
  score = 0;
  for (const auto& t : node.taints)
    if (t.effect == TaintEffect::PreferNoSchedule && !TolerationsTolerateTaint(s->tolerationsPreferNoSchedule, t))
      ++score;
  return Status::Ok();
}

Status TaintToleration::NormalizeScore(const CycleState&, const PodInfo&, std::span<NodeScore> scores) {
  helper::DefaultNormalizeScore(kMaxNodeScore, true, scores);
  return Status::Ok();
}

}  // namespace spreadlab::plugins
