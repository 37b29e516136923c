// Benchmarks of `spreadlab simulate` (simulator/simulation.h): a rolling update of a Deployment
// whose pods run spread over the zones of a big cluster, from `rollout` until the last old
// pod is gone (every Deployment sync, ReplicaSet sync and scheduling cycle on the way).
#include <benchmark/benchmark.h>

#include <nlohmann/json.hpp>
#include <string>

#include "simulator/simulation.h"

namespace spreadlab {
namespace {

using json = nlohmann::ordered_json;

// NODES nodes over 3 zones, and a Deployment of REPLICAS with a zone constraint
// (matchLabelKeys pod-template-hash) and the default strategy (25% / 25%).
std::string RolloutScenario(int nodes, int replicas) {
  json items = json::array();
  for (int i = 0; i < nodes; ++i) {
    const std::string name = "node-" + std::to_string(i);
    items.push_back({{"apiVersion", "v1"},
                     {"kind", "Node"},
                     {"metadata",
                      {{"name", name},
                       {"labels", {{"topology.kubernetes.io/zone", "zone-" + std::to_string(i % 3)},
                                   {"kubernetes.io/hostname", name}}}}},
                     {"status", {{"allocatable", {{"cpu", "4"}, {"memory", "32Gi"}, {"pods", "110"}}}}}});
  }
  json constraint = {{"maxSkew", 1},
                     {"topologyKey", "topology.kubernetes.io/zone"},
                     {"whenUnsatisfiable", "DoNotSchedule"},
                     {"labelSelector", {{"matchLabels", {{"app", "web"}}}}},
                     {"matchLabelKeys", {"pod-template-hash"}}};
  json container = {{"name", "web"}, {"image", "nginx"}, {"resources", {{"requests", {{"cpu", "100m"}, {"memory", "128Mi"}}}}}};
  items.push_back({{"apiVersion", "apps/v1"},
                   {"kind", "Deployment"},
                   {"metadata", {{"name", "web"}, {"namespace", "shop"}}},
                   {"spec",
                    {{"replicas", replicas},
                     {"selector", {{"matchLabels", {{"app", "web"}}}}},
                     {"template",
                      {{"metadata", {{"labels", {{"app", "web"}}}}},
                       {"spec", {{"containers", {container}}, {"topologySpreadConstraints", {constraint}}}}}}}}});
  return json{{"apiVersion", "v1"}, {"kind", "List"}, {"items", std::move(items)}}.dump();
}

void BM_Rollout(benchmark::State& state) {
  const std::string text = RolloutScenario(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  simulator::SimStep rollout;
  std::string error;
  simulator::ParseSimStep("rollout shop/web", rollout, error);
  for (auto _ : state) {
    state.PauseTiming();
    controlplane::ScenarioDoc doc;
    simulator::StepReport report;
    if (!doc.Load(text, error)) state.SkipWithError(error.c_str());
    simulator::Simulation sim(doc);
    if (!sim.Start(report, error)) state.SkipWithError(error.c_str());
    state.ResumeTiming();
    if (!sim.Step(rollout, report, error)) state.SkipWithError(error.c_str());
    state.counters["rounds"] = report.rounds;
    state.counters["placed"] = static_cast<double>(report.placements.size());
  }
}
BENCHMARK(BM_Rollout)
    ->ArgNames({"nodes", "replicas"})
    ->Args({5000, 1000})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);

}  // namespace
}  // namespace spreadlab
