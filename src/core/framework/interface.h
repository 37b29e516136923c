#pragma once
// The extension points (k8s.io/kube-scheduler/framework interface.go): one small
// interface each. A plugin implements the ones it needs; the framework finds
// them with dynamic_cast, as upstream does with type assertions.
#include <cstdint>
#include <optional>
#include <string>
#include <span>
#include <string_view>
#include <vector>

#include "core/cluster.h"
#include "core/framework/cycle_state.h"
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

}  // namespace spreadlab
