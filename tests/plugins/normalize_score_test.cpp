// Ported from kubernetes/kubernetes
//   pkg/scheduler/framework/plugins/helper/normalize_score_test.go
//   (TestDefaultNormalizeScore) at commit 3ef6ef3cfbd27321db8aac529077c7ef016f82c2.
// Upstream names its subtests "case_%d" by index; so do we.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/plugins/helper/normalize_score.h"

namespace spreadlab {
namespace {

struct NormalizeCase {
  bool reverse = false;
  std::vector<int64_t> scores;
  std::vector<int64_t> expectedScores;
};

TEST(NormalizeScoreTest, TestDefaultNormalizeScore) {
  std::vector<NormalizeCase> tests = {
      {false, {1, 2, 3, 4}, {25, 50, 75, 100}},
      {true, {1, 2, 3, 4}, {75, 50, 25, 0}},
      {false, {1000, 10, 20, 30}, {100, 1, 2, 3}},
      {true, {1000, 10, 20, 30}, {0, 99, 98, 97}},
      {false, {1, 1, 1, 1}, {100, 100, 100, 100}},
      {false, {1000, 1, 1, 1}, {100, 0, 0, 0}},
      {true, {0, 1, 1, 1}, {100, 0, 0, 0}},
      {false, {0, 0, 0, 0}, {0, 0, 0, 0}},
      {true, {0, 0, 0, 0}, {100, 100, 100, 100}},
  };

  for (size_t i = 0; i < tests.size(); ++i) {
    const auto& test = tests[i];
    SCOPED_TRACE("case_" + std::to_string(i));
    std::vector<NodeScore> scores;
    for (int64_t s : test.scores) scores.push_back(NodeScore{kNone, s});
    helper::DefaultNormalizeScore(kMaxNodeScore, test.reverse, scores);
    std::vector<int64_t> got;
    for (const auto& s : scores) got.push_back(s.score);
    EXPECT_EQ(got, test.expectedScores);
  }
}

}  // namespace
}  // namespace spreadlab
