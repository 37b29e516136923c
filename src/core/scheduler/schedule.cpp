#include "core/scheduler/schedule.h"

#include <algorithm>

#include "core/plugins/defaultpreemption/default_preemption.h"

namespace spreadlab {

// A new nomination clears those of lower-priority pods on the same node
// (prepareCandidate: getLowerPriorityNominatedPods), which may no longer fit there.
void Nominate(Cluster& cluster, PodIndex pod, const preemption::Result& r) {
  if (r.nominating == preemption::Nominating::Clear) cluster.SetNominatedNode(pod, kNone);
  if (r.nominating != preemption::Nominating::Set) return;
  for (PodIndex other : std::vector<PodIndex>(cluster.nominatedPods()))
    if (cluster.pod(other).nominated == r.nominatedNode && cluster.pod(other).priority < cluster.pod(pod).priority)
      cluster.SetNominatedNode(other, kNone);
  cluster.SetNominatedNode(pod, r.nominatedNode);
}

std::vector<std::pair<size_t, std::string>> NominationChanges(const Cluster& cluster) {
  std::vector<std::pair<size_t, std::string>> out;
  for (PodIndex p : cluster.PendingPods()) {
    const NodeIndex n = cluster.pod(p).nominated;
    const std::string& was = cluster.podSpec(p).nominatedNodeName;
    if (n == kNone ? cluster.FindNode(was) != kNone : was != cluster.node(n).name)
      out.emplace_back(p, n == kNone ? "" : cluster.node(n).name);
  }
  return out;
}

std::vector<Placement> ScheduleAll(Cluster& cluster, Framework& framework, const PlacementObserver& placed) {
  std::vector<Placement> out;
  CycleTrace trace;
  std::vector<PodIndex> queue = cluster.PendingPods();
  std::stable_sort(queue.begin(), queue.end(), [&](PodIndex a, PodIndex b) {
    return preemption::PodPriority(cluster, a) > preemption::PodPriority(cluster, b);
  });
  for (PodIndex p : queue) {
    framework.RunCycle(p, trace, /*explain=*/false);
    Placement placement;
    placement.pod = p;
    placement.node = trace.selected;
    placement.message = trace.message;
    placement.error = !trace.error.empty();
    placement.topNodes = trace.topNodes;
    if (trace.preemption && trace.preemption->nominating == preemption::Nominating::Set) {
      placement.nominatedNode = trace.preemption->nominatedNode;
      placement.victims = trace.preemption->victims;
    }
    if (trace.preemption) Nominate(cluster, p, *trace.preemption);
    if (trace.selected != kNone) {
      // schedulingCycle: Reserve, then the pod is bound (assumed) for the next cycle.
      const size_t before = cluster.assumedVolumes().size();
      if (Status s = framework.Reserve(p, trace.selected); !s.IsSuccess()) {
        placement.node = kNone;
        placement.error = true;
        placement.message = std::string(s.Message());
      } else {
        placement.volumes.assign(cluster.assumedVolumes().begin() + static_cast<std::ptrdiff_t>(before),
                                 cluster.assumedVolumes().end());
        cluster.Bind(p, trace.selected);
      }
    }
    if (placed) placed(placement);
    out.push_back(std::move(placement));
  }
  return out;
}

}  // namespace spreadlab
