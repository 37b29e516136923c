// Scheduler configuration: k8s.io/kubernetes/pkg/scheduler/apis/config/validation.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "core/validation/internal.h"

namespace spreadlab::validation {

namespace {

// validateDefaultingType
void ValidateDefaultingType(const config::PodTopologySpreadArgs& args, const std::string& path, Errors& out) {
  if (args.defaultingType != config::kSystemDefaulting && args.defaultingType != config::kListDefaulting) {
    AddNotSupported(out, path, args.defaultingType, {config::kSystemDefaulting, config::kListDefaulting});
  } else if (args.defaultingType == config::kSystemDefaulting && !args.defaultConstraints.empty()) {
    AddInvalid(out, path, args.defaultingType, "when .defaultConstraints are not empty");
  }
}

// validateTopologyKey (plugin args): required and a qualified name.
void ValidateArgsTopologyKey(const std::string& key, const std::string& path, Errors& out) {
  if (key.empty()) {
    AddRequired(out, path, "can not be empty");
  } else {
    ValidateLabelName(key, path, out);
  }
}

// validateWhenUnsatisfiable (plugin args)
void ValidateArgsWhenUnsatisfiable(const std::string& action, const std::string& path, Errors& out) {
  if (action.empty()) {
    AddRequired(out, path, "can not be empty");
  } else {
    ValidateWhenUnsatisfiable(action, path, out);
  }
}

// validateConstraintNotRepeat: constraint i against the ones before it.
void ValidateConstraintNotRepeat(const std::vector<v1::TopologySpreadConstraint>& constraints, size_t i,
                                 const std::string& path, Errors& out) {
  for (size_t j = 0; j < i; ++j) {
    if (SameSpreadPair(constraints[i], constraints[j])) {
      AddDuplicate(out, path, SpreadPairString(constraints[i]));
      return;
    }
  }
}

// ValidatePodTopologySpreadArgs
void ValidatePodTopologySpreadArgs(const config::PodTopologySpreadArgs& args, const std::string& path, Errors& out) {
  ValidateDefaultingType(args, Child(path, "defaultingType"), out);
  const std::string constraintsPath = Child(path, "defaultConstraints");
  for (size_t i = 0; i < args.defaultConstraints.size(); ++i) {
    const v1::TopologySpreadConstraint& c = args.defaultConstraints[i];
    const std::string p = Index(constraintsPath, i);
    if (c.maxSkew <= 0) AddInvalid(out, Child(p, "maxSkew"), c.maxSkew, "not in valid range (0, inf)");
    ValidateArgsTopologyKey(c.topologyKey, Child(p, "topologyKey"), out);
    ValidateArgsWhenUnsatisfiable(c.whenUnsatisfiable, Child(p, "whenUnsatisfiable"), out);
    if (c.labelSelector) {
      AddForbidden(out, Child(p, "labelSelector"),
                   "constraint must not define a selector, as they deduced for each pod");
    }
    ValidateConstraintNotRepeat(args.defaultConstraints, i, p, out);
  }
}

// validateHardPodAffinityWeight (ValidateInterPodAffinityArgs)
void ValidateInterPodAffinityArgs(const config::InterPodAffinityArgs& args, const std::string& path, Errors& out) {
  const int32_t w = args.hardPodAffinityWeight;
  if (w < 0 || w > 100) AddInvalid(out, Child(path, "hardPodAffinityWeight"), w, "not in valid range [0, 100]");
}

// ValidateDefaultPreemptionArgs
void ValidateDefaultPreemptionArgs(const config::DefaultPreemptionArgs& args, const std::string& path, Errors& out) {
  const std::string percentage = Child(path, "minCandidateNodesPercentage");
  const std::string absolute = Child(path, "minCandidateNodesAbsolute");
  if (args.minCandidateNodesPercentage < 0 || args.minCandidateNodesPercentage > 100)
    AddInvalid(out, percentage, args.minCandidateNodesPercentage, "not in valid range [0, 100]");
  if (args.minCandidateNodesAbsolute < 0)
    AddInvalid(out, absolute, args.minCandidateNodesAbsolute, "not in valid range [0, inf)");
  if (args.minCandidateNodesPercentage == 0 && args.minCandidateNodesAbsolute == 0) {
    AddInvalid(out, percentage, 0, "cannot be zero at the same time as minCandidateNodesAbsolute");
    AddInvalid(out, absolute, 0, "cannot be zero at the same time as minCandidateNodesPercentage");
  }
}

// validateFunctionShape
void ValidateFunctionShape(const std::vector<config::UtilizationShapePoint>& shape, const std::string& path,
                           Errors& out) {
  if (shape.empty()) {
    AddRequired(out, path, "at least one point must be specified");
    return;
  }
  for (size_t i = 1; i < shape.size(); ++i) {
    if (shape[i - 1].utilization >= shape[i].utilization) {
      AddInvalid(out, Child(Index(path, i), "utilization"), shape[i].utilization,
                 "values must be sorted in increasing order");
      break;
    }
  }
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i].utilization < 0 || shape[i].utilization > 100)
      AddInvalid(out, Child(Index(path, i), "utilization"), shape[i].utilization, "not in valid range [0, 100]");
    if (shape[i].score < 0 || shape[i].score > 10)  // config.MaxCustomPriorityScore
      AddInvalid(out, Child(Index(path, i), "score"), shape[i].score, "not in valid range [0, 10]");
  }
}

// validateResources
void ValidateResourceWeights(const std::vector<config::ResourceSpec>& resources, const std::string& path, Errors& out) {
  for (size_t i = 0; i < resources.size(); ++i) {
    const auto& r = resources[i];
    if (r.weight <= 0 || r.weight > 100) {
      AddInvalid(out, Child(Index(path, i), "weight"), r.weight,
                 "resource weight of " + r.name + " not in valid range (0, 100]");
    }
  }
}

// ValidateNodeResourcesFitArgs (the v1 defaults always set a scoringStrategy).
void ValidateNodeResourcesFitArgs(const config::NodeResourcesFitArgs& args, const std::string& path, Errors& out) {
  const std::string resPath = Child(path, "ignoredResources");
  for (size_t i = 0; i < args.ignoredResources.size(); ++i)
    ValidateLabelName(args.ignoredResources[i], Index(resPath, i), out);
  const std::string groupPath = Child(path, "ignoredResourceGroups");
  for (size_t i = 0; i < args.ignoredResourceGroups.size(); ++i) {
    const std::string& group = args.ignoredResourceGroups[i];
    if (group.find('/') != std::string::npos)
      AddInvalid(out, Index(groupPath, i), group, "resource group name can't contain '/'");
    ValidateLabelName(group, Index(groupPath, i), out);
  }
  const config::ScoringStrategy& s = args.scoringStrategy;
  const std::string strategyPath = Child(path, "scoringStrategy");
  if (s.type != config::kLeastAllocated && s.type != config::kMostAllocated &&
      s.type != config::kRequestedToCapacityRatio) {
    AddNotSupported(out, Child(strategyPath, "type"), s.type,
                    {config::kLeastAllocated, config::kMostAllocated, config::kRequestedToCapacityRatio});
  }
  ValidateResourceWeights(s.resources, Child(strategyPath, "resources"), out);
  const std::string rtcPath = Child(strategyPath, "requestedToCapacityRatio");
  if (s.type == config::kRequestedToCapacityRatio) {
    if (!s.hasRequestedToCapacityRatio) {
      AddRequired(out, rtcPath, "must be specified when type is RequestedToCapacityRatio");
    } else {
      ValidateFunctionShape(s.requestedToCapacityRatioShape, Child(rtcPath, "shape"), out);
    }
  } else if (s.hasRequestedToCapacityRatio) {
    AddForbidden(out, rtcPath, "must be nil when type is not RequestedToCapacityRatio");
  }
}

// ValidateNodeResourcesBalancedAllocationArgs
void ValidateBalancedAllocationArgs(const config::NodeResourcesBalancedAllocationArgs& args, const std::string& path,
                                    Errors& out) {
  const std::string resPath = Child(path, "resources");
  std::set<std::string> seen;
  for (size_t i = 0; i < args.resources.size(); ++i) {
    const auto& r = args.resources[i];
    if (!seen.insert(r.name).second) AddDuplicate(out, Child(Index(resPath, i), "name"), r.name);
    if (r.weight != 1) AddInvalid(out, Child(Index(resPath, i), "weight"), r.weight, "must be 1");
  }
}

// Scenario consistency: a plugin's weight is not negative.
void ValidatePluginWeights(const config::PluginSet& set, const std::string& path, Errors& out) {
  const std::string enabledPath = Child(path, "enabled");
  for (size_t i = 0; i < set.enabled.size(); ++i) {
    const auto& weight = set.enabled[i].weight;
    if (weight && *weight < 0) {
      AddInvalid(out, Child(Index(enabledPath, i), "weight"), *weight, "must be greater than or equal to 0");
    }
  }
}

}  // namespace

// validateKubeSchedulerProfile, plus the plugin weights.
void ValidateProfile(const config::Profile& profile, Errors& out) {
  if (profile.schedulerName.empty()) AddRequired(out, Child(profile.path, "schedulerName"));
  // validatePercentageOfNodesToScore, for the configuration and for the profile.
  if (const auto& pct = profile.globalPercentageOfNodesToScore; pct && (*pct < 0 || *pct > 100)) {
    AddInvalid(out, Child(profile.configPath, "percentageOfNodesToScore"), *pct, "not in valid range [0-100]");
  }
  if (const auto& pct = profile.percentageOfNodesToScore; pct && (*pct < 0 || *pct > 100)) {
    AddInvalid(out, Child(profile.path, "percentageOfNodesToScore"), *pct, "not in valid range [0-100]");
  }
  if (profile.plugins) {
    const std::string pluginsPath = Child(profile.path, "plugins");
    ValidatePluginWeights(profile.plugins->multiPoint, Child(pluginsPath, "multiPoint"), out);
    ValidatePluginWeights(profile.plugins->preFilter, Child(pluginsPath, "preFilter"), out);
    ValidatePluginWeights(profile.plugins->filter, Child(pluginsPath, "filter"), out);
    ValidatePluginWeights(profile.plugins->preScore, Child(pluginsPath, "preScore"), out);
    ValidatePluginWeights(profile.plugins->score, Child(pluginsPath, "score"), out);
    // validateCommonQueueSort: the explicit queueSort list (the v1 defaults put none there).
    if (const size_t n = profile.plugins->queueSort.enabled.size(); n > 1)
      AddInvalid(out, Child(Child(pluginsPath, "queueSort"), "Enabled"), static_cast<int64_t>(n),
                 "only one queue sort plugin can be enabled");
  }
  ValidatePodTopologySpreadArgs(profile.podTopologySpreadArgs, profile.podTopologySpreadArgsPath, out);
  ValidateNodeResourcesFitArgs(profile.nodeResourcesFitArgs, profile.nodeResourcesFitArgsPath, out);
  ValidateBalancedAllocationArgs(profile.balancedAllocationArgs, profile.balancedAllocationArgsPath, out);
  ValidateInterPodAffinityArgs(profile.interPodAffinityArgs, profile.interPodAffinityArgsPath, out);
  ValidateDefaultPreemptionArgs(profile.defaultPreemptionArgs, profile.defaultPreemptionArgsPath, out);
  // ValidateNodeAffinityArgs: the added affinity must parse as a pod's would.
  if (const auto& added = profile.nodeAffinityArgs.addedAffinity)
    ValidateNodeAffinity(*added, Child(profile.nodeAffinityArgsPath, "addedAffinity"), out);
}

}  // namespace spreadlab::validation
