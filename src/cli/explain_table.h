#pragma once
// `spreadlab explain --format table`: one scheduling cycle for a person in a terminal.
#include <string>

#include "core/cluster.h"
#include "core/framework/profile.h"
#include "core/framework/trace.h"

namespace spreadlab::cli {

std::string ExplainTable(const Cluster& cluster, const ResolvedProfile& profile, const CycleTrace& trace);

}  // namespace spreadlab::cli
