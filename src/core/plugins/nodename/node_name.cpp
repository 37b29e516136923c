#include "core/plugins/nodename/node_name.h"

namespace spreadlab::plugins {

// NodeName.Filter / Fits
Status NodeName::Filter(const CycleState&, const PodInfo& pod, const NodeInfo& node, CycleTrace*) {
  if (pod.nodeNameSpec.empty() || pod.nodeNameSpec == node.name) return Status::Ok();
  return Status::Make(Code::UnschedulableAndUnresolvable, kErrReason);
}

}  // namespace spreadlab::plugins
