#include "core/plugins/selectorspread/selector_spread.h"

#include <map>

#include "core/plugins/helper/explain.h"
#include "core/plugins/helper/spread.h"

namespace spreadlab::plugins {

namespace {
constexpr std::string_view kPreScoreStateKey = "PreScoreSelectorSpread";

struct PreScoreState : StateData {
  // countMatchingPods for every node, from the selector DefaultSelector built.
  std::vector<int32_t> counts;
  Selector selector;
};

// A zone key (GetZoneKey) for people: "region/zone", or the zone alone.
std::string ZoneText(const std::string& key) {
  const size_t sep = key.find(std::string_view(":\0:", 3));
  const std::string region = key.substr(0, sep), zone = key.substr(sep + 3);
  return region.empty() ? zone : region + "/" + zone;
}

// "100 x (3 - 1) / 3 = 66.667": a count scored against the highest one.
std::string FractionText(int64_t maxCount, int64_t count, double score) {
  if (maxCount == 0) return "nothing matches anywhere: " + helper::Fixed(score);
  return std::to_string(kMaxNodeScore) + " x (" + std::to_string(maxCount) + " - " + std::to_string(count) + ") / " +
         std::to_string(maxCount) + " = " + helper::Fixed(score);
}
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
  s.selector = std::move(selector);
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

// NormalizeScore's counts over the scored nodes: the highest per node, per zone, and the
// highest zone's.
SelectorSpread::SpreadCounts SelectorSpread::CountsOf(std::span<const NodeScore> scores) {
  SpreadCounts c;
  for (const auto& s : scores) {
    if (s.score > c.maxCountByNodeName) c.maxCountByNodeName = s.score;
    const std::string& zoneID = ZoneKey(s.node);
    if (zoneID.empty()) continue;
    c.countsByZone[zoneID] += s.score;
  }
  for (const auto& [zone, count] : c.countsByZone)
    if (count > c.maxCountByZone) c.maxCountByZone = count;
  return c;
}

// NormalizeScore for one node; `why` (explanations) gets the node and zone scores and
// their weighting.
int64_t SelectorSpread::Normalized(const SpreadCounts& c, const NodeScore& s, std::string* why) {
  const bool haveZones = !c.countsByZone.empty();
  const double maxCountByNodeNameFloat64 = static_cast<double>(c.maxCountByNodeName);
  const double maxCountByZoneFloat64 = static_cast<double>(c.maxCountByZone);
  const double maxNodeScoreFloat64 = static_cast<double>(kMaxNodeScore);
  // Initializing to the default/max node score of maxPriority.
  double fScore = maxNodeScoreFloat64;
  if (c.maxCountByNodeName > 0)
    fScore = maxNodeScoreFloat64 * (static_cast<double>(c.maxCountByNodeName - s.score) / maxCountByNodeNameFloat64);
  if (why) *why = "node: " + FractionText(c.maxCountByNodeName, s.score, fScore);
  // If there is zone information present, incorporate it.
  if (haveZones) {
    const std::string& zoneID = ZoneKey(s.node);
    if (!zoneID.empty()) {
      const int64_t zoneCount = c.countsByZone.at(zoneID);
      double zoneScore = maxNodeScoreFloat64;
      if (c.maxCountByZone > 0)
        zoneScore = maxNodeScoreFloat64 * (static_cast<double>(c.maxCountByZone - zoneCount) / maxCountByZoneFloat64);
      const double nodeScore = fScore;
      fScore = (fScore * (1.0 - kZoneWeighting)) + (kZoneWeighting * zoneScore);
      if (why)
        *why += "; zone " + ZoneText(zoneID) + ": " + FractionText(c.maxCountByZone, zoneCount, zoneScore) + "; " +
                helper::Fixed(nodeScore) + " x 1/3 + " + helper::Fixed(zoneScore) + " x 2/3 = " + helper::Fixed(fScore);
    }
  }
  const int64_t score = static_cast<int64_t>(fScore);
  if (why) *why += " -> " + std::to_string(score);
  return score;
}

// SelectorSpread.NormalizeScore
Status SelectorSpread::NormalizeScore(const CycleState&, const PodInfo& pod, std::span<NodeScore> scores) {
  if (Skip(pod)) return Status::Ok();
  const SpreadCounts c = CountsOf(scores);
  for (auto& s : scores) s.score = Normalized(c, s, nullptr);
  return Status::Ok();
}

ScoreExplanation SelectorSpread::ExplainScore(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                              std::span<const NodeScore> scores, int64_t) {
  if (Skip(pod)) return {"the pod has topologySpreadConstraints of its own: 0", "left as is: 0"};
  const auto* s = state.Read<PreScoreState>(kPreScoreStateKey);
  if (!s) return {"no PreScore state: SelectorSpread did not score this cycle", ""};
  const int64_t count = s->counts[node.index];
  ScoreExplanation x;
  // countMatchingPods counts nothing for an empty selector.
  x.score = s->selector.Empty() ? "no Service or controller selects the pod: " + std::to_string(count)
                                : std::to_string(count) + " pod(s) on the node match " +
                                      SelectorString(s->selector, h_.cluster->pool()) +
                                      " (the selectors of its Services and controller) in its namespace";
  Normalized(CountsOf(scores), NodeScore{node.index, count}, &x.normalize);
  return x;
}

}  // namespace spreadlab::plugins
