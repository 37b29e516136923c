#include "core/plugins/helper/normalize_score.h"

namespace spreadlab::helper {

namespace {
// maxCount: the highest score, 0 when none is positive.
int64_t MaxCount(std::span<const NodeScore> scores) {
  int64_t maxCount = 0;
  for (const auto& s : scores)
    if (s.score > maxCount) maxCount = s.score;
  return maxCount;
}

int64_t Normalized(int64_t maxPriority, bool reverse, int64_t maxCount, int64_t score) {
  if (maxCount == 0) return reverse ? maxPriority : score;
  const int64_t scaled = maxPriority * score / maxCount;
  return reverse ? maxPriority - scaled : scaled;
}
}  // namespace

void DefaultNormalizeScore(int64_t maxPriority, bool reverse, std::span<NodeScore> scores) {
  const int64_t maxCount = MaxCount(scores);
  for (auto& s : scores) s.score = Normalized(maxPriority, reverse, maxCount, s.score);
}

std::string ExplainDefaultNormalizeScore(int64_t maxPriority, bool reverse, std::span<const NodeScore> scores,
                                         int64_t score) {
  const int64_t maxCount = MaxCount(scores);
  const std::string result = std::to_string(Normalized(maxPriority, reverse, maxCount, score));
  if (maxCount == 0) return "no node scored above 0: " + result;
  const std::string top = std::to_string(maxPriority), max = std::to_string(maxCount);
  const std::string flip = reverse ? top + " - " : "";
  return flip + "s x " + top + " / max = " + flip + std::to_string(score) + " x " + top + " / " + max + " = " + result +
         " (max " + max + " over the " + std::to_string(scores.size()) + " nodes)";
}

}  // namespace spreadlab::helper
