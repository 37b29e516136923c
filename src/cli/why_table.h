#pragma once
// `spreadlab why --format table`: why a pod is Pending and what would let it
// schedule, for a person in a terminal.
#include <string>

#include "core/why/analysis.h"

namespace spreadlab::cli {

// At most this many suggestions and matrix nodes unless `all`.
inline constexpr size_t kWhySuggestionsShown = 5;
inline constexpr size_t kWhyNodesShown = 30;

std::string WhyTable(const Cluster& cluster, const why::Report& report, bool all);

}  // namespace spreadlab::cli
