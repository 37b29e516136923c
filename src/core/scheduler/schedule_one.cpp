// The scheduling cycle as kube-scheduler's schedule_one.go runs it for one pod
// (schedulePod, findNodesThatFitPod, evaluateNominatedNode, findNodesThatPassFilters,
// numFeasibleNodesToFind, prioritizeNodes, selectHost), over the framework's runtime
// (core/framework/framework.cpp: the Run*Plugins that call each extension point).
#include <algorithm>
#include <atomic>

#include "core/framework/framework.h"

namespace spreadlab {

// numFeasibleNodesToFind
size_t NumFeasibleNodesToFind(std::optional<int32_t> percentageOfNodesToScore, size_t numAllNodes) {
  constexpr size_t kMinFeasibleNodesToFind = 100;
  constexpr int64_t kMinFeasibleNodesPercentageToFind = 5;
  if (numAllNodes < kMinFeasibleNodesToFind) return numAllNodes;
  int64_t percentage = percentageOfNodesToScore.value_or(0);
  if (percentage == 0) {
    percentage = 50 - static_cast<int64_t>(numAllNodes) / 125;
    if (percentage < kMinFeasibleNodesPercentageToFind) percentage = kMinFeasibleNodesPercentageToFind;
  }
  size_t numNodes = numAllNodes * static_cast<size_t>(percentage) / 100;
  return numNodes < kMinFeasibleNodesToFind ? kMinFeasibleNodesToFind : numNodes;
}

// schedulePod: the cycle as kube-scheduler's scheduleOne runs it for one pod.
void Framework::RunCycle(PodIndex podIndex, CycleTrace& trace, bool explain) {
  BeginCycle(podIndex, trace, explain);
  if (WaitsForSchedulingGates(podIndex, trace)) return;
  // An empty snapshot ends the cycle before any plugin (ErrNoNodesAvailable).
  if (cluster_.nodes().empty()) {
    trace.message = "no nodes available to schedule pods";
    return;
  }
  const PodInfo& pod = cluster_.pod(podIndex);
  if (!FindNodesThatFitPod(pod, trace, explain)) return;
  // With one feasible node there is nothing to score.
  if (feasible_.size() > 1 && !PrioritizeNodes(pod, trace, explain)) return;
  const NodeIndex host = feasible_.size() == 1 ? feasible_[0] : SelectHost(trace);
  trace.selected = host;
  trace.message = "Successfully assigned " + pod.key + " to " + cluster_.node(host).name;
}

void Framework::BeginCycle(PodIndex podIndex, CycleTrace& trace, bool explain) {
  trace.Clear();
  state_.Reset();
  // Numbered across all frameworks, so that a trace never matches another framework's cycle.
  static std::atomic<uint64_t> cycles{0};
  lastCycle_ = trace.cycle = ++cycles;
  lastCycleGeneration_ = cluster_.generation();
  trace.pod = podIndex;
  CollectNominatedPods(cluster_.pod(podIndex), trace.nominatedPods);
  failures_.clear();
  feasible_.clear();
  if (explain) {
    for (auto* p : filter_) trace.filterPlugins.emplace_back(p->Name());
    trace.nodes.resize(cluster_.nodes().size());
    for (size_t n = 0; n < trace.nodes.size(); ++n) trace.nodes[n].node = static_cast<NodeIndex>(n);
  }
}

// SchedulingGates.PreEnqueue: a pod with scheduling gates waits in the queue's
// unschedulable pods and never reaches a cycle; its status says why.
bool Framework::WaitsForSchedulingGates(PodIndex podIndex, CycleTrace& trace) {
  const auto& gates = cluster_.scenario().pods[podIndex].spec.schedulingGates;
  if (!profile_.schedulingGates || gates.empty()) return false;
  trace.schedulingGates = gates;
  trace.message = "waiting for scheduling gates: [";
  for (size_t g = 0; g < gates.size(); ++g) trace.message += (g ? " " : "") + gates[g];
  trace.message += "]";
  for (NodeTrace& nt : trace.nodes) nt.notEvaluated = NotEvaluated::SchedulingGated;
  return true;
}

// findNodesThatFitPod: feasible_ receives the nodes that pass every filter. False when the
// cycle ends here (a plugin error, or a FitError after PostFilter).
bool Framework::FindNodesThatFitPod(const PodInfo& pod, CycleTrace& trace, bool explain) {
  const size_t numNodes = cluster_.nodes().size();
  PreFilterOutcome pre;
  if (!RunPreFilterPlugins(pod, trace, explain, pre)) return false;
  if (pre.code != Code::Success) {
    // Every node has the PreFilter status (NodeToStatus' absent status).
    RunPostFilterPlugins(pod, std::vector<Code>(numNodes, pre.code), FitErrorMessage(numNodes, pre.message, {}),
                         pre.code == Code::UnschedulableAndUnresolvable, trace);
    return false;
  }
  NodeIndex failedNominated = kNone;
  switch (EvaluateNominatedNode(pod, trace, explain, pre, failedNominated)) {
    case NominatedNode::Fits:
      return true;
    case NominatedNode::Error:
      return false;
    case NominatedNode::NoneOrFailed:
      break;
  }
  const std::vector<NodeIndex>& candidates = CandidateNodes(pre, failedNominated, trace, explain);
  if (!FindNodesThatPassFilters(pod, candidates, trace, explain)) return false;
  if (!feasible_.empty()) return true;
  std::vector<std::string_view> reasons;
  std::vector<Code> codes(numNodes, Code::UnschedulableAndUnresolvable);
  for (const auto& f : failures_) {
    for (auto r : AllReasons(f.reason, f.reasons)) reasons.push_back(r);
    if (f.node != kNone) codes[f.node] = f.code;
  }
  RunPostFilterPlugins(pod, std::move(codes), FitErrorMessage(numNodes, {}, reasons), false, trace);
  return false;
}

// evaluateNominatedNode: a node nominated by an earlier preemption is tried first, alone
// (whatever a PreFilterResult says); if it passes every filter the pod goes there without
// scoring. A nominated node missing from the snapshot is skipped.
Framework::NominatedNode Framework::EvaluateNominatedNode(const PodInfo& pod, CycleTrace& trace, bool explain,
                                                          PreFilterOutcome& pre, NodeIndex& failed) {
  const NodeIndex n = pod.nominated;
  if (n == kNone) return NominatedNode::NoneOrFailed;
  trace.nominatedNode = n;
  std::string error;
  size_t failedPlugin = 0;
  const bool fits = RunFilterPluginsWithNominatedPods(pod, n, trace, explain, error, &failedPlugin);
  if (!error.empty()) return Fail(trace, error), NominatedNode::Error;
  if (fits) {
    trace.numFeasibleNodesToFind = 1;
    trace.evaluatedNodes = 1;
    for (NodeTrace& other : trace.nodes)
      if (other.node != n) other.notEvaluated = NotEvaluated::NominatedNode;
    feasible_.push_back(n);
    return NominatedNode::Fits;
  }
  failed = n;
  // Upstream's Diagnosis.UnschedulablePlugins is the very set PreFilter returned, so the
  // plugin that rejected the nominated node joins the "didn't satisfy plugin(s)" list
  // of the nodes a PreFilterResult leaves out.
  const std::string plugin(filter_[failedPlugin]->Name());
  if (std::find(pre.pluginsWithNodes.begin(), pre.pluginsWithNodes.end(), plugin) == pre.pluginsWithNodes.end())
    pre.pluginsWithNodes.push_back(plugin);
  return NominatedNode::NoneOrFailed;
}

// The nodes the filters try, in the snapshot's order: all of them, or those a
// PreFilterResult allows (the others count as UnschedulableAndUnresolvable).
const std::vector<NodeIndex>& Framework::CandidateNodes(const PreFilterOutcome& pre, NodeIndex failedNominated,
                                                        CycleTrace& trace, bool explain) {
  const auto& order = cluster_.NodeTreeOrder();
  if (!pre.allowed) {
    // The full pass evaluates a failed nominated node again (NodeToStatus keeps one status per node).
    if (failedNominated != kNone) failures_.pop_back();
    return order;
  }
  candidates_.clear();
  absentReason_ = "node(s) didn't satisfy plugin(s) " + SortedList(pre.pluginsWithNodes);
  std::vector<uint8_t> in(cluster_.nodes().size(), 0);
  for (const auto& name : *pre.allowed)
    if (NodeIndex n = cluster_.FindNode(name); n != kNone) in[n] = 1;
  // A failed nominated node the PreFilterResult leaves out keeps its own status.
  if (failedNominated != kNone && in[failedNominated]) failures_.pop_back();
  for (NodeIndex n : order) {
    if (in[n]) {
      candidates_.push_back(n);
    } else if (n != failedNominated) {
      // Before 1.32 such nodes had no status, and the FitError message did not count them
      // (Diagnosis.NodeToStatus with its absent status, kubernetes#126022).
      if (cluster_.release().AtLeast(32)) failures_.push_back({absentReason_, {}, n});
      if (explain) trace.nodes[n].notEvaluated = NotEvaluated::PreFilterResult;
    }
  }
  return candidates_;
}

// findNodesThatPassFilters: nodes are tried in the snapshot's order, starting where the
// previous cycle stopped, until enough feasible nodes are found.
bool Framework::FindNodesThatPassFilters(const PodInfo& pod, const std::vector<NodeIndex>& candidates,
                                         CycleTrace& trace, bool explain) {
  if (explain)
    for (NodeIndex n : candidates) trace.nodes[n].notEvaluated = NotEvaluated::EnoughFeasible;
  // Without any score plugin the first feasible node is as good as any.
  const size_t numToFind = evaluateAllNodes_ ? candidates.size()
                           : profile_.hasScorePlugins
                               ? NumFeasibleNodesToFind(profile_.percentageOfNodesToScore, candidates.size())
                               : std::min<size_t>(1, candidates.size());
  trace.numFeasibleNodesToFind = static_cast<int32_t>(numToFind);
  size_t processed = 0;
  for (; processed < candidates.size() && feasible_.size() < numToFind; ++processed) {
    const NodeIndex n = candidates[(nextStartNodeIndex_ + processed) % candidates.size()];
    std::string error;
    const bool fits = RunFilterPluginsWithNominatedPods(pod, n, trace, explain, error);
    if (!error.empty()) return Fail(trace, error);
    if (fits) feasible_.push_back(n);
  }
  trace.evaluatedNodes = static_cast<int32_t>(processed);
  nextStartNodeIndex_ = (nextStartNodeIndex_ + processed) % cluster_.nodes().size();
  return true;
}

// prioritizeNodes: PreScore, Score, NormalizeScore and the weighted sum into totals_.
bool Framework::PrioritizeNodes(const PodInfo& pod, CycleTrace& trace, bool explain) {
  trace.scored = true;
  if (!RunPreScorePlugins(pod, trace, explain) || !RunScorePlugins(pod, trace, explain)) return false;
  if (explain) GroupScoresByNode(trace);
  return true;
}

// selectHost: the highest total; ties go to the first node in cluster order (upstream
// picks one of them at random, by reservoir sampling).
NodeIndex Framework::SelectHost(CycleTrace& trace) const {
  size_t best = 0;
  for (size_t k = 1; k < feasible_.size(); ++k)
    if (totals_[k] > totals_[best]) best = k;
  for (size_t k = best; k < feasible_.size(); ++k)
    if (totals_[k] == totals_[best]) trace.topNodes.push_back(feasible_[k]);
  if (trace.topNodes.size() == 1) trace.topNodes.clear();
  return feasible_[best];
}

}  // namespace spreadlab
