#include "core/plugins/selectorspread/selector_spread.h"

#include <map>

#include "core/plugins/helper/spread.h"

namespace spreadlab::plugins {

namespace {
constexpr std::string_view kPreScoreStateKey = "PreScoreSelectorSpread";

struct PreScoreState : StateData {
  // countMatchingPods for every node, from the selector DefaultSelector built.
  std::vector<int32_t> counts;
};
}  // namespace

std::string SelectorSpread::GetZoneKey(const LabelSet& labels, const StringPool& pool) {
  // A label that is present counts even when its value is empty.
  auto get = [&](std::string_view key, bool* present) -> std::string {
    Sym k = pool.Find(key);
    Sym v = k == kNoSym ? kNoSym : labels.Get(k);
    *present = v != kNoSym;
    return *present ? pool.Str(v) : std::string();
  };
  bool ok = false;
  std::string zone = get("failure-domain.beta.kubernetes.io/zone", &ok);
  if (!ok) zone = get("topology.kubernetes.io/zone", &ok);
  std::string region = get("failure-domain.beta.kubernetes.io/region", &ok);
  if (!ok) region = get("topology.kubernetes.io/region", &ok);
  if (region.empty() && zone.empty()) return "";
  return region + std::string(":\0:", 3) + zone;
}

bool SelectorSpread::Skip(const PodInfo& pod) const {
  return !h_.cluster->podSpec(pod.index).spec.topologySpreadConstraints.empty();
}

const std::string& SelectorSpread::ZoneKey(NodeIndex node) {
  const Cluster& cluster = *h_.cluster;
  if (zonesFor_ != &cluster) {
    zonesFor_ = &cluster;
    zoneKeys_.clear();
    for (const auto& n : cluster.nodes()) zoneKeys_.push_back(GetZoneKey(n.labels, cluster.pool()));
  }
  return zoneKeys_[node];
}

// SelectorSpread.PreScore
Status SelectorSpread::PreScore(CycleState& state, const PodInfo& pod, std::span<const NodeIndex>, CycleTrace*) {
  if (Skip(pod)) return Status::Ok();
  Cluster& cluster = *h_.cluster;
  Selector selector = helper::DefaultSelector(pod, cluster);
  // countMatchingPods: bound pods of the pod's namespace that are not being
  // deleted and match the selector; nothing for an empty selector. The
  // cluster's per-selector counts are exactly that, for every node.
  auto& s = state.Write<PreScoreState>(kPreScoreStateKey);
  s.counts = cluster.MatchCounts(pod.nsSym, selector);
  return Status::Ok();
}

// SelectorSpread.Score: the number of matching pods on the node.
Status SelectorSpread::Score(const CycleState& state, const PodInfo& pod, const NodeInfo& node, int64_t& score) {
  score = 0;
  if (Skip(pod)) return Status::Ok();
  const auto* s = state.Read<PreScoreState>(kPreScoreStateKey);
  if (!s) return Status::AsError("reading \"PreScoreSelectorSpread\" from cycleState: not found");
  score = s->counts[node.index];
  return Status::Ok();
}

// SelectorSpread.NormalizeScore
Status SelectorSpread::NormalizeScore(const CycleState&, const PodInfo& pod, std::span<NodeScore> scores) {
  if (Skip(pod)) return Status::Ok();
  std::map<std::string, int64_t> countsByZone;
  int64_t maxCountByZone = 0;
  int64_t maxCountByNodeName = 0;
  for (const auto& s : scores) {
    if (s.score > maxCountByNodeName) maxCountByNodeName = s.score;
    const std::string& zoneID = ZoneKey(s.node);
    if (zoneID.empty()) continue;
    countsByZone[zoneID] += s.score;
  }
  for (const auto& [zone, count] : countsByZone)
    if (count > maxCountByZone) maxCountByZone = count;
  const bool haveZones = !countsByZone.empty();

  const double maxCountByNodeNameFloat64 = static_cast<double>(maxCountByNodeName);
  const double maxCountByZoneFloat64 = static_cast<double>(maxCountByZone);
  const double maxNodeScoreFloat64 = static_cast<double>(kMaxNodeScore);
  for (auto& s : scores) {
    // Initializing to the default/max node score of maxPriority.
    double fScore = maxNodeScoreFloat64;
    if (maxCountByNodeName > 0)
      fScore = maxNodeScoreFloat64 * (static_cast<double>(maxCountByNodeName - s.score) / maxCountByNodeNameFloat64);
    // If there is zone information present, incorporate it.
    if (haveZones) {
      const std::string& zoneID = ZoneKey(s.node);
      if (!zoneID.empty()) {
        double zoneScore = maxNodeScoreFloat64;
        if (maxCountByZone > 0)
          zoneScore = maxNodeScoreFloat64 *
                      (static_cast<double>(maxCountByZone - countsByZone[zoneID]) / maxCountByZoneFloat64);
        fScore = (fScore * (1.0 - kZoneWeighting)) + (kZoneWeighting * zoneScore);
      }
    }
    s.score = static_cast<int64_t>(fScore);
  }
  return Status::Ok();
}

}  // namespace spreadlab::plugins
