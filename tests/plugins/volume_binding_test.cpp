// Ported from kubernetes/kubernetes v1.37.2
//   pkg/scheduler/framework/plugins/volumebinding/volume_binding_test.go
//   (TestVolumeBinding), with the builders of test_utils.go (makeNode, makePV,
//   makePVC, makePod) and binder_test.go (makeCapacity, nodeLabelKey).
// Case names are upstream's, verbatim. Each case checks PreFilter's status, the
// claims GetPodVolumeClaims sorts (upstream's wantStateAfterPreFilter), every
// node's Filter status with its reasons in order, PreScore's status and the
// Score of every node, as upstream does.
//
// Not ported:
//  * "zonal volumes with close capacity are preferred (custom shape)" and
//    "prefer node with least allocatable": they give VolumeBindingArgs a shape
//    other than the default, and a scenario's profile has no VolumeBindingArgs
//    (the plugin scores with the default shape, SetDefaults_VolumeBindingArgs).
//    "prefer node with maximum allocatable" passes the default shape explicitly
//    and is ported;
//  * Test_PreBindPreFlight (binding is not simulated); the
//    TestIsSchedulableAfter* tables (queueing hints: a single-cycle simulator has
//    no scheduling queue); TestVolumeBinding_DeferredResizeSkipped (the scenario
//    API has no pod resizes).
//
// Adaptations: upstream's fts (feature.Features) is the scenario's release, 1.37,
// with StorageCapacityScoring set as the case sets EnableStorageCapacityScoring
// (off where the case leaves fts zero, as upstream's zero value is); the pod is
// unbound; PreScore and Score run on every node, as upstream passes them all.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/plugins/volumebinding/binder.h"
#include "core/plugins/volumebinding/volume_binding.h"
#include "core/storage.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using plugins::VolumeBinding;
using testing::MakeCSIDriver;
using testing::MakeCSIStorageCapacity;
using testing::MakeNode;
using testing::MakePersistentVolume;
using testing::MakePersistentVolumeClaim;
using testing::MakePod;
using testing::MakeStorageClass;
using testing::PluginHarness;
using testing::PodWrapper;

constexpr const char* kLabelHostname = "kubernetes.io/hostname";
constexpr const char* kNodeLabelKey = "nodeKey";
constexpr const char* kAnnBindCompleted = "pv.kubernetes.io/bind-completed";

const v1::StorageClass immediateSC =
    MakeStorageClass().Name("immediate-sc").VolumeBindingMode(v1::kVolumeBindingImmediate).Obj();
const v1::StorageClass waitSC =
    MakeStorageClass().Name("wait-sc").VolumeBindingMode(v1::kVolumeBindingWaitForFirstConsumer).Obj();
const v1::StorageClass waitHDDSC =
    MakeStorageClass().Name("wait-hdd-sc").VolumeBindingMode(v1::kVolumeBindingWaitForFirstConsumer).Obj();
const v1::StorageClass waitSCWithStorageCapacity = MakeStorageClass()
                                                       .Name("wait-sc-with-storage-capacity")
                                                       .Provisioner("driver-with-storage-capacity")
                                                       .VolumeBindingMode(v1::kVolumeBindingWaitForFirstConsumer)
                                                       .Obj();
const v1::CSIDriver driverWithStorageCapacity = MakeCSIDriver("driver-with-storage-capacity", true);

// test_utils.go's builders.
testing::NodeWrapper makeNode(const std::string& name) { return MakeNode().Name(name).Label(kLabelHostname, name); }
testing::PersistentVolumeWrapper makePV(const std::string& name, const std::string& className) {
  return MakePersistentVolume().Name(name).StorageClassName(className);
}
testing::PersistentVolumeClaimWrapper makePVC(const std::string& name, const std::string& storageClassName) {
  return MakePersistentVolumeClaim().Name(name).Namespace("default").StorageClassName(storageClassName);
}
// pvcBuilder.withBoundPV
testing::PersistentVolumeClaimWrapper withBoundPV(testing::PersistentVolumeClaimWrapper pvc,
                                                  const std::string& pvName) {
  return pvc.VolumeName(pvName).Annotation(kAnnBindCompleted, "true");
}
PodWrapper makePod(const std::string& name) { return MakePod().Name(name).Namespace("default"); }
// podBuilder.withPVCVolume(pvcName, "")
PodWrapper withPVCVolume(PodWrapper pod, const std::string& pvcName) {
  v1::Volume v;
  v.source.kind = "persistentVolumeClaim";
  v.source.claimName = pvcName;
  return pod.Volume(v);
}
// binder_test.go's makeCapacity: nodeTopology selects the node by nodeLabelKey.
v1::CSIStorageCapacity makeCapacity(const std::string& name, const std::string& storageClassName,
                                    const std::string& nodeKeyValue, const std::string& capacity,
                                    const std::string& maximumVolumeSize) {
  v1::LabelSelector topology;
  topology.matchLabels[kNodeLabelKey] = nodeKeyValue;
  return MakeCSIStorageCapacity(name, storageClassName, topology, capacity, maximumVolumeSize);
}

struct Want {
  Code code = Code::Success;
  std::vector<std::string> reasons;
};
const Want kOK{};
const Want kSkip{Code::Skip, {}};
Want Unresolvable(std::vector<std::string> reasons) { return {Code::UnschedulableAndUnresolvable, std::move(reasons)}; }

const std::string ErrReasonBindConflict(volumebinding::kErrReasonBindConflict);
const std::string ErrReasonNodeConflict(volumebinding::kErrReasonNodeConflict);
const std::string ErrReasonPVNotExist(volumebinding::kErrReasonPVNotExist);

// wantStateAfterPreFilter's podVolumeClaims, by name; unboundVolumesDelayBinding maps a
// class to its volumes (compared sorted, as upstream's cmpopts.SortSlices does).
struct WantClaims {
  std::vector<std::string> boundClaims;
  std::vector<std::string> unboundClaimsDelayBinding;
  std::map<std::string, std::vector<std::string>> unboundVolumesDelayBinding;
};

struct Case {
  std::string name;
  v1::Pod pod;
  std::vector<v1::Node> nodes;
  std::vector<v1::PersistentVolumeClaim> pvcs;
  std::vector<v1::PersistentVolume> pvs;
  std::vector<v1::CSIStorageCapacity> capacities;
  bool enableStorageCapacityScoring = false;  // fts
  Want wantPreFilterStatus;
  std::optional<WantClaims> wantStateAfterPreFilter;
  std::vector<Want> wantFilterStatus;
  std::vector<int64_t> wantScores;
  Want wantPreScoreStatus;
  // spreadlab: what Filter recorded per node for the explanation (VolumeCheck), as
  // "Outcome claim [volume] [CSIStorageCapacity]"; unchecked when empty.
  std::vector<std::vector<std::string>> wantVolumes;
};

// The VolumeChecks a Filter recorded, as Case::wantVolumes writes them.
std::vector<std::string> VolumeChecks(PluginHarness& h) {
  const Scenario& s = h.cluster().scenario();
  std::vector<std::string> out;
  for (const VolumeCheck& k : h.trace().volumeChecks) {
    std::string line =
        std::string(VolumeOutcomeName(k.outcome)) + " " + s.persistentVolumeClaims[k.claim].metadata.name;
    if (k.volume >= 0) line += " " + s.persistentVolumes[k.volume].metadata.name;
    if (k.capacity >= 0) line += " " + s.csiStorageCapacities[k.capacity].metadata.name;
    out.push_back(std::move(line));
  }
  return out;
}

std::vector<std::string> Reasons(const Status& s) {
  std::vector<std::string> out;
  if (s.error) out.emplace_back(*s.error);
  for (std::string_view r : AllReasons(s.reason, s.reasons)) out.emplace_back(r);
  return out;
}

void ExpectStatus(const Status& got, const Want& want) {
  EXPECT_EQ(got.code, want.code) << CodeName(got.code) << ": " << got.Message();
  EXPECT_EQ(Reasons(got), want.reasons);
}

WantClaims GotClaims(PluginHarness& h) {
  Cluster& c = h.cluster();
  const Scenario& s = c.scenario();
  const volumebinding::PodVolumeClaims claims =
      volumebinding::GetPodVolumeClaims(c, c.podSpec(h.pod().index), c.pool());
  WantClaims got;
  for (const auto& b : claims.boundClaims) got.boundClaims.push_back(s.persistentVolumeClaims[b.claim].metadata.name);
  for (size_t i = 0; i < claims.unboundClaimsDelayBinding.size(); ++i) {
    const v1::PersistentVolumeClaim& claim = s.persistentVolumeClaims[claims.unboundClaimsDelayBinding[i]];
    got.unboundClaimsDelayBinding.push_back(claim.metadata.name);
    std::vector<std::string>& names = got.unboundVolumesDelayBinding[ClaimClass(claim)];
    names.clear();
    for (const auto& cv : claims.unboundVolumesDelayBinding[i])
      names.push_back(s.persistentVolumes[cv.index].metadata.name);
    std::sort(names.begin(), names.end());
  }
  return got;
}

void RunCase(const Case& item) {
  SCOPED_TRACE(item.name);
  Scenario extra;
  std::string error;
  ASSERT_TRUE(MakeRelease(37, {{"StorageCapacityScoring", item.enableStorageCapacityScoring}}, extra.release, error))
      << error;
  extra.storageClasses = {immediateSC, waitSC, waitHDDSC, waitSCWithStorageCapacity};
  extra.csiDrivers = {driverWithStorageCapacity};
  extra.persistentVolumeClaims = item.pvcs;
  extra.persistentVolumes = item.pvs;
  extra.csiStorageCapacities = item.capacities;
  PluginHarness h(
      item.nodes, {}, item.pod, [](Handle hd) { return std::make_unique<VolumeBinding>(hd); }, std::move(extra));

  const Status gotPreFilterStatus = h.PreFilter();
  {
    SCOPED_TRACE("PreFilter");
    ExpectStatus(gotPreFilterStatus, item.wantPreFilterStatus);
  }
  // scheduler framework will skip Filter if PreFilter fails
  if (!gotPreFilterStatus.IsSuccess()) return;

  if (item.wantStateAfterPreFilter) {
    SCOPED_TRACE("state after PreFilter");
    const WantClaims got = GotClaims(h);
    EXPECT_EQ(got.boundClaims, item.wantStateAfterPreFilter->boundClaims);
    EXPECT_EQ(got.unboundClaimsDelayBinding, item.wantStateAfterPreFilter->unboundClaimsDelayBinding);
    EXPECT_EQ(got.unboundVolumesDelayBinding, item.wantStateAfterPreFilter->unboundVolumesDelayBinding);
  }

  ASSERT_EQ(item.wantFilterStatus.size(), item.nodes.size());
  std::vector<std::string> names;
  for (size_t i = 0; i < item.nodes.size(); ++i) {
    SCOPED_TRACE("Filter " + item.nodes[i].metadata.name);
    h.trace().volumeChecks.clear();
    ExpectStatus(h.Filter(item.nodes[i].metadata.name), item.wantFilterStatus[i]);
    if (!item.wantVolumes.empty()) EXPECT_EQ(VolumeChecks(h), item.wantVolumes[i]);
    names.push_back(item.nodes[i].metadata.name);
  }

  Status gotPreScoreStatus;
  std::vector<int64_t> scores;
  h.Scores(names, &gotPreScoreStatus, &scores);
  {
    SCOPED_TRACE("PreScore");
    ExpectStatus(gotPreScoreStatus, item.wantPreScoreStatus);
  }
  if (!gotPreScoreStatus.IsSuccess()) return;
  EXPECT_EQ(scores, item.wantScores);
}

// The local volumes of "local volumes with close capacity are preferred": two of
// `capacity` on `node` in `className`.
v1::PersistentVolume localPV(const std::string& name, const std::string& className, const std::string& capacity,
                             const std::string& node) {
  return makePV(name, className).Phase("Available").Capacity(capacity).NodeAffinityIn(kLabelHostname, {node}).Obj();
}
v1::PersistentVolume zonalPV(const std::string& name, const std::string& capacity, const std::string& region,
                             const std::string& zone) {
  return makePV(name, waitSC.metadata.name)
      .Phase("Available")
      .Capacity(capacity)
      .NodeAffinity({{"topology.kubernetes.io/region", {region}}, {"topology.kubernetes.io/zone", {zone}}})
      .Obj();
}
v1::Node zonalNode(const std::string& name, const std::string& region, const std::string& zone) {
  return makeNode(name).Label("topology.kubernetes.io/region", region).Label("topology.kubernetes.io/zone", zone).Obj();
}
std::vector<v1::Node> zonalNodes() {
  return {zonalNode("zone-a-node-a", "region-a", "zone-a"), zonalNode("zone-a-node-b", "region-a", "zone-a"),
          zonalNode("zone-b-node-a", "region-b", "zone-b"), zonalNode("zone-b-node-b", "region-b", "zone-b"),
          zonalNode("zone-c-node-a", "region-c", "zone-c"), zonalNode("zone-c-node-b", "region-c", "zone-c")};
}
std::vector<v1::PersistentVolume> zonalPVs() {
  return {zonalPV("pv-a-0", "200Gi", "region-a", "zone-a"), zonalPV("pv-a-1", "200Gi", "region-a", "zone-a"),
          zonalPV("pv-b-0", "100Gi", "region-b", "zone-b"), zonalPV("pv-b-1", "100Gi", "region-b", "zone-b")};
}
std::vector<v1::Node> capacityNodes() {
  return {makeNode("node-a").Label(kNodeLabelKey, "node-a").Obj(),
          makeNode("node-b").Label(kNodeLabelKey, "node-b").Obj(),
          makeNode("node-c").Label(kNodeLabelKey, "node-c").Obj()};
}

TEST(VolumeBindingTest, TestVolumeBinding) {
  const std::string wait = waitSC.metadata.name, waitHDD = waitHDDSC.metadata.name,
                    waitCap = waitSCWithStorageCapacity.metadata.name;
  const Want bindConflict = Unresolvable({ErrReasonBindConflict});
  const std::vector<v1::PersistentVolume> localPVs = {
      localPV("pv-a-0", wait, "200Gi", "node-a"), localPV("pv-a-1", wait, "200Gi", "node-a"),
      localPV("pv-b-0", wait, "100Gi", "node-b"), localPV("pv-b-1", wait, "100Gi", "node-b")};
  const std::vector<v1::Node> threeNodes = {makeNode("node-a").Obj(), makeNode("node-b").Obj(),
                                            makeNode("node-c").Obj()};
  const WantClaims localClaims{{}, {"pvc-a"}, {{wait, {"pv-a-0", "pv-a-1", "pv-b-0", "pv-b-1"}}}};
  const std::vector<v1::CSIStorageCapacity> capacities100_50_10 = {
      makeCapacity("node-a", waitCap, "node-a", "100Gi", ""), makeCapacity("node-b", waitCap, "node-b", "50Gi", ""),
      makeCapacity("node-c", waitCap, "node-c", "10Gi", "")};

  std::vector<Case> table = {
      {
          .name = "pod has not pvcs",
          .pod = makePod("pod-a").Obj(),
          .nodes = {makeNode("node-a").Obj()},
          .wantPreFilterStatus = kSkip,
          .wantFilterStatus = {kOK},
          .wantPreScoreStatus = kSkip,
      },
      {
          .name = "all bound",
          .pod = withPVCVolume(makePod("pod-a"), "pvc-a").Obj(),
          .nodes = {makeNode("node-a").Obj()},
          .pvcs = {withBoundPV(makePVC("pvc-a", wait), "pv-a").Obj()},
          .pvs = {makePV("pv-a", wait).Phase("Available").Obj()},
          .wantStateAfterPreFilter = WantClaims{{"pvc-a"}, {}, {}},
          .wantFilterStatus = {kOK},
          .wantPreScoreStatus = kSkip,
          .wantVolumes = {{"BoundVolumeMatches pvc-a pv-a"}},
      },
      {
          .name = "PVC does not exist",
          .pod = withPVCVolume(makePod("pod-a"), "pvc-a").Obj(),
          .nodes = {makeNode("node-a").Obj()},
          .wantPreFilterStatus = Unresolvable({R"(persistentvolumeclaim "pvc-a" not found)"}),
          .wantFilterStatus = {kOK},
          .wantScores = {0},
      },
      {
          .name = "Part of PVCs do not exist",
          .pod = withPVCVolume(withPVCVolume(makePod("pod-a"), "pvc-a"), "pvc-b").Obj(),
          .nodes = {makeNode("node-a").Obj()},
          .pvcs = {withBoundPV(makePVC("pvc-a", wait), "pv-a").Obj()},
          .wantPreFilterStatus = Unresolvable({R"(persistentvolumeclaim "pvc-b" not found)"}),
          .wantFilterStatus = {kOK},
          .wantScores = {0},
      },
      {
          .name = "immediate claims not bound",
          .pod = withPVCVolume(makePod("pod-a"), "pvc-a").Obj(),
          .nodes = {makeNode("node-a").Obj()},
          .pvcs = {makePVC("pvc-a", immediateSC.metadata.name).Obj()},
          .wantPreFilterStatus = Unresolvable({"pod has unbound immediate PersistentVolumeClaims"}),
          .wantFilterStatus = {kOK},
          .wantScores = {0},
      },
      {
          .name = "unbound claims no matches",
          .pod = withPVCVolume(makePod("pod-a"), "pvc-a").Obj(),
          .nodes = {makeNode("node-a").Obj()},
          .pvcs = {makePVC("pvc-a", wait).Obj()},
          .wantStateAfterPreFilter = WantClaims{{}, {"pvc-a"}, {{wait, {}}}},
          .wantFilterStatus = {bindConflict},
          .wantPreScoreStatus = kSkip,
          .wantVolumes = {{"ProvisionerMissing pvc-a"}},
      },
      {
          .name = "bound and unbound unsatisfied",
          .pod = withPVCVolume(withPVCVolume(makePod("pod-a"), "pvc-a"), "pvc-b").Obj(),
          .nodes = {makeNode("node-a").Label("foo", "barbar").Obj()},
          .pvcs = {withBoundPV(makePVC("pvc-a", wait), "pv-a").Obj(), makePVC("pvc-b", wait).Obj()},
          .pvs = {makePV("pv-a", wait).Phase("Available").NodeAffinityIn("foo", {"bar"}).Obj()},
          .wantStateAfterPreFilter = WantClaims{{"pvc-a"}, {"pvc-b"}, {{wait, {"pv-a"}}}},
          .wantFilterStatus = {Unresolvable({ErrReasonNodeConflict, ErrReasonBindConflict})},
          .wantPreScoreStatus = kSkip,
          .wantVolumes = {{"BoundVolumeConflict pvc-a pv-a", "ProvisionerMissing pvc-b"}},
      },
      {
          .name = "pv not found",
          .pod = withPVCVolume(makePod("pod-a"), "pvc-a").Obj(),
          .nodes = {makeNode("node-a").Obj()},
          .pvcs = {withBoundPV(makePVC("pvc-a", wait), "pv-a").Obj()},
          .wantStateAfterPreFilter = WantClaims{{"pvc-a"}, {}, {}},
          .wantFilterStatus = {Unresolvable({ErrReasonPVNotExist})},
          .wantPreScoreStatus = kSkip,
          .wantVolumes = {{"BoundVolumeMissing pvc-a"}},
      },
      {
          .name = "pv not found claim lost",
          .pod = withPVCVolume(makePod("pod-a"), "pvc-a").Obj(),
          .nodes = {makeNode("node-a").Obj()},
          .pvcs = {withBoundPV(makePVC("pvc-a", wait), "pv-a").Phase("Lost").Obj()},
          .wantPreFilterStatus =
              Unresolvable({R"(persistentvolumeclaim "pvc-a" bound to non-existent persistentvolume "pv-a")"}),
          .wantFilterStatus = {kOK},
          .wantScores = {0},
      },
      {
          .name = "local volumes with close capacity are preferred",
          .pod = withPVCVolume(makePod("pod-a"), "pvc-a").Obj(),
          .nodes = threeNodes,
          .pvcs = {makePVC("pvc-a", wait).Request("50Gi").Obj()},
          .pvs = localPVs,
          .enableStorageCapacityScoring = true,
          .wantStateAfterPreFilter = localClaims,
          .wantFilterStatus = {kOK, kOK, bindConflict},
          .wantScores = {75, 50, 0},
          .wantVolumes = {{"StaticVolume pvc-a pv-a-0"}, {"StaticVolume pvc-a pv-b-0"}, {"ProvisionerMissing pvc-a"}},
      },
      {
          .name = "local volumes with close capacity are preferred (StorageCapacityScoring disabled)",
          .pod = withPVCVolume(makePod("pod-a"), "pvc-a").Obj(),
          .nodes = threeNodes,
          .pvcs = {makePVC("pvc-a", wait).Request("50Gi").Obj()},
          .pvs = localPVs,
          .enableStorageCapacityScoring = false,
          .wantStateAfterPreFilter = localClaims,
          .wantFilterStatus = {kOK, kOK, bindConflict},
          .wantPreScoreStatus = kSkip,
      },
      {
          .name = "local volumes with close capacity are preferred (multiple pvcs)",
          .pod = withPVCVolume(withPVCVolume(makePod("pod-a"), "pvc-0"), "pvc-1").Obj(),
          .nodes = threeNodes,
          .pvcs = {makePVC("pvc-0", wait).Request("50Gi").Obj(), makePVC("pvc-1", waitHDD).Request("100Gi").Obj()},
          .pvs = {localPV("pv-a-0", wait, "200Gi", "node-a"), localPV("pv-a-1", wait, "200Gi", "node-a"),
                  localPV("pv-a-2", waitHDD, "200Gi", "node-a"), localPV("pv-a-3", waitHDD, "200Gi", "node-a"),
                  localPV("pv-b-0", wait, "100Gi", "node-b"), localPV("pv-b-1", wait, "100Gi", "node-b"),
                  localPV("pv-b-2", waitHDD, "100Gi", "node-b"), localPV("pv-b-3", waitHDD, "100Gi", "node-b")},
          .enableStorageCapacityScoring = true,
          .wantStateAfterPreFilter = WantClaims{{},
                                                {"pvc-0", "pvc-1"},
                                                {{waitHDD, {"pv-a-2", "pv-a-3", "pv-b-2", "pv-b-3"}},
                                                 {wait, {"pv-a-0", "pv-a-1", "pv-b-0", "pv-b-1"}}}},
          .wantFilterStatus = {kOK, kOK, bindConflict},
          .wantScores = {63, 25, 0},
          .wantVolumes = {{"StaticVolume pvc-0 pv-a-0", "StaticVolume pvc-1 pv-a-2"},
                          {"StaticVolume pvc-0 pv-b-0", "StaticVolume pvc-1 pv-b-2"},
                          {"ProvisionerMissing pvc-0"}},
      },
      {
          .name = "zonal volumes with close capacity are preferred",
          .pod = withPVCVolume(makePod("pod-a"), "pvc-a").Obj(),
          .nodes = zonalNodes(),
          .pvcs = {makePVC("pvc-a", wait).Request("50Gi").Obj()},
          .pvs = zonalPVs(),
          .enableStorageCapacityScoring = true,
          .wantStateAfterPreFilter = localClaims,
          .wantFilterStatus = {kOK, kOK, kOK, kOK, bindConflict, bindConflict},
          .wantScores = {75, 75, 50, 50, 0, 0},
      },
      {
          .name = "zonal volumes with close capacity are preferred (StorageCapacityScoring disabled)",
          .pod = withPVCVolume(makePod("pod-a"), "pvc-a").Obj(),
          .nodes = zonalNodes(),
          .pvcs = {makePVC("pvc-a", wait).Request("50Gi").Obj()},
          .pvs = zonalPVs(),
          .enableStorageCapacityScoring = false,
          .wantStateAfterPreFilter = localClaims,
          .wantFilterStatus = {kOK, kOK, kOK, kOK, bindConflict, bindConflict},
          .wantPreScoreStatus = kSkip,
      },
      {
          .name = "storage capacity score",
          .pod = withPVCVolume(makePod("pod-a"), "pvc-dynamic").Obj(),
          .nodes = capacityNodes(),
          .pvcs = {makePVC("pvc-dynamic", waitCap).Request("10Gi").Obj()},
          .capacities = capacities100_50_10,
          .enableStorageCapacityScoring = true,
          .wantStateAfterPreFilter = WantClaims{{}, {"pvc-dynamic"}, {{waitCap, {}}}},
          .wantFilterStatus = {kOK, kOK, kOK},
          .wantScores = {90, 80, 0},
          .wantVolumes = {{"Provision pvc-dynamic node-a"},
                          {"Provision pvc-dynamic node-b"},
                          {"Provision pvc-dynamic node-c"}},
      },
      {
          .name = "storage capacity score with static binds",
          .pod = withPVCVolume(withPVCVolume(makePod("pod-a"), "pvc-dynamic"), "pvc-static").Obj(),
          .nodes = capacityNodes(),
          .pvcs = {makePVC("pvc-dynamic", waitCap).Request("10Gi").Obj(),
                   makePVC("pvc-static", wait).Request("50Gi").Obj()},
          .pvs = {localPV("pv-static-a", wait, "100Gi", "node-a"), localPV("pv-static-b", wait, "100Gi", "node-b"),
                  localPV("pv-static-c", wait, "100Gi", "node-c")},
          .capacities = capacities100_50_10,
          .enableStorageCapacityScoring = true,
          .wantStateAfterPreFilter = WantClaims{{},
                                                {"pvc-dynamic", "pvc-static"},
                                                {{wait, {"pv-static-a", "pv-static-b", "pv-static-c"}}, {waitCap, {}}}},
          .wantFilterStatus = {kOK, kOK, kOK},
          .wantScores = {50, 50, 50},
          .wantVolumes = {{"StaticVolume pvc-static pv-static-a", "Provision pvc-dynamic node-a"},
                          {"StaticVolume pvc-static pv-static-b", "Provision pvc-dynamic node-b"},
                          {"StaticVolume pvc-static pv-static-c", "Provision pvc-dynamic node-c"}},
      },
      {
          .name = "dynamic provisioning with multiple PVCs of the same StorageClass",
          .pod = withPVCVolume(withPVCVolume(makePod("pod-a"), "pvc-dynamic-0"), "pvc-dynamic-1").Obj(),
          .nodes = {makeNode("node-a").Label(kNodeLabelKey, "node-a").Obj()},
          .pvcs = {makePVC("pvc-dynamic-0", waitCap).Request("50Gi").Obj(),
                   makePVC("pvc-dynamic-1", waitCap).Request("50Gi").Obj()},
          .capacities = {makeCapacity("node-a", waitCap, "node-a", "100Gi", "")},
          .enableStorageCapacityScoring = true,
          .wantStateAfterPreFilter = WantClaims{{}, {"pvc-dynamic-0", "pvc-dynamic-1"}, {{waitCap, {}}}},
          .wantFilterStatus = {kOK},
          .wantScores = {0},
      },
      {
          // args: the default shape (defaultShapePoint), which is the plugin's.
          .name = "prefer node with maximum allocatable",
          .pod = withPVCVolume(makePod("pod-a"), "pvc-dynamic").Obj(),
          .nodes = capacityNodes(),
          .pvcs = {makePVC("pvc-dynamic", waitCap).Request("10Gi").Obj()},
          .capacities = {makeCapacity("node-a", waitCap, "node-a", "100Gi", ""),
                         makeCapacity("node-b", waitCap, "node-b", "20Gi", ""),
                         makeCapacity("node-c", waitCap, "node-c", "10Gi", "")},
          .enableStorageCapacityScoring = true,
          .wantStateAfterPreFilter = WantClaims{{}, {"pvc-dynamic"}, {{waitCap, {}}}},
          .wantFilterStatus = {kOK, kOK, kOK},
          .wantScores = {90, 50, 0},
      },
  };
  for (const Case& item : table) RunCase(item);
}

}  // namespace
}  // namespace spreadlab
