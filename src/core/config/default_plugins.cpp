#include "core/config/default_plugins.h"

#include <algorithm>
#include <map>
#include <set>

namespace spreadlab::config {

// getDefaultPlugins and applyFeatureGates (apis/config/v1/default_plugins.go) of the release.
std::vector<Plugin> DefaultMultiPointPlugins(const Release& release) {
  const Features& f = release.features;
  std::vector<Plugin> out = {{"SchedulingGates", {}}, {"PrioritySort", {}}};
  if (release.nodeNameBeforeNodeUnschedulable())
    out.insert(out.end(), {{"NodeName", {}}, {"NodeUnschedulable", {}}});
  else
    out.insert(out.end(), {{"NodeUnschedulable", {}}, {"NodeName", {}}});
  out.insert(out.end(), {{"TaintToleration", 3},
                         {"NodeAffinity", 2},
                         {"NodePorts", {}},
                         {"NodeResourcesFit", 1},
                         {"VolumeRestrictions", {}}});
  // 1.31 leaves the in-tree volume limits to NodeVolumeLimits (kubernetes#124500).
  if (release.AtLeast(31))
    out.push_back({"NodeVolumeLimits", {}});
  else
    out.insert(out.end(), {{"EBSLimits", {}}, {"GCEPDLimits", {}}, {"NodeVolumeLimits", {}}, {"AzureDiskLimits", {}}});
  out.insert(out.end(), {{"VolumeBinding", {}},
                         {"VolumeZone", {}},
                         {"PodTopologySpread", 2},
                         {"InterPodAffinity", 2},
                         {"DefaultPreemption", {}},
                         {"NodeResourcesBalancedAllocation", 1},
                         {"ImageLocality", 1},
                         {"DefaultBinder", {}}});
  auto insertBefore = [&](const char* before, Plugin p) {
    auto it = std::find_if(out.begin(), out.end(), [&](const Plugin& q) { return q.name == before; });
    out.insert(it, std::move(p));
  };
  if (f.enableNodeDeclaredFeatures) out.push_back({"NodeDeclaredFeatures", {}});
  if (f.enableInPlacePodVerticalScalingSchedulerPreemption)
    insertBefore("NodeResourcesFit", {"DeferredPodScheduling", {}});
  // DynamicResources scores from 1.35 with weight 2 (kubernetes#134711).
  if (f.enableDynamicResourceAllocation)
    insertBefore("DefaultPreemption",
                 release.AtLeast(35) ? Plugin{"DynamicResources", 2} : Plugin{"DynamicResources", {}});
  // GenericWorkload gates GangScheduling's plugin from 1.37 (kubernetes#139520).
  if (release.AtLeast(37) ? f.enableGenericWorkload : f.enableGangScheduling) out.push_back({"GangScheduling", {}});
  if (f.enableTopologyAwareWorkloadScheduling)
    out.insert(out.end(), {{"TopologyPlacementGenerator", {}}, {"PodGroupPodsCount", 1}});
  return out;
}

// mergePluginSet (apis/config/v1/default_plugins.go)
PluginSet MergePluginSet(const PluginSet& defaults, const PluginSet& custom) {
  std::set<std::string> disabled(custom.disabled.begin(), custom.disabled.end());
  disabled.insert(defaults.disabled.begin(), defaults.disabled.end());
  std::map<std::string, size_t> customIndex;
  for (size_t i = 0; i < custom.enabled.size(); ++i) customIndex[custom.enabled[i].name] = i;

  PluginSet out;
  out.disabled.assign(disabled.begin(), disabled.end());
  std::set<size_t> replaced;
  if (!disabled.count("*")) {
    for (const auto& p : defaults.enabled) {
      if (disabled.count(p.name)) continue;
      if (auto it = customIndex.find(p.name); it != customIndex.end()) {
        out.enabled.push_back(custom.enabled[it->second]);  // re-configured in place, order kept
        replaced.insert(it->second);
      } else {
        out.enabled.push_back(p);
      }
    }
  }
  for (size_t i = 0; i < custom.enabled.size(); ++i)
    if (!replaced.count(i)) out.enabled.push_back(custom.enabled[i]);
  return out;
}
}  // namespace spreadlab::config
