// controlplane::ScenarioDoc: field edits check only the object they change, yet refuse
// exactly what validating the whole scenario refuses, with the same message; undo
// records hold only what the edits touched and round-trip the document.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>

#include "core/cluster.h"
#include "core/framework/profile.h"
#include "core/plugins/registry.h"
#include "core/validation.h"
#include "io/invalid_object.h"
#include "io/json_parse.h"
#include "controlplane/load_scenario.h"
#include "controlplane/scenario_doc.h"
#include "io/scenario_json.h"

namespace spreadlab {
namespace {

constexpr const char* kScenario = R"({"apiVersion": "v1", "kind": "List", "items": [
  {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "a", "labels": {"zone": "z1"}},
   "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}},
  {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "b", "labels": {"zone": "z2"}},
   "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}},
  {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web-1", "labels": {"app": "web"}},
   "spec": {"nodeName": "a"}},
  {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "pending", "labels": {"app": "web"}, "annotations": {"keep": "me"}},
   "spec": {"topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": "zone",
     "whenUnsatisfiable": "DoNotSchedule", "labelSelector": {"matchLabels": {"app": "web"}}}]}}]})";

constexpr size_t kPending = 1;  // scenario().pods[1]

controlplane::ScenarioDoc Loaded() {
  controlplane::ScenarioDoc doc;
  std::string error;
  EXPECT_TRUE(doc.Load(kScenario, error)) << error;
  return doc;
}

// What validating the whole edited scenario says, for comparison with the edit's own check.
std::string WholeScenarioError(const controlplane::ScenarioDoc& doc, const std::function<void(Scenario&)>& change) {
  Scenario s = doc.scenario();
  change(s);
  auto errors = ValidateScenario(s);
  return errors.empty() ? "" : io::InvalidObjectError(io::ParseJsonText(doc.Dump()), errors);
}

TEST(ScenarioDocEdit, RefusesWhatTheWholeScenarioValidationRefusesWithItsMessage) {
  controlplane::ScenarioDoc doc = Loaded();
  const std::string before = doc.Dump();
  std::string error;

  v1::Toleration bad;
  bad.key = "k";
  bad.op = "Exists";
  bad.value = "v";  // value must be empty with operator Exists
  EXPECT_FALSE(doc.SetPodTolerations(kPending, {bad}, error));
  EXPECT_EQ(error, WholeScenarioError(doc, [&](Scenario& s) { s.pods[kPending].spec.tolerations = {bad}; }));
  EXPECT_EQ(error.rfind("Pod \"pending\" is invalid: spec.tolerations[0]", 0), 0u) << error;

  error.clear();
  EXPECT_FALSE(doc.SetNodeLabels(0, {{"zone", "not valid!"}}, error));
  EXPECT_EQ(error, WholeScenarioError(doc, [](Scenario& s) { s.nodes[0].metadata.labels = {{"zone", "not valid!"}}; }));

  error.clear();
  // A file may bind pods to nodes it lacks (they count nowhere); an edit that moves a pod
  // to a node the scenario lacks is a typo, and is refused.
  EXPECT_FALSE(doc.SetPodNodeName(0, "no-such-node", error));
  EXPECT_EQ(error,
            "Pod \"web-1\" is invalid: spec.nodeName: Not found: \"no-such-node\" (no node with that name in the scenario)");

  error.clear();
  EXPECT_FALSE(doc.SetSpreadConstraintField(kPending, 0, "maxSkew", "0", error));
  EXPECT_EQ(error,
            "Pod \"pending\" is invalid: spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero");

  EXPECT_EQ(doc.Dump(), before) << "a refused edit leaves the document as it was";
}

TEST(ScenarioDocEdit, ANamespaceThatDuplicatesAnotherPodIsRefused) {
  controlplane::ScenarioDoc doc;
  std::string error;
  std::string text = kScenario;
  text.replace(text.find("\"pending\""), 9, "\"web-1\", \"namespace\": \"other\"");
  ASSERT_TRUE(doc.Load(text, error)) << error;
  EXPECT_FALSE(doc.SetPodNamespace(1, "default", error));
  EXPECT_NE(error.find("Duplicate value"), std::string::npos) << error;
}

TEST(ScenarioDocUndo, AFieldEditRecordsOnlyTheItemItTouchedAndRoundTrips) {
  controlplane::ScenarioDoc doc = Loaded();
  const std::string original = doc.Dump();
  std::string error;

  doc.BeginUndo();
  ASSERT_TRUE(doc.SetSpreadConstraintField(kPending, 0, "maxSkew", "3", error)) << error;
  ASSERT_TRUE(doc.SetPodLabels(kPending, {{"app", "web"}, {"tier", "front"}}, error)) << error;
  auto undo = doc.TakeUndo();
  const std::string edited = doc.Dump();
  EXPECT_NE(edited, original);
  EXPECT_EQ(doc.scenario().pods[kPending].spec.topologySpreadConstraints[0].maxSkew, 3);

  auto redo = doc.Restore(*undo, error);
  ASSERT_TRUE(redo) << error;
  EXPECT_EQ(doc.Dump(), original);
  EXPECT_EQ(doc.scenario().pods[kPending].spec.topologySpreadConstraints[0].maxSkew, 1);
  EXPECT_NE(doc.Dump().find(R"("annotations":{"keep":"me"})"), std::string::npos) << "fields spreadlab does not read are kept";

  auto again = doc.Restore(*redo, error);
  ASSERT_TRUE(again) << error;
  EXPECT_EQ(doc.Dump(), edited);
  EXPECT_EQ(doc.scenario().pods[kPending].metadata.labels.at("tier"), "front");

  // The objects put back one by one are those a whole re-read gives.
  controlplane::ScenarioDoc fresh;
  ASSERT_TRUE(fresh.Load(doc.Dump(), error)) << error;
  ASSERT_EQ(fresh.scenario().pods.size(), doc.scenario().pods.size());
  for (size_t i = 0; i < fresh.scenario().pods.size(); ++i) {
    const v1::Pod &a = fresh.scenario().pods[i], &b = doc.scenario().pods[i];
    EXPECT_EQ(a.path, b.path);
    EXPECT_EQ(a.metadata.labels, b.metadata.labels);
    EXPECT_EQ(a.spec.topologySpreadConstraints.size(), b.spec.topologySpreadConstraints.size());
    for (size_t c = 0; c < a.spec.topologySpreadConstraints.size(); ++c) {
      EXPECT_EQ(a.spec.topologySpreadConstraints[c].maxSkew, b.spec.topologySpreadConstraints[c].maxSkew);
      EXPECT_EQ(a.spec.topologySpreadConstraints[c].labelSelector->matchLabels,
                b.spec.topologySpreadConstraints[c].labelSelector->matchLabels);
    }
  }
}

TEST(ScenarioDocUndo, StructuralEditsAfterFieldEditsRestoreTheDocumentAsItWas) {
  controlplane::ScenarioDoc doc = Loaded();
  const std::string original = doc.Dump();
  std::string error;

  doc.BeginUndo();
  ASSERT_TRUE(doc.SetNodeUnschedulable(1, true, error)) << error;           // items[1] recorded
  ASSERT_TRUE(doc.AddNodeLike(0, "c", {{"zone", "z3"}}, error)) << error;   // the whole document
  ASSERT_TRUE(doc.SetNodeTaints(2, {v1::Taint{"k", "v", "NoSchedule"}}, error)) << error;
  ASSERT_TRUE(doc.RemovePod(0, error)) << error;
  auto undo = doc.TakeUndo();
  EXPECT_EQ(doc.scenario().nodes.size(), 3u);
  EXPECT_EQ(doc.scenario().pods.size(), 1u);

  ASSERT_TRUE(doc.Restore(*undo, error)) << error;
  EXPECT_EQ(doc.Dump(), original);
  EXPECT_EQ(doc.scenario().nodes.size(), 2u);
  EXPECT_FALSE(doc.scenario().nodes[1].unschedulable);
}

// Nodes added once the scenario was loaded reach a running scheduler as add events, after
// the nodes its informer listed (sorted by name): the document names them in its
// added-nodes annotation in the order they came, and the scenario puts them after the others
// (Scenario::listedNodes, Cluster::CacheAddOrder). A node that goes away and comes back is
// added anew.
TEST(ScenarioDocEdit, NodesAddedAfterTheLoadComeAfterTheListedOnes) {
  controlplane::ScenarioDoc doc = Loaded();  // nodes a, b
  std::string error;
  auto cacheOrder = [&] {
    Cluster cluster(doc.sharedScenario());
    std::vector<std::string> out;
    for (NodeIndex n : cluster.CacheAddOrder()) out.push_back(cluster.node(n).name);
    return out;
  };
  auto added = [&] { return doc.Annotation(controlplane::kAddedNodesAnnotation); };
  ASSERT_TRUE(doc.AddNodeLike(1, "0", {{"zone", "z3"}}, error)) << error;
  EXPECT_EQ(added(), "0");
  EXPECT_EQ(doc.scenario().listedNodes, 2u);
  EXPECT_EQ(cacheOrder(), (std::vector<std::string>{"a", "b", "0"}));
  ASSERT_TRUE(doc.FailNodes({0}, error)) << error;  // a (and web-1 on it)
  EXPECT_EQ(added(), "0");
  EXPECT_EQ(cacheOrder(), (std::vector<std::string>{"b", "0"}));
  size_t restored = 0;
  ASSERT_TRUE(doc.RestoreNodes(restored, error)) << error;
  EXPECT_EQ(added(), "0,a");
  EXPECT_EQ(cacheOrder(), (std::vector<std::string>{"b", "0", "a"}));
  std::vector<std::string> applied;
  ASSERT_TRUE(doc.ApplyText(R"({"apiVersion": "v1", "kind": "Node", "metadata": {"name": "1"}})", applied, error))
      << error;
  EXPECT_EQ(added(), "0,a,1");
  ASSERT_TRUE(doc.RemoveNode(1, error)) << error;  // "0"
  EXPECT_EQ(added(), "a,1");
  EXPECT_EQ(cacheOrder(), (std::vector<std::string>{"b", "a", "1"}));
  ASSERT_TRUE(doc.RemoveNodes({1, 2}, error)) << error;  // a, 1
  EXPECT_EQ(added(), "");
  EXPECT_EQ(doc.Dump().find(controlplane::kAddedNodesAnnotation), std::string::npos);
  EXPECT_EQ(cacheOrder(), (std::vector<std::string>{"b"}));
}

TEST(ScenarioDocEdit, RemovingADomainRemovesItsNodesAndTheirPodsAsOneEdit) {
  controlplane::ScenarioDoc doc = Loaded();
  std::string error;
  doc.BeginUndo();
  ASSERT_TRUE(doc.RemoveNodes({0, 0}, error)) << error;  // node a (named twice) and web-1 on it
  auto undo = doc.TakeUndo();
  ASSERT_EQ(doc.scenario().nodes.size(), 1u);
  EXPECT_EQ(doc.scenario().nodes[0].metadata.name, "b");
  ASSERT_EQ(doc.scenario().pods.size(), 1u);
  EXPECT_EQ(doc.scenario().pods[0].metadata.name, "pending");
  ASSERT_TRUE(doc.Restore(*undo, error)) << error;
  EXPECT_EQ(doc.scenario().nodes.size(), 2u);
  EXPECT_EQ(doc.scenario().pods.size(), 2u);
}

// The resolved profile of the document's scheduler configuration.
ResolvedProfile Resolved(const controlplane::ScenarioDoc& doc) {
  ResolvedProfile out;
  std::string error;
  EXPECT_TRUE(ResolveProfile(plugins::InTreeRegistry(), doc.scenario().profile.value_or(config::Profile{}), doc.scenario().release, out, error)) << error;
  return out;
}

bool Has(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

TEST(ScenarioDocEdit, AFilterPluginTurnedOffAndOnAgainLeavesNoTrace) {
  controlplane::ScenarioDoc doc = Loaded();
  std::string error;
  ASSERT_TRUE(doc.SetFilterPluginEnabled("TaintToleration", false, error)) << error;
  ResolvedProfile p = Resolved(doc);
  EXPECT_FALSE(Has(p.filter, "TaintToleration"));
  EXPECT_TRUE(Has(p.filter, "PodTopologySpread"));
  EXPECT_NE(doc.Dump().find(R"("filter":{"disabled":[{"name":"TaintToleration"}]})"), std::string::npos) << doc.Dump();
  ASSERT_TRUE(doc.SetFilterPluginEnabled("TaintToleration", true, error)) << error;
  EXPECT_TRUE(Has(Resolved(doc).filter, "TaintToleration"));
  EXPECT_EQ(doc.Dump().find("\"filter\""), std::string::npos) << "no empty lists left behind";
}

TEST(ScenarioDocEdit, AScorePluginAtWeightZeroIsDisabledAndComesBackWithAWeight) {
  controlplane::ScenarioDoc doc = Loaded();
  std::string error;
  auto weight = [&](const std::string& name) {
    for (const auto& s : Resolved(doc).score)
      if (s.name == name) return s.weight;
    return 0;
  };
  EXPECT_EQ(weight("PodTopologySpread"), 2);
  ASSERT_TRUE(doc.SetPluginWeight("PodTopologySpread", 0, error)) << error;
  EXPECT_EQ(weight("PodTopologySpread"), 0);
  ASSERT_TRUE(doc.SetPluginWeight("PodTopologySpread", 5, error)) << error;
  EXPECT_EQ(weight("PodTopologySpread"), 5);
  EXPECT_EQ(doc.Dump().find("\"disabled\""), std::string::npos) << doc.Dump();
}

TEST(ScenarioDocUndo, NothingIsRecordedOutsideBeginUndoAndARefusedEditRecordsNoChange) {
  controlplane::ScenarioDoc doc = Loaded();
  const std::string original = doc.Dump();
  std::string error;
  ASSERT_TRUE(doc.SetNodeUnschedulable(0, true, error)) << error;  // not recorded
  const std::string cordoned = doc.Dump();

  doc.BeginUndo();
  EXPECT_FALSE(doc.SetSpreadConstraintField(kPending, 0, "whenUnsatisfiable", "\"Never\"", error));
  auto undo = doc.TakeUndo();
  ASSERT_TRUE(doc.Restore(*undo, error)) << error;
  EXPECT_EQ(doc.Dump(), cordoned) << "the record of a refused edit changes nothing";
  EXPECT_NE(cordoned, original);
}

// Found by fuzz_lab: text that is not UTF-8 (JS strings may hold lone surrogates) put
// into the document by an edit made the re-read's JSON dump throw. Such bytes read and
// print as U+FFFD now; a field whose validation refuses them is refused as ever.
TEST(ScenarioDocEdit, TextThatIsNotUtf8DoesNotThrow) {
  controlplane::ScenarioDoc doc = Loaded();
  std::string error;
  ASSERT_NO_THROW(doc.SetFilterPluginEnabled("Node\x94Ports", false, error));
  EXPECT_NE(doc.Dump().find("Node\xEF\xBF\xBDPorts"), std::string::npos);  // disabling an unknown plugin is allowed
  const std::string before = doc.Dump();
  EXPECT_FALSE(doc.SetPodNamespace(0, "team\xED\xA0\x80", error));
  EXPECT_NE(error.find("namespace"), std::string::npos) << error;
  EXPECT_EQ(doc.Dump(), before);
}


// Relabelling a pod out of its ReplicaSet's selector (to keep it for debugging) is
// answered as in a cluster: the ReplicaSet releases it (ClaimPods drops its controller
// reference) and creates a replacement; the undo puts both back.
TEST(ScenarioDocEdit, APodRelabelledOutOfItsReplicaSetIsReleasedAndReplaced) {
  constexpr const char* kOwned = R"({"apiVersion": "v1", "kind": "List", "items": [
    {"kind": "Node", "metadata": {"name": "n1"}, "status": {"allocatable": {"cpu": "4", "pods": "110"}}},
    {"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": {"name": "web", "namespace": "default", "uid": "rs-1"},
     "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "web"}},
              "template": {"metadata": {"labels": {"app": "web"}}, "spec": {"containers": [{"name": "c"}]}}}},
    {"kind": "Pod", "metadata": {"name": "web-1", "namespace": "default", "labels": {"app": "web"},
     "ownerReferences": [{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "web", "uid": "rs-1",
                          "controller": true}]},
     "spec": {"nodeName": "n1", "containers": [{"name": "c"}]}}]})";
  controlplane::ScenarioDoc doc;
  std::string error;
  ASSERT_TRUE(doc.Load(kOwned, error)) << error;
  ASSERT_EQ(doc.scenario().pods.size(), 1u);
  const std::string original = doc.Dump();
  doc.BeginUndo();
  ASSERT_TRUE(doc.SetPodLabels(0, {{"app", "debug"}}, error)) << error;
  auto undo = doc.TakeUndo();
  ASSERT_EQ(doc.scenario().pods.size(), 2u) << "the ReplicaSet replaces the released pod";
  const nlohmann::json edited = nlohmann::json::parse(doc.Dump());
  for (const auto& item : edited["items"])
    if (item["metadata"]["name"] == "web-1") {
      EXPECT_EQ(item["metadata"]["labels"]["app"], "debug");
      EXPECT_FALSE(item["metadata"].contains("ownerReferences")) << item.dump();
    }
  ASSERT_TRUE(doc.Restore(*undo, error)) << error;
  EXPECT_EQ(doc.Dump(), original);
}

}  // namespace
}  // namespace spreadlab
