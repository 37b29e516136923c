#pragma once
// Turning a KubeSchedulerConfiguration profile into the ordered plugin lists of
// each extension point and the score weights, as kube-scheduler does:
// v1 defaulting (getDefaultPlugins, mergePlugins), then the framework's
// multiPoint expansion (expandMultiPointPlugins) and getScoreWeights.
#include <string>
#include <vector>

#include "core/api.h"
#include "core/framework/registry.h"

namespace spreadlab {

struct ScorePluginWeight {
  std::string name;
  int32_t weight = 1;
};

struct ResolvedProfile {
  std::vector<std::string> preFilter, filter, preScore;
  // PostFilter plugins in order: DefaultPreemption (simulated) and DynamicResources (not
  // simulated, but its status is part of the message).
  std::vector<std::string> postFilter;
  std::vector<ScorePluginWeight> score;
  // Reserve plugins (VolumeBinding): what a chosen node's placement assumes (Framework::Reserve).
  std::vector<std::string> reserve;
  // The QueueSort plugin (exactly one) and the Bind plugins (at least one): PrioritySort and
  // DefaultBinder, whose work the scheduler itself does here (core/scheduler/schedule.h).
  std::vector<std::string> queueSort, bind;
  std::optional<int32_t> percentageOfNodesToScore;
  // Any Score plugin is enabled, simulated or not (framework.HasScorePlugins).
  bool hasScorePlugins = false;
  // SchedulingGates (PreEnqueue) is enabled: a pod with scheduling gates never reaches a cycle.
  bool schedulingGates = false;
  // Upstream plugins enabled by the profile that this simulator does not model;
  // they are left out of every decision and listed so the UI can say so.
  std::vector<std::string> notSimulated;
};

// Which extension points a plugin name implements upstream in release `minor`, and
// whether this simulator models it: what `registry` says.
struct PluginKind {
  bool known = false;
  bool simulated = false;
  bool preFilter = false, filter = false, preScore = false, score = false, postFilter = false, reserve = false;
  bool queueSort = false, bind = false;
};
PluginKind KindOf(Registry registry, const std::string& name, int minor);
// The entry of `registry` for `name` in release `minor`, or nullptr.
const RegisteredPlugin* FindRegistered(Registry registry, const std::string& name, int minor);

// Fails with a message naming the field when the profile refers to a plugin the
// release does not have, enables one at a point it does not implement, or registers it twice,
// or when it does not resolve to exactly one QueueSort plugin and at least one Bind plugin.
bool ResolveProfile(Registry registry, const config::Profile& profile, const Release& release, ResolvedProfile& out,
                    std::string& error);

}  // namespace spreadlab
