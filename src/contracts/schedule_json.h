#pragma once
// The `spreadlab schedule --format json` contract (docs/json-contract.md).
#include <nlohmann/json.hpp>

#include "core/scheduler/schedule.h"
#include "core/scheduler/spread_report.h"
#include "controlplane/controllers/controllers.h"

namespace spreadlab::contracts {

// `deleted`: the pods the workload controllers deleted before scheduling (a scale-down),
// written as "deleted" when there are any.
nlohmann::ordered_json ScheduleToJson(const Cluster& cluster, const std::vector<Placement>& placements,
                                      const std::vector<SpreadReport>& spread,
                                      const std::vector<controlplane::DeletedPod>& deleted = {});

}  // namespace spreadlab::contracts
