#pragma once
// Scenario documents as the controllers' tests write them: a zoned node and a v1 List.
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace spreadlab::testing {

// A node of 4 CPUs, 8Gi and 110 pods in `zone`, its hostname label its name.
inline nlohmann::ordered_json Node(const std::string& name, const std::string& zone) {
  return {{"apiVersion", "v1"},
          {"kind", "Node"},
          {"metadata",
           {{"name", name}, {"labels", {{"topology.kubernetes.io/zone", zone}, {"kubernetes.io/hostname", name}}}}},
          {"status", {{"allocatable", {{"cpu", "4"}, {"memory", "8Gi"}, {"pods", "110"}}}}}};
}

inline nlohmann::ordered_json List(std::vector<nlohmann::ordered_json> items) {
  return {{"apiVersion", "v1"}, {"kind", "List"}, {"items", nlohmann::ordered_json(std::move(items))}};
}

}  // namespace spreadlab::testing
