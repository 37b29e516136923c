#include "core/plugins/noderesources/resource_allocation.h"

#include "core/plugins/helper/explain.h"
#include "core/resources.h"

namespace spreadlab::plugins::noderesources {

ResourceAllocationScorer::ResourceAllocationScorer(std::string name, bool useRequested, Scorer scorer,
                                                   std::vector<config::ResourceSpec> resources)
    : name_(std::move(name)),
      useRequested_(useRequested),
      scorer_(std::move(scorer)),
      resources_(std::move(resources)) {
  for (const auto& r : resources_) {
    if (r.name == kResourceCPU)
      kinds_.push_back(Kind::CPU);
    else if (r.name == kResourceMemory)
      kinds_.push_back(Kind::Memory);
    else if (r.name == kResourceEphemeralStorage)
      kinds_.push_back(Kind::EphemeralStorage);
    else if (IsScalarResourceName(r.name))
      kinds_.push_back(Kind::Scalar);
    else
      kinds_.push_back(Kind::Other);  // e.g. "pods": never in a node's scalar resources
  }
}

// calculatePodResourceRequest for every configured resource: the total
// requests (non-zero ones unless useRequested), overhead included.
std::vector<int64_t> ResourceAllocationScorer::CalculatePodResourceRequestList(const v1::Pod& pod,
                                                                               bool podLevelResources) const {
  v1::ResourceList requests = PodRequests(pod, !useRequested_, podLevelResources);
  std::vector<int64_t> out(resources_.size(), 0);
  for (size_t i = 0; i < resources_.size(); ++i) {
    auto it = requests.find(resources_[i].name);
    if (it == requests.end()) continue;
    out[i] = kinds_[i] == Kind::CPU ? it->second.milli : it->second.value;
  }
  return out;
}

bool ResourceAllocationScorer::IsBestEffortPod(std::span<const int64_t> podRequests) {
  for (int64_t r : podRequests)
    if (r != 0) return false;
  return true;
}

std::pair<int64_t, int64_t> ResourceAllocationScorer::CalculateResourceAllocatableRequest(const NodeInfo& node,
                                                                                          size_t i,
                                                                                          int64_t podRequest) const {
  switch (kinds_[i]) {
    case Kind::CPU:
      return {node.allocatable.milliCPU, useRequested_ ? node.requested.milliCPU : node.nonZeroMilliCPU};
    case Kind::Memory:
      return {node.allocatable.memory, useRequested_ ? node.requested.memory : node.nonZeroMemory};
    case Kind::EphemeralStorage:
      return {node.allocatable.ephemeralStorage, node.requested.ephemeralStorage};
    case Kind::Scalar:
      // An extended resource the pod does not request is bypassed.
      if (podRequest == 0) return {0, 0};
      if (node.allocatable.HasScalar(resources_[i].name))
        return {node.allocatable.Scalar(resources_[i].name), node.requested.Scalar(resources_[i].name)};
      return {0, 0};
    case Kind::Other:
      return {0, 0};
  }
  return {0, 0};
}

Status ResourceAllocationScorer::Score(const NodeInfo& node, std::span<const int64_t> podRequests, int64_t& score,
                                       std::string* why) {
  score = 0;
  // resources not set, nothing scheduled
  if (resources_.empty()) return Status::AsError("resources not found");
  const size_t n = resources_.size();
  requested_.assign(n, 0);
  allocated_.assign(n, 0);
  allocatable_.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    const int64_t podRequest = i < podRequests.size() ? podRequests[i] : 0;
    auto [alloc, allocd] = CalculateResourceAllocatableRequest(node, i, podRequest);
    // Only fill the entry when the node has some of the resource.
    if (alloc == 0) continue;
    allocatable_[i] = alloc;
    allocated_[i] = allocd;
    requested_[i] = GoAdd(allocd, podRequest);
  }
  score = scorer_(requested_, allocated_, allocatable_, why);
  return Status::Ok();
}

namespace {
// WeightedResourceScorer's average; with kExplain it also writes its formula to *why.
// Compiled apart so that scoring carries nothing of the explanation.
template <bool kExplain>
int64_t WeightedAverage(std::span<const config::ResourceSpec> resources, ResourceScoreFunction perResource,
                        std::span<const int64_t> requested, std::span<const int64_t> allocated,
                        std::span<const int64_t> allocable, std::string* why) {
  int64_t nodeScore = 0, weightSum = 0;
  std::string parts, terms;
  for (size_t i = 0; i < requested.size(); ++i) {
    if (allocable[i] == 0) continue;
    int64_t weight = resources[i].weight;
    const int64_t resourceScore = perResource.score(requested[i], allocable[i]);
    nodeScore = GoAdd(nodeScore, GoMul(resourceScore, weight));
    weightSum = GoAdd(weightSum, weight);
    if constexpr (kExplain) {
      helper::AppendPart(
          parts, ", ", perResource.formula(resources[i].name, allocated[i], requested[i], allocable[i], resourceScore));
      helper::AppendPart(terms, " + ", std::to_string(resourceScore) + "x" + std::to_string(weight));
    }
  }
  const int64_t score = weightSum == 0 ? 0 : GoDiv(nodeScore, weightSum);
  if constexpr (kExplain) *why = WeightedAverageText(parts, terms, weightSum, score, false);
  return score;
}
}  // namespace

Scorer WeightedResourceScorer(std::vector<config::ResourceSpec> resources, ResourceScoreFunction perResource) {
  return [resources = std::move(resources), perResource](std::span<const int64_t> requested,
                                                         std::span<const int64_t> allocated,
                                                         std::span<const int64_t> allocable, std::string* why) {
    return why ? WeightedAverage<true>(resources, perResource, requested, allocated, allocable, why)
               : WeightedAverage<false>(resources, perResource, requested, allocated, allocable, nullptr);
  };
}

std::string WeightedAverageText(const std::string& parts, const std::string& terms, int64_t weightSum, int64_t score,
                                bool rounded) {
  if (weightSum == 0) return parts + (parts.empty() ? "" : "; ") + "no resource counts: 0";
  const std::string average = "(" + terms + ") / " + std::to_string(weightSum);
  return parts + "; " + (rounded ? "round(" + average + ")" : average) + " = " + std::to_string(score);
}

}  // namespace spreadlab::plugins::noderesources
