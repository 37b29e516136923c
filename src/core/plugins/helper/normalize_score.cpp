#include "core/plugins/helper/normalize_score.h"

namespace spreadlab::helper {

void DefaultNormalizeScore(int64_t maxPriority, bool reverse, std::span<NodeScore> scores) {
  int64_t maxCount = 0;
  for (const auto& s : scores)
    if (s.score > maxCount) maxCount = s.score;
  if (maxCount == 0) {
    if (reverse)
      for (auto& s : scores) s.score = maxPriority;
    return;
  }
  for (auto& s : scores) {
    int64_t score = maxPriority * s.score / maxCount;
    s.score = reverse ? maxPriority - score : score;
  }
}

}  // namespace spreadlab::helper
