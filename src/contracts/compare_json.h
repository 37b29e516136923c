#pragma once
// The `spreadlab compare --format json` contract (docs/why-contract.md,
// "compare"): one pod's cycle on two scenarios, node by node.
#include <nlohmann/json.hpp>

#include "core/why/compare.h"

namespace spreadlab::contracts {

inline constexpr int kCompareContractVersion = 1;

nlohmann::ordered_json CompareToJson(const why::Comparison& c);

}  // namespace spreadlab::contracts
