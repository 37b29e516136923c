// ResolveProfile (core/framework/profile.h) against upstream's tables, adapted:
//
//  * pkg/scheduler/apis/config/v1/default_plugins_test.go (kubernetes/kubernetes at
//    commit 3ee81787685e47a7a5da22423c8ca4455577ecb3): TestApplyFeatureGates (the
//    default plugin list) and TestMergePlugins (mergePluginSet).
//  * pkg/scheduler/framework/runtime/framework_test.go (newest version in the index,
//    id 51867857282, the one with PlacementGenerate/PlacementScore; kubernetes/kubernetes
//    is listed at commit 0b1dcaba0a3f1fdcfe5fbb6516d68ffc8e625d81):
//    TestNewFrameworkMultiPointExpansion, TestInitFrameworkWithScorePlugins and the
//    "duplicate plugin name" case of TestNewFrameworkErrors.
//  * pkg/scheduler/profile/profile_test.go (v1.37.2): the single-profile rows of
//    TestNewMap (NewFramework's queue sort and bind plugin checks).
//
// How the tables are adapted:
//  * ResolveProfile runs the whole pipeline (v1 defaulting + mergePlugins, then
//    updatePluginList/expandMultiPointPlugins and getScoreWeights) and only
//    reports the simulated plugins at PreFilter, Filter, PreScore and Score, in
//    order, with score weights; other upstream plugins land in notSimulated.
//    Case names are upstream's, verbatim.
//  * TestMergePlugins uses made-up default sets; ours are the real v1 defaults,
//    where only MultiPoint is non-empty. Each case is replayed on the MultiPoint
//    set (mergePluginSet is the same function for every set) with these
//    stand-ins: DefaultPlugin1/Plugin1 -> TaintToleration, Plugin2 -> NodeAffinity,
//    DefaultPlugin2/Plugin3 -> PodTopologySpread, DefaultPlugin -> NodeAffinity,
//    CustomPlugin -> a plugin outside the defaults (DynamicResources, not
//    simulated) or, where the defaults are all disabled with "*", NodeName.
//    The expected lists are what upstream's merged config yields for them; where "*"
//    drops the defaults, PrioritySort and DefaultBinder are enabled at queueSort and
//    bind (WithQueueSortAndBind) so that the merged profile builds a framework.
//    Not portable: "disabled MultiPoint plugin in default set" and "disabled
//    MultiPoint plugin in default set for specific extension point" (the real
//    defaults disable nothing).
//  * framework_test.go builds a framework from the profile as given, without v1
//    defaulting; here multiPoint.disabled "*" drops the v1 defaults to match, and
//    queueSort and bind get PrioritySort and DefaultBinder when the case names none
//    (upstream's newFrameworkWithQueueSortAndBind; its testPlugin implements them all).
//    Stand-ins: testPlugin -> NodeAffinity (PreFilter, Filter, PreScore, Score);
//    scorePlugin1 -> TaintToleration (also a Filter plugin, so it also shows at
//    Filter); scoreWithNormalizePlugin1 and scorePlugin2 -> PodTopologySpread
//    (also PreFilter/Filter/PreScore); queueSortPlugin -> PrioritySort;
//    bindPlugin -> DefaultBinder; pluginNotImplementingScore -> NodeName.
//    placementScorePlugin1 and the Placement*/Permit/PreBind/... points have no
//    counterpart and are left out.

// Cases leave the fields they do not set at their defaults.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <functional>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/config/default_plugins.h"
#include "core/framework/profile.h"
#include "core/plugins/registry.h"

namespace spreadlab {
namespace {

using Names = std::vector<std::string>;
using Weights = std::vector<std::pair<std::string, int32_t>>;

config::Plugin P(std::string name, std::optional<int32_t> weight = std::nullopt) {
  return config::Plugin{std::move(name), weight};
}
config::PluginSet Set(std::vector<config::Plugin> enabled, Names disabled = {}) {
  return config::PluginSet{std::move(enabled), std::move(disabled)};
}

struct Want {
  Names preFilter, filter, preScore;
  Weights score;
  std::optional<Names> notSimulated;     // checked when set
  std::optional<Names> queueSort, bind;  // checked when set
  std::string wantErr;                   // substring of the error; empty: success
};

void ExpectResolved(const std::optional<config::Plugins>& plugins, const Want& want) {
  config::Profile profile;
  profile.plugins = plugins;
  ResolvedProfile got;
  std::string error;
  bool ok = ResolveProfile(plugins::InTreeRegistry(), profile, Release{}, got, error);
  if (!want.wantErr.empty()) {
    EXPECT_FALSE(ok) << "expected an error containing \"" << want.wantErr << "\"";
    EXPECT_NE(error.find(want.wantErr), std::string::npos) << "error: " << error;
    return;
  }
  ASSERT_TRUE(ok) << error;
  EXPECT_EQ(got.preFilter, want.preFilter) << "preFilter";
  EXPECT_EQ(got.filter, want.filter) << "filter";
  EXPECT_EQ(got.preScore, want.preScore) << "preScore";
  Weights score;
  for (const auto& s : got.score) score.emplace_back(s.name, s.weight);
  EXPECT_EQ(score, want.score) << "score";
  if (want.notSimulated) {
    EXPECT_EQ(got.notSimulated, *want.notSimulated) << "notSimulated";
  }
  if (want.queueSort) {
    EXPECT_EQ(got.queueSort, *want.queueSort) << "queueSort";
  }
  if (want.bind) {
    EXPECT_EQ(got.bind, *want.bind) << "bind";
  }
}

// newFrameworkWithQueueSortAndBind: the queue sort and bind plugins every framework needs,
// enabled at their points when the case names none there.
config::Plugins WithQueueSortAndBind(config::Plugins p) {
  if (p.queueSort.enabled.empty()) p.queueSort.enabled.push_back(P("PrioritySort"));
  if (p.bind.enabled.empty()) p.bind.enabled.push_back(P("DefaultBinder"));
  return p;
}

// Non-simulated plugins of the default profile at the four simulated points, sorted.
const Names kDefaultNotSimulated = {"DynamicResources", "NodeDeclaredFeatures"};
Names WithDefaultNotSimulated(Names extra) {
  Names out = kDefaultNotSimulated;
  out.insert(out.end(), extra.begin(), extra.end());
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// ---------------------------------------------------------------------------
// The default profile.
// ---------------------------------------------------------------------------

// TestApplyFeatureGates (apis/config/v1/default_plugins_test.go of 1.37): the default
// MultiPoint list with DynamicResourceAllocation and NodeDeclaredFeatures off and on (the
// test sets gates that the binary locks, so the features are set directly here), then each
// release's list with its default gates (default_plugins.go of 1.30, 1.33, 1.34, 1.35, 1.36).
TEST(ProfileTest, TestApplyFeatureGates_DefaultMultiPointPlugins) {
  using List = std::vector<std::pair<std::string, std::optional<int32_t>>>;
  const std::optional<int32_t> none;
  auto release = [](int minor, std::function<void(Features&)> edit = nullptr) {
    Release r;
    std::string error;
    EXPECT_TRUE(MakeRelease(minor, {}, r, error)) << error;
    if (edit) edit(r.features);
    return r;
  };
  const List head137 = {{"SchedulingGates", none}, {"PrioritySort", none}, {"NodeName", none},
                        {"NodeUnschedulable", none}, {"TaintToleration", 3}, {"NodeAffinity", 2},
                        {"NodePorts", none}, {"NodeResourcesFit", 1}, {"VolumeRestrictions", none},
                        {"NodeVolumeLimits", none}, {"VolumeBinding", none}, {"VolumeZone", none},
                        {"PodTopologySpread", 2}, {"InterPodAffinity", 2}};
  const List tail = {{"DefaultPreemption", none}, {"NodeResourcesBalancedAllocation", 1}, {"ImageLocality", 1},
                     {"DefaultBinder", none}};
  auto concat = [](std::initializer_list<List> parts) {
    List out;
    for (const List& p : parts) out.insert(out.end(), p.begin(), p.end());
    return out;
  };
  List head131 = head137;
  std::swap(head131[2], head131[3]);  // NodeUnschedulable before NodeName until 1.37
  List head130 = head131;
  head130.erase(head130.begin() + 9);  // NodeVolumeLimits among the in-tree limits
  head130.insert(head130.begin() + 9, {{"EBSLimits", none}, {"GCEPDLimits", none}, {"NodeVolumeLimits", none},
                                       {"AzureDiskLimits", none}});
  struct Case {
    std::string name;
    Release release;
    List want;
  };
  const std::vector<Case> cases = {
      {"1.37: Feature gate DynamicResourceAllocation disabled",
       release(37, [](Features& f) { f.enableDynamicResourceAllocation = f.enableNodeDeclaredFeatures = false; }),
       concat({head137, tail})},
      {"1.37: Feature gate DynamicResourceAllocation enabled", release(37),
       concat({head137, {{"DynamicResources", 2}}, tail, {{"NodeDeclaredFeatures", none}}})},
      {"1.37: Feature gate NodeDeclaredFeatures disabled",
       release(37, [](Features& f) { f.enableNodeDeclaredFeatures = false; }),
       concat({head137, {{"DynamicResources", 2}}, tail})},
      {"1.37: InPlacePodVerticalScalingSchedulerPreemption and GenericWorkload enabled",
       release(37, [](Features& f) { f.enableInPlacePodVerticalScalingSchedulerPreemption = f.enableGenericWorkload = true; }),
       [&] {
         List l = concat({head137, {{"DynamicResources", 2}}, tail, {{"NodeDeclaredFeatures", none}}, {{"GangScheduling", none}}});
         l.insert(l.begin() + 7, {"DeferredPodScheduling", none});
         return l;
       }()},
      {"1.36 defaults", release(36), concat({head131, {{"DynamicResources", 2}}, tail, {{"NodeDeclaredFeatures", none}}})},
      {"1.35 defaults", release(35), concat({head131, {{"DynamicResources", 2}}, tail})},
      {"1.34 defaults", release(34), concat({head131, {{"DynamicResources", none}}, tail})},
      {"1.33 defaults", release(33), concat({head131, tail})},
      {"1.30 defaults", release(30), concat({head130, tail})},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    List got;
    for (const auto& p : config::DefaultMultiPointPlugins(c.release)) got.emplace_back(p.name, p.weight);
    EXPECT_EQ(got, c.want);
  }
}

// A plugin that the release's registry does not have is refused as upstream refuses it.
TEST(ProfileTest, PluginsOfOtherReleases) {
  config::Profile profile;
  profile.plugins = config::Plugins{};
  profile.plugins->multiPoint.enabled = {{"EBSLimits", {}}};
  ResolvedProfile got;
  std::string error;
  Release r130;
  ASSERT_TRUE(MakeRelease(30, {}, r130, error)) << error;
  EXPECT_TRUE(ResolveProfile(plugins::InTreeRegistry(), profile, r130, got, error)) << error;
  EXPECT_FALSE(ResolveProfile(plugins::InTreeRegistry(), profile, Release{}, got, error));
  EXPECT_NE(error.find("plugin \"EBSLimits\" does not exist"), std::string::npos) << error;
}

TEST(ProfileTest, DefaultProfile) {
  const Want want{
      .preFilter = {"NodeAffinity", "NodePorts", "NodeResourcesFit", "VolumeRestrictions", "NodeVolumeLimits",
                    "VolumeBinding", "VolumeZone", "PodTopologySpread", "InterPodAffinity"},
      .filter = {"NodeName", "NodeUnschedulable", "TaintToleration", "NodeAffinity", "NodePorts", "NodeResourcesFit",
                 "VolumeRestrictions", "NodeVolumeLimits", "VolumeBinding", "VolumeZone", "PodTopologySpread",
                 "InterPodAffinity"},
      .preScore = {"TaintToleration", "NodeAffinity", "NodeResourcesFit", "VolumeBinding", "PodTopologySpread",
                   "InterPodAffinity", "NodeResourcesBalancedAllocation"},
      .score = {{"TaintToleration", 3},
                {"NodeAffinity", 2},
                {"NodeResourcesFit", 1},
                {"VolumeBinding", 1},
                {"PodTopologySpread", 2},
                {"InterPodAffinity", 2},
                {"NodeResourcesBalancedAllocation", 1},
                {"ImageLocality", 1}},
      .notSimulated = kDefaultNotSimulated,
      .queueSort = Names{"PrioritySort"},
      .bind = Names{"DefaultBinder"},
  };
  {
    SCOPED_TRACE("no plugins section");
    ExpectResolved(std::nullopt, want);
  }
  {
    SCOPED_TRACE("empty plugins section");
    ExpectResolved(config::Plugins{}, want);
  }
}

// ---------------------------------------------------------------------------
// TestMergePlugins (default_plugins_test.go), replayed on the MultiPoint set.
// ---------------------------------------------------------------------------

struct MergeCase {
  std::string name;
  std::optional<config::Plugins> customPlugins;
  Want want;
};

TEST(ProfileTest, TestMergePlugins) {
  const Names defaultFilter = {"NodeName",      "NodeUnschedulable", "TaintToleration",    "NodeAffinity",
                               "NodePorts",     "NodeResourcesFit",  "VolumeRestrictions", "NodeVolumeLimits",
                               "VolumeBinding", "VolumeZone",        "PodTopologySpread",  "InterPodAffinity"};
  const Names defaultPreScore = {"TaintToleration",   "NodeAffinity",     "NodeResourcesFit", "VolumeBinding",
                                 "PodTopologySpread", "InterPodAffinity", "NodeResourcesBalancedAllocation"};
  const Names defaultPreFilter = {"NodeAffinity",       "NodePorts",         "NodeResourcesFit",
                                  "VolumeRestrictions", "NodeVolumeLimits",  "VolumeBinding",
                                  "VolumeZone",         "PodTopologySpread", "InterPodAffinity"};
  // The default Score list with TaintToleration, NodeAffinity and
  // PodTopologySpread weighted as given (the rest keep their defaults).
  auto defaultScoreWith = [](int32_t taint, int32_t affinity, int32_t spread) {
    return Weights{{"TaintToleration", taint},   {"NodeAffinity", affinity},
                   {"NodeResourcesFit", 1},      {"VolumeBinding", 1}, {"PodTopologySpread", spread},
                   {"InterPodAffinity", 2},      {"NodeResourcesBalancedAllocation", 1},
                   {"ImageLocality", 1}};
  };
  const Weights defaultScore = defaultScoreWith(3, 2, 2);

  std::vector<MergeCase> tests = {
      {
          // custom [CustomPlugin] appended after the defaults.
          .name = "AppendCustomPlugin",
          .customPlugins = config::Plugins{.multiPoint = Set({P("DynamicResources")})},
          .want = {.preFilter = defaultPreFilter,
                   .filter = defaultFilter,
                   .preScore = defaultPreScore,
                   .score = defaultScore,
                   .notSimulated = WithDefaultNotSimulated({"DynamicResources"})},
      },
      {
          // custom [CustomPlugin, DefaultPlugin2], disabled [DefaultPlugin2]
          //   => [DefaultPlugin1, CustomPlugin, DefaultPlugin2]: the disabled default
          // is re-enabled after the custom one, at the end. DefaultPlugin2 here is
          // NodeUnschedulable, which thus moves to the end of the Filter list.
          .name = "InsertAfterDefaultPlugins2",
          .customPlugins = config::Plugins{.multiPoint = Set({P("DynamicResources"), P("NodeUnschedulable")},
                                                             {"NodeUnschedulable"})},
          .want = {.preFilter = defaultPreFilter,
                   .filter = {"NodeName", "TaintToleration", "NodeAffinity", "NodePorts", "NodeResourcesFit",
                              "VolumeRestrictions", "NodeVolumeLimits", "VolumeBinding", "VolumeZone",
                              "PodTopologySpread", "InterPodAffinity", "NodeUnschedulable"},
                   .preScore = defaultPreScore,
                   .score = defaultScore,
                   .notSimulated = WithDefaultNotSimulated({"DynamicResources"})},
      },
      {
          // custom [CustomPlugin, DefaultPlugin1, DefaultPlugin2], disabled ["*"]
          //   => exactly the custom list, in its order.
          .name = "InsertBeforeAllPlugins",
          .customPlugins = WithQueueSortAndBind(
              {.multiPoint = Set({P("NodeName"), P("TaintToleration"), P("PodTopologySpread")}, {"*"})}),
          .want = {.preFilter = {"PodTopologySpread"},
                   .filter = {"NodeName", "TaintToleration", "PodTopologySpread"},
                   .preScore = {"TaintToleration", "PodTopologySpread"},
                   .score = {{"TaintToleration", 1}, {"PodTopologySpread", 1}},
                   .notSimulated = Names{}},
      },
      {
          // custom [DefaultPlugin2, DefaultPlugin1], disabled ["*"] => [DefaultPlugin2, DefaultPlugin1].
          .name = "ReorderDefaultPlugins",
          .customPlugins =
              WithQueueSortAndBind({.multiPoint = Set({P("PodTopologySpread"), P("TaintToleration")}, {"*"})}),
          .want = {.preFilter = {"PodTopologySpread"},
                   .filter = {"PodTopologySpread", "TaintToleration"},
                   .preScore = {"PodTopologySpread", "TaintToleration"},
                   .score = {{"PodTopologySpread", 1}, {"TaintToleration", 1}},
                   .notSimulated = Names{}},
      },
      {
          .name = "ApplyNilCustomPlugin",
          .customPlugins = std::nullopt,
          .want = {.preFilter = defaultPreFilter,
                   .filter = defaultFilter,
                   .preScore = defaultPreScore,
                   .score = defaultScore,
                   .notSimulated = kDefaultNotSimulated},
      },
      {
          // custom [Plugin1 w2, Plugin3 w3] over defaults [Plugin1, Plugin2, Plugin3]
          //   => [Plugin1 w2, Plugin2, Plugin3 w3]: re-configured in place.
          .name = "CustomPluginOverrideDefaultPlugin",
          .customPlugins = config::Plugins{.multiPoint = Set({P("TaintToleration", 2), P("PodTopologySpread", 3)})},
          .want = {.preFilter = defaultPreFilter,
                   .filter = defaultFilter,
                   .preScore = defaultPreScore,
                   .score = defaultScoreWith(2, 2, 3),
                   .notSimulated = kDefaultNotSimulated},
      },
      {
          // custom [Plugin2 w2, Plugin1 w1] => [Plugin1 w1, Plugin2 w2, Plugin3]: the
          // defaults' order is kept.
          .name = "OrderPreserveAfterOverride",
          .customPlugins = config::Plugins{.multiPoint = Set({P("NodeAffinity", 2), P("TaintToleration", 1)})},
          .want = {.preFilter = defaultPreFilter,
                   .filter = defaultFilter,
                   .preScore = defaultPreScore,
                   .score = defaultScoreWith(1, 2, 2),
                   .notSimulated = kDefaultNotSimulated},
      },
      {
          // custom [Plugin1, Plugin2 w2, Plugin3, Plugin2 w4]
          //   => [Plugin1, Plugin2 w4, Plugin3, Plugin2 w2]; "duplicated custom plugins
          // will still be appended here. If so, the instantiation of scheduler
          // framework will detect it and abort."
          .name = "RepeatedCustomPlugin",
          .customPlugins = config::Plugins{.multiPoint = Set({P("TaintToleration"), P("NodeAffinity", 2),
                                                              P("PodTopologySpread"), P("NodeAffinity", 4)})},
          .want = {.wantErr = "already registered"},
      },
      {
          .name = "Append custom MultiPoint plugin",
          .customPlugins = config::Plugins{.multiPoint = Set({P("DynamicResources")})},
          .want = {.preFilter = defaultPreFilter,
                   .filter = defaultFilter,
                   .preScore = defaultPreScore,
                   .score = defaultScore,
                   .notSimulated = WithDefaultNotSimulated({"DynamicResources"})},
      },
      {
          // MultiPoint: enabled [CustomPlugin, CustomPlugin2], disabled [DefaultPlugin2];
          // Score: disabled [CustomPlugin2]. CustomPlugin2 here is NodeAffinity,
          // disabled among the defaults and re-enabled (appended) as a custom plugin.
          .name = "Append disabled Multipoint plugins",
          .customPlugins = config::Plugins{.multiPoint = Set({P("DynamicResources"), P("NodeAffinity")},
                                                             {"PodTopologySpread", "NodeAffinity"}),
                                           .score = Set({}, {"NodeAffinity"})},
          .want = {.preFilter = {"NodePorts", "NodeResourcesFit", "VolumeRestrictions", "NodeVolumeLimits",
                                 "VolumeBinding", "VolumeZone", "InterPodAffinity", "NodeAffinity"},
                   .filter = {"NodeName", "NodeUnschedulable", "TaintToleration", "NodePorts", "NodeResourcesFit",
                              "VolumeRestrictions", "NodeVolumeLimits", "VolumeBinding", "VolumeZone",
                              "InterPodAffinity", "NodeAffinity"},
                   .preScore = {"TaintToleration", "NodeResourcesFit", "VolumeBinding", "InterPodAffinity",
                                "NodeResourcesBalancedAllocation", "NodeAffinity"},
                   .score = {{"TaintToleration", 3},
                             {"NodeResourcesFit", 1},
                             {"VolumeBinding", 1},
                             {"InterPodAffinity", 2},
                             {"NodeResourcesBalancedAllocation", 1},
                             {"ImageLocality", 1}},
                   .notSimulated = WithDefaultNotSimulated({"DynamicResources"})},
      },
      {
          .name = "override default MultiPoint plugins with custom value",
          .customPlugins = config::Plugins{.multiPoint = Set({P("NodeAffinity", 5)})},
          .want = {.preFilter = defaultPreFilter,
                   .filter = defaultFilter,
                   .preScore = defaultPreScore,
                   .score = defaultScoreWith(3, 5, 2),
                   .notSimulated = kDefaultNotSimulated},
      },
      // "disabled MultiPoint plugin in default set" and "disabled MultiPoint plugin in
      // default set for specific extension point": not portable (see top).
      {
          .name = "multipoint with only disabled gets merged",
          .customPlugins = config::Plugins{.multiPoint = Set({}, {"NodeAffinity"})},
          .want = {.preFilter = {"NodePorts", "NodeResourcesFit", "VolumeRestrictions", "NodeVolumeLimits",
                                 "VolumeBinding", "VolumeZone", "PodTopologySpread", "InterPodAffinity"},
                   .filter = {"NodeName", "NodeUnschedulable", "TaintToleration", "NodePorts", "NodeResourcesFit",
                              "VolumeRestrictions", "NodeVolumeLimits", "VolumeBinding", "VolumeZone",
                              "PodTopologySpread", "InterPodAffinity"},
                   .preScore = {"TaintToleration", "NodeResourcesFit", "VolumeBinding", "PodTopologySpread",
                                "InterPodAffinity", "NodeResourcesBalancedAllocation"},
                   .score = {{"TaintToleration", 3},
                             {"NodeResourcesFit", 1},
                             {"VolumeBinding", 1},
                             {"PodTopologySpread", 2},
                             {"InterPodAffinity", 2},
                             {"NodeResourcesBalancedAllocation", 1},
                             {"ImageLocality", 1}},
                   .notSimulated = kDefaultNotSimulated},
      },
  };

  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    ExpectResolved(test.customPlugins, test.want);
  }
}

// ---------------------------------------------------------------------------
// framework_test.go
// ---------------------------------------------------------------------------

// The profile as NewFramework would get it: no v1 defaults, queue sort and bind as
// newFrameworkWithQueueSortAndBind adds them.
config::Plugins NoDefaults(config::Plugins p) {
  p.multiPoint.disabled.push_back("*");
  return WithQueueSortAndBind(std::move(p));
}

struct ExpansionCase {
  std::string name;
  config::Plugins plugins;
  Want want;
};

TEST(ProfileTest, TestNewFrameworkMultiPointExpansion) {
  const std::string testPlugin = "NodeAffinity";
  const std::string scorePlugin1 = "TaintToleration";
  const std::string scoreWithNormalizePlugin1 = "PodTopologySpread";
  const std::string scorePlugin2 = "PodTopologySpread";
  const std::string queueSortPlugin = "PrioritySort";
  const std::string bindPlugin = "DefaultBinder";

  std::vector<ExpansionCase> tests = {
      {
          .name = "plugin expansion",
          .plugins = NoDefaults({.multiPoint = Set({P(testPlugin, 5)})}),
          .want = {.preFilter = {testPlugin},
                   .filter = {testPlugin},
                   .preScore = {testPlugin},
                   .score = {{testPlugin, 5}},
                   .notSimulated = Names{}},
      },
      {
          .name = "disable MultiPoint plugin at some extension points",
          .plugins = NoDefaults({.multiPoint = Set({P(testPlugin)}),
                                 .preScore = Set({}, {testPlugin}),
                                 .score = Set({}, {testPlugin})}),
          .want = {.preFilter = {testPlugin}, .filter = {testPlugin}, .preScore = {}, .score = {}},
      },
      {
          .name = "Multiple MultiPoint plugins",
          .plugins = NoDefaults({.multiPoint = Set({P(testPlugin), P(scorePlugin1)})}),
          .want = {.preFilter = {testPlugin},
                   .filter = {testPlugin, scorePlugin1},
                   .preScore = {testPlugin, scorePlugin1},
                   .score = {{testPlugin, 1}, {scorePlugin1, 1}}},
      },
      {
          .name = "disable MultiPoint extension",
          .plugins = NoDefaults({.multiPoint = Set({P(testPlugin), P(scorePlugin1)}), .preScore = Set({}, {"*"})}),
          .want = {.preFilter = {testPlugin},
                   .filter = {testPlugin, scorePlugin1},
                   .preScore = {},
                   .score = {{testPlugin, 1}, {scorePlugin1, 1}}},
      },
      {
          .name = "Reorder MultiPoint plugins (specified extension takes precedence)",
          .plugins = NoDefaults({.multiPoint = Set({P(scoreWithNormalizePlugin1), P(testPlugin), P(scorePlugin1)}),
                                 .score = Set({P(scorePlugin1), P(testPlugin)})}),
          // Upstream: PreScore [testPlugin, scorePlugin1]; Score [scorePlugin1,
          // testPlugin, scoreWithNormalizePlugin1]. The stand-in for
          // scoreWithNormalizePlugin1 also extends PreFilter/Filter/PreScore and
          // comes first there, in MultiPoint order.
          .want = {.preFilter = {scoreWithNormalizePlugin1, testPlugin},
                   .filter = {scoreWithNormalizePlugin1, testPlugin, scorePlugin1},
                   .preScore = {scoreWithNormalizePlugin1, testPlugin, scorePlugin1},
                   .score = {{scorePlugin1, 1}, {testPlugin, 1}, {scoreWithNormalizePlugin1, 1}}},
      },
      {
          .name = "Reorder MultiPoint plugins (specified extension only takes precedence when it exists in MultiPoint)",
          .plugins = NoDefaults({.multiPoint = Set({P(testPlugin), P(scorePlugin1)}),
                                 .score = Set({P(scoreWithNormalizePlugin1), P(scorePlugin1), P(testPlugin)})}),
          .want = {.preFilter = {testPlugin},
                   .filter = {testPlugin, scorePlugin1},
                   .preScore = {testPlugin, scorePlugin1},
                   .score = {{scorePlugin1, 1}, {testPlugin, 1}, {scoreWithNormalizePlugin1, 1}}},
      },
      {
          .name = "Override MultiPoint plugins weights",
          .plugins = NoDefaults({.multiPoint = Set({P(testPlugin), P(scorePlugin1)}),
                                 .score = Set({P(scorePlugin1, 5), P(testPlugin, 3)})}),
          .want = {.preFilter = {testPlugin},
                   .filter = {testPlugin, scorePlugin1},
                   .preScore = {testPlugin, scorePlugin1},
                   .score = {{scorePlugin1, 5}, {testPlugin, 3}}},
      },
      {
          // Upstream: QueueSort [queueSortPlugin], PreScore [scorePlugin1],
          // Score [scorePlugin1 w1], Bind [bindPlugin], PlacementScore [...].
          .name = "disable and enable MultiPoint plugins with '*'",
          .plugins = {.multiPoint = Set({P(queueSortPlugin), P(bindPlugin), P(scorePlugin1)}, {"*"})},
          .want = {.preFilter = {},
                   .filter = {scorePlugin1},
                   .preScore = {scorePlugin1},
                   .score = {{scorePlugin1, 1}},
                   .notSimulated = Names{},
                   .queueSort = Names{queueSortPlugin},
                   .bind = Names{bindPlugin}},
      },
      {
          // The framework ignores MultiPoint.Disabled: scorePlugin1 stays enabled.
          // (NoDefaults adds "*" so that only these three plugins are enabled.)
          .name = "disable and enable MultiPoint plugin by name",
          .plugins = NoDefaults({.multiPoint = Set({P(bindPlugin), P(queueSortPlugin), P(scorePlugin1)}, {scorePlugin1})}),
          .want = {.preFilter = {},
                   .filter = {scorePlugin1},
                   .preScore = {scorePlugin1},
                   .score = {{scorePlugin1, 1}},
                   .notSimulated = Names{}},
      },
      {
          .name = "Expect 'already registered' error",
          .plugins = NoDefaults({.multiPoint = Set({P(testPlugin), P(testPlugin)})}),
          .want = {.wantErr = "already registered"},
      },
      {
          .name = "Override MultiPoint plugins weights and avoid a plugin being loaded multiple times",
          .plugins = NoDefaults({.multiPoint = Set({P(testPlugin), P(scorePlugin1)}),
                                 .score = Set({P(scorePlugin1, 5), P(scorePlugin2, 5), P(testPlugin, 3)})}),
          .want = {.preFilter = {testPlugin},
                   .filter = {testPlugin, scorePlugin1},
                   .preScore = {testPlugin, scorePlugin1},
                   .score = {{scorePlugin1, 5}, {testPlugin, 3}, {scorePlugin2, 5}}},
      },
  };

  for (const auto& tc : tests) {
    SCOPED_TRACE(tc.name);
    ExpectResolved(tc.plugins, tc.want);
  }
}

TEST(ProfileTest, TestInitFrameworkWithScorePlugins) {
  // buildScoreConfigDefaultWeights: Score enabled with defaultWeights
  // (scoreWithNormalizePlugin1: 1, scoreWithNormalizePlugin2: 2, scorePlugin1: 1; others 0).
  auto buildScoreConfigDefaultWeights = [](std::vector<std::pair<std::string, int32_t>> ps) {
    config::Plugins plugins;
    for (auto& [name, w] : ps) plugins.score.enabled.push_back(P(name, w));
    return NoDefaults(plugins);
  };
  struct Case {
    std::string name;
    config::Plugins plugins;
    bool initErr = false;
  };
  std::vector<Case> tests = {
      {"enabled Score plugin doesn't exist in registry", buildScoreConfigDefaultWeights({{"notExist", 0}}), true},
      {"enabled Score plugin doesn't extend the ScorePlugin interface",
       buildScoreConfigDefaultWeights({{"NodeName", 0}}), true},
      {"Score plugins are nil", NoDefaults({}), false},
      {"enabled Score plugin list is empty", buildScoreConfigDefaultWeights({}), false},
      {"enabled plugin only implements ScorePlugin interface", buildScoreConfigDefaultWeights({{"TaintToleration", 1}}),
       false},
      {"enabled plugin implements ScoreWithNormalizePlugin interface",
       buildScoreConfigDefaultWeights({{"PodTopologySpread", 1}}), false},
  };
  for (const auto& tt : tests) {
    SCOPED_TRACE(tt.name);
    config::Profile profile;
    profile.plugins = tt.plugins;
    ResolvedProfile got;
    std::string error;
    bool ok = ResolveProfile(plugins::InTreeRegistry(), profile, Release{}, got, error);
    if (tt.initErr) {
      EXPECT_FALSE(ok) << "Framework initialization should fail";
    } else {
      EXPECT_TRUE(ok) << "Failed to create framework for testing: " << error;
    }
  }
}

TEST(ProfileTest, TestNewFrameworkErrors) {
  // "duplicate plugin config" (pluginConfig) and "more than one
  // PlacementGeneratePlugin" have no counterpart here.
  struct Case {
    std::string name;
    config::Plugins plugins;
    std::string wantErr;
  };
  std::vector<Case> tests = {
      {"duplicate plugin name", NoDefaults({.preFilter = Set({P("NodeAffinity", 1), P("NodeAffinity", 1)})}),
       "already registered"},
  };
  for (const auto& tc : tests) {
    SCOPED_TRACE(tc.name);
    ExpectResolved(tc.plugins, Want{.wantErr = tc.wantErr});
  }
}

// TestNewMap (pkg/scheduler/profile/profile_test.go), its rows of one profile: NewFramework
// refuses a profile without exactly one queue sort plugin or without a bind plugin. The
// rows of several profiles (different queue sorts, duplicate names) have no counterpart,
// only the first profile is simulated; nor has "plugins required for profile" (a profile
// here always gets the v1 defaults) or "scheduler name is needed" (ValidationTest's
// SchedulerNameEmpty). Stand-ins: QueueSort -> PrioritySort, Bind1 -> DefaultBinder.
TEST(ProfileTest, TestNewMap) {
  struct Case {
    std::string name;
    std::string schedulerName;
    config::Plugins plugins;
    std::string wantErr;  // the whole message; empty: success
  };
  const config::PluginSet none = Set({}, {"*"});  // no v1 defaults (the fake registry has none)
  const std::vector<Case> cases = {
      {"valid",
       "profile-1",
       {.multiPoint = none, .queueSort = Set({P("PrioritySort")}), .bind = Set({P("DefaultBinder")})},
       ""},
      {"invalid framework configuration",
       "invalid-profile",
       {.multiPoint = none, .queueSort = Set({P("PrioritySort")})},
       "profiles[0].plugins: at least one bind plugin is needed for profile with scheduler name \"invalid-profile\""},
      // Not upstream's rows: the queue sort count, then both points expanded from multiPoint.
      {"no queue sort plugin",
       "default-scheduler",
       {.multiPoint = none, .bind = Set({P("DefaultBinder")})},
       "profiles[0].plugins: only one queue sort plugin required for profile with scheduler name "
       "\"default-scheduler\", but got 0"},
      {"queue sort and bind from multiPoint",
       "default-scheduler",
       {.multiPoint = Set({P("PrioritySort"), P("DefaultBinder")}, {"*"})},
       ""},
      {"queue sort disabled at its point",
       "default-scheduler",
       {.queueSort = Set({}, {"PrioritySort"})},
       "profiles[0].plugins: only one queue sort plugin required for profile with scheduler name "
       "\"default-scheduler\", but got 0"},
      {"bind disabled at its point",
       "default-scheduler",
       {.bind = Set({}, {"*"})},
       "profiles[0].plugins: at least one bind plugin is needed for profile with scheduler name "
       "\"default-scheduler\""},
  };
  for (const auto& tc : cases) {
    SCOPED_TRACE(tc.name);
    config::Profile profile;
    profile.schedulerName = tc.schedulerName;
    profile.plugins = tc.plugins;
    ResolvedProfile got;
    std::string error;
    const bool ok = ResolveProfile(plugins::InTreeRegistry(), profile, Release{}, got, error);
    EXPECT_EQ(ok, tc.wantErr.empty());
    EXPECT_EQ(error, tc.wantErr);
    if (ok) {
      EXPECT_EQ(got.queueSort, Names{"PrioritySort"});
      EXPECT_EQ(got.bind, Names{"DefaultBinder"});
      EXPECT_EQ(got.notSimulated, Names{});  // the scheduler's own work, not plugins left out
    }
  }
}

// The profile of /work/shared/repro/profile-without-queue-sort-or-bind.json (kube-scheduler
// 1.37.2's scheduler.New refuses it): multiPoint disables '*' and enables only filters.
TEST(ProfileTest, OnlyFiltersEnabledIsRefusedAsKubeSchedulerRefusesIt) {
  config::Profile profile;
  profile.path = "items[2].profiles[0]";
  profile.plugins = config::Plugins{.multiPoint = Set({P("PodTopologySpread"), P("NodeUnschedulable")}, {"*"})};
  ResolvedProfile got;
  std::string error;
  EXPECT_FALSE(ResolveProfile(plugins::InTreeRegistry(), profile, Release{}, got, error));
  EXPECT_EQ(error,
            "items[2].profiles[0].plugins: only one queue sort plugin required for profile with scheduler name "
            "\"default-scheduler\", but got 0");
  // With PrioritySort added, the bind plugin is missing.
  profile.plugins->multiPoint.enabled.push_back(P("PrioritySort"));
  EXPECT_FALSE(ResolveProfile(plugins::InTreeRegistry(), profile, Release{}, got, error));
  EXPECT_EQ(error,
            "items[2].profiles[0].plugins: at least one bind plugin is needed for profile with scheduler name "
            "\"default-scheduler\"");
  // And with DefaultBinder, what the differential test's --fix-profile compares.
  profile.plugins->multiPoint.enabled.push_back(P("DefaultBinder"));
  EXPECT_TRUE(ResolveProfile(plugins::InTreeRegistry(), profile, Release{}, got, error)) << error;
  EXPECT_EQ(got.filter, (Names{"PodTopologySpread", "NodeUnschedulable"}));
}

// updatePluginList's error messages, with the field they belong to.
TEST(ProfileTest, ErrorMessages) {
  struct Case {
    std::string name;
    config::Plugins plugins;
    std::string wantErr;
  };
  std::vector<Case> tests = {
      {"unknown plugin at an extension point", {.filter = Set({P("notExist")})},
       "profiles[0].plugins.filter.enabled: FilterPlugin \"notExist\" does not exist"},
      {"plugin enabled at a point it does not extend", {.score = Set({P("NodeName")})},
       "profiles[0].plugins.score.enabled: plugin \"NodeName\" does not extend ScorePlugin plugin"},
      {"plugin enabled twice at a point", {.preFilter = Set({P("NodeAffinity"), P("NodeAffinity")})},
       "profiles[0].plugins.preFilter.enabled: plugin \"NodeAffinity\" already registered as \"PreFilterPlugin\""},
      {"plugin enabled at queueSort that does not sort",
       {.queueSort = Set({P("NodeName")})},
       "profiles[0].plugins.queueSort.enabled: plugin \"NodeName\" does not extend QueueSortPlugin plugin"},
      {"queue sort plugin enabled at bind",
       {.bind = Set({P("PrioritySort")})},
       "profiles[0].plugins.bind.enabled: plugin \"PrioritySort\" does not extend BindPlugin plugin"},
      {"bind plugin enabled twice",
       {.bind = Set({P("DefaultBinder"), P("DefaultBinder")})},
       "profiles[0].plugins.bind.enabled: plugin \"DefaultBinder\" already registered as \"BindPlugin\""},
      {"unknown bind plugin",
       {.bind = Set({P("Foo")})},
       "profiles[0].plugins.bind.enabled: BindPlugin \"Foo\" does not exist"},
  };
  for (const auto& tc : tests) {
    SCOPED_TRACE(tc.name);
    config::Profile profile;
    profile.plugins = tc.plugins;
    ResolvedProfile got;
    std::string error;
    EXPECT_FALSE(ResolveProfile(plugins::InTreeRegistry(), profile, Release{}, got, error));
    // Messages about unknown plugins go on to list the known ones.
    EXPECT_EQ(error.substr(0, tc.wantErr.size()), tc.wantErr);
  }
}

}  // namespace

// The registry is the framework's input (runtime.NewFramework takes it): a registry
// whose table declares an extension point its plugin does not implement is refused,
// as upstream's type assertions refuse it, instead of leaving a null plugin.
namespace {
class OnlyScores final : public ScorePlugin {
 public:
  explicit OnlyScores(Handle) {}
  std::string_view Name() const override { return "NodeName"; }
  Status Score(const CycleState&, const PodInfo&, const NodeInfo&, int64_t& score) override {
    score = 0;
    return Status::Ok();
  }
};
std::unique_ptr<Plugin> NewOnlyScores(Handle h, const config::Profile&) { return std::make_unique<OnlyScores>(h); }
}  // namespace

TEST(RegistryTest, AnExtensionPointThePluginDoesNotImplementIsRefused) {
  const RegisteredPlugin table[] = {
      {"NodeName", false, true, false, false, false, kOldestMinor, kMasterMinor, NewOnlyScores},
      {"PrioritySort", false, false, false, false, false, kOldestMinor, kMasterMinor, nullptr, false, true},
      {"DefaultBinder", false, false, false, false, false, kOldestMinor, kMasterMinor, nullptr, false, false, true}};
  config::Profile profile;
  profile.plugins = NoDefaults({.filter = Set({P("NodeName")})});
  Cluster cluster{Scenario{}};
  std::string error;
  EXPECT_EQ(Framework::New(table, cluster, profile, error), nullptr);
  EXPECT_EQ(error, "plugin \"NodeName\" is registered at an extension point it does not implement");
  // The in-tree table builds it.
  error.clear();
  EXPECT_NE(plugins::NewFramework(cluster, profile, error), nullptr) << error;
}

}  // namespace spreadlab
