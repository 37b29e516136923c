#pragma once
// One profile's plugins and the scheduling cycle that runs them
// (pkg/scheduler/schedule_one.go: schedulePod, findNodesThatFitPod,
// prioritizeNodes, selectHost; runtime/framework.go: Run*Plugins).
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/framework/interface.h"
#include "core/framework/profile.h"
#include "core/framework/registry.h"

namespace spreadlab {

class Framework {
 public:
  // Builds the plugins `profile` enables over `cluster` from `registry` (in-tree:
  // plugins::NewFramework); nullptr and `error` on a bad profile. The cluster and the
  // registry must outlive the framework.
  static std::unique_ptr<Framework> New(Registry registry, Cluster& cluster, const config::Profile& profile,
                                        std::string& error);

  // Runs one scheduling cycle for the pending pod and fills `trace` with the
  // outcome. With explain=false only the outcome (selected node, message,
  // error) is recorded, which is what a batch of placements needs.
  //
  // As upstream, nodes are filtered in the snapshot's zone-interleaved order
  // (Cluster::NodeTreeOrder), starting where the previous cycle of this
  // framework stopped, until NumFeasibleNodesToFind feasible nodes are found
  // (upstream checks nodes in parallel, so which nodes it reaches past that
  // point varies; here it is always the next ones in order). Ties between
  // equal top scores go to the first of them in that order; upstream picks
  // one of them at random.
  void RunCycle(PodIndex pod, CycleTrace& trace, bool explain);

  const ResolvedProfile& profile() const { return profile_; }
  // Where the next cycle starts trying nodes (sched.nextStartNodeIndex).
  size_t nextStartNodeIndex() const { return nextStartNodeIndex_; }
  void setNextStartNodeIndex(size_t i) { nextStartNodeIndex_ = i; }
  // Filter every candidate node instead of stopping at NumFeasibleNodesToFind:
  // for analyses that need every node's verdict (core/why). The node chosen
  // may then differ from kube-scheduler's, which samples.
  void setEvaluateAllNodes(bool all) { evaluateAllNodes_ = all; }

  // How trace.scores[entry] came about, while `trace` is this framework's latest cycle
  // (the state its plugins wrote is still there); nullopt otherwise, or when the plugin
  // does not explain its scores.
  std::optional<ScoreExplanation> ExplainScore(const CycleTrace& trace, size_t entry);

  // RunReservePluginsReserve after the latest cycle chose `node` for `pod`: the Reserve
  // plugins record what the placement assumes (VolumeBinding: the volumes it takes, the
  // claims' selected node) in the cluster. Call it before binding the pod, while the
  // cycle's state is current; an Error otherwise.
  Status Reserve(PodIndex pod, NodeIndex node);

  // The enabled plugin instance called `name`, or nullptr.
  Plugin* FindPlugin(std::string_view name) const;

  // The pod's PreFilter and Filter plugins on node `n` as the cluster is now, without a
  // trace: Success, or the first failing status (a PreFilter rejection included).
  // Preemption's dry runs use it, on a framework of their own.
  Status FilterOnNode(const PodInfo& pod, NodeIndex n);

 private:
  Framework(Registry registry, Cluster& cluster, ResolvedProfile profile, config::Profile config)
      : registry_(registry), cluster_(cluster), profile_(std::move(profile)), config_(std::move(config)) {}
  // Ends the cycle with a plugin error; false, for the steps below to return.
  bool Fail(CycleTrace& trace, const std::string& error);
  // The steps of RunCycle, by upstream's names (schedule_one.go, runtime/framework.go).
  // Each bool one returns false when the cycle ended in it.
  struct PreFilterOutcome {
    Code code = Code::Success;                        // the rejection, if any
    std::string message;                              // its message
    std::optional<std::vector<std::string>> allowed;  // the PreFilterResults' nodes, merged
    std::vector<std::string> pluginsWithNodes;        // the plugins that returned them
  };
  enum class NominatedNode { NoneOrFailed, Fits, Error };
  void BeginCycle(PodIndex pod, CycleTrace& trace, bool explain);
  bool WaitsForSchedulingGates(PodIndex pod, CycleTrace& trace);
  bool FindNodesThatFitPod(const PodInfo& pod, CycleTrace& trace, bool explain);
  bool RunPreFilterPlugins(const PodInfo& pod, CycleTrace& trace, bool explain, PreFilterOutcome& out);
  NominatedNode EvaluateNominatedNode(const PodInfo& pod, CycleTrace& trace, bool explain, PreFilterOutcome& pre,
                                      NodeIndex& failed);
  const std::vector<NodeIndex>& CandidateNodes(const PreFilterOutcome& pre, NodeIndex failedNominated,
                                               CycleTrace& trace, bool explain);
  bool FindNodesThatPassFilters(const PodInfo& pod, const std::vector<NodeIndex>& candidates, CycleTrace& trace,
                                bool explain);
  bool PrioritizeNodes(const PodInfo& pod, CycleTrace& trace, bool explain);
  bool RunPreScorePlugins(const PodInfo& pod, CycleTrace& trace, bool explain);
  bool RunScorePlugins(const PodInfo& pod, CycleTrace& trace, bool explain);
  void GroupScoresByNode(CycleTrace& trace) const;
  // selectHost; the nodes tied for the top total go to trace.topNodes.
  NodeIndex SelectHost(CycleTrace& trace) const;
  // A PreFilter plugin returned Skip: its Filter does not run this cycle.
  void SkipFilterOf(std::string_view plugin);
  // RunPostFilterPlugins after a FitError whose message is `fitError`: DefaultPreemption
  // (when enabled) given each node's status code; its message ends the FitError's.
  // `preFilterUnresolvable`: PreFilter stopped the cycle with UnschedulableAndUnresolvable.
  void RunPostFilterPlugins(const PodInfo& pod, std::vector<Code> nodeCodes, std::string fitError,
                            bool preFilterUnresolvable, CycleTrace& trace);
  // RunFilterPlugins on node `n`: true when every plugin passes. A rejected node's first
  // failure goes to failures_ (and the plugin's index to `failedPlugin`); a plugin error
  // sets `error`. Recorded in the trace when explaining.
  bool RunFilterPlugins(const PodInfo& pod, NodeIndex n, CycleTrace& trace, bool explain, std::string& error,
                        size_t* failedPlugin = nullptr);
  // RunFilterPluginsWithNominatedPods: RunFilterPlugins (same arguments), first with the pods
  // nominated to `n` of the pod's priority or higher counted there (trace.nominatedPods).
  bool RunFilterPluginsWithNominatedPods(const PodInfo& pod, NodeIndex n, CycleTrace& trace, bool explain,
                                         std::string& error, size_t* failedPlugin = nullptr);
  // addGENominatedPods' pods for `pod`'s cycle, on every node, into `out`.
  void CollectNominatedPods(const PodInfo& pod, std::vector<NominatedPod>& out) const;
  // The framework of preemption's and nominations' what-ifs: the same profile, its own
  // cycle state and plugin instances. Built on first use.
  Framework& DryRun();
  // PreFilter with no trace (the skipped filters into skipFilter_): Success, or the first
  // plugin's failure, whose name goes to `plugin`.
  Status PreFilterQuietly(const PodInfo& pod, std::string& plugin);
  // The filters on node `n` with no trace: Success, or the first failure (its plugin's index
  // to `failedPlugin`).
  Status FirstFilterFailure(const PodInfo& pod, NodeIndex n, size_t* failedPlugin = nullptr);
  // On the dry-run framework: `pods` bound on `n`, PreFilter again (the state
  // RunPreFilterExtensionAddPod gives the cycle), the cycle's `skip`ped filters kept, the
  // filters run; the pods unbound again. A rejection's verdicts go to `record` if given.
  Status FilterWithPodsBound(const PodInfo& pod, NodeIndex n, std::span<const PodIndex> pods,
                             std::span<const uint8_t> skip, size_t* failedPlugin, CycleTrace* record);

  Registry registry_;
  Cluster& cluster_;
  ResolvedProfile profile_;
  config::Profile config_;
  std::unique_ptr<Framework> dryRun_;  // preemption's, built on first use
  std::vector<std::unique_ptr<Plugin>> plugins_;
  std::vector<PreFilterPlugin*> preFilter_;
  std::vector<FilterPlugin*> filter_;
  std::vector<PreScorePlugin*> preScore_;
  std::vector<ScorePlugin*> score_;
  std::vector<PostFilterPlugin*> postFilter_;  // one per profile_.postFilter; null: not simulated
  std::vector<ReservePlugin*> reserve_;
  std::vector<int32_t> weights_;
  CycleState state_;
  // Per-cycle scratch kept across cycles so that a warm cycle does not allocate.
  std::vector<uint8_t> skipFilter_, skipScore_;
  std::vector<NodeIndex> candidates_, feasible_;
  std::vector<NominatedPod> nominated_;  // FilterOnNode's (the cycle's are in its trace)
  std::vector<PodIndex> nominatedOn_;    // those on the node being filtered
  // The reasons upstream records for a rejected node (of the first failing plugin).
  struct NodeFailure {
    std::string_view reason;
    std::span<const std::string_view> reasons;
    NodeIndex node = kNone;
    Code code = Code::UnschedulableAndUnresolvable;
  };
  std::vector<NodeFailure> failures_;  // the first failure of each rejected node (FitError's reasons)
  std::string absentReason_;           // for nodes a PreFilterResult left out
  size_t nextStartNodeIndex_ = 0;
  // The latest cycle's number (CycleTrace::cycle) while state_ still holds what its plugins
  // wrote, else 0; and the cluster's generation then (a change makes their numbers stale).
  uint64_t lastCycle_ = 0;
  uint64_t lastCycleGeneration_ = 0;
  bool evaluateAllNodes_ = false;
  std::vector<std::vector<NodeScore>> pluginScores_;
  std::vector<int64_t> totals_;  // per feasible node
};

// numFeasibleNodesToFind: every node below 100 nodes; above, the profile's
// percentageOfNodesToScore of them (adaptive when unset), at least 100.
size_t NumFeasibleNodesToFind(std::optional<int32_t> percentageOfNodesToScore, size_t numAllNodes);

// Go's "%v" of sets.List(names): sorted, space-separated, in brackets.
std::string SortedList(std::vector<std::string> names);

// FitError.Error(): "0/N nodes are available: <reasons>." where reasons are
// the PreFilter message, or "<count> <reason>" per distinct reason (each of a
// node's reasons counts), sorted as strings and joined by ", ".
std::string FitErrorMessage(size_t numAllNodes, std::string_view preFilterMsg,
                            const std::vector<std::string_view>& nodeReasons);

}  // namespace spreadlab
