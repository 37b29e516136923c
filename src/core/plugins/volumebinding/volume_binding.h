#pragma once
// VolumeBinding (pkg/scheduler/framework/plugins/volumebinding): PreFilter stops a pod
// whose claims are missing, lost, being deleted or not made for it yet (ephemeral), or
// that has an unbound claim of an Immediate class; Filter asks the volume binder
// (binder.h) whether each node fits the bound volumes' node affinity and can bind or
// provision the claims waiting for their first consumer; Score, where the release turns
// StorageCapacityScoring on (1.37), prefers nodes whose storage the pod fills least;
// Reserve assumes the chosen node's bindings and provisions, for the pods that follow.
#include <set>
#include <string>
#include <vector>
#include <string_view>

#include "core/framework/interface.h"
#include "core/plugins/volumebinding/binder.h"

namespace spreadlab::plugins {

class VolumeBinding final : public PreFilterPlugin,
                            public FilterPlugin,
                            public PreScorePlugin,
                            public ScorePlugin,
                            public ReservePlugin {
 public:
  static constexpr std::string_view kName = "VolumeBinding";

  explicit VolumeBinding(Handle h);
  std::string_view Name() const override { return kName; }
  Status PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult& result, CycleTrace* trace) override;
  Status Filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node, CycleTrace* trace) override;
  Status PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex> feasible,
                  CycleTrace* trace) override;
  Status Score(const CycleState& state, const PodInfo& pod, const NodeInfo& node, int64_t& score) override;
  Status Reserve(CycleState& state, const PodInfo& pod, NodeIndex node) override;

 private:
  // podHasPVCs: whether the pod uses claims, or the error that stops it.
  Status PodHasPVCs(const PodInfo& pod, bool& hasPVC);
  // Reasons are views (core/framework/status.h): the texts and lists live as long as the plugin.
  ReasonTexts reasons_;
  std::set<std::vector<std::string_view>> reasonLists_;
  Handle h_;
  bool scoring_ = false;  // the scorer exists: StorageCapacityScoring is on
};

}  // namespace spreadlab::plugins
