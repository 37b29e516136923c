// The PV controller (controlplane/controllers/volume/persistentvolume_controller.cpp): the
// binder's choice of a volume for a claim (index_test.go TestMatchVolume and
// pv_controller_test.go / binder_test.go rows that apply), what both sides read once bound,
// and the provisioner stand-in's volume.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "controlplane/controllers/controllers.h"
#include "testing/documents.h"

namespace spreadlab::controlplane {
namespace {

using json = nlohmann::ordered_json;

using testing::Node;

json Volume(const std::string& name, const std::string& size, std::vector<std::string> modes,
            const std::string& cls = "") {
  json pv = {{"apiVersion", "v1"},
             {"kind", "PersistentVolume"},
             {"metadata", {{"name", name}}},
             {"spec", {{"capacity", {{"storage", size}}}, {"accessModes", modes}}},
             {"status", {{"phase", "Available"}}}};
  if (!cls.empty()) pv["spec"]["storageClassName"] = cls;
  return pv;
}

json Claim(const std::string& name, const std::string& size, std::vector<std::string> modes = {"ReadWriteOnce"}) {
  return {{"apiVersion", "v1"},
          {"kind", "PersistentVolumeClaim"},
          {"metadata", {{"name", name}, {"namespace", "default"}}},
          {"spec", {{"accessModes", modes}, {"resources", {{"requests", {{"storage", size}}}}}}},
          {"status", {{"phase", "Pending"}}}};
}

json Class(const std::string& name, const std::string& provisioner, const std::string& mode) {
  return {{"apiVersion", "storage.k8s.io/v1"},
          {"kind", "StorageClass"},
          {"metadata", {{"name", name}}},
          {"provisioner", provisioner},
          {"volumeBindingMode", mode}};
}

using testing::List;

const json* Find(const json& doc, const std::string& kind, const std::string& name) {
  for (const json& it : doc["items"])
    if (it["kind"] == kind && it["metadata"]["name"] == name) return &it;
  return nullptr;
}

// The volume the claim was bound to, "" when none.
std::string BoundVolume(const json& doc, const std::string& claim) {
  const json* c = Find(doc, "PersistentVolumeClaim", claim);
  return c && c->contains("spec") && (*c)["spec"].contains("volumeName") ? (*c)["spec"]["volumeName"].get<std::string>()
                                                                         : "";
}

// index_test.go createTestVolumes, in its spirit: deliberately out of order; gce-pd-1 is
// bound to another claim.
std::vector<json> TestVolumes() {
  json bound = Volume("gce-pd-1", "1G", {"ReadWriteOnce", "ReadOnlyMany"});
  bound["spec"]["claimRef"] = {{"namespace", "default"}, {"name", "other"}};
  bound["status"]["phase"] = "Bound";
  json labelled = Volume("gce-pd-20", "20G", {"ReadWriteOnce", "ReadOnlyMany"});
  labelled["metadata"]["labels"] = {{"should-exist", "true"}};
  json block = Volume("block-10", "10G", {"ReadWriteOnce"});
  block["spec"]["volumeMode"] = "Block";
  return {Volume("gce-pd-10", "10G", {"ReadWriteOnce", "ReadOnlyMany"}),
          Volume("gce-pd-5", "5G", {"ReadWriteOnce", "ReadOnlyMany"}),
          bound,
          Volume("nfs-5", "5G", {"ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany"}),
          labelled,
          block,
          Volume("gold-5", "5G", {"ReadWriteOnce", "ReadOnlyMany"}, "gold")};
}

TEST(PersistentVolumeControllerTest, MatchVolume) {
  struct Row {
    const char* name;  // index_test.go TestMatchVolume's, where the row is upstream's
    json claim;
    std::string expected;
  };
  json nfs = Claim("c", "5G", {"ReadOnlyMany", "ReadWriteOnce", "ReadWriteMany"});
  json noLabel = Claim("c", "999G");
  noLabel["spec"]["selector"] = {{"matchLabels", {{"should-not-exist", "true"}}}};
  json label = Claim("c", "1G");
  label["spec"]["selector"] = {{"matchLabels", {{"should-exist", "true"}}}};
  json gold = Claim("c", "1G");
  gold["spec"]["storageClassName"] = "gold";
  json block = Claim("c", "1G");
  block["spec"]["volumeMode"] = "Block";
  json rwop = Claim("c", "1G", {"ReadWriteOncePod"});
  const std::vector<Row> rows = {
      {"successful-match-gce-10", Claim("c", "8G"), "gce-pd-10"},
      {"successful-match-nfs-5", nfs, "nfs-5"},
      {"successful-skip-1g-bound-volume", Claim("c", "1G"), "gce-pd-5"},
      {"successful-no-match", Claim("c", "999G"), ""},
      {"successful-no-match-due-to-label", noLabel, ""},
      {"successful-match-with-label", label, "gce-pd-20"},
      {"successful-match-with-class", gold, "gold-5"},
      {"successful-match-block (volumeMode)", block, "block-10"},
      {"unsuccessful-match-access-mode", rwop, ""},
  };
  for (const Row& row : rows) {
    std::vector<json> items = TestVolumes();
    items.push_back(row.claim);
    json doc = List(items);
    ControllerResult r;
    RunControllers(doc, r);
    EXPECT_EQ(BoundVolume(doc, "c"), row.expected) << row.name;
  }
}

// findByClaim searches the access-mode sets fewest modes first: a bigger volume with just
// the claim's mode wins over a smaller one offering more (index_test.go TestFindingPreboundVolumes'
// neighbour TestAllPossibleAccessModes, as it decides the search).
TEST(PersistentVolumeControllerTest, FewestAccessModesFirst) {
  json doc = List({Volume("rwo-rox-5", "5G", {"ReadWriteOnce", "ReadOnlyMany"}),
                   Volume("rwo-10", "10G", {"ReadWriteOnce"}), Claim("c", "1G")});
  ControllerResult r;
  RunControllers(doc, r);
  EXPECT_EQ(BoundVolume(doc, "c"), "rwo-10");
}

// binder_test.go syncUnboundClaim rows: both sides as bind writes them.
TEST(PersistentVolumeControllerTest, BindWritesBothSides) {
  json doc = List({Volume("volume1-1", "1Gi", {"ReadWriteOnce"}), Claim("claim1-1", "1Gi")});
  ControllerResult r;
  RunControllers(doc, r);
  const json& claim = *Find(doc, "PersistentVolumeClaim", "claim1-1");
  const json& pv = *Find(doc, "PersistentVolume", "volume1-1");
  EXPECT_EQ(claim["spec"]["volumeName"], "volume1-1");
  EXPECT_EQ(claim["metadata"]["annotations"]["pv.kubernetes.io/bind-completed"], "yes");
  EXPECT_EQ(claim["metadata"]["annotations"]["pv.kubernetes.io/bound-by-controller"], "yes");
  EXPECT_EQ(claim["status"]["phase"], "Bound");
  EXPECT_EQ(claim["status"]["capacity"]["storage"], "1Gi");
  EXPECT_EQ(claim["status"]["accessModes"], json::array({"ReadWriteOnce"}));
  EXPECT_EQ(pv["spec"]["claimRef"]["name"], "claim1-1");
  EXPECT_EQ(pv["spec"]["claimRef"]["namespace"], "default");
  EXPECT_EQ(pv["metadata"]["annotations"]["pv.kubernetes.io/bound-by-controller"], "yes");
  EXPECT_EQ(pv["status"]["phase"], "Bound");
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_EQ(r.notes[0], "items[1]: PersistentVolumeClaim default/claim1-1 bound to PersistentVolume volume1-1");
  // Bound to completion: the next sync changes nothing.
  const json before = doc;
  RunControllers(doc, r);
  EXPECT_EQ(doc, before);
  EXPECT_TRUE(r.notes.empty());
}

TEST(PersistentVolumeControllerTest, SyncUnboundClaimRows) {
  struct Row {
    const char* name;  // binder_test.go TestSync's
    std::vector<json> items;
    std::string expected;  // the claim's volume after the sync
  };
  json prebound = Volume("volume1-3", "1Gi", {"ReadWriteOnce"});
  prebound["spec"]["claimRef"] = {{"namespace", "default"}, {"name", "claim1-3"}};
  prebound["status"]["phase"] = "Available";
  json smaller = Volume("volume1-2", "1Gi", {"ReadWriteOnce"});
  json named = Claim("claim1-3", "1Gi");
  named["spec"]["volumeName"] = "volume2-3";
  json namedTooSmall = Claim("claim2-5", "10Gi");
  namedTooSmall["spec"]["volumeName"] = "volume2-5";
  json otherClaims = Volume("volume2-6", "1Gi", {"ReadWriteOnce"});
  otherClaims["spec"]["claimRef"] = {{"namespace", "default"}, {"name", "claim2-other"}};
  otherClaims["status"]["phase"] = "Bound";
  json namedTaken = Claim("claim2-6", "1Gi");
  namedTaken["spec"]["volumeName"] = "volume2-6";
  json unknown = Claim("claim2-1", "1Gi");
  unknown["spec"]["volumeName"] = "volume2-1";
  json noStatus = Volume("volume1-9", "1Gi", {"ReadWriteOnce"});
  noStatus.erase("status");
  json wffc = Claim("claim1-10", "1Gi");
  wffc["spec"]["storageClassName"] = "wait";
  json wffcVolume = Volume("volume1-10", "1Gi", {"ReadWriteOnce"}, "wait");
  const std::vector<Row> rows = {
      {"1-1 - successful bind", {Volume("volume1-1", "1Gi", {"ReadWriteOnce"}), Claim("claim1-1", "1Gi")}, "volume1-1"},
      {"1-2 - noop with no volumes", {Claim("claim1-2", "10Gi")}, ""},
      {"1-3 - the volume pre-bound to the claim first", {smaller, prebound, Claim("claim1-3", "1Gi")}, "volume1-3"},
      {"1-9 - a volume without status becomes Available and is bound",
       {noStatus, Claim("claim1-9", "1Gi")},
       "volume1-9"},
      {"2-1 - the claim names a volume that does not exist", {unknown}, "volume2-1"},
      {"2-3 - the claim names an unbound volume", {Volume("volume2-3", "1Gi", {"ReadWriteOnce"}), named}, "volume2-3"},
      {"2-5 - the named volume is too small",
       {Volume("volume2-5", "1Gi", {"ReadWriteOnce"}), namedTooSmall},
       "volume2-5"},
      {"2-6 - the named volume is bound to another claim", {otherClaims, namedTaken}, "volume2-6"},
      {"1-10 - WaitForFirstConsumer: the scheduler binds",
       {Class("wait", "kubernetes.io/no-provisioner", "WaitForFirstConsumer"), wffcVolume, wffc},
       ""},
  };
  for (const Row& row : rows) {
    json doc = List(row.items);
    ControllerResult r;
    RunControllers(doc, r);
    const std::string claimName = row.items.back()["metadata"]["name"];
    EXPECT_EQ(BoundVolume(doc, claimName), row.expected) << row.name;
    const json& claim = *Find(doc, "PersistentVolumeClaim", claimName);
    const bool completed = claim["metadata"].contains("annotations") &&
                           claim["metadata"]["annotations"].contains("pv.kubernetes.io/bind-completed");
    const bool bound = std::string(row.name).rfind("1-1 ", 0) == 0 || std::string(row.name).rfind("1-3 ", 0) == 0 ||
                       std::string(row.name).rfind("1-9 ", 0) == 0 || std::string(row.name).rfind("2-3 ", 0) == 0;
    EXPECT_EQ(completed, bound) << row.name;
    EXPECT_EQ(claim["status"]["phase"], bound ? "Bound" : "Pending") << row.name;
  }
}

// A WaitForFirstConsumer claim the scheduler's Reserve gave a static volume (its claimRef)
// and the selected node is bound to that volume: the PV controller completes the binding.
TEST(PersistentVolumeControllerTest, CompletesTheSchedulersStaticBinding) {
  json pv = Volume("local-a", "10Gi", {"ReadWriteOnce"}, "local");
  pv["spec"]["claimRef"] = {{"kind", "PersistentVolumeClaim"}, {"namespace", "default"}, {"name", "data"}};
  json claim = Claim("data", "5Gi");
  claim["spec"]["storageClassName"] = "local";
  claim["metadata"]["annotations"] = {{"volume.kubernetes.io/selected-node", "a1"}};
  json doc = List({Node("a1", "a"), Class("local", "kubernetes.io/no-provisioner", "WaitForFirstConsumer"),
                   Volume("local-b", "5Gi", {"ReadWriteOnce"}, "local"), pv, claim});
  ControllerResult r;
  RunControllers(doc, r);
  EXPECT_EQ(BoundVolume(doc, "data"), "local-a");
  EXPECT_EQ((*Find(doc, "PersistentVolume", "local-a"))["status"]["phase"], "Bound");
  EXPECT_EQ((*Find(doc, "PersistentVolume", "local-b"))["status"]["phase"], "Available");
}

json Provisioned(const json& doc, const std::string& name) {
  const json* pv = Find(doc, "PersistentVolume", name);
  return pv ? *pv : json();
}

json ZoneTerm(const std::string& key, const std::string& value) {
  return json::array({{{"matchExpressions", json::array({{{"key", key}, {"operator", "In"}, {"values", {value}}}})}}});
}

TEST(PersistentVolumeControllerTest, ProvisionerStandIn) {
  json wffc = Claim("data-db-0", "10Gi");
  wffc["spec"]["storageClassName"] = "zonal";
  json waiting = wffc;
  wffc["metadata"]["annotations"] = {{"volume.kubernetes.io/selected-node", "b1"}};
  json zonal = Class("zonal", "ebs.csi.aws.com", "WaitForFirstConsumer");
  zonal["reclaimPolicy"] = "Retain";

  {  // The selected node's zone; the class's reclaim policy; a csi source.
    json doc = List({Node("a1", "a"), Node("b1", "b"), zonal, wffc});
    ControllerResult r;
    RunControllers(doc, r);
    const json pv = Provisioned(doc, "pvc-default-data-db-0");
    ASSERT_TRUE(pv.is_object());
    EXPECT_EQ(pv["spec"]["capacity"]["storage"], "10Gi");
    EXPECT_EQ(pv["spec"]["persistentVolumeReclaimPolicy"], "Retain");
    EXPECT_EQ(pv["spec"]["storageClassName"], "zonal");
    EXPECT_EQ(pv["spec"]["csi"]["driver"], "ebs.csi.aws.com");
    EXPECT_EQ(pv["metadata"]["annotations"]["pv.kubernetes.io/provisioned-by"], "ebs.csi.aws.com");
    EXPECT_EQ(pv["spec"]["nodeAffinity"]["required"]["nodeSelectorTerms"],
              ZoneTerm("topology.kubernetes.io/zone", "b"));
    EXPECT_EQ(pv["status"]["phase"], "Bound");
    EXPECT_EQ(BoundVolume(doc, "data-db-0"), "pvc-default-data-db-0");
    EXPECT_EQ((*Find(doc, "PersistentVolumeClaim",
                     "data-db-0"))["metadata"]["annotations"]["volume.kubernetes.io/storage-provisioner"],
              "ebs.csi.aws.com");
    EXPECT_EQ(r.notes.size(), 2u);
  }
  {  // No selected node yet: nothing is provisioned.
    json doc = List({Node("a1", "a"), zonal, waiting});
    ControllerResult r;
    RunControllers(doc, r);
    EXPECT_FALSE(Provisioned(doc, "pvc-default-data-db-0").is_object());
    EXPECT_EQ(BoundVolume(doc, "data-db-0"), "");
  }
  {  // The CSINode's topologyKeys for the driver, with the node's values; the claim's uid names the volume.
    json csiNode = {{"apiVersion", "storage.k8s.io/v1"},
                    {"kind", "CSINode"},
                    {"metadata", {{"name", "b1"}}},
                    {"spec",
                     {{"drivers", json::array({{{"name", "ebs.csi.aws.com"},
                                                {"nodeID", "i-b1"},
                                                {"topologyKeys", {"topology.ebs.csi.aws.com/zone"}}}})}}}};
    json node = Node("b1", "b");
    node["metadata"]["labels"]["topology.ebs.csi.aws.com/zone"] = "b";
    json claim = wffc;
    claim["metadata"]["uid"] = "4f1c";
    json doc = List({node, csiNode, zonal, claim});
    ControllerResult r;
    RunControllers(doc, r);
    EXPECT_EQ(Provisioned(doc, "pvc-4f1c")["spec"]["nodeAffinity"]["required"]["nodeSelectorTerms"],
              ZoneTerm("topology.ebs.csi.aws.com/zone", "b"));
  }
  {  // Immediate: the first node (file order) the class's allowedTopologies allow, narrowed to its values.
    json immediate = Class("fast", "pd.csi.storage.gke.io", "Immediate");
    immediate["allowedTopologies"] = json::array(
        {{{"matchLabelExpressions", json::array({{{"key", "topology.kubernetes.io/zone"}, {"values", {"b", "c"}}}})}}});
    json claim = Claim("data", "1Gi");
    claim["spec"]["storageClassName"] = "fast";
    json doc = List({Node("a1", "a"), Node("c1", "c"), Node("b1", "b"), immediate, claim});
    ControllerResult r;
    RunControllers(doc, r);
    const json pv = Provisioned(doc, "pvc-default-data");
    EXPECT_EQ(pv["spec"]["nodeAffinity"]["required"]["nodeSelectorTerms"],
              ZoneTerm("topology.kubernetes.io/zone", "c"));
    EXPECT_EQ(pv["spec"]["persistentVolumeReclaimPolicy"], "Delete");
    EXPECT_EQ(BoundVolume(doc, "data"), "pvc-default-data");
  }
  {  // kubernetes.io/no-provisioner makes nothing.
    json claim = Claim("data", "1Gi");
    claim["spec"]["storageClassName"] = "static";
    json doc = List({Node("a1", "a"), Class("static", "kubernetes.io/no-provisioner", "Immediate"), claim});
    ControllerResult r;
    RunControllers(doc, r);
    EXPECT_EQ(BoundVolume(doc, "data"), "");
  }
}

}  // namespace
}  // namespace spreadlab::controlplane
