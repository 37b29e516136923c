// ClaimObjects (controlplane/controllers/controller_ref_manager.h): upstream's TestClaimPods
// (pkg/controller/controller_ref_manager_test.go), row by row. The pods' owner is made
// with metav1.NewControllerRef there; here with the reference a controller sets. The
// finalizers row is kept without finalizers (spreadlab does not model them).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "controlplane/controllers/controller_ref_manager.h"

namespace spreadlab::controlplane {
namespace {

using json = nlohmann::ordered_json;

const v1::LabelMap kProductionLabel = {{"type", "production"}};
const v1::LabelMap kTestLabel = {{"type", "testing"}};
const std::string kControllerUid = "123";

ClaimingController ReplicationController(const std::string& uid, bool deleting = false,
                                         const std::string& ns = "default") {
  return {"v1", "ReplicationController", ns, "rc", uid, /*uidGiven=*/true, deleting};
}

json NewPod(const std::string& name, const v1::LabelMap& labels, const ClaimingController* owner = nullptr) {
  json pod = {{"apiVersion", "v1"},
              {"kind", "Pod"},
              {"metadata", {{"name", name}, {"labels", labels}, {"namespace", "default"}}},
              {"spec", {{"containers", json::array({json{{"image", "foo/bar"}}})}}}};
  if (owner)
    pod["metadata"]["ownerReferences"] = json::array({json{{"apiVersion", owner->apiVersion},
                                                           {"kind", owner->kind},
                                                           {"name", owner->name},
                                                           {"uid", owner->uid},
                                                           {"controller", true},
                                                           {"blockOwnerDeletion", true}}});
  return pod;
}

struct ClaimCase {
  std::string name;
  ClaimingController controller;
  std::vector<json> pods;
  std::vector<std::string> claimed;  // the names of the pods claimed, in order
  int patches = 0;
};

std::vector<ClaimCase> Cases() {
  const ClaimingController noUid = ReplicationController("");
  const ClaimingController deleting = ReplicationController(kControllerUid, /*deleting=*/true);
  const ClaimingController controller = ReplicationController(kControllerUid);
  const ClaimingController controller2 = ReplicationController("AAAAA");
  json deletedOwned = NewPod("pod1", kProductionLabel, &controller);
  json deletedOrphan = NewPod("pod2", kProductionLabel);
  deletedOwned["metadata"]["deletionTimestamp"] = "2024-01-01T00:00:00Z";
  deletedOrphan["metadata"]["deletionTimestamp"] = "2024-01-01T00:00:00Z";
  json otherNamespace = NewPod("pod2", kProductionLabel);
  otherNamespace["metadata"]["namespace"] = "fakens";
  return {
      {"Claim pods with correct label",
       noUid,
       {NewPod("pod1", kProductionLabel), NewPod("pod2", kTestLabel)},
       {"pod1"},
       1},
      {"Controller marked for deletion can not claim pods",
       deleting,
       {NewPod("pod1", kProductionLabel), NewPod("pod2", kProductionLabel)},
       {},
       0},
      {"Controller marked for deletion can not claim new pods",
       deleting,
       {NewPod("pod1", kProductionLabel, &deleting), NewPod("pod2", kProductionLabel)},
       {"pod1"},
       0},
      {"Controller can not claim pods owned by another controller",
       controller,
       {NewPod("pod1", kProductionLabel, &controller), NewPod("pod2", kProductionLabel, &controller2)},
       {"pod1"},
       0},
      {"Controller releases claimed pods when selector doesn't match",
       controller,
       {NewPod("pod1", kProductionLabel, &controller), NewPod("pod2", kTestLabel, &controller)},
       {"pod1"},
       1},
      {"Controller does not claim orphaned pods marked for deletion",
       controller,
       {deletedOwned, deletedOrphan},
       {"pod1"},
       0},
      {"Controller claims or release pods according to selector",
       controller,
       {NewPod("pod1", kProductionLabel, &controller), NewPod("pod2", kTestLabel, &controller),
        NewPod("pod3", kProductionLabel)},
       {"pod1", "pod3"},
       2},
      {"Controller does not claim pods of different namespace",
       controller,
       {NewPod("pod1", kProductionLabel), otherNamespace},
       {"pod1"},
       1},
      {"Cluster scoped controller claims pods of specified namespace",
       ReplicationController(kControllerUid, false, ""),
       {NewPod("pod1", kProductionLabel), otherNamespace},
       {"pod1", "pod2"},
       2},
  };
}

TEST(ControllerRefManagerTest, ClaimPods) {
  const v1::LabelSelector productionLabelSelector{kProductionLabel, {}};
  for (ClaimCase& c : Cases()) {
    SCOPED_TRACE(c.name);
    std::vector<json*> pods;
    for (json& p : c.pods) pods.push_back(&p);
    const std::vector<Claim> claims = ClaimObjects(pods, c.controller, productionLabelSelector);
    ASSERT_EQ(claims.size(), c.pods.size());
    std::vector<std::string> claimed;
    int patches = 0;
    for (size_t k = 0; k < claims.size(); ++k) {
      const json& meta = c.pods[k]["metadata"];
      if (claims[k] == Claim::Owned || claims[k] == Claim::Adopted) claimed.push_back(meta["name"]);
      if (claims[k] == Claim::Adopted || claims[k] == Claim::Released) ++patches;
      // The patch's effect: an adopted pod's controller reference carries the
      // controller's uid; a released one has none left.
      const json* ref = ControllerRefOf(meta);
      if (claims[k] == Claim::Adopted) {
        ASSERT_NE(ref, nullptr);
        EXPECT_EQ((*ref)["uid"], c.controller.uid);
        EXPECT_EQ((*ref)["kind"], "ReplicationController");
      }
      if (claims[k] == Claim::Released) EXPECT_EQ(ref, nullptr);
    }
    EXPECT_EQ(claimed, c.claimed);
    EXPECT_EQ(patches, c.patches);
  }
}

// ReleasePod's patch deletes by uid and AdoptPod's merges by uid: a non-controller
// reference beside the controller's stays, and one to the adopting controller becomes
// its controller reference.
TEST(ControllerRefManagerTest, PatchesKeepOtherReferences) {
  const ClaimingController controller = ReplicationController(kControllerUid);
  const json other = {{"apiVersion", "v1"}, {"kind", "ConfigMap"}, {"name", "cm"}, {"uid", "cm-uid"}};
  json released = NewPod("pod1", kTestLabel, &controller);
  released["metadata"]["ownerReferences"].push_back(other);
  json adopted = NewPod("pod2", kProductionLabel);
  adopted["metadata"]["ownerReferences"] = json::array(
      {other, json{{"apiVersion", "v1"}, {"kind", "ReplicationController"}, {"name", "rc"}, {"uid", kControllerUid}}});
  const std::vector<Claim> claims =
      ClaimObjects({&released, &adopted}, controller, v1::LabelSelector{kProductionLabel, {}});
  EXPECT_EQ(claims, (std::vector<Claim>{Claim::Released, Claim::Adopted}));
  EXPECT_EQ(released["metadata"]["ownerReferences"], json::array({other}));
  ASSERT_EQ(adopted["metadata"]["ownerReferences"].size(), 2u);
  EXPECT_EQ(adopted["metadata"]["ownerReferences"][1]["controller"], true);
  EXPECT_EQ(adopted["metadata"]["ownerReferences"][1]["blockOwnerDeletion"], true);
}

}  // namespace
}  // namespace spreadlab::controlplane
