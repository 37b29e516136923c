#pragma once
// The `spreadlab why --format json` contract (docs/why-contract.md): the
// conflict matrix and the ranked suggestions of a why::Report.
#include <nlohmann/json.hpp>

#include "core/why/analysis.h"

namespace spreadlab::contracts {

inline constexpr int kWhyContractVersion = 1;

nlohmann::ordered_json WhyToJson(const Cluster& cluster, const why::Report& report);

}  // namespace spreadlab::contracts
