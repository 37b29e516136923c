// Ported from kubernetes/kubernetes v1.37.2
//   pkg/scheduler/framework/plugins/volumebinding/binder_test.go
//   (TestFindPodVolumesWithoutProvisioning, TestFindPodVolumesWithProvisioning,
//   TestCapacity), driven as upstream's findPodVolumes helper does:
//   GetPodVolumeClaims, an error for unbound immediate claims, then FindPodVolumes
//   on node1.
// Case names are upstream's, verbatim; each runs in upstream's CSIDriver variants
// (none, with and without capacity tracking; TestCapacity: storageCapacity true
// and false). Bindings and provisions are compared by claim and volume name.
//
// Not ported (binding is not simulated, or needs what a scenario does not model):
// TestAssumePodVolumes, TestRevertAssumedPodVolumes, TestBindAPIUpdate,
// TestCheckBindings*, TestBindPodVolumes, TestFindAssumeVolumes (the binding
// steps); TestFindPodVolumesWithCSIMigration (in-tree to CSI translation).
//
// Adaptations:
//  * upstream's GetPodVolumeClaims fails for a claim missing from its cache and for
//    an ephemeral claim the pod does not own; here the plugin's PreFilter
//    (podHasPVCs) finds those, so "shouldFail" is PreFilter rejecting the pod or
//    FindPodVolumes returning an error;
//  * makeGenericEphemeralPVC's owner reference is matched by UID upstream
//    (metav1.IsControlledBy); pod UIDs are not simulated, so the owned claim's
//    controller is the Pod "test-pod" by kind and name (VolumeIsForPod in
//    core/storage.h);
//  * in "multiple" upstream adds three CSIStorageCapacities that share the name
//    "net", so the informer's store keeps the last one added, node1Capacity; the
//    scenario holds that one;
//  * the pod is unbound (upstream's has nodeName node1; FindPodVolumes ignores it).
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/plugins/volumebinding/binder.h"
#include "core/plugins/volumebinding/volume_binding.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using testing::MakeCSIDriver;
using testing::MakeCSIStorageCapacity;
using testing::MakeNode;
using testing::MakePersistentVolume;
using testing::MakePersistentVolumeClaim;
using testing::MakePod;
using testing::MakeStorageClass;
using testing::PluginHarness;

constexpr const char* kNodeLabelKey = "nodeKey";
constexpr const char* kProvisioner = "test-provisioner";
constexpr const char* kWaitClassWithProvisioner = "waitClassWithProvisioner";
constexpr const char* kWaitClass = "waitClass";

// makeCapacity: nodeTopology selects `node` by nodeLabelKey, or every node ({}) without one.
v1::CSIStorageCapacity makeCapacity(const std::string& name, const std::string& storageClassName,
                                    const std::string& node, const std::string& capacity,
                                    const std::string& maximumVolumeSize) {
  v1::LabelSelector topology;
  if (!node.empty()) topology.matchLabels[kNodeLabelKey] = node;
  return MakeCSIStorageCapacity(name, storageClassName, topology, capacity, maximumVolumeSize);
}

enum PVCBoundState { pvcUnbound, pvcPrebound, pvcBound, pvcSelectedNode };

// makeTestPVC: in "testns", Filesystem.
v1::PersistentVolumeClaim makeTestPVC(const std::string& name, const std::string& size, const std::string& node,
                                      PVCBoundState state, const std::string& pvName, const std::string& className) {
  auto pvc = MakePersistentVolumeClaim().Name(name).Namespace("testns").Request(size).StorageClassName(className);
  if (state == pvcSelectedNode) pvc.Annotation(v1::kAnnSelectedNode, node);
  if (state == pvcBound) pvc.Annotation("pv.kubernetes.io/bind-completed", "yes");
  if (state == pvcBound || state == pvcPrebound) pvc.VolumeName(pvName);
  return pvc.Obj();
}

// makeTestPV: Available, on `node` by nodeLabelKey, bound to `boundToPVC` if given.
v1::PersistentVolume makeTestPV(const std::string& name, const std::string& node, const std::string& capacity,
                                const std::optional<v1::PersistentVolumeClaim>& boundToPVC,
                                const std::string& className) {
  auto pv = MakePersistentVolume().Name(name).Capacity(capacity).StorageClassName(className).Phase("Available");
  if (!node.empty()) pv.NodeAffinityIn(kNodeLabelKey, {node});
  if (boundToPVC) pv.ClaimRef(boundToPVC->metadata.ns, boundToPVC->metadata.name);
  return pv.Obj();
}

constexpr const char* kImmediateClass = "immediateClass";
constexpr const char* kTopoMismatchClass = "topoMismatchClass";

// newTestBinder's classes.
std::vector<v1::StorageClass> TestClasses() {
  const auto wait = v1::kVolumeBindingWaitForFirstConsumer;
  return {
      MakeStorageClass()
          .Name(kWaitClassWithProvisioner)
          .VolumeBindingMode(wait)
          .Provisioner(kProvisioner)
          .AllowedTopologies({{{kNodeLabelKey, {"node1", "reference-value"}}}})
          .Obj(),
      MakeStorageClass().Name(kImmediateClass).VolumeBindingMode(v1::kVolumeBindingImmediate).Obj(),
      MakeStorageClass().Name(kWaitClass).VolumeBindingMode(wait).Provisioner("kubernetes.io/no-provisioner").Obj(),
      MakeStorageClass()
          .Name(kTopoMismatchClass)
          .VolumeBindingMode(wait)
          .Provisioner(kProvisioner)
          .AllowedTopologies({{{kNodeLabelKey, {"reference-value"}}}})
          .Obj(),
  };
}

// What findPodVolumes returned, by name.
struct Found {
  bool failed = false;
  std::vector<std::string> reasons;
  std::vector<std::pair<std::string, std::string>> bindings;  // (claim, volume)
  std::vector<std::string> provisions;                        // claims
  // spreadlab: what FindPodVolumes recorded for the explanation (VolumeCheck), as
  // "Outcome claim [volume] [selected]".
  std::vector<std::string> checks;
};

Found FindPodVolumesOn(const v1::Pod& pod, Scenario storage) {
  PluginHarness h(
      {MakeNode().Name("node1").Label(kNodeLabelKey, "node1").Obj()}, {}, pod,
      [](Handle hd) { return std::make_unique<plugins::VolumeBinding>(hd); }, std::move(storage));
  Found out;
  const Status pre = h.PreFilter();
  if (!pre.IsSuccess() && !pre.IsSkip()) {
    out.failed = true;
    return out;
  }
  Cluster& cluster = h.cluster();
  const Scenario& s = cluster.scenario();
  const volumebinding::PodVolumeClaims claims =
      volumebinding::GetPodVolumeClaims(cluster, cluster.podSpec(h.pod().index), cluster.pool());
  std::vector<VolumeCheck> checks;
  const volumebinding::FindResult r =
      volumebinding::FindPodVolumes(cluster, claims, cluster.node(cluster.FindNode("node1")), cluster.pool(), &checks);
  out.failed = !r.error.empty();
  for (const VolumeCheck& k : checks)
    out.checks.push_back(
        std::string(VolumeOutcomeName(k.outcome)) + " " + s.persistentVolumeClaims[k.claim].metadata.name +
        (k.volume >= 0 ? " " + s.persistentVolumes[k.volume].metadata.name : "") + (k.selectedNode ? " selected" : ""));
  for (std::string_view reason : r.reasons) out.reasons.emplace_back(reason);
  for (const auto& [c, v] : r.volumes.staticBindings)
    out.bindings.emplace_back(s.persistentVolumeClaims[c].metadata.name, s.persistentVolumes[v].metadata.name);
  for (const auto& p : r.volumes.dynamicProvisions)
    out.provisions.push_back(s.persistentVolumeClaims[p.claim].metadata.name);
  return out;
}

// The pod makePod("test-pod").withNamespace("testns").withNodeName("node1").withPVCSVolume(claims) (unbound here).
v1::Pod PodWithClaims(const std::vector<v1::PersistentVolumeClaim>& claims) {
  auto pod = MakePod().Name("test-pod").Namespace("testns");
  for (const auto& c : claims) pod.PVC(c.metadata.name);
  return pod.Obj();
}

v1::Pod PodWithVolume(std::string name, std::string kind) {
  v1::Volume v;
  v.name = std::move(name);
  v.source.kind = std::move(kind);
  return MakePod().Name("test-pod").Namespace("testns").Volume(v).Obj();
}

const std::vector<std::pair<std::string, std::optional<bool>>> kCSIDrivers = {
    {"no CSIDriver", std::nullopt},
    {"CSIDriver with capacity tracking", true},
    {"CSIDriver without capacity tracking", false},
};

const v1::PersistentVolumeClaim unboundPVC = makeTestPVC("unbound-pvc", "1G", "", pvcUnbound, "", kWaitClass);
const v1::PersistentVolumeClaim unboundPVC2 = makeTestPVC("unbound-pvc2", "5G", "", pvcUnbound, "", kWaitClass);
const v1::PersistentVolumeClaim preboundPVC =
    makeTestPVC("prebound-pvc", "1G", "", pvcPrebound, "pv-node1a", kWaitClass);
const v1::PersistentVolumeClaim boundPVC = makeTestPVC("bound-pvc", "1G", "", pvcBound, "pv-bound", kWaitClass);
const v1::PersistentVolumeClaim immediateUnboundPVC =
    makeTestPVC("immediate-unbound-pvc", "1G", "", pvcUnbound, "", kImmediateClass);
const v1::PersistentVolumeClaim immediateBoundPVC =
    makeTestPVC("immediate-bound-pvc", "1G", "", pvcBound, "pv-bound-immediate", kImmediateClass);
const v1::PersistentVolumeClaim provisionedPVC =
    makeTestPVC("provisioned-pvc", "1Gi", "", pvcUnbound, "", kWaitClassWithProvisioner);
const v1::PersistentVolumeClaim noProvisionerPVC =
    makeTestPVC("no-provisioner-pvc", "1Gi", "", pvcUnbound, "", kWaitClass);
const v1::PersistentVolumeClaim topoMismatchPVC =
    makeTestPVC("topo-mismatch-pvc", "1Gi", "", pvcUnbound, "", kTopoMismatchClass);
const v1::PersistentVolumeClaim selectedNodePVC =
    makeTestPVC("provisioned-pvc", "1Gi", "node1", pvcSelectedNode, "", kWaitClassWithProvisioner);

const v1::PersistentVolume pvNode1a = makeTestPV("pv-node1a", "node1", "5G", std::nullopt, kWaitClass);
const v1::PersistentVolume pvNode1b = makeTestPV("pv-node1b", "node1", "10G", std::nullopt, kWaitClass);
const v1::PersistentVolume pvNode2 = makeTestPV("pv-node2", "node2", "1G", std::nullopt, kWaitClass);
const v1::PersistentVolume pvBound = makeTestPV("pv-bound", "node1", "1G", boundPVC, kWaitClass);
const v1::PersistentVolume pvNode1aBound = makeTestPV("pv-node1a", "node1", "5G", unboundPVC, kWaitClass);
const v1::PersistentVolume pvBoundImmediate =
    makeTestPV("pv-bound-immediate", "node1", "1G", immediateBoundPVC, kImmediateClass);
const v1::PersistentVolume pvBoundImmediateNode2 =
    makeTestPV("pv-bound-immediate", "node2", "1G", immediateBoundPVC, kImmediateClass);

// makeGenericEphemeralPVC("test-volume", owned)
v1::PersistentVolumeClaim makeGenericEphemeralPVC(const std::string& volumeName, bool owned) {
  v1::PersistentVolumeClaim pvc =
      makeTestPVC("test-pod-" + volumeName, "1G", "", pvcBound, "pv-bound", kImmediateClass);
  if (owned) pvc.metadata.controllerKind = "Pod", pvc.metadata.controllerName = "test-pod";
  return pvc;
}

struct FindCase {
  std::vector<v1::PersistentVolume> pvs;
  std::vector<v1::PersistentVolumeClaim> podPVCs;
  std::optional<std::vector<v1::PersistentVolumeClaim>> cachePVCs;  // nullopt: the pod's claims
  std::optional<v1::Pod> pod;                                       // nullopt: a pod using podPVCs
  std::vector<std::pair<std::string, std::string>> expectedBindings;
  std::vector<std::string> expectedProvisions;
  std::vector<std::string> reasons;
  bool shouldFail = false;
  bool needsCapacity = false;
  std::vector<std::string> expectedChecks;  // spreadlab: Found::checks; unchecked when empty
};

void RunFind(const std::map<std::string, FindCase>& scenarios) {
  for (const auto& [description, capacityTracking] : kCSIDrivers) {
    SCOPED_TRACE(description);
    for (const auto& [name, scenario] : scenarios) {
      SCOPED_TRACE(name);
      Scenario storage;
      storage.storageClasses = TestClasses();
      if (capacityTracking) storage.csiDrivers = {MakeCSIDriver(kProvisioner, *capacityTracking)};
      storage.persistentVolumes = scenario.pvs;
      storage.persistentVolumeClaims = scenario.cachePVCs.value_or(scenario.podPVCs);
      const Found got = FindPodVolumesOn(scenario.pod.value_or(PodWithClaims(scenario.podPVCs)), storage);
      EXPECT_EQ(got.failed, scenario.shouldFail);
      if (scenario.shouldFail) continue;
      std::vector<std::string> expectedReasons = scenario.reasons;
      std::vector<std::string> expectedProvisions = scenario.expectedProvisions;
      if (scenario.needsCapacity && capacityTracking.value_or(false)) {
        // Without CSIStorageCapacity objects, provisioning is blocked.
        expectedReasons.emplace_back(volumebinding::kErrReasonNotEnoughSpace);
        expectedProvisions.clear();
      }
      EXPECT_EQ(got.reasons, expectedReasons);
      EXPECT_EQ(got.bindings, scenario.expectedBindings);
      if (expectedReasons.empty()) EXPECT_EQ(got.provisions, expectedProvisions);
      if (scenario.expectedChecks.empty()) continue;
      std::vector<std::string> expectedChecks = scenario.expectedChecks;
      // Without CSIStorageCapacity objects, the provisioning claim lacks capacity.
      if (scenario.needsCapacity && capacityTracking.value_or(false))
        expectedChecks.back().replace(0, std::string_view("Provision").size(), "NotEnoughCapacity");
      EXPECT_EQ(got.checks, expectedChecks);
    }
  }
}

TEST(VolumeBinderTest, TestFindPodVolumesWithoutProvisioning) {
  const std::string bindConflict(volumebinding::kErrReasonBindConflict);
  std::map<std::string, FindCase> scenarios;
  scenarios["no-volumes"] = {.pod = MakePod().Name("test-pod").Namespace("testns").Obj()};
  scenarios["no-pvcs"] = {.pod = PodWithVolume("", "emptyDir")};
  scenarios["pvc-not-found"] = {
      .podPVCs = {boundPVC}, .cachePVCs = std::vector<v1::PersistentVolumeClaim>{}, .shouldFail = true};
  scenarios["bound-pvc"] = {.pvs = {pvBound}, .podPVCs = {boundPVC}};
  scenarios["bound-pvc,pv-not-exists"] = {.podPVCs = {boundPVC},
                                          .reasons = {std::string(volumebinding::kErrReasonPVNotExist)}};
  scenarios["prebound-pvc"] = {.pvs = {pvNode1aBound}, .podPVCs = {preboundPVC}, .shouldFail = true};
  scenarios["unbound-pvc,pv-same-node"] = {.pvs = {pvNode2, pvNode1a, pvNode1b},
                                           .podPVCs = {unboundPVC},
                                           .expectedBindings = {{"unbound-pvc", "pv-node1a"}}};
  scenarios["unbound-pvc,pv-different-node"] = {.pvs = {pvNode2}, .podPVCs = {unboundPVC}, .reasons = {bindConflict}};
  scenarios["two-unbound-pvcs"] = {.pvs = {pvNode1a, pvNode1b},
                                   .podPVCs = {unboundPVC, unboundPVC2},
                                   .expectedBindings = {{"unbound-pvc", "pv-node1a"}, {"unbound-pvc2", "pv-node1b"}}};
  scenarios["two-unbound-pvcs,order-by-size"] = {
      .pvs = {pvNode1a, pvNode1b},
      .podPVCs = {unboundPVC2, unboundPVC},
      .expectedBindings = {{"unbound-pvc", "pv-node1a"}, {"unbound-pvc2", "pv-node1b"}},
      .expectedChecks = {"StaticVolume unbound-pvc pv-node1a", "StaticVolume unbound-pvc2 pv-node1b"}};
  scenarios["two-unbound-pvcs,partial-match"] = {
      .pvs = {pvNode1a},
      .podPVCs = {unboundPVC, unboundPVC2},
      .expectedBindings = {{"unbound-pvc", "pv-node1a"}},
      .reasons = {bindConflict},
      .expectedChecks = {"StaticVolume unbound-pvc pv-node1a", "ProvisionerMissing unbound-pvc2"}};
  scenarios["one-bound,one-unbound"] = {.pvs = {pvBound, pvNode1a},
                                        .podPVCs = {unboundPVC, boundPVC},
                                        .expectedBindings = {{"unbound-pvc", "pv-node1a"}}};
  scenarios["one-bound,one-unbound,no-match"] = {
      .pvs = {pvBound, pvNode2}, .podPVCs = {unboundPVC, boundPVC}, .reasons = {bindConflict}};
  scenarios["one-prebound,one-unbound"] = {
      .pvs = {pvNode1a, pvNode1b}, .podPVCs = {unboundPVC, preboundPVC}, .shouldFail = true};
  scenarios["immediate-bound-pvc"] = {.pvs = {pvBoundImmediate}, .podPVCs = {immediateBoundPVC}};
  scenarios["immediate-bound-pvc-wrong-node"] = {.pvs = {pvBoundImmediateNode2},
                                                 .podPVCs = {immediateBoundPVC},
                                                 .reasons = {std::string(volumebinding::kErrReasonNodeConflict)}};
  scenarios["immediate-unbound-pvc"] = {.podPVCs = {immediateUnboundPVC}, .shouldFail = true};
  scenarios["immediate-unbound-pvc,delayed-mode-bound"] = {
      .pvs = {pvBound}, .podPVCs = {immediateUnboundPVC, boundPVC}, .shouldFail = true};
  scenarios["immediate-unbound-pvc,delayed-mode-unbound"] = {.podPVCs = {immediateUnboundPVC, unboundPVC},
                                                             .shouldFail = true};
  scenarios["generic-ephemeral,no-pvc"] = {.pod = PodWithVolume("no-such-pvc", "ephemeral"), .shouldFail = true};
  const v1::PersistentVolumeClaim correctGenericPVC = makeGenericEphemeralPVC("test-volume", true);
  const v1::PersistentVolume pvBoundGeneric = makeTestPV("pv-bound", "node1", "1G", correctGenericPVC, kWaitClass);
  scenarios["generic-ephemeral,with-pvc"] = {.pvs = {pvBoundGeneric},
                                             .cachePVCs = std::vector<v1::PersistentVolumeClaim>{correctGenericPVC},
                                             .pod = PodWithVolume("test-volume", "ephemeral")};
  scenarios["generic-ephemeral,wrong-pvc"] = {
      .pvs = {pvBoundGeneric},
      .cachePVCs = std::vector<v1::PersistentVolumeClaim>{makeGenericEphemeralPVC("test-volume", false)},
      .pod = PodWithVolume("test-volume", "ephemeral"),
      .shouldFail = true};
  RunFind(scenarios);
}

TEST(VolumeBinderTest, TestFindPodVolumesWithProvisioning) {
  const std::string bindConflict(volumebinding::kErrReasonBindConflict);
  std::map<std::string, FindCase> scenarios;
  scenarios["one-provisioned"] = {
      .podPVCs = {provisionedPVC}, .expectedProvisions = {"provisioned-pvc"}, .needsCapacity = true};
  scenarios["two-unbound-pvcs,one-matched,one-provisioned"] = {.pvs = {pvNode1a},
                                                               .podPVCs = {unboundPVC, provisionedPVC},
                                                               .expectedBindings = {{"unbound-pvc", "pv-node1a"}},
                                                               .expectedProvisions = {"provisioned-pvc"},
                                                               .needsCapacity = true};
  scenarios["one-bound,one-provisioned"] = {.pvs = {pvBound},
                                            .podPVCs = {boundPVC, provisionedPVC},
                                            .expectedProvisions = {"provisioned-pvc"},
                                            .needsCapacity = true};
  scenarios["one-binding,one-selected-node"] = {
      .pvs = {pvBound},
      .podPVCs = {boundPVC, selectedNodePVC},
      .expectedProvisions = {"provisioned-pvc"},
      .needsCapacity = true,
      .expectedChecks = {"BoundVolumeMatches bound-pvc pv-bound", "Provision provisioned-pvc selected"}};
  scenarios["immediate-unbound-pvc"] = {.podPVCs = {immediateUnboundPVC}, .shouldFail = true};
  scenarios["one-immediate-bound,one-provisioned"] = {.pvs = {pvBoundImmediate},
                                                      .podPVCs = {immediateBoundPVC, provisionedPVC},
                                                      .expectedProvisions = {"provisioned-pvc"},
                                                      .needsCapacity = true};
  scenarios["invalid-provisioner"] = {.podPVCs = {noProvisionerPVC},
                                      .reasons = {bindConflict},
                                      .expectedChecks = {"ProvisionerMissing no-provisioner-pvc"}};
  scenarios["volume-topology-unsatisfied"] = {.podPVCs = {topoMismatchPVC},
                                              .reasons = {bindConflict},
                                              .expectedChecks = {"AllowedTopologiesMismatch topo-mismatch-pvc"}};
  RunFind(scenarios);
}

TEST(VolumeBinderTest, TestCapacity) {
  // provisionedPVC = makeTestPVC("provisioned-pvc", "1Gi", "", pvcUnbound, "", "1", &waitClassWithProvisioner)
  const v1::PersistentVolumeClaim provisionedPVC = MakePersistentVolumeClaim()
                                                       .Name("provisioned-pvc")
                                                       .Namespace("testns")
                                                       .Request("1Gi")
                                                       .StorageClassName(kWaitClassWithProvisioner)
                                                       .Obj();
  const v1::CSIStorageCapacity networkAttachedCapacity = makeCapacity("net", kWaitClassWithProvisioner, "", "1Gi", "");
  const v1::CSIStorageCapacity node1Capacity = makeCapacity("net", kWaitClassWithProvisioner, "node1", "1Gi", "");

  struct Case {
    std::vector<v1::CSIStorageCapacity> capacities;
    // The capacity each dynamic provision found (its name and node), when reasons is empty.
    std::optional<v1::CSIStorageCapacity> expectedProvisionCapacity;
    std::vector<std::string> reasons;
  };
  const std::string notEnoughSpace(volumebinding::kErrReasonNotEnoughSpace);
  const std::map<std::string, Case> scenarios = {
      {"network-attached", {{networkAttachedCapacity}, networkAttachedCapacity, {}}},
      {"local-storage", {{node1Capacity}, node1Capacity, {}}},
      {"multiple", {{node1Capacity}, node1Capacity, {}}},
      {"no-storage", {{}, std::nullopt, {notEnoughSpace}}},
      {"wrong-node",
       {{makeCapacity("net", kWaitClassWithProvisioner, "node2", "1Gi", "")}, std::nullopt, {notEnoughSpace}}},
      {"wrong-storage-class", {{makeCapacity("net", kWaitClass, "node1", "1Gi", "")}, std::nullopt, {notEnoughSpace}}},
      {"insufficient-storage",
       {{makeCapacity("net", kWaitClassWithProvisioner, "node1", "1Mi", "")}, std::nullopt, {notEnoughSpace}}},
      {"insufficient-volume-size",
       {{makeCapacity("net", kWaitClassWithProvisioner, "node1", "1Gi", "1Mi")}, std::nullopt, {notEnoughSpace}}},
      {"zero-storage",
       {{makeCapacity("net", kWaitClassWithProvisioner, "node1", "0Mi", "")}, std::nullopt, {notEnoughSpace}}},
      {"zero-volume-size",
       {{makeCapacity("net", kWaitClassWithProvisioner, "node1", "", "0Mi")}, std::nullopt, {notEnoughSpace}}},
      {"nil-storage",
       {{makeCapacity("net", kWaitClassWithProvisioner, "node1", "", "")}, std::nullopt, {notEnoughSpace}}},
  };

  v1::TopologySelectorTerm term = {{kNodeLabelKey, {"node1", "reference-value"}}};
  const v1::StorageClass waitClassWithProvisioner = MakeStorageClass()
                                                        .Name(kWaitClassWithProvisioner)
                                                        .VolumeBindingMode(v1::kVolumeBindingWaitForFirstConsumer)
                                                        .Provisioner(kProvisioner)
                                                        .AllowedTopologies({term})
                                                        .Obj();
  const v1::StorageClass waitClass = MakeStorageClass()
                                         .Name(kWaitClass)
                                         .VolumeBindingMode(v1::kVolumeBindingWaitForFirstConsumer)
                                         .Provisioner("kubernetes.io/no-provisioner")
                                         .Obj();

  for (bool optIn : {true, false}) {
    SCOPED_TRACE(std::string("CSIDriver.StorageCapacity=") + (optIn ? "true" : "false"));
    for (const auto& [name, scenario] : scenarios) {
      SCOPED_TRACE(name);
      Scenario storage;
      storage.storageClasses = {waitClassWithProvisioner, waitClass};
      storage.csiDrivers = {MakeCSIDriver(kProvisioner, optIn)};
      storage.csiStorageCapacities = scenario.capacities;
      storage.persistentVolumeClaims = {provisionedPVC};
      PluginHarness h(
          {MakeNode().Name("node1").Label(kNodeLabelKey, "node1").Obj()}, {},
          MakePod().Name("test-pod").Namespace("testns").PVC("provisioned-pvc").Obj(),
          [](Handle hd) { return std::make_unique<plugins::VolumeBinding>(hd); }, storage);
      Cluster& cluster = h.cluster();
      const volumebinding::PodVolumeClaims claims =
          volumebinding::GetPodVolumeClaims(cluster, cluster.podSpec(h.pod().index), cluster.pool());
      ASSERT_TRUE(claims.unboundClaimsImmediate.empty());
      const volumebinding::FindResult got =
          volumebinding::FindPodVolumes(cluster, claims, cluster.node(cluster.FindNode("node1")), cluster.pool());

      EXPECT_EQ(got.error, "");
      const std::vector<std::string> expectedReasons = optIn ? scenario.reasons : std::vector<std::string>{};
      EXPECT_EQ(std::vector<std::string>(got.reasons.begin(), got.reasons.end()), expectedReasons);
      // Upstream leaves the provisions unchecked where the scenario has reasons; where
      // no reason is expected (optIn false included) the claim is provisioned.
      if (!expectedReasons.empty()) continue;
      ASSERT_EQ(got.volumes.dynamicProvisions.size(), 1u);
      EXPECT_EQ(cluster.scenario().persistentVolumeClaims[got.volumes.dynamicProvisions[0].claim].metadata.name,
                "provisioned-pvc");
      const int32_t found = got.volumes.dynamicProvisions[0].nodeCapacity;
      if (!optIn || !scenario.expectedProvisionCapacity) {
        EXPECT_EQ(found, -1);
      } else {
        ASSERT_GE(found, 0);
        EXPECT_EQ(cluster.scenario().csiStorageCapacities[found], *scenario.expectedProvisionCapacity);
      }
    }
  }
}

}  // namespace
}  // namespace spreadlab
