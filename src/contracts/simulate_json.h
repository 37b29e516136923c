#pragma once
// The `spreadlab simulate --format json` contract (docs/json-contract.md).
#include <nlohmann/json.hpp>

#include "simulator/simulation.h"

namespace spreadlab::contracts {

// {"steps": [...], "pods": [...]}: every step's report, and the pods of `final` (the
// scenario after the last step) with their node (null when Pending) and workload.
nlohmann::ordered_json SimulationToJson(const std::vector<simulator::StepReport>& steps, const Scenario& final);

}  // namespace spreadlab::contracts
