#pragma once
// helper.FunctionShape / BuildBrokenLinearFunction
// (pkg/scheduler/framework/plugins/helper/shape_score.go).
#include <cstdint>
#include <functional>
#include <vector>

namespace spreadlab::helper {

struct FunctionShapePoint {
  int64_t utilization = 0;  // the function argument
  int64_t score = 0;        // the function value
};
using FunctionShape = std::vector<FunctionShapePoint>;

// A function built of linear segments between the shape's points:
//   shape[0].score for p < shape[0].utilization,
//   shape[i].score for p == shape[i].utilization,
//   shape[n-1].score for p > shape[n-1].utilization,
// and linear (integer arithmetic, truncating as Go does) in between.
// The shape must not be empty (upstream's args validation guarantees it).
std::function<int64_t(int64_t)> BuildBrokenLinearFunction(FunctionShape shape);

}  // namespace spreadlab::helper
