#pragma once
// helper.DefaultNormalizeScore (pkg/scheduler/framework/plugins/helper).
#include <span>

#include "core/framework/interface.h"

namespace spreadlab::helper {

// Scales scores so the highest becomes maxPriority (integer division, as
// upstream); `reverse` flips them (maxPriority - score). All-zero scores stay
// zero, or become maxPriority when reversed.
void DefaultNormalizeScore(int64_t maxPriority, bool reverse, std::span<NodeScore> scores);

}  // namespace spreadlab::helper
