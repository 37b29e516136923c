#pragma once
// The `spreadlab schedule --format json` contract (docs/schedule-json.md).
#include <nlohmann/json.hpp>

#include "core/schedule.h"
#include "core/spread_report.h"

namespace spreadlab::io {

nlohmann::ordered_json ScheduleToJson(const Cluster& cluster, const std::vector<Placement>& placements,
                                      const std::vector<SpreadReport>& spread);

}  // namespace spreadlab::io
