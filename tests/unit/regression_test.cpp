// Inputs that once crashed spreadlab or hit undefined behaviour (tests/regression/).
// The sanitized build runs these too, which is where a regression would show first.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "core/goint.h"
#include "core/plugins/registry.h"
#include "core/scheduler/schedule.h"
#include "core/why/analysis.h"
#include "simulator/session.h"
#include "testing/read_file.h"

namespace spreadlab {
namespace {

simulator::Session Open(const std::string& file) {
  simulator::Session s;
  std::string error;
  EXPECT_TRUE(simulator::OpenSession(testing::ReadFile(std::string(SPREADLAB_REGRESSION_DIR) + "/" + file), s, error))
      << error;
  return s;
}

// The explained cycle of the scenario's first pending pod (`pod` stays kNone without one).
CycleTrace ExplainFirstPending(simulator::Session& s, PodIndex& pod) {
  std::string error;
  pod = simulator::ChoosePod(*s.cluster, "", error);
  EXPECT_NE(pod, kNone) << error;
  CycleTrace trace;
  if (pod != kNone) s.framework->RunCycle(pod, trace, /*explain=*/true);
  return trace;
}

// why built its conflict matrix from a trace whose reasons pointed into the plugins
// of a framework it had already destroyed (3 nodes, score plugins disabled, so the
// cycle samples and why re-runs it on a framework of its own).
TEST(RegressionTest, WhyOwnsTheReasonsOfItsMatrix) {
  simulator::Session s = Open("why-use-after-free.json");
  std::string error;
  const PodIndex pod = simulator::ChoosePod(*s.cluster, "", error);
  ASSERT_NE(pod, kNone) << error;
  why::Report r;
  ASSERT_TRUE(why::Analyze(*s.cluster, *s.framework, pod, {}, r, error)) << error;
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(s.cluster->node(r.selected).name, "node1");
  size_t fitRow = r.matrix.rows.size();
  for (size_t i = 0; i < r.matrix.rows.size(); ++i)
    if (r.matrix.rows[i].plugin == "NodeResourcesFit") fitRow = i;
  ASSERT_LT(fitRow, r.matrix.rows.size());
  const why::MatrixCell& cell = r.matrix.at(fitRow, s.cluster->FindNode("node2"));
  EXPECT_EQ(cell.state, why::CellState::Fail);
  EXPECT_EQ(r.matrix.reasons[cell.reason], "Too many pods, Insufficient memory");
}

// A trace keeps every reason text after the framework that recorded it is gone.
TEST(RegressionTest, TraceOutlivesItsFramework) {
  simulator::Session s = Open("why-use-after-free.json");
  std::string error;
  const PodIndex pod = simulator::ChoosePod(*s.cluster, "", error);
  CycleTrace trace;
  {
    auto fw = plugins::NewFramework(*s.cluster, config::Profile{}, error);
    ASSERT_TRUE(fw) << error;
    fw->setEvaluateAllNodes(true);
    fw->RunCycle(pod, trace, /*explain=*/true);
  }
  const NodeTrace* nt = nullptr;
  for (const auto& n : trace.nodes)
    if (s.cluster->node(n.node).name == "node2") nt = &n;
  ASSERT_NE(nt, nullptr);
  ASSERT_GE(nt->firstFailure, 0);
  const FilterVerdict& v = trace.filters[nt->filterBegin + nt->firstFailure];
  EXPECT_EQ(trace.filterPlugins[v.plugin], "NodeResourcesFit");
  EXPECT_EQ(trace.JoinedReasons(v), "Too many pods, Insufficient memory");
  ASSERT_EQ(trace.Reasons(v).size(), 2u);
  EXPECT_EQ(trace.FirstReason(v), "Too many pods");
  EXPECT_EQ(trace.message, "Successfully assigned default/new to node1");
}

// Quantities that saturate at INT64_MAX (a 100-digit cpu, 8Ei) summed with other
// requests: Go's int64 sums wrap, and so do ours, without undefined behaviour.
TEST(RegressionTest, HugeQuantitiesSumAsGoDoes) {
  simulator::Session s = Open("huge-quantities.json");
  PodIndex pod = kNone;
  const CycleTrace trace = ExplainFirstPending(s, pod);
  ASSERT_NE(pod, kNone);
  EXPECT_EQ(trace.error, "");
  // node-a holds two pods of INT64_MAX cpu: its requested sum wraps to -2, so
  // allocatable - requested wraps too and NodeResourcesFit rejects the pod.
  const NodeInfo& a = s.cluster->node(s.cluster->FindNode("node-a"));
  EXPECT_EQ(a.requested.milliCPU, GoAdd(INT64_MAX, INT64_MAX));
  EXPECT_EQ(s.cluster->node(trace.selected).name, "node-c");
  // Binding and unbinding restores the sums exactly (they wrap, not saturate).
  const Resource before = s.cluster->node(trace.selected).requested;
  auto placements = ScheduleAll(*s.cluster, *s.framework);
  ASSERT_EQ(placements.size(), 1u);
  s.cluster->Unbind(pod);
  EXPECT_EQ(s.cluster->node(trace.selected).requested.milliCPU, before.milliCPU);
  EXPECT_EQ(s.cluster->node(trace.selected).requested.memory, before.memory);
}

// Found by the differential test against kube-scheduler v1.37.2 (tests/upstream): a
// nominated node that fails and that NodeAffinity's PreFilterResult leaves out keeps its
// own status, and its rejecting plugin joins the left-out nodes' plugin list.
TEST(RegressionTest, NominatedNodeOutsidePreFilterResult) {
  simulator::Session s = Open("nominated-node-outside-prefilter-result.json");
  PodIndex pod = kNone;
  const CycleTrace t = ExplainFirstPending(s, pod);
  ASSERT_NE(pod, kNone);
  EXPECT_EQ(t.message,
            "0/11 nodes are available: 1 node(s) were unschedulable, 10 node(s) didn't satisfy plugin(s) "
            "[NodeAffinity NodeUnschedulable]. preemption: 0/11 nodes are available: 11 Preemption is not "
            "helpful for scheduling.");
}

// Found by running kube-scheduler 1.37.2's scheduling loop beside spreadlab: preemptor is
// nominated to node-1 while its victim terminates, and small (priority 0) must not take the
// room it holds there (RunFilterPluginsWithNominatedPods).
TEST(RegressionTest, NominatedPodBlocksNode) {
  simulator::Session s = Open("nominated-pod-blocks-node.json");
  std::string error;
  const PodIndex small = simulator::ChoosePod(*s.cluster, "default/small", error);
  ASSERT_NE(small, kNone) << error;
  CycleTrace t;
  s.framework->RunCycle(small, t, /*explain=*/true);
  EXPECT_EQ(t.selected, kNone);
  EXPECT_EQ(t.message,
            "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims "
            "found for incoming pod.");
  EXPECT_TRUE(t.nodes[0].rejectedWithNominatedPods);
}

// Found by fuzz_lab in CI: creation times in the years 0014 and 9999 (RFC 3339 allows
// them) overflowed 64-bit nanoseconds when the ReplicaSet controller ranked its pods.
// Go's ages saturate beyond 292 years, so the two oldest pods share an age bucket and
// the smaller UID goes first: the pod of 2026 stays.
TEST(RegressionTest, FarOffCreationTimesRankAsGoDoes) {
  simulator::Session s = Open("far-off-creation-times.json");
  ASSERT_EQ(s.deleted.size(), 2u);
  EXPECT_EQ(s.deleted[0].name, "old-year-9999");
  EXPECT_EQ(s.deleted[1].name, "old-year-0014");
  EXPECT_NE(s.deleted[1].reason.find("same power-of-two bucket"), std::string::npos) << s.deleted[1].reason;
}

TEST(GoIntTest, WrapsAsGo) {
  EXPECT_EQ(GoAdd(INT64_MAX, 1), INT64_MIN);
  EXPECT_EQ(GoSub(INT64_MIN, 1), INT64_MAX);
  EXPECT_EQ(GoMul(INT64_MAX, 1000), -1000);  // Quantity.MilliValue of 2^63-1 cores
  EXPECT_EQ(GoDiv(INT64_MIN, -1), INT64_MIN);
  EXPECT_EQ(GoDiv(-7, 2), -3);  // truncated, as Go's /
  EXPECT_EQ(GoFloatToInt(9.3e18), INT64_MIN);
  EXPECT_EQ(GoFloatToInt(-9.3e18), INT64_MIN);
  EXPECT_EQ(GoFloatToInt(1.9), 1);
  EXPECT_EQ(GoFloatToInt(-1.9), -1);
}

}  // namespace
}  // namespace spreadlab
