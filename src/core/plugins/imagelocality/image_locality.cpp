#include "core/plugins/imagelocality/image_locality.h"

#include <algorithm>

#include "core/goint.h"

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

int64_t ImageLocality::CalculatePriority(int64_t sumScores, int64_t numImages) {
  const int64_t maxThreshold = kMaxContainerThreshold * numImages;
  if (sumScores < kMinThreshold) {
    sumScores = kMinThreshold;
  } else if (sumScores > maxThreshold) {
    sumScores = maxThreshold;
  }
  return kMaxNodeScore * (sumScores - kMinThreshold) / (maxThreshold - kMinThreshold);
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
  // name said (nodes in document order, as the informer adds them); nodes that report
  // another size for it still score with that one. (NewSnapshot, which upstream's unit
  // tests use, takes each node's own size instead.)
  std::vector<int64_t> sizeOf;  // per image id
  std::unordered_map<int32_t, int64_t> sizes;
  for (size_t n = 0; n < nodes.size(); ++n) {
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
  const v1::PodSpec& spec = h_.cluster->podSpec(pod.index).spec;
  auto add = [&](const std::vector<v1::Container>& containers) {
    for (const auto& c : containers) {
      auto it = imageIds_.find(NormalizedImageName(c.image));
      podImages_.push_back(it == imageIds_.end() ? -1 : it->second);
    }
  };
  add(spec.initContainers);
  add(spec.containers);
  return podImages_;
}

// ImageLocality.Score: calculatePriority(sumImageScores(...), imageCount).
Status ImageLocality::Score(const CycleState&, const PodInfo& pod, const NodeInfo& node, int64_t& score) {
  if (builtFor_ != h_.cluster) BuildImageStates();
  const int64_t totalNumNodes = static_cast<int64_t>(h_.cluster->nodes().size());
  const auto& states = nodeImages_[node.index];
  // sumImageScores: every image source, init containers first; each one found
  // on the node adds its scaled score (the same image twice counts twice).
  int64_t sum = 0;
  const auto& images = PodImages(pod);
  for (int32_t image : images) {
    if (image < 0) continue;
    auto it = std::lower_bound(states.begin(), states.end(), image,
                               [](const ImageState& s, int32_t id) { return s.image < id; });
    if (it != states.end() && it->image == image) sum = GoAdd(sum, ScaledImageScore(it->size, numNodes_[image], totalNumNodes));
  }
  score = CalculatePriority(sum, static_cast<int64_t>(images.size()));
  return Status::Ok();
}

}  // namespace spreadlab::plugins
