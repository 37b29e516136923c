#pragma once
// Data InterPodAffinity's PreFilter and PreScore share (not part of the plugin's interface).
#include <string>
#include <unordered_map>
#include <vector>

#include "core/plugins/interpodaffinity/plugin.h"

namespace spreadlab::plugins {

namespace ipa {

// The existing pods' terms that the incoming pod is checked against.
enum class ExistingKind : uint8_t { RequiredAffinity, RequiredAntiAffinity, PreferredAffinity, PreferredAntiAffinity };

// Identical terms of bound pods, with how many (pod, term) pairs sit in each
// domain of the term's topology key. Whether a term matches the incoming pod
// depends only on the term (its namespaces already resolved against its own
// pod), so one match decides for every pod of the group: upstream's per-pod
// loops over PodsWithRequiredAntiAffinity / PodsWithAffinity add exactly these
// per-domain counts.
struct ExistingGroup {
  ExistingKind kind = ExistingKind::RequiredAntiAffinity;
  int32_t weight = 0;  // preferred terms' weight
  AffinityTerm term;
  const TopologyColumn* column = nullptr;
  std::vector<std::pair<PodIndex, int32_t>> members;  // (pod, domain) for pods on nodes with the key
  // Members per domain, kept only once there are more members than domains (so
  // that many small groups over a per-node key cost no per-node arrays).
  std::vector<int32_t> perDomain;
};

// Per domain of `column`, the sum of `perNode` over its nodes (nodes without the key
// left out): the pods a term counts in each domain.
std::vector<int64_t> DomainCounts(const std::vector<int32_t>& perNode, const TopologyColumn& column);
// Per domain of the group's topology key, the group's members there.
std::vector<int64_t> DomainCounts(const ExistingGroup& g);

}  // namespace ipa

struct InterPodAffinity::ExistingIndex {
  bool synced = false;
  uint64_t generation = 0;
  size_t seen = 0;        // how much of Cluster::boundWithAffinity is indexed
  uint64_t removals = 0;  // Cluster::affinityRemovals when the index was begun
  std::vector<ipa::ExistingGroup> groups;
  std::unordered_map<std::string, size_t> byKey;
  std::vector<size_t> requiredAnti;  // groups of kind RequiredAntiAffinity
  std::vector<size_t> scoring;       // groups of the other kinds
};

struct InterPodAffinity::IncomingTerms {
  PodIndex pod = kNone;
  ipa::PodAffinityTerms terms;  // namespaces merged (mergeAffinityTermNamespacesIfNotEmpty)
  bool hasPreferredAffinity = false, hasPreferredAntiAffinity = false;  // from the spec, as PreScore reads it
};

}  // namespace spreadlab::plugins
