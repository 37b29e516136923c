// The StatefulSet controller's claims and rollout (controlplane/controllers/statefulset/):
// upstream's tables of stateful_set_utils_test.go (TestIsClaimOwnerUpToDate,
// TestUpdateClaimOwnerRefForSetAndPod, TestGetStatefulSetMaxUnavailable), the RollingUpdate's
// choice of pods (stateful_set_control.go updateStatefulSetAfterInvariantEstablished), then
// the controllers over a document: claims deleted with their scaled-down pods, ephemeral
// claims made and deleted with their pod, a rollout pod by pod.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "controlplane/controllers/controllers.h"
#include "controlplane/controllers/statefulset/claim_retention.h"
#include "controlplane/controllers/statefulset/rolling_update.h"
#include "core/release.h"
#include "testing/documents.h"

namespace spreadlab::controlplane {
namespace {

using json = nlohmann::ordered_json;
using statefulset::Retention;
using statefulset::RetentionPolicy;

constexpr Retention kRetain = Retention::Retain;
constexpr Retention kDelete = Retention::Delete;

// addControllerRef's reference to an owner.
json RefTo(const ClaimingController& owner, bool controller = true) {
  return {{"apiVersion", owner.apiVersion}, {"kind", owner.kind},        {"name", owner.name}, {"uid", owner.uid},
          {"controller", controller},       {"blockOwnerDeletion", true}};
}

// TestIsClaimOwnerUpToDate: each policy with every mix of a pod reference, a set reference and
// two unrelated owners; up to date exactly when the references are the ones the policy needs.
TEST(StatefulSetClaimRetentionTest, IsClaimOwnerUpToDate) {
  struct Case {
    const char* name;
    Retention scaleDownPolicy, setDeletePolicy;
    bool needsPodRef, needsSetRef;
    int replicas, ordinal;
  };
  const Case cases[] = {
      {"retain", kRetain, kRetain, false, false, 0, 0},
      {"on SS delete", kRetain, kDelete, false, true, 0, 0},
      {"on scaledown only, condemned", kDelete, kRetain, true, false, 2, 2},
      {"on scaledown only, remains", kDelete, kRetain, false, false, 2, 1},
      {"on both, condemned", kDelete, kDelete, true, false, 2, 2},
      {"on both, remains", kDelete, kDelete, false, true, 2, 1},
  };
  for (const Case& c : cases)
    for (bool useOtherRefs : {false, true})
      for (bool setPodRef : {false, true})
        for (bool setSetRef : {false, true}) {
          SCOPED_TRACE(::testing::Message()
                       << c.name << " pod=" << setPodRef << " set=" << setSetRef << " others=" << useOtherRefs);
          const ClaimingController pod{"v1", "Pod", "default", "pod-" + std::to_string(c.ordinal), "pod-123"};
          const ClaimingController set{"apps/v1", "StatefulSet", "default", "stateful-set", "ss-456"};
          json refs = json::array();
          if (setPodRef) refs.push_back(RefTo(pod));
          if (setSetRef) refs.push_back(RefTo(set));
          if (useOtherRefs) {
            refs.push_back({{"name", "rand1"}, {"apiVersion", "v1"}, {"kind", "Pod"}, {"uid", "rand1-uid"}});
            refs.push_back({{"name", "rand2"}, {"apiVersion", "v1"}, {"kind", "Pod"}, {"uid", "rand2-uid"}});
          }
          // podInOrdinalRange with start 0: ordinal < replicas.
          const statefulset::ClaimOwners owners{refs, set, pod, c.ordinal >= c.replicas};
          EXPECT_EQ(statefulset::IsClaimOwnerUpToDate(owners, RetentionPolicy{c.setDeletePolicy, c.scaleDownPolicy}),
                    setPodRef == c.needsPodRef && setSetRef == c.needsSetRef);
        }
}

// TestUpdateClaimOwnerRefForSetAndPod: after the update the owner the policy names is the
// claim's controller, whatever references it had; an unexpected controller leaves neither.
TEST(StatefulSetClaimRetentionTest, UpdateClaimOwnerRefForSetAndPod) {
  struct Case {
    const char* name;
    Retention scaleDownPolicy, setDeletePolicy;
    bool condemned, needsPodRef, needsSetRef, unexpectedController;
  };
  const Case cases[] = {
      {"retain", kRetain, kRetain, false, false, false, false},
      {"delete with set", kRetain, kDelete, false, false, true, false},
      {"delete with scaledown, not condemned", kDelete, kRetain, false, false, false, false},
      {"delete on scaledown, condemned", kDelete, kRetain, true, true, false, false},
      {"delete on both, not condemned", kDelete, kDelete, false, false, true, false},
      {"delete on both, condemned", kDelete, kDelete, true, true, false, false},
      {"unexpected controller", kDelete, kDelete, true, false, false, true},
  };
  for (const Case& c : cases)
    for (int variations = 0; variations < 8; ++variations) {
      const bool hasPodRef = (variations & 1) != 0;
      const bool hasSetRef = (variations & 2) != 0;
      const bool extraOwner = (variations & 3) != 0;  // upstream's mask
      SCOPED_TRACE(::testing::Message() << c.name << " hasPodRef=" << hasPodRef << " hasSetRef=" << hasSetRef);
      const ClaimingController set{"apps/v1", "StatefulSet", "default", "ss", "ss-123"};
      // 5 replicas: pod-8 is condemned, pod-1 is not.
      const ClaimingController pod{"v1", "Pod", "default", c.condemned ? "pod-8" : "pod-1", "pod-456"};
      json refs = json::array();
      if (hasPodRef) refs.push_back(RefTo(pod));
      if (hasSetRef) refs.push_back(RefTo(set));
      if (extraOwner)
        refs.push_back({{"apiVersion", "custom/v1"}, {"kind", "random"}, {"name", "random"}, {"uid", "abc"}});
      if (c.unexpectedController)
        refs.push_back({{"apiVersion", "custom/v1"},
                        {"kind", "Unknown"},
                        {"name", "unknown"},
                        {"uid", "xyz"},
                        {"controller", true}});
      const json updated = statefulset::UpdateClaimOwnerRefForSetAndPod(
          statefulset::ClaimOwners{refs, set, pod, c.condemned}, RetentionPolicy{c.setDeletePolicy, c.scaleDownPolicy});
      auto controls = [&](const ClaimingController& owner) {
        for (const json& ref : updated)
          if (ref["uid"] == owner.uid) return ref.value("controller", false);
        return false;
      };
      EXPECT_EQ(controls(pod), c.needsPodRef);
      EXPECT_EQ(controls(set), c.needsSetRef);
    }
}

// A reference of the set's name with another uid is stale: the claim is left alone.
TEST(StatefulSetClaimRetentionTest, AStaleReferenceIsLeftAlone) {
  const ClaimingController set{"apps/v1", "StatefulSet", "default", "ss", "ss-123"};
  const ClaimingController pod{"v1", "Pod", "default", "ss-8", "pod-456"};
  const ClaimingController before{"apps/v1", "StatefulSet", "default", "ss", "ss-old"};
  const json refs = json::array({RefTo(before)});
  EXPECT_TRUE(statefulset::IsClaimOwnerUpToDate({refs, set, pod, true}, RetentionPolicy{kDelete, kDelete}));
}

// TestGetStatefulSetMaxUnavailable.
TEST(StatefulSetRollingUpdateTest, GetStatefulSetMaxUnavailable) {
  struct Case {
    std::optional<rollout::IntOrPercent> maxUnavailable;
    int64_t replicaCount, expected;
  };
  const Case cases[] = {
      {std::nullopt, 10, 1},
      {rollout::IntOrPercent{3, false}, 10, 3},
      {rollout::IntOrPercent{3, false}, 0, 3},
      {rollout::IntOrPercent{0, false}, 0, 1},
      {rollout::IntOrPercent{10, true}, 25, 2},
      {rollout::IntOrPercent{100, true}, 5, 5},
      {rollout::IntOrPercent{50, true}, 5, 2},
      {rollout::IntOrPercent{10, true}, 5, 1},
      {rollout::IntOrPercent{1, true}, 0, 1},
      {rollout::IntOrPercent{0, true}, 0, 1},
  };
  for (const Case& c : cases)
    EXPECT_EQ(statefulset::MaxUnavailable(c.maxUnavailable ? &*c.maxUnavailable : nullptr, c.replicaCount), c.expected)
        << c.replicaCount;
}

// The replicas the RollingUpdate tables below are made of: updated or not, unavailable, terminating.
using statefulset::Replica;
const Replica old{false, false, false}, updated{true, false, false};
const Replica oldDown{false, true, false}, fresh{true, true, false}, terminating{false, true, true};

// updateStatefulSetAfterInvariantEstablished: the pods deleted by one sync, by index.
TEST(StatefulSetRollingUpdateTest, PodsToUpdate) {
  struct Case {
    const char* name;
    std::vector<Replica> replicas;
    int64_t partition, maxUnavailable;
    bool parallel;
    std::vector<size_t> expected;
  };
  const Case cases[] = {
      {"the highest ordinal first", {old, old, old}, 0, 1, false, {2}},
      {"then the next one down", {old, old, updated}, 0, 1, false, {1}},
      {"a replica not available yet holds the update", {old, old, fresh}, 0, 1, false, {}},
      {"a missing replica holds it too", {old, Replica{false, true, false}, updated}, 0, 1, false, {}},
      {"done", {updated, updated, updated}, 0, 1, false, {}},
      {"the partition keeps the ordinals below it", {old, old, updated}, 2, 1, false, {}},
      {"the partition, one above it", {old, old, old}, 2, 1, false, {2}},
      {"maxUnavailable 2", {old, old, old}, 0, 2, false, {2, 1}},
      {"maxUnavailable 2, one down already", {old, old, fresh}, 0, 2, false, {1}},
      {"a terminating pod is not deleted twice", {old, terminating, updated}, 0, 2, false, {0}},
      {"Parallel: the old unavailable pods first, then within the budget", {old, oldDown, old}, 0, 2, true, {1, 2}},
      {"Parallel: an old unavailable pod goes even above the budget", {oldDown, fresh, old}, 0, 1, true, {0}},
      {"Parallel: a replica being created is not deleted", {old, old, fresh, fresh}, 0, 1, true, {}},
  };
  for (const Case& c : cases)
    EXPECT_EQ(statefulset::PodsToUpdate(c.replicas, c.partition, c.maxUnavailable, c.parallel), c.expected) << c.name;
}

// updateStatefulSet's loop without MaxUnavailableStatefulSet: the pod deleted by one sync.
TEST(StatefulSetRollingUpdateTest, PodToUpdateWithoutMaxUnavailable) {
  struct Case {
    const char* name;
    std::vector<Replica> replicas;
    int64_t partition;
    std::optional<size_t> expected;
  };
  const Case cases[] = {
      {"the highest ordinal first", {old, old, old}, 0, 2},
      {"then the next one down", {old, old, updated}, 0, 1},
      {"an updated replica not available yet holds the update", {old, old, fresh}, 0, std::nullopt},
      {"an old unavailable pod is deleted like any other", {old, old, oldDown}, 0, 2},
      {"an old unavailable pod below is not the next: the highest is", {old, oldDown, old}, 0, 2},
      {"a terminating pod is waited for", {old, old, terminating}, 0, std::nullopt},
      {"done", {updated, updated, updated}, 0, std::nullopt},
      {"the partition keeps the ordinals below it", {old, old, updated}, 2, std::nullopt},
      {"the partition, one above it", {old, old, old}, 2, 2},
  };
  for (const Case& c : cases) EXPECT_EQ(statefulset::PodToUpdate(c.replicas, c.partition), c.expected) << c.name;
}

// --- the controllers over a document ---

using testing::Node;

using testing::List;

json Class() {
  return {{"apiVersion", "storage.k8s.io/v1"},
          {"kind", "StorageClass"},
          {"metadata", {{"name", "zonal"}}},
          {"provisioner", "pd.csi.storage.gke.io"},
          {"volumeBindingMode", "WaitForFirstConsumer"}};
}

json StatefulSet(int replicas, json retention = nullptr) {
  json spec = {{"replicas", replicas},
               {"selector", {{"matchLabels", {{"app", "db"}}}}},
               {"template",
                {{"metadata", {{"labels", {{"app", "db"}}}}},
                 {"spec", {{"containers", json::array({json{{"name", "c"}, {"image", "postgres"}}})}}}}},
               {"volumeClaimTemplates", json::array({json{{"metadata", {{"name", "data"}}},
                                                          {"spec",
                                                           {{"accessModes", {"ReadWriteOnce"}},
                                                            {"storageClassName", "zonal"},
                                                            {"resources", {{"requests", {{"storage", "1Gi"}}}}}}}}})}};
  if (!retention.is_null()) spec["persistentVolumeClaimRetentionPolicy"] = std::move(retention);
  return {{"apiVersion", "apps/v1"},
          {"kind", "StatefulSet"},
          {"metadata", {{"name", "db"}, {"namespace", "shop"}}},
          {"spec", std::move(spec)}};
}

std::vector<std::string> Names(const json& doc, const std::string& kind) {
  std::vector<std::string> out;
  for (const json& it : doc["items"])
    if (it["kind"] == kind) out.push_back(it["metadata"]["name"]);
  return out;
}

const json* Find(const json& doc, const std::string& kind, const std::string& name) {
  for (const json& it : doc["items"])
    if (it["kind"] == kind && it["metadata"]["name"] == name) return &it;
  return nullptr;
}

// The scheduler's part: every pending pod on `node`, its claims' selected node set (as the
// VolumeBinding plugin's PreBind does), so that the PV controller provisions their volumes.
void Schedule(json& doc, const std::string& node) {
  for (json& it : doc["items"]) {
    if (it["kind"] == "PersistentVolumeClaim" && !it["spec"].contains("volumeName"))
      it["metadata"]["annotations"]["volume.kubernetes.io/selected-node"] = node;
    if (it["kind"] == "Pod" && !it["spec"].contains("nodeName")) it["spec"]["nodeName"] = node;
  }
}

// The set's pods made sync by sync (OrderedReady: the next once the one before is bound), each
// scheduled to `node` and its volume provisioned.
void BringUp(json& doc, const std::string& node) {
  ControllerResult r;
  do {
    RunControllers(doc, r);
    Schedule(doc, node);
  } while (!r.created.empty());
}

// A set of 3 scaled to 1: with whenScaled: Delete, the claims of db-1 and db-2 are owned by
// their pods before they go, the garbage collector deletes them, and their provisioned
// volumes (reclaim policy Delete, the class's default) go with them. Retain keeps them all.
TEST(StatefulSetControllerTest, WhenScaledDeleteDeletesTheCondemnedPodsClaims) {
  for (const char* whenScaled : {"Delete", "Retain"}) {
    SCOPED_TRACE(whenScaled);
    json doc = List({Node("a1", "a"), Class(), StatefulSet(3, {{"whenScaled", whenScaled}})});
    BringUp(doc, "a1");
    ASSERT_EQ(Names(doc, "PersistentVolume").size(), 3u);
    EXPECT_FALSE(Find(doc, "PersistentVolumeClaim", "data-db-2")->at("metadata").contains("ownerReferences"));
    doc["items"][2]["spec"]["replicas"] = 1;
    // OrderedReady: db-2 goes, then db-1 in the next sync.
    ControllerResult r;
    std::vector<std::string> deletedClaims, notes;
    for (int sync = 0; sync < 2; ++sync) {
      RunControllers(doc, r);
      ASSERT_EQ(r.deleted.size(), 1u);
      deletedClaims.insert(deletedClaims.end(), r.deletedClaims.begin(), r.deletedClaims.end());
      notes.insert(notes.end(), r.notes.begin(), r.notes.end());
    }
    EXPECT_EQ(Names(doc, "Pod"), std::vector<std::string>{"db-0"});
    if (std::string(whenScaled) == "Retain") {
      EXPECT_EQ(Names(doc, "PersistentVolumeClaim"), (std::vector<std::string>{"data-db-0", "data-db-1", "data-db-2"}));
      EXPECT_TRUE(deletedClaims.empty());
      continue;
    }
    EXPECT_EQ(Names(doc, "PersistentVolumeClaim"), std::vector<std::string>{"data-db-0"});
    EXPECT_EQ(deletedClaims, (std::vector<std::string>{"shop/data-db-2", "shop/data-db-1"}));  // with their pods
    EXPECT_EQ(Names(doc, "PersistentVolume"), std::vector<std::string>{"pvc-shop-data-db-0"});
    bool told = false;
    for (const std::string& n : notes)
      told |= n.find(
                  "PersistentVolumeClaim shop/data-db-2 deleted by the garbage collector: its owner Pod db-2 is "
                  "gone") != std::string::npos;
    EXPECT_TRUE(told);
    // Scaled up again: db-1 gets a new claim, and a new volume once scheduled.
    doc["items"][2]["spec"]["replicas"] = 2;
    RunControllers(doc, r);
    EXPECT_EQ(Names(doc, "PersistentVolumeClaim"), (std::vector<std::string>{"data-db-0", "data-db-1"}));
    EXPECT_FALSE(Find(doc, "PersistentVolumeClaim", "data-db-1")->at("metadata").contains("ownerReferences"));
  }
}

// whenDeleted: Delete makes the set the controller of its claims (the garbage collector would
// delete them with the set, which no event deletes); whenScaled: Delete too hands a scaled-down
// pod's claim to the pod.
TEST(StatefulSetControllerTest, WhenDeletedDeleteMakesTheSetTheController) {
  json doc = List({Node("a1", "a"), Class(), StatefulSet(2, {{"whenDeleted", "Delete"}, {"whenScaled", "Delete"}})});
  BringUp(doc, "a1");
  const json& refs = Find(doc, "PersistentVolumeClaim", "data-db-1")->at("metadata")["ownerReferences"];
  ASSERT_EQ(refs.size(), 1u);
  EXPECT_EQ(refs[0]["kind"], "StatefulSet");
  EXPECT_EQ(refs[0]["name"], "db");
  EXPECT_EQ(refs[0]["controller"], true);
  doc["items"][2]["spec"]["replicas"] = 1;
  ControllerResult r;
  RunControllers(doc, r);
  EXPECT_EQ(Names(doc, "PersistentVolumeClaim"), std::vector<std::string>{"data-db-0"});
}

TEST(StatefulSetControllerTest, RetentionPolicyValuesAreTheApiServersOnes) {
  json doc = List({Node("a1", "a"), StatefulSet(1, {{"whenScaled", "Forget"}})});
  ControllerResult r;
  try {
    RunControllers(doc, r);
    FAIL() << "no error";
  } catch (const ControllerError& e) {
    EXPECT_EQ(e.path, "items[1].spec.persistentVolumeClaimRetentionPolicy.whenScaled");
    EXPECT_EQ(e.message, "Unsupported value: \"Forget\": supported values: \"Retain\", \"Delete\"");
  }
}

// The ephemeral volume controller makes <pod>-<volume>, controlled by the pod, from the
// volume's template; the garbage collector deletes it once the pod is gone.
TEST(EphemeralVolumeControllerTest, TheClaimLivesAndDiesWithItsPod) {
  json pod = {{"apiVersion", "v1"},
              {"kind", "Pod"},
              {"metadata", {{"name", "cache"}, {"namespace", "shop"}}},
              {"spec",
               {{"containers", json::array({json{{"name", "c"}}})},
                {"volumes", json::array({json{{"name", "scratch"},
                                              {"ephemeral",
                                               {{"volumeClaimTemplate",
                                                 {{"metadata", {{"labels", {{"type", "scratch"}}}}},
                                                  {"spec",
                                                   {{"accessModes", {"ReadWriteOnce"}},
                                                    {"storageClassName", "zonal"},
                                                    {"resources", {{"requests", {{"storage", "1Gi"}}}}}}}}}}}}})}}}};
  json doc = List({Node("a1", "a"), Class(), pod});
  ControllerResult r;
  RunControllers(doc, r);
  const json* claim = Find(doc, "PersistentVolumeClaim", "cache-scratch");
  ASSERT_NE(claim, nullptr);
  EXPECT_EQ((*claim)["metadata"]["namespace"], "shop");
  EXPECT_EQ((*claim)["metadata"]["labels"]["type"], "scratch");
  EXPECT_EQ((*claim)["metadata"]["ownerReferences"][0]["kind"], "Pod");
  EXPECT_EQ((*claim)["metadata"]["ownerReferences"][0]["name"], "cache");
  EXPECT_EQ((*claim)["metadata"]["ownerReferences"][0]["controller"], true);
  EXPECT_EQ((*claim)["spec"]["storageClassName"], "zonal");
  ASSERT_EQ(r.created.size(), 1u);
  EXPECT_EQ(r.created[0].source, "items[2].spec.volumes[0].ephemeral.volumeClaimTemplate");
  RunControllers(doc, r);
  EXPECT_TRUE(r.created.empty());  // not made twice
  doc["items"].erase(2);           // the pod deleted
  RunControllers(doc, r);
  EXPECT_TRUE(Names(doc, "PersistentVolumeClaim").empty());
  EXPECT_EQ(r.deletedClaims, std::vector<std::string>{"shop/cache-scratch"});
}

// A restarted set of 3 (its generation bumped): the pods go one at a time from the highest
// ordinal down, each recreated by name with the new revision once gone, the next one once it
// is scheduled; the claims stay.
TEST(StatefulSetControllerTest, ARollingUpdatePodByPod) {
  json doc = List({Node("a1", "a"), Class(), StatefulSet(3)});
  BringUp(doc, "a1");
  ControllerResult r;
  const std::string before = Find(doc, "Pod", "db-0")->at("metadata")["labels"]["controller-revision-hash"];
  json& set = doc["items"][2];
  set["metadata"]["generation"] = 2;
  set["spec"]["template"]["metadata"]["annotations"]["kubectl.kubernetes.io/restartedAt"] = "spreadlab-restart-1";
  SyncContext later;
  later.timePassed = true;
  std::vector<std::string> deleted;
  for (int sync = 0; sync < 8; ++sync) {
    RunControllers(doc, r, &later);
    for (const DeletedPod& d : r.deleted) deleted.push_back(d.name);
    EXPECT_LE(r.deleted.size(), 1u);
    Schedule(doc, "a1");
  }
  EXPECT_EQ(deleted, (std::vector<std::string>{"db-2", "db-1", "db-0"}));
  EXPECT_EQ(Names(doc, "Pod"), (std::vector<std::string>{"db-2", "db-1", "db-0"}));  // recreated, in that order
  for (const char* name : {"db-0", "db-1", "db-2"})
    EXPECT_NE(Find(doc, "Pod", name)->at("metadata")["labels"]["controller-revision-hash"], before) << name;
  EXPECT_EQ(Names(doc, "PersistentVolumeClaim"), (std::vector<std::string>{"data-db-0", "data-db-1", "data-db-2"}));
}

// A Parallel set of 3 whose db-1 is Pending when its template changes: with
// MaxUnavailableStatefulSet (1.37) the update takes the unavailable db-1 first; without it
// (1.36, or the gate turned off) the highest ordinal, db-2. The release is the document's,
// or the caller's (SyncContext::release) over it.
TEST(StatefulSetControllerTest, ARollingUpdateFollowsTheReleasesMaxUnavailableStatefulSet) {
  Release r136;
  std::string error;
  ASSERT_TRUE(MakeRelease(36, {}, r136, error)) << error;
  struct Case {
    const char* name;
    const char* kubeVersion;  // the document's annotation ("": none, the newest)
    const Release* override;
    const char* expected;
  };
  const Case cases[] = {
      {"1.37", "", nullptr, "db-1"},
      {"1.36 by the document", "1.36", nullptr, "db-2"},
      {"1.36 by the caller", "", &r136, "db-2"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    json doc = List({Node("a1", "a"), Class(), StatefulSet(3)});
    if (*c.kubeVersion) doc["metadata"]["annotations"]["spreadlab.io/kube-version"] = c.kubeVersion;
    doc["items"][2]["spec"]["podManagementPolicy"] = "Parallel";
    BringUp(doc, "a1");
    for (json& it : doc["items"])
      if (it["kind"] == "Pod" && it["metadata"]["name"] == "db-1") it["spec"].erase("nodeName");
    doc["items"][2]["metadata"]["generation"] = 2;
    doc["items"][2]["spec"]["template"]["spec"]["containers"][0]["image"] = "postgres:2";
    SyncContext later;
    later.timePassed = true;
    later.release = c.override;
    ControllerResult r;
    RunControllers(doc, r, &later);
    ASSERT_EQ(r.deleted.size(), 1u);
    EXPECT_EQ(r.deleted[0].name, c.expected);
  }
}

// partition: 2 keeps db-0 and db-1 on the old revision; OnDelete deletes nothing.
TEST(StatefulSetControllerTest, PartitionAndOnDelete) {
  for (const json& strategy :
       {json{{"type", "RollingUpdate"}, {"rollingUpdate", {{"partition", 2}}}}, json{{"type", "OnDelete"}}}) {
    SCOPED_TRACE(strategy.dump());
    json doc = List({Node("a1", "a"), Class(), StatefulSet(3)});
    doc["items"][2]["spec"]["updateStrategy"] = strategy;
    BringUp(doc, "a1");
    ControllerResult r;
    doc["items"][2]["metadata"]["generation"] = 2;
    doc["items"][2]["spec"]["template"]["spec"]["containers"][0]["image"] = "postgres:2";
    std::vector<std::string> deleted;
    SyncContext later;
    later.timePassed = true;
    for (int sync = 0; sync < 6; ++sync) {
      RunControllers(doc, r, &later);
      for (const DeletedPod& d : r.deleted) deleted.push_back(d.name);
      Schedule(doc, "a1");
    }
    EXPECT_EQ(deleted, strategy["type"] == "OnDelete" ? std::vector<std::string>{} : std::vector<std::string>{"db-2"});
  }
}

// A dump's pods carry upstream's revision names, which the status names: no rollout while the
// generation is the observed one.
TEST(StatefulSetControllerTest, ADumpsRevisionIsTheStatussOne) {
  json set = StatefulSet(2);
  set["metadata"]["generation"] = 4;
  set["status"] = {{"observedGeneration", 4}, {"updateRevision", "db-7c9f6d5b8"}};
  json doc = List({Node("a1", "a"), Class(), set});
  BringUp(doc, "a1");
  EXPECT_EQ(Find(doc, "Pod", "db-1")->at("metadata")["labels"]["controller-revision-hash"], "db-7c9f6d5b8");
  ControllerResult r;
  SyncContext later;
  later.timePassed = true;
  RunControllers(doc, r, &later);
  EXPECT_TRUE(r.deleted.empty());
  doc["items"][2]["metadata"]["generation"] = 5;  // a rollout restart
  RunControllers(doc, r, &later);
  ASSERT_EQ(r.deleted.size(), 1u);
  EXPECT_EQ(r.deleted[0].name, "db-1");
}

}  // namespace
}  // namespace spreadlab::controlplane
