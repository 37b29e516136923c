#include "core/plugins/imagelocality/image_locality.h"

#include <algorithm>

#include "core/goint.h"
#include "core/plugins/helper/explain.h"

namespace spreadlab::plugins {

std::string ImageLocality::NormalizedImageName(std::string_view name) {
  // strings.LastIndex(name, ":") <= strings.LastIndex(name, "/"), with -1 for "absent".
  auto lastIndex = [&](char c) -> int64_t {
    size_t i = name.rfind(c);
    return i == std::string_view::npos ? -1 : static_cast<int64_t>(i);
  };
  std::string out(name);
  if (lastIndex(':') <= lastIndex('/')) out += ":latest";
  return out;
}

namespace {
// Image sizes in explanations: "300.00MiB".
std::string MiB(int64_t bytes) { return helper::Fixed(static_cast<double>(bytes) / ImageLocality::kMB, 2) + "MiB"; }
}  // namespace

int64_t ImageLocality::CalculatePriority(int64_t sumScores, int64_t numImages, std::string* why) {
  const int64_t maxThreshold = kMaxContainerThreshold * numImages;
  const int64_t sum = sumScores;
  if (sumScores < kMinThreshold) {
    sumScores = kMinThreshold;
  } else if (sumScores > maxThreshold) {
    sumScores = maxThreshold;
  }
  const int64_t score = kMaxNodeScore * (sumScores - kMinThreshold) / (maxThreshold - kMinThreshold);
  if (why)
    *why = "sum " + MiB(sum) + " clamped to [" + MiB(kMinThreshold) + ", " + MiB(maxThreshold) + "] (" +
           std::to_string(numImages) + " image(s)) = " + MiB(sumScores) + "; " + std::to_string(kMaxNodeScore) +
           " x (" + MiB(sumScores) + " - " + MiB(kMinThreshold) + ") / (" + MiB(maxThreshold) + " - " +
           MiB(kMinThreshold) + ") = " + std::to_string(score);
  return score;
}

int64_t ImageLocality::ScaledImageScore(int64_t size, int64_t numNodes, int64_t totalNumNodes) {
  const double spread = static_cast<double>(numNodes) / static_cast<double>(totalNumNodes);
  return GoFloatToInt(static_cast<double>(size) * spread);
}

void ImageLocality::BuildImageStates() {
  const Cluster& cluster = *h_.cluster;
  builtFor_ = &cluster;
  imageIds_.clear();
  numNodes_.clear();
  cachedPod_ = kNone;
  const auto& nodes = cluster.scenario().nodes;
  nodeImages_.assign(nodes.size(), {});
  // The scheduler cache's addNodeImageStates (what a running kube-scheduler's snapshot
  // holds): one summary per image name, whose size is what the first node to report the
  // name said, in the order the cache received the nodes (the informer's list, sorted by
  // name, then later additions); nodes that report another size for it still score with
  // that one. (NewSnapshot, which upstream's unit tests use, takes each node's own size.)
  std::vector<int64_t> sizeOf;  // per image id
  std::unordered_map<int32_t, int64_t> sizes;
  for (const NodeIndex n : cluster.CacheAddOrder()) {
    sizes.clear();
    for (const auto& image : nodes[n].images) {
      for (const auto& name : image.names) {
        auto [it, fresh] = imageIds_.try_emplace(name, static_cast<int32_t>(numNodes_.size()));
        if (fresh) {
          numNodes_.push_back(0);
          sizeOf.push_back(image.sizeBytes);
        }
        sizes.emplace(it->second, sizeOf[static_cast<size_t>(it->second)]);
      }
    }
    auto& states = nodeImages_[n];
    for (const auto& [id, size] : sizes) {
      states.push_back(ImageState{id, size});
      ++numNodes_[id];  // createImageExistenceMap: a set of node names per image name
    }
    std::sort(states.begin(), states.end(), [](const ImageState& a, const ImageState& b) { return a.image < b.image; });
  }
}

const std::vector<int32_t>& ImageLocality::PodImages(const PodInfo& pod) {
  if (cachedPod_ == pod.index) return podImages_;
  cachedPod_ = pod.index;
  podImages_.clear();
  podImageNames_.clear();
  const v1::PodSpec& spec = h_.cluster->podSpec(pod.index).spec;
  auto add = [&](const std::vector<v1::Container>& containers) {
    for (const auto& c : containers) {
      podImageNames_.push_back(NormalizedImageName(c.image));
      auto it = imageIds_.find(podImageNames_.back());
      podImages_.push_back(it == imageIds_.end() ? -1 : it->second);
    }
  };
  add(spec.initContainers);
  add(spec.containers);
  return podImages_;
}

// sumImageScores: every image source, init containers first; each one found on the
// node adds its scaled score (the same image twice counts twice). With kExplain *why gets
// each image's part; compiled apart so that scoring carries nothing of the explanation.
template <bool kExplain>
int64_t ImageLocality::SumImageScores(const PodInfo& pod, const NodeInfo& node, std::string* why) {
  const int64_t totalNumNodes = static_cast<int64_t>(h_.cluster->nodes().size());
  const auto& states = nodeImages_[node.index];
  int64_t sum = 0;
  const auto& images = PodImages(pod);
  for (size_t i = 0; i < images.size(); ++i) {
    const int32_t image = images[i];
    auto it = image < 0 ? states.end()
                        : std::lower_bound(states.begin(), states.end(), image,
                                           [](const ImageState& s, int32_t id) { return s.image < id; });
    const bool present = it != states.end() && it->image == image;
    const int64_t scaled = present ? ScaledImageScore(it->size, numNodes_[image], totalNumNodes) : 0;
    sum = GoAdd(sum, scaled);
    if constexpr (kExplain) {
      std::string part = podImageNames_[i];
      if (present) {
        part.append(" ").append(MiB(it->size)).append(" x ").append(std::to_string(numNodes_[image])).append("/");
        part.append(std::to_string(totalNumNodes)).append(" nodes = ").append(MiB(scaled));
      } else {
        part.append(" not on the node");
      }
      helper::AppendPart(*why, ", ", part);
    }
  }
  return sum;
}

// ImageLocality.Score: calculatePriority(sumImageScores(...), imageCount).
Status ImageLocality::Score(const CycleState&, const PodInfo& pod, const NodeInfo& node, int64_t& score) {
  if (builtFor_ != h_.cluster) BuildImageStates();
  score = CalculatePriority(SumImageScores<false>(pod, node, nullptr), static_cast<int64_t>(PodImages(pod).size()));
  return Status::Ok();
}

ScoreExplanation ImageLocality::ExplainScore(const CycleState&, const PodInfo& pod, const NodeInfo& node,
                                             std::span<const NodeScore>, int64_t) {
  if (builtFor_ != h_.cluster) BuildImageStates();
  std::string images, priority;
  const int64_t sum = SumImageScores<true>(pod, node, &images);
  CalculatePriority(sum, static_cast<int64_t>(PodImages(pod).size()), &priority);
  return {(images.empty() ? "no image" : images) + "; " + priority, ""};
}

}  // namespace spreadlab::plugins
