// The incremental per-selector match counts that make a cycle cost O(nodes)
// are checked against a straightforward recount, on random scenarios, after
// every binding of a batch; and a batch scheduled incrementally must decide
// exactly as cycles run on a cluster rebuilt from scratch before each pod.
#include <gtest/gtest.h>

#include <random>

#include "core/corev1/selectors.h"
#include "core/framework/framework.h"
#include "core/plugins/registry.h"

namespace spreadlab {
namespace {

Scenario RandomScenario(std::mt19937& rng) {
  const std::vector<std::string> apps = {"web", "db", "cache"};
  const std::vector<std::string> namespaces = {"default", "prod"};
  Scenario s;
  int nodes = 3 + static_cast<int>(rng() % 12);
  int zones = 1 + static_cast<int>(rng() % 4);
  for (int i = 0; i < nodes; ++i) {
    v1::Node n;
    n.metadata.name = "n" + std::to_string(i);
    n.metadata.labels["kubernetes.io/hostname"] = n.metadata.name;
    if (rng() % 8) n.metadata.labels["zone"] = "z" + std::to_string(rng() % zones);  // some nodes lack the key
    if (rng() % 6 == 0) n.taints.push_back({"dedicated", "x", "NoSchedule"});
    s.nodes.push_back(std::move(n));
  }
  int bound = static_cast<int>(rng() % 40), pending = 1 + static_cast<int>(rng() % 25);
  for (int i = 0; i < bound + pending; ++i) {
    v1::Pod p;
    p.metadata.name = "p" + std::to_string(i);
    p.metadata.ns = namespaces[rng() % namespaces.size()];
    p.metadata.labels["app"] = apps[rng() % apps.size()];
    if (i < bound) {
      p.spec.nodeName = "n" + std::to_string(rng() % nodes);
      p.metadata.terminating = rng() % 10 == 0;
    } else {
      v1::LabelSelector sel;
      sel.matchLabels["app"] = apps[rng() % apps.size()];
      v1::TopologySpreadConstraint c;
      c.maxSkew = 1 + static_cast<int32_t>(rng() % 2);
      c.topologyKey = rng() % 2 ? "zone" : "kubernetes.io/hostname";
      c.whenUnsatisfiable = rng() % 3 ? v1::kDoNotSchedule : v1::kScheduleAnyway;
      c.labelSelector = sel;
      if (rng() % 4 == 0) c.nodeTaintsPolicy = v1::kHonor;
      p.spec.topologySpreadConstraints.push_back(c);
      if (rng() % 3 == 0) p.spec.tolerations.push_back({"dedicated", "Exists", "", "", std::nullopt});
    }
    s.pods.push_back(std::move(p));
  }
  return s;
}

TEST(IncrementalCounts, MatchCountsEqualRecountAfterEveryBinding) {
  std::mt19937 rng(42);
  for (int round = 0; round < 60; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    Cluster cluster(RandomScenario(rng));
    std::vector<std::pair<Sym, Selector>> selectors;
    for (const char* app : {"web", "db", "cache"})
      for (const char* ns : {"default", "prod"})
        selectors.emplace_back(cluster.pool().Intern(ns), SelectorFromSet({{"app", app}}, cluster.pool()));
    for (const auto& [ns, sel] : selectors) cluster.MatchCounts(ns, sel);  // cached before the bindings
    std::string error;
    auto fw = plugins::NewFramework(cluster, config::Profile{}, error);
    ASSERT_TRUE(fw) << error;
    CycleTrace trace;
    for (PodIndex p : cluster.PendingPods()) {
      fw->RunCycle(p, trace, false);
      if (trace.selected != kNone) cluster.Bind(p, trace.selected);
      for (const auto& [ns, sel] : selectors) {
        const auto& counts = cluster.MatchCounts(ns, sel);
        for (const auto& n : cluster.nodes()) ASSERT_EQ(counts[n.index], cluster.CountMatchingSlow(n.index, ns, sel));
      }
    }
  }
}

TEST(IncrementalCounts, BatchEqualsCyclesOnRebuiltClusters) {
  std::mt19937 rng(7);
  for (int round = 0; round < 40; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    Scenario scenario = RandomScenario(rng);
    Cluster incremental(scenario);
    std::string error;
    auto fw = plugins::NewFramework(incremental, config::Profile{}, error);
    ASSERT_TRUE(fw) << error;
    // Oracle: before each placement, rebuild the cluster from the scenario with
    // the earlier placements written into spec.nodeName, and run one cycle that
    // starts at the same node as the batch's cycle.
    Scenario replay = scenario;
    CycleTrace batch, trace;
    for (PodIndex p : incremental.PendingPods()) {
      size_t start = fw->nextStartNodeIndex();
      fw->RunCycle(p, batch, false);
      if (batch.selected != kNone) incremental.Bind(p, batch.selected);

      Cluster fresh(replay);
      auto ffw = plugins::NewFramework(fresh, config::Profile{}, error);
      ffw->setNextStartNodeIndex(start);
      ffw->RunCycle(p, trace, true);
      ASSERT_EQ(trace.selected, batch.selected) << scenario.pods[p].metadata.name;
      ASSERT_EQ(trace.message, batch.message);
      if (batch.selected != kNone) replay.pods[p].spec.nodeName = fresh.node(batch.selected).name;
    }
  }
}

}  // namespace
}  // namespace spreadlab
