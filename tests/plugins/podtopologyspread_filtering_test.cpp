// PodTopologySpread PreFilter/Filter, ported from upstream Kubernetes:
//   kubernetes/kubernetes pkg/scheduler/framework/plugins/podtopologyspread/filtering_test.go
//   at commit 01c2588bf4a3eb6bb3524b1e2bd60efb38a4b577 (the newest version in the index: per-constraint
//   CriticalPaths / TpValueToMatchNum, the fwk package).
// Ported: TestPreFilterState, TestSingleConstraint, TestMultipleConstraints, TestPreFilterDisabled.
// Not ported: TestPreFilterStateAddPod / TestPreFilterStateRemovePod (preemption extensions spreadlab
// does not have), TestPodTopoSignatures (SignPod, not implemented), the benchmarks.
// Every PodTopologySpread feature gate is treated as enabled; upstream cases that exist only to test a
// gate being disabled are left out (listed next to the table they belong to).
//
// Correspondence with upstream's preFilterState:
//   TpValueToMatchNum[i]      <-> trace().spreadFilter[i].domains (compared as a map)
//   minMatchNum(i, minDomains) <-> trace().spreadFilter[i].globalMin, i.e. CriticalPaths[i][0].MatchNum,
//                                 or 0 when len(TpValueToMatchNum[i]) < MinDomains.
// Upstream's namespace "" is spreadlab's "default": every object of a case lives in one namespace either way.
#include <gtest/gtest.h>

#include <climits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/corev1/selectors.h"
#include "core/plugins/podtopologyspread/plugin.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace {

using namespace spreadlab;
namespace st = spreadlab::testing;

const v1::LabelSelector fooSelector = st::MakeLabelSelector().Exists("foo").Obj();
const v1::LabelSelector barSelector = st::MakeLabelSelector().Exists("bar").Obj();
const std::optional<std::string> ignorePolicy = v1::kIgnore;
const std::optional<std::string> honorPolicy = v1::kHonor;
// v1.TaintNodeUnschedulable, NoSchedule.
const std::vector<v1::Taint> taints = {st::MakeTaint("node.kubernetes.io/unschedulable", "", "NoSchedule")};
constexpr const char* kTaintNodeUnschedulable = "node.kubernetes.io/unschedulable";
// newCriticalPaths(): both paths hold MatchNum math.MaxInt32.
constexpr int32_t kNewCriticalPaths = INT32_MAX;

// DefaultingType List with the given default constraints (upstream's args in these tests).
st::PluginHarness::Factory ListDefaulting(std::vector<v1::TopologySpreadConstraint> defaults = {}) {
  return [defaults](Handle h) -> std::unique_ptr<Plugin> {
    return std::make_unique<plugins::PodTopologySpread>(h, plugins::PodTopologySpreadArgs{defaults, false});
  };
}

v1::TopologySpreadConstraint DefaultConstraint(int32_t maxSkew, std::string key, std::string when) {
  v1::TopologySpreadConstraint c;
  c.maxSkew = maxSkew;
  c.topologyKey = std::move(key);
  c.whenUnsatisfiable = std::move(when);
  return c;
}

// &v1.Service{Spec: v1.ServiceSpec{Selector: ...}}
v1::Service MakeService(v1::LabelMap selector) {
  v1::Service s;
  s.metadata.name = "svc";
  s.selector = std::move(selector);
  s.path = "services[svc]";
  return s;
}

std::string ReasonFor(Code c) {
  switch (c) {
    case Code::Unschedulable:
      return std::string(plugins::PodTopologySpread::kErrReasonConstraintsNotMatch);
    case Code::UnschedulableAndUnresolvable:
      return std::string(plugins::PodTopologySpread::kErrReasonNodeLabelNotMatch);
    default:
      return "";
  }
}

// Runs Filter on every node and checks upstream's wantStatusCode, plus the reason Filter returns with it.
void ExpectFilterCodes(st::PluginHarness& h, const std::map<std::string, Code>& want) {
  std::vector<st::NodeStatus> got = h.FilterAll();
  ASSERT_EQ(got.size(), want.size());
  for (const auto& s : got) {
    SCOPED_TRACE("node " + s.node);
    auto it = want.find(s.node);
    ASSERT_NE(it, want.end());
    EXPECT_EQ(CodeName(s.code), CodeName(it->second));
    EXPECT_EQ(s.reason, ReasonFor(it->second));
  }
}

// One entry of upstream's want.Constraints together with the same index of CriticalPaths and
// TpValueToMatchNum.
struct WantConstraint {
  int32_t maxSkew = 1;
  std::string topologyKey{};
  std::optional<v1::LabelSelector> selector{};  // mustConvertLabelSelectorAsSelector(...); nullopt: labels.Nothing()
  int32_t minDomains = 1;
  std::string nodeAffinityPolicy = v1::kHonor;
  std::string nodeTaintsPolicy = v1::kIgnore;
  int32_t criticalPathMin = 0;  // CriticalPaths[i][0].MatchNum
  std::map<std::string, int32_t> tpValueToMatchNum{};
};

void ExpectPreFilterState(st::PluginHarness& h, const std::vector<WantConstraint>& want) {
  const auto& got = h.trace().spreadFilter;
  ASSERT_EQ(got.size(), want.size());
  StringPool& pool = h.cluster().pool();
  for (size_t i = 0; i < want.size(); ++i) {
    SCOPED_TRACE("constraint " + std::to_string(i));
    const WantConstraint& w = want[i];
    EXPECT_EQ(got[i].maxSkew, w.maxSkew);
    EXPECT_EQ(got[i].topologyKey, w.topologyKey);
    EXPECT_EQ(got[i].selector, SelectorString(LabelSelectorAsSelector(w.selector, pool), pool));
    EXPECT_EQ(got[i].minDomains, w.minDomains);
    EXPECT_EQ(got[i].nodeAffinityPolicy, w.nodeAffinityPolicy);
    EXPECT_EQ(got[i].nodeTaintsPolicy, w.nodeTaintsPolicy);
    std::map<std::string, int32_t> domains(got[i].domains.begin(), got[i].domains.end());
    EXPECT_EQ(got[i].domains.size(), domains.size()) << "a domain is listed twice";
    EXPECT_EQ(domains, w.tpValueToMatchNum);
    // preFilterState.minMatchNum
    int32_t wantMin = static_cast<int32_t>(w.tpValueToMatchNum.size()) < w.minDomains ? 0 : w.criticalPathMin;
    EXPECT_EQ(got[i].globalMin, wantMin);
  }
}

// ---------------------------------------------------------------------------------------------
// TestPreFilterState
// Left out (they exist only to test a disabled feature gate): "feature gate disabled with
// NodeAffinityPolicy", "feature gate disabled with NodeTaintsPolicy", "matchLabelKeys ignored when
// feature gate disabled", "no pod is matched when LabelSelector is nil when feature gate disabled".

struct PreFilterStateCase {
  std::string name{};
  v1::Pod pod{};
  std::vector<v1::Node> nodes{};
  std::vector<v1::Pod> existingPods{};
  std::vector<v1::Service> objs{};
  std::vector<v1::TopologySpreadConstraint> defaultConstraints{};
  std::vector<WantConstraint> want{};
  Code wantPrefilterStatus = Code::Success;
};

TEST(PodTopologySpreadFiltering, TestPreFilterState) {
  const std::vector<PreFilterStateCase> tests = {
      {
          .name = "clean cluster with one spreadConstraint",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(5, "zone", v1::kDoNotSchedule, st::MakeLabelSelector().Label("foo", "bar").Obj())
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .want = {{.maxSkew = 5,
                    .topologyKey = "zone",
                    .selector = st::MakeLabelSelector().Label("foo", "bar").Obj(),
                    .criticalPathMin = 0,
                    .tpValueToMatchNum = {{"zone1", 0}, {"zone2", 0}}}},
      },
      {
          .name = "normal case with one spreadConstraint",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
              },
          .want = {{.maxSkew = 1,
                    .topologyKey = "zone",
                    .selector = fooSelector,
                    .criticalPathMin = 2,
                    .tpValueToMatchNum = {{"zone1", 3}, {"zone2", 2}}}},
      },
      {
          .name = "normal case with null label selector",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, std::nullopt)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
              },
          .want = {{.maxSkew = 1,
                    .topologyKey = "zone",
                    .selector = std::nullopt,  // labels.Nothing()
                    .criticalPathMin = 0,
                    .tpValueToMatchNum = {{"zone1", 0}, {"zone2", 0}}}},
      },
      {
          .name = "normal case with one spreadConstraint, on a 3-zone cluster",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
                  st::MakeNode().Name("node-o").Label("zone", "zone3").Label("node", "node-o").Obj(),
                  st::MakeNode().Name("node-p").Label("zone", "zone3").Label("node", "node-p").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
              },
          .want = {{.maxSkew = 1,
                    .topologyKey = "zone",
                    .selector = fooSelector,
                    .criticalPathMin = 0,
                    .tpValueToMatchNum = {{"zone1", 3}, {"zone2", 2}, {"zone3", 0}}}},
      },
      {
          .name = "namespace mismatch doesn't count",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Namespace("ns1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Namespace("ns2").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
              },
          .want = {{.maxSkew = 1,
                    .topologyKey = "zone",
                    .selector = fooSelector,
                    .criticalPathMin = 1,
                    .tpValueToMatchNum = {{"zone1", 2}, {"zone2", 1}}}},
      },
      {
          .name = "normal case with two spreadConstraints",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y4").Node("node-y").Label("foo", "").Obj(),
              },
          .want =
              {
                  {.maxSkew = 1,
                   .topologyKey = "zone",
                   .selector = fooSelector,
                   .criticalPathMin = 3,
                   .tpValueToMatchNum = {{"zone1", 3}, {"zone2", 4}}},
                  {.maxSkew = 1,
                   .topologyKey = "node",
                   .selector = fooSelector,
                   .criticalPathMin = 0,
                   .tpValueToMatchNum = {{"node-a", 2}, {"node-b", 1}, {"node-x", 0}, {"node-y", 4}}},
              },
      },
      {
          .name = "soft spreadConstraints should be bypassed",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kScheduleAnyway, fooSelector)
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kScheduleAnyway, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y4").Node("node-y").Label("foo", "").Obj(),
              },
          .want =
              {
                  {.maxSkew = 1,
                   .topologyKey = "zone",
                   .selector = fooSelector,
                   .criticalPathMin = 3,
                   .tpValueToMatchNum = {{"zone1", 3}, {"zone2", 4}}},
                  {.maxSkew = 1,
                   .topologyKey = "node",
                   .selector = fooSelector,
                   .criticalPathMin = 1,
                   .tpValueToMatchNum = {{"node-a", 2}, {"node-b", 1}, {"node-y", 4}}},
              },
      },
      {
          .name = "different labelSelectors - simple version",
          .pod = st::MakePod().Name("p").Label("foo", "").Label("bar", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, barSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b").Node("node-b").Label("bar", "").Obj(),
              },
          .want =
              {
                  {.maxSkew = 1,
                   .topologyKey = "zone",
                   .selector = fooSelector,
                   .criticalPathMin = 0,
                   .tpValueToMatchNum = {{"zone1", 1}, {"zone2", 0}}},
                  {.maxSkew = 1,
                   .topologyKey = "node",
                   .selector = barSelector,
                   .criticalPathMin = 0,
                   .tpValueToMatchNum = {{"node-a", 0}, {"node-b", 1}, {"node-y", 0}}},
              },
      },
      {
          .name = "different labelSelectors - complex pods",
          .pod = st::MakePod().Name("p").Label("foo", "").Label("bar", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, barSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y4").Node("node-y").Label("foo", "").Label("bar", "").Obj(),
              },
          .want =
              {
                  {.maxSkew = 1,
                   .topologyKey = "zone",
                   .selector = fooSelector,
                   .criticalPathMin = 3,
                   .tpValueToMatchNum = {{"zone1", 3}, {"zone2", 4}}},
                  {.maxSkew = 1,
                   .topologyKey = "node",
                   .selector = barSelector,
                   .criticalPathMin = 0,
                   .tpValueToMatchNum = {{"node-a", 1}, {"node-b", 0}, {"node-y", 2}}},
              },
      },
      {
          .name = "two spreadConstraints, and with podAffinity",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeAffinityNotIn("node", {"node-x"})  // exclude node-x
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y4").Node("node-y").Label("foo", "").Obj(),
              },
          .want =
              {
                  {.maxSkew = 1,
                   .topologyKey = "zone",
                   .selector = fooSelector,
                   .criticalPathMin = 3,
                   .tpValueToMatchNum = {{"zone1", 3}, {"zone2", 4}}},
                  {.maxSkew = 1,
                   .topologyKey = "node",
                   .selector = fooSelector,
                   .criticalPathMin = 1,
                   .tpValueToMatchNum = {{"node-a", 2}, {"node-b", 1}, {"node-y", 4}}},
              },
      },
      {
          .name = "default constraints and a service",
          .pod = st::MakePod().Name("p").Label("foo", "bar").Label("baz", "kar").Obj(),
          .objs = {MakeService({{"foo", "bar"}})},
          .defaultConstraints =
              {
                  DefaultConstraint(3, "node", v1::kDoNotSchedule),
                  DefaultConstraint(2, "node", v1::kScheduleAnyway),
                  DefaultConstraint(5, "rack", v1::kDoNotSchedule),
              },
          .want =
              {
                  {.maxSkew = 3,
                   .topologyKey = "node",
                   .selector = st::MakeLabelSelector().Label("foo", "bar").Obj(),
                   .criticalPathMin = kNewCriticalPaths,
                   .tpValueToMatchNum = {}},
                  {.maxSkew = 5,
                   .topologyKey = "rack",
                   .selector = st::MakeLabelSelector().Label("foo", "bar").Obj(),
                   .criticalPathMin = kNewCriticalPaths,
                   .tpValueToMatchNum = {}},
              },
      },
      {
          .name = "default constraints and a service that doesn't match",
          .pod = st::MakePod().Name("p").Label("foo", "bar").Obj(),
          .objs = {MakeService({{"baz", "kep"}})},
          .defaultConstraints = {DefaultConstraint(3, "node", v1::kDoNotSchedule)},
          .wantPrefilterStatus = Code::Skip,
      },
      {
          .name = "default constraints and a service, but pod has constraints",
          .pod = st::MakePod().Name("p").Label("foo", "bar").Label("baz", "tar")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, st::MakeLabelSelector().Label("baz", "tar").Obj())
                     .SpreadConstraint(2, "planet", v1::kScheduleAnyway, st::MakeLabelSelector().Label("fot", "rok").Obj())
                     .Obj(),
          .objs = {MakeService({{"foo", "bar"}})},
          .defaultConstraints = {DefaultConstraint(2, "node", v1::kDoNotSchedule)},
          .want = {{.maxSkew = 1,
                    .topologyKey = "zone",
                    .selector = st::MakeLabelSelector().Label("baz", "tar").Obj(),
                    .criticalPathMin = kNewCriticalPaths,
                    .tpValueToMatchNum = {}}},
      },
      {
          .name = "default soft constraints and a service",
          .pod = st::MakePod().Name("p").Label("foo", "bar").Obj(),
          .objs = {MakeService({{"foo", "bar"}})},
          .defaultConstraints = {DefaultConstraint(2, "node", v1::kScheduleAnyway)},
          .wantPrefilterStatus = Code::Skip,
      },
      {
          .name = "TpKeyToDomainsNum is calculated when MinDomains is enabled",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y4").Node("node-y").Label("foo", "").Obj(),
              },
          .want =
              {
                  {.maxSkew = 1,
                   .topologyKey = "zone",
                   .selector = fooSelector,
                   .criticalPathMin = 3,
                   .tpValueToMatchNum = {{"zone1", 3}, {"zone2", 4}}},
                  {.maxSkew = 1,
                   .topologyKey = "node",
                   .selector = fooSelector,
                   .criticalPathMin = 0,
                   .tpValueToMatchNum = {{"node-a", 2}, {"node-b", 1}, {"node-x", 0}, {"node-y", 4}}},
              },
      },
      {
          .name = "NodeAffinityPolicy honored with labelSelectors",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeSelector({{"foo", ""}})
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, barSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-c").Label("node", "node-c").Label("bar", "").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a").Node("node-a").Label("bar", "").Obj(),
                  st::MakePod().Name("p-b").Node("node-b").Label("bar", "").Obj(),
                  st::MakePod().Name("p-c").Node("node-b").Label("bar", "").Obj(),
                  st::MakePod().Name("p-d").Node("node-c").Obj(),
              },
          .want = {{.maxSkew = 1,
                    .topologyKey = "node",
                    .selector = barSelector,
                    .criticalPathMin = 1,
                    .tpValueToMatchNum = {{"node-a", 1}, {"node-b", 2}}}},
      },
      {
          .name = "NodeAffinityPolicy ignored with labelSelectors",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeSelector({{"foo", ""}})
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, barSelector, std::nullopt, ignorePolicy)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-c").Label("node", "node-c").Label("bar", "").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a").Node("node-a").Label("bar", "").Obj(),
                  st::MakePod().Name("p-b").Node("node-b").Label("bar", "").Obj(),
                  st::MakePod().Name("p-c").Node("node-b").Label("bar", "").Obj(),
                  st::MakePod().Name("p-d").Node("node-c").Obj(),
              },
          .want = {{.maxSkew = 1,
                    .topologyKey = "node",
                    .selector = barSelector,
                    .nodeAffinityPolicy = v1::kIgnore,
                    .criticalPathMin = 0,
                    .tpValueToMatchNum = {{"node-a", 1}, {"node-b", 2}, {"node-c", 0}}}},
      },
      {
          .name = "NodeAffinityPolicy honored with nodeAffinity",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeAffinityIn("foo", {""})
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, barSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-c").Label("node", "node-c").Label("bar", "").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a").Node("node-a").Label("bar", "").Obj(),
                  st::MakePod().Name("p-c").Node("node-b").Label("bar", "").Obj(),
                  st::MakePod().Name("p-d").Node("node-b").Label("bar", "").Obj(),
                  st::MakePod().Name("p-e").Node("node-c").Obj(),
              },
          .want = {{.maxSkew = 1,
                    .topologyKey = "node",
                    .selector = barSelector,
                    .criticalPathMin = 1,
                    .tpValueToMatchNum = {{"node-a", 1}, {"node-b", 2}}}},
      },
      {
          .name = "NodeAffinityPolicy ignored with nodeAffinity",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeAffinityIn("foo", {""})
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, barSelector, std::nullopt, ignorePolicy)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-c").Label("node", "node-c").Label("bar", "").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a").Node("node-a").Label("bar", "").Obj(),
                  st::MakePod().Name("p-b").Node("node-b").Label("bar", "").Obj(),
                  st::MakePod().Name("p-c").Node("node-b").Label("bar", "").Obj(),
                  st::MakePod().Name("p-d").Node("node-c").Obj(),
              },
          .want = {{.maxSkew = 1,
                    .topologyKey = "node",
                    .selector = barSelector,
                    .nodeAffinityPolicy = v1::kIgnore,
                    .criticalPathMin = 0,
                    .tpValueToMatchNum = {{"node-a", 1}, {"node-b", 2}, {"node-c", 0}}}},
      },
      {
          .name = "NodeTaintsPolicy ignored",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, barSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-c").Label("node", "node-c").Taints(taints).Label("bar", "").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a").Node("node-a").Label("bar", "").Obj(),
                  st::MakePod().Name("p-b").Node("node-b").Label("bar", "").Obj(),
                  st::MakePod().Name("p-c").Node("node-b").Label("bar", "").Obj(),
                  st::MakePod().Name("p-d").Node("node-c").Obj(),
              },
          .want = {{.maxSkew = 1,
                    .topologyKey = "node",
                    .selector = barSelector,
                    .criticalPathMin = 0,
                    .tpValueToMatchNum = {{"node-a", 1}, {"node-b", 2}, {"node-c", 0}}}},
      },
      {
          .name = "NodeTaintsPolicy honored",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, barSelector, std::nullopt, std::nullopt, honorPolicy)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-c").Label("node", "node-c").Taints(taints).Label("bar", "").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a").Node("node-a").Label("bar", "").Obj(),
                  st::MakePod().Name("p-b").Node("node-b").Label("bar", "").Obj(),
                  st::MakePod().Name("p-c").Node("node-b").Label("bar", "").Obj(),
                  st::MakePod().Name("p-d").Node("node-c").Obj(),
              },
          .want = {{.maxSkew = 1,
                    .topologyKey = "node",
                    .selector = barSelector,
                    .nodeTaintsPolicy = v1::kHonor,
                    .criticalPathMin = 1,
                    .tpValueToMatchNum = {{"node-a", 1}, {"node-b", 2}}}},
      },
      {
          .name = "NodeTaintsPolicy honored with tolerated taints",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .Toleration(kTaintNodeUnschedulable)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, barSelector, std::nullopt, std::nullopt, honorPolicy)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-c").Label("node", "node-c").Taints(taints).Label("bar", "").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a").Node("node-a").Label("bar", "").Obj(),
                  st::MakePod().Name("p-b").Node("node-b").Label("bar", "").Obj(),
                  st::MakePod().Name("p-c").Node("node-b").Label("bar", "").Obj(),
                  st::MakePod().Name("p-d").Node("node-c").Obj(),
              },
          .want = {{.maxSkew = 1,
                    .topologyKey = "node",
                    .selector = barSelector,
                    .nodeTaintsPolicy = v1::kHonor,
                    .criticalPathMin = 0,
                    .tpValueToMatchNum = {{"node-a", 1}, {"node-b", 2}, {"node-c", 0}}}},
      },
      {
          .name = "two node inclusion Constraints, zone: honor/ignore, node: ignore/ignore",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeSelector({{"foo", ""}})
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector, std::nullopt, ignorePolicy)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Label("foo", "").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-x1").Node("node-x").Label("foo", "").Obj(),
              },
          .want =
              {
                  {.maxSkew = 1,
                   .topologyKey = "zone",
                   .selector = fooSelector,
                   .criticalPathMin = 0,
                   .tpValueToMatchNum = {{"zone1", 0}, {"zone2", 1}}},
                  {.maxSkew = 1,
                   .topologyKey = "node",
                   .selector = fooSelector,
                   .nodeAffinityPolicy = v1::kIgnore,
                   .criticalPathMin = 0,
                   .tpValueToMatchNum = {{"node-a", 0}, {"node-b", 2}, {"node-x", 1}}},
              },
      },
      {
          .name = "two node inclusion Constraints, zone: honor/honor, node: honor/ignore",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector, std::nullopt, std::nullopt, honorPolicy)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Taints(taints).Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Label("foo", "").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-x1").Node("node-x").Label("foo", "").Obj(),
              },
          .want =
              {
                  {.maxSkew = 1,
                   .topologyKey = "zone",
                   .selector = fooSelector,
                   .nodeTaintsPolicy = v1::kHonor,
                   .criticalPathMin = 0,
                   .tpValueToMatchNum = {{"zone1", 0}, {"zone2", 1}}},
                  {.maxSkew = 1,
                   .topologyKey = "node",
                   .selector = fooSelector,
                   .criticalPathMin = 0,
                   .tpValueToMatchNum = {{"node-a", 0}, {"node-b", 2}, {"node-x", 1}}},
              },
      },
      {
          .name = "two node inclusion Constraints, zone: honor/ignore, node: honor/ignore",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeSelector({{"foo", ""}})
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Label("foo", "").Taints(taints).Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-x1").Node("node-x").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .want =
              {
                  {.maxSkew = 1,
                   .topologyKey = "zone",
                   .selector = fooSelector,
                   .criticalPathMin = 0,
                   .tpValueToMatchNum = {{"zone1", 0}, {"zone2", 1}}},
                  {.maxSkew = 1,
                   .topologyKey = "node",
                   .selector = fooSelector,
                   .criticalPathMin = 0,
                   .tpValueToMatchNum = {{"node-b", 0}, {"node-x", 1}}},
              },
      },
      {
          .name = "two node inclusion Constraints, zone: ignore/ignore, node: honor/honor",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeSelector({{"foo", ""}})
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector, std::nullopt, ignorePolicy)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector, std::nullopt, std::nullopt, honorPolicy)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Label("foo", "").Taints(taints).Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Label("foo", "").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-x1").Node("node-x").Label("foo", "").Obj(),
                  st::MakePod().Name("p-x2").Node("node-x").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .want =
              {
                  {.maxSkew = 1,
                   .topologyKey = "zone",
                   .selector = fooSelector,
                   .nodeAffinityPolicy = v1::kIgnore,
                   .criticalPathMin = 2,
                   .tpValueToMatchNum = {{"zone1", 2}, {"zone2", 3}}},
                  {.maxSkew = 1,
                   .topologyKey = "node",
                   .selector = fooSelector,
                   .nodeTaintsPolicy = v1::kHonor,
                   .criticalPathMin = 1,
                   .tpValueToMatchNum = {{"node-x", 2}, {"node-y", 1}}},
              },
      },
      {
          .name = "matchLabelKeys ANDed with LabelSelector when LabelSelector isn't empty",
          .pod = st::MakePod().Name("p").Label("foo", "").Label("bar", "a")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector, std::nullopt, std::nullopt,
                                       std::nullopt, {"bar"})
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Label("bar", "a").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Label("bar", "a").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("bar", "").Obj(),
              },
          .want = {{.maxSkew = 1,
                    .topologyKey = "zone",
                    .selector = st::MakeLabelSelector().Exists("foo").Label("bar", "a").Obj(),
                    .criticalPathMin = 1,
                    .tpValueToMatchNum = {{"zone1", 1}, {"zone2", 1}}}},
      },
      {
          .name = "matchLabelKeys ANDed with LabelSelector when LabelSelector is empty",
          .pod = st::MakePod().Name("p").Label("foo", "a")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, st::MakeLabelSelector().Obj(), std::nullopt,
                                       std::nullopt, std::nullopt, {"foo"})
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "a").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "a").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "a").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "a").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "a").Obj(),
              },
          .want = {{.maxSkew = 1,
                    .topologyKey = "zone",
                    .selector = st::MakeLabelSelector().Label("foo", "a").Obj(),
                    .criticalPathMin = 2,
                    .tpValueToMatchNum = {{"zone1", 3}, {"zone2", 2}}}},
      },
      {
          .name = "key in matchLabelKeys is ignored when LabelSelector is nil when feature gate enabled",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, std::nullopt, std::nullopt, std::nullopt,
                                       std::nullopt, {"bar"})
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "a").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "a").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "a").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "a").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "a").Obj(),
              },
          .want = {{.maxSkew = 1,
                    .topologyKey = "zone",
                    .selector = std::nullopt,  // mustConvertLabelSelectorAsSelector(t, nil)
                    .criticalPathMin = 0,
                    .tpValueToMatchNum = {{"zone1", 0}, {"zone2", 0}}}},
      },
      {
          .name = "key in matchLabelKeys is ignored when it isn't exist in pod.labels",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector, std::nullopt, std::nullopt,
                                       std::nullopt, {"bar"})
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "a").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "a").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "a").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "a").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "a").Obj(),
              },
          .want = {{.maxSkew = 1,
                    .topologyKey = "zone",
                    .selector = fooSelector,
                    .criticalPathMin = 2,
                    .tpValueToMatchNum = {{"zone1", 3}, {"zone2", 2}}}},
      },
      {
          .name = "two spreadConstraints with the same topologyKey",
          .pod = st::MakePod().Name("p").Label("foo", "").Label("bar", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, barSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-x1").Node("node-x").Label("bar", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("bar", "").Obj(),
              },
          .want =
              {
                  {.maxSkew = 1,
                   .topologyKey = "zone",
                   .selector = fooSelector,
                   .criticalPathMin = 1,
                   .tpValueToMatchNum = {{"zone1", 2}, {"zone2", 1}}},
                  {.maxSkew = 1,
                   .topologyKey = "zone",
                   .selector = barSelector,
                   .criticalPathMin = 1,
                   .tpValueToMatchNum = {{"zone1", 1}, {"zone2", 3}}},
              },
      },
      {
          .name = "skip if not specified",
          .pod = st::MakePod().Name("p").Label("foo", "").Obj(),
          .nodes = {st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj()},
          .wantPrefilterStatus = Code::Skip,
      },
  };

  for (const auto& tt : tests) {
    SCOPED_TRACE(tt.name);
    Scenario objs;
    objs.services = tt.objs;
    st::PluginHarness h(tt.nodes, tt.existingPods, tt.pod, ListDefaulting(tt.defaultConstraints), objs);
    Status s = h.PreFilter();
    EXPECT_EQ(CodeName(s.code), CodeName(tt.wantPrefilterStatus)) << s.Message();
    if (!s.IsSuccess()) continue;
    ExpectPreFilterState(h, tt.want);
  }
}

// ---------------------------------------------------------------------------------------------
// TestSingleConstraint

struct FilterCase {
  std::string name{};
  v1::Pod pod{};
  std::vector<v1::Node> nodes{};
  std::vector<v1::Pod> existingPods{};
  std::map<std::string, Code> wantStatusCode{};
};

void RunFilterCases(const std::vector<FilterCase>& tests, const Release& release = Release{}) {
  Scenario extra;
  extra.release = release;
  for (const auto& tt : tests) {
    SCOPED_TRACE(tt.name + " (kube-scheduler " + KubeVersionName(release.minor) + ")");
    st::PluginHarness h(tt.nodes, tt.existingPods, tt.pod, ListDefaulting(), extra);
    Status s = h.PreFilter();
    EXPECT_TRUE(s.IsSuccess()) << "preFilter failed with status: " << CodeName(s.code) << " " << s.Message();
    ExpectFilterCodes(h, tt.wantStatusCode);
  }
}

constexpr Code Success = Code::Success;
constexpr Code Unschedulable = Code::Unschedulable;
constexpr Code UnschedulableAndUnresolvable = Code::UnschedulableAndUnresolvable;

TEST(PodTopologySpreadFiltering, TestSingleConstraint) {
  const std::vector<FilterCase> tests = {
      {
          .name = "no existing pods",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .wantStatusCode = {{"node-a", Success}, {"node-b", Success}, {"node-x", Success}, {"node-y", Success}},
      },
      {
          .name = "no existing pods, incoming pod doesn't match itself",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, barSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .wantStatusCode = {{"node-a", Success}, {"node-b", Success}, {"node-x", Success}, {"node-y", Success}},
      },
      {
          .name = "existing pods in a different namespace do not count",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Namespace("ns1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Namespace("ns2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-x1").Node("node-x").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Success},
                             {"node-b", Success},
                             {"node-x", Unschedulable},
                             {"node-y", Unschedulable}},
      },
      {
          .name = "existing pods do not match null selector",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, std::nullopt)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-x1").Node("node-x").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Success}, {"node-b", Success}, {"node-x", Success}, {"node-y", Success}},
      },
      {
          .name = "pods spread across zones as 3/3, all nodes fit",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Success}, {"node-b", Success}, {"node-x", Success}, {"node-y", Success}},
      },
      {
          // TODO(Huang-Wei): maybe document this to remind users that typos on node labels
          // can cause unexpected behavior
          .name = "pods spread across zones as 1/2 due to absence of label 'zone' on node-b",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zon", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-x1").Node("node-x").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Success},
                             {"node-b", UnschedulableAndUnresolvable},
                             {"node-x", Unschedulable},
                             {"node-y", Unschedulable}},
      },
      {
          .name = "pod cannot be scheduled as all nodes don't have label 'rack'",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "rack", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
              },
          .wantStatusCode = {{"node-a", UnschedulableAndUnresolvable}, {"node-x", UnschedulableAndUnresolvable}},
      },
      {
          .name = "pods spread across nodes as 2/1/0/3, only node-x fits",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Success},
                             {"node-y", Unschedulable}},
      },
      {
          .name = "pods spread across nodes as 2/1/0/3, maxSkew is 2, node-b and node-x fit",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(2, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Success},
                             {"node-x", Success},
                             {"node-y", Unschedulable}},
      },
      {
          // not a desired case, but it can happen
          // TODO(Huang-Wei): document this "pod-not-match-itself" case
          // in this case, placement of the new pod doesn't change pod distribution of the cluster
          // as the incoming pod doesn't have label "foo"
          .name = "pods spread across nodes as 2/1/0/3, but pod doesn't match itself",
          .pod = st::MakePod().Name("p").Label("bar", "")
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Success},
                             {"node-x", Success},
                             {"node-y", Unschedulable}},
      },
      {
          // only node-a and node-y are considered, so pods spread as 2/~1~/~0~/3
          // ps: '~num~' is a markdown symbol to denote a crossline through 'num'
          // but in this unit test, we don't run NodeAffinity/TaintToleration Predicate, so node-b and node-x are
          // still expected to be fits;
          // the fact that node-a fits can prove the underlying logic works
          .name = "incoming pod has nodeAffinity, pods spread as 2/~1~/~0~/3, hence node-a fits",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeAffinityIn("node", {"node-a", "node-y"})
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Success},
                             {"node-b", Success},  // in real case, it's false
                             {"node-x", Success},  // in real case, it's false
                             {"node-y", Unschedulable}},
      },
      {
          .name = "terminating Pods should be excluded",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a").Node("node-a").Label("foo", "").Terminating().Obj(),
                  st::MakePod().Name("p-b").Node("node-b").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Success}, {"node-b", Unschedulable}},
      },
      {
          // In this unit test, NodeAffinity plugin is not involved, so node-b still fits
          .name = "incoming pod has nodeAffinity, pods spread as 0/~2~/0/1, hence node-a fits",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeAffinityNotIn("node", {"node-b"})
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Success},
                             {"node-b", Success},  // in real case, it's Unschedulable
                             {"node-x", Unschedulable},
                             {"node-y", Unschedulable}},
      },
      {
          .name = "pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains < minDomains, then the "
                  "third node fits",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(2, "node", v1::kDoNotSchedule, fooSelector,
                                       4)  // larger than the number of domains(3)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-c").Label("node", "node-c").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-c1").Node("node-c").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable}, {"node-b", Unschedulable}, {"node-c", Success}},
      },
      {
          .name = "pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains > minDomains, then the "
                  "all nodes fit",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(2, "node", v1::kDoNotSchedule, fooSelector,
                                       2)  // smaller than the number of domains(3)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-c").Label("node", "node-c").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-c1").Node("node-c").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Success}, {"node-b", Success}, {"node-c", Success}},
      },
      {
          .name = "pods spread across zone as 2/1, maxSkew is 2 and the number of domains < minDomains, then the third "
                  "and fourth nodes fit",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(2, "zone", v1::kDoNotSchedule, fooSelector,
                                       3)  // larger than the number of domains(2)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-b1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Success},
                             {"node-y", Success}},
      },
      {
          .name = "pods spread across zone as 2/1, maxSkew is 2 and the number of domains > minDomains, then the all "
                  "nodes fit",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(2, "zone", v1::kDoNotSchedule, fooSelector,
                                       1)  // smaller than the number of domains(2)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-b1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Success}, {"node-b", Success}, {"node-x", Success}, {"node-y", Success}},
      },
      {
          // pods spread across node as 1/1/0/~0~
          .name = "NodeAffinityPolicy honored with labelSelectors",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeSelector({{"foo", ""}})
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-x").Label("node", "node-x").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-y").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-b1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Success},
                             // in real case, when we disable NodeAffinity Plugin, node-y will be success.
                             {"node-y", Success}},
      },
      {
          // pods spread across node as 1/1/0/~1~
          .name = "NodeAffinityPolicy ignored with labelSelectors",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeSelector({{"foo", ""}})
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector, std::nullopt, ignorePolicy)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-x").Label("node", "node-x").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-y").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-b1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Success},
                             {"node-y", Unschedulable}},
      },
      {
          // pods spread across node as 1/1/0/~0~
          .name = "NodeAffinityPolicy honored with nodeAffinity",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeAffinityIn("foo", {""})
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-x").Label("node", "node-x").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-y").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-b1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Success},
                             // in real case, when we disable NodeAffinity Plugin, node-y will be success.
                             {"node-y", Success}},
      },
      {
          // pods spread across node as 1/1/0/~1~
          // (upstream reuses the name of the labelSelectors case; this one uses nodeAffinity)
          .name = "NodeAffinityPolicy ignored with labelSelectors",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeAffinityIn("foo", {""})
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector, std::nullopt, ignorePolicy)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-x").Label("node", "node-x").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-y").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-b1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Success},
                             {"node-y", Unschedulable}},
      },
      {
          // pods spread across node as 1/1/0/~0~
          .name = "NodeTaintsPolicy honored",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector, std::nullopt, std::nullopt, honorPolicy)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-x").Label("node", "node-x").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-y").Label("node", "node-y").Taints(taints).Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-b1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Success},
                             // in real case, when we disable TaintToleration Plugin, node-y will be success.
                             {"node-y", Success}},
      },
      {
          // pods spread across node as 1/1/0/~1~
          .name = "NodeTaintsPolicy ignored",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-x").Label("node", "node-x").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-y").Label("node", "node-y").Taints(taints).Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-b1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b2").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Success},
                             {"node-y", Unschedulable}},
      },
  };
  RunFilterCases(tests);
}

// ---------------------------------------------------------------------------------------------
// TestMultipleConstraints

TEST(PodTopologySpreadFiltering, TestMultipleConstraints) {
  const std::vector<FilterCase> tests = {
      {
          // 1. to fulfil "zone" constraint, incoming pod can be placed on any zone (hence any node)
          // 2. to fulfil "node" constraint, incoming pod can be placed on node-x
          // intersection of (1) and (2) returns node-x
          .name = "two Constraints on zone and node, spreads = [3/3, 2/1/0/3]",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Success},
                             {"node-y", Unschedulable}},
      },
      {
          // 1. to fulfil "zone" constraint, incoming pod can be placed on zone1 (node-a or node-b)
          // 2. to fulfil "node" constraint, incoming pod can be placed on node-x
          // intersection of (1) and (2) returns no node
          .name = "two Constraints on zone and node, spreads = [3/4, 2/1/0/4]",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y4").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Unschedulable},
                             {"node-y", Unschedulable}},
      },
      {
          // 1. to fulfil "zone" constraint, incoming pod can be placed on zone2 (node-x or node-y)
          // 2. to fulfil "node" constraint, incoming pod can be placed on node-a, node-b or node-x
          // intersection of (1) and (2) returns node-x
          .name = "Constraints hold different labelSelectors, spreads = [1/0, 1/0/0/1]",
          .pod = st::MakePod().Name("p").Label("foo", "").Label("bar", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, barSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("bar", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Success},
                             {"node-y", Unschedulable}},
      },
      {
          // 1. to fulfil "zone" constraint, incoming pod can be placed on zone2 (node-x or node-y)
          // 2. to fulfil "node" constraint, incoming pod can be placed on node-a or node-b
          // intersection of (1) and (2) returns no node
          .name = "Constraints hold different labelSelectors, spreads = [1/0, 0/0/1/1]",
          .pod = st::MakePod().Name("p").Label("foo", "").Label("bar", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, barSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-x1").Node("node-x").Label("bar", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("bar", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Unschedulable},
                             {"node-y", Unschedulable}},
      },
      {
          // 1. to fulfil "zone" constraint, incoming pod can be placed on zone1 (node-a or node-b)
          // 2. to fulfil "node" constraint, incoming pod can be placed on node-b or node-x
          // intersection of (1) and (2) returns node-b
          .name = "Constraints hold different labelSelectors, spreads = [2/3, 1/0/0/1]",
          .pod = st::MakePod().Name("p").Label("foo", "").Label("bar", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, barSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Success},
                             {"node-x", Unschedulable},
                             {"node-y", Unschedulable}},
      },
      {
          // 1. pod doesn't match itself on "zone" constraint, so it can be put onto any zone
          // 2. to fulfil "node" constraint, incoming pod can be placed on node-a or node-b
          // intersection of (1) and (2) returns node-a and node-b
          .name = "Constraints hold different labelSelectors but pod doesn't match itself on 'zone' constraint",
          .pod = st::MakePod().Name("p").Label("bar", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, barSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-x1").Node("node-x").Label("bar", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("bar", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Success},
                             {"node-b", Success},
                             {"node-x", Unschedulable},
                             {"node-y", Unschedulable}},
      },
      {
          // 1. to fulfil "zone" constraint, incoming pod can be placed on any zone (hence any node)
          // 2. to fulfil "node" constraint, incoming pod can be placed on node-b (node-x doesn't have the required label)
          // intersection of (1) and (2) returns node-b
          .name = "two Constraints on zone and node, absence of label 'node' on node-x, spreads = [1/1, 1/0/0/1]",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Success},
                             {"node-x", UnschedulableAndUnresolvable},
                             {"node-y", Unschedulable}},
      },
      {
          // 1. to fulfil "zone" constraint, pods spread across zones as 2/~0~
          // 2. to fulfil "node" constraint, pods spread across zones as 1/1/0/~1~
          // intersection of (1) and (2) returns node-x
          .name = "two node inclusion Constraints, zone: honor/ignore, node: ignore/ignore",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeSelector({{"foo", ""}})
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector, std::nullopt, ignorePolicy)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Success},
                             {"node-y", Unschedulable}},
      },
      {
          // 1. to fulfil "zone" constraint, pods spread across zones as 2/0
          // 2. to fulfil "node" constraint, pods spread across zones as 1/1/0/~1~
          // intersection of (1) and (2) returns node-x
          .name = "two node inclusion Constraints, zone: honor/honor, node: honor/ignore",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector, std::nullopt, std::nullopt, honorPolicy)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Taints(taints).Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Success},
                             {"node-y", Unschedulable}},
      },
      {
          // 1. to fulfil "zone" constraint, pods spread across zones as 1/~1~
          // 2. to fulfil "node" constraint, pods spread across zones as 1/0/0/~1~
          // intersection of (1) and (2) returns node-x
          .name = "two node inclusion Constraints, zone: honor/ignore, node: honor/ignore",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeSelector({{"foo", ""}})
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Label("foo", "").Taints(taints).Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Success},
                             {"node-x", Success},
                             {"node-y", Unschedulable}},
      },
      {
          // 1. to fulfil "zone" constraint, pods spread across zones as 1/0
          // 2. to fulfil "node" constraint, pods spread across zones as 1/~1~/0/~1~
          // intersection of (1) and (2) returns node-x
          .name = "two node inclusion Constraints, zone: honor/honor, node: ignore/ignore",
          .pod = st::MakePod().Name("p").Label("foo", "")
                     .NodeSelector({{"foo", ""}})
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector, std::nullopt, std::nullopt, honorPolicy)
                     .SpreadConstraint(1, "node", v1::kDoNotSchedule, fooSelector, std::nullopt, ignorePolicy)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Label("foo", "").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Label("foo", "").Taints(taints).Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Success},
                             {"node-y", Unschedulable}},
      },
      {
          // 1. to fulfil first "zone" constraint, incoming pod can be placed on zone2 (node-x or node-y)
          // 2. to fulfil second "zone" constraint, incoming pod can be placed on any zone
          // intersection of (1) and (2) returns node-x and node-y
          .name = "two Constraints on zone, spreads = [3/3, 2/1]",
          .pod = st::MakePod().Name("p").Label("foo", "").Label("bar", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, barSelector)
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Success},
                             {"node-y", Success}},
      },
      {
          // 1. to fulfil first "zone" constraint, incoming pod can be placed on zone2 (node-x or node-y)
          // 2. to fulfil second "zone" constraint, incoming pod can be placed on zone1 (node-a or node-b)
          // intersection of (1) and (2) returns no node
          .name = "two Constraints on zone, spreads = [3/4, 2/1]",
          .pod = st::MakePod().Name("p").Label("foo", "").Label("bar", "")
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, barSelector)
                     .SpreadConstraint(1, "zone", v1::kDoNotSchedule, fooSelector)
                     .Obj(),
          .nodes =
              {
                  st::MakeNode().Name("node-a").Label("zone", "zone1").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Label("node", "node-b").Obj(),
                  st::MakeNode().Name("node-x").Label("zone", "zone2").Label("node", "node-x").Obj(),
                  st::MakeNode().Name("node-y").Label("zone", "zone2").Label("node", "node-y").Obj(),
              },
          .existingPods =
              {
                  st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Obj(),
                  st::MakePod().Name("p-b1").Node("node-b").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-y1").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y2").Node("node-y").Label("foo", "").Label("bar", "").Obj(),
                  st::MakePod().Name("p-y3").Node("node-y").Label("foo", "").Obj(),
                  st::MakePod().Name("p-y4").Node("node-y").Label("foo", "").Obj(),
              },
          .wantStatusCode = {{"node-a", Unschedulable},
                             {"node-b", Unschedulable},
                             {"node-x", Unschedulable},
                             {"node-y", Unschedulable}},
      },
  };
  RunFilterCases(tests);
}

// ---------------------------------------------------------------------------------------------
// TestPreFilterDisabled: Filter without PreFilter reports an error wrapping fwk.ErrNotFound.

TEST(PodTopologySpreadFiltering, TestPreFilterDisabled) {
  st::PluginHarness h({st::MakeNode().Name("node").Obj()}, {}, st::MakePod().Name("p").Obj(), ListDefaulting());
  Status got = h.Filter("node");
  EXPECT_EQ(CodeName(got.code), CodeName(Code::Error));
  EXPECT_NE(got.Message().find("not found"), std::string_view::npos) << got.Message();
}

// ---------------------------------------------------------------------------------------------
// Rules tied to a release or a feature gate (core/release.h): the same cases, two answers.

Release ReleaseOf(int minor, std::vector<std::pair<std::string, bool>> gates = {}) {
  Release r;
  std::string error;
  EXPECT_TRUE(MakeRelease(minor, gates, r, error)) << error;
  return r;
}

// labelSelector: {} counted no pod up to 1.37 and counts every pod of the namespace since
// kubernetes#141340 (countPodsMatchSelector tests Requirements() instead of Empty()).
TEST(PodTopologySpreadFiltering, EmptyLabelSelectorByRelease) {
  auto cases = [](Code nodeA) {
    return std::vector<FilterCase>{{
        .name = "labelSelector: {} with 2 pods on node-a, none on node-b",
        .pod = st::MakePod().Name("p").Label("foo", "").SpreadConstraint(1, "node", "DoNotSchedule",
                                                                           st::MakeLabelSelector().Obj()).Obj(),
        .nodes = {st::MakeNode().Name("node-a").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Obj()},
        .existingPods = {st::MakePod().Name("p-a1").Node("node-a").Obj(),
                         st::MakePod().Name("p-a2").Node("node-a").Label("bar", "").Obj()},
        .wantStatusCode = {{"node-a", nodeA}, {"node-b", Success}},
    }};
  };
  RunFilterCases(cases(Success), ReleaseOf(37));
  RunFilterCases(cases(Unschedulable), ReleaseOf(kMasterMinor));
}

// MatchLabelKeysInPodTopologySpread off: matchLabelKeys are ignored.
TEST(PodTopologySpreadFiltering, MatchLabelKeysFollowTheirGate) {
  auto cases = [](Code nodeA) {
    return std::vector<FilterCase>{{
        .name = "matchLabelKeys [version]: the 2 pods on node-a are of another version",
        .pod = st::MakePod().Name("p").Label("foo", "").Label("version", "v2")
                   .SpreadConstraint(1, "node", "DoNotSchedule", fooSelector, std::nullopt, std::nullopt,
                                     std::nullopt, {"version"}).Obj(),
        .nodes = {st::MakeNode().Name("node-a").Label("node", "node-a").Obj(),
                  st::MakeNode().Name("node-b").Label("node", "node-b").Obj()},
        .existingPods = {st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Label("version", "v1").Obj(),
                         st::MakePod().Name("p-a2").Node("node-a").Label("foo", "").Label("version", "v1").Obj()},
        .wantStatusCode = {{"node-a", nodeA}, {"node-b", Success}},
    }};
  };
  RunFilterCases(cases(Success), ReleaseOf(37));
  RunFilterCases(cases(Unschedulable), ReleaseOf(37, {{"MatchLabelKeysInPodTopologySpread", false}}));
}

// NodeInclusionPolicyInPodTopologySpread off (it can be, before its GA in 1.33): the
// policies are Honor and Ignore whatever the constraint says.
TEST(PodTopologySpreadFiltering, NodeInclusionPoliciesFollowTheirGate) {
  auto cases = [](Code nodeB) {
    return std::vector<FilterCase>{{
        .name = "nodeTaintsPolicy: Honor leaves the tainted node-c out of the domains",
        .pod = st::MakePod().Name("p").Label("foo", "")
                   .SpreadConstraint(1, "zone", "DoNotSchedule", fooSelector, std::nullopt, std::nullopt, honorPolicy)
                   .Obj(),
        .nodes = {st::MakeNode().Name("node-a").Label("zone", "zone1").Obj(),
                  st::MakeNode().Name("node-b").Label("zone", "zone1").Obj(),
                  st::MakeNode().Name("node-c").Label("zone", "zone2").Taints(taints).Obj()},
        .existingPods = {st::MakePod().Name("p-a1").Node("node-a").Label("foo", "").Obj()},
        .wantStatusCode = {{"node-a", nodeB}, {"node-b", nodeB}, {"node-c", Success}},
    }};
  };
  RunFilterCases(cases(Success), ReleaseOf(32));
  RunFilterCases(cases(Unschedulable), ReleaseOf(32, {{"NodeInclusionPolicyInPodTopologySpread", false}}));
}

}  // namespace
