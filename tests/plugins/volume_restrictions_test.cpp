// Ported from kubernetes/kubernetes v1.37.2
//   pkg/scheduler/framework/plugins/volumerestrictions/volume_restrictions_test.go
//   (TestGCEDiskConflicts, TestAWSDiskConflicts, TestRBDDiskConflicts,
//   TestISCSIDiskConflicts, TestAccessModeConflicts).
// Case names are upstream's, verbatim; statuses and reasons are compared exactly.
//
// Not ported:
//  * Test_isSchedulableAfterAssignedPodDeleted, Test_isSchedulableAfterPersistentVolumeClaimChange
//    (queueing hints: a single-cycle simulator has no scheduling queue);
//  * TestVolumeRestrictions_DeferredResizeSkipped (pods whose in-place resize is
//    deferred: the scenario API has no pod resizes).
//
// Adaptations: upstream's framework.NewNodeInfo(pods...) is a node "node-1" with
// those pods bound (in TestAccessModeConflicts the same pods are the snapshot's,
// existingPods); the pod being scheduled is unbound. Upstream's pods without a
// name get one here ("pod", "existing"), as a scenario's pods are named.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "core/plugins/volumerestrictions/volume_restrictions.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using plugins::VolumeRestrictions;
using testing::MakeNode;
using testing::MakePersistentVolumeClaim;
using testing::MakePod;
using testing::PluginHarness;

PluginHarness::Factory Factory() {
  return [](Handle h) { return std::make_unique<VolumeRestrictions>(h); };
}

struct Want {
  Code code;
  std::string reason;
};

struct ConflictCase {
  v1::Pod pod;
  std::vector<v1::Pod> nodeInfo;  // pods on node "node-1"
  std::string name;
  std::optional<Want> preFilterWantStatus;  // nullopt: success
  std::optional<Want> wantStatus;           // nullopt: success
  // spreadlab: what Filter recorded for the explanation (VolumeCheck), as
  // "Outcome podVolume pod".
  std::vector<std::string> wantVolumes;
};

const Want kSkip{Code::Skip, ""};
const Want kErrStatus{Code::Unschedulable, std::string(VolumeRestrictions::kErrReasonDiskConflict)};

void ExpectStatus(const char* what, const Status& got, const std::optional<Want>& want) {
  SCOPED_TRACE(what);
  if (!want) {
    EXPECT_TRUE(got.IsSuccess()) << CodeName(got.code) << ": " << got.Message();
    return;
  }
  EXPECT_EQ(got.code, want->code);
  EXPECT_EQ(got.Message(), want->reason);
}

void RunTests(const std::vector<ConflictCase>& tests, const Scenario& storage = {}) {
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    PluginHarness h({MakeNode().Name("node-1").Obj()}, test.nodeInfo, test.pod, Factory(), storage);
    ExpectStatus("PreFilter", h.PreFilter(), test.preFilterWantStatus);
    // If PreFilter fails, then Filter will not run.
    if (test.preFilterWantStatus) continue;
    ExpectStatus("Filter", h.Filter("node-1"), test.wantStatus);
    std::vector<std::string> got;
    for (const VolumeCheck& k : h.trace().volumeChecks)
      got.push_back(std::string(VolumeOutcomeName(k.outcome)) + " " + std::to_string(k.podVolume) + " " +
                    h.cluster().pod(k.pod).key);
    EXPECT_EQ(got, test.wantVolumes);
  }
}

v1::Pod pod() { return MakePod().Name("pod").Obj(); }
v1::Pod podWith(const v1::Volume& v) { return MakePod().Name("pod").Volume(v).Obj(); }
v1::Pod existingWith(const v1::Volume& v) { return MakePod().Name("existing").Node("node-1").Volume(v).Obj(); }

// The four disk tables share their cases; only the volumes differ.
std::vector<ConflictCase> DiskCases(const v1::Volume& volState, const v1::Volume& volState2) {
  return {
      {pod(), {}, "nothing", kSkip, std::nullopt},
      {pod(), {existingWith(volState)}, "one state", kSkip, std::nullopt},
      {podWith(volState),
       {existingWith(volState)},
       "same state",
       std::nullopt,
       kErrStatus,
       {"DiskConflict 0 default/existing"}},
      {podWith(volState2), {existingWith(volState)}, "different state", std::nullopt, std::nullopt},
  };
}

v1::Volume GCEDisk(std::string pdName) {
  v1::Volume v;
  v.source.kind = "gcePersistentDisk";
  v.source.id = std::move(pdName);
  return v;
}

TEST(VolumeRestrictionsTest, TestGCEDiskConflicts) {
  const v1::Volume volState = GCEDisk("foo");
  const v1::Volume volState2 = GCEDisk("bar");
  v1::Volume volWithNoRestriction;
  volWithNoRestriction.name = "volume with no restriction";
  std::vector<ConflictCase> tests = DiskCases(volState, volState2);
  tests.push_back(
      {podWith(volWithNoRestriction), {}, "pod with a volume that doesn't have restrictions", kSkip, std::nullopt});
  RunTests(tests);
}

TEST(VolumeRestrictionsTest, TestAWSDiskConflicts) {
  v1::Volume volState, volState2;
  volState.source.kind = volState2.source.kind = "awsElasticBlockStore";
  volState.source.id = "foo";
  volState2.source.id = "bar";
  RunTests(DiskCases(volState, volState2));
}

TEST(VolumeRestrictionsTest, TestRBDDiskConflicts) {
  v1::Volume volState, volState2;
  volState.source.kind = volState2.source.kind = "rbd";
  volState.source.monitors = {"a", "b"};
  volState2.source.monitors = {"c", "d"};
  volState.source.pool = volState2.source.pool = "foo";
  volState.source.image = volState2.source.image = "bar";
  RunTests(DiskCases(volState, volState2));
}

TEST(VolumeRestrictionsTest, TestISCSIDiskConflicts) {
  v1::Volume volState, volState2;
  volState.source.kind = volState2.source.kind = "iscsi";
  volState.source.id = "iqn.2016-12.server:storage.target01";
  volState2.source.id = "iqn.2017-12.server:storage.target01";
  RunTests(DiskCases(volState, volState2));
}

TEST(VolumeRestrictionsTest, TestAccessModeConflicts) {
  // Required for querying lister for PVCs in the same namespace.
  const v1::Pod podWithOnePVC =
      MakePod().Name("pod-with-one-pvc").Namespace("default").PVC("claim-with-rwop-1").Node("node-1").Obj();
  const v1::Pod podWithTwoPVCs = MakePod()
                                     .Name("pod-with-two-pvcs")
                                     .Namespace("default")
                                     .PVC("claim-with-rwop-1")
                                     .PVC("claim-with-rwop-2")
                                     .Node("node-1")
                                     .Obj();
  const v1::Pod podWithOneConflict =
      MakePod().Name("pod-with-one-conflict").Namespace("default").PVC("claim-with-rwop-1").Node("node-1").Obj();
  const v1::Pod podWithTwoConflicts = MakePod()
                                          .Name("pod-with-two-conflicts")
                                          .Namespace("default")
                                          .PVC("claim-with-rwop-1")
                                          .PVC("claim-with-rwop-2")
                                          .Node("node-1")
                                          .Obj();
  // Required for querying lister for PVCs in the same namespace.
  const v1::Pod podWithReadWriteManyPVC =
      MakePod().Name("pod-with-rwx").Namespace("default").PVC("claim-with-rwx").Node("node-1").Obj();

  const v1::PersistentVolumeClaim readWriteOncePodPVC1 =
      MakePersistentVolumeClaim().Name("claim-with-rwop-1").AccessModes({v1::kReadWriteOncePod}).Obj();
  const v1::PersistentVolumeClaim readWriteOncePodPVC2 =
      MakePersistentVolumeClaim().Name("claim-with-rwop-2").AccessModes({v1::kReadWriteOncePod}).Obj();
  const v1::PersistentVolumeClaim readWriteManyPVC =
      MakePersistentVolumeClaim().Name("claim-with-rwx").AccessModes({v1::kReadWriteMany}).Obj();

  struct Case {
    std::string name;
    v1::Pod pod;
    std::vector<v1::Pod> existingPods;  // on node-1: upstream's nodeInfo and existingPods
    std::vector<v1::PersistentVolumeClaim> existingPVCs;
    std::optional<Want> preFilterWantStatus;
    std::optional<Want> wantStatus;
    // spreadlab: what Filter recorded for the explanation (VolumeCheck), as "claim pod".
    std::vector<std::string> wantVolumes;
  };
  const Want conflict{Code::Unschedulable, std::string(VolumeRestrictions::kErrReasonReadWriteOncePodConflict)};
  std::vector<Case> tests = {
      {"nothing", pod(), {}, {}, kSkip, std::nullopt},
      {"failed to get PVC",
       podWithOnePVC,
       {},
       {},
       Want{Code::UnschedulableAndUnresolvable, "persistentvolumeclaim \"claim-with-rwop-1\" not found"},
       std::nullopt},
      {"no access mode conflict",
       podWithOnePVC,
       {podWithReadWriteManyPVC},
       {readWriteOncePodPVC1, readWriteManyPVC},
       kSkip,
       std::nullopt},
      {"access mode conflict, unschedulable",
       podWithOneConflict,
       {podWithOnePVC, podWithReadWriteManyPVC},
       {readWriteOncePodPVC1, readWriteManyPVC},
       std::nullopt,
       conflict,
       {"claim-with-rwop-1 default/pod-with-one-pvc"}},
      {"two conflicts, unschedulable",
       podWithTwoConflicts,
       {podWithTwoPVCs, podWithReadWriteManyPVC},
       {readWriteOncePodPVC1, readWriteOncePodPVC2, readWriteManyPVC},
       std::nullopt,
       conflict,
       {"claim-with-rwop-1 default/pod-with-two-pvcs", "claim-with-rwop-2 default/pod-with-two-pvcs"}},
  };
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    Scenario storage;
    storage.persistentVolumeClaims = test.existingPVCs;
    PluginHarness h({MakeNode().Name("node-1").Obj()}, test.existingPods, test.pod, Factory(), storage);
    ExpectStatus("PreFilter", h.PreFilter(), test.preFilterWantStatus);
    if (test.preFilterWantStatus) continue;
    ExpectStatus("Filter", h.Filter("node-1"), test.wantStatus);
    std::vector<std::string> got;
    for (const VolumeCheck& k : h.trace().volumeChecks) {
      EXPECT_EQ(k.outcome, VolumeCheck::Outcome::ReadWriteOncePodInUse);
      got.push_back(h.cluster().scenario().persistentVolumeClaims[k.claim].metadata.name + " " +
                    h.cluster().pod(k.pod).key);
    }
    EXPECT_EQ(got, test.wantVolumes);
  }
}

}  // namespace
}  // namespace spreadlab
