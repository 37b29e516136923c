#include "core/plugins/helper/shape_score.h"

namespace spreadlab::helper {

std::function<int64_t(int64_t)> BuildBrokenLinearFunction(FunctionShape shape) {
  return [shape = std::move(shape)](int64_t p) -> int64_t {
    for (size_t i = 0; i < shape.size(); ++i) {
      if (p <= shape[i].utilization) {
        if (i == 0) return shape[0].score;
        return shape[i - 1].score + (shape[i].score - shape[i - 1].score) * (p - shape[i - 1].utilization) /
                                        (shape[i].utilization - shape[i - 1].utilization);
      }
    }
    return shape.back().score;
  };
}

}  // namespace spreadlab::helper
