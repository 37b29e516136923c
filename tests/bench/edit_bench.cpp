// Benchmarks of what the lab does on an edit before the cycle re-runs: the
// document edit (validation, the JSON patch, the undo record) at 1,000 nodes /
// 5,000 pods, the scenario the browser measurement (tests/browser/measure.mjs) uses.
#include <benchmark/benchmark.h>

#include <string>

#include "core/validation.h"
#include "io/scenario_edit.h"

namespace spreadlab {
namespace {

// 1,000 nodes over 3 zones, 5,000 bound pods, one pending pod with two constraints.
std::string BigScenarioJson() {
  std::string s = R"({"apiVersion":"v1","kind":"List","items":[)";
  for (int i = 0; i < 1000; ++i) {
    s += R"({"apiVersion":"v1","kind":"Node","metadata":{"name":"node-)" + std::to_string(i) +
         R"(","labels":{"kubernetes.io/hostname":"node-)" + std::to_string(i) +
         R"(","topology.kubernetes.io/zone":"zone-)" + std::to_string(i % 3) +
         R"("}},"status":{"allocatable":{"cpu":"4","memory":"32Gi","pods":"110"}}},)";
  }
  for (int j = 0; j < 5000; ++j) {
    s += R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-)" + std::to_string(j) +
         R"(","labels":{"app":")" + (j % 2 ? "web" : "api") + R"("}},"spec":{"nodeName":"node-)" +
         std::to_string((j * 7) % 1000) + R"("}},)";
  }
  s += R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"pending","labels":{"app":"web"}},"spec":{"topologySpreadConstraints":[)"
       R"({"maxSkew":1,"topologyKey":"topology.kubernetes.io/zone","whenUnsatisfiable":"DoNotSchedule","labelSelector":{"matchLabels":{"app":"web"}}},)"
       R"({"maxSkew":1,"topologyKey":"kubernetes.io/hostname","whenUnsatisfiable":"ScheduleAnyway","labelSelector":{"matchLabels":{"app":"web"}}}]}}]})";
  return s;
}

// One maxSkew edit as the lab makes it: the undo record, the edit, validation.
void BM_ConstraintEdit(benchmark::State& state) {
  io::ScenarioDoc doc;
  std::string error;
  if (!doc.Load(BigScenarioJson(), error)) state.SkipWithError(error.c_str());
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
  io::ScenarioDoc doc;
  std::string error;
  if (!doc.Load(BigScenarioJson(), error)) state.SkipWithError(error.c_str());
  for (auto _ : state) benchmark::DoNotOptimize(ValidateScenario(doc.scenario()));
}
BENCHMARK(BM_ValidateScenario)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace spreadlab
