#include "core/plugins/tainttoleration/taint_toleration.h"

#include "core/plugins/helper/normalize_score.h"

namespace spreadlab::plugins {

namespace {
constexpr std::string_view kPreScoreStateKey = "PreScoreTaintToleration";

struct PreScoreState : StateData {
  std::vector<Toleration> tolerationsPreferNoSchedule;
};
}  // namespace

std::string_view TaintToleration::UntoleratedReason(const Taint& t) {
  auto [it, fresh] = reasons_.try_emplace({t.key, t.value});
  if (fresh) {
    const auto& pool = h_.cluster->pool();
    it->second = "node(s) had untolerated taint {" + pool.Str(t.key) + ": " + pool.Str(t.value) + "}";
  }
  return it->second;
}

// TaintToleration.Filter
Status TaintToleration::Filter(const CycleState&, const PodInfo& pod, const NodeInfo& node, CycleTrace*) {
  int i = FindUntoleratedDoNotScheduleTaint(node.taints, pod.tolerations);
  if (i < 0) return Status::Ok();
  return Status::Make(Code::UnschedulableAndUnresolvable, UntoleratedReason(node.taints[i]));
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
