#include "core/plugins/registry.h"

#include "core/plugins/defaultpreemption/default_preemption.h"
#include "core/plugins/imagelocality/image_locality.h"
#include "core/plugins/interpodaffinity/plugin.h"
#include "core/plugins/nodeaffinity/node_affinity.h"
#include "core/plugins/nodename/node_name.h"
#include "core/plugins/nodeports/node_ports.h"
#include "core/plugins/noderesources/balanced_allocation.h"
#include "core/plugins/noderesources/fit.h"
#include "core/plugins/nodeunschedulable/node_unschedulable.h"
#include "core/plugins/nodevolumelimits/csi.h"
#include "core/plugins/podtopologyspread/plugin.h"
#include "core/plugins/selectorspread/selector_spread.h"
#include "core/plugins/tainttoleration/taint_toleration.h"
#include "core/plugins/volumebinding/volume_binding.h"
#include "core/plugins/volumerestrictions/volume_restrictions.h"
#include "core/plugins/volumezone/volume_zone.h"

namespace spreadlab::plugins {

namespace {

template <class P>
std::unique_ptr<Plugin> New(Handle h, const config::Profile&) {
  return std::make_unique<P>(h);
}

std::unique_ptr<Plugin> NewNodeAffinity(Handle h, const config::Profile& p) {
  return std::make_unique<NodeAffinity>(h, p.nodeAffinityArgs);
}
std::unique_ptr<Plugin> NewFit(Handle h, const config::Profile& p) {
  return std::make_unique<Fit>(h, p.nodeResourcesFitArgs);
}
std::unique_ptr<Plugin> NewBalancedAllocation(Handle h, const config::Profile& p) {
  return std::make_unique<BalancedAllocation>(h, p.balancedAllocationArgs);
}
std::unique_ptr<Plugin> NewInterPodAffinity(Handle h, const config::Profile& p) {
  return std::make_unique<InterPodAffinity>(h, p.interPodAffinityArgs);
}
std::unique_ptr<Plugin> NewPodTopologySpread(Handle h, const config::Profile& p) {
  const auto& a = p.podTopologySpreadArgs;
  return std::make_unique<PodTopologySpread>(
      h, PodTopologySpreadArgs{a.defaultConstraints, a.defaultingType == config::kSystemDefaulting});
}
std::unique_ptr<Plugin> NewDefaultPreemption(Handle h, const config::Profile& p) {
  const auto& a = p.defaultPreemptionArgs;
  return std::make_unique<DefaultPreemption>(
      h, preemption::Args{a.minCandidateNodesPercentage, a.minCandidateNodesAbsolute});
}

// name, preFilter, filter, postFilter, preScore, score, since, until, factory, reserve,
// queueSort, bind. PrioritySort and DefaultBinder have no factory: the scheduler itself
// orders the queue (core/scheduler/schedule.h) and binds, so they are not plugins here,
// but a profile must enable them as upstream's NewFramework requires.
constexpr RegisteredPlugin kInTree[] = {
    {"SchedulingGates", false, false, false, false, false},
    {"PrioritySort", false, false, false, false, false, kOldestMinor, kMasterMinor, nullptr, false, true},
    {"NodeUnschedulable", false, true, false, false, false, kOldestMinor, kMasterMinor, New<NodeUnschedulable>},
    {"NodeName", false, true, false, false, false, kOldestMinor, kMasterMinor, New<NodeName>},
    {"TaintToleration", false, true, false, true, true, kOldestMinor, kMasterMinor, New<TaintToleration>},
    {"NodeAffinity", true, true, false, true, true, kOldestMinor, kMasterMinor, NewNodeAffinity},
    {"NodePorts", true, true, false, false, false, kOldestMinor, kMasterMinor, New<NodePorts>},
    {"NodeResourcesFit", true, true, false, true, true, kOldestMinor, kMasterMinor, NewFit},
    {"VolumeRestrictions", true, true, false, false, false, kOldestMinor, kMasterMinor, New<VolumeRestrictions>},
    {"NodeVolumeLimits", true, true, false, false, false, kOldestMinor, kMasterMinor, New<NodeVolumeLimits>},
    // The in-tree volume limits, removed from the registry in 1.32 (kubernetes#124003).
    {"EBSLimits", true, true, false, false, false, 30, 31},
    {"GCEPDLimits", true, true, false, false, false, 30, 31},
    {"AzureDiskLimits", true, true, false, false, false, 30, 31},
    {"CinderLimits", true, true, false, false, false, 30, 31},
    {"VolumeBinding", true, true, false, true, true, kOldestMinor, kMasterMinor, New<VolumeBinding>, true},
    {"VolumeZone", true, true, false, false, false, kOldestMinor, kMasterMinor, New<VolumeZone>},
    {"PodTopologySpread", true, true, false, true, true, kOldestMinor, kMasterMinor, NewPodTopologySpread},
    {"InterPodAffinity", true, true, false, true, true, kOldestMinor, kMasterMinor, NewInterPodAffinity},
    {"DefaultPreemption", false, false, true, false, false, kOldestMinor, kMasterMinor, NewDefaultPreemption},
    {"NodeResourcesBalancedAllocation", false, false, false, true, true, kOldestMinor, kMasterMinor,
     NewBalancedAllocation},
    {"ImageLocality", false, false, false, false, true, kOldestMinor, kMasterMinor, New<ImageLocality>},
    {"DefaultBinder", false, false, false, false, false, kOldestMinor, kMasterMinor, nullptr, false, false, true},
    // Scores from 1.35 (kubernetes#134711): 0 for a pod without resource claims. Not
    // simulated, but as a PostFilter its status changes the FitError (Framework::RunPostFilterPlugins).
    {"DynamicResources", true, true, true, false, false, 30, 34, nullptr, true},
    {"DynamicResources", true, true, true, true, true, 35, kMasterMinor, nullptr, true},
    {"NodeDeclaredFeatures", true, true, false, false, false, 35},
    {"GangScheduling", true, true, false, false, false, 35},
    {"TopologyPlacementGenerator", false, false, false, false, false, 36},
    {"PodGroupPodsCount", false, false, false, false, true, 36},
    {"DeferredPodScheduling", true, true, false, false, false, 37},
    // Legacy: removed upstream after v1.26 (replaced by system default topology
    // spreading); available only when a profile enables it.
    {"SelectorSpread", false, false, false, true, true, kOldestMinor, kMasterMinor, New<SelectorSpread>},
};

}  // namespace

Registry InTreeRegistry() { return kInTree; }

std::unique_ptr<Framework> NewFramework(Cluster& cluster, const config::Profile& profile, std::string& error) {
  return Framework::New(InTreeRegistry(), cluster, profile, error);
}

}  // namespace spreadlab::plugins
