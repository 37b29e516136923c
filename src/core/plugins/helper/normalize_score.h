#pragma once
// helper.DefaultNormalizeScore (pkg/scheduler/framework/plugins/helper).
#include <span>
#include <string>

#include "core/framework/interface.h"

namespace spreadlab::helper {

// Scales scores so the highest becomes maxPriority (integer division, as
// upstream); `reverse` flips them (maxPriority - score). All-zero scores stay
// zero, or become maxPriority when reversed.
void DefaultNormalizeScore(int64_t maxPriority, bool reverse, std::span<NodeScore> scores);

// DefaultNormalizeScore's formula for one raw `score` among `scores`, with the max it used:
// "s x 100 / max = 50 x 100 / 70 = 71 (max 70 over the 3 nodes)".
std::string ExplainDefaultNormalizeScore(int64_t maxPriority, bool reverse, std::span<const NodeScore> scores,
                                         int64_t score);

}  // namespace spreadlab::helper
