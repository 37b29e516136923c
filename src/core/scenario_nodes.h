#pragma once
// Finding a node or a pod of a scenario by name, and a new node of the same pool as
// another: what the conflict explorer's suggestions, the simulator's add-node event and
// the lab's edits share.
#include <cstddef>
#include <string>

#include "core/api.h"

namespace spreadlab {

// The index of the node named `name`, of the pod "namespace/name"; -1 when there is none.
ptrdiff_t FindNode(const Scenario& s, const std::string& name);
ptrdiff_t FindPod(const Scenario& s, const std::string& key);

// A new machine of the same pool as `node`, called `name`: same labels except
// those naming the node itself (kubernetes.io/hostname, and any label whose
// value is the node's name, so a per-node topology key gets a domain of its
// own), schedulable, same taints and allocatable.
v1::Node CopyNode(const v1::Node& node, const std::string& name);

}  // namespace spreadlab
