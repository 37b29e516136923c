#pragma once
// `spreadlab schedule --format table`.
#include <string>

#include "core/schedule.h"
#include "core/spread_report.h"

namespace spreadlab::cli {

std::string ScheduleTable(const Cluster& cluster, const std::vector<Placement>& placements,
                          const std::vector<SpreadReport>& spread);

}  // namespace spreadlab::cli
