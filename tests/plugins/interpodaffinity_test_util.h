#pragma once
// What upstream's interpodaffinity filtering_test.go and scoring_test.go share
// at package level: the plugin factory, the `namespaces` fixture and small term
// builders.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/plugins/interpodaffinity/plugin.h"
#include "testing/harness.h"

namespace spreadlab::testing::interpodaffinity {

inline PluginHarness::Factory NewPlugin(config::InterPodAffinityArgs args = {}) {
  return [args](Handle h) -> std::unique_ptr<Plugin> { return std::make_unique<plugins::InterPodAffinity>(h, args); };
}

inline v1::Namespace MakeNamespace(std::string name, v1::LabelMap labels = {}) {
  v1::Namespace ns;
  ns.metadata.name = std::move(name);
  ns.metadata.labels = std::move(labels);
  ns.path = "namespaces[" + ns.metadata.name + "]";
  return ns;
}

// scoring_test.go's `namespaces` (filtering_test.go uses them too):
// subteam{1,2}.team1 labelled team=team1, subteam{1,2}.team2 labelled team=team2.
inline Scenario Namespaces() {
  Scenario s;
  const v1::LabelMap t1 = {{"team", "team1"}}, t2 = {{"team", "team2"}};
  s.namespaces = {MakeNamespace("subteam1.team1", t1), MakeNamespace("subteam2.team1", t1),
                  MakeNamespace("subteam1.team2", t2), MakeNamespace("subteam2.team2", t2)};
  return s;
}

inline v1::LabelSelectorRequirement Req(std::string key, std::string op, std::vector<std::string> values = {}) {
  return {std::move(key), std::move(op), std::move(values)};
}

inline v1::PodAffinityTerm Term(std::vector<v1::LabelSelectorRequirement> exprs, std::string topologyKey,
                                std::vector<std::string> namespaces = {},
                                std::optional<v1::LabelSelector> namespaceSelector = std::nullopt) {
  v1::PodAffinityTerm t;
  t.labelSelector = v1::LabelSelector{{}, std::move(exprs)};
  t.topologyKey = std::move(topologyKey);
  t.namespaces = std::move(namespaces);
  t.namespaceSelector = std::move(namespaceSelector);
  return t;
}

}  // namespace spreadlab::testing::interpodaffinity
