#include "core/why/variant.h"

#include <algorithm>
#include <functional>

#include "core/framework/framework.h"
#include "core/plugins/registry.h"
#include "core/scheduler/spread_report.h"

namespace spreadlab::why {

namespace {

// A cluster edit written into the compiled cluster, with what undoes it.
class InPlace : public ClusterWriter {
 public:
  explicit InPlace(Cluster& c) : c_(c) {}
  bool Uncordon(size_t node) override {
    const auto n = static_cast<NodeIndex>(node);
    c_.SetUnschedulable(n, false);
    undo = [&c = c_, n] { c.SetUnschedulable(n, true); };
    return true;
  }
  bool AddNode(size_t /*like*/, v1::Node node) override {
    c_.AddNode(std::move(node));
    undo = [&c = c_] { c.RemoveLastNode(); };
    return true;
  }
  bool MovePod(size_t pod, size_t node) override {
    return Rebind(static_cast<PodIndex>(pod), static_cast<NodeIndex>(node));
  }
  bool DeletePod(size_t pod) override { return Rebind(static_cast<PodIndex>(pod), kNone); }
  bool ShrinkPod(size_t pod, v1::Pod shrunk) override {
    const auto q = static_cast<PodIndex>(pod);
    const NodeIndex on = c_.pod(q).node;
    if (on == kNone) return false;
    // Off its node and back with the new spec, in its place among the node's pods.
    auto respec = [&c = c_, q, on, order = c_.node(on).pods](v1::Pod spec) {
      c.Unbind(q);
      c.ReplacePendingPod(q, std::move(spec));
      c.Bind(q, on);
      c.RestorePodOrder(on, order);
    };
    v1::Pod before = c_.podSpec(q);
    respec(std::move(shrunk));
    undo = [respec, before] { respec(before); };
    return true;
  }
  bool RecreateClaim(size_t claim, v1::PersistentVolumeClaim fresh, ptrdiff_t volume) override {
    const auto c = static_cast<int32_t>(claim);
    const auto v = static_cast<int32_t>(volume);
    v1::PersistentVolumeClaim before = c_.scenario().persistentVolumeClaims[c];
    c_.ReplaceClaim(c, std::move(fresh));
    if (v >= 0) c_.SetVolumeTerminating(v, true);
    undo = [&cl = c_, c, v, before] {
      cl.ReplaceClaim(c, before);
      if (v >= 0) cl.SetVolumeTerminating(v, false);
    };
    return true;
  }
  std::function<void()> undo;

 private:
  // Unbound, a deleted pod no longer counts anywhere; the cycle is only run for the pending pod.
  bool Rebind(PodIndex q, NodeIndex to) {
    const NodeIndex from = c_.pod(q).node;
    if (from == kNone) return false;  // bound to a node the dump does not hold
    c_.Unbind(q);
    if (to != kNone) c_.Bind(q, to);
    undo = [&c = c_, q, from] {
      c.Unbind(q);
      c.Bind(q, from);
    };
    return true;
  }
  Cluster& c_;
};

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
      case CostClass::Cluster: {
        InPlace writer(cluster);
        if (WriteClusterEdit(cluster.scenario(), pod, e, writer)) undo_ = std::move(writer.undo);
        break;
      }
    }
  }
  ~Applied() {
    if (undo_) undo_();
  }
  bool ok() const { return static_cast<bool>(undo_); }
  const config::Profile& profile() const { return profile_; }

 private:
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
