// Benchmarks of one explained cycle and of a batch of placements on a large
// cluster (5,000 nodes, 50,000 bound pods). Numbers go in the README.
#include <benchmark/benchmark.h>

#include <algorithm>

#include "core/plugins/registry.h"
#include "core/scheduler/schedule.h"
#include "core/why/analysis.h"
#include "testing/big_cluster.h"

namespace spreadlab {
namespace {

using testing::BigClusterSpec;
using testing::MakeBigCluster;

// The default profile with percentageOfNodesToScore `pct` (0: upstream's adaptive
// default, which filters until 10% of 5,000 nodes are feasible; 100: every node).
config::Profile ProfileScoring(int64_t pct) {
  config::Profile p;
  if (pct) p.percentageOfNodesToScore = static_cast<int32_t>(pct);
  return p;
}

// One scheduling cycle with the full trace on `spec`'s cluster, percentageOfNodesToScore
// from the benchmark's argument.
void ExplainCycle(benchmark::State& state, const BigClusterSpec& spec) {
  Cluster cluster(MakeBigCluster(spec));
  std::string error;
  auto fw = plugins::NewFramework(cluster, ProfileScoring(state.range(0)), error);
  PodIndex pod = cluster.PendingPods().front();
  CycleTrace trace;
  fw->RunCycle(pod, trace, true);  // warm the per-selector indexes, as an open scenario has them
  for (auto _ : state) {
    fw->RunCycle(pod, trace, true);
    benchmark::DoNotOptimize(trace.selected);
  }
  state.counters["nodes"] = static_cast<double>(cluster.nodes().size());
}

// Default profile, two spread constraints.
void BM_ExplainCycle(benchmark::State& state) {
  ExplainCycle(state, {.nodes = 5000, .zones = 3, .boundPods = 50000, .pendingPods = 1});
}
BENCHMARK(BM_ExplainCycle)
    ->ArgName("percentageOfNodesToScore")
    ->Arg(0)
    ->Arg(100)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

// The same cycle with a claim on every pod (issue 30): 50,000 bound claims and volumes,
// and the pending pod's WaitForFirstConsumer claim that VolumeBinding provisions per node.
void BM_ExplainCycleWithClaims(benchmark::State& state) {
  ExplainCycle(state, {.nodes = 5000, .zones = 3, .boundPods = 50000, .pendingPods = 1, .claims = true});
}
BENCHMARK(BM_ExplainCycleWithClaims)
    ->ArgName("percentageOfNodesToScore")
    ->Arg(0)
    ->Arg(100)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

// The same cycle without the trace (what `schedule` runs per pod).
void BM_Cycle(benchmark::State& state) {
  Cluster cluster(MakeBigCluster({.nodes = 5000, .zones = 3, .boundPods = 50000, .pendingPods = 1}));
  std::string error;
  auto fw = plugins::NewFramework(cluster, ProfileScoring(state.range(0)), error);
  PodIndex pod = cluster.PendingPods().front();
  CycleTrace trace;
  for (auto _ : state) {
    fw->RunCycle(pod, trace, false);
    benchmark::DoNotOptimize(trace.selected);
  }
}
BENCHMARK(BM_Cycle)
    ->ArgName("percentageOfNodesToScore")
    ->Arg(0)
    ->Arg(100)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

// What the lab does after every edit at 1,000 nodes / 10,000 pods: build the
// Cluster from the (edited) scenario, the framework, and one explained cycle.
void BM_EditRerun(benchmark::State& state) {
  const Scenario scenario = MakeBigCluster({.nodes = 1000, .zones = 3, .boundPods = 10000, .pendingPods = 1});
  for (auto _ : state) {
    Cluster cluster(scenario);
    std::string error;
    auto fw = plugins::NewFramework(cluster, config::Profile{}, error);
    CycleTrace trace;
    fw->RunCycle(cluster.PendingPods().front(), trace, true);
    benchmark::DoNotOptimize(trace.selected);
  }
}
BENCHMARK(BM_EditRerun)->Unit(benchmark::kMillisecond)->Repetitions(3)->ReportAggregatesOnly(true);

// `schedule`: `replicas` pending pods of `workload` onto 5,000 nodes that
// already run 50,000 pods, each bound before the next, default profile.
// items_per_second is pods per second. Every pod must be placed.
void ScheduleWorkload(benchmark::State& state, testing::Workload workload) {
  const int replicas = static_cast<int>(state.range(0));
  for (auto _ : state) {
    state.PauseTiming();
    Cluster cluster(
        MakeBigCluster({.nodes = 5000, .zones = 3, .boundPods = 50000, .pendingPods = replicas, .workload = workload}));
    std::string error;
    auto fw = plugins::NewFramework(cluster, config::Profile{}, error);
    state.ResumeTiming();
    auto placements = ScheduleAll(cluster, *fw);
    if (std::any_of(placements.begin(), placements.end(), [](const Placement& p) { return p.node == kNone; }))
      state.SkipWithError("a pod stayed pending");
  }
  state.SetItemsProcessed(state.iterations() * replicas);
}

// Two spread constraints per replica.
void BM_ScheduleReplicas(benchmark::State& state) { ScheduleWorkload(state, testing::Workload::Spread); }
BENCHMARK(BM_ScheduleReplicas)
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);

// scheduler_perf SchedulingBasic: requests only.
void BM_ScheduleBasic(benchmark::State& state) { ScheduleWorkload(state, testing::Workload::Basic); }
BENCHMARK(BM_ScheduleBasic)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);

// scheduler_perf SchedulingPreferredPodAffinity.
void BM_SchedulePreferredPodAffinity(benchmark::State& state) {
  ScheduleWorkload(state, testing::Workload::PreferredPodAffinity);
}
BENCHMARK(BM_SchedulePreferredPodAffinity)
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);

// `spreadlab why` on a Pending pod (two conflicting constraints) in a cluster
// of 1,000 nodes and 10,000 bound pods: the matrix, then every candidate edit
// re-run with the edit applied to the cluster (and undone).
void BM_WhySuggestions(benchmark::State& state) {
  Cluster cluster(MakeBigCluster({.nodes = static_cast<int>(state.range(0)),
                                  .zones = 3,
                                  .boundPods = 10 * static_cast<int>(state.range(0)),
                                  .pendingPods = 1,
                                  .conflict = true}));
  std::string error;
  auto fw = plugins::NewFramework(cluster, config::Profile{}, error);
  PodIndex pod = cluster.PendingPods().front();
  why::Report report;
  for (auto _ : state) {
    why::Analyze(cluster, *fw, pod, {}, report, error);
    benchmark::DoNotOptimize(report.suggestions.data());
  }
  state.counters["candidates"] = static_cast<double>(report.candidatesTried);
  state.counters["suggestions"] = static_cast<double>(report.suggestions.size());
}
BENCHMARK(BM_WhySuggestions)
    ->ArgName("nodes")
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);

}  // namespace
}  // namespace spreadlab

BENCHMARK_MAIN();
