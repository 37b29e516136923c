#pragma once
// How matching pods are spread over the domains of each distinct spread
// constraint of a set of pods: the "skew per domain" shown after a batch of
// placements and in the app's timeline.
#include <string>
#include <vector>

#include "core/framework/framework.h"

namespace spreadlab {

struct DomainCount {
  std::string value;
  int32_t matchNum = 0;
  int32_t skew = 0;  // matchNum minus the smallest matchNum among the domains
};

struct SpreadReport {
  std::string ns;
  std::string topologyKey;
  std::string selector;
  std::string whenUnsatisfiable;
  int32_t maxSkew = 0;
  std::vector<DomainCount> domains;  // every domain of the key, in node order
  int32_t skew = 0;                  // largest matchNum minus smallest
};

// One report per distinct (namespace, topologyKey, selector) among the
// constraints the framework's PodTopologySpread applies to `pods`. Counts
// cover every node that carries the key.
std::vector<SpreadReport> ReportSpread(Framework& framework, Cluster& cluster, const std::vector<PodIndex>& pods);

}  // namespace spreadlab
