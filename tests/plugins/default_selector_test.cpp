// Ported from kubernetes/kubernetes pkg/scheduler/framework/plugins/helper/spread_test.go:
//   TestGetPodServices at commit cb6ff2d8ce3595f88570f82c7d0e6d98910afd3c (the version
//   of kubernetes/kubernetes in the index);
//   TestDefaultSelector from the newer upstream version of the same file, read from
//   mirrors of kubernetes/kubernetes in the index (44past4/kubernetes at
//   203bfd9dead3ac7aefc4c507198e7c8f1b962ec3; identical table in jpbetz/kubernetes
//   2b17d985f747bd46083bb62566bc1938246aab2d).
// Case names are upstream's, verbatim.
//
// Adaptations:
//  * spreadlab has no GetPodServices; helper::DefaultSelector with Services only
//    is SelectorFromSet of the merged selectors of the Services GetPodServices
//    returns, so TestGetPodServices checks that selector (nil expect: the empty
//    selector). Upstream compares Service objects.
//  * Upstream compares labels.Set.String() with Selector.String(); an empty
//    selector prints "" upstream and "<everything>" in SelectorString, so
//    SelectorText() prints "" for it.
//  * Upstream adds the fake objects to one shared informer store, so they
//    accumulate from case to case; so do the scenarios here.
// Not ported: TestHasDefaultConstraintsOwnerKind (present only in the 44past4 fork;
// spreadlab has no such function).
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "core/cluster.h"
#include "core/labels.h"
#include "core/plugins/helper/spread.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using testing::MakeLabelSelector;
using testing::MakePod;

std::string SelectorText(const Selector& s, const StringPool& pool) {
  return s.Empty() ? std::string() : SelectorString(s, pool);
}

// DefaultSelector for `pod`, with `extra` holding the workload objects.
std::string DefaultSelectorOf(const v1::Pod& pod, Scenario extra) {
  extra.pods = {pod};
  Cluster cluster(std::move(extra));
  Selector s = helper::DefaultSelector(cluster.pod(0), cluster);
  return SelectorText(s, cluster.pool());
}

TEST(DefaultSelectorTest, TestGetPodServices) {
  Scenario objects;
  std::vector<std::string> serviceSelectors;
  for (int i = 0; i < 3; ++i) {
    v1::Service service;
    service.metadata.name = "service-" + std::to_string(i);
    service.metadata.ns = "test";
    service.selector = v1::LabelMap{{"app", "test-" + std::to_string(i)}};
    objects.services.push_back(service);
    serviceSelectors.push_back("app=test-" + std::to_string(i));
  }
  std::vector<v1::Pod> pods;
  for (int i = 0; i < 5; ++i) {
    pods.push_back(MakePod()
                       .Name("test-pod-" + std::to_string(i))
                       .Namespace("test")
                       .Label("app", "test-" + std::to_string(i))
                       .Label("label", "label-" + std::to_string(i))
                       .Obj());
  }

  struct Case {
    std::string name;
    v1::Pod pod;
    std::string expect;  // the selector of the expected services ("" for nil)
  };
  std::vector<Case> tests = {
      {"GetPodServices for pod-0", pods[0], serviceSelectors[0]},
      {"GetPodServices for pod-1", pods[1], serviceSelectors[1]},
      {"GetPodServices for pod-2", pods[2], serviceSelectors[2]},
      {"GetPodServices for pod-3", pods[3], ""},
      {"GetPodServices for pod-4", pods[4], ""},
  };
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    EXPECT_EQ(DefaultSelectorOf(test.pod, objects), test.expect);
  }
}

TEST(DefaultSelectorTest, TestDefaultSelector) {
  const std::string ns = "test";
  const std::string podName = "test-pod";
  const std::string serviceName = "test-service";
  const std::string replicaSetName = "test-replicaset";
  const std::string replicationControllerName = "test-replicationcontroller";
  const std::string statefulSetName = "test-statefulset";

  const std::string podLabelKey = "podLabelKey";
  const std::string podLabelVal = "podLabelVal";
  const std::string replicaSetLabelKey = "replicaSetLabelKey";
  const std::string replicaSetLabelVal = "replicaSetLabelVal";
  const std::string replicationLabelKey = "replicationLabelKey";
  const std::string replicationLabelVal = "replicationLabelVal";
  const std::string statefulSetLabelKey = "statefulSetLabelKey";
  const std::string statefulSetLabelVal = "statefulSetLabelVal";

  // The shared fake informer store.
  Scenario store;
  auto addFakeService = [&] {
    v1::Service service;
    service.metadata.name = serviceName;
    service.metadata.ns = ns;
    service.selector = v1::LabelMap{{podLabelKey, podLabelVal}};
    store.services = {service};  // Add of the same key replaces
  };
  auto addFakeReplicaSet = [&] {
    v1::ReplicaSet rs;
    rs.metadata.name = replicaSetName;
    rs.metadata.ns = ns;
    rs.selector = MakeLabelSelector().Label(replicaSetLabelKey, replicaSetLabelVal).Obj();
    store.replicaSets = {rs};
  };
  auto addFakeReplicationController = [&] {
    v1::ReplicationController rc;
    rc.metadata.name = replicationControllerName;
    rc.metadata.ns = ns;
    rc.selector = v1::LabelMap{{replicationLabelKey, replicationLabelVal}};
    store.replicationControllers = {rc};
  };
  auto addFakeStatefulSet = [&] {
    v1::StatefulSet ss;
    ss.metadata.name = statefulSetName;
    ss.metadata.ns = ns;
    ss.selector = MakeLabelSelector().Label(statefulSetLabelKey, statefulSetLabelVal).Obj();
    store.statefulSets = {ss};
  };

  auto basePod = [&] { return MakePod().Name(podName).Namespace(ns).Label(podLabelKey, podLabelVal); };

  struct Case {
    std::string name;
    v1::Pod pod;
    v1::LabelMap expect;  // labels.Set
    std::vector<std::function<void()>> addFakeResourceList;
  };
  std::vector<Case> tests = {
      {"DefaultSelector for default case", basePod().Obj(), {}, {}},
      {"DefaultSelector for no OwnerReference pod case", basePod().Obj(), {{podLabelKey, podLabelVal}}, {addFakeService}},
      {"DefaultSelector for ReplicaSet OwnerReference pod case",
       basePod().OwnerReference(replicaSetName, "apps/v1", "ReplicaSet").Obj(),
       {{podLabelKey, podLabelVal}, {replicaSetLabelKey, replicaSetLabelVal}},
       {addFakeService, addFakeReplicaSet}},
      {"DefaultSelector for ReplicationController OwnerReference pod case",
       basePod().OwnerReference(replicationControllerName, "v1", "ReplicationController").Obj(),
       {{podLabelKey, podLabelVal}, {replicationLabelKey, replicationLabelVal}},
       {addFakeService, addFakeReplicationController}},
      {"DefaultSelector for StatefulSet OwnerReference pod case",
       basePod().OwnerReference(statefulSetName, "apps/v1", "StatefulSet").Obj(),
       {{podLabelKey, podLabelVal}, {statefulSetLabelKey, statefulSetLabelVal}},
       {addFakeService, addFakeStatefulSet}},
  };
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    for (const auto& add : test.addFakeResourceList) add();
    // labels.Set.String(): "k=v" pairs sorted by key, joined by ",".
    std::string want;
    for (const auto& [k, v] : test.expect) want += (want.empty() ? "" : ",") + k + "=" + v;
    EXPECT_EQ(DefaultSelectorOf(test.pod, store), want);
  }
}

}  // namespace
}  // namespace spreadlab
