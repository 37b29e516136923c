#include "core/scheduler/spread_report.h"

#include <algorithm>
#include <climits>

#include "core/plugins/podtopologyspread/plugin.h"

namespace spreadlab {

std::vector<SpreadReport> ReportSpread(Framework& framework, Cluster& cluster, const std::vector<PodIndex>& pods) {
  std::vector<SpreadReport> out;
  auto* pts = dynamic_cast<plugins::PodTopologySpread*>(framework.FindPlugin(plugins::PodTopologySpread::kName));
  if (!pts) return out;
  for (PodIndex pi : pods) {
    const PodInfo& pod = cluster.pod(pi);
    for (const char* action : {v1::kDoNotSchedule, v1::kScheduleAnyway}) {
      bool fromDefaults = false;
      for (const auto& c : pts->Constraints(pod, action, &fromDefaults)) {
        std::string sel = SelectorString(c.selector, cluster.pool());
        bool seen = std::any_of(out.begin(), out.end(), [&](const SpreadReport& r) {
          return r.ns == pod.ns && r.topologyKey == c.topologyKey && r.selector == sel;
        });
        if (seen) continue;
        SpreadReport r{pod.ns, c.topologyKey, sel, action, c.maxSkew, {}, 0};
        const TopologyColumn& col = cluster.Column(c.topologyKeySym);
        const auto& perNode = cluster.MatchCounts(pod.nsSym, c.selector);
        std::vector<int32_t> counts(col.domainValue.size(), 0);
        for (size_t n = 0; n < perNode.size(); ++n)
          if (col.domainOfNode[n] >= 0) counts[col.domainOfNode[n]] += perNode[n];
        int32_t lo = INT32_MAX, hi = 0;
        for (int32_t v : counts) lo = std::min(lo, v), hi = std::max(hi, v);
        for (size_t d = 0; d < counts.size(); ++d)
          r.domains.push_back({cluster.pool().Str(col.domainValue[d]), counts[d], counts[d] - lo});
        r.skew = counts.empty() ? 0 : hi - lo;
        out.push_back(std::move(r));
      }
    }
  }
  return out;
}

}  // namespace spreadlab
