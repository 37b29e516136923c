// The ReplicaSet controller's deletion order (controlplane/controllers/replicaset/pod_deletion_order.h), ported from
// upstream's own tables: controller_utils_test.go TestSortingActivePodsWithRanks (the
// LogarithmicScaleDown-GA version, with sidecar restarts) and replica_set_test.go
// TestGetPodsToDelete.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "controlplane/controllers/replicaset/pod_deletion_order.h"

namespace spreadlab::controlplane {
namespace {

using io::ParseTime;

using json = nlohmann::ordered_json;

constexpr int64_t kHour = 3600LL * 1000000000LL;
const int64_t kNow = *ParseTime("2026-11-24T12:00:00Z");

std::string Rfc3339(int64_t nanos) {
  const int64_t secs = nanos / 1000000000LL;
  std::time_t t = static_cast<std::time_t>(secs);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

// The test's pod(): conditions and container statuses only when ready.
DeletionCandidate Pod(const std::string& name, const std::string& node, const std::string& phase, bool ready,
                      int restarts, int sideRestarts, std::optional<int64_t> readySince,
                      std::optional<int64_t> created, const std::string& deletionCost = "") {
  json pod = {{"metadata", {{"name", name}}},
              {"spec", {{"nodeName", node},
                        {"initContainers", json::array({json{{"name", "sidecar"}, {"restartPolicy", "Always"}}})}}},
              {"status", {{"phase", phase}}}};
  if (created) pod["metadata"]["creationTimestamp"] = Rfc3339(*created);
  if (!deletionCost.empty())
    pod["metadata"]["annotations"]["controller.kubernetes.io/pod-deletion-cost"] = deletionCost;
  if (ready) {
    json cond = {{"type", "Ready"}, {"status", "True"}};
    if (readySince) cond["lastTransitionTime"] = Rfc3339(*readySince);
    pod["status"]["conditions"] = json::array({cond});
    pod["status"]["containerStatuses"] = json::array({json{{"restartCount", restarts}}});
    pod["status"]["initContainerStatuses"] = json::array({json{{"name", "sidecar"}, {"restartCount", sideRestarts}}});
  }
  return ReadDeletionCandidate(pod);
}

DeletionCandidate Ranked(DeletionCandidate p, int rank) {
  p.rank = rank;
  return p;
}

struct Pods {
  const int64_t then1Month = *ParseTime("2026-10-24T12:00:00Z");
  const int64_t then2Hours = kNow - 2 * kHour, then5Hours = kNow - 5 * kHour, then8Hours = kNow - 8 * kHour;
  const std::optional<int64_t> zero;
  DeletionCandidate unscheduledPod = Pod("unscheduled", "", "Pending", false, 0, 0, zero, zero);
  DeletionCandidate scheduledPendingPod = Pod("pending", "node", "Pending", false, 0, 0, zero, zero);
  DeletionCandidate unknownPhasePod = Pod("unknown-phase", "node", "Unknown", false, 0, 0, zero, zero);
  DeletionCandidate runningNotReadyPod = Pod("not-ready", "node", "Running", false, 0, 0, zero, zero);
  DeletionCandidate runningReadyNoLastTransitionTimePod =
      Pod("ready-no-last-transition-time", "node", "Running", true, 0, 0, zero, zero);
  DeletionCandidate runningReadyNow = Pod("ready-now", "node", "Running", true, 0, 0, kNow, kNow);
  DeletionCandidate runningReadyThen = Pod("ready-then", "node", "Running", true, 0, 0, then1Month, then1Month);
  DeletionCandidate runningReadyNowHighRestarts = Pod("ready-high-restarts", "node", "Running", true, 9001, 0, kNow, kNow);
  DeletionCandidate runningReadyNowHighSideRestarts =
      Pod("ready-high-restarts", "node", "Running", true, 9001, 9001, kNow, kNow);
  DeletionCandidate runningReadyNowCreatedThen =
      Pod("ready-now-created-then", "node", "Running", true, 0, 0, kNow, then1Month);
  DeletionCandidate lowPodDeletionCost =
      Pod("low-deletion-cost", "node", "Running", true, 0, 0, kNow, then1Month, "10");
  DeletionCandidate highPodDeletionCost =
      Pod("high-deletion-cost", "node", "Running", true, 0, 0, kNow, then1Month, "100");
  DeletionCandidate unscheduled5Hours = Pod("unscheduled-5-hours", "", "Pending", false, 0, 0, then5Hours, then5Hours);
  DeletionCandidate unscheduled8Hours = Pod("unscheduled-10-hours", "", "Pending", false, 0, 0, then8Hours, then8Hours);
  DeletionCandidate ready2Hours = Pod("ready-2-hours", "", "Running", true, 0, 0, then2Hours, then1Month);
  DeletionCandidate ready5Hours = Pod("ready-5-hours", "", "Running", true, 0, 0, then5Hours, then1Month);
  DeletionCandidate ready10Hours = Pod("ready-10-hours", "", "Running", true, 0, 0, then8Hours, then1Month);
};

TEST(PodDeletionOrderTest, SortingActivePodsWithRanksEquality) {
  Pods p;
  const std::vector<std::pair<DeletionCandidate, DeletionCandidate>> equal = {
      {p.unscheduledPod, p.unscheduledPod},
      {p.scheduledPendingPod, p.scheduledPendingPod},
      {p.unknownPhasePod, p.unknownPhasePod},
      {p.runningNotReadyPod, p.runningNotReadyPod},
      {p.runningReadyNowCreatedThen, p.runningReadyNowCreatedThen},
      {p.runningReadyNow, p.runningReadyNow},
      {p.runningReadyThen, p.runningReadyThen},
      {p.runningReadyNowHighRestarts, p.runningReadyNowHighRestarts},
      {p.runningReadyNowCreatedThen, p.runningReadyNowCreatedThen},
      {p.unscheduled5Hours, p.unscheduled8Hours},
      {p.ready5Hours, p.ready10Hours},
  };
  for (size_t i = 0; i < equal.size(); ++i) {
    const DeletionCandidate a = Ranked(equal[i].first, 1), b = Ranked(equal[i].second, 1);
    EXPECT_FALSE(DeletedBefore(a, b, kNow) || DeletedBefore(b, a, kNow)) << "Equality tests " << i << ": " << a.name;
  }
}

TEST(PodDeletionOrderTest, SortingActivePodsWithRanksInequality) {
  Pods p;
  struct Case {
    DeletionCandidate lesser, greater;
  };
  // Upstream's row with PodDeletionCost disabled is left out: the gate is on by default
  // (beta since 1.22) and spreadlab does not model turning it off.
  const std::vector<Case> cases = {
      {Ranked(p.unscheduledPod, 1), Ranked(p.scheduledPendingPod, 2)},
      {Ranked(p.unscheduledPod, 2), Ranked(p.scheduledPendingPod, 1)},
      {Ranked(p.scheduledPendingPod, 1), Ranked(p.unknownPhasePod, 2)},
      {Ranked(p.unknownPhasePod, 1), Ranked(p.runningNotReadyPod, 2)},
      {Ranked(p.runningNotReadyPod, 1), Ranked(p.runningReadyNoLastTransitionTimePod, 1)},
      {Ranked(p.runningReadyNoLastTransitionTimePod, 1), Ranked(p.runningReadyNow, 1)},
      {Ranked(p.runningReadyNow, 2), Ranked(p.runningReadyNoLastTransitionTimePod, 1)},
      {Ranked(p.runningReadyNow, 1), Ranked(p.runningReadyThen, 1)},
      {Ranked(p.runningReadyNow, 2), Ranked(p.runningReadyThen, 1)},
      {Ranked(p.runningReadyNowHighRestarts, 1), Ranked(p.runningReadyNow, 1)},
      {Ranked(p.runningReadyNowHighSideRestarts, 1), Ranked(p.runningReadyNowHighRestarts, 1)},
      {Ranked(p.runningReadyNow, 2), Ranked(p.runningReadyNowHighRestarts, 1)},
      {Ranked(p.runningReadyNow, 1), Ranked(p.runningReadyNowCreatedThen, 1)},
      {Ranked(p.runningReadyNowCreatedThen, 2), Ranked(p.runningReadyNow, 1)},
      {Ranked(p.lowPodDeletionCost, 2), Ranked(p.highPodDeletionCost, 1)},
      {Ranked(p.ready2Hours, 1), Ranked(p.ready5Hours, 1)},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    EXPECT_TRUE(DeletedBefore(c.lesser, c.greater, kNow))
        << "Inequality tests " << i << ": expected " << c.lesser.name << " with rank " << c.lesser.rank
        << " to be less than " << c.greater.name << " with rank " << c.greater.rank;
    EXPECT_FALSE(DeletedBefore(c.greater, c.lesser, kNow)) << "Inequality tests " << i;
  }
}

// replica_set_test.go TestGetPodsToDelete: the pods are the test's, identified by name.
TEST(PodDeletionOrderTest, GetPodsToDelete) {
  const std::optional<int64_t> zero;
  auto pod = [&](const std::string& name, const std::string& node, const std::string& phase, std::optional<bool> ready) {
    json p = {{"metadata", {{"name", name}}}, {"spec", {{"nodeName", node}}}, {"status", {{"phase", phase}}}};
    if (ready) p["status"]["conditions"] = json::array({json{{"type", "Ready"}, {"status", *ready ? "True" : "False"}}});
    return ReadDeletionCandidate(p);
  };
  const DeletionCandidate unscheduledPendingPod = pod("unscheduled-pending-pod", "", "Pending", std::nullopt);
  const DeletionCandidate scheduledPendingPod = pod("scheduled-pending-pod", "fake-node", "Pending", std::nullopt);
  const DeletionCandidate scheduledRunningNotReadyPod = pod("scheduled-running-not-ready-pod", "fake-node", "Running", false);
  const DeletionCandidate onNode1 = pod("scheduled-running-ready-pod-on-node-1", "fake-node-1", "Running", true);
  const DeletionCandidate onNode2 = pod("scheduled-running-ready-pod-on-node-2", "fake-node-2", "Running", true);
  struct Case {
    std::string name;
    std::vector<DeletionCandidate> pods;
    std::optional<std::vector<DeletionCandidate>> related;  // defaults to pods
    size_t diff;
    std::vector<std::string> expected;
  };
  const std::vector<Case> cases = {
      {"len(pods) = 0 (i.e., diff = 0 too)", {}, std::nullopt, 0, {}},
      {"diff = len(pods)",
       {scheduledRunningNotReadyPod, onNode1},
       std::nullopt,
       2,
       {scheduledRunningNotReadyPod.name, onNode1.name}},
      {"diff < len(pods)", {onNode1, scheduledRunningNotReadyPod}, std::nullopt, 1, {scheduledRunningNotReadyPod.name}},
      {"various pod phases and conditions, diff = len(pods)",
       {onNode1, onNode1, onNode2, scheduledRunningNotReadyPod, scheduledPendingPod, unscheduledPendingPod},
       std::nullopt,
       6,
       {onNode1.name, onNode1.name, onNode2.name, scheduledRunningNotReadyPod.name, scheduledPendingPod.name,
        unscheduledPendingPod.name}},
      {"various pod phases and conditions, diff = len(pods), relatedPods empty",
       {onNode1, onNode1, onNode2, scheduledRunningNotReadyPod, scheduledPendingPod, unscheduledPendingPod},
       std::vector<DeletionCandidate>{},
       6,
       {onNode1.name, onNode1.name, onNode2.name, scheduledRunningNotReadyPod.name, scheduledPendingPod.name,
        unscheduledPendingPod.name}},
      {"scheduled vs unscheduled, diff < len(pods)",
       {scheduledPendingPod, unscheduledPendingPod},
       std::nullopt,
       1,
       {unscheduledPendingPod.name}},
      {"ready vs not-ready, diff < len(pods)",
       {onNode1, scheduledRunningNotReadyPod, scheduledRunningNotReadyPod},
       std::nullopt,
       2,
       {scheduledRunningNotReadyPod.name, scheduledRunningNotReadyPod.name}},
      {"ready and colocated with another ready pod vs not colocated, diff < len(pods)",
       {onNode1, onNode2},
       std::vector<DeletionCandidate>{onNode1, onNode2, onNode2},
       1,
       {onNode2.name}},
      {"pending vs running, diff < len(pods)",
       {scheduledPendingPod, scheduledRunningNotReadyPod},
       std::nullopt,
       1,
       {scheduledPendingPod.name}},
      {"various pod phases and conditions, diff < len(pods)",
       {onNode1, onNode2, scheduledRunningNotReadyPod, scheduledPendingPod, unscheduledPendingPod},
       std::nullopt,
       3,
       {unscheduledPendingPod.name, scheduledPendingPod.name, scheduledRunningNotReadyPod.name}},
  };
  for (const Case& c : cases) {
    std::vector<DeletionCandidate> pods = c.pods;
    const std::vector<DeletionCandidate> related = c.related.value_or(c.pods);
    std::vector<std::string> got;
    const std::vector<size_t> order = PodsToDelete(pods, related, c.diff, zero);
    for (size_t k = 0; k < c.diff; ++k) got.push_back(pods[order[k]].name);
    EXPECT_EQ(got, c.expected) << c.name;
  }
}

TEST(PodDeletionOrderTest, DeletionCostReadsAsUpstreamParsesIt) {
  auto cost = [](const std::string& v) {
    return ReadDeletionCandidate(
               json{{"metadata", {{"annotations", {{"controller.kubernetes.io/pod-deletion-cost", v}}}}}})
        .deletionCost;
  };
  EXPECT_EQ(cost("10"), 10);
  EXPECT_EQ(cost("-5"), -5);
  EXPECT_EQ(cost("0"), 0);
  EXPECT_EQ(cost("+10"), 0);  // validFirstDigit refuses a plus sign and leading zeros
  EXPECT_EQ(cost("008"), 0);
  EXPECT_EQ(cost("2147483648"), 0);  // beyond int32
  EXPECT_EQ(cost("-2147483648"), -2147483648LL);
  EXPECT_EQ(cost("1e3"), 0);
}

TEST(PodDeletionOrderTest, ParsesRfc3339) {
  EXPECT_EQ(ParseTime("1970-01-01T00:00:00Z"), 0);
  EXPECT_EQ(ParseTime("1970-01-01T01:00:00+01:00"), 0);
  EXPECT_EQ(ParseTime("1970-01-01T00:00:01.5Z"), 1500000000);
  EXPECT_EQ(ParseTime("2000-03-01T00:00:00Z"), 951868800LL * 1000000000LL);
  EXPECT_FALSE(ParseTime("yesterday"));
  EXPECT_FALSE(ParseTime("2026-13-01T00:00:00Z"));
  EXPECT_FALSE(ParseTime("2026-11-24T00:00:00"));  // no zone
}

// RFC 3339's whole range (found by fuzzing: year 0014 overflowed 64-bit nanoseconds).
// Go compares such times exactly and saturates their Sub at time.Duration's limits, so
// two ages beyond 292 years fall in the same log2 bucket and their UIDs decide.
TEST(PodDeletionOrderTest, FarOffYearsCompareExactlyAndSaturateAges) {
  const UnixNanos year1 = *ParseTime("0001-01-01T00:00:00Z"), year9999 = *ParseTime("9999-12-31T23:59:59Z");
  EXPECT_EQ(year1, static_cast<UnixNanos>(-62135596800LL) * 1000000000);
  EXPECT_EQ(year9999, static_cast<UnixNanos>(253402300799LL) * 1000000000);
  DeletionCandidate a, b;
  a.name = "a", a.uid = "2", a.nodeName = b.nodeName = "n";
  b.name = "b", b.uid = "1";
  a.created = *ParseTime("0014-01-01T00:00:00Z");
  b.created = year1;
  EXPECT_TRUE(DeletedBefore(a, b, std::nullopt));  // no clock: the newer first
  EXPECT_FALSE(DeletedBefore(a, b, year9999));     // both ages saturate: uid "1" < "2"
  EXPECT_TRUE(DeletedBefore(b, a, year9999));
}

// Equal pods: upstream's order is random (informer order, unstable sort); spreadlab's
// is the later in the list first, which is the newest when pods are listed as created.
TEST(PodDeletionOrderTest, TiesGoLaterFirst) {
  std::vector<DeletionCandidate> pods(3);
  for (int i = 0; i < 3; ++i) pods[i].name = "p" + std::to_string(i), pods[i].nodeName = "n";
  const std::vector<size_t> order = DeletionOrder(pods, std::nullopt);
  EXPECT_EQ(order, (std::vector<size_t>{2, 1, 0}));
}

}  // namespace
}  // namespace spreadlab::controlplane
