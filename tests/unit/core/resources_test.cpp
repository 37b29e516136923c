// Ported from kubernetes/kubernetes
//   staging/src/k8s.io/component-helpers/resource/helpers_test.go
//   at 0085214e563468088672cf8c50849884198a18cc (the requests half of
//   TestPodRequestsAndLimits, TestPodRequestsAndLimitsWithoutOverhead,
//   TestPodResourceRequests, TestPodLevelResourceRequests and
//   TestAggregateContainerRequestsAndLimits).
// Case names are upstream's, verbatim. Limits are not modelled (the scheduler
// does not use them), so only the expected requests are checked.
//
// Not ported, and why:
//  - in-place resize (container statuses, UseStatusResources): 7 cases of
//    TestPodResourceRequests ("resized, infeasible", "resized, infeasible &
//    in-progress", "resized, no resize status", "resized: per-resource 3-way
//    maximum", "resized, restartable init container, infeasible", "resized,
//    restartable init container, no resize status", "aggregate request resolves
//    max of sums instead of sum of maxes") and 7 of
//    TestAggregateContainerRequestsAndLimits (the status ones).
//  - of TestPodLevelResourceRequests, the rows with SkipPodLevelResources true
//    (PodLevelResources is on by default since 1.34; spreadlab models it on) and the
//    status ones; the pod-level rows are TestPodLevelResourceRequestsPodLevel below.
//  - PodResourcesOptions.Reuse (TestPodResourceRequestsReuse), limits-only tests
//    (TestPodResourceLimits, TestIsPodLevelLimitsSet), pod-level helpers
//    (TestIsPodLevelResourcesSet, TestIsSupportedPodLevelResource), DRA
//    node-allocatable claims (TestPodRequestsAndLimitsWithDRA,
//    TestPodResourceRequestsWithSharedDRAClaims, TestPodResourceLimitsWithSharedDRAClaims,
//    TestGetContainerDRAAllocations) and TestPodRequestsAndLimitsVerticalScalingWrappers.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/resources.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using testing::ParseTestQuantity;
using testing::ParseTestResources;

using RL = std::map<std::string, std::string>;

// equality.Semantic.DeepEqual on ResourceLists: same names, equal quantities.
void ExpectRequests(const v1::ResourceList& got, const RL& want) {
  std::map<std::string, std::pair<int64_t, int64_t>> g, w;
  for (const auto& [n, q] : got) g[n] = {q.value, q.milli};
  for (const auto& [n, s] : want) {
    Quantity q = ParseTestQuantity(s);
    w[n] = {q.value, q.milli};
  }
  EXPECT_EQ(g, w);
}

struct podResources {
  std::string cpuRequest, cpuLimit, memoryRequest, memoryLimit, cpuOverhead, memoryOverhead;
};

// getPod: one container and one init container with the same requests
// (limits are not modelled), and the overhead.
v1::Pod getPod(const std::string& cname, const podResources& resources) {
  v1::ResourceList requests, overhead;
  if (!resources.cpuRequest.empty()) requests[kResourceCPU] = ParseTestQuantity(resources.cpuRequest);
  if (!resources.memoryRequest.empty()) requests[kResourceMemory] = ParseTestQuantity(resources.memoryRequest);
  if (!resources.cpuOverhead.empty()) overhead[kResourceCPU] = ParseTestQuantity(resources.cpuOverhead);
  if (!resources.memoryOverhead.empty()) overhead[kResourceMemory] = ParseTestQuantity(resources.memoryOverhead);
  v1::Pod p;
  v1::Container c;
  c.name = cname;
  c.requests = requests;
  p.spec.containers.push_back(c);
  c.name = "init-" + cname;
  p.spec.initContainers.push_back(c);
  p.spec.overhead = overhead;
  return p;
}

v1::Container C(RL requests, std::string name = "", bool restartAlways = false) {
  v1::Container c;
  c.name = std::move(name);
  c.requests = ParseTestResources(requests);
  if (restartAlways) c.restartPolicy = "Always";
  return c;
}

v1::Pod PodOf(std::vector<v1::Container> containers, std::vector<v1::Container> initContainers = {},
              RL overhead = {}) {
  v1::Pod p;
  p.spec.containers = std::move(containers);
  p.spec.initContainers = std::move(initContainers);
  p.spec.overhead = ParseTestResources(overhead);
  return p;
}

TEST(ResourcesTest, TestPodRequestsAndLimits) {
  struct Case {
    v1::Pod pod;
    std::string cName;
    RL expectedRequests;
  };
  std::vector<Case> cases = {
      {getPod("foo", {"", "9"}), "just-limit-no-overhead", {}},
      {getPod("foo", {"", "", "", "", "5", "5"}), "just-overhead", {{"cpu", "5"}, {"memory", "5"}}},
      {getPod("foo", {"1", "", "10", "", "5", "5"}), "req-and-overhead", {{"cpu", "6"}, {"memory", "15"}}},
      {getPod("foo", {"1", "2", "10", "12", "5", "5"}), "all-req-lim-and-overhead", {{"cpu", "6"}, {"memory", "15"}}},
      {getPod("foo", {"1", "2", "10", "", "5", "5"}), "req-some-lim-and-overhead", {{"cpu", "6"}, {"memory", "15"}}},
  };
  for (const auto& tc : cases) {
    SCOPED_TRACE(tc.cName);
    ExpectRequests(PodRequests(tc.pod, PodRequestsOptions{}), tc.expectedRequests);
  }
}

TEST(ResourcesTest, TestPodRequestsAndLimitsWithoutOverhead) {
  struct Case {
    v1::Pod pod;
    std::string name;
    RL expectedRequests;
  };
  std::vector<Case> cases = {
      {PodOf({C({{"cpu", "1"}, {"memory", "5"}}, "foobar"), C({{"cpu", "4"}, {"memory", "12"}}, "foobar2")}),
       "two container no overhead - should just be sum of containers",
       {{"cpu", "5"}, {"memory", "17"}}},
      {PodOf({C({{"cpu", "1"}, {"memory", "5"}}, "foobar"), C({{"cpu", "4"}, {"memory", "12"}}, "foobar2")}, {},
             {{"cpu", "3"}, {"memory", "8"}}),
       "two container with overhead - shouldn't consider overhead",
       {{"cpu", "5"}, {"memory", "17"}}},
      {PodOf({C({{"cpu", "1"}, {"memory", "5"}}, "foobar"), C({{"cpu", "4"}, {"memory", "12"}}, "foobar2")},
             {C({{"cpu", "1"}, {"memory", "5"}}, "small-init"), C({{"cpu", "40"}, {"memory", "120"}}, "big-init")},
             {{"cpu", "3"}, {"memory", "8"}}),
       "two container with overhead, massive init - should just be the largest init",
       {{"cpu", "40"}, {"memory", "120"}}},
  };
  for (const auto& tc : cases) {
    SCOPED_TRACE(tc.name);
    PodRequestsOptions opts;
    opts.excludeOverhead = true;
    ExpectRequests(PodRequests(tc.pod, opts), tc.expectedRequests);
  }
}

TEST(ResourcesTest, TestPodResourceRequests) {
  struct Case {
    std::string description;
    bool excludeOverhead = false;
    RL overhead;
    std::vector<v1::Container> initContainers;
    std::vector<v1::Container> containers;
    RL expectedRequests;
  };
  std::vector<Case> testCases = {
      {"nil options, larger init container", false, {}, {C({{"cpu", "4"}})}, {C({{"cpu", "1"}})}, {{"cpu", "4"}}},
      {"nil options, larger containers", false, {}, {C({{"cpu", "2"}})}, {C({{"cpu", "2"}}), C({{"cpu", "3"}})},
       {{"cpu", "5"}}},
      {"pod overhead excluded", true, {{"cpu", "1"}}, {C({{"cpu", "2"}})}, {C({{"cpu", "2"}}), C({{"cpu", "3"}})},
       {{"cpu", "5"}}},
      {"pod overhead included", false, {{"cpu", "1"}, {"memory", "1Gi"}}, {C({{"cpu", "2"}})},
       {C({{"cpu", "2"}}), C({{"cpu", "3"}})}, {{"cpu", "6"}, {"memory", "1Gi"}}},
      // UseStatusResources false: the container statuses (not modelled) are ignored.
      {"resized, infeasible, but don't use status", false, {}, {}, {C({{"cpu", "4"}}, "container-1")}, {{"cpu", "4"}}},
      {"resized, restartable init container, infeasible, but don't use status", false, {},
       {C({{"cpu", "4"}}, "restartable-init-1", true)}, {}, {{"cpu", "4"}}},
      // restartable init + regular container
      {"restartable init container", false, {}, {C({{"cpu", "1"}}, "restartable-init-1", true)},
       {C({{"cpu", "1"}}, "container-1")}, {{"cpu", "2"}}},
      // max(5, restartable init containers(3+2+1) + regular(1)) = 7
      {"multiple restartable init containers", false, {},
       {C({{"cpu", "5"}}, "init-1"), C({{"cpu", "1"}}, "restartable-init-1", true),
        C({{"cpu", "2"}}, "restartable-init-2", true), C({{"cpu", "3"}}, "restartable-init-3", true)},
       {C({{"cpu", "1"}}, "container-1")}, {{"cpu", "7"}}},
      // init-2 requires 5 + the previously running restartable init
      // containers(1+2) = 8, the restartable init container that starts
      // after it doesn't count
      {"multiple restartable and regular init containers", false, {},
       {C({{"cpu", "5"}}, "init-1"), C({{"cpu", "1"}}, "restartable-init-1", true),
        C({{"cpu", "2"}}, "restartable-init-2", true), C({{"cpu", "5"}}, "init-2"),
        C({{"cpu", "3"}}, "restartable-init-3", true)},
       {C({{"cpu", "1"}}, "container-1")}, {{"cpu", "8"}}},
      {"restartable-init, init and regular", false, {},
       {C({{"cpu", "10"}}, "restartable-init-1", true), C({{"cpu", "200"}}, "init-1")},
       {C({{"cpu", "100"}}, "container-1")}, {{"cpu", "210"}}},
  };
  for (const auto& tc : testCases) {
    SCOPED_TRACE(tc.description);
    PodRequestsOptions opts;
    opts.excludeOverhead = tc.excludeOverhead;
    ExpectRequests(PodRequests(PodOf(tc.containers, tc.initContainers, tc.overhead), opts), tc.expectedRequests);
  }
}

// The cases that set no pod-level resources (SkipPodLevelResources then makes
// no difference).
TEST(ResourcesTest, TestPodLevelResourceRequests) {
  struct Case {
    std::string name;
    std::vector<v1::Container> initContainers;
    std::vector<v1::Container> containers;
    RL expectedRequests;
  };
  std::vector<Case> testCases = {
      {"nil", {}, {}, {}},
      {"only container level resources set with SkipPodLevelResources false", {},
       {C({{"memory", "3Mi"}, {"cpu", "2m"}})}, {{"memory", "3Mi"}, {"cpu", "2m"}}},
      {"container-level resources and init container set with SkipPodLevelResources false",
       {C({{"memory", "5Mi"}, {"cpu", "4m"}})}, {C({{"memory", "3Mi"}, {"cpu", "2m"}})},
       {{"memory", "5Mi"}, {"cpu", "4m"}}},
      // Upstream's second row of that name runs with SkipPodLevelResources true.
      {"container-level resources and init container set with SkipPodLevelResources false",
       {C({{"memory", "5Mi"}, {"cpu", "4m"}})}, {C({{"memory", "3Mi"}, {"cpu", "2m"}})},
       {{"memory", "5Mi"}, {"cpu", "4m"}}},
      {"container-level resources and sidecar container set with SkipPodLevelResources false",
       {C({{"memory", "5Mi"}, {"cpu", "4m"}}, "", true)}, {C({{"memory", "3Mi"}, {"cpu", "2m"}})},
       {{"memory", "8Mi"}, {"cpu", "6m"}}},
      {"container-level resources, init and sidecar container set with SkipPodLevelResources false",
       {C({{"memory", "5Mi"}, {"cpu", "4m"}}, "", true), C({{"memory", "6Mi"}, {"cpu", "8m"}})},
       {C({{"memory", "3Mi"}, {"cpu", "2m"}})}, {{"memory", "11Mi"}, {"cpu", "12m"}}},
  };
  for (const auto& tc : testCases) {
    SCOPED_TRACE(tc.name);
    ExpectRequests(PodRequests(PodOf(tc.containers, tc.initContainers), PodRequestsOptions{}), tc.expectedRequests);
  }
}

TEST(ResourcesTest, TestAggregateContainerRequestsAndLimits) {
  struct Case {
    std::vector<v1::Container> containers;
    std::vector<v1::Container> initContainers;
    std::string name;
    RL expectedRequests;
  };
  // Containers with only limits request nothing.
  std::vector<Case> cases = {
      {{C({})}, {}, "one container with limits", {}},
      {{C({}), C({})}, {}, "two containers with limits", {}},
      {{C({{"cpu", "9"}})}, {}, "one container with requests", {{"cpu", "9"}}},
      {{C({{"cpu", "9"}}), C({{"cpu", "9"}})}, {}, "two containers with requests", {{"cpu", "18"}}},
      {{C({{"cpu", "9"}})}, {C({{"cpu", "9"}})}, "regular and init containers with requests", {{"cpu", "9"}}},
      {{C({{"cpu", "9"}})},
       {C({{"cpu", "8"}}, "", true), C({{"cpu", "6"}})},
       "regular, init and sidecar containers with requests",
       {{"cpu", "17"}}},
      {{C({})}, {C({})}, "regular and init containers with limits", {}},
      {{C({})}, {C({}, "", true), C({})}, "regular, init and sidecar containers with limits", {}},
  };
  for (const auto& tc : cases) {
    SCOPED_TRACE(tc.name);
    // AggregateContainerRequests is PodRequests without the overhead (none here).
    ExpectRequests(PodRequests(PodOf(tc.containers, tc.initContainers), PodRequestsOptions{}), tc.expectedRequests);
  }
}

// spreadlab: schedutil.IsScalarResourceName and v1helper.IsExtendedResourceName
// on the names the noderesources tests use, and CalculateResource's non-zero
// requests (PodInfo.CalculateResource).
TEST(ResourcesTest, ResourceNameClasses) {
  struct Case {
    std::string name;
    bool extended, scalar;
  };
  std::vector<Case> cases = {
      {"cpu", false, false},
      {"memory", false, false},
      {"ephemeral-storage", false, false},
      {"pods", false, false},
      {"example.com/aaa", true, true},
      {"nvidia.com/gpu", true, true},
      {"kubernetes.io/something", false, true},
      {"subdomain.kubernetes.io/something", false, true},
      {"hugepages-2Mi", false, true},
      {"attachable-volumes-aws-ebs", false, true},
      {"requests.example.com/aaa", false, false},
      {"Example.com/aaa", false, false},  // the prefix must be a DNS subdomain
      {"example.com/a/b", false, false},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(IsExtendedResourceName(c.name), c.extended);
    EXPECT_EQ(IsScalarResourceName(c.name), c.scalar);
  }
}

TEST(ResourcesTest, CalculateResourceNonZero) {
  v1::Pod p = PodOf({C({}), C({{"cpu", "1"}, {"memory", "0"}})}, {C({{"cpu", "3"}})}, {{"memory", "1Mi"}});
  PodResources r = CalculateResource(p, Release{});
  EXPECT_EQ(r.requests.milliCPU, 3000);
  EXPECT_EQ(r.requests.memory, 1048576);
  // cpu: max(100m + 1, init 3) = 3; memory: 200Mi (missing) + 0 (explicit) + 1Mi overhead.
  EXPECT_EQ(r.nonZeroMilliCPU, 3000);
  EXPECT_EQ(r.nonZeroMemory, kDefaultMemoryRequest + 1048576);
}

// Before 1.32 (kubernetes#127878) a sidecar's request was not added to the containers' in
// the non-zero sums that LeastAllocated and MostAllocated score: 100m and a 500m sidecar
// made max(100m, 500m), 600m since.
TEST(ResourcesTest, CalculateResourceNonZeroSidecarsByRelease) {
  v1::Pod p = PodOf({C({{"cpu", "100m"}})}, {C({{"cpu", "500m"}}, "", true)});
  Release r131;
  std::string error;
  ASSERT_TRUE(MakeRelease(31, {}, r131, error)) << error;
  EXPECT_EQ(CalculateResource(p, Release{}).nonZeroMilliCPU, 600);
  EXPECT_EQ(CalculateResource(p, r131).nonZeroMilliCPU, 500);
  EXPECT_EQ(CalculateResource(p, r131).requests.milliCPU, 600);  // the requests themselves always summed it
  EXPECT_EQ(CalculateResource(p, r131).nonZeroMemory, kDefaultMemoryRequest);
}

}  // namespace
}  // namespace spreadlab

namespace spreadlab {
namespace {

// TestPodLevelResourceRequests, the rows that set pod-level resources: spec.resources.requests
// replace the containers' requests for cpu and memory unless SkipPodLevelResources (the
// PodLevelResources gate off, before 1.34); unsupported pod-level names are ignored.
TEST(ResourcesTest, TestPodLevelResourceRequestsPodLevel) {
  struct Case {
    std::string name;
    RL podRequests;
    std::vector<v1::Container> initContainers;
    std::vector<v1::Container> containers;
    RL expectedRequests;
    bool skipPodLevelResources = false;
  };
  std::vector<Case> testCases = {
      {"pod level memory resource with SkipPodLevelResources true", {{"memory", "2Mi"}}, {}, {}, {}, true},
      {"pod level memory resource with SkipPodLevelResources false", {{"memory", "2Mi"}}, {}, {}, {{"memory", "2Mi"}}},
      {"pod level memory and container level cpu resources with SkipPodLevelResources false", {{"memory", "2Mi"}}, {},
       {C({{"cpu", "2m"}})}, {{"memory", "2Mi"}, {"cpu", "2m"}}},
      {"pod level unsupported resources set at both pod-level and container-level with SkipPodLevelResources false",
       {{"storage", "2Mi"}}, {}, {C({{"storage", "3Mi"}})}, {{"storage", "3Mi"}}},
      {"pod level unsupported resources set at pod-level with SkipPodLevelResources false", {{"storage", "2Mi"}}, {},
       {C({{"memory", "3Mi"}})}, {{"memory", "3Mi"}}},
      {"both container-level and pod-level resources set with SkipPodLevelResources false",
       {{"memory", "6Mi"}, {"cpu", "8m"}}, {}, {C({{"memory", "3Mi"}, {"cpu", "2m"}})},
       {{"memory", "6Mi"}, {"cpu", "8m"}}},
      {"pod-level resources, container-level resources, init and sidecar container set with SkipPodLevelResources "
       "false",
       {{"memory", "15Mi"}, {"cpu", "18m"}},
       {C({{"memory", "5Mi"}, {"cpu", "4m"}}, "", true), C({{"memory", "6Mi"}, {"cpu", "8m"}})},
       {C({{"memory", "3Mi"}, {"cpu", "2m"}})},
       {{"memory", "15Mi"}, {"cpu", "18m"}}},
  };
  for (const auto& tc : testCases) {
    SCOPED_TRACE(tc.name);
    v1::Pod pod = PodOf(tc.containers, tc.initContainers);
    pod.spec.podRequests = ParseTestResources(tc.podRequests);
    PodRequestsOptions opts;
    opts.skipPodLevelResources = tc.skipPodLevelResources;
    ExpectRequests(PodRequests(pod, opts), tc.expectedRequests);
  }
}

// The API server's defaulting (v1 SetDefaults_Pod, defaultPodRequests): a container's
// request defaults to its limit; pod-level limits give pod-level requests, from the
// containers' requests where they have them, else from the limits.
TEST(ResourcesTest, DefaultsRequestsFromLimits) {
  v1::Pod pod;
  v1::Container c;
  c.limits = ParseTestResources({{"cpu", "2"}, {"memory", "1Gi"}});
  c.requests = ParseTestResources({{"memory", "512Mi"}});
  pod.spec.containers.push_back(c);
  DefaultPodResources(pod);
  EXPECT_EQ(pod.spec.containers[0].requests.at("cpu").milli, 2000);
  EXPECT_EQ(pod.spec.containers[0].requests.at("memory").value, 512LL << 20);  // an explicit request stays

  v1::Pod podLevel;
  v1::Container bare;
  bare.requests = ParseTestResources({{"memory", "100Mi"}});
  podLevel.spec.containers.push_back(bare);
  podLevel.spec.podLimits = ParseTestResources({{"cpu", "4"}, {"memory", "1Gi"}});
  DefaultPodResources(podLevel);
  EXPECT_EQ(podLevel.spec.podRequests.at("cpu").milli, 4000);            // no container asks cpu: the limit
  EXPECT_EQ(podLevel.spec.podRequests.at("memory").value, 100LL << 20);  // the containers' effective request
  ExpectRequests(PodRequests(podLevel, PodRequestsOptions{}), {{"cpu", "4"}, {"memory", "100Mi"}});
}

}  // namespace
}  // namespace spreadlab
