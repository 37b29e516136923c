#include "app/model/timeline_chart.h"

#include <algorithm>

namespace spreadlab::app {

namespace {

// The report of `like`'s constraint among a step's, if it counted it.
const SpreadReport* Same(const std::vector<SpreadReport>& spread, const SpreadReport& like) {
  for (const SpreadReport& r : spread)
    if (r.ns == like.ns && r.topologyKey == like.topologyKey && r.selector == like.selector) return &r;
  return nullptr;
}

// A domain's matching pods in a report; -1 when the domain is missing (its nodes failed).
int32_t Count(const SpreadReport* r, const std::string& domain) {
  if (r)
    for (const DomainCount& d : r->domains)
      if (d.value == domain) return d.matchNum;
  return -1;
}

}  // namespace

std::optional<TimelineChart> ChartTimeline(const std::vector<TimelineStep>& steps, size_t cursor) {
  if (steps.empty() || steps.back().spread.empty()) return std::nullopt;
  const SpreadReport& last = steps.back().spread.front();
  TimelineChart chart;
  chart.topologyKey = last.topologyKey;
  chart.selector = last.selector;
  chart.maxSkew = last.maxSkew;
  std::vector<const SpreadReport*> reports;
  for (const TimelineStep& s : steps) {
    reports.push_back(Same(s.spread, last));
    if (reports.back())
      for (const DomainCount& d : reports.back()->domains) {
        chart.maxCount = std::max(chart.maxCount, d.matchNum);
        if (std::find(chart.domains.begin(), chart.domains.end(), d.value) == chart.domains.end())
          chart.domains.push_back(d.value);
      }
  }
  cursor = std::min(cursor, steps.size());
  const SpreadReport* now = cursor > 0 ? reports[cursor - 1] : nullptr;
  if (now) chart.skew = now->skew;
  for (const std::string& domain : chart.domains) {
    std::vector<int32_t>& counts = chart.counts.emplace_back();
    for (const SpreadReport* r : reports) counts.push_back(Count(r, domain));
    chart.legend.push_back(cursor > 0 ? std::optional<int32_t>(counts[cursor - 1]) : std::nullopt);
  }
  return chart;
}

}  // namespace spreadlab::app
