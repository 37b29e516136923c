#include "core/framework/framework.h"

#include <algorithm>
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
  for (const auto& n : resolved.reserve) f->reserve_.push_back(instance(n, static_cast<ReservePlugin*>(nullptr)));
  // PostFilter keeps the plugins it does not simulate (DynamicResources): null here.
  for (const auto& n : resolved.postFilter) {
    f->postFilter_.push_back(KindOf(registry, n, cluster.release().minor).simulated
                                 ? instance(n, static_cast<PostFilterPlugin*>(nullptr))
                                 : nullptr);
  }
  if (!error.empty()) return nullptr;
  return f;
}

Status Framework::Reserve(PodIndex pod, NodeIndex node) {
  if (lastCycle_ == 0 || cluster_.generation() != lastCycleGeneration_)
    return Status::AsError("reserving a node: the latest scheduling cycle's state is gone");
  // Each plugin in order; the first failure stops the others (upstream then unreserves).
  for (ReservePlugin* p : reserve_)
    if (Status s = p->Reserve(state_, cluster_.pod(pod), node); !s.IsSuccess())
      return Status::AsError("running Reserve plugin \"" + std::string(p->Name()) + "\": " + std::string(s.Message()));
  return Status::Ok();
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
    Framework& dryRun = DryRun();
    trace.preemption =
        postFilter_[k]->PostFilter(pod, nodeCodes, [&](NodeIndex n) { return dryRun.FilterOnNode(pod, n); });
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

Framework& Framework::DryRun() {
  if (!dryRun_) {
    std::string error;
    dryRun_ = New(registry_, cluster_, config_, error);  // the profile was accepted once already
  }
  return *dryRun_;
}

Status Framework::PreFilterQuietly(const PodInfo& pod, std::string& plugin) {
  state_.Reset();
  lastCycle_ = 0;  // the latest cycle's state is gone
  skipFilter_.assign(filter_.size(), 0);
  for (auto* p : preFilter_) {
    PreFilterResult r;
    Status s = p->PreFilter(state_, pod, r, nullptr);
    if (s.IsSkip()) {
      SkipFilterOf(p->Name());
    } else if (!s.IsSuccess()) {
      plugin = p->Name();
      return s;
    }
  }
  return Status::Ok();
}

Status Framework::FirstFilterFailure(const PodInfo& pod, NodeIndex n, size_t* failedPlugin) {
  const NodeInfo& node = cluster_.node(n);
  for (size_t i = 0; i < filter_.size(); ++i) {
    if (skipFilter_[i]) continue;
    Status s = filter_[i]->Filter(state_, pod, node, nullptr);
    if (s.IsSuccess()) continue;
    if (failedPlugin) *failedPlugin = i;
    if (!s.IsRejected())
      return Status::AsError("running \"" + std::string(filter_[i]->Name()) +
                             "\" filter plugin: " + std::string(s.Message()));
    return s;
  }
  return Status::Ok();
}

// SelectVictimsOnNode's RunFilterPluginsWithNominatedPods, on the cluster as the dry run left it.
Status Framework::FilterOnNode(const PodInfo& pod, NodeIndex n) {
  std::string plugin;
  if (Status s = PreFilterQuietly(pod, plugin); !s.IsSuccess()) return s;
  CollectNominatedPods(pod, nominated_);
  nominatedOn_.clear();
  for (const NominatedPod& np : nominated_)
    if (np.node == n) nominatedOn_.push_back(np.pod);
  if (nominatedOn_.empty()) return FirstFilterFailure(pod, n);
  const std::vector<uint8_t> skip = skipFilter_;
  const std::vector<PodIndex> pods = nominatedOn_;
  if (Status s = FilterWithPodsBound(pod, n, pods, skip, nullptr, nullptr); !s.IsSuccess()) return s;
  if (Status s = PreFilterQuietly(pod, plugin); !s.IsSuccess()) return s;
  return FirstFilterFailure(pod, n);
}

// addGENominatedPods: the nominator's pods (unbound, nominated to a node by an earlier
// preemption) other than `pod`, of its priority or higher: it must not take the room
// preemption made for them. A pod waiting for its scheduling gates holds its nomination from
// 1.37 (kubernetes#139057); before, the queue recorded it only once the pod was let in.
void Framework::CollectNominatedPods(const PodInfo& pod, std::vector<NominatedPod>& out) const {
  out.clear();
  for (PodIndex p : cluster_.nominatedPods()) {
    const PodInfo& other = cluster_.pod(p);
    if (p == pod.index || other.node != kNone || other.priority < pod.priority) continue;
    const bool gated = profile_.schedulingGates && !cluster_.podSpec(p).spec.schedulingGates.empty();
    if (gated && !cluster_.release().gatedPodsNominated()) continue;
    out.push_back({other.nominated, p});
  }
}

// RunFilterPluginsWithNominatedPods: the filters run twice on a node with such pods: with
// them counted there (the first pass, which decides a rejection), then, if that passes,
// without them (a nominated pod may yet land elsewhere: pod affinity to it must not count).
bool Framework::RunFilterPluginsWithNominatedPods(const PodInfo& pod, NodeIndex n, CycleTrace& trace, bool explain,
                                                  std::string& error, size_t* failedPlugin) {
  nominatedOn_.clear();
  for (const NominatedPod& np : trace.nominatedPods)
    if (np.node == n) nominatedOn_.push_back(np.pod);
  if (!nominatedOn_.empty()) {
    size_t plugin = 0;
    const Status s =
        DryRun().FilterWithPodsBound(pod, n, nominatedOn_, skipFilter_, &plugin, explain ? &trace : nullptr);
    lastCycleGeneration_ = cluster_.generation();  // the what-if left the cluster as it was
    if (!s.IsSuccess() && !s.IsRejected()) {
      error = std::string(s.Message());
      return false;
    }
    if (!s.IsSuccess()) {
      failures_.push_back({s.reason, s.reasons, n, s.code});
      if (failedPlugin) *failedPlugin = plugin;
      if (explain) trace.nodes[n].rejectedWithNominatedPods = true;
      return false;
    }
  }
  return RunFilterPlugins(pod, n, trace, explain, error, failedPlugin);
}

Status Framework::FilterWithPodsBound(const PodInfo& pod, NodeIndex n, std::span<const PodIndex> pods,
                                      std::span<const uint8_t> skip, size_t* failedPlugin, CycleTrace* record) {
  failures_.clear();
  for (PodIndex p : pods) cluster_.Bind(p, n);
  std::string plugin;
  Status s = PreFilterQuietly(pod, plugin);
  if (!s.IsSuccess() && !s.IsSkip()) {
    s = Status::AsError("running AddPod on PreFilter plugin \"" + plugin + "\": " + std::string(s.Message()));
  } else {
    skipFilter_.assign(skip.begin(), skip.end());
    s = FirstFilterFailure(pod, n, failedPlugin);
    if (record && s.IsRejected()) {
      std::string error;
      RunFilterPlugins(pod, n, *record, /*explain=*/true, error);
    }
  }
  for (auto it = pods.rbegin(); it != pods.rend(); ++it) cluster_.Unbind(*it);
  return s;
}

bool Framework::Fail(CycleTrace& trace, const std::string& error) {
  trace.error = error;
  trace.message = error;
  trace.selected = kNone;
  return false;
}

std::string SortedList(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  std::string out = "[";
  for (size_t i = 0; i < names.size(); ++i) out += (i ? " " : "") + names[i];
  return out + "]";
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
    uint32_t volumesBegin = explain ? static_cast<uint32_t>(trace.volumeChecks.size()) : 0;
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
      v.volumesBegin = volumesBegin;
      v.volumesCount = static_cast<uint16_t>(trace.volumeChecks.size() - volumesBegin);
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
