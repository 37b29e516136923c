#include "core/why/analysis.h"

#include <algorithm>
#include <tuple>

#include "core/plugins/registry.h"
#include "core/why/candidates.h"
#include "core/why/variant.h"

namespace spreadlab::why {

namespace {

bool Sampled(const CycleTrace& t) {
  return std::any_of(t.nodes.begin(), t.nodes.end(),
                     [](const NodeTrace& nt) { return nt.notEvaluated == NotEvaluated::EnoughFeasible; });
}

class Search {
 public:
  Search(Cluster& cluster, Report& r) : cluster_(cluster), r_(r) {
    for (NodeIndex n : r.matrix.feasible) feasibleBefore_.push_back(cluster.node(n).name);
    if (r.target != kNone)
      targetFeasibleBefore_ =
          std::find(r.matrix.feasible.begin(), r.matrix.feasible.end(), r.target) != r.matrix.feasible.end();
  }

  // Re-runs the cycle with `e`; keeps it as a suggestion when it works.
  bool Try(const Edit& e, VariantOutcome* outcome = nullptr) {
    ++r_.candidatesTried;
    VariantOutcome o = RunVariant(cluster_, r_.pod, e);
    if (!Works(o)) return false;
    if (outcome) *outcome = o;
    Suggestion s;
    s.edit = e;
    s.summary = Describe(e, cluster_.scenario(), r_.pod);
    for (const auto& n : o.feasible)
      if (std::find(feasibleBefore_.begin(), feasibleBefore_.end(), n) == feasibleBefore_.end())
        s.newlyFeasible.push_back(n);
    s.feasibleNodes = std::move(o.feasible);
    s.lands = o.lands;
    s.message = o.message;
    s.landsOnTarget = !r_.targetNode.empty() && o.lands == r_.targetNode;
    s.skewAfter = o.skewAfter;
    r_.suggestions.push_back(std::move(s));
    return true;
  }

  // The matrix's maxSkew is the least that admits a node; the re-runs check
  // it, and that one less does not.
  void TryMaxSkew(Edit e) {
    if (!Try(e)) return;
    while (e.to - 1 > e.from) {
      --e.to;
      ++r_.candidatesTried;
      if (!Works(RunVariant(cluster_, r_.pod, e))) break;
      r_.suggestions.pop_back();  // a smaller value works too: the prediction was not the least
      Try(e);
    }
  }

  // A deletion that works may also work as a move: the pod re-scheduled after
  // the pending pod is placed, when it lands elsewhere.
  void TryDelete(const Edit& e) {
    VariantOutcome o;
    if (!Try(e, &o)) return;
    Edit move = e;
    move.kind = EditKind::MovePod;
    move.newNode = Reschedule(cluster_, r_.pod, cluster_.FindNode(o.lands), cluster_.FindPod(e.pod));
    ++r_.candidatesTried;
    if (!move.newNode.empty() && move.newNode != e.node) Try(move);
  }

 private:
  bool Works(const VariantOutcome& o) const {
    if (!o.applied) return false;
    if (r_.targetNode.empty()) return !o.lands.empty();
    if (o.lands == r_.targetNode) return true;
    return !targetFeasibleBefore_ && std::find(o.feasible.begin(), o.feasible.end(), r_.targetNode) != o.feasible.end();
  }

  Cluster& cluster_;
  Report& r_;
  std::vector<std::string> feasibleBefore_;
  bool targetFeasibleBefore_ = false;
};

}  // namespace

bool Analyze(Cluster& cluster, Framework& framework, PodIndex pod, const Options& options, Report& out,
             std::string& error) {
  out = Report{};
  out.pod = pod;
  out.targetNode = options.targetNode;
  if (!options.targetNode.empty()) {
    out.target = cluster.FindNode(options.targetNode);
    if (out.target == kNone) {
      error = "no node \"" + options.targetNode + "\" in the scenario";
      return false;
    }
  }
  CycleTrace trace;
  framework.RunCycle(pod, trace, /*explain=*/true);
  out.selected = trace.selected;
  out.message = trace.message;
  out.error = trace.error;
  out.schedulingGates = trace.schedulingGates;
  out.preemption = trace.preemption;
  out.noNodes = cluster.nodes().empty();
  if (!trace.error.empty() || !out.schedulingGates.empty() || out.noNodes) return true;

  // The matrix needs every node's verdict, which a sampling cycle leaves out.
  CycleTrace all;
  const bool sampled = Sampled(trace);
  if (sampled) {
    auto full = plugins::NewFramework(cluster, cluster.scenario().profile.value_or(config::Profile{}), error);
    if (!full) return false;
    full->setEvaluateAllNodes(true);
    full->RunCycle(pod, all, /*explain=*/true);
  }
  const CycleTrace& t = sampled ? all : trace;
  out.filterPlugins = t.filterPlugins;
  out.preFilter = t.preFilter;
  out.spreadFilter = t.spreadFilter;
  out.nodes = t.nodes;
  out.matrix = BuildMatrix(t);

  out.searched = out.target == kNone ? out.selected == kNone : out.selected != out.target;
  if (!out.searched) return true;
  Search search(cluster, out);
  for (const Edit& e : CandidateEdits(cluster, framework, out, options)) {
    if (e.kind == EditKind::RaiseMaxSkew) {
      search.TryMaxSkew(e);
    } else if (e.kind == EditKind::DeletePod) {
      search.TryDelete(e);
    } else {
      search.Try(e);
    }
  }

  // A change that loses a volume's data comes after every change that does not.
  auto key = [](const Suggestion& s) {
    return std::make_tuple(!s.landsOnTarget, LosesData(s.edit), CostClassOf(s.edit.kind), Magnitude(s.edit),
                           s.skewAfter, s.edit.kind);
  };
  std::stable_sort(out.suggestions.begin(), out.suggestions.end(),
                   [&](const Suggestion& a, const Suggestion& b) { return key(a) < key(b); });
  return true;
}

}  // namespace spreadlab::why
