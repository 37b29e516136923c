// Ported from kubernetes/kubernetes
//   pkg/scheduler/framework/plugins/nodevolumelimits/csi_test.go
//   (TestCSILimits, TestVolumeLimitScalingGate) at v1.37.2, and TestVolumeLimitScalingGate
//   at v1.35.4 (before the CSIDriver's preventPodSchedulingIfMissing opt-in,
//   kubernetes#137343). TestCSILimits is the same table from 1.34 to 1.37.
// Case names are upstream's, verbatim.
//
// Not ported:
//  * TestCSILimitsQHint, TestCSILimitsAddedPVCQHint,
//    TestCSILimitsDeletedVolumeAttachmentQHint, TestCSILimitsAfterCSINodeUpdatedQHint
//    (queueing hints: a single-cycle simulator has no scheduling queue);
//  * TestCSILimits_DeferredResizeSkipped (pods whose in-place resize is deferred: the
//    scenario API has no pod status conditions or resizes).
//
// Adaptations: upstream's listers become the scenario's objects (the claims in the pods'
// namespace, "default" here where upstream leaves it empty); the existing pods are bound
// to node "node-for-max-pd-test-1" and get names where upstream leaves them empty;
// upstream's plugin struct leaves the VolumeLimitScaling gate off in TestCSILimits, which
// has no CSIDriver objects, so the gate cannot change its answers; it runs under every
// release that counts VolumeAttachments (1.32 on). Statuses compare code and message
// (upstream also compares the plugin name, which the harness does not set).
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/plugins/nodevolumelimits/csi.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using plugins::NodeVolumeLimits;
using testing::MakeNode;
using testing::MakePod;
using testing::PluginHarness;

constexpr const char* kNodeName = "node-for-max-pd-test-1";
constexpr const char* ebsCSIDriverName = "ebs.csi.aws.com";
constexpr const char* gceCSIDriverName = "pd.csi.storage.gke.io";
constexpr const char* awsEBSInTreePluginName = "kubernetes.io/aws-ebs";
constexpr const char* hostpathInTreePluginName = "kubernetes.io/hostpath";
constexpr const char* scName = "csi-sc";

struct WantStatus {
  Code code = Code::Success;
  std::string message;
};
const WantStatus kSuccess{};
const WantStatus kMaxVolumeCountExceeded{Code::Unschedulable,
                                         std::string(NodeVolumeLimits::kErrReasonMaxVolumeCountExceeded)};

v1::Volume Volume(std::string name, std::string kind, std::string id = "") {
  v1::Volume v;
  v.name = std::move(name);
  v.source.kind = std::move(kind);
  v.source.id = std::move(id);
  return v;
}
// st.MakePod().PVC(name): a volume named after its claim.
v1::Volume PVC(const std::string& claim) {
  v1::Volume v = Volume(claim, "persistentVolumeClaim");
  v.source.claimName = claim;
  return v;
}
v1::Pod PodWith(std::vector<v1::Volume> volumes, std::string name = "", std::string ns = "default") {
  v1::Pod p = MakePod().Name(std::move(name)).Namespace(std::move(ns)).Obj();
  p.spec.volumes = std::move(volumes);
  return p;
}

v1::PersistentVolumeClaim Claim(std::string name, std::string ns = "default") {
  v1::PersistentVolumeClaim c;
  c.metadata.name = std::move(name);
  c.metadata.ns = std::move(ns);
  return c;
}

// getFakeCSIPVLister, getFakeCSIPVCLister, getFakeCSIStorageClassLister,
// buildFakeClientWithVALister and getNodeWithPodAndVolumeLimits (with
// enableMigrationOnNode for AWS EBS) as one scenario.
Scenario Objects(const std::string& limitSource, int32_t limit, const std::vector<std::string>& driverNames,
                 int vaCount, const std::vector<v1::PersistentVolumeClaim>& extraClaims) {
  Scenario s;
  const std::string volumeName = "csi";
  for (const std::string& driver : driverNames) {
    for (int j = 0; j < 4; ++j) {
      const std::string handle = volumeName + "-" + driver + "-" + std::to_string(j);
      v1::PersistentVolume pv;
      pv.metadata.name = handle;
      if (driver == awsEBSInTreePluginName) {
        pv.source.kind = "awsElasticBlockStore";
        pv.source.id = handle;
      } else if (driver == hostpathInTreePluginName) {
        pv.source.kind = "hostPath";
      } else {
        pv.source.kind = "csi";
        pv.source.driver = driver;
        pv.source.id = handle;
      }
      s.persistentVolumes.push_back(pv);
      v1::PersistentVolumeClaim pvc = Claim(handle);
      pvc.volumeName = handle;
      s.persistentVolumeClaims.push_back(pvc);
    }
  }
  v1::PersistentVolumeClaim pending = Claim(volumeName + "-4");
  pending.storageClassName = scName;
  s.persistentVolumeClaims.push_back(pending);
  s.persistentVolumeClaims.push_back(Claim(volumeName + "-5"));
  // a pvc with missing PV but available storageclass.
  v1::PersistentVolumeClaim missing = Claim(volumeName + "-6");
  missing.storageClassName = scName;
  missing.volumeName = "missing-in-action";
  s.persistentVolumeClaims.push_back(missing);
  for (const auto& c : extraClaims) s.persistentVolumeClaims.push_back(c);

  v1::StorageClass sc;
  sc.metadata.name = scName;
  sc.provisioner = driverNames.at(0);
  s.storageClasses.push_back(sc);

  for (const std::string& driver : driverNames)
    for (int j = 0; j < vaCount; ++j) {
      v1::VolumeAttachment va;
      va.metadata.name = "va-" + driver + "-" + std::to_string(j);
      va.nodeName = kNodeName;
      va.attacher = driver;
      va.persistentVolumeName = "csi-" + driver + "-" + std::to_string(j);
      s.volumeAttachments.push_back(va);
    }

  if (limitSource == "csinode" || limitSource == "csinode-with-no-limit" || limitSource == "no-csi-driver") {
    v1::CSINode csiNode;
    csiNode.metadata.name = kNodeName;
    if (limitSource != "no-csi-driver")
      for (const std::string& driver : driverNames) {
        v1::CSINodeDriver d;
        d.name = driver;
        d.nodeID = kNodeName;
        if (limitSource == "csinode") d.allocatableCount = limit;
        csiNode.drivers.push_back(d);
      }
    csiNode.metadata.annotations["storage.alpha.kubernetes.io/migrated-plugins"] = awsEBSInTreePluginName;
    s.csiNodes.push_back(csiNode);
  }
  return s;
}

Release ReleaseOf(int minor, std::vector<std::pair<std::string, bool>> gates = {}) {
  Release r;
  std::string error;
  EXPECT_TRUE(MakeRelease(minor, gates, r, error)) << error;
  return r;
}

// Runs PreFilter, then Filter on the node unless PreFilter skipped. Returns what Filter
// recorded for the explanation (VolumeCheck) as "driver attached+new<=limit" (or ">").
std::vector<std::string> RunCase(const std::string& name, v1::Pod newPod, std::vector<v1::Pod> existingPods,
                                 Scenario extra, const WantStatus& wantFilter,
                                 std::optional<Code> wantPreFilter = std::nullopt) {
  int n = 0;
  for (v1::Pod& p : existingPods) {
    p.spec.nodeName = kNodeName;
    if (p.metadata.name.empty()) p.metadata.name = "existing-" + std::to_string(n++);
  }
  if (newPod.metadata.name.empty()) newPod.metadata.name = "new-pod";
  PluginHarness h(
      {MakeNode().Name(kNodeName).Obj()}, std::move(existingPods), std::move(newPod),
      [](Handle handle) { return std::make_unique<NodeVolumeLimits>(handle); }, std::move(extra));
  const Status pre = h.PreFilter();
  EXPECT_EQ(pre.code, wantPreFilter.value_or(Code::Success)) << name << ": PreFilter " << pre.Message();
  if (pre.code == Code::Skip) return {};
  const Status got = h.Filter(kNodeName);
  EXPECT_EQ(got.code, wantFilter.code) << name << ": Filter " << got.Message();
  EXPECT_EQ(std::string(got.Message()), wantFilter.message) << name;
  std::vector<std::string> checks;
  for (const VolumeCheck& k : h.trace().volumeChecks)
    checks.push_back(h.cluster().pool().Str(k.key) + " " + std::to_string(k.attached) + "+" + std::to_string(k.added) +
                     (k.pass ? "<=" : ">") + std::to_string(k.limit));
  return checks;
}

struct CSILimitsCase {
  v1::Pod newPod;
  std::vector<v1::Pod> existingPods;
  std::vector<v1::PersistentVolumeClaim> extraClaims;
  int32_t maxVols = 0;
  int vaCount = 0;
  std::vector<std::string> driverNames;
  std::string test;
  std::string limitSource;
  WantStatus wantStatus;
  std::optional<Code> wantPreFilterStatus;
};

std::vector<CSILimitsCase> CSILimitsCases() {
  const v1::Pod runningPod = PodWith({PVC("csi-ebs.csi.aws.com-3")});
  const v1::Pod pendingVolumePod = PodWith({PVC("csi-4")});
  // Different pod than pendingVolumePod, but using the same unbound PVC
  const v1::Pod unboundPVCPod2 = PodWith({PVC("csi-4")});
  const v1::Pod missingPVPod = PodWith({PVC("csi-6")});
  const v1::Pod noSCPVCPod = PodWith({PVC("csi-5")});
  const v1::Pod gceTwoVolPod = PodWith({PVC("csi-pd.csi.storage.gke.io-1"), PVC("csi-pd.csi.storage.gke.io-2")});
  // In-tree volumes
  const v1::Pod inTreeOneVolPod = PodWith({PVC("csi-kubernetes.io/aws-ebs-0")});
  const v1::Pod inTreeTwoVolPod = PodWith({PVC("csi-kubernetes.io/aws-ebs-1"), PVC("csi-kubernetes.io/aws-ebs-2")});
  // pods with matching csi driver names
  const v1::Pod csiEBSOneVolPod = PodWith({PVC("csi-ebs.csi.aws.com-0")});
  const v1::Pod csiEBSTwoVolPod = PodWith({PVC("csi-ebs.csi.aws.com-1"), PVC("csi-ebs.csi.aws.com-2")});
  const v1::Pod inTreeNonMigratableOneVolPod = PodWith({PVC("csi-kubernetes.io/hostpath-0")});

  const v1::Pod ephemeralVolumePod = PodWith({Volume("xyz", "ephemeral")}, "abc", "test");
  v1::PersistentVolumeClaim ephemeralClaim = Claim("abc-xyz", "test");
  ephemeralClaim.metadata.controllerKind = "Pod";
  ephemeralClaim.metadata.controllerName = "abc";
  ephemeralClaim.storageClassName = scName;
  v1::PersistentVolumeClaim conflictingClaim = ephemeralClaim;
  conflictingClaim.metadata.controllerKind.clear();
  conflictingClaim.metadata.controllerName.clear();

  const v1::Pod ephemeralTwoVolumePod = PodWith({Volume("x", "ephemeral"), Volume("y", "ephemeral")}, "abc", "test");
  v1::PersistentVolumeClaim ephemeralClaimX = ephemeralClaim;
  ephemeralClaimX.metadata.name = "abc-x";
  v1::PersistentVolumeClaim ephemeralClaimY = ephemeralClaim;
  ephemeralClaimY.metadata.name = "abc-y";

  const v1::Pod inTreeInlineVolPod = PodWith({Volume("", "awsElasticBlockStore", "aws-inline1")});
  const v1::Pod inTreeInlineVolPodWithSameCSIVolumeID =
      PodWith({Volume("", "awsElasticBlockStore", "csi-ebs.csi.aws.com-1")});
  const v1::Pod onlyConfigmapAndSecretVolPod = PodWith({Volume("", "configMap"), Volume("", "secret")});
  const v1::Pod pvcPodWithConfigmapAndSecret =
      PodWith({Volume("", "configMap"), Volume("", "secret"), PVC("csi-ebs.csi.aws.com-0")});
  const v1::Pod ephemeralPodWithConfigmapAndSecret =
      PodWith({Volume("", "configMap"), Volume("", "secret"), Volume("xyz", "ephemeral")}, "abc", "test");
  const v1::Pod inlineMigratablePodWithConfigmapAndSecret =
      PodWith({Volume("", "configMap"), Volume("", "secret"), Volume("", "awsElasticBlockStore", "aws-inline1")});

  const std::vector<std::string> ebs = {ebsCSIDriverName};
  const std::vector<std::string> inTreeAndEBS = {awsEBSInTreePluginName, ebsCSIDriverName};
  const WantStatus ephemeralMissing{Code::UnschedulableAndUnresolvable,
                                    "looking up PVC test/abc-xyz: persistentvolumeclaims \"abc-xyz\" not found"};
  return {
      {csiEBSOneVolPod,
       {},
       {},
       2,
       2,
       ebs,
       "should count VolumeAttachments towards volume limit when no pods exist",
       "csinode",
       kMaxVolumeCountExceeded},
      {csiEBSOneVolPod,
       {},
       {},
       2,
       1,
       ebs,
       "should schedule pod when VolumeAttachments count does not exceed limit",
       "csinode"},
      {csiEBSOneVolPod,
       {runningPod, csiEBSTwoVolPod},
       {},
       4,
       0,
       ebs,
       "fits when node volume limit >= new pods CSI volume",
       "csinode"},
      {csiEBSOneVolPod,
       {runningPod, csiEBSTwoVolPod},
       {},
       2,
       0,
       ebs,
       "doesn't when node volume limit <= pods CSI volume",
       "csinode",
       kMaxVolumeCountExceeded},
      {csiEBSOneVolPod,
       {runningPod, csiEBSTwoVolPod},
       {},
       2,
       0,
       ebs,
       "should when driver does not support volume limits",
       "csinode-with-no-limit"},
      // should count pending PVCs
      {csiEBSOneVolPod,
       {pendingVolumePod, csiEBSTwoVolPod},
       {},
       2,
       0,
       ebs,
       "count pending PVCs towards volume limit <= pods CSI volume",
       "csinode",
       kMaxVolumeCountExceeded},
      // two same pending PVCs should be counted as 1
      {csiEBSOneVolPod,
       {pendingVolumePod, unboundPVCPod2, csiEBSTwoVolPod},
       {},
       4,
       0,
       ebs,
       "count multiple pending pvcs towards volume limit >= pods CSI volume",
       "csinode"},
      // should count PVCs with invalid PV name but valid SC
      {csiEBSOneVolPod,
       {missingPVPod, csiEBSTwoVolPod},
       {},
       2,
       0,
       ebs,
       "should count PVCs with invalid PV name but valid SC",
       "csinode",
       kMaxVolumeCountExceeded},
      // don't count a volume which has storageclass missing
      {csiEBSOneVolPod,
       {runningPod, noSCPVCPod},
       {},
       2,
       0,
       ebs,
       "don't count pvcs with missing SC towards volume limit",
       "csinode"},
      // don't count multiple volume types
      {csiEBSOneVolPod,
       {gceTwoVolPod, csiEBSTwoVolPod},
       {},
       2,
       0,
       {ebsCSIDriverName, gceCSIDriverName},
       "count pvcs with the same type towards volume limit",
       "csinode",
       kMaxVolumeCountExceeded},
      {gceTwoVolPod,
       {csiEBSTwoVolPod, runningPod},
       {},
       2,
       0,
       {ebsCSIDriverName, gceCSIDriverName},
       "don't count pvcs with different type towards volume limit",
       "csinode"},
      // Tests for in-tree volume migration
      {inTreeOneVolPod,
       {inTreeTwoVolPod},
       {},
       2,
       0,
       inTreeAndEBS,
       "should count in-tree volumes if migration is enabled",
       "csinode",
       kMaxVolumeCountExceeded},
      {inTreeInlineVolPod, {inTreeTwoVolPod}, {}, 0, 0, inTreeAndEBS, "nil csi node", ""},
      {pendingVolumePod,
       {inTreeTwoVolPod},
       {},
       2,
       0,
       inTreeAndEBS,
       "should count unbound in-tree volumes if migration is enabled",
       "csinode",
       kMaxVolumeCountExceeded},
      {inTreeOneVolPod,
       {inTreeTwoVolPod},
       {},
       2,
       0,
       inTreeAndEBS,
       "should not limit pod if volume used does not report limits",
       "csinode-with-no-limit"},
      {inTreeNonMigratableOneVolPod,
       {csiEBSTwoVolPod},
       {},
       2,
       0,
       {hostpathInTreePluginName, ebsCSIDriverName},
       "should not count non-migratable in-tree volumes",
       "csinode"},
      {inTreeInlineVolPod,
       {inTreeTwoVolPod},
       {},
       2,
       0,
       inTreeAndEBS,
       "should count in-tree inline volumes if migration is enabled",
       "csinode",
       kMaxVolumeCountExceeded},
      // mixed volumes
      {inTreeOneVolPod,
       {csiEBSTwoVolPod},
       {},
       2,
       0,
       inTreeAndEBS,
       "should count in-tree and csi volumes if migration is enabled (when scheduling in-tree volumes)",
       "csinode",
       kMaxVolumeCountExceeded},
      {inTreeInlineVolPod,
       {csiEBSTwoVolPod, inTreeOneVolPod},
       {},
       3,
       0,
       inTreeAndEBS,
       "should count in-tree, inline and csi volumes if migration is enabled (when scheduling in-tree volumes)",
       "csinode",
       kMaxVolumeCountExceeded},
      {inTreeInlineVolPodWithSameCSIVolumeID,
       {csiEBSTwoVolPod, inTreeOneVolPod},
       {},
       3,
       0,
       inTreeAndEBS,
       "should not count in-tree, inline and csi volumes if migration is enabled (when scheduling in-tree volumes)",
       "csinode"},
      {csiEBSOneVolPod,
       {inTreeTwoVolPod},
       {},
       2,
       0,
       inTreeAndEBS,
       "should count in-tree and csi volumes if migration is enabled (when scheduling csi volumes)",
       "csinode",
       kMaxVolumeCountExceeded},
      // ephemeral volumes
      {ephemeralVolumePod, {}, {}, 0, 0, ebs, "ephemeral volume missing", "csinode-with-no-limit", ephemeralMissing},
      {ephemeralVolumePod,
       {},
       {conflictingClaim},
       0,
       0,
       ebs,
       "ephemeral volume not owned",
       "csinode-with-no-limit",
       {Code::Error, "PVC test/abc-xyz was not created for pod test/abc (pod is not owner)"}},
      {ephemeralVolumePod, {}, {ephemeralClaim}, 0, 0, ebs, "ephemeral volume unbound", "csinode-with-no-limit"},
      {ephemeralVolumePod,
       {runningPod, csiEBSTwoVolPod},
       {ephemeralClaim},
       2,
       0,
       ebs,
       "ephemeral doesn't when node volume limit <= pods CSI volume",
       "csinode",
       kMaxVolumeCountExceeded},
      {csiEBSOneVolPod,
       {runningPod, ephemeralTwoVolumePod},
       {ephemeralClaimX, ephemeralClaimY},
       2,
       0,
       ebs,
       "ephemeral doesn't when node volume limit <= pods ephemeral CSI volume",
       "csinode",
       kMaxVolumeCountExceeded},
      {csiEBSOneVolPod,
       {runningPod, ephemeralVolumePod, csiEBSTwoVolPod},
       {ephemeralClaim},
       3,
       0,
       ebs,
       "persistent doesn't when node volume limit <= pods ephemeral CSI volume + persistent volume, ephemeral "
       "disabled",
       "csinode",
       kMaxVolumeCountExceeded},
      {csiEBSOneVolPod,
       {runningPod, ephemeralVolumePod, csiEBSTwoVolPod},
       {ephemeralClaim},
       3,
       0,
       ebs,
       "persistent doesn't when node volume limit <= pods ephemeral CSI volume + persistent volume",
       "csinode",
       kMaxVolumeCountExceeded},
      {csiEBSOneVolPod,
       {runningPod, ephemeralVolumePod, csiEBSTwoVolPod},
       {ephemeralClaim},
       5,
       0,
       ebs,
       "persistent okay when node volume limit > pods ephemeral CSI volume + persistent volume",
       "csinode"},
      {onlyConfigmapAndSecretVolPod,
       {},
       {},
       2,
       0,
       ebs,
       "skip Filter when the pod only uses secrets and configmaps",
       "csinode",
       kSuccess,
       Code::Skip},
      {pvcPodWithConfigmapAndSecret, {}, {}, 2, 0, ebs, "don't skip Filter when the pod has pvcs", "csinode"},
      {ephemeralPodWithConfigmapAndSecret,
       {},
       {},
       0,
       0,
       ebs,
       "don't skip Filter when the pod has ephemeral volumes",
       "csinode-with-no-limit",
       ephemeralMissing},
      {inlineMigratablePodWithConfigmapAndSecret,
       {inTreeTwoVolPod},
       {},
       2,
       0,
       inTreeAndEBS,
       "don't skip Filter when the pod has inline migratable volumes",
       "csinode",
       kMaxVolumeCountExceeded},
  };
}

TEST(NodeVolumeLimitsTest, TestCSILimits) {
  for (int minor = 32; minor <= kMasterMinor; ++minor)
    for (const CSILimitsCase& tc : CSILimitsCases()) {
      Scenario extra = Objects(tc.limitSource, tc.maxVols, tc.driverNames, tc.vaCount, tc.extraClaims);
      extra.release = ReleaseOf(minor);
      RunCase(KubeVersionName(minor) + " " + tc.test, tc.newPod, tc.existingPods, std::move(extra), tc.wantStatus,
              tc.wantPreFilterStatus);
    }
}

// spreadlab's own: before kubernetes#127757 (1.32) VolumeAttachments are not counted, so
// the first case of TestCSILimits fits.
TEST(NodeVolumeLimitsTest, VolumeAttachmentsCountFrom132) {
  const v1::Pod csiEBSOneVolPod = PodWith({PVC("csi-ebs.csi.aws.com-0")});
  for (int minor : {30, 31, 32}) {
    Scenario extra = Objects("csinode", 2, {ebsCSIDriverName}, 2, {});
    extra.release = ReleaseOf(minor);
    RunCase(KubeVersionName(minor), csiEBSOneVolPod, {}, std::move(extra),
            minor >= 32 ? kMaxVolumeCountExceeded : kSuccess);
  }
}

// spreadlab's own: the first two cases of TestCSILimits record the driver's count against
// the CSINode's limit, with the VolumeAttachments counted.
TEST(NodeVolumeLimitsTest, RecordsTheCountForTheExplanation) {
  const v1::Pod csiEBSOneVolPod = PodWith({PVC("csi-ebs.csi.aws.com-0")});
  for (const auto& [vaCount, want] :
       std::vector<std::pair<int, std::string>>{{2, "ebs.csi.aws.com 2+1>2"}, {1, "ebs.csi.aws.com 1+1<=2"}}) {
    Scenario extra = Objects("csinode", 2, {ebsCSIDriverName}, vaCount, {});
    extra.release = ReleaseOf(kMasterMinor);
    EXPECT_EQ(RunCase(want, csiEBSOneVolPod, {}, std::move(extra), vaCount == 2 ? kMaxVolumeCountExceeded : kSuccess),
              std::vector<std::string>{want});
  }
}

struct GateCase {
  std::string name;
  bool enableVolumeLimitScaling = false;
  std::string limitSource;
  int32_t limit = 0;
  bool csiDriverPresent = false;
  bool preventPodSchedulingIfMissing = false;
  WantStatus wantStatus;
};

void RunGateCases(int minor, const std::vector<GateCase>& cases) {
  // Pod uses a PVC that resolves to the EBS CSI driver via PV
  const v1::Pod newPod = PodWith({PVC("csi-ebs.csi.aws.com-0")});
  for (const GateCase& tt : cases) {
    Scenario extra = Objects(tt.limitSource, tt.limit, {ebsCSIDriverName}, 0, {});
    if (tt.csiDriverPresent) {
      v1::CSIDriver d;
      d.metadata.name = ebsCSIDriverName;
      if (tt.preventPodSchedulingIfMissing) d.preventPodSchedulingIfMissing = true;
      extra.csiDrivers.push_back(d);
    }
    extra.release = ReleaseOf(minor, {{"VolumeLimitScaling", tt.enableVolumeLimitScaling}});
    RunCase(KubeVersionName(minor) + " " + tt.name, newPod, {}, std::move(extra), tt.wantStatus);
  }
}

const WantStatus kDriverNotInstalled{Code::Unschedulable,
                                     std::string(ebsCSIDriverName) + " CSI driver is not installed on the node"};

// TestVolumeLimitScalingGate at v1.37.2 (the same at v1.36.3).
TEST(NodeVolumeLimitsTest, TestVolumeLimitScalingGate) {
  const std::vector<GateCase> cases = {
      {"gate enabled - allow scheduling when CSIDriver exists but PreventPodSchedulingIfMissing is not set", true,
       "no-csi-driver", 0, true, false, kSuccess},
      {"gate enabled - fail when driver not installed and PreventPodSchedulingIfMissing is true", true, "no-csi-driver",
       0, true, true, kDriverNotInstalled},
      {"gate disabled - skip driver presence check (regardless of CSIDriver presence)", false, "no-csi-driver", 0, true,
       true, kSuccess},
      {"gate enabled - driver installed within limit", true, "csinode", 2, true, true, kSuccess},
      {"gate enabled - allow scheduling when CSIDriver object missing", true, "no-csi-driver", 0, false, false,
       kSuccess},
  };
  for (int minor : {36, 37, kMasterMinor}) RunGateCases(minor, cases);
}

// TestVolumeLimitScalingGate at v1.35.4: any CSIDriver object opts its driver in.
TEST(NodeVolumeLimitsTest, TestVolumeLimitScalingGate135) {
  RunGateCases(35, {
                       {"gate enabled - fail when driver not installed and CSIDriver exists", true, "no-csi-driver", 0,
                        true, false, kDriverNotInstalled},
                       {"gate disabled - skip driver presence check (regardless of CSIDriver presence)", false,
                        "no-csi-driver", 0, true, false, kSuccess},
                       {"gate enabled - driver installed within limit", true, "csinode", 2, true, false, kSuccess},
                       {"gate enabled - allow scheduling when CSIDriver object missing", true, "no-csi-driver", 0,
                        false, false, kSuccess},
                   });
}

}  // namespace
}  // namespace spreadlab
