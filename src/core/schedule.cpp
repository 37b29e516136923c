#include "core/schedule.h"

namespace spreadlab {

std::vector<Placement> ScheduleAll(Cluster& cluster, Framework& framework) {
  std::vector<Placement> out;
  CycleTrace trace;
  for (PodIndex p : cluster.PendingPods()) {
    framework.RunCycle(p, trace, /*explain=*/false);
    out.push_back(Placement{p, trace.selected, trace.message, !trace.error.empty()});
    if (trace.selected != kNone) cluster.Bind(p, trace.selected);
  }
  return out;
}

}  // namespace spreadlab
