#include "core/why/compare.h"

#include <unordered_map>

namespace spreadlab::why {

namespace {

SideVerdict Verdict(const CycleTrace& t, NodeIndex n) {
  SideVerdict v;
  const NodeTrace& nt = t.nodes[n];
  v.present = true;
  v.evaluated = nt.evaluated;
  v.feasible = nt.feasible;
  if (const FilterVerdict* f = nt.evaluated && !nt.feasible ? t.Reported(nt) : nullptr) {
    v.rejectedBy = t.filterPlugins[f->plugin];
    v.reason = t.JoinedReasons(*f);
  }
  if (t.scored && nt.feasible) {
    v.total = nt.total;
    for (uint32_t s = 0; s < nt.scoreCount; ++s) {
      const ScoreEntry& e = t.scores[nt.scoreBegin + s];
      v.scores.push_back(PluginScore{t.scorePlugins[e.plugin], e.normalized, e.weight, e.weighted});
    }
  }
  return v;
}

bool Run(Cluster& c, Framework& f, const std::string& podKey, CycleTrace& t, const char* side, std::string& error) {
  PodIndex p = c.FindPod(podKey);
  if (p == kNone || !c.pod(p).Pending()) {
    error = std::string(side) + ": no pending pod " + podKey;
    return false;
  }
  f.RunCycle(p, t, /*explain=*/true);
  return true;
}

}  // namespace

std::string VerdictText(const SideVerdict& v) {
  if (!v.present) return "(no such node)";
  if (!v.evaluated) return "not evaluated";
  if (!v.feasible) return "rejected: " + v.rejectedBy;
  return v.total ? "feasible, total " + std::to_string(*v.total) : "feasible";
}

bool Compare(Cluster& a, Framework& fa, Cluster& b, Framework& fb, const std::string& podKey, Comparison& out,
             std::string& error) {
  CycleTrace ta, tb;
  if (!Run(a, fa, podKey, ta, "first scenario", error) || !Run(b, fb, podKey, tb, "second scenario", error))
    return false;
  out = Comparison{};
  out.pod = podKey;
  out.selectedA = ta.selected == kNone ? "" : a.node(ta.selected).name;
  out.selectedB = tb.selected == kNone ? "" : b.node(tb.selected).name;
  out.messageA = ta.message.empty() ? ta.error : ta.message;
  out.messageB = tb.message.empty() ? tb.error : tb.message;
  std::unordered_map<std::string, size_t> row;
  for (const NodeInfo& n : a.nodes()) {
    row[n.name] = out.rows.size();
    out.rows.push_back(CompareRow{n.name, Verdict(ta, n.index), {}, false});
  }
  for (const NodeInfo& n : b.nodes()) {
    auto [it, fresh] = row.try_emplace(n.name, out.rows.size());
    if (fresh) out.rows.push_back(CompareRow{n.name, {}, {}, false});
    out.rows[it->second].b = Verdict(tb, n.index);
  }
  for (CompareRow& r : out.rows) {
    r.differs = r.a.present != r.b.present || r.a.evaluated != r.b.evaluated || r.a.feasible != r.b.feasible ||
                r.a.rejectedBy != r.b.rejectedBy || r.a.total != r.b.total;
  }
  return true;
}

}  // namespace spreadlab::why
