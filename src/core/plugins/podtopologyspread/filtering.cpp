// PodTopologySpread PreFilter and Filter (filtering.go).
#include <climits>

#include "core/plugins/podtopologyspread/plugin.h"

namespace spreadlab::plugins {

namespace {
constexpr std::string_view kPreFilterStateKey = "PreFilterPodTopologySpread";

// preFilterState. TpValueToMatchNum is kept per constraint as a dense array over
// the topology key's domains (-1: the domain has no eligible node, i.e. it is
// absent from upstream's map). Only the minimum of criticalPaths is ever read,
// so it is kept directly.
struct PreFilterState : StateData {
  std::vector<TopologySpreadConstraint> constraints;
  std::vector<const TopologyColumn*> columns;
  std::vector<std::vector<int32_t>> tpValueToMatchNum;
  std::vector<int32_t> minMatch;    // criticalPaths[0].MatchNum (MaxInt32 when no domain)
  std::vector<int32_t> domainsNum;  // len(TpValueToMatchNum[i])
  std::vector<uint8_t> selfMatch;

  // preFilterState.minMatchNum: the global minimum, 0 while fewer than minDomains domains exist.
  int32_t MinMatchNum(size_t i) const { return domainsNum[i] < constraints[i].minDomains ? 0 : minMatch[i]; }
};
}  // namespace

// PreFilter / calPreFilterState
Status PodTopologySpread::PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult&, CycleTrace* trace) {
  Cluster& cluster = *h_.cluster;
  bool fromDefaults = false;
  auto constraints = Constraints(pod, v1::kDoNotSchedule, &fromDefaults);
  if (constraints.empty()) return Status::Make(Code::Skip);

  auto& s = state.Write<PreFilterState>(kPreFilterStateKey);
  s.constraints = std::move(constraints);
  const size_t n = s.constraints.size();
  s.columns.resize(n);
  s.tpValueToMatchNum.resize(n);
  s.minMatch.assign(n, INT32_MAX);
  s.domainsNum.assign(n, 0);
  s.selfMatch.resize(n);
  std::vector<const std::vector<int32_t>*> perNode(n);
  for (size_t i = 0; i < n; ++i) {
    const auto& c = s.constraints[i];
    s.columns[i] = &cluster.Column(c.topologyKeySym);
    s.tpValueToMatchNum[i].assign(s.columns[i]->domainValue.size(), -1);
    perNode[i] = &cluster.MatchCounts(pod.nsSym, c.selector);
    s.selfMatch[i] = c.selector.Matches(pod.labels, cluster.pool());
  }

  const RequiredNodeAffinity required = GetRequiredNodeAffinity(cluster.podSpec(pod.index), cluster.pool());
  const InclusionChecker include(*this, s.constraints, pod, required);
  for (const NodeInfo& node : cluster.nodes()) {
    if (!NodeLabelsMatchSpreadConstraints(s.columns, node.index)) continue;
    for (size_t i = 0; i < n; ++i) {
      if (!include(i, node)) continue;
      int32_t& count = s.tpValueToMatchNum[i][s.columns[i]->domainOfNode[node.index]];
      count = (count < 0 ? 0 : count) + (*perNode[i])[node.index];
    }
  }
  for (size_t i = 0; i < n; ++i) {
    for (int32_t count : s.tpValueToMatchNum[i]) {
      if (count < 0) continue;
      ++s.domainsNum[i];
      if (count < s.minMatch[i]) s.minMatch[i] = count;
    }
  }

  if (trace) {
    Summarize(s.constraints, v1::kDoNotSchedule, fromDefaults, pod, trace->spreadFilter);
    for (size_t i = 0; i < n; ++i) {
      auto& sum = trace->spreadFilter[i];
      for (size_t d = 0; d < s.tpValueToMatchNum[i].size(); ++d)
        if (s.tpValueToMatchNum[i][d] >= 0)
          sum.domains.emplace_back(cluster.pool().Str(s.columns[i]->domainValue[d]), s.tpValueToMatchNum[i][d]);
      sum.globalMin = s.MinMatchNum(i);
    }
  }
  return Status::Ok();
}

// Filter: for each constraint, 'existing matching num' + 'if self-match (1 or 0)'
// - 'global minimum' must not exceed maxSkew. With a trace every constraint is
// checked and recorded; the verdict is the first failure, as upstream returns it.
Status PodTopologySpread::Filter(const CycleState& state, const PodInfo&, const NodeInfo& node, CycleTrace* trace) {
  const auto* s = state.Read<PreFilterState>(kPreFilterStateKey);
  if (!s) return Status::AsError("reading \"PreFilterPodTopologySpread\" from cycleState: not found");

  Status verdict = Status::Ok();
  for (size_t i = 0; i < s->constraints.size(); ++i) {
    const auto& c = s->constraints[i];
    int32_t d = s->columns[i]->domainOfNode[node.index];
    SpreadCheck check;
    check.constraint = static_cast<int32_t>(i);
    check.maxSkew = c.maxSkew;
    if (d < 0) {
      if (verdict.IsSuccess()) verdict = Status::Make(Code::UnschedulableAndUnresolvable, kErrReasonNodeLabelNotMatch);
    } else {
      check.domain = s->columns[i]->domainValue[d];
      check.minMatchNum = s->MinMatchNum(i);
      check.selfMatch = s->selfMatch[i];
      check.matchNum = s->tpValueToMatchNum[i][d] < 0 ? 0 : s->tpValueToMatchNum[i][d];
      // int64 arithmetic: the minimum is MaxInt32 when no domain is eligible.
      int64_t skew = int64_t{check.matchNum} + check.selfMatch - check.minMatchNum;
      check.skew = static_cast<int32_t>(std::max<int64_t>(skew, INT32_MIN));
      check.pass = skew <= c.maxSkew;
      if (!check.pass && verdict.IsSuccess())
        verdict = Status::Make(Code::Unschedulable, kErrReasonConstraintsNotMatch);
    }
    if (trace) {
      trace->spreadChecks.push_back(check);
    } else if (!verdict.IsSuccess()) {
      return verdict;
    }
  }
  return verdict;
}

}  // namespace spreadlab::plugins
