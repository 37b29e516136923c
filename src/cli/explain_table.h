#pragma once
// `spreadlab explain --format table`: one scheduling cycle for a person in a terminal.
#include <string>

#include "core/cluster.h"
#include "core/framework/framework.h"
#include "core/framework/trace.h"

namespace spreadlab::cli {

// `trace` is `framework`'s latest cycle: the chosen node's scores are explained from the
// state its plugins wrote (Framework::ExplainScore).
std::string ExplainTable(const Cluster& cluster, Framework& framework, const CycleTrace& trace);

}  // namespace spreadlab::cli
