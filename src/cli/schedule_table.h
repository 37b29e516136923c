#pragma once
// `spreadlab schedule --format table`.
#include <string>

#include "core/scheduler/schedule.h"
#include "core/scheduler/spread_report.h"
#include "controlplane/controllers/controllers.h"

namespace spreadlab::cli {

// `deleted`: the pods the workload controllers deleted first (a scale-down), listed above the placements.
std::string ScheduleTable(const Cluster& cluster, const std::vector<Placement>& placements,
                          const std::vector<SpreadReport>& spread,
                          const std::vector<controlplane::DeletedPod>& deleted = {});

}  // namespace spreadlab::cli
