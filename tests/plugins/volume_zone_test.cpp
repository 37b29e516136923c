// Ported from kubernetes/kubernetes v1.37.2
//   pkg/scheduler/framework/plugins/volumezone/volume_zone_test.go
//   (TestSingleZone, TestMultiZone, TestWithBinding).
// Case names are upstream's, verbatim; statuses and reasons are compared exactly.
//
// Not ported:
//  * TestIsSchedulableAfterPersistentVolumeClaimAdded,
//    TestIsSchedulableAfterStorageClassAdded,
//    TestIsSchedulableAfterPersistentVolumeChange (queueing hints: a single-cycle
//    simulator has no scheduling queue);
//  * TestVolumeZone_DeferredResizeSkipped (pods whose in-place resize is deferred:
//    the scenario API has no pod resizes).
//
// Adaptations:
//  * upstream's listers are the scenario's storage objects; the node is the only
//    node of the cluster and the pod is unbound;
//  * "unbound volume no storage class": upstream's fake lister (testing/framework)
//    names the resource "storageclasses"; the scheduler's informer lister, which
//    the plugin mirrors, says `storageclass.storage.k8s.io "Class_0" not found`
//    (client-go listers/storage/v1/storageclass.go), so that is the reason here;
//  * "unbound volume immediate binding mode": upstream's class has no
//    volumeBindingMode, which the API server never lets through (it defaults the
//    field to Immediate), and expects "VolumeBindingMode not set for StorageClass
//    \"Class_Immediate\"". A scenario's class always has its mode, so the case runs
//    with the defaulted class and expects what getPVbyPod returns for an Immediate
//    class: "PersistentVolume had no name".
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "core/plugins/volumezone/volume_zone.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using plugins::VolumeZone;
using testing::MakeNode;
using testing::MakePersistentVolume;
using testing::MakePersistentVolumeClaim;
using testing::MakePod;
using testing::MakeStorageClass;
using testing::PluginHarness;

constexpr const char* kLabelFailureDomainBetaZone = "failure-domain.beta.kubernetes.io/zone";
constexpr const char* kLabelFailureDomainBetaRegion = "failure-domain.beta.kubernetes.io/region";
constexpr const char* kLabelTopologyZone = "topology.kubernetes.io/zone";
constexpr const char* kLabelTopologyRegion = "topology.kubernetes.io/region";

PluginHarness::Factory Factory() {
  return [](Handle h) { return std::make_unique<VolumeZone>(h); };
}

v1::Pod createPodWithVolume(const std::string& pod, const std::string& pvc) {
  return MakePod().Name(pod).Namespace("default").PVC(pvc).Obj();
}

v1::Node node(const v1::LabelMap& labels) {
  auto n = MakeNode().Name("host1");
  for (const auto& [k, v] : labels) n.Label(k, v);
  return n.Obj();
}

v1::PersistentVolume pv(const std::string& name, const v1::LabelMap& labels) {
  auto w = MakePersistentVolume().Name(name);
  for (const auto& [k, v] : labels) w.Label(k, v);
  return w.Obj();
}

v1::PersistentVolumeClaim pvc(const std::string& name, const std::string& volumeName) {
  return MakePersistentVolumeClaim().Name(name).Namespace("default").VolumeName(volumeName).Obj();
}

struct Want {
  Code code;
  std::string reason;
};

struct ZoneCase {
  std::string name;
  v1::Pod pod;
  v1::Node node;
  std::optional<Want> wantPreFilterStatus;  // nullopt: success
  std::optional<Want> wantFilterStatus;     // nullopt: success
  // spreadlab: what Filter recorded for the explanation (VolumeCheck), as
  // "Outcome claim volume label nodeValue" ("-": the node lacks it); unchecked when empty.
  std::vector<std::string> wantVolumes;
};

const Want kConflict{Code::UnschedulableAndUnresolvable, std::string(VolumeZone::kErrReasonConflict)};

void ExpectStatus(const char* what, const Status& got, const std::optional<Want>& want) {
  SCOPED_TRACE(what);
  if (!want) {
    EXPECT_TRUE(got.IsSuccess()) << CodeName(got.code) << ": " << got.Message();
    return;
  }
  EXPECT_EQ(got.code, want->code);
  EXPECT_EQ(got.Message(), want->reason);
}

// The test loop: PreFilter, then Filter whatever PreFilter said (upstream calls both).
void RunTests(const std::vector<ZoneCase>& tests, const Scenario& storage) {
  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    PluginHarness h({test.node}, {}, test.pod, Factory(), storage);
    ExpectStatus("PreFilter", h.PreFilter(), test.wantPreFilterStatus);
    ExpectStatus("Filter", h.Filter("host1"), test.wantFilterStatus);
    if (test.wantVolumes.empty()) continue;
    const Scenario& s = h.cluster().scenario();
    const StringPool& pool = h.cluster().pool();
    std::vector<std::string> got;
    for (const VolumeCheck& k : h.trace().volumeChecks)
      got.push_back(std::string(VolumeOutcomeName(k.outcome)) + " " + s.persistentVolumeClaims[k.claim].metadata.name +
                    " " + s.persistentVolumes[k.volume].metadata.name + " " + pool.Str(k.key) + " " +
                    (k.nodeValue == kNoSym ? "-" : pool.Str(k.nodeValue)));
    EXPECT_EQ(got, test.wantVolumes);
  }
}

TEST(VolumeZoneTest, TestSingleZone) {
  Scenario storage;
  storage.persistentVolumes = {
      pv("Vol_1", {{kLabelFailureDomainBetaZone, "us-west1-a"}}),
      pv("Vol_2", {{kLabelFailureDomainBetaRegion, "us-west1"}, {"uselessLabel", "none"}}),
      pv("Vol_3", {{kLabelFailureDomainBetaRegion, "us-west1"}}),
      pv("Vol_Stable_1", {{kLabelTopologyZone, "us-west1-a"}}),
      pv("Vol_Stable_2", {{kLabelTopologyRegion, "us-west1"}, {"uselessLabel", "none"}}),
      pv("Vol_Stable_3", {{kLabelTopologyZone, "us-west1-a"}, {kLabelTopologyRegion, "us-west1-a"}}),
  };
  storage.persistentVolumeClaims = {
      pvc("PVC_1", "Vol_1"),
      pvc("PVC_2", "Vol_2"),
      pvc("PVC_3", "Vol_3"),
      pvc("PVC_4", "Vol_not_exist"),
      pvc("PVC_Stable_1", "Vol_Stable_1"),
      pvc("PVC_Stable_2", "Vol_Stable_2"),
      pvc("PVC_Stable_3", "Vol_Stable_3"),
  };
  std::vector<ZoneCase> tests = {
      {"pod without volume", MakePod().Name("pod_1").Namespace("default").Obj(),
       node({{kLabelFailureDomainBetaZone, "us-west1-a"}}), Want{Code::Skip, ""}},
      {"node without labels", createPodWithVolume("pod_1", "PVC_1"), node({})},
      {"beta zone label matched", createPodWithVolume("pod_1", "PVC_1"),
       node({{kLabelFailureDomainBetaZone, "us-west1-a"}, {"uselessLabel", "none"}})},
      {"beta region label matched", createPodWithVolume("pod_1", "PVC_2"),
       node({{kLabelFailureDomainBetaRegion, "us-west1"}, {"uselessLabel", "none"}})},
      {"beta region label doesn't match", createPodWithVolume("pod_1", "PVC_2"),
       node({{kLabelFailureDomainBetaRegion, "no_us-west1"}, {"uselessLabel", "none"}}), std::nullopt, kConflict},
      {"beta zone label doesn't match",
       createPodWithVolume("pod_1", "PVC_1"),
       node({{kLabelFailureDomainBetaZone, "no_us-west1-a"}, {"uselessLabel", "none"}}),
       std::nullopt,
       kConflict,
       {"ZoneConflict PVC_1 Vol_1 failure-domain.beta.kubernetes.io/zone no_us-west1-a"}},
      {"zone label matched", createPodWithVolume("pod_1", "PVC_Stable_1"),
       node({{kLabelTopologyZone, "us-west1-a"}, {"uselessLabel", "none"}})},
      {"region label matched", createPodWithVolume("pod_1", "PVC_Stable_2"),
       node({{kLabelTopologyRegion, "us-west1"}, {"uselessLabel", "none"}})},
      {"region label doesn't match", createPodWithVolume("pod_1", "PVC_Stable_2"),
       node({{kLabelTopologyRegion, "no_us-west1"}, {"uselessLabel", "none"}}), std::nullopt, kConflict},
      {"zone label doesn't match", createPodWithVolume("pod_1", "PVC_Stable_1"),
       node({{kLabelTopologyZone, "no_us-west1-a"}, {"uselessLabel", "none"}}), std::nullopt, kConflict},
      {"pv with zone and region, node with only zone",
       createPodWithVolume("pod_1", "PVC_Stable_3"),
       node({{kLabelTopologyZone, "us-west1-a"}}),
       std::nullopt,
       kConflict,
       {"ZoneMatches PVC_Stable_3 Vol_Stable_3 topology.kubernetes.io/zone us-west1-a",
        "ZoneConflict PVC_Stable_3 Vol_Stable_3 topology.kubernetes.io/region -"}},
      {"pv with zone,node with beta zone", createPodWithVolume("pod_1", "PVC_Stable_1"),
       node({{kLabelFailureDomainBetaZone, "us-west1-a"}}), std::nullopt, kConflict},
      {"pv with beta label,node with ga label, matched",
       createPodWithVolume("pod_1", "PVC_1"),
       node({{kLabelTopologyZone, "us-west1-a"}}),
       std::nullopt,
       std::nullopt,
       {"ZoneMatches PVC_1 Vol_1 failure-domain.beta.kubernetes.io/zone us-west1-a"}},
      {"pv with beta label,node with ga label, don't match", createPodWithVolume("pod_1", "PVC_1"),
       node({{kLabelTopologyZone, "us-west1-b"}}), std::nullopt, kConflict},
  };
  RunTests(tests, storage);
}

TEST(VolumeZoneTest, TestMultiZone) {
  Scenario storage;
  storage.persistentVolumes = {
      pv("Vol_1", {{kLabelFailureDomainBetaZone, "us-west1-a"}}),
      pv("Vol_2", {{kLabelFailureDomainBetaZone, "us-west1-b"}, {"uselessLabel", "none"}}),
      pv("Vol_3", {{kLabelFailureDomainBetaZone, "us-west1-c__us-west1-a"}}),
      pv("Vol_Stable_1", {{kLabelTopologyZone, "us-west1-a"}}),
      pv("Vol_Stable_2", {{kLabelTopologyZone, "us-west1-c__us-west1-a"}}),
  };
  storage.persistentVolumeClaims = {
      pvc("PVC_1", "Vol_1"),
      pvc("PVC_2", "Vol_2"),
      pvc("PVC_3", "Vol_3"),
      pvc("PVC_4", "Vol_not_exist"),
      pvc("PVC_Stable_1", "Vol_Stable_1"),
      pvc("PVC_Stable_2", "Vol_Stable_2"),
  };
  std::vector<ZoneCase> tests = {
      {"node without labels", createPodWithVolume("pod_1", "PVC_3"), node({})},
      {"beta zone label matched", createPodWithVolume("pod_1", "PVC_3"),
       node({{kLabelFailureDomainBetaZone, "us-west1-a"}, {"uselessLabel", "none"}})},
      {"beta zone label doesn't match", createPodWithVolume("pod_1", "PVC_1"),
       node({{kLabelFailureDomainBetaZone, "us-west1-b"}, {"uselessLabel", "none"}}), std::nullopt, kConflict},
      {"zone label matched", createPodWithVolume("pod_1", "PVC_Stable_2"),
       node({{kLabelTopologyZone, "us-west1-a"}, {"uselessLabel", "none"}})},
      {"zone label doesn't match", createPodWithVolume("pod_1", "PVC_Stable_1"),
       node({{kLabelTopologyZone, "us-west1-b"}, {"uselessLabel", "none"}}), std::nullopt, kConflict},
  };
  RunTests(tests, storage);
}

TEST(VolumeZoneTest, TestWithBinding) {
  const std::string class0 = "Class_0", classWait = "Class_Wait", classImmediate = "Class_Immediate";
  Scenario storage;
  storage.storageClasses = {
      MakeStorageClass().Name(classImmediate).Obj(),  // volumeBindingMode defaulted to Immediate
      MakeStorageClass().Name(classWait).VolumeBindingMode(v1::kVolumeBindingWaitForFirstConsumer).Obj(),
  };
  storage.persistentVolumes = {pv("Vol_1", {{kLabelFailureDomainBetaZone, "us-west1-a"}})};
  storage.persistentVolumeClaims = {
      pvc("PVC_1", "Vol_1"),
      MakePersistentVolumeClaim().Name("PVC_NoSC").StorageClassName(class0).Obj(),
      MakePersistentVolumeClaim().Name("PVC_EmptySC").Obj(),
      MakePersistentVolumeClaim().Name("PVC_WaitSC").StorageClassName(classWait).Obj(),
      MakePersistentVolumeClaim().Name("PVC_ImmediateSC").StorageClassName(classImmediate).Obj(),
  };
  const v1::Node testNode = node({{kLabelFailureDomainBetaZone, "us-west1-a"}, {"uselessLabel", "none"}});
  const Want noNames{Code::UnschedulableAndUnresolvable, "PersistentVolumeClaim had no pv name and storageClass name"};
  const Want noClass{Code::UnschedulableAndUnresolvable, "storageclass.storage.k8s.io \"Class_0\" not found"};
  const Want immediate{Code::UnschedulableAndUnresolvable, "PersistentVolume had no name"};
  std::vector<ZoneCase> tests = {
      {"label zone failure domain matched", createPodWithVolume("pod_1", "PVC_1"), testNode},
      {"unbound volume empty storage class", createPodWithVolume("pod_1", "PVC_EmptySC"), testNode, noNames, noNames},
      {"unbound volume no storage class", createPodWithVolume("pod_1", "PVC_NoSC"), testNode, noClass, noClass},
      {"unbound volume immediate binding mode", createPodWithVolume("pod_1", "PVC_ImmediateSC"), testNode, immediate,
       immediate},
      {"unbound volume wait binding mode", createPodWithVolume("pod_1", "PVC_WaitSC"), testNode, Want{Code::Skip, ""}},
  };
  RunTests(tests, storage);
}

}  // namespace
}  // namespace spreadlab
