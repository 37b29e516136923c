#pragma once
// A batch of placements: every pending pod in order, each bound before the
// next is scheduled (what kube-scheduler does for a Deployment's replicas,
// one scheduling cycle at a time).
#include <string>
#include <vector>

#include "core/framework/framework.h"

namespace spreadlab {

struct Placement {
  PodIndex pod = kNone;
  NodeIndex node = kNone;  // kNone: stayed Pending (or a framework error)
  std::string message;
  bool error = false;
};

std::vector<Placement> ScheduleAll(Cluster& cluster, Framework& framework);

}  // namespace spreadlab
