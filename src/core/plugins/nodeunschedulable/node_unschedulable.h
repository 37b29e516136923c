#pragma once
// NodeUnschedulable (pkg/scheduler/framework/plugins/nodeunschedulable): rejects
// cordoned nodes unless the pod tolerates node.kubernetes.io/unschedulable.
#include "core/framework/interface.h"

namespace spreadlab::plugins {

class NodeUnschedulable final : public FilterPlugin {
 public:
  static constexpr std::string_view kName = "NodeUnschedulable";
  static constexpr std::string_view kErrReasonUnschedulable = "node(s) were unschedulable";

  explicit NodeUnschedulable(Handle h);
  std::string_view Name() const override { return kName; }
  Status Filter(const CycleState&, const PodInfo& pod, const NodeInfo& node, CycleTrace*) override;

 private:
  Taint unschedulableTaint_;
};

}  // namespace spreadlab::plugins
