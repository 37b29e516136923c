#pragma once
// The `spreadlab explain --format json` contract: a CycleTrace as JSON.
// Documented in docs/json-contract.md; fields are only ever added, never renamed.
#include <nlohmann/json.hpp>

#include "core/cluster.h"
#include "core/framework/profile.h"
#include "core/framework/trace.h"

namespace spreadlab::contracts {

// One spread constraint as the contract's "spread.filter" / "spread.score" entries show it.
nlohmann::ordered_json SpreadSummaryToJson(const SpreadConstraintSummary& s, bool scoring);

// The contract's "preFilter" array.
nlohmann::ordered_json PreFilterToJson(const std::vector<PreFilterVerdict>& verdicts);

nlohmann::ordered_json TraceToJson(const Cluster& cluster, const ResolvedProfile& profile, const CycleTrace& trace);

// The trace's "preemption" object (docs/json-contract.md).
nlohmann::ordered_json PreemptionToJson(const Cluster& cluster, const preemption::Result& r);

}  // namespace spreadlab::contracts
