#include "core/why/variant.h"

#include <algorithm>
#include <functional>

#include "core/framework/framework.h"
#include "core/plugins/registry.h"
#include "core/scheduler/spread_report.h"

namespace spreadlab::why {

namespace {

// Applies an edit to the cluster and the profile; the destructor undoes it.
class Applied {
 public:
  Applied(Cluster& cluster, PodIndex pod, const Edit& e) : cluster_(cluster) {
    profile_ = cluster.scenario().profile.value_or(config::Profile{});
    switch (CostClassOf(e.kind)) {
      case CostClass::Constraint:
      case CostClass::Pod: {
        // The pod's (and the profile's) edits are ApplyEdit's own, on a scenario of that pod alone.
        Scenario one;
        one.pods = {cluster.podSpec(pod)};
        one.profile = cluster.scenario().profile;
        if (!ApplyEdit(one, 0, e)) return;
        profile_ = one.profile.value_or(config::Profile{});
        v1::Pod before = cluster.podSpec(pod);
        cluster.ReplacePendingPod(pod, std::move(one.pods[0]));
        undo_ = [&cluster, pod, before]() mutable { cluster.ReplacePendingPod(pod, std::move(before)); };
        break;
      }
      case CostClass::Cluster:
        ApplyToCluster(pod, e);
        break;
    }
  }
  ~Applied() {
    if (undo_) undo_();
  }
  bool ok() const { return static_cast<bool>(undo_); }
  const config::Profile& profile() const { return profile_; }

 private:
  void ApplyToCluster(PodIndex pod, const Edit& e) {
    Cluster& c = cluster_;
    if (e.kind == EditKind::UncordonNode) {
      NodeIndex n = c.FindNode(e.node);
      if (n == kNone || !c.node(n).unschedulable) return;
      c.SetUnschedulable(n, false);
      undo_ = [&c, n] { c.SetUnschedulable(n, true); };
    } else if (e.kind == EditKind::AddNode) {
      NodeIndex from = c.FindNode(e.node);
      if (from == kNone || c.FindNode(e.newNode) != kNone) return;
      c.AddNode(CopyNode(c.scenario().nodes[from], e.newNode));
      undo_ = [&c] { c.RemoveLastNode(); };
    } else {  // MovePod, DeletePod
      PodIndex q = c.FindPod(e.pod);
      if (q == kNone || q == pod || c.pod(q).node == kNone) return;
      NodeIndex from = c.pod(q).node, to = e.kind == EditKind::MovePod ? c.FindNode(e.newNode) : kNone;
      if (e.kind == EditKind::MovePod && to == kNone) return;
      c.Unbind(q);
      if (to != kNone) c.Bind(q, to);
      undo_ = [&c, q, from] {
        c.Unbind(q);
        c.Bind(q, from);
      };
    }
  }

  Cluster& cluster_;
  config::Profile profile_;
  std::function<void()> undo_;
};

}  // namespace

VariantOutcome RunVariant(Cluster& cluster, PodIndex pod, const Edit& edit) {
  VariantOutcome out;
  Applied applied(cluster, pod, edit);
  if (!applied.ok()) return out;
  // Fresh frameworks: plugin caches assume a cluster only ever gains pods.
  std::string error;
  auto fw = plugins::NewFramework(cluster, applied.profile(), error);
  if (!fw) return out;
  CycleTrace trace;
  fw->RunCycle(pod, trace, /*explain=*/true);
  if (!trace.error.empty()) return out;
  out.applied = true;
  out.message = trace.message;

  // The feasible set needs every node's verdict; kube-scheduler's own cycle
  // stops early once it has enough feasible nodes.
  const bool sampled = std::any_of(trace.nodes.begin(), trace.nodes.end(),
                                   [](const NodeTrace& nt) { return nt.notEvaluated == NotEvaluated::EnoughFeasible; });
  CycleTrace all;
  if (sampled) {
    auto full = plugins::NewFramework(cluster, applied.profile(), error);
    full->setEvaluateAllNodes(true);
    full->RunCycle(pod, all, /*explain=*/true);
  }
  for (const NodeTrace& nt : (sampled ? all : trace).nodes)
    if (nt.feasible) out.feasible.push_back(cluster.node(nt.node).name);

  if (trace.selected != kNone) {
    out.lands = cluster.node(trace.selected).name;
    cluster.Bind(pod, trace.selected);
    for (const SpreadReport& r : ReportSpread(*fw, cluster, {pod})) out.skewAfter = std::max(out.skewAfter, r.skew);
    cluster.Unbind(pod);
  }
  return out;
}

std::string Reschedule(Cluster& cluster, PodIndex pod, NodeIndex landed, PodIndex moved) {
  const NodeIndex home = cluster.pod(moved).node;
  if (home == kNone) return "";
  cluster.Bind(pod, landed);
  cluster.Unbind(moved);
  // Evicted, it is a new pending pod: spec.nodeName no longer pins it (NodeName).
  v1::Pod spec = cluster.podSpec(moved);
  v1::Pod evicted = spec;
  evicted.spec.nodeName.clear();
  cluster.ReplacePendingPod(moved, std::move(evicted));
  std::string error;
  auto fw = plugins::NewFramework(cluster, cluster.scenario().profile.value_or(config::Profile{}), error);
  CycleTrace trace;
  if (fw) fw->RunCycle(moved, trace, /*explain=*/false);
  cluster.ReplacePendingPod(moved, std::move(spec));
  cluster.Bind(moved, home);
  cluster.Unbind(pod);
  return trace.selected == kNone ? "" : cluster.node(trace.selected).name;
}

}  // namespace spreadlab::why
