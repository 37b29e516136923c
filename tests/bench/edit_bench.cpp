// Benchmarks of what the lab does on an edit before the cycle re-runs: the
// document edit (validation, the JSON patch, the undo record) at 1,000 nodes /
// 5,000 pods, the browser measurement's scenario (testing::BigScenarioJson).
#include <benchmark/benchmark.h>

#include <string>

#include "core/validation.h"
#include "controlplane/scenario_doc.h"
#include "testing/big_cluster.h"

namespace spreadlab {
namespace {

// One maxSkew edit as the lab makes it: the undo record, the edit, validation.
void BM_ConstraintEdit(benchmark::State& state) {
  controlplane::ScenarioDoc doc;
  std::string error;
  if (!doc.Load(testing::BigScenarioJson(1000, 5000), error)) state.SkipWithError(error.c_str());
  const size_t pending = doc.scenario().pods.size() - 1;
  int i = 0;
  for (auto _ : state) {
    doc.BeginUndo();
    bool ok = doc.SetSpreadConstraintField(pending, 0, "maxSkew", std::to_string(1 + i++ % 3), error);
    auto before = doc.TakeUndo();
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(before);
  }
}
BENCHMARK(BM_ConstraintEdit)->Unit(benchmark::kMillisecond);

// The API server's validation of the whole scenario, which an edit used to run.
void BM_ValidateScenario(benchmark::State& state) {
  controlplane::ScenarioDoc doc;
  std::string error;
  if (!doc.Load(testing::BigScenarioJson(1000, 5000), error)) state.SkipWithError(error.c_str());
  for (auto _ : state) benchmark::DoNotOptimize(ValidateScenario(doc.scenario()));
}
BENCHMARK(BM_ValidateScenario)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace spreadlab
