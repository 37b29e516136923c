#include "core/plugins/nodeunschedulable/node_unschedulable.h"

namespace spreadlab::plugins {

NodeUnschedulable::NodeUnschedulable(Handle h)
    : unschedulableTaint_{h.cluster->pool().Intern("node.kubernetes.io/unschedulable"), h.cluster->pool().Intern(""),
                          TaintEffect::NoSchedule} {}

// NodeUnschedulable.Filter
Status NodeUnschedulable::Filter(const CycleState&, const PodInfo& pod, const NodeInfo& node, CycleTrace*) {
  if (!node.unschedulable) return Status::Ok();
  // A pod that tolerates the unschedulable taint also tolerates spec.unschedulable.
  if (TolerationsTolerateTaint(pod.tolerations, unschedulableTaint_)) return Status::Ok();
  return Status::Make(Code::UnschedulableAndUnresolvable, kErrReasonUnschedulable);
}

}  // namespace spreadlab::plugins
