#pragma once
// PodTopologySpread's Filter arithmetic for one node and constraint, as text, so that a
// verdict can be checked by hand: "zone=zoneA: 2 + 1 - 1 = 2 > maxSkew 1", matchNum +
// selfMatch - minMatchNum = skew against maxSkew, as upstream's PodTopologySpread Filter
// (filtering.go) computes it. The CLI's explain table and the lab's decision text share it.
#include <string>

#include "core/framework/trace.h"

namespace spreadlab {

std::string SpreadArithmetic(const CycleTrace& t, const SpreadCheck& k, const StringPool& pool);

}  // namespace spreadlab
