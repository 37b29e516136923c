#pragma once
// Which edits are worth re-running the cycle for, read off the conflict
// matrix: only edits that relax a row that rejects some node, aimed at the
// nodes closest to feasible, and bounded in number (Options) so that a big
// cluster costs a handful of re-runs.
#include <vector>

#include "core/framework/framework.h"
#include "core/why/analysis.h"

namespace spreadlab::why {

// `report` holds the matrix and constraints of the cycle being explained.
// RaiseMaxSkew candidates carry the smallest value the matrix says admits a
// node: the least skew among the nodes that fail only that constraint.
std::vector<Edit> CandidateEdits(const Cluster& cluster, Framework& framework, const Report& report,
                                 const Options& options);

}  // namespace spreadlab::why
