#pragma once
// NodeName (pkg/scheduler/framework/plugins/nodename): a pod that names a node
// fits only that node.
#include "core/framework/interface.h"

namespace spreadlab::plugins {

class NodeName final : public FilterPlugin {
 public:
  static constexpr std::string_view kName = "NodeName";
  static constexpr std::string_view kErrReason = "node(s) didn't match the requested node name";

  explicit NodeName(Handle) {}
  std::string_view Name() const override { return kName; }
  Status Filter(const CycleState&, const PodInfo& pod, const NodeInfo& node, CycleTrace*) override;
};

}  // namespace spreadlab::plugins
