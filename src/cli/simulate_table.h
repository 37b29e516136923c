#pragma once
// `spreadlab simulate --format table`: per step, what the event, the controllers and the
// scheduler did, what is Pending and why, and each workload's spread against its maxSkew.
#include <string>
#include <vector>

#include "simulator/simulation.h"

namespace spreadlab::cli {

std::string SimulateTable(const std::vector<simulator::StepReport>& steps);

}  // namespace spreadlab::cli
