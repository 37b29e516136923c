// Reading a big dump (5,000 nodes, 50,000 pods, as `kubectl get nodes,pods -o json|yaml`
// prints them): JSON against YAML, parse + read + validate (io::ReadScenario); and JSON at
// Kubernetes' documented limits (5,000 nodes, 150,000 pods), as this file writes pods and as
// the browser measurement does (tests/browser/measure.mjs).
#include <benchmark/benchmark.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "core/cluster.h"
#include "controlplane/load_scenario.h"
#include "io/scenario_json.h"
#include "io/yaml_out.h"

namespace {

using json = nlohmann::ordered_json;

json BigDump(int nodes, int pods) {
  json items = json::array();
  for (int i = 0; i < nodes; ++i) {
    const std::string name = "node-" + std::to_string(i);
    items.push_back(json{{"apiVersion", "v1"},
                         {"kind", "Node"},
                         {"metadata",
                          {{"name", name},
                           {"labels",
                            {{"kubernetes.io/hostname", name},
                             {"topology.kubernetes.io/zone", "zone-" + std::to_string(i % 3)},
                             {"node.kubernetes.io/instance-type", "m5.xlarge"}}}}},
                         {"spec", {{"podCIDR", "10.0.0.0/24"}}},
                         {"status",
                          {{"allocatable", {{"cpu", "4"}, {"memory", "32Gi"}, {"pods", "110"}}},
                           {"capacity", {{"cpu", "4"}, {"memory", "32Gi"}, {"pods", "110"}}}}}});
  }
  for (int i = 0; i < pods; ++i) {
    items.push_back(json{
        {"apiVersion", "v1"},
        {"kind", "Pod"},
        {"metadata",
         {{"name", "web-" + std::to_string(i)},
          {"namespace", "default"},
          {"labels", {{"app", "web-" + std::to_string(i % 50)}, {"tier", "front"}}}}},
        {"spec",
         {{"nodeName", "node-" + std::to_string(i % nodes)},
          {"containers", json::array({json{{"name", "c"},
                                           {"image", "nginx:1.25"},
                                           {"resources", {{"requests", {{"cpu", "100m"}, {"memory", "128Mi"}}}}}}})}}},
        {"status", {{"phase", "Running"}}}});
  }
  return json{{"apiVersion", "v1"}, {"kind", "List"}, {"items", std::move(items)}};
}

// The dump tests/browser/measure.mjs loads in the lab at 150,000 pods: nodes with their
// zone and allocatable, pods with a name, a label and a node only (19 MB).
json BrowserDump(int nodes, int pods) {
  json items = json::array();
  for (int i = 0; i < nodes; ++i) {
    const std::string name = "node-" + std::to_string(i);
    items.push_back(
        json{{"apiVersion", "v1"},
             {"kind", "Node"},
             {"metadata",
              {{"name", name},
               {"labels",
                {{"topology.kubernetes.io/zone", "zone-" + std::to_string(i % 3)}, {"kubernetes.io/hostname", name}}}}},
             {"status", {{"allocatable", {{"cpu", "8"}, {"memory", "32Gi"}, {"pods", "110"}}}}}});
  }
  for (int j = 0; j < pods; ++j)
    items.push_back(
        json{{"apiVersion", "v1"},
             {"kind", "Pod"},
             {"metadata", {{"name", "web-" + std::to_string(j)}, {"labels", {{"app", j % 2 ? "web" : "api"}}}}},
             {"spec", {{"nodeName", "node-" + std::to_string((j * 7) % nodes)}}}});
  return json{{"apiVersion", "v1"}, {"kind", "List"}, {"items", std::move(items)}};
}

const json& Dump() {
  static const json d = BigDump(5000, 50000);
  return d;
}

// Parse, read and validate `text` once per iteration: the time until the scenario is
// there (freeing it afterwards, 0.07 s at 150,000 pods, is not timed).
void Read(benchmark::State& state, const std::string& text) {
  for (auto _ : state) {
    auto s = std::make_unique<spreadlab::Scenario>();
    auto r = spreadlab::controlplane::LoadScenario(text, *s);
    if (!r.ok) state.SkipWithError(r.error.c_str());
    state.PauseTiming();
    s.reset();
    state.ResumeTiming();
  }
  state.counters["MB"] = static_cast<double>(text.size()) / 1e6;
}

void BM_ReadJson(benchmark::State& state) { Read(state, Dump().dump()); }
BENCHMARK(BM_ReadJson)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3)->ReportAggregatesOnly(true);

void BM_ReadYaml(benchmark::State& state) { Read(state, spreadlab::io::ToYaml(Dump())); }

void BM_ReadJson150k(benchmark::State& state) { Read(state, BigDump(5000, 150000).dump()); }
BENCHMARK(BM_ReadJson150k)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3)->ReportAggregatesOnly(true);
void BM_ReadJson150kBrowserDump(benchmark::State& state) { Read(state, BrowserDump(5000, 150000).dump()); }
BENCHMARK(BM_ReadJson150kBrowserDump)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_ReadYaml)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3)->ReportAggregatesOnly(true);

// What the lab does once the 46 MB dump is read: the cluster compiles the scenario it
// shares with the document (Lab::Rebuild; copying the scenario first took half as long again).
void BM_CompileCluster150k(benchmark::State& state) {
  auto read = std::make_shared<spreadlab::Scenario>();
  if (auto r = spreadlab::controlplane::LoadScenario(BigDump(5000, 150000).dump(), *read); !r.ok) state.SkipWithError(r.error.c_str());
  for (auto _ : state) {
    auto cluster = std::make_unique<spreadlab::Cluster>(std::shared_ptr<const spreadlab::Scenario>(read));
    benchmark::DoNotOptimize(cluster->pods().size());
    state.PauseTiming();
    cluster.reset();
    state.ResumeTiming();
  }
}
BENCHMARK(BM_CompileCluster150k)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3)->ReportAggregatesOnly(true);

}  // namespace
