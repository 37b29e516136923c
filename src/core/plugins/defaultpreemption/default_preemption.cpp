#include "core/plugins/defaultpreemption/default_preemption.h"

#include <algorithm>
#include <limits>

#include "core/framework/framework.h"

namespace spreadlab::preemption {

int32_t PodPriority(const Cluster& cluster, PodIndex pod) { return cluster.pod(pod).priority; }

namespace {

// PodEligibleToPreemptOthers: "" when eligible, else why not.
std::string NotEligible(const Cluster& cluster, const PodInfo& pod, std::span<const Code> nodeCodes) {
  const v1::Pod& spec = cluster.podSpec(pod.index);
  if (spec.spec.preemptionPolicy == "Never") return "not eligible due to preemptionPolicy=Never.";
  if (spec.nominatedNodeName.empty()) return "";
  const NodeIndex nnn = cluster.FindNode(spec.nominatedNodeName);
  // A nominated node that no preemption can help does not hold the pod back (kubernetes#92600);
  // a missing node has the absent status, UnschedulableAndUnresolvable.
  if (nnn == kNone || nodeCodes[nnn] == Code::UnschedulableAndUnresolvable) return "";
  const int32_t priority = PodPriority(cluster, pod.index);
  for (PodIndex p : cluster.node(nnn).pods)
    if (PodPriority(cluster, p) < priority && cluster.pod(p).terminating && cluster.podSpec(p).preemptedByScheduler)
      return "not eligible due to a terminating pod on the nominated node.";
  return "";
}

// GetOffsetAndNumCandidates, with the offset 0 (see the header).
size_t NumCandidates(size_t numNodes, const Args& args) {
  size_t n = numNodes * static_cast<size_t>(std::max(args.minCandidateNodesPercentage, 0)) / 100;
  n = std::max(n, static_cast<size_t>(std::max(args.minCandidateNodesAbsolute, 0)));
  return std::min(n, numNodes);
}

// MoreImportantVictim: higher priority, then the earlier start. A pod without a start
// time counts as started "now", when its victim is built in the node's pod order (1.37,
// kubernetes#137981); before, util.MoreImportantPod read "now" at each comparison, so that
// sort.Slice left such pods of one priority in the reverse of the node's order.
struct VictimKey {
  int32_t priority;
  int64_t start;                              // INT64_MAX: no status.startTime
  size_t order;                               // position on the node (reversed before 1.37)
  bool operator<(const VictimKey& o) const {  // more important first
    if (priority != o.priority) return priority > o.priority;
    if (start != o.start) return start < o.start;
    return order < o.order;
  }
};

int64_t StartOf(const Cluster& cluster, PodIndex p) {
  return cluster.podSpec(p).startTime.value_or(std::numeric_limits<int64_t>::max());
}

// SelectVictimsOnNode: unbind every lower-priority pod; if the pod then fits, bind them
// back most important first, keeping each whose return makes the pod not fit.
DryRunStatus SelectVictimsOnNode(Cluster& cluster, const PodInfo& pod, NodeIndex n, const FilterOnNode& filter,
                                 std::vector<PodIndex>& victims) {
  victims.clear();
  const std::vector<PodIndex> before = cluster.node(n).pods;
  const int32_t priority = PodPriority(cluster, pod.index);
  std::vector<std::pair<VictimKey, PodIndex>> potential;
  for (size_t i = 0; i < before.size(); ++i)
    if (PodPriority(cluster, before[i]) < priority) {
      const size_t order = cluster.release().AtLeast(37) ? i : before.size() - i;
      potential.push_back({VictimKey{PodPriority(cluster, before[i]), StartOf(cluster, before[i]), order}, before[i]});
    }
  if (potential.empty()) return {n, Code::UnschedulableAndUnresolvable, {kReasonNoVictims}};
  for (const auto& [key, p] : potential) cluster.Unbind(p);
  DryRunStatus out{n, Code::Success, {}};
  if (Status s = filter(n); !s.IsSuccess()) {
    out.code = s.code;
    if (s.code == Code::Error)
      out.reasons = {std::string(s.Message())};
    else
      for (auto r : AllReasons(s.reason, s.reasons)) out.reasons.emplace_back(r);
  } else {
    std::stable_sort(potential.begin(), potential.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [key, p] : potential) {
      cluster.Bind(p, n);
      if (!filter(n).IsSuccess()) {
        cluster.Unbind(p);
        victims.push_back(p);
      }
    }
  }
  for (const auto& [key, p] : potential)
    if (cluster.pod(p).node == kNone) cluster.Bind(p, n);
  cluster.RestorePodOrder(n, before);
  if (out.code == Code::Success && victims.empty()) {
    out.code = Code::Error;
    out.reasons = {"expected at least one victim pod on node \"" + cluster.node(n).name + "\""};
  }
  return out;
}

// pickOneNodeForPreemption: the criteria in order, each keeping the best nodes.
std::vector<size_t> PickOneNodeForPreemption(const Cluster& cluster, const std::vector<Candidate>& candidates) {
  std::vector<size_t> kept(candidates.size());
  for (size_t i = 0; i < kept.size(); ++i) kept[i] = i;
  auto highest = [&](const Candidate& c) { return PodPriority(cluster, c.victims.front()); };
  // 1. fewest PodDisruptionBudget violations: none are modelled.
  const std::vector<std::function<int64_t(const Candidate&)>> scores = {
      // 2. the lowest highest-priority victim
      [&](const Candidate& c) { return -static_cast<int64_t>(highest(c)); },
      // 3. the smallest sum of priorities, each shifted by 2^31 so that it also counts victims
      [&](const Candidate& c) {
        int64_t sum = 0;
        for (PodIndex p : c.victims) sum += static_cast<int64_t>(PodPriority(cluster, p)) + (int64_t{1} << 31);
        return -sum;
      },
      // 4. the fewest victims
      [&](const Candidate& c) { return -static_cast<int64_t>(c.victims.size()); },
      // 5. the latest start among the highest-priority victims (GetEarliestPodStartTime)
      [&](const Candidate& c) {
        int64_t earliest = std::numeric_limits<int64_t>::max();
        for (PodIndex p : c.victims)
          if (PodPriority(cluster, p) == highest(c)) earliest = std::min(earliest, StartOf(cluster, p));
        return earliest;
      },
  };
  for (const auto& score : scores) {
    int64_t best = std::numeric_limits<int64_t>::min();
    for (size_t i : kept) best = std::max(best, score(candidates[i]));
    std::vector<size_t> next;
    for (size_t i : kept)
      if (score(candidates[i]) == best) next.push_back(i);
    kept = std::move(next);
    if (kept.size() == 1) break;
  }
  return kept;
}

}  // namespace

Result Preempt(Cluster& cluster, const PodInfo& pod, std::span<const Code> nodeCodes, const Args& args,
               const FilterOnNode& filter) {
  Result r;
  const size_t numNodes = cluster.nodes().size();
  if (std::string why = NotEligible(cluster, pod, nodeCodes); !why.empty()) {
    r.eligible = false;
    r.message = "preemption: " + why;
    return r;
  }
  // findCandidates: only nodes whose filters said Unschedulable (not ...AndUnresolvable).
  for (NodeIndex n : cluster.NodeTreeOrder())
    if (nodeCodes[n] == Code::Unschedulable) r.potential.push_back(n);
  r.nominating = Nominating::Clear;
  if (r.potential.empty()) {
    r.message =
        "preemption: " + FitErrorMessage(numNodes, "", std::vector<std::string_view>(numNodes, kReasonNotHelpful));
    return r;
  }
  // DryRunPreemption: stop once enough candidates are found.
  r.candidatesNum = NumCandidates(r.potential.size(), args);
  std::vector<std::string> errors;
  for (NodeIndex n : r.potential) {
    Candidate c{n, {}};
    DryRunStatus s = SelectVictimsOnNode(cluster, pod, n, filter, c.victims);
    if (s.code == Code::Success) {
      r.candidates.push_back(std::move(c));
      if (r.candidates.size() >= r.candidatesNum) break;
      continue;
    }
    if (s.code == Code::Error) errors.push_back(s.reasons.front());
    r.rejected.push_back(std::move(s));
  }
  if (r.candidates.empty()) {
    if (!errors.empty()) {  // utilerrors.NewAggregate
      r.code = Code::Error;
      std::string all;
      for (size_t i = 0; i < errors.size(); ++i) all += (i ? ", " : "") + errors[i];
      r.message = "preemption: " + (errors.size() == 1 ? all : "[" + all + "]");
      r.nominating = Nominating::Unchanged;
      return r;
    }
    std::vector<std::string_view> reasons;
    for (const DryRunStatus& s : r.rejected)
      for (const std::string& reason : s.reasons) reasons.push_back(reason);
    for (size_t i = r.rejected.size(); i < numNodes; ++i) reasons.push_back(kReasonNotHelpful);
    r.message = "preemption: " + FitErrorMessage(numNodes, "", reasons);
    return r;
  }
  // SelectCandidate
  const std::vector<size_t> best =
      r.candidates.size() == 1 ? std::vector<size_t>{0} : PickOneNodeForPreemption(cluster, r.candidates);
  const Candidate& chosen = r.candidates[best.front()];
  if (best.size() > 1)
    for (size_t i : best) r.tie.push_back(r.candidates[i].node);
  r.code = Code::Success;
  r.nominating = Nominating::Set;
  r.nominatedNode = chosen.node;
  r.victims = chosen.victims;
  // The message of a successful preemption is new in 1.37 (kubernetes#140180).
  if (cluster.release().AtLeast(37))
    r.message = "preemption: found a potential placement for pod on node " + cluster.node(chosen.node).name +
                ", preempting " + std::to_string(chosen.victims.size()) + " victims";
  return r;
}

}  // namespace spreadlab::preemption
