#include "controlplane/controllers/replicaset/pod_deletion_order.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <numeric>
#include <unordered_map>

#include "io/json_fields.h"
#include "io/metav1_time.h"

namespace spreadlab::controlplane {

using io::Member;
using io::ParseTime;
using io::Str;
using io::UnixNanos;

namespace {

using json = nlohmann::ordered_json;

int64_t MaxRestarts(const json* statuses, const std::vector<std::string>* only) {
  int64_t out = 0;
  if (!statuses || !statuses->is_array()) return 0;
  for (const json& s : *statuses) {
    if (!s.is_object()) continue;
    if (only && std::find(only->begin(), only->end(), Str(s, "name")) == only->end()) continue;
    const json* n = Member(s, "restartCount");
    if (n && n->is_number_integer()) out = std::max(out, n->get<int64_t>());
  }
  return out;
}

// helper.GetDeletionCostFromPodAnnotations: an int32 in canonical form, else 0.
int32_t DeletionCost(const json* annotations) {
  if (!annotations || !annotations->is_object()) return 0;
  const std::string v = Str(*annotations, "controller.kubernetes.io/pod-deletion-cost");
  if (v.empty()) return 0;
  const bool validFirst = v[0] == '-' || v == "0" || (v[0] >= '1' && v[0] <= '9');
  if (!validFirst) return 0;
  size_t i = v[0] == '-' ? 1 : 0;
  if (i == v.size()) return 0;
  int64_t n = 0;
  for (; i < v.size(); ++i) {
    if (v[i] < '0' || v[i] > '9') return 0;
    n = n * 10 + (v[i] - '0');
    if (n > int64_t{1} << 31) return 0;
  }
  if (v[0] == '-') n = -n;
  if (n < std::numeric_limits<int32_t>::min() || n > std::numeric_limits<int32_t>::max()) return 0;
  return static_cast<int32_t>(n);
}

int PhaseOrdinal(const std::string& phase) {  // podPhaseToOrdinal; others read as 0
  return phase == "Unknown" ? 1 : phase == "Running" ? 2 : 0;
}

// metav1.Time's Sub: a time.Duration (int64 nanoseconds), saturated as Go's Time.Sub does.
int64_t Sub(UnixNanos now, UnixNanos t) {
  const UnixNanos d = now - t;  // cannot overflow: both come from years 0000–9999
  return static_cast<int64_t>(
      std::clamp<UnixNanos>(d, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()));
}

// logarithmicRankDiff: the difference of floor(log2(age)) of two times.
int64_t LogarithmicRankDiff(UnixNanos t1, UnixNanos t2, UnixNanos now) {
  const int64_t d1 = Sub(now, t1), d2 = Sub(now, t2);
  const int64_t r1 = d1 > 0 ? static_cast<int64_t>(std::log2(static_cast<double>(d1))) : -1;
  const int64_t r2 = d2 > 0 ? static_cast<int64_t>(std::log2(static_cast<double>(d2))) : -1;
  return r1 - r2;
}

// afterOrZero: the zero time counts as after any other.
bool AfterOrZero(std::optional<UnixNanos> t1, std::optional<UnixNanos> t2) {
  if (!t1 || !t2) return !t1;
  return *t1 > *t2;
}

// Steps 6 and 8 of Less: the later time first; with LogarithmicScaleDown, times in the
// same power-of-two age bucket compare by UID.
std::optional<bool> NewerFirst(std::optional<UnixNanos> t1, std::optional<UnixNanos> t2, const DeletionCandidate& a,
                               const DeletionCandidate& b, std::optional<UnixNanos> now) {
  if (t1 == t2) return std::nullopt;
  if (!now || !t1 || !t2) return AfterOrZero(t1, t2);
  const int64_t diff = LogarithmicRankDiff(*t1, *t2, *now);
  if (diff == 0) return a.uid < b.uid;
  return diff < 0;
}

}  // namespace

DeletionCandidate ReadDeletionCandidate(const json& pod) {
  DeletionCandidate c;
  if (!pod.is_object()) return c;
  const json* meta = Member(pod, "metadata");
  const json* spec = Member(pod, "spec");
  const json* status = Member(pod, "status");
  if (meta && meta->is_object()) {
    c.name = Str(*meta, "name");
    c.uid = Str(*meta, "uid");
    c.created = ParseTime(Str(*meta, "creationTimestamp"));
    c.deletionCost = DeletionCost(Member(*meta, "annotations"));
    const json* deleting = Member(*meta, "deletionTimestamp");
    c.active = !deleting;
  }
  std::vector<std::string> sidecars;  // init containers with restartPolicy: Always
  if (spec && spec->is_object()) {
    c.nodeName = Str(*spec, "nodeName");
    if (const json* inits = Member(*spec, "initContainers"); inits && inits->is_array())
      for (const json& ic : *inits)
        if (ic.is_object() && Str(ic, "restartPolicy") == "Always") sidecars.push_back(Str(ic, "name"));
  }
  if (status && status->is_object()) {
    c.phase = Str(*status, "phase");
    c.active = c.active && c.phase != "Succeeded" && c.phase != "Failed";
    if (const json* conds = Member(*status, "conditions"); conds && conds->is_array())
      for (const json& cond : *conds)
        if (cond.is_object() && Str(cond, "type") == "Ready" && Str(cond, "status") == "True") {
          c.ready = true;
          c.readySince = ParseTime(Str(cond, "lastTransitionTime"));
          break;
        }
    c.regularRestarts = MaxRestarts(Member(*status, "containerStatuses"), nullptr);
    c.sidecarRestarts = MaxRestarts(Member(*status, "initContainerStatuses"), &sidecars);
  }
  return c;
}

namespace {

// ActivePodsWithRanks.Less, step by step: the number of the step that decides and its answer.
std::pair<int, bool> Decide(const DeletionCandidate& a, const DeletionCandidate& b, std::optional<UnixNanos> now) {
  // 1. Unassigned < assigned.
  if (a.nodeName != b.nodeName && (a.nodeName.empty() || b.nodeName.empty())) return {1, a.nodeName.empty()};
  // 2. PodPending < PodUnknown < PodRunning.
  if (PhaseOrdinal(a.phase) != PhaseOrdinal(b.phase)) return {2, PhaseOrdinal(a.phase) < PhaseOrdinal(b.phase)};
  // 3. Not ready < ready.
  if (a.ready != b.ready) return {3, !a.ready};
  // 4. Lower pod-deletion-cost < higher.
  if (a.deletionCost != b.deletionCost) return {4, a.deletionCost < b.deletionCost};
  // 5. Doubled up < not doubled up: more related pods on the same node goes first.
  if (a.rank != b.rank) return {5, a.rank > b.rank};
  // 6. Ready for less time < more time.
  if (a.ready && b.ready)
    if (auto r = NewerFirst(a.readySince, b.readySince, a, b, now)) return {6, *r};
  // 7. Higher restart counts < lower (regular containers, then sidecars).
  if (a.regularRestarts != b.regularRestarts) return {7, a.regularRestarts > b.regularRestarts};
  if (a.sidecarRestarts != b.sidecarRestarts) return {7, a.sidecarRestarts > b.sidecarRestarts};
  // 8. Empty creation time < newer < older.
  if (auto r = NewerFirst(a.created, b.created, a, b, now)) return {8, *r};
  return {0, false};
}

}  // namespace

bool DeletedBefore(const DeletionCandidate& a, const DeletionCandidate& b, std::optional<UnixNanos> now) {
  return Decide(a, b, now).second;
}

std::vector<size_t> DeletionOrder(const std::vector<DeletionCandidate>& pods, std::optional<UnixNanos> now) {
  std::vector<size_t> order(pods.size());
  std::iota(order.rbegin(), order.rend(), size_t{0});  // later first among equals
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t x, size_t y) { return DeletedBefore(pods[x], pods[y], now); });
  return order;
}

std::vector<size_t> PodsToDelete(std::vector<DeletionCandidate>& pods, const std::vector<DeletionCandidate>& related,
                                 size_t diff, std::optional<UnixNanos> now) {
  std::unordered_map<std::string, int> onNode;
  for (const DeletionCandidate& r : related)
    if (r.active) ++onNode[r.nodeName];
  for (DeletionCandidate& p : pods) {
    auto n = onNode.find(p.nodeName);
    p.rank = n == onNode.end() ? 0 : n->second;
  }
  if (diff < pods.size()) return DeletionOrder(pods, now);
  std::vector<size_t> order(pods.size());
  std::iota(order.begin(), order.end(), size_t{0});
  return order;
}

namespace {

// Steps 6 and 8 with both times in the same power-of-two age bucket: the UIDs decided.
bool SameAgeBucket(std::optional<UnixNanos> t1, std::optional<UnixNanos> t2, std::optional<UnixNanos> now) {
  return now && t1 && t2 && *t1 != *t2 && LogarithmicRankDiff(*t1, *t2, *now) == 0;
}

// What rule `step` of Less says about `a` against `b`.
std::string StepText(int step, const DeletionCandidate& a, const DeletionCandidate& b, std::optional<UnixNanos> now) {
  const std::string phaseA = a.phase.empty() ? "Pending" : a.phase, phaseB = b.phase.empty() ? "Pending" : b.phase;
  // Rules 6 to 8 decide between pods of the same rank: say that rank too.
  const std::string sameRank =
      a.rank > 1 ? " (each shares its node with " + std::to_string(a.rank - 1) + " other pod(s) of the workload)" : "";
  const std::string byUid = " (ages in the same power-of-two bucket, so the smaller UID, " + a.uid + ", goes first)";
  switch (step) {
    case 1:
      return "not scheduled yet";
    case 2:
      return "phase " + phaseA + " goes before " + phaseB;
    case 3:
      return "not ready";
    case 4:
      return "lower pod-deletion-cost (" + std::to_string(a.deletionCost) + " < " + std::to_string(b.deletionCost) +
             ")";
    case 5:
      return std::to_string(a.rank) + " pod(s) of the workload on its node " + a.nodeName + ", " +
             std::to_string(b.rank) + " on " + b.nodeName;
    case 6:
      return SameAgeBucket(a.readySince, b.readySince, now) ? "ready about as long as " + b.name + byUid + sameRank
                                                            : "ready for less time than " + b.name + sameRank;
    case 7:
      return "more container restarts than " + b.name + sameRank;
    case 8:
      return SameAgeBucket(a.created, b.created, now) ? "created about when " + b.name + " was" + byUid + sameRank
                                                      : "created more recently than " + b.name + sameRank;
    default:
      return "";
  }
}

}  // namespace

std::string DeletionReason(const std::vector<DeletionCandidate>& pods, size_t deleted,
                           const std::vector<size_t>& staying, std::optional<UnixNanos> now) {
  if (staying.empty()) return "the workload keeps none";
  const DeletionCandidate& a = pods[deleted];
  std::string out;
  for (size_t k : staying)
    if (const int step = Decide(a, pods[k], now).first; step != 0) {
      out = StepText(step, a, pods[k], now);
      break;
    }
  // The closest call: the first pod that stays.
  const DeletionCandidate& next = pods[staying.front()];
  if (Decide(a, next, now).first == 0)
    out += (out.empty() ? "" : "; ") + std::string("a tie with ") + next.name +
           " (upstream deletes either, at random; spreadlab the one later in the document)";
  return out;
}

}  // namespace spreadlab::controlplane
