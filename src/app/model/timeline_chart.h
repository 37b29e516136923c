#pragma once
// What the timeline's chart shows (panels/timeline.cpp): the matching pods per domain of
// the last step's first spread constraint after each step, and its legend at the cursor
// (the step the picture shows, not the last one).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/model/lab.h"

namespace spreadlab::app {

struct TimelineChart {
  std::string topologyKey, selector;
  int32_t maxSkew = 0;
  std::optional<int32_t> skew;  // at the cursor; nullopt before the first step or when the step did not count it
  // Every domain any step counted, in order of appearance: a failed zone keeps its history.
  std::vector<std::string> domains;
  // counts[d][i]: domain d's matching pods after step i; -1 when the domain was not there
  // (its nodes failed).
  std::vector<std::vector<int32_t>> counts;
  // legend[d]: counts[d] at the cursor (after its first `cursor` steps); nullopt at the start.
  std::vector<std::optional<int32_t>> legend;
  int32_t maxCount = 1;
};

// nullopt when the last step counted no spread constraint.
std::optional<TimelineChart> ChartTimeline(const std::vector<TimelineStep>& steps, size_t cursor);

}  // namespace spreadlab::app
