#include "core/framework/framework.h"

#include <algorithm>
#include <atomic>
#include <map>

#include "core/framework/registry.h"
#include "core/plugins/defaultpreemption/default_preemption.h"

namespace spreadlab {

std::unique_ptr<Framework> Framework::New(Cluster& cluster, const config::Profile& profile, std::string& error) {
  ResolvedProfile resolved;
  if (!ResolveProfile(profile, cluster.release(), resolved, error)) return nullptr;
  std::unique_ptr<Framework> f(new Framework(cluster, resolved, profile));
  Handle h{&cluster};
  auto instance = [&](const std::string& name) -> Plugin* {
    for (auto& p : f->plugins_)
      if (p->Name() == name) return p.get();
    f->plugins_.push_back(NewPlugin(name, h, profile));
    return f->plugins_.back().get();
  };
  for (const auto& n : resolved.preFilter) f->preFilter_.push_back(dynamic_cast<PreFilterPlugin*>(instance(n)));
  for (const auto& n : resolved.filter) f->filter_.push_back(dynamic_cast<FilterPlugin*>(instance(n)));
  for (const auto& n : resolved.preScore) f->preScore_.push_back(dynamic_cast<PreScorePlugin*>(instance(n)));
  for (const auto& s : resolved.score) {
    f->score_.push_back(dynamic_cast<ScorePlugin*>(instance(s.name)));
    f->weights_.push_back(s.weight);
  }
  return f;
}

Plugin* Framework::FindPlugin(std::string_view name) const {
  for (const auto& p : plugins_)
    if (p->Name() == name) return p.get();
  return nullptr;
}

void Framework::RunPostFilterPlugins(const PodInfo& pod, std::vector<Code> nodeCodes, std::string fitError,
                                     bool preFilterUnresolvable, CycleTrace& trace) {
  trace.message = std::move(fitError);
  // Each plugin in order: Success ends the list with its own message; an Unschedulable
  // one adds its reasons to the others'.
  std::vector<std::string> reasons;
  for (const std::string& name : profile_.postFilter) {
    if (name == "DynamicResources") {
      // Its PreFilter never ran when an earlier one stopped the cycle as unresolvable:
      // reading its state fails, an Error that ends PostFilter before preemption.
      if (preFilterUnresolvable) return void(trace.message += " not found");
      // A pod without resource claims: Unschedulable, with this reason until 1.37.
      if (!cluster_.release().AtLeast(37)) reasons.emplace_back("no new claims to deallocate");
      continue;
    }
    if (!dryRun_) {
      std::string error;
      dryRun_ = New(cluster_, config_, error);  // the profile was accepted once already
    }
    const auto& a = config_.defaultPreemptionArgs;
    trace.preemption = preemption::Preempt(cluster_, pod, nodeCodes, {a.minCandidateNodesPercentage, a.minCandidateNodesAbsolute},
                                           [&](NodeIndex n) { return dryRun_->FilterOnNode(pod, n); });
    if (trace.preemption->code != Code::Unschedulable) {
      reasons.clear();
      if (!trace.preemption->message.empty()) reasons.push_back(trace.preemption->message);
      break;
    }
    if (!trace.preemption->message.empty()) reasons.push_back(trace.preemption->message);
  }
  // FitError.Error(): the PostFilter message follows the filters' sentence.
  for (size_t i = 0; i < reasons.size(); ++i) trace.message += (i ? ", " : " ") + reasons[i];
}

void Framework::SkipFilterOf(std::string_view plugin) {
  for (size_t i = 0; i < filter_.size(); ++i)
    if (filter_[i]->Name() == plugin) skipFilter_[i] = 1;
}

Status Framework::FilterOnNode(const PodInfo& pod, NodeIndex n) {
  state_.Reset();
  lastCycle_ = 0;  // the latest cycle's state is gone
  skipFilter_.assign(filter_.size(), 0);
  for (auto* p : preFilter_) {
    PreFilterResult r;
    Status s = p->PreFilter(state_, pod, r, nullptr);
    if (s.IsSkip()) {
      SkipFilterOf(p->Name());
    } else if (!s.IsSuccess()) {
      return s;
    }
  }
  const NodeInfo& node = cluster_.node(n);
  for (size_t i = 0; i < filter_.size(); ++i) {
    if (skipFilter_[i]) continue;
    if (Status s = filter_[i]->Filter(state_, pod, node, nullptr); !s.IsSuccess()) return s;
  }
  return Status::Ok();
}

void Framework::Fail(CycleTrace& trace, const std::string& error) {
  trace.error = error;
  trace.message = error;
  trace.selected = kNone;
}

namespace {
// Go's "%v" of sets.List(names): sorted, space-separated, in brackets.
std::string SortedList(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  std::string out = "[";
  for (size_t i = 0; i < names.size(); ++i) out += (i ? " " : "") + names[i];
  return out + "]";
}
}  // namespace

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

std::string FitErrorMessage(size_t numAllNodes, std::string_view preFilterMsg,
                            const std::vector<std::string_view>& nodeReasons) {
  std::string msg = "0/" + std::to_string(numAllNodes) + " nodes are available:";
  if (!preFilterMsg.empty()) return msg + " " + std::string(preFilterMsg) + ".";
  std::map<std::string_view, size_t> histogram;
  for (auto r : nodeReasons)
    if (!r.empty()) ++histogram[r];
  std::vector<std::string> parts;
  for (const auto& [reason, count] : histogram) parts.push_back(std::to_string(count) + " " + std::string(reason));
  std::sort(parts.begin(), parts.end());  // sort.Strings, so "10 ..." sorts before "2 ..."
  if (parts.empty()) return msg;
  msg += " ";
  for (size_t i = 0; i < parts.size(); ++i) msg += (i ? ", " : "") + parts[i];
  return msg + ".";
}

bool Framework::RunFilterPlugins(const PodInfo& pod, NodeIndex n, CycleTrace& trace, bool explain,
                                 std::string& error, size_t* failedPlugin) {
  const NodeInfo& node = cluster_.node(n);
  CycleTrace* t = explain ? &trace : nullptr;
  NodeTrace* nt = explain ? &trace.nodes[n] : nullptr;
  if (nt) {
    nt->evaluated = true;
    nt->notEvaluated = NotEvaluated::No;
    nt->filterBegin = static_cast<uint32_t>(trace.filters.size());
  }
  bool fits = true;
  for (size_t i = 0; i < filter_.size(); ++i) {
    if (skipFilter_[i]) {
      if (nt) trace.filters.push_back(FilterVerdict{static_cast<uint16_t>(i), Code::Skip});
      continue;
    }
    uint32_t checksBegin = explain ? static_cast<uint32_t>(trace.spreadChecks.size()) : 0;
    Status s = filter_[i]->Filter(state_, pod, node, t);
    if (!s.IsSuccess() && !s.IsRejected()) {
      error = "running \"" + std::string(filter_[i]->Name()) + "\" filter plugin: " + std::string(s.Message());
      return false;
    }
    if (nt) {
      FilterVerdict v{static_cast<uint16_t>(i), s.code};
      trace.SetReasons(v, s);
      v.checksBegin = checksBegin;
      v.checksCount = static_cast<uint16_t>(trace.spreadChecks.size() - checksBegin);
      if (fits && !s.IsSuccess()) nt->firstFailure = static_cast<int16_t>(trace.filters.size() - nt->filterBegin);
      trace.filters.push_back(v);
    }
    if (!s.IsSuccess() && fits) {
      fits = false;
      failures_.push_back({s.reason, s.reasons, n, s.code});
      if (failedPlugin) *failedPlugin = i;
      if (!explain) break;  // upstream stops at the first failing plugin
    }
  }
  if (nt) {
    nt->filterCount = static_cast<uint32_t>(trace.filters.size() - nt->filterBegin);
    nt->feasible = fits;
  }
  return fits;
}

void Framework::RunCycle(PodIndex podIndex, CycleTrace& trace, bool explain) {
  trace.Clear();
  state_.Reset();
  // Numbered across all frameworks, so that a trace never matches another framework's cycle.
  static std::atomic<uint64_t> cycles{0};
  lastCycle_ = trace.cycle = ++cycles;
  lastCycleGeneration_ = cluster_.generation();
  trace.pod = podIndex;
  const PodInfo& pod = cluster_.pod(podIndex);
  const size_t numNodes = cluster_.nodes().size();
  CycleTrace* t = explain ? &trace : nullptr;
  failures_.clear();
  if (explain) {
    for (auto* p : filter_) trace.filterPlugins.emplace_back(p->Name());
    trace.nodes.resize(numNodes);
    for (size_t i = 0; i < numNodes; ++i) trace.nodes[i].node = static_cast<NodeIndex>(i);
  }
  // PreEnqueue (SchedulingGates.PreEnqueue): a pod with scheduling gates waits in the
  // queue's unschedulable pods and never reaches a cycle; its status says why.
  if (const auto& gates = cluster_.scenario().pods[podIndex].spec.schedulingGates;
      profile_.schedulingGates && !gates.empty()) {
    trace.schedulingGates = gates;
    trace.message = "waiting for scheduling gates: [";
    for (size_t i = 0; i < gates.size(); ++i) trace.message += (i ? " " : "") + gates[i];
    trace.message += "]";
    for (NodeTrace& nt : trace.nodes) nt.notEvaluated = NotEvaluated::SchedulingGated;
    return;
  }
  // schedulePod: an empty snapshot ends the cycle before any plugin (ErrNoNodesAvailable).
  if (numNodes == 0) {
    trace.message = "no nodes available to schedule pods";
    return;
  }

  // --- PreFilter (RunPreFilterPlugins) ---
  skipFilter_.assign(filter_.size(), 0);
  std::optional<std::vector<std::string>> allowed;
  std::vector<std::string> pluginsWithNodes;
  Status preFilterStatus = Status::Ok();
  std::string preFilterMsg;
  for (auto* p : preFilter_) {
    PreFilterResult r;
    Status s = p->PreFilter(state_, pod, r, t);
    if (explain) {
      trace.preFilter.push_back(PreFilterVerdict{std::string(p->Name()), s.code, std::string(s.Message()), r.nodeNames});
    }
    if (s.IsSkip()) {
      SkipFilterOf(p->Name());
      continue;
    }
    if (!s.IsSuccess()) {
      if (!s.IsRejected())
        return Fail(trace, "running PreFilter plugin \"" + std::string(p->Name()) + "\": " + std::string(s.Message()));
      preFilterStatus = Status::Make(s.code);
      preFilterMsg = std::string(s.Message());
      if (s.code == Code::UnschedulableAndUnresolvable) break;
      continue;  // Unschedulable: the remaining PreFilter plugins still run
    }
    if (r.nodeNames) {
      pluginsWithNodes.emplace_back(p->Name());
      if (!allowed) {
        allowed = std::move(*r.nodeNames);
      } else {  // PreFilterResult.Merge: intersection
        std::vector<std::string> both;
        std::set_intersection(allowed->begin(), allowed->end(), r.nodeNames->begin(), r.nodeNames->end(),
                              std::back_inserter(both));
        allowed = std::move(both);
      }
      if (allowed->empty()) {
        preFilterMsg = pluginsWithNodes.size() == 1
                           ? "node(s) didn't satisfy plugin " + pluginsWithNodes[0]
                           : "node(s) didn't satisfy plugin(s) " + SortedList(pluginsWithNodes) + " simultaneously";
        preFilterStatus = Status::Make(Code::UnschedulableAndUnresolvable);
        break;
      }
    }
  }
  if (!preFilterStatus.IsSuccess()) {
    // Every node has the PreFilter status (NodeToStatus' absent status).
    return RunPostFilterPlugins(pod, std::vector<Code>(numNodes, preFilterStatus.code),
                                FitErrorMessage(numNodes, preFilterMsg, {}),
                                preFilterStatus.code == Code::UnschedulableAndUnresolvable, trace);
  }

  auto scheduled = [&](NodeIndex n) {
    trace.selected = n;
    trace.message = "Successfully assigned " + pod.key + " to " + cluster_.node(n).name;
  };

  // findNodesThatFitPod / evaluateNominatedNode: a node nominated by an earlier preemption
  // is tried first, alone (whatever a PreFilterResult says); if it passes every filter the
  // pod goes there without scoring. A nominated node missing from the snapshot is skipped.
  NodeIndex failedNominated = kNone;
  if (const std::string& nnn = cluster_.scenario().pods[podIndex].nominatedNodeName; !nnn.empty())
    if (const NodeIndex n = cluster_.FindNode(nnn); n != kNone) {
      trace.nominatedNode = n;
      std::string error;
      size_t failedPlugin = 0;
      const bool fits = RunFilterPlugins(pod, n, trace, explain, error, &failedPlugin);
      if (!error.empty()) return Fail(trace, error);
      if (fits) {
        trace.numFeasibleNodesToFind = 1;
        trace.evaluatedNodes = 1;
        for (NodeTrace& other : trace.nodes)
          if (other.node != n) other.notEvaluated = NotEvaluated::NominatedNode;
        return scheduled(n);
      }
      failedNominated = n;
      // Upstream's Diagnosis.UnschedulablePlugins is the very set PreFilter returned, so the
      // plugin that rejected the nominated node joins the "didn't satisfy plugin(s)" list
      // of the nodes a PreFilterResult leaves out.
      const std::string name(filter_[failedPlugin]->Name());
      if (std::find(pluginsWithNodes.begin(), pluginsWithNodes.end(), name) == pluginsWithNodes.end())
        pluginsWithNodes.push_back(name);
    }

  // --- Filter (findNodesThatFitPod / findNodesThatPassFilters / RunFilterPlugins) ---
  // Nodes are tried in the snapshot's order, starting where the previous cycle
  // stopped, until enough feasible nodes are found.
  const auto& order = cluster_.NodeTreeOrder();
  candidates_.clear();
  if (allowed) {
    // Nodes left out by a PreFilterResult count as UnschedulableAndUnresolvable.
    absentReason_ = "node(s) didn't satisfy plugin(s) " + SortedList(pluginsWithNodes);
    std::vector<uint8_t> in(numNodes, 0);
    for (const auto& name : *allowed)
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
  }
  // The full pass evaluates a failed nominated node again (NodeToStatus keeps one status per node).
  if (failedNominated != kNone && !allowed) failures_.pop_back();
  const std::vector<NodeIndex>& candidates = allowed ? candidates_ : order;
  if (explain)
    for (NodeIndex n : candidates) trace.nodes[n].notEvaluated = NotEvaluated::EnoughFeasible;
  // Without any score plugin the first feasible node is as good as any.
  const size_t numToFind = evaluateAllNodes_          ? candidates.size()
                           : profile_.hasScorePlugins ? NumFeasibleNodesToFind(profile_.percentageOfNodesToScore,
                                                                                candidates.size())
                                                      : std::min<size_t>(1, candidates.size());
  trace.numFeasibleNodesToFind = static_cast<int32_t>(numToFind);
  feasible_.clear();
  size_t processed = 0;
  for (size_t i = 0; i < candidates.size() && feasible_.size() < numToFind; ++i, ++processed) {
    const NodeIndex n = candidates[(nextStartNodeIndex_ + i) % candidates.size()];
    std::string error;
    const bool fits = RunFilterPlugins(pod, n, trace, explain, error);
    if (!error.empty()) return Fail(trace, error);
    if (fits) feasible_.push_back(n);
  }
  trace.evaluatedNodes = static_cast<int32_t>(processed);
  if (numNodes > 0) nextStartNodeIndex_ = (nextStartNodeIndex_ + processed) % numNodes;

  if (feasible_.empty()) {
    std::vector<std::string_view> reasons;
    std::vector<Code> codes(numNodes, Code::UnschedulableAndUnresolvable);
    for (const auto& f : failures_) {
      for (auto r : AllReasons(f.reason, f.reasons)) reasons.push_back(r);
      if (f.node != kNone) codes[f.node] = f.code;
    }
    return RunPostFilterPlugins(pod, std::move(codes), FitErrorMessage(numNodes, {}, reasons), false, trace);
  }
  // schedulePod: with one feasible node there is nothing to score.
  if (feasible_.size() == 1) return scheduled(feasible_[0]);

  // --- PreScore / Score / NormalizeScore (prioritizeNodes) ---
  trace.scored = true;
  skipScore_.assign(score_.size(), 0);
  for (auto* p : preScore_) {
    Status s = p->PreScore(state_, pod, feasible_, t);
    if (s.IsSkip()) {
      for (size_t i = 0; i < score_.size(); ++i)
        if (score_[i]->Name() == p->Name()) skipScore_[i] = 1;
      continue;
    }
    if (!s.IsSuccess())
      return Fail(trace, "running PreScore plugin \"" + std::string(p->Name()) + "\": " + std::string(s.Message()));
  }
  std::vector<int64_t>& totals = totals_;
  totals.assign(feasible_.size(), 0);
  pluginScores_.resize(score_.size());
  for (size_t i = 0; i < score_.size(); ++i) {
    if (skipScore_[i]) {
      if (explain) trace.skippedScorePlugins.emplace_back(score_[i]->Name());
      continue;
    }
    auto& scores = pluginScores_[i];
    scores.resize(feasible_.size());
    for (size_t k = 0; k < feasible_.size(); ++k) {
      scores[k].node = feasible_[k];
      Status s = score_[i]->Score(state_, pod, cluster_.node(feasible_[k]), scores[k].score);
      if (!s.IsSuccess())
        return Fail(trace, "running Score plugins: plugin \"" + std::string(score_[i]->Name()) + "\" failed with: " +
                               std::string(s.Message()));
    }
    if (explain) {
      trace.scorePlugins.emplace_back(score_[i]->Name());
      for (size_t k = 0; k < feasible_.size(); ++k)
        trace.scores.push_back(ScoreEntry{static_cast<uint16_t>(trace.scorePlugins.size() - 1), scores[k].score, 0,
                                          weights_[i], 0});
    }
    Status s = score_[i]->NormalizeScore(state_, pod, scores);
    if (!s.IsSuccess())
      return Fail(trace, "running Normalize on Score plugins: plugin \"" + std::string(score_[i]->Name()) +
                             "\" failed with: " + std::string(s.Message()));
    for (size_t k = 0; k < feasible_.size(); ++k) {
      int64_t v = scores[k].score;
      if (v > kMaxNodeScore || v < kMinNodeScore)
        return Fail(trace, "applying score defaultWeights on Score plugins: plugin \"" +
                               std::string(score_[i]->Name()) + "\" returns an invalid score " + std::to_string(v) +
                               ", it should in the range of [0, 100] after normalizing");
      totals[k] += v * weights_[i];
      if (explain) {
        ScoreEntry& e = trace.scores[trace.scores.size() - feasible_.size() + k];
        e.normalized = v;
        e.weighted = v * weights_[i];
      }
    }
  }

  if (explain) {
    // Regroup the score entries by node for readers.
    const size_t perNode = trace.scorePlugins.size();
    std::vector<ScoreEntry> byNode(trace.scores.size());
    for (size_t p = 0; p < perNode; ++p)
      for (size_t k = 0; k < feasible_.size(); ++k) byNode[k * perNode + p] = trace.scores[p * feasible_.size() + k];
    trace.scores = std::move(byNode);
    for (size_t k = 0; k < feasible_.size(); ++k) {
      NodeTrace& nt = trace.nodes[feasible_[k]];
      nt.scoreBegin = static_cast<uint32_t>(k * perNode);
      nt.scoreCount = static_cast<uint32_t>(perNode);
      nt.total = totals[k];
    }
  }
  // selectHost: the highest total; ties go to the first node in cluster order.
  size_t best = 0;
  for (size_t k = 1; k < feasible_.size(); ++k)
    if (totals[k] > totals[best]) best = k;
  scheduled(feasible_[best]);
}

std::optional<ScoreExplanation> Framework::ExplainScore(const CycleTrace& trace, size_t entry) {
  if (trace.cycle == 0 || trace.cycle != lastCycle_ || cluster_.generation() != lastCycleGeneration_ ||
      entry >= trace.scores.size())
    return std::nullopt;
  const ScoreEntry& e = trace.scores[entry];
  ScoreExplainer* explainer = nullptr;
  for (ScorePlugin* p : score_)
    if (p->Name() == trace.scorePlugins[e.plugin]) explainer = dynamic_cast<ScoreExplainer*>(p);
  if (!explainer) return std::nullopt;
  // The plugin's raw scores in the order NormalizeScore had them (the feasible nodes'),
  // which is the order of the trace's per-node groups of entries.
  const size_t perNode = trace.scorePlugins.size();
  std::vector<NodeScore> raw(trace.scores.size() / perNode);
  NodeIndex node = kNone;
  for (const NodeTrace& nt : trace.nodes) {
    if (nt.scoreCount == 0) continue;
    raw[nt.scoreBegin / perNode] = NodeScore{nt.node, trace.scores[nt.scoreBegin + e.plugin].raw};
    if (entry >= nt.scoreBegin && entry < nt.scoreBegin + nt.scoreCount) node = nt.node;
  }
  return explainer->ExplainScore(state_, cluster_.pod(trace.pod), cluster_.node(node), raw, e.normalized);
}

}  // namespace spreadlab
