#pragma once
// ImageLocality (pkg/scheduler/framework/plugins/imagelocality): a Score plugin
// that favours nodes which already hold the pod's container images. Each image
// found on the node adds its size scaled by its spread (the fraction of all
// nodes holding it, which damps "node heating"); the sum is clamped between
// 23MB and 1000MB per image source and scaled to [0, 100]. No NormalizeScore.
//
// Image sources are the pod's init containers (all of them, not only sidecars)
// and containers; upstream also counts image volumes (spec.volumes[*].image),
// which the scenario API does not model.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/framework/interface.h"

namespace spreadlab::plugins {

class ImageLocality final : public ScorePlugin, public ScoreExplainer {
 public:
  static constexpr std::string_view kName = "ImageLocality";
  static constexpr int64_t kMB = 1024 * 1024;
  static constexpr int64_t kMinThreshold = 23 * kMB;
  static constexpr int64_t kMaxContainerThreshold = 1000 * kMB;

  explicit ImageLocality(Handle h) : h_(h) {}
  std::string_view Name() const override { return kName; }
  Status Score(const CycleState& state, const PodInfo& pod, const NodeInfo& node, int64_t& score) override;
  // The pod's images on the node, their sizes and spread, then the clamp (no NormalizeScore).
  ScoreExplanation ExplainScore(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                std::span<const NodeScore> scores, int64_t normalized) override;

  // normalizedImageName: appends ":latest" when the name has neither a tag nor
  // a digest (no ':' after the last '/').
  static std::string NormalizedImageName(std::string_view name);
  // calculatePriority: sumScores clamped to [minThreshold, maxContainerThreshold
  // * numImages], scaled to [0, MaxNodeScore] with integer division; `why` gets the formula.
  static int64_t CalculatePriority(int64_t sumScores, int64_t numImages, std::string* why = nullptr);
  // scaledImageScore: int64(float64(size) * float64(numNodes)/float64(totalNumNodes)).
  static int64_t ScaledImageScore(int64_t size, int64_t numNodes, int64_t totalNumNodes);

 private:
  // The ImageStates a running scheduler's snapshot holds (the cache's addNodeImageStates),
  // built once per cluster: nodes never change within one.
  struct ImageState {
    int32_t image = 0;  // index in imageIds_
    int64_t size = 0;   // this node's sizeBytes for that name
  };
  void BuildImageStates();
  const std::vector<int32_t>& PodImages(const PodInfo& pod);
  template <bool kExplain>
  int64_t SumImageScores(const PodInfo& pod, const NodeInfo& node, std::string* why);

  Handle h_;
  const Cluster* builtFor_ = nullptr;
  std::unordered_map<std::string, int32_t> imageIds_;  // image name as listed by nodes
  std::vector<int64_t> numNodes_;                      // per image: nodes listing the name
  std::vector<std::vector<ImageState>> nodeImages_;    // per node, sorted by image
  PodIndex cachedPod_ = kNone;
  std::vector<int32_t> podImages_;          // normalized image of each init container then container; -1: on no node
  std::vector<std::string> podImageNames_;  // and its name
};

}  // namespace spreadlab::plugins
