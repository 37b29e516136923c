#include "core/plugins/noderesources/balanced_allocation.h"

#include <cmath>

namespace spreadlab::plugins {

namespace {

// balancedAllocationPreScoreStateKey
constexpr std::string_view kPreScoreStateKey = "PreScoreNodeResourcesBalancedAllocation";

struct PreScoreState : StateData {
  std::vector<int64_t> podRequests;  // in the order of the configured resources
};

}  // namespace

namespace noderesources {

// The old balancedResourceScorer, now the score of one state of the node.
int64_t BalancedResourceScore(std::span<const int64_t> requested, std::span<const int64_t> allocable) {
  double totalFraction = 0;
  size_t count = 0;
  double first[2] = {0, 0};
  auto fractionOf = [&](size_t i) {
    double fraction = static_cast<double>(requested[i]) / static_cast<double>(allocable[i]);
    return fraction > 1 ? 1.0 : fraction;
  };
  for (size_t i = 0; i < requested.size(); ++i) {
    if (allocable[i] == 0) continue;
    double fraction = fractionOf(i);
    totalFraction += fraction;
    if (count < 2) first[count] = fraction;
    ++count;
  }

  double stdDev = 0.0;
  // For most cases, resources are limited to cpu and memory, the std could be simplified to std := (fraction1-fraction2)/2
  // len(fractions) > 2: calculate std based on the well-known formula - root square of Σ((fraction(i)-mean)^2)/len(fractions)
  // Otherwise, set the std to zero is enough.
  if (count == 2) {
    stdDev = std::fabs((first[0] - first[1]) / 2);
  } else if (count > 2) {
    double mean = totalFraction / static_cast<double>(count);
    double sum = 0;
    for (size_t i = 0; i < requested.size(); ++i) {
      if (allocable[i] == 0) continue;
      double fraction = fractionOf(i);
      sum = sum + (fraction - mean) * (fraction - mean);
    }
    stdDev = std::sqrt(sum / static_cast<double>(count));
  }
  // STD (standard deviation) is always a positive value. 1-deviation lets the score to be higher for node which has
  // least deviation and multiplying it with `MaxNodeScore` provides the scaling factor needed.
  return static_cast<int64_t>((1 - stdDev) * static_cast<double>(kMaxNodeScore));
}

int64_t BalancedResourceScorer(std::span<const int64_t> requested, std::span<const int64_t> allocated,
                               std::span<const int64_t> allocatable) {
  const int64_t scoreWithPod = BalancedResourceScore(requested, allocatable);
  const int64_t scoreWithoutPod = BalancedResourceScore(allocated, allocatable);
  // Both scores are in [MaxNodeScore/2, MaxNodeScore]; the result is brought
  // back to that range: ~75 when the balance barely changes, towards 100 when
  // it improves, towards 50 when it worsens.
  return kMaxNodeScore / 2 + (kMaxNodeScore / 2 + scoreWithPod - scoreWithoutPod) / 2;
}

}  // namespace noderesources

namespace {

// Before 1.36 (kubernetes#135573): (1 - std) * MaxNodeScore of the node with the pod.
int64_t BalancedResourceScorerBefore136(std::span<const int64_t> requested, std::span<const int64_t>,
                                        std::span<const int64_t> allocatable) {
  return noderesources::BalancedResourceScore(requested, allocatable);
}

}  // namespace

BalancedAllocation::BalancedAllocation(Handle h, config::NodeResourcesBalancedAllocationArgs args)
    : h_(h),
      scorer_(std::string(kName), /*useRequested=*/true,
              h.cluster->release().balancedAllocationScoresImprovement() ? noderesources::BalancedResourceScorer
                                                                         : BalancedResourceScorerBefore136,
              std::move(args.resources)),
      skipBestEffort_(h.cluster->release().balancedAllocationSkipsBestEffort()) {}

std::vector<int64_t> BalancedAllocation::PodRequests(const PodInfo& pod) const {
  return scorer_.CalculatePodResourceRequestList(h_.cluster->podSpec(pod.index),
                                                 h_.cluster->release().features.enablePodLevelResources);
}

Status BalancedAllocation::PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex>, CycleTrace*) {
  std::vector<int64_t> podRequests = PodRequests(pod);
  if (skipBestEffort_ && noderesources::ResourceAllocationScorer::IsBestEffortPod(podRequests)) {
    // Skip BalancedAllocation scoring for best-effort pods to prevent a large
    // number of pods from being scheduled to the same node (kubernetes#130260, 1.33).
    return Status::Make(Code::Skip);
  }
  auto& s = state.Write<PreScoreState>(kPreScoreStateKey);
  s.podRequests = std::move(podRequests);
  return Status::Ok();
}

Status BalancedAllocation::Score(const CycleState& state, const PodInfo& pod, const NodeInfo& node, int64_t& score) {
  score = 0;
  const std::vector<int64_t>* podRequests = nullptr;
  if (const auto* s = state.Read<PreScoreState>(kPreScoreStateKey)) {
    podRequests = &s->podRequests;
  } else {
    podRequestsScratch_ = PodRequests(pod);
    if (skipBestEffort_ && noderesources::ResourceAllocationScorer::IsBestEffortPod(podRequestsScratch_))
      return Status::Ok();
    podRequests = &podRequestsScratch_;
  }
  return scorer_.Score(node, *podRequests, score);
}

noderesources::ScoreDetail BalancedAllocation::ExplainScore(const CycleState& state, const PodInfo& pod,
                                                            const NodeInfo& node) {
  noderesources::ScoreDetail d;
  const auto* s = state.Read<PreScoreState>(kPreScoreStateKey);
  std::vector<int64_t> podRequests = s ? s->podRequests : PodRequests(pod);
  int64_t score = 0;
  scorer_.Score(node, podRequests, score, &d);
  return d;
}

}  // namespace spreadlab::plugins
