#include "core/framework/framework.h"

#include <algorithm>
#include <atomic>
#include <map>

#include "core/framework/registry.h"

namespace spreadlab {

std::unique_ptr<Framework> Framework::New(Registry registry, Cluster& cluster, const config::Profile& profile,
                                          std::string& error) {
  ResolvedProfile resolved;
  if (!ResolveProfile(registry, profile, cluster.release(), resolved, error)) return nullptr;
  std::unique_ptr<Framework> f(new Framework(registry, cluster, resolved, profile));
  // One instance per plugin, whatever the extension points it is enabled at; the type
  // assertion of each point is checked, as upstream's NewFramework checks it.
  auto instance = [&](const std::string& name, auto* point) -> decltype(point) {
    Plugin* plugin = f->FindPlugin(name);
    if (!plugin)
      if (const RegisteredPlugin* r = FindRegistered(registry, name, cluster.release().minor); r && r->factory)
        plugin = f->plugins_.emplace_back(r->factory(Handle{&cluster}, profile)).get();
    auto* typed = dynamic_cast<decltype(point)>(plugin);
    if (!typed) error = "plugin \"" + name + "\" is registered at an extension point it does not implement";
    return typed;
  };
  for (const auto& n : resolved.preFilter) f->preFilter_.push_back(instance(n, static_cast<PreFilterPlugin*>(nullptr)));
  for (const auto& n : resolved.filter) f->filter_.push_back(instance(n, static_cast<FilterPlugin*>(nullptr)));
  for (const auto& n : resolved.preScore) f->preScore_.push_back(instance(n, static_cast<PreScorePlugin*>(nullptr)));
  for (const auto& s : resolved.score) {
    f->score_.push_back(instance(s.name, static_cast<ScorePlugin*>(nullptr)));
    f->weights_.push_back(s.weight);
  }
  // PostFilter keeps the plugins it does not simulate (DynamicResources): null here.
  for (const auto& n : resolved.postFilter) {
    f->postFilter_.push_back(KindOf(registry, n, cluster.release().minor).simulated
                                 ? instance(n, static_cast<PostFilterPlugin*>(nullptr))
                                 : nullptr);
  }
  if (!error.empty()) return nullptr;
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
  for (size_t k = 0; k < profile_.postFilter.size(); ++k) {
    if (profile_.postFilter[k] == "DynamicResources") {
      // Its PreFilter never ran when an earlier one stopped the cycle as unresolvable:
      // reading its state fails, an Error that ends PostFilter before preemption.
      if (preFilterUnresolvable) return void(trace.message += " not found");
      // A pod without resource claims: Unschedulable, with this reason until 1.37.
      if (!cluster_.release().AtLeast(37)) reasons.emplace_back("no new claims to deallocate");
      continue;
    }
    if (!postFilter_[k]) continue;
    if (!dryRun_) {
      std::string error;
      dryRun_ = New(registry_, cluster_, config_, error);  // the profile was accepted once already
    }
    trace.preemption =
        postFilter_[k]->PostFilter(pod, nodeCodes, [&](NodeIndex n) { return dryRun_->FilterOnNode(pod, n); });
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

bool Framework::Fail(CycleTrace& trace, const std::string& error) {
  trace.error = error;
  trace.message = error;
  trace.selected = kNone;
  return false;
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

bool Framework::RunFilterPlugins(const PodInfo& pod, NodeIndex n, CycleTrace& trace, bool explain, std::string& error,
                                 size_t* failedPlugin) {
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
  const NodeIndex host = feasible_.size() == 1 ? feasible_[0] : SelectHost();
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

bool Framework::RunPreFilterPlugins(const PodInfo& pod, CycleTrace& trace, bool explain, PreFilterOutcome& out) {
  skipFilter_.assign(filter_.size(), 0);
  for (auto* p : preFilter_) {
    PreFilterResult r;
    Status s = p->PreFilter(state_, pod, r, explain ? &trace : nullptr);
    if (explain) {
      trace.preFilter.push_back(
          PreFilterVerdict{std::string(p->Name()), s.code, std::string(s.Message()), r.nodeNames});
    }
    if (s.IsSkip()) {
      SkipFilterOf(p->Name());
      continue;
    }
    if (!s.IsSuccess()) {
      if (!s.IsRejected())
        return Fail(trace, "running PreFilter plugin \"" + std::string(p->Name()) + "\": " + std::string(s.Message()));
      out.code = s.code;
      out.message = std::string(s.Message());
      if (s.code == Code::UnschedulableAndUnresolvable) break;
      continue;  // Unschedulable: the remaining PreFilter plugins still run
    }
    if (!r.nodeNames) continue;
    out.pluginsWithNodes.emplace_back(p->Name());
    if (!out.allowed) {
      out.allowed = std::move(*r.nodeNames);
    } else {  // PreFilterResult.Merge: intersection
      std::vector<std::string> both;
      std::set_intersection(out.allowed->begin(), out.allowed->end(), r.nodeNames->begin(), r.nodeNames->end(),
                            std::back_inserter(both));
      out.allowed = std::move(both);
    }
    if (out.allowed->empty()) {
      out.message = out.pluginsWithNodes.size() == 1
                        ? "node(s) didn't satisfy plugin " + out.pluginsWithNodes[0]
                        : "node(s) didn't satisfy plugin(s) " + SortedList(out.pluginsWithNodes) + " simultaneously";
      out.code = Code::UnschedulableAndUnresolvable;
      break;
    }
  }
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
  const std::string& name = cluster_.scenario().pods[trace.pod].nominatedNodeName;
  const NodeIndex n = name.empty() ? kNone : cluster_.FindNode(name);
  if (n == kNone) return NominatedNode::NoneOrFailed;
  trace.nominatedNode = n;
  std::string error;
  size_t failedPlugin = 0;
  const bool fits = RunFilterPlugins(pod, n, trace, explain, error, &failedPlugin);
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
    const bool fits = RunFilterPlugins(pod, n, trace, explain, error);
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

bool Framework::RunPreScorePlugins(const PodInfo& pod, CycleTrace& trace, bool explain) {
  skipScore_.assign(score_.size(), 0);
  for (auto* p : preScore_) {
    Status s = p->PreScore(state_, pod, feasible_, explain ? &trace : nullptr);
    if (s.IsSkip()) {
      for (size_t k = 0; k < score_.size(); ++k)
        if (score_[k]->Name() == p->Name()) skipScore_[k] = 1;
      continue;
    }
    if (!s.IsSuccess())
      return Fail(trace, "running PreScore plugin \"" + std::string(p->Name()) + "\": " + std::string(s.Message()));
  }
  return true;
}

// RunScorePlugins with each plugin's NormalizeScore and weight, as upstream's one function.
bool Framework::RunScorePlugins(const PodInfo& pod, CycleTrace& trace, bool explain) {
  totals_.assign(feasible_.size(), 0);
  pluginScores_.resize(score_.size());
  for (size_t p = 0; p < score_.size(); ++p) {
    ScorePlugin& plugin = *score_[p];
    if (skipScore_[p]) {
      if (explain) trace.skippedScorePlugins.emplace_back(plugin.Name());
      continue;
    }
    auto& scores = pluginScores_[p];
    scores.resize(feasible_.size());
    for (size_t k = 0; k < feasible_.size(); ++k) {
      scores[k].node = feasible_[k];
      Status s = plugin.Score(state_, pod, cluster_.node(feasible_[k]), scores[k].score);
      if (!s.IsSuccess())
        return Fail(trace, "running Score plugins: plugin \"" + std::string(plugin.Name()) +
                               "\" failed with: " + std::string(s.Message()));
    }
    if (explain) {
      trace.scorePlugins.emplace_back(plugin.Name());
      for (size_t k = 0; k < feasible_.size(); ++k)
        trace.scores.push_back(
            ScoreEntry{static_cast<uint16_t>(trace.scorePlugins.size() - 1), scores[k].score, 0, weights_[p], 0});
    }
    Status s = plugin.NormalizeScore(state_, pod, scores);
    if (!s.IsSuccess())
      return Fail(trace, "running Normalize on Score plugins: plugin \"" + std::string(plugin.Name()) +
                             "\" failed with: " + std::string(s.Message()));
    for (size_t k = 0; k < feasible_.size(); ++k) {
      const int64_t v = scores[k].score;
      if (v > kMaxNodeScore || v < kMinNodeScore)
        return Fail(trace, "applying score defaultWeights on Score plugins: plugin \"" + std::string(plugin.Name()) +
                               "\" returns an invalid score " + std::to_string(v) +
                               ", it should in the range of [0, 100] after normalizing");
      totals_[k] += v * weights_[p];
      if (explain) {
        ScoreEntry& e = trace.scores[trace.scores.size() - feasible_.size() + k];
        e.normalized = v;
        e.weighted = v * weights_[p];
      }
    }
  }
  return true;
}

// The score entries come plugin by plugin; readers want them node by node.
void Framework::GroupScoresByNode(CycleTrace& trace) const {
  const size_t perNode = trace.scorePlugins.size();
  std::vector<ScoreEntry> byNode(trace.scores.size());
  for (size_t p = 0; p < perNode; ++p)
    for (size_t k = 0; k < feasible_.size(); ++k) byNode[k * perNode + p] = trace.scores[p * feasible_.size() + k];
  trace.scores = std::move(byNode);
  for (size_t k = 0; k < feasible_.size(); ++k) {
    NodeTrace& nt = trace.nodes[feasible_[k]];
    nt.scoreBegin = static_cast<uint32_t>(k * perNode);
    nt.scoreCount = static_cast<uint32_t>(perNode);
    nt.total = totals_[k];
  }
}

// selectHost: the highest total; ties go to the first node in cluster order (upstream
// picks one of them at random, by reservoir sampling).
NodeIndex Framework::SelectHost() const {
  size_t best = 0;
  for (size_t k = 1; k < feasible_.size(); ++k)
    if (totals_[k] > totals_[best]) best = k;
  return feasible_[best];
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
