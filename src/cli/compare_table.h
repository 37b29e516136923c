#pragma once
// `spreadlab compare` as a table: the two outcomes, then every node side by side.
#include <string>

#include "core/why/compare.h"

namespace spreadlab::cli {

std::string CompareTable(const why::Comparison& c, const std::string& nameA, const std::string& nameB, bool all);

}  // namespace spreadlab::cli
