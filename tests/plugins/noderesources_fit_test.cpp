// Ported from kubernetes/kubernetes
//   pkg/scheduler/framework/plugins/noderesources/fit_test.go
//   (TestEnoughRequests, TestPreFilterDisabled, TestNotEnoughRequests,
//   TestStorageRequests, TestRestartableInitContainers, TestFitScore, TestIsFit),
//   the current generation: InsufficientResource.Unresolvable (a request above
//   the node's allocatable makes the status UnschedulableAndUnresolvable),
//   SignPod, DRA extended resources, the kube-scheduler/framework "fwk" API and
//   ktesting (newer than 903b1f7e2884a152477f870ece3460be3d5025d1; the stored
//   copy read carries no commit id). fit.go of the same generation.
// Case names are upstream's, verbatim.
//
// Not ported, and why:
//  - pod-level resources (feature not modelled): 7 cases of TestEnoughRequests
//    ("both pod-level and container-level resources fit", "pod-level cpu resource
//    not fit", "pod-level memory resource not fit", "pod-level hugepages resource
//    fit", "both pod-level and container-level hugepages resource fit",
//    "pod-level hugepages resource not fit", "one pod-level cpu resource fits and
//    all init and non-init containers resources fit") and 4 of TestIsFit.
//  - DRA extended resources (not modelled): 3 cases of TestEnoughRequests that
//    need a DeviceClass ("extended resource backed by DRA", "extended resource
//    backed by DRA, nil draManager", "extended resource was backed by Device
//    Plugin (Allocatable: 0)") and 2 of TestFitScore ("... with Extended
//    resources" with and without PreScore). The DRA-flagged cases whose outcome
//    does not depend on DRA are ported and run with the feature off.
//  - SidecarContainers disabled (the feature is GA): 1 case of
//    TestRestartableInitContainers ("not allow pod with restartable init
//    containers if sidecar containers is disabled").
//  - TestIsFit "nil node" (no nil nodes here).
//  - Queueing hints, events and pod signing (no counterpart in one cycle):
//    TestEventsToRegister, Test_isSchedulableAfterPodChange,
//    Test_isSchedulableAfterNodeChange, Test_isSchedulableAfterDeviceClassChange,
//    TestHaveAnyRequestedResourcesIncreased, TestFitSignPod.
//
// Adaptations: upstream's Filter returns one Status with every reason; here
// Status::reason is the first and Status::reasons all of them (when several).
// wantInsufficientResources is checked against what the plugin recorded for the
// node (Fit::Insufficient), which is fitsRequest's result.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/plugins/noderesources/fit.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using plugins::Fit;
using testing::MakeNode;
using testing::MakePod;
using testing::PluginHarness;

const std::string extendedResourceA = "example.com/aaa";
const std::string extendedResourceB = "example.com/bbb";
const std::string kubernetesIOResourceA = "kubernetes.io/something";
const std::string kubernetesIOResourceB = "subdomain.kubernetes.io/something";
const std::string hugePageResourceA = "hugepages-2Mi";
const std::string extendedResourceDRA = "extended.resource.dra.io/something";

// resource.NewMilliQuantity / NewQuantity
Quantity MilliQ(int64_t m) { return Quantity{(m + 999) / 1000, m}; }
Quantity Q(int64_t v) { return Quantity{v, v * 1000}; }

// framework.Resource as a test literal.
struct Res {
  int64_t milliCPU = 0;
  int64_t memory = 0;
  std::map<std::string, int64_t> scalar;
  int64_t ephemeralStorage = 0;
  int64_t pods = 0;
};

v1::ResourceList ResourceListOf(const Res& r) {
  v1::ResourceList rl{{kResourceCPU, MilliQ(r.milliCPU)},
                      {kResourceMemory, Q(r.memory)},
                      {kResourcePods, Q(r.pods)},
                      {kResourceEphemeralStorage, Q(r.ephemeralStorage)}};
  for (const auto& [n, v] : r.scalar) rl[n] = Q(v);
  return rl;
}

// newResourcePod: one container per usage, requesting it.
v1::Pod newResourcePod(const std::vector<Res>& usage) {
  v1::Pod p;
  for (const auto& r : usage) {
    v1::Container c;
    c.name = "con" + std::to_string(p.spec.containers.size());
    c.requests = ResourceListOf(r);
    p.spec.containers.push_back(std::move(c));
  }
  return p;
}
// newResourceInitPod: the same as init containers.
v1::Pod newResourceInitPod(v1::Pod pod, const std::vector<Res>& usage) {
  pod.spec.initContainers = newResourcePod(usage).spec.containers;
  return pod;
}
v1::Pod newResourceOverheadPod(v1::Pod pod, v1::ResourceList overhead) {
  pod.spec.overhead = std::move(overhead);
  return pod;
}

v1::ResourceList makeAllocatableResources(int64_t milliCPU, int64_t memory, int64_t pods, int64_t extendedA,
                                          int64_t storage, int64_t hugePageA) {
  return {{kResourceCPU, MilliQ(milliCPU)},         {kResourceMemory, Q(memory)},
          {kResourcePods, Q(pods)},                 {extendedResourceA, Q(extendedA)},
          {kResourceEphemeralStorage, Q(storage)},  {hugePageResourceA, Q(hugePageA)}};
}

std::string getErrReason(const std::string& rn) { return "Insufficient " + rn; }

PluginHarness::Factory FitFactory(config::NodeResourcesFitArgs args = {}) {
  return [args](Handle h) { return std::make_unique<Fit>(h, args); };
}

// The pods of framework.NewNodeInfo(pods...), bound to `node`.
std::vector<v1::Pod> OnNode(const std::string& node, std::vector<v1::Pod> pods) {
  for (size_t i = 0; i < pods.size(); ++i) {
    pods[i].metadata.name = "existing" + std::to_string(i);
    pods[i].spec.nodeName = node;
  }
  return pods;
}

v1::Node NodeWith(v1::ResourceList allocatable) {
  return MakeNode().Name("machine").Allocatable(std::move(allocatable)).Obj();
}

struct WantInsufficient {
  std::string resourceName;
  std::string reason;
  int64_t requested = 0, used = 0, capacity = 0;
  bool unresolvable = false;
};

// The status check: code and every reason, in order.
void ExpectStatus(const Status& got, Code wantCode, const std::vector<std::string>& wantReasons) {
  EXPECT_EQ(got.code, wantCode) << "got " << CodeName(got.code) << " want " << CodeName(wantCode);
  std::vector<std::string> gotReasons;
  for (auto r : AllReasons(got.reason, got.reasons)) gotReasons.emplace_back(r);
  EXPECT_EQ(gotReasons, wantReasons);
  if (!wantReasons.empty()) {
    EXPECT_EQ(got.reason, wantReasons.front());
  }
}

void ExpectInsufficient(std::span<const plugins::InsufficientResource> got, const std::vector<WantInsufficient>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(got[i].resourceName, want[i].resourceName);
    EXPECT_EQ(got[i].Reason(), want[i].reason);
    EXPECT_EQ(got[i].requested, want[i].requested) << want[i].resourceName;
    EXPECT_EQ(got[i].used, want[i].used) << want[i].resourceName;
    EXPECT_EQ(got[i].capacity, want[i].capacity) << want[i].resourceName;
    EXPECT_EQ(got[i].unresolvable, want[i].unresolvable) << want[i].resourceName;
  }
}

struct EnoughCase {
  v1::Pod pod;
  std::vector<v1::Pod> nodeInfoPods;  // framework.NewNodeInfo(...)
  std::string name;
  config::NodeResourcesFitArgs args;
  std::vector<WantInsufficient> wantInsufficientResources;
  Code wantCode = Code::Success;
  std::vector<std::string> wantReasons;
};

TEST(NodeResourcesFitTest, TestEnoughRequests) {
  const Res none;
  std::vector<EnoughCase> enoughPodsTests = {
      {v1::Pod{}, {newResourcePod({{10, 20}})}, "no resources requested always fits", {}, {}},
      {newResourcePod({{1, 1}}),
       {newResourcePod({{10, 20}})},
       "too many resources fails",
       {},
       {{"cpu", getErrReason("cpu"), 1, 10, 10}, {"memory", getErrReason("memory"), 1, 20, 20}},
       Code::Unschedulable,
       {getErrReason("cpu"), getErrReason("memory")}},
      {newResourceInitPod(newResourcePod({{1, 1}}), {{3, 1}}),
       {newResourcePod({{8, 19}})},
       "too many resources fails due to init container cpu",
       {},
       {{"cpu", getErrReason("cpu"), 3, 8, 10}},
       Code::Unschedulable,
       {getErrReason("cpu")}},
      {newResourceInitPod(newResourcePod({{1, 1}}), {{3, 1}, {2, 1}}),
       {newResourcePod({{8, 19}})},
       "too many resources fails due to highest init container cpu",
       {},
       {{"cpu", getErrReason("cpu"), 3, 8, 10}},
       Code::Unschedulable,
       {getErrReason("cpu")}},
      {newResourceInitPod(newResourcePod({{1, 1}}), {{1, 3}}),
       {newResourcePod({{9, 19}})},
       "too many resources fails due to init container memory",
       {},
       {{"memory", getErrReason("memory"), 3, 19, 20}},
       Code::Unschedulable,
       {getErrReason("memory")}},
      {newResourceInitPod(newResourcePod({{1, 1}}), {{1, 3}, {1, 2}}),
       {newResourcePod({{9, 19}})},
       "too many resources fails due to highest init container memory",
       {},
       {{"memory", getErrReason("memory"), 3, 19, 20}},
       Code::Unschedulable,
       {getErrReason("memory")}},
      {newResourceInitPod(newResourcePod({{1, 1}}), {{1, 1}}),
       {newResourcePod({{9, 19}})},
       "init container fits because it's the max, not sum, of containers and init containers",
       {},
       {}},
      {newResourceInitPod(newResourcePod({{1, 1}}), {{1, 1}, {1, 1}}),
       {newResourcePod({{9, 19}})},
       "multiple init containers fit because it's the max, not sum, of containers and init containers",
       {},
       {}},
      {newResourcePod({{1, 1}}), {newResourcePod({{5, 5}})}, "both resources fit", {}, {}},
      {newResourcePod({{2, 1}}),
       {newResourcePod({{9, 5}})},
       "one resource memory fits",
       {},
       {{"cpu", getErrReason("cpu"), 2, 9, 10}},
       Code::Unschedulable,
       {getErrReason("cpu")}},
      {newResourcePod({{1, 2}}),
       {newResourcePod({{5, 19}})},
       "one resource cpu fits",
       {},
       {{"memory", getErrReason("memory"), 2, 19, 20}},
       Code::Unschedulable,
       {getErrReason("memory")}},
      {newResourcePod({{5, 1}}), {newResourcePod({{5, 19}})}, "equal edge case", {}, {}},
      {newResourceInitPod(newResourcePod({{4, 1}}), {{5, 1}}),
       {newResourcePod({{5, 19}})},
       "equal edge case for init container",
       {},
       {}},
      {newResourcePod({{0, 0, {{extendedResourceA, 1}}}}), {newResourcePod({none})}, "extended resource fits", {}, {}},
      {newResourceInitPod(newResourcePod({none}), {{0, 0, {{extendedResourceA, 1}}}}),
       {newResourcePod({none})},
       "extended resource fits for init container",
       {},
       {}},
      {newResourcePod({{1, 1, {{extendedResourceA, 10}}}}),
       {newResourcePod({{0, 0, {{extendedResourceA, 0}}}})},
       "extended resource capacity enforced",
       {},
       {{extendedResourceA, getErrReason(extendedResourceA), 10, 0, 5, true}},
       Code::UnschedulableAndUnresolvable,
       {getErrReason(extendedResourceA)}},
      {newResourceInitPod(newResourcePod({none}), {{1, 1, {{extendedResourceA, 10}}}}),
       {newResourcePod({{0, 0, {{extendedResourceA, 0}}}})},
       "extended resource capacity enforced for init container",
       {},
       {{extendedResourceA, getErrReason(extendedResourceA), 10, 0, 5, true}},
       Code::UnschedulableAndUnresolvable,
       {getErrReason(extendedResourceA)}},
      {newResourcePod({{1, 1, {{extendedResourceA, 1}}}}),
       {newResourcePod({{0, 0, {{extendedResourceA, 5}}}})},
       "extended resource allocatable enforced",
       {},
       {{extendedResourceA, getErrReason(extendedResourceA), 1, 5, 5}},
       Code::Unschedulable,
       {getErrReason(extendedResourceA)}},
      {newResourceInitPod(newResourcePod({none}), {{1, 1, {{extendedResourceA, 1}}}}),
       {newResourcePod({{0, 0, {{extendedResourceA, 5}}}})},
       "extended resource allocatable enforced for init container",
       {},
       {{extendedResourceA, getErrReason(extendedResourceA), 1, 5, 5}},
       Code::Unschedulable,
       {getErrReason(extendedResourceA)}},
      {newResourcePod({{1, 1, {{extendedResourceA, 3}}}, {1, 1, {{extendedResourceA, 3}}}}),
       {newResourcePod({{0, 0, {{extendedResourceA, 2}}}})},
       "extended resource allocatable enforced for multiple containers",
       {},
       {{extendedResourceA, getErrReason(extendedResourceA), 6, 2, 5, true}},
       Code::UnschedulableAndUnresolvable,
       {getErrReason(extendedResourceA)}},
      {newResourceInitPod(newResourcePod({none}), {{1, 1, {{extendedResourceA, 3}}}, {1, 1, {{extendedResourceA, 3}}}}),
       {newResourcePod({{0, 0, {{extendedResourceA, 2}}}})},
       "extended resource allocatable admits multiple init containers",
       {},
       {}},
      {newResourceInitPod(newResourcePod({none}), {{1, 1, {{extendedResourceA, 6}}}, {1, 1, {{extendedResourceA, 3}}}}),
       {newResourcePod({{0, 0, {{extendedResourceA, 2}}}})},
       "extended resource allocatable enforced for multiple init containers",
       {},
       {{extendedResourceA, getErrReason(extendedResourceA), 6, 2, 5, true}},
       Code::UnschedulableAndUnresolvable,
       {getErrReason(extendedResourceA)}},
      {newResourcePod({{1, 1, {{extendedResourceB, 1}}}}),
       {newResourcePod({{0, 0}})},
       "extended resource allocatable enforced for unknown resource",
       {},
       {{extendedResourceB, getErrReason(extendedResourceB), 1, 0, 0, true}},
       Code::UnschedulableAndUnresolvable,
       {getErrReason(extendedResourceB)}},
      {newResourceInitPod(newResourcePod({none}), {{1, 1, {{extendedResourceB, 1}}}}),
       {newResourcePod({{0, 0}})},
       "extended resource allocatable enforced for unknown resource for init container",
       {},
       {{extendedResourceB, getErrReason(extendedResourceB), 1, 0, 0, true}},
       Code::UnschedulableAndUnresolvable,
       {getErrReason(extendedResourceB)}},
      {newResourcePod({{1, 1, {{kubernetesIOResourceA, 10}}}}),
       {newResourcePod({{0, 0}})},
       "kubernetes.io resource capacity enforced",
       {},
       {{kubernetesIOResourceA, getErrReason(kubernetesIOResourceA), 10, 0, 0, true}},
       Code::UnschedulableAndUnresolvable,
       {getErrReason(kubernetesIOResourceA)}},
      {newResourceInitPod(newResourcePod({none}), {{1, 1, {{kubernetesIOResourceB, 10}}}}),
       {newResourcePod({{0, 0}})},
       "kubernetes.io resource capacity enforced for init container",
       {},
       {{kubernetesIOResourceB, getErrReason(kubernetesIOResourceB), 10, 0, 0, true}},
       Code::UnschedulableAndUnresolvable,
       {getErrReason(kubernetesIOResourceB)}},
      {newResourcePod({{1, 1, {{hugePageResourceA, 10}}}}),
       {newResourcePod({{0, 0, {{hugePageResourceA, 0}}}})},
       "hugepages resource capacity enforced",
       {},
       {{hugePageResourceA, getErrReason(hugePageResourceA), 10, 0, 5, true}},
       Code::UnschedulableAndUnresolvable,
       {getErrReason(hugePageResourceA)}},
      {newResourceInitPod(newResourcePod({none}), {{1, 1, {{hugePageResourceA, 10}}}}),
       {newResourcePod({{0, 0, {{hugePageResourceA, 0}}}})},
       "hugepages resource capacity enforced for init container",
       {},
       {{hugePageResourceA, getErrReason(hugePageResourceA), 10, 0, 5, true}},
       Code::UnschedulableAndUnresolvable,
       {getErrReason(hugePageResourceA)}},
      {newResourcePod({{1, 1, {{hugePageResourceA, 3}}}, {1, 1, {{hugePageResourceA, 3}}}}),
       {newResourcePod({{0, 0, {{hugePageResourceA, 2}}}})},
       "hugepages resource allocatable enforced for multiple containers",
       {},
       {{hugePageResourceA, getErrReason(hugePageResourceA), 6, 2, 5, true}},
       Code::UnschedulableAndUnresolvable,
       {getErrReason(hugePageResourceA)}},
      {newResourcePod({{1, 1, {{extendedResourceB, 1}}}}),
       {newResourcePod({{0, 0}})},
       "skip checking ignored extended resource",
       {{"example.com/bbb"}, {}, {}},
       {}},
      {newResourceOverheadPod(newResourcePod({{1, 1}}), {{kResourceCPU, MilliQ(3)}, {kResourceMemory, Q(13)}}),
       {newResourcePod({{5, 5}})},
       "resources + pod overhead fits",
       {},
       {}},
      {newResourceOverheadPod(newResourcePod({{1, 1}}), {{kResourceCPU, MilliQ(1)}, {kResourceMemory, Q(15)}}),
       {newResourcePod({{5, 5}})},
       "requests + overhead does not fit for memory",
       {},
       {{"memory", getErrReason("memory"), 16, 5, 20}},
       Code::Unschedulable,
       {getErrReason("memory")}},
      {newResourcePod({{1, 1, {{extendedResourceB, 1}, {kubernetesIOResourceA, 1}}}}),
       {newResourcePod({{0, 0}})},
       "skip checking ignored extended resource via resource groups",
       {{}, {"example.com"}, {}},
       {{kubernetesIOResourceA, getErrReason(kubernetesIOResourceA), 1, 0, 0, true}},
       Code::UnschedulableAndUnresolvable,
       {getErrReason(kubernetesIOResourceA)}},
      {newResourcePod({{1, 1, {{extendedResourceA, 0}}}}),
       {newResourcePod({{0, 0, {{extendedResourceA, 6}}}})},
       "skip checking extended resource request with quantity zero via resource groups",
       {},
       {}},
      // Upstream runs this one with pod-level resources enabled; the pod sets none.
      {newResourcePod({{0, 0, {{extendedResourceA, 1}}}}),
       {newResourcePod({{20, 30, {{extendedResourceA, 1}}}})},
       "skip checking resource request with quantity zero",
       {},
       {}},
      // Upstream runs the next ones with DRAExtendedResource enabled; without a
      // DeviceClass for the resource the outcome is the same with it disabled.
      {newResourcePod({{0, 0, {{extendedResourceA, 1}}}}),
       {newResourcePod({none})},
       "extended resource backed by device plugin",
       {},
       {}},
      {newResourcePod({{1, 1, {{extendedResourceDRA, 1}}}}),
       {newResourcePod({{0, 0}})},
       "extended resource backed by DRA not enabled",
       {},
       {{extendedResourceDRA, "Insufficient extended.resource.dra.io/something", 1, 0, 0, true}},
       Code::UnschedulableAndUnresolvable,
       {getErrReason(extendedResourceDRA)}},
      {newResourcePod({{1, 1, {{extendedResourceB, 1}}}}),
       {newResourcePod({{0, 0}})},
       "extended resource NOT backed by DRA",
       {},
       {{"example.com/bbb", "Insufficient example.com/bbb", 1, 0, 0, true}},
       Code::UnschedulableAndUnresolvable,
       {getErrReason(extendedResourceB)}},
      {newResourcePod({{0, 0, {{extendedResourceA, 1}}}}),
       {newResourcePod({{0, 0, {{extendedResourceA, 0}}}})},
       "extended resource was backed by Device Plugin (Allocatable: 0), global cache",
       {},
       {}},
  };

  for (const auto& test : enoughPodsTests) {
    SCOPED_TRACE(test.name);
    config::NodeResourcesFitArgs args = test.args;  // the default scoring strategy
    v1::Pod pod = test.pod;
    pod.metadata.name = "p";
    PluginHarness hp({NodeWith(makeAllocatableResources(10, 20, 32, 5, 20, 5))},
                     OnNode("machine", test.nodeInfoPods), pod, FitFactory(args));
    Status pre = hp.PreFilter();
    EXPECT_TRUE(pre.IsSuccess()) << "prefilter failed with status: " << pre.Message();
    Status got = hp.Filter("machine");
    ExpectStatus(got, test.wantCode, test.wantReasons);
    auto& fit = dynamic_cast<Fit&>(hp.plugin());
    ExpectInsufficient(fit.Insufficient(0), test.wantInsufficientResources);
  }
}

TEST(NodeResourcesFitTest, TestPreFilterDisabled) {
  PluginHarness h({MakeNode().Name("machine").Obj()}, {}, MakePod().Name("p").Obj(), FitFactory());
  Status got = h.Filter("machine");  // PreFilter did not run
  EXPECT_EQ(got.code, Code::Error);
  EXPECT_EQ(got.Message(), "error reading \"PreFilterNodeResourcesFit\" from cycleState: not found");
}

struct NotEnoughCase {
  v1::Pod pod;
  std::vector<v1::Pod> nodeInfoPods;
  std::string name;
  Code wantCode;
  std::vector<std::string> wantReasons;
};

TEST(NodeResourcesFitTest, TestNotEnoughRequests) {
  std::vector<NotEnoughCase> notEnoughPodsTests = {
      {v1::Pod{},
       {newResourcePod({{10, 20}})},
       "even without specified resources, predicate fails when there's no space for additional pod",
       Code::Unschedulable,
       {"Too many pods"}},
      {newResourcePod({{1, 1}}),
       {newResourcePod({{5, 5}})},
       "even if both resources fit, predicate fails when there's no space for additional pod",
       Code::Unschedulable,
       {"Too many pods"}},
      {newResourcePod({{5, 1}}),
       {newResourcePod({{5, 19}})},
       "even for equal edge case, predicate fails when there's no space for additional pod",
       Code::Unschedulable,
       {"Too many pods"}},
      {newResourceInitPod(newResourcePod({{5, 1}}), {{5, 1}}),
       {newResourcePod({{5, 19}})},
       "even for equal edge case, predicate fails when there's no space for additional pod due to init container",
       Code::Unschedulable,
       {"Too many pods"}},
  };
  for (const auto& test : notEnoughPodsTests) {
    SCOPED_TRACE(test.name);
    v1::Pod pod = test.pod;
    pod.metadata.name = "p";
    PluginHarness h({NodeWith(makeAllocatableResources(10, 20, 1, 0, 0, 0))}, OnNode("machine", test.nodeInfoPods),
                    pod, FitFactory());
    Status pre = h.PreFilter();
    EXPECT_TRUE(pre.IsSuccess());
    ExpectStatus(h.Filter("machine"), test.wantCode, test.wantReasons);
  }
}

TEST(NodeResourcesFitTest, TestStorageRequests) {
  std::vector<NotEnoughCase> storagePodsTests = {
      {newResourcePod({{1, 1}}), {newResourcePod({{2, 10}})}, "empty storage requested, and pod fits",
       Code::Success, {}},
      {newResourcePod({{0, 0, {}, 25}}),
       {newResourcePod({{2, 2}})},
       "storage ephemeral local storage request exceeds allocatable",
       Code::UnschedulableAndUnresolvable,
       {getErrReason(kResourceEphemeralStorage)}},
      {newResourceInitPod(newResourcePod({{0, 0, {}, 5}}), {}),
       {newResourcePod({{2, 2, {}, 10}})},
       "ephemeral local storage is sufficient",
       Code::Success,
       {}},
      {newResourcePod({{0, 0, {}, 10}}), {newResourcePod({{2, 2}})}, "pod fits", Code::Success, {}},
  };
  for (const auto& test : storagePodsTests) {
    SCOPED_TRACE(test.name);
    v1::Pod pod = test.pod;
    pod.metadata.name = "p";
    PluginHarness h({NodeWith(makeAllocatableResources(10, 20, 32, 5, 20, 5))}, OnNode("machine", test.nodeInfoPods),
                    pod, FitFactory());
    Status pre = h.PreFilter();
    EXPECT_TRUE(pre.IsSuccess());
    ExpectStatus(h.Filter("machine"), test.wantCode, test.wantReasons);
  }
}

TEST(NodeResourcesFitTest, TestRestartableInitContainers) {
  auto newPod = [] {
    v1::Pod p;
    p.metadata.name = "p";
    v1::Container c;
    c.name = "regular";
    p.spec.containers.push_back(c);
    return p;
  };
  auto newPodWithRestartableInitContainers = [](const v1::ResourceList* request, const v1::ResourceList* sidecarRequest) {
    v1::Pod p;
    p.metadata.name = "p";
    v1::Container container;
    container.name = "regular";
    if (request) container.requests = *request;
    v1::Container sidecar;
    sidecar.name = "restartable-init";
    sidecar.restartPolicy = "Always";
    if (sidecarRequest) sidecar.requests = *sidecarRequest;
    p.spec.containers.push_back(container);
    p.spec.initContainers.push_back(sidecar);
    return p;
  };
  const v1::ResourceList cpu1{{kResourceCPU, MilliQ(1)}};
  const v1::ResourceList cpu2{{kResourceCPU, MilliQ(2)}};

  struct Case {
    std::string name;
    v1::Pod pod;
    Code wantFilterCode = Code::Success;
    std::vector<std::string> wantFilterReasons;
  };
  std::vector<Case> testCases = {
      // The SidecarContainers gate is GA: the "disabled" rows that do not depend on it are kept.
      {"allow pod without restartable init containers if sidecar containers is disabled", newPod()},
      {"allow pod without restartable init containers if sidecar containers is enabled", newPod()},
      {"allow pod with restartable init containers if sidecar containers is enabled",
       newPodWithRestartableInitContainers(nullptr, nullptr)},
      {"allow pod if the total requested resources do not exceed the node's allocatable resources",
       newPodWithRestartableInitContainers(&cpu1, &cpu1)},
      {"not allow pod if the total requested resources do exceed the node's allocatable resources",
       newPodWithRestartableInitContainers(&cpu1, &cpu2), Code::UnschedulableAndUnresolvable,
       {getErrReason(kResourceCPU)}},
  };
  for (const auto& test : testCases) {
    SCOPED_TRACE(test.name);
    PluginHarness h({NodeWith(makeAllocatableResources(2, 0, 1, 0, 0, 0))}, {}, test.pod, FitFactory());
    Status pre = h.PreFilter();
    EXPECT_TRUE(pre.IsSuccess());
    ExpectStatus(h.Filter("machine"), test.wantFilterCode, test.wantFilterReasons);
  }
}

const std::vector<config::ResourceSpec> defaultResources = {{"cpu", 1}, {"memory", 1}};

config::NodeResourcesFitArgs StrategyArgs(std::string type, std::vector<config::ResourceSpec> resources,
                                          std::vector<config::UtilizationShapePoint> shape = {}) {
  config::NodeResourcesFitArgs a;
  a.scoringStrategy.type = std::move(type);
  a.scoringStrategy.resources = std::move(resources);
  a.scoringStrategy.requestedToCapacityRatioShape = std::move(shape);
  return a;
}

TEST(NodeResourcesFitTest, TestFitScore) {
  struct Case {
    std::string name;
    v1::Pod requestedPod;
    std::vector<v1::Node> nodes;
    std::vector<v1::Pod> existingPods;
    std::vector<std::pair<std::string, int64_t>> expectedPriorities;
    config::NodeResourcesFitArgs nodeResourcesFitArgs;
    bool runPreScore = true;
  };
  auto nodes46 = [] {
    return std::vector<v1::Node>{MakeNode().Name("node1").Capacity({{"cpu", "4000"}, {"memory", "10000"}}).Obj(),
                                 MakeNode().Name("node2").Capacity({{"cpu", "6000"}, {"memory", "10000"}}).Obj()};
  };
  auto existing = [] {
    return std::vector<v1::Pod>{
        MakePod().Name("e1").Node("node1").Req({{"cpu", "2000"}, {"memory", "4000"}}).Obj(),
        MakePod().Name("e2").Node("node2").Req({{"cpu", "1000"}, {"memory", "2000"}}).Obj()};
  };
  const auto big = MakePod().Name("p").Req({{"cpu", "3000"}, {"memory", "5000"}}).Obj();
  const auto small = MakePod().Name("p").Req({{"cpu", "1000"}, {"memory", "2000"}}).Obj();
  std::vector<Case> tests = {
      {"test case for ScoringStrategy RequestedToCapacityRatio case1", big, nodes46(), existing(),
       {{"node1", 10}, {"node2", 32}},
       StrategyArgs(config::kRequestedToCapacityRatio, defaultResources, {{0, 10}, {100, 0}}), true},
      {"test case for ScoringStrategy RequestedToCapacityRatio case2", big, nodes46(), existing(),
       {{"node1", 95}, {"node2", 68}},
       StrategyArgs(config::kRequestedToCapacityRatio, defaultResources, {{0, 0}, {100, 10}}), true},
      {"test case for ScoringStrategy MostAllocated", small, nodes46(), existing(), {{"node1", 67}, {"node2", 36}},
       StrategyArgs(config::kMostAllocated, defaultResources), true},
      {"test case for ScoringStrategy LeastAllocated", small, nodes46(), existing(), {{"node1", 32}, {"node2", 63}},
       StrategyArgs(config::kLeastAllocated, defaultResources), true},
      {"test case for ScoringStrategy RequestedToCapacityRatio case1 if PreScore is not called", big, nodes46(),
       existing(), {{"node1", 10}, {"node2", 32}},
       StrategyArgs(config::kRequestedToCapacityRatio, defaultResources, {{0, 10}, {100, 0}}), false},
      {"test case for ScoringStrategy MostAllocated if PreScore is not called", small, nodes46(), existing(),
       {{"node1", 67}, {"node2", 36}}, StrategyArgs(config::kMostAllocated, defaultResources), false},
      {"test case for ScoringStrategy LeastAllocated if PreScore is not called", small, nodes46(), existing(),
       {{"node1", 32}, {"node2", 63}}, StrategyArgs(config::kLeastAllocated, defaultResources), false},
      {"test case for ScoringStrategy MostAllocated with sidecar container",
       small,
       {MakeNode().Name("node1").Capacity({{"cpu", "4000"}, {"memory", "10000"}}).Obj(),
        MakeNode().Name("node2").Capacity({{"cpu", "4000"}, {"memory", "10000"}}).Obj()},
       {MakePod()
            .Name("e1")
            .Node("node1")
            .Req({{"cpu", "1000"}, {"memory", "2000"}})
            .SidecarReq({{"cpu", "1000"}, {"memory", "2000"}})
            .Obj(),
        MakePod().Name("e2").Node("node2").Req({{"cpu", "1000"}, {"memory", "2000"}}).Obj()},
       {{"node1", 67}, {"node2", 45}},
       StrategyArgs(config::kMostAllocated, defaultResources),
       true},
      {"test case for ScoringStrategy LeastAllocated with sidecar container",
       small,
       {MakeNode().Name("node1").Capacity({{"cpu", "4000"}, {"memory", "10000"}}).Obj(),
        MakeNode().Name("node2").Capacity({{"cpu", "4000"}, {"memory", "10000"}}).Obj()},
       {MakePod()
            .Name("e1")
            .Node("node1")
            .Req({{"cpu", "1000"}, {"memory", "2000"}})
            .SidecarReq({{"cpu", "1000"}, {"memory", "2000"}})
            .Obj(),
        MakePod().Name("e2").Node("node2").Req({{"cpu", "1000"}, {"memory", "2000"}}).Obj()},
       {{"node1", 32}, {"node2", 55}},
       StrategyArgs(config::kLeastAllocated, defaultResources),
       true},
  };
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    PluginHarness h(test.nodes, test.existingPods, test.requestedPod, FitFactory(test.nodeResourcesFitArgs));
    auto& p = dynamic_cast<Fit&>(h.plugin());
    std::vector<std::pair<std::string, int64_t>> gotPriorities;
    for (const auto& n : test.nodes) {
      if (test.runPreScore) {
        std::vector<NodeIndex> all;
        for (const auto& ni : h.cluster().nodes()) all.push_back(ni.index);
        Status st = p.PreScore(h.state(), h.pod(), all, nullptr);
        EXPECT_TRUE(st.IsSuccess()) << "PreScore is expected to return success, but didn't. Got status: "
                                    << st.Message();
      }
      int64_t score = 0;
      Status st = p.Score(h.state(), h.pod(), h.cluster().node(h.cluster().FindNode(n.metadata.name)), score);
      EXPECT_TRUE(st.IsSuccess()) << "Score is expected to return success, but didn't. Got status: " << st.Message();
      gotPriorities.emplace_back(n.metadata.name, score);
    }
    EXPECT_EQ(gotPriorities, test.expectedPriorities);
  }
}

// TestIsFit: isFit(pod, node) is Fits on a NodeInfo holding only the node.
TEST(NodeResourcesFitTest, TestIsFit) {
  struct Case {
    std::string name;
    v1::Pod pod;
    v1::Node node;
    bool expected;
  };
  std::vector<Case> testCases = {
      {"insufficient resource", MakePod().Name("p").Req({{"cpu", "2"}}).Obj(),
       MakeNode().Name("machine").Capacity({{"cpu", "1"}}).Obj(), false},
      {"sufficient resource", MakePod().Name("p").Req({{"cpu", "1"}}).Obj(),
       MakeNode().Name("machine").Capacity({{"cpu", "2"}}).Obj(), true},
  };
  for (const auto& tc : testCases) {
    SCOPED_TRACE(tc.name);
    PluginHarness h({tc.node}, {}, tc.pod, FitFactory());
    EXPECT_TRUE(h.PreFilter().IsSuccess());
    EXPECT_EQ(h.Filter("machine").IsSuccess(), tc.expected);
  }
}

// spreadlab: a node with several insufficient resources keeps them all, each
// counted by kube-scheduler's FitError; the reason lists are plugin-owned and
// shared between nodes with the same reasons.
TEST(NodeResourcesFitTest, SeveralReasonsOwnedByThePlugin) {
  v1::Pod pod = newResourcePod({{11, 21, {{extendedResourceB, 1}}}});
  pod.metadata.name = "p";
  auto node = [](std::string name) {
    return MakeNode().Name(std::move(name)).Allocatable(makeAllocatableResources(10, 20, 1, 0, 0, 0)).Obj();
  };
  v1::Pod onB = newResourcePod({{0, 0}});
  onB.metadata.name = "e";
  onB.spec.nodeName = "b";
  PluginHarness h({node("a"), node("b")}, {onB}, pod, FitFactory());
  ASSERT_TRUE(h.PreFilter().IsSuccess());
  Status a = h.Filter("a");
  ExpectStatus(a, Code::UnschedulableAndUnresolvable,
               {"Insufficient cpu", "Insufficient memory", "Insufficient example.com/bbb"});
  Status b = h.Filter("b");
  ExpectStatus(b, Code::UnschedulableAndUnresolvable,
               {"Too many pods", "Insufficient cpu", "Insufficient memory", "Insufficient example.com/bbb"});
  Status a2 = h.Filter("a");
  EXPECT_EQ(a2.reasons.data(), a.reasons.data());  // interned
  auto& fit = dynamic_cast<Fit&>(h.plugin());
  ExpectInsufficient(fit.Insufficient(1), {{"pods", "Too many pods", 1, 1, 1},
                                           {"cpu", "Insufficient cpu", 11, 0, 10, true},
                                           {"memory", "Insufficient memory", 21, 0, 20, true},
                                           {extendedResourceB, "Insufficient example.com/bbb", 1, 0, 0, true}});
}

}  // namespace
}  // namespace spreadlab

namespace spreadlab {
namespace {

// The SidecarContainers gate off (1.32 allows it; fit.go's PreFilter of that release).
TEST(NodeResourcesFitTest, SidecarsRefusedWithTheirGateOff) {
  Scenario extra;
  std::string error;
  ASSERT_TRUE(MakeRelease(32, {{"SidecarContainers", false}}, extra.release, error)) << error;
  v1::Pod pod = testing::MakePod().Name("p").Obj();
  v1::Container sidecar;
  sidecar.name = "sidecar";
  sidecar.restartPolicy = "Always";
  pod.spec.initContainers.push_back(sidecar);
  testing::PluginHarness h({testing::MakeNode().Name("node").Obj()}, {}, pod,
                           [](Handle hd) { return std::make_unique<plugins::Fit>(hd, config::NodeResourcesFitArgs{}); },
                           extra);
  Status s = h.PreFilter();
  EXPECT_EQ(s.code, Code::UnschedulableAndUnresolvable);
  EXPECT_EQ(s.Message(), "Pod has a restartable init container and the SidecarContainers feature is disabled");
}

}  // namespace
}  // namespace spreadlab
