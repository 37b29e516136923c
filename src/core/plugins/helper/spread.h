#pragma once
// helper.DefaultSelector (pkg/scheduler/framework/plugins/helper/spread.go): the
// selector of "pods like this one", built from the Services that select the pod
// and the ReplicationController, ReplicaSet or StatefulSet that controls it.
#include "core/cluster.h"

namespace spreadlab::helper {

Selector DefaultSelector(const PodInfo& pod, Cluster& cluster);

}  // namespace spreadlab::helper
