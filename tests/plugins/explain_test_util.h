#pragma once
// Explaining one node's score through ScoreExplainer after the harness scored the nodes,
// the way Framework::ExplainScore does after a cycle.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "testing/harness.h"

namespace spreadlab::testing {

struct Explained {
  ScoreExplanation x;
  int64_t raw = 0;         // the node's score from Score
  int64_t normalized = 0;  // and after NormalizeScore
};

// PreScore, Score and NormalizeScore over `filtered`, then the explanation of `node`'s score.
inline Explained ExplainNode(PluginHarness& h, const std::vector<std::string>& filtered, const std::string& node) {
  Status status = Status::Ok();
  std::vector<int64_t> raw;
  const std::vector<int64_t> normalized = h.Scores(filtered, &status, &raw);
  EXPECT_TRUE(status.IsSuccess()) << status.Message();
  if (!status.IsSuccess()) return {};
  std::vector<NodeScore> scores;
  for (size_t i = 0; i < filtered.size(); ++i) scores.push_back({h.cluster().FindNode(filtered[i]), raw[i]});
  const size_t k = static_cast<size_t>(std::find(filtered.begin(), filtered.end(), node) - filtered.begin());
  auto& explainer = dynamic_cast<ScoreExplainer&>(h.plugin());
  return {explainer.ExplainScore(h.state(), h.pod(), h.cluster().node(scores[k].node), scores, normalized[k]), raw[k],
          normalized[k]};
}

}  // namespace spreadlab::testing
