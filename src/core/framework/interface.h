#pragma once
// The extension points (k8s.io/kube-scheduler/framework interface.go): one small
// interface each. A plugin implements the ones it needs; the framework finds
// them with dynamic_cast, as upstream does with type assertions.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <span>
#include <string_view>
#include <vector>

#include "core/cluster.h"
#include "core/framework/cycle_state.h"
#include "core/framework/postfilter.h"
#include "core/framework/status.h"
#include "core/framework/trace.h"

namespace spreadlab {

inline constexpr int64_t kMaxNodeScore = 100;
inline constexpr int64_t kMinNodeScore = 0;

// What a plugin gets from the framework (framework.Handle): the cluster snapshot.
struct Handle {
  Cluster* cluster = nullptr;
};

// framework.PreFilterResult: nullopt means all nodes. Names are kept as
// written (sorted, unique); names of nodes that do not exist are dropped only
// when the framework picks the nodes to filter, as upstream does.
struct PreFilterResult {
  std::optional<std::vector<std::string>> nodeNames;
};

struct NodeScore {
  NodeIndex node = kNone;
  int64_t score = 0;
};

class Plugin {
 public:
  virtual ~Plugin() = default;
  virtual std::string_view Name() const = 0;
};

// `trace` is null when no explanation is wanted; plugins record their numbers in
// it only when it is set.
class PreFilterPlugin : public virtual Plugin {
 public:
  virtual Status PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult& result, CycleTrace* trace) = 0;
};

class FilterPlugin : public virtual Plugin {
 public:
  virtual Status Filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node, CycleTrace* trace) = 0;
};

class PreScorePlugin : public virtual Plugin {
 public:
  virtual Status PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex> feasible,
                          CycleTrace* trace) = 0;
};

class ScorePlugin : public virtual Plugin {
 public:
  virtual Status Score(const CycleState& state, const PodInfo& pod, const NodeInfo& node, int64_t& score) = 0;
  // ScoreExtensions.NormalizeScore; plugins without one leave scores as they are.
  virtual Status NormalizeScore(const CycleState&, const PodInfo&, std::span<NodeScore>) { return Status::Ok(); }
};

// Reserve, once a node is chosen: the plugin updates what the scheduler assumes about the
// cluster (its cache; here the cluster itself, which the Handle lets it change) so that the
// next pod's cycle sees the placement's consequences before they happen.
class ReservePlugin : public virtual Plugin {
 public:
  virtual Status Reserve(CycleState& state, const PodInfo& pod, NodeIndex node) = 0;
};

// PostFilter, after a FitError (DefaultPreemption): `nodeCodes` holds each node's status
// code; `filter` runs the pod's PreFilter and Filter plugins on a node as the cluster then is.
class PostFilterPlugin : public virtual Plugin {
 public:
  virtual preemption::Result PostFilter(const PodInfo& pod, std::span<const Code> nodeCodes,
                                        const std::function<Status(NodeIndex)>& filter) = 0;
};

// How one node's score by one plugin came about, in words and numbers, for people
// (the lab's hover on a score bar, the explain table).
struct ScoreExplanation {
  std::string score;  // Score: the formula with this node's numbers, e.g. "cpu (4000-1500)x100/4000 = 62, memory ... ;
                      // (62x1 + 50x1) / 2 = 56"
  std::string normalize;  // NormalizeScore: how the raw score became 0..100 on this node (the min/max it used); "" when
                          // the plugin has no NormalizeScore
};
// A score plugin that can explain its scores. Called after the cycle's PreScore, Score and
// NormalizeScore: `scores` holds every scored node's raw score (what NormalizeScore was given),
// `normalized` this node's score after NormalizeScore.
class ScoreExplainer : public virtual Plugin {
 public:
  virtual ScoreExplanation ExplainScore(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                        std::span<const NodeScore> scores, int64_t normalized) = 0;
};

}  // namespace spreadlab
