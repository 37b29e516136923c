#include "core/plugins/noderesources/balanced_allocation.h"

#include <cmath>

#include "core/plugins/helper/explain.h"

namespace spreadlab::plugins {

namespace {

// balancedAllocationPreScoreStateKey
constexpr std::string_view kPreScoreStateKey = "PreScoreNodeResourcesBalancedAllocation";

struct PreScoreState : StateData {
  std::vector<int64_t> podRequests;  // in the order of the configured resources
};

}  // namespace

namespace noderesources {

namespace {
// "cpu 3000m/4000m = 0.75": one resource's fraction as the std takes it.
std::string FractionText(std::string_view resource, int64_t requested, int64_t allocatable, double fraction) {
  const helper::AmountText a(resource, {requested, allocatable});
  return std::string(resource) + " " + a(requested) + "/" + a(allocatable) +
         (requested > allocatable ? " > 1: " : " = ") + helper::Decimal(fraction);
}

// The old balancedResourceScorer, now the score of one state of the node; with kExplain
// it also writes the fractions, their std and the formula to *why (`resources` names
// them). Compiled apart so that scoring carries nothing of the explanation.
template <bool kExplain>
int64_t BalancedScore(std::span<const int64_t> requested, std::span<const int64_t> allocable,
                      std::span<const config::ResourceSpec> resources, std::string* why) {
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
    if constexpr (kExplain)
      helper::AppendPart(*why, ", ", FractionText(resources[i].name, requested[i], allocable[i], fraction));
  }

  double stdDev = 0.0;
  // For most cases, resources are limited to cpu and memory, the std could be simplified to std :=
  // (fraction1-fraction2)/2 len(fractions) > 2: calculate std based on the well-known formula - root square of
  // Σ((fraction(i)-mean)^2)/len(fractions) Otherwise, set the std to zero is enough.
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
  const int64_t score = static_cast<int64_t>((1 - stdDev) * static_cast<double>(kMaxNodeScore));
  if constexpr (kExplain)
    helper::AppendPart(*why, ", ",
                       "std " + helper::Decimal(stdDev) + ", (1-" + helper::Decimal(stdDev) + ")x" +
                           std::to_string(kMaxNodeScore) + " = " + std::to_string(score));
  return score;
}

// 1.36's balancedResourceScorer from the scores with and without the pod.
int64_t WithAndWithoutPod(int64_t scoreWithPod, int64_t scoreWithoutPod) {
  // Both scores are in [MaxNodeScore/2, MaxNodeScore]; the result is brought
  // back to that range: ~75 when the balance barely changes, towards 100 when
  // it improves, towards 50 when it worsens.
  return kMaxNodeScore / 2 + (kMaxNodeScore / 2 + scoreWithPod - scoreWithoutPod) / 2;
}
}  // namespace

int64_t BalancedResourceScore(std::span<const int64_t> requested, std::span<const int64_t> allocable,
                              std::span<const config::ResourceSpec> resources, std::string* why) {
  return why ? BalancedScore<true>(requested, allocable, resources, why)
             : BalancedScore<false>(requested, allocable, resources, nullptr);
}

Scorer BalancedResourceScorer(std::vector<config::ResourceSpec> resources, bool comparesWithoutPod) {
  if (!comparesWithoutPod) {
    // Before 1.36 (kubernetes#135573): (1 - std) * MaxNodeScore of the node with the pod.
    return [resources = std::move(resources)](std::span<const int64_t> requested, std::span<const int64_t>,
                                              std::span<const int64_t> allocatable, std::string* why) {
      return BalancedResourceScore(requested, allocatable, resources, why);
    };
  }
  return [resources = std::move(resources)](std::span<const int64_t> requested, std::span<const int64_t> allocated,
                                            std::span<const int64_t> allocatable, std::string* why) {
    if (!why)
      return WithAndWithoutPod(BalancedScore<false>(requested, allocatable, resources, nullptr),
                               BalancedScore<false>(allocated, allocatable, resources, nullptr));
    std::string with, without;
    const int64_t scoreWithPod = BalancedScore<true>(requested, allocatable, resources, &with);
    const int64_t scoreWithoutPod = BalancedScore<true>(allocated, allocatable, resources, &without);
    const int64_t score = WithAndWithoutPod(scoreWithPod, scoreWithoutPod);
    const std::string half = std::to_string(kMaxNodeScore / 2);
    *why = "with the pod: " + with + "; without it: " + without + "; " + half + " + (" + half + " + " +
           std::to_string(scoreWithPod) + " - " + std::to_string(scoreWithoutPod) + ") / 2 = " + std::to_string(score);
    return score;
  };
}

}  // namespace noderesources

BalancedAllocation::BalancedAllocation(Handle h, const config::NodeResourcesBalancedAllocationArgs& args)
    : h_(h),
      scorer_(std::string(kName), /*useRequested=*/true,
              noderesources::BalancedResourceScorer(args.resources,
                                                    h.cluster->release().balancedAllocationScoresImprovement()),
              args.resources),  // not moved: the arguments' order of evaluation is unspecified
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

// The pod's requests Score uses: PreScore's, or computed here when PreScore did not run;
// null for a best-effort pod then (it scores 0, as PreScore would have skipped it).
const std::vector<int64_t>* BalancedAllocation::PodRequestsFor(const CycleState& state, const PodInfo& pod) {
  if (const auto* s = state.Read<PreScoreState>(kPreScoreStateKey)) return &s->podRequests;
  podRequestsScratch_ = PodRequests(pod);
  if (skipBestEffort_ && noderesources::ResourceAllocationScorer::IsBestEffortPod(podRequestsScratch_)) return nullptr;
  return &podRequestsScratch_;
}

Status BalancedAllocation::Score(const CycleState& state, const PodInfo& pod, const NodeInfo& node, int64_t& score) {
  score = 0;
  const std::vector<int64_t>* podRequests = PodRequestsFor(state, pod);
  return podRequests ? scorer_.Score(node, *podRequests, score) : Status::Ok();
}

// balancedResourceScorer's formula (the one of the cluster's release) with the node's numbers.
ScoreExplanation BalancedAllocation::ExplainScore(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                                  std::span<const NodeScore>, int64_t) {
  const std::vector<int64_t>* podRequests = PodRequestsFor(state, pod);
  if (!podRequests) return {"a best-effort pod: 0", ""};
  std::string why;
  int64_t score = 0;
  if (Status s = scorer_.Score(node, *podRequests, score, &why); !s.IsSuccess()) return {std::string(s.Message()), ""};
  return {why, ""};
}

}  // namespace spreadlab::plugins
