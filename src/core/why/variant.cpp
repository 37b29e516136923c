#include "core/why/variant.h"

#include <algorithm>

#include "core/spread_report.h"

namespace spreadlab::why {

VariantOutcome RunVariant(const Scenario& base, size_t pod, const Edit& edit) {
  VariantOutcome out;
  Scenario s = base;
  std::optional<size_t> index = ApplyEdit(s, pod, edit);
  if (!index) return out;
  const config::Profile profile = s.profile.value_or(config::Profile{});
  Cluster cluster(std::move(s));
  std::string error;
  auto fw = Framework::New(cluster, profile, error);
  if (!fw) return out;
  const PodIndex p = static_cast<PodIndex>(*index);
  CycleTrace trace;
  fw->RunCycle(p, trace, /*explain=*/true);
  if (!trace.error.empty()) return out;
  out.applied = true;
  out.message = trace.message;

  // The feasible set needs every node's verdict; kube-scheduler's own cycle
  // stops early once it has enough feasible nodes.
  const bool sampled = std::any_of(trace.nodes.begin(), trace.nodes.end(),
                                   [](const NodeTrace& nt) { return nt.notEvaluated == NotEvaluated::EnoughFeasible; });
  CycleTrace all;
  if (sampled) {
    auto full = Framework::New(cluster, profile, error);
    full->setEvaluateAllNodes(true);
    full->RunCycle(p, all, /*explain=*/true);
  }
  for (const NodeTrace& nt : (sampled ? all : trace).nodes)
    if (nt.feasible) out.feasible.push_back(cluster.node(nt.node).name);

  if (trace.selected != kNone) {
    out.lands = cluster.node(trace.selected).name;
    cluster.Bind(p, trace.selected);
    for (const SpreadReport& r : ReportSpread(*fw, cluster, {p})) out.skewAfter = std::max(out.skewAfter, r.skew);
  }
  return out;
}

}  // namespace spreadlab::why
