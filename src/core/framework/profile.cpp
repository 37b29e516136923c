#include "core/framework/profile.h"

#include "core/config/default_plugins.h"

#include <algorithm>
#include <map>
#include <set>

namespace spreadlab {

namespace {
enum Point { kPreFilter, kFilter, kPostFilter, kPreScore, kScore, kReserve, kQueueSort, kBind, kNumPoints };
constexpr const char* kPointNames[] = {"preFilter", "filter",  "postFilter", "preScore",
                                       "score",     "reserve", "queueSort",  "bind"};
constexpr const char* kPointTypes[] = {"PreFilterPlugin", "FilterPlugin",  "PostFilterPlugin", "PreScorePlugin",
                                       "ScorePlugin",     "ReservePlugin", "QueueSortPlugin",  "BindPlugin"};

bool Implements(const PluginKind& k, int p) {
  switch (p) {
    case kPreFilter:
      return k.preFilter;
    case kFilter:
      return k.filter;
    case kPostFilter:
      return k.postFilter;
    case kPreScore:
      return k.preScore;
    case kReserve:
      return k.reserve;
    case kQueueSort:
      return k.queueSort;
    case kBind:
      return k.bind;
    default:
      return k.score;
  }
}

bool InRelease(const RegisteredPlugin& k, int minor) { return minor >= k.since && minor <= k.until; }

// " (known plugins: A, B, ...)" for messages about a name that does not exist.
std::string KnownPlugins(Registry registry, int minor) {
  std::string out;
  for (const RegisteredPlugin& k : registry)
    if (InRelease(k, minor)) out += (out.empty() ? "" : ", ") + std::string(k.name);
  return " (known plugins: " + out + ")";
}

}  // namespace

const RegisteredPlugin* FindRegistered(Registry registry, const std::string& name, int minor) {
  for (const auto& k : registry)
    if (name == k.name && InRelease(k, minor)) return &k;
  return nullptr;
}

PluginKind KindOf(Registry registry, const std::string& name, int minor) {
  const RegisteredPlugin* k = FindRegistered(registry, name, minor);
  if (!k) return PluginKind{};
  return PluginKind{true,     k->factory != nullptr, k->preFilter, k->filter,    k->preScore,
                    k->score, k->postFilter,         k->reserve,   k->queueSort, k->bind};
}

bool ResolveProfile(Registry registry, const config::Profile& profile, const Release& release, ResolvedProfile& out,
                    std::string& error) {
  const int minor = release.minor;
  out = ResolvedProfile{};
  // The profile's percentageOfNodesToScore overrides the configuration's.
  out.percentageOfNodesToScore =
      profile.percentageOfNodesToScore ? profile.percentageOfNodesToScore : profile.globalPercentageOfNodesToScore;
  const std::string at = profile.path.empty() ? "profiles[0]" : profile.path;
  config::Plugins custom = profile.plugins.value_or(config::Plugins{});
  config::PluginSet defaults;
  defaults.enabled = config::DefaultMultiPointPlugins(release);
  config::PluginSet multiPoint = config::MergePluginSet(defaults, custom.multiPoint);
  const config::PluginSet* points[kNumPoints] = {&custom.preFilter, &custom.filter, &custom.postFilter,
                                                 &custom.preScore,  &custom.score,  &custom.reserve,
                                                 &custom.queueSort, &custom.bind};
  config::PluginSet merged[kNumPoints];
  for (int p = 0; p < kNumPoints; ++p) merged[p] = config::MergePluginSet(config::PluginSet{}, *points[p]);

  for (const auto& pl : multiPoint.enabled) {
    if (!KindOf(registry, pl.name, minor).known) {
      error = at + ".plugins.multiPoint: plugin \"" + pl.name + "\" does not exist" + KnownPlugins(registry, minor);
      return false;
    }
  }
  std::set<std::string> notSimulated;
  std::vector<std::string> lists[kNumPoints];
  for (int p = 0; p < kNumPoints; ++p) {
    // updatePluginList: plugins enabled at this point explicitly.
    std::vector<std::string> enabled;
    for (const auto& pl : merged[p].enabled) {
      PluginKind k = KindOf(registry, pl.name, minor);
      std::string field = at + ".plugins." + kPointNames[p] + ".enabled";
      if (!k.known) {
        error = field + ": " + kPointTypes[p] + " \"" + pl.name + "\" does not exist" + KnownPlugins(registry, minor);
        return false;
      }
      if (!Implements(k, p)) {
        error = field + ": plugin \"" + pl.name + "\" does not extend " + kPointTypes[p] + " plugin";
        return false;
      }
      if (std::find(enabled.begin(), enabled.end(), pl.name) != enabled.end()) {
        error = field + ": plugin \"" + pl.name + "\" already registered as \"" + kPointTypes[p] + "\"";
        return false;
      }
      enabled.push_back(pl.name);
    }
    std::set<std::string> disabled(merged[p].disabled.begin(), merged[p].disabled.end());
    std::vector<std::string> ordered;
    if (disabled.count("*")) {
      ordered = enabled;  // no multiPoint expansion for this point
    } else {
      // expandMultiPointPlugins: overrides first (in their explicit order), then
      // multiPoint plugins, then the remaining explicit ones.
      std::vector<std::string> multi, overrides;
      for (const auto& pl : multiPoint.enabled) {
        if (!Implements(KindOf(registry, pl.name, minor), p) || disabled.count(pl.name)) continue;
        if (std::find(enabled.begin(), enabled.end(), pl.name) != enabled.end()) {
          overrides.push_back(pl.name);
          continue;
        }
        if (std::find(multi.begin(), multi.end(), pl.name) != multi.end()) {
          error =
              at + ".plugins.multiPoint: plugin \"" + pl.name + "\" already registered as \"" + kPointTypes[p] + "\"";
          return false;
        }
        multi.push_back(pl.name);
      }
      for (const auto& e : enabled)
        if (std::find(overrides.begin(), overrides.end(), e) != overrides.end()) ordered.push_back(e);
      ordered.insert(ordered.end(), multi.begin(), multi.end());
      for (const auto& e : enabled)
        if (std::find(ordered.begin(), ordered.end(), e) == ordered.end()) ordered.push_back(e);
    }
    if (p == kScore && !ordered.empty()) out.hasScorePlugins = true;
    if (p == kQueueSort || p == kBind) {  // the scheduler's own work here, not a plugin (registry.cpp)
      lists[p] = ordered;
      continue;
    }
    for (const auto& name : ordered) {
      const bool simulated = KindOf(registry, name, minor).simulated;
      // PostFilter keeps DynamicResources too: its status changes the message (framework.cpp).
      if (simulated || p == kPostFilter) lists[p].push_back(name);
      if (!simulated) notSimulated.insert(name);
    }
  }
  out.preFilter = lists[kPreFilter];
  out.filter = lists[kFilter];
  out.preScore = lists[kPreScore];
  out.postFilter = lists[kPostFilter];
  out.reserve = lists[kReserve];
  out.queueSort = lists[kQueueSort];
  out.bind = lists[kBind];
  // NewFramework, after the multiPoint expansion.
  if (out.queueSort.size() != 1) {
    error = at + ".plugins: only one queue sort plugin required for profile with scheduler name \"" +
            profile.schedulerName + "\", but got " + std::to_string(out.queueSort.size());
    return false;
  }
  if (out.bind.empty()) {
    error = at + ".plugins: at least one bind plugin is needed for profile with scheduler name \"" +
            profile.schedulerName + "\"";
    return false;
  }

  // getScoreWeights: explicit score weights take precedence over multiPoint ones; 0 means 1.
  std::map<std::string, int32_t> weights;
  auto addWeights = [&](const std::vector<config::Plugin>& ps) {
    for (const auto& pl : ps)
      if (KindOf(registry, pl.name, minor).score && !weights.count(pl.name))
        weights[pl.name] = pl.weight.value_or(0) == 0 ? 1 : *pl.weight;
  };
  addWeights(merged[kScore].enabled);
  addWeights(multiPoint.enabled);
  for (const auto& name : lists[kScore]) out.score.push_back({name, weights.count(name) ? weights[name] : 1});
  out.notSimulated.assign(notSimulated.begin(), notSimulated.end());
  for (const auto& pl : multiPoint.enabled) out.schedulingGates |= pl.name == "SchedulingGates";
  return true;
}

}  // namespace spreadlab
