#include "core/plugins/noderesources/fit.h"

#include "core/goint.h"

namespace spreadlab::plugins {

namespace {

// preFilterStateKey, preScoreStateKey
constexpr std::string_view kPreFilterStateKey = "PreFilterNodeResourcesFit";
constexpr std::string_view kPreScoreStateKey = "PreScoreNodeResourcesFit";

struct PreFilterState : StateData {
  Resource podRequest;
};

struct PreScoreState : StateData {
  std::vector<int64_t> podRequests;  // in the order of the strategy's resources
};

// nodeResourceStrategyTypeMap
noderesources::ResourceAllocationScorer MakeScorer(const config::ScoringStrategy& s, std::string& error) {
  using namespace noderesources;
  if (s.type == config::kLeastAllocated)
    return ResourceAllocationScorer(config::kLeastAllocated, false, LeastResourceScorer(s.resources), s.resources);
  if (s.type == config::kMostAllocated)
    return ResourceAllocationScorer(config::kMostAllocated, false, MostResourceScorer(s.resources), s.resources);
  if (s.type == config::kRequestedToCapacityRatio) {
    if (s.requestedToCapacityRatioShape.empty()) {
      // Upstream's argument validation rejects this ("at least one point must be specified").
      error = "requestedToCapacityRatio shape must have at least one point";
    } else {
      return ResourceAllocationScorer(config::kRequestedToCapacityRatio, false,
                                      RequestedToCapacityRatioScorer(s.resources, s.requestedToCapacityRatioShape),
                                      s.resources);
    }
  } else {
    error = "scoring strategy " + s.type + " is not supported";
  }
  return ResourceAllocationScorer(
      s.type, false, [](auto, auto, auto, auto) { return int64_t{0}; }, s.resources);
}

}  // namespace

std::string InsufficientResource::Reason() const {
  if (resourceName == kResourcePods) return std::string(Fit::kReasonTooManyPods);
  return "Insufficient " + std::string(resourceName);
}

// fitsRequest
void FitsRequest(const Resource& podRequest, const NodeInfo& node, const IgnoredResources& ignored,
                 std::vector<InsufficientResource>& out) {
  out.clear();
  const Resource& alloc = node.allocatable;
  const Resource& req = node.requested;

  const int64_t allowedPodNumber = alloc.allowedPodNumber;
  const int64_t numPods = static_cast<int64_t>(node.pods.size());
  if (GoAdd(numPods, 1) > allowedPodNumber) out.push_back({kResourcePods, 1, numPods, allowedPodNumber, false});

  if (podRequest.milliCPU == 0 && podRequest.memory == 0 && podRequest.ephemeralStorage == 0 &&
      podRequest.scalar.empty())
    return;

  if (podRequest.milliCPU > 0 && podRequest.milliCPU > GoSub(alloc.milliCPU, req.milliCPU))
    out.push_back(
        {kResourceCPU, podRequest.milliCPU, req.milliCPU, alloc.milliCPU, podRequest.milliCPU > alloc.milliCPU});
  if (podRequest.memory > 0 && podRequest.memory > GoSub(alloc.memory, req.memory))
    out.push_back({kResourceMemory, podRequest.memory, req.memory, alloc.memory, podRequest.memory > alloc.memory});
  if (podRequest.ephemeralStorage > 0 &&
      podRequest.ephemeralStorage > GoSub(alloc.ephemeralStorage, req.ephemeralStorage))
    out.push_back({kResourceEphemeralStorage, podRequest.ephemeralStorage, req.ephemeralStorage, alloc.ephemeralStorage,
                   podRequest.ephemeralStorage > alloc.ephemeralStorage});

  for (const auto& [rName, rQuant] : podRequest.scalar) {
    // Skip in case request quantity is zero.
    if (rQuant == 0) continue;
    if (IsExtendedResourceName(rName)) {
      // An extended resource to ignore, by name or by group (the part before the "/").
      std::string_view group = std::string_view(rName).substr(0, rName.find('/'));
      if (ignored.names.count(rName) || (!ignored.groups.empty() && ignored.groups.count(group))) continue;
    }
    const int64_t allocatable = alloc.Scalar(rName);
    const int64_t used = req.Scalar(rName);
    if (rQuant > GoSub(allocatable, used)) out.push_back({rName, rQuant, used, allocatable, rQuant > allocatable});
  }
}

Fit::Fit(Handle h, config::NodeResourcesFitArgs args) : h_(h), scorer_(MakeScorer(args.scoringStrategy, configError_)) {
  ignored_.names.insert(args.ignoredResources.begin(), args.ignoredResources.end());
  ignored_.groups.insert(args.ignoredResourceGroups.begin(), args.ignoredResourceGroups.end());
}

std::string_view Fit::InternName(std::string_view resourceName) {
  if (resourceName == kResourcePods) return kResourcePods;
  if (resourceName == kResourceCPU) return kResourceCPU;
  if (resourceName == kResourceMemory) return kResourceMemory;
  if (resourceName == kResourceEphemeralStorage) return kResourceEphemeralStorage;
  auto it = scalarReasons_.find(resourceName);
  if (it == scalarReasons_.end())
    it = scalarReasons_.emplace(std::string(resourceName), "Insufficient " + std::string(resourceName)).first;
  return it->first;
}

std::string_view Fit::ReasonOf(std::string_view resourceName) {
  if (resourceName == kResourcePods) return kReasonTooManyPods;
  if (resourceName == kResourceCPU) return kReasonInsufficientCPU;
  if (resourceName == kResourceMemory) return kReasonInsufficientMemory;
  if (resourceName == kResourceEphemeralStorage) return kReasonInsufficientEphemeralStorage;
  InternName(resourceName);
  return scalarReasons_.find(resourceName)->second;
}

// Fit.PreFilter: computePodResourceRequest. The pod's requests are the ones
// the cluster cached (CalculateResource: the same PodRequests, taken with
// Resource.Add, which differs from SetMaxResource only in counting "pods").
Status Fit::PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult&, CycleTrace* trace) {
  if (!h_.cluster->release().features.enableSidecarContainers) {
    // The SidecarContainers gate off (possible before its GA in 1.33).
    for (const auto& c : h_.cluster->podSpec(pod.index).spec.initContainers)
      if (c.restartPolicy && *c.restartPolicy == "Always")
        return Status::Make(Code::UnschedulableAndUnresolvable, kErrReasonSidecarsDisabled);
  }
  auto& s = state.Write<PreFilterState>(kPreFilterStateKey);
  s.podRequest = pod.resources.requests;
  s.podRequest.allowedPodNumber = 0;
  podRequest_ = s.podRequest;
  for (auto& v : insufficient_) v.clear();
  if (trace) insufficient_.resize(h_.cluster->nodes().size());
  return Status::Ok();
}

Status Fit::Filter(const CycleState& state, const PodInfo&, const NodeInfo& node, CycleTrace* trace) {
  const auto* s = state.Read<PreFilterState>(kPreFilterStateKey);
  if (!s) return Status::AsError("error reading \"PreFilterNodeResourcesFit\" from cycleState: not found");

  FitsRequest(s->podRequest, node, ignored_, scratch_);
  if (trace && node.index >= 0) {
    if (insufficient_.size() <= static_cast<size_t>(node.index)) insufficient_.resize(node.index + 1);
    auto& rec = insufficient_[node.index];
    rec = scratch_;
    for (auto& r : rec) r.resourceName = InternName(r.resourceName);
  }
  if (scratch_.empty()) return Status::Ok();

  // We keep all failure reasons.
  Code code = Code::Unschedulable;
  for (const auto& r : scratch_)
    if (r.unresolvable) code = Code::UnschedulableAndUnresolvable;
  if (scratch_.size() == 1) return Status::Make(code, ReasonOf(scratch_[0].resourceName));
  reasonScratch_.clear();
  for (const auto& r : scratch_) reasonScratch_.push_back(ReasonOf(r.resourceName));
  const auto& reasons = *reasonLists_.insert(reasonScratch_).first;
  return Status::Make(code, std::span<const std::string_view>(reasons));
}

std::span<const InsufficientResource> Fit::Insufficient(NodeIndex n) const {
  if (n < 0 || static_cast<size_t>(n) >= insufficient_.size()) return {};
  return insufficient_[n];
}

// Fit.PreScore: the pod's requests of the strategy's resources, with the
// non-zero defaults for cpu and memory.
Status Fit::PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex>, CycleTrace*) {
  auto& s = state.Write<PreScoreState>(kPreScoreStateKey);
  s.podRequests = scorer_.CalculatePodResourceRequestList(h_.cluster->podSpec(pod.index),
                                                          h_.cluster->release().features.enablePodLevelResources);
  return Status::Ok();
}

// Without a PreScore state (PreScore not run) the requests are computed here.
const std::vector<int64_t>& Fit::PodRequests(const CycleState& state, const PodInfo& pod) {
  if (const auto* s = state.Read<PreScoreState>(kPreScoreStateKey)) return s->podRequests;
  podRequestsScratch_ = scorer_.CalculatePodResourceRequestList(h_.cluster->podSpec(pod.index),
                                                                h_.cluster->release().features.enablePodLevelResources);
  return podRequestsScratch_;
}

Status Fit::Score(const CycleState& state, const PodInfo& pod, const NodeInfo& node, int64_t& score) {
  score = 0;
  if (!configError_.empty()) return Status::AsError(configError_);
  return scorer_.Score(node, PodRequests(state, pod), score);
}

ScoreExplanation Fit::ExplainScore(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                   std::span<const NodeScore>, int64_t) {
  if (!configError_.empty()) return {configError_, ""};
  std::string why;
  int64_t score = 0;
  if (Status s = scorer_.Score(node, PodRequests(state, pod), score, &why); !s.IsSuccess())
    return {std::string(s.Message()), ""};
  return {scorer_.name() + ": " + why, ""};
}

}  // namespace spreadlab::plugins
