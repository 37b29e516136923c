// Ported from kubernetes/kubernetes v1.37.2
//   pkg/scheduler/framework/plugins/volumebinding/binder_test.go (TestAssumePodVolumes)
// through the plugin's Reserve: the bindings and provisions are the ones Filter found on
// node1 (upstream hands them to AssumePodVolumes directly), and what upstream reads back
// from its assume caches is read from the cluster's claims and volumes. Case names are
// upstream's, verbatim; its two "tmpupdate-failed" cases (a cache holding a newer object
// version) have no counterpart, as object versions are not simulated.
//
// Then the consequence Reserve exists for: the next pod of a batch (ScheduleAll) no longer
// finds the volume an earlier pod took.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/plugins/registry.h"
#include "core/plugins/volumebinding/volume_binding.h"
#include "core/scheduler/schedule.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using testing::MakeNode;
using testing::MakePersistentVolume;
using testing::MakePersistentVolumeClaim;
using testing::MakePod;
using testing::MakeStorageClass;
using testing::PluginHarness;

constexpr const char* kNodeLabelKey = "nodeKey";
constexpr const char* kWaitClass = "waitClass";
constexpr const char* kWaitClassWithProvisioner = "waitClassWithProvisioner";
constexpr const char* kAnnBindCompleted = "pv.kubernetes.io/bind-completed";

// makeTestPVC (namespace testns, as upstream's pod).
v1::PersistentVolumeClaim makeTestPVC(const std::string& name, const std::string& size, const std::string& boundToPV,
                                      const std::string& className) {
  auto w =
      MakePersistentVolumeClaim().Name(name).Namespace("testns").Request(size).StorageClassName(className).AccessModes(
          {v1::kReadWriteOnce});
  if (!boundToPV.empty()) w.VolumeName(boundToPV).Annotation(kAnnBindCompleted, "yes").Phase("Bound");
  return w.Obj();
}

// makeTestPV: node affinity on nodeLabelKey, phase Available; bound to a claim, with bound-by-controller.
v1::PersistentVolume makeTestPV(const std::string& name, const std::string& node, const std::string& capacity,
                                const v1::PersistentVolumeClaim* boundTo, const std::string& className) {
  auto w = MakePersistentVolume()
               .Name(name)
               .Capacity(capacity)
               .StorageClassName(className)
               .AccessModes({v1::kReadWriteOnce})
               .NodeAffinityIn(kNodeLabelKey, {node})
               .Phase("Available");
  if (boundTo) w.ClaimRef(boundTo->metadata.ns, boundTo->metadata.name);
  v1::PersistentVolume pv = w.Obj();
  if (boundTo) pv.metadata.annotations[v1::kAnnBoundByController] = "yes";
  return pv;
}

v1::Pod makeTestPod(const std::vector<v1::PersistentVolumeClaim>& claims) {
  auto pod = MakePod().Name("test-pod").Namespace("testns");
  for (const auto& c : claims) {
    v1::Volume v;
    v.name = c.metadata.name;
    v.source.kind = "persistentVolumeClaim";
    v.source.claimName = c.metadata.name;
    pod.Volume(v);
  }
  return pod.Obj();
}

Scenario Storage(std::vector<v1::PersistentVolumeClaim> claims, std::vector<v1::PersistentVolume> volumes) {
  Scenario s;
  s.storageClasses = {
      MakeStorageClass().Name(kWaitClass).VolumeBindingMode(v1::kVolumeBindingWaitForFirstConsumer).Obj(),
      MakeStorageClass()
          .Name(kWaitClassWithProvisioner)
          .Provisioner("test-provisioner")
          .VolumeBindingMode(v1::kVolumeBindingWaitForFirstConsumer)
          .Obj()};
  s.persistentVolumeClaims = std::move(claims);
  s.persistentVolumes = std::move(volumes);
  return s;
}

TEST(VolumeBindingReserveTest, TestAssumePodVolumes) {
  const v1::PersistentVolumeClaim unboundPVC = makeTestPVC("unbound-pvc", "1G", "", kWaitClass);
  const v1::PersistentVolumeClaim unboundPVC2 = makeTestPVC("unbound-pvc2", "5G", "", kWaitClass);
  const v1::PersistentVolumeClaim boundPVC = makeTestPVC("bound-pvc", "1G", "pv-bound", kWaitClass);
  const v1::PersistentVolumeClaim provisionedPVC = makeTestPVC("provisioned-pvc", "1Gi", "", kWaitClassWithProvisioner);
  const v1::PersistentVolume pvBound = makeTestPV("pv-bound", "node1", "1G", &boundPVC, kWaitClass);
  const v1::PersistentVolume pvNode1a = makeTestPV("pv-node1a", "node1", "5G", nullptr, kWaitClass);
  const v1::PersistentVolume pvNode1b = makeTestPV("pv-node1b", "node1", "10G", nullptr, kWaitClass);
  const v1::PersistentVolume pvNode1aBound = makeTestPV("pv-node1a", "node1", "5G", &unboundPVC, kWaitClass);
  const v1::PersistentVolume pvNode1bBound = makeTestPV("pv-node1b", "node1", "10G", &unboundPVC2, kWaitClass);
  v1::PersistentVolumeClaim selectedNodePVC = provisionedPVC;
  selectedNodePVC.metadata.annotations[v1::kAnnSelectedNode] = "node1";

  struct Case {
    std::string name;
    std::vector<v1::PersistentVolumeClaim> podPVCs;
    std::vector<v1::PersistentVolume> pvs;
    // After Reserve: the volumes and claims as the assume caches hold them.
    std::vector<v1::PersistentVolume> expectedPVs;
    std::vector<v1::PersistentVolumeClaim> expectedPVCs;
    size_t expectedAssumptions = 0;  // objects Reserve changed
  };
  const std::vector<Case> table = {
      {"all-bound", {boundPVC}, {pvBound}, {pvBound}, {boundPVC}, 0},
      {"one-binding", {unboundPVC}, {pvNode1a}, {pvNode1aBound}, {unboundPVC}, 1},
      {"two-bindings",
       {unboundPVC, unboundPVC2},
       {pvNode1a, pvNode1b},
       {pvNode1aBound, pvNode1bBound},
       {unboundPVC, unboundPVC2},
       2},
      {"pv-already-bound", {unboundPVC}, {pvNode1aBound}, {pvNode1aBound}, {unboundPVC}, 0},
      {"one-binding, one-pvc-provisioned",
       {unboundPVC, provisionedPVC},
       {pvNode1a},
       {pvNode1aBound},
       {unboundPVC, selectedNodePVC},
       2},
  };
  for (const Case& item : table) {
    SCOPED_TRACE(item.name);
    PluginHarness h(
        {MakeNode().Name("node1").Label(kNodeLabelKey, "node1").Obj()}, {}, makeTestPod(item.podPVCs),
        [](Handle hd) { return std::make_unique<plugins::VolumeBinding>(hd); }, Storage(item.podPVCs, item.pvs));
    const Status pre = h.PreFilter();
    ASSERT_TRUE(pre.IsSuccess()) << pre.Message();
    ASSERT_TRUE(h.Filter("node1").IsSuccess());
    auto& reserve = dynamic_cast<ReservePlugin&>(h.plugin());
    ASSERT_TRUE(reserve.Reserve(h.state(), h.pod(), 0).IsSuccess());
    const Scenario& s = h.cluster().scenario();
    ASSERT_EQ(s.persistentVolumes.size(), item.expectedPVs.size());
    for (size_t i = 0; i < item.expectedPVs.size(); ++i) {
      EXPECT_EQ(s.persistentVolumes[i].claimRef, item.expectedPVs[i].claimRef) << item.expectedPVs[i].metadata.name;
      EXPECT_EQ(s.persistentVolumes[i].metadata.annotations, item.expectedPVs[i].metadata.annotations)
          << item.expectedPVs[i].metadata.name;
    }
    for (size_t i = 0; i < item.expectedPVCs.size(); ++i)
      EXPECT_EQ(s.persistentVolumeClaims[i].metadata.annotations, item.expectedPVCs[i].metadata.annotations)
          << item.expectedPVCs[i].metadata.name;
    EXPECT_EQ(h.cluster().assumedVolumes().size(), item.expectedAssumptions);
  }
}

// Two replicas, each with its own WaitForFirstConsumer claim of a class without a
// provisioner, and one PersistentVolume that fits either: the first pod takes it on
// node1; the second, on its cycle, finds no volume left anywhere (before Reserve was
// simulated, both were placed on node1, as if each had the volume).
TEST(VolumeBindingReserveTest, ThePodsThatFollowSeeTheVolumeTaken) {
  const v1::PersistentVolumeClaim a = makeTestPVC("data-0", "1G", "", kWaitClass);
  const v1::PersistentVolumeClaim b = makeTestPVC("data-1", "1G", "", kWaitClass);
  v1::Pod p0 = makeTestPod({a}), p1 = makeTestPod({b});
  p0.metadata.name = "db-0";
  p1.metadata.name = "db-1";
  Scenario s = Storage({a, b}, {makeTestPV("pv-1", "node1", "5G", nullptr, kWaitClass)});
  for (const char* name : {"node1", "node2"})
    s.nodes.push_back(MakeNode().Name(name).Label(kNodeLabelKey, name).Capacity({{"pods", "10"}}).Obj());
  s.pods = {p0, p1};
  Cluster cluster(std::move(s));
  std::string error;
  auto framework = plugins::NewFramework(cluster, config::Profile{}, error);
  ASSERT_TRUE(framework) << error;
  const std::vector<Placement> placed = ScheduleAll(cluster, *framework);
  ASSERT_EQ(placed.size(), 2u);
  ASSERT_NE(placed[0].node, kNone) << placed[0].message;
  EXPECT_EQ(cluster.node(placed[0].node).name, "node1");
  EXPECT_EQ(placed[0].volumes, (std::vector<VolumeAssumption>{{0, 0, ""}}));
  EXPECT_EQ(placed[1].node, kNone);
  EXPECT_EQ(placed[1].message,
            "0/2 nodes are available: 2 node(s) didn't find available persistent volumes to bind. preemption: 0/2 "
            "nodes are available: 2 Preemption is not helpful for scheduling.");
  ASSERT_TRUE(cluster.scenario().persistentVolumes[0].claimRef);
  EXPECT_EQ(cluster.scenario().persistentVolumes[0].claimRef->name, "data-0");
}

// Reserve is an extension point of its own in a profile (updatePluginList): VolumeBinding
// is there through multiPoint, can be disabled there alone, and a plugin that does not
// implement it is refused in kube-scheduler's words.
TEST(VolumeBindingReserveTest, ReserveFollowsTheProfile) {
  config::Profile profile;
  profile.plugins = config::Plugins{};
  profile.plugins->reserve.disabled = {"VolumeBinding"};
  ResolvedProfile resolved;
  std::string error;
  Release release;
  ASSERT_TRUE(MakeRelease(37, {}, release, error)) << error;
  ASSERT_TRUE(ResolveProfile(plugins::InTreeRegistry(), profile, release, resolved, error)) << error;
  EXPECT_TRUE(resolved.reserve.empty());
  profile.plugins->reserve = {};
  ASSERT_TRUE(ResolveProfile(plugins::InTreeRegistry(), profile, release, resolved, error)) << error;
  EXPECT_EQ(resolved.reserve, std::vector<std::string>{"VolumeBinding"});
  profile.plugins->reserve.enabled = {{"PodTopologySpread", std::nullopt}};
  EXPECT_FALSE(ResolveProfile(plugins::InTreeRegistry(), profile, release, resolved, error));
  EXPECT_EQ(error,
            "profiles[0].plugins.reserve.enabled: plugin \"PodTopologySpread\" does not extend ReservePlugin plugin");
}

}  // namespace
}  // namespace spreadlab
