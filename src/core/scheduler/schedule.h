#pragma once
// A batch of placements: every pending pod, each reserved and bound before the next is scheduled
// (what kube-scheduler does for a Deployment's replicas, one scheduling cycle at a time),
// in the order of its queue (PrioritySort: higher spec.priority first, then file order).
// A pod that preempts is nominated, not bound: the pods after it find its room held
// there, but its victims' deletion and its next cycle are not simulated.
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/framework/framework.h"

namespace spreadlab {

struct Placement {
  PodIndex pod = kNone;
  NodeIndex node = kNone;  // kNone: stayed Pending (or a framework error)
  std::string message;
  bool error = false;
  // The nodes tied for the top score with `node` (upstream picks one of them at random).
  std::vector<NodeIndex> topNodes;
  // DefaultPreemption found room: the nominated node and the pods it would delete.
  NodeIndex nominatedNode = kNone;
  std::vector<PodIndex> victims;
  // What Reserve assumed for the pod's claims (a volume taken, a claim's selected node),
  // already written into the cluster for the pods that follow.
  std::vector<VolumeAssumption> volumes;
};

// `placed`, when given, sees each placement once it is bound (the lab's timeline and the
// simulation's step-through report the spread after each one).
using PlacementObserver = std::function<void(const Placement&)>;
std::vector<Placement> ScheduleAll(Cluster& cluster, Framework& framework, const PlacementObserver& placed = {});

// handleSchedulingFailure's AddNominatedPod with the PostFilter's NominatingInfo, as
// ScheduleAll applies it after each cycle (the lab's one-pod step applies it too).
void Nominate(Cluster& cluster, PodIndex pod, const preemption::Result& r);

// The pending pods whose nomination in `cluster` is not the one their status.nominatedNodeName
// says, with the node to write ("" to clear); a nomination to a node the cluster lacks is
// left as written (it holds no room). What a caller writes back into its document.
std::vector<std::pair<size_t, std::string>> NominationChanges(const Cluster& cluster);

}  // namespace spreadlab
