// The workload controllers (controlplane/controllers/controllers.h): the objects they create, their names,
// labels and ownerReferences, what they do not create twice, and errors in a created
// pod told as the workload's template.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <stdexcept>

#include "core/scheduler/schedule.h"
#include "controlplane/controllers/controllers.h"
#include "controlplane/scenario_doc.h"
#include "controlplane/load_scenario.h"
#include "io/scenario_json.h"
#include "simulator/session.h"
#include "testing/documents.h"

namespace spreadlab::controlplane {
namespace {

using json = nlohmann::ordered_json;

using testing::Node;

json Template(const std::string& app) {
  return {{"metadata", {{"labels", {{"app", app}}}}},
          {"spec",
           {{"containers", json::array({json{{"name", "c"}, {"image", "nginx"}}})},
            {"topologySpreadConstraints", json::array({json{{"maxSkew", 1},
                                                            {"topologyKey", "topology.kubernetes.io/zone"},
                                                            {"whenUnsatisfiable", "DoNotSchedule"},
                                                            {"labelSelector", {{"matchLabels", {{"app", app}}}}}}})}}}};
}

json Workload(const std::string& kind, const std::string& name, json spec) {
  return {{"apiVersion", kind == "Job" ? "batch/v1" : "apps/v1"},
          {"kind", kind},
          {"metadata", {{"name", name}, {"namespace", "shop"}}},
          {"spec", std::move(spec)}};
}

json Deployment(const std::string& name, int replicas) {
  return Workload(
      "Deployment", name,
      {{"replicas", replicas}, {"selector", {{"matchLabels", {{"app", name}}}}}, {"template", Template(name)}});
}

using testing::List;

std::vector<json> Created(const json& doc, const ControllerResult& r) {
  std::vector<json> out;
  for (const auto& c : r.created) out.push_back(doc["items"][c.item]);
  return out;
}

TEST(ControllersTest, DeploymentCreatesItsReplicaSetAndItsPods) {
  json doc = List({Node("a1", "a"), Deployment("web", 3)});
  ControllerResult r;
  RunControllers(doc, r);
  auto created = Created(doc, r);
  ASSERT_EQ(created.size(), 4u);
  const json& rs = created[0];
  EXPECT_EQ(rs["kind"], "ReplicaSet");
  const std::string hash = rs["spec"]["template"]["metadata"]["labels"]["pod-template-hash"];
  EXPECT_TRUE(std::regex_match(hash, std::regex("[bcdfghjklmnpqrstvwxz2456789]{6,10}"))) << hash;
  EXPECT_EQ(rs["metadata"]["name"], "web-" + hash);
  EXPECT_EQ(rs["spec"]["selector"]["matchLabels"]["pod-template-hash"], hash);
  EXPECT_EQ(rs["metadata"]["ownerReferences"][0]["kind"], "Deployment");
  for (size_t i = 1; i < 4; ++i) {
    const json& pod = created[i];
    EXPECT_EQ(pod["kind"], "Pod");
    EXPECT_TRUE(std::regex_match(pod["metadata"]["name"].get<std::string>(),
                                 std::regex("web-" + hash + "-[bcdfghjklmnpqrstvwxz2456789]{5}")))
        << pod["metadata"]["name"];
    EXPECT_EQ(pod["metadata"]["namespace"], "shop");
    EXPECT_EQ(pod["metadata"]["labels"], (json{{"app", "web"}, {"pod-template-hash", hash}}));
    EXPECT_EQ(pod["metadata"]["ownerReferences"][0]["kind"], "ReplicaSet");
    EXPECT_EQ(pod["metadata"]["ownerReferences"][0]["name"], "web-" + hash);
    EXPECT_EQ(pod["metadata"]["ownerReferences"][0]["controller"], true);
    EXPECT_FALSE(pod["spec"].contains("nodeName"));
  }
  // Stable for the same template, another for a changed one.
  json again = List({Node("a1", "a"), Deployment("web", 3)});
  ControllerResult r2;
  RunControllers(again, r2);
  EXPECT_EQ(again, doc);
  json changed = List({Node("a1", "a"), Deployment("web", 3)});
  changed["items"][1]["spec"]["template"]["spec"]["containers"][0]["image"] = "nginx:2";
  RunControllers(changed, r2);
  EXPECT_NE(changed["items"][2]["spec"]["template"]["metadata"]["labels"]["pod-template-hash"], hash);
}

TEST(ControllersTest, NothingIsCreatedTwice) {
  json doc = List({Node("a1", "a"), Deployment("web", 3)});
  ControllerResult r;
  RunControllers(doc, r);
  ASSERT_EQ(r.created.size(), 4u);
  // The completed document (as the lab keeps it, or as an export) creates nothing more.
  RunControllers(doc, r);
  EXPECT_TRUE(r.created.empty());
  // A ReplicaSet with 1 of its 3 pods: 2 more; an orphan its selector adopts counts.
  json rs =
      Workload("ReplicaSet", "front",
               {{"replicas", 3}, {"selector", {{"matchLabels", {{"app", "front"}}}}}, {"template", Template("front")}});
  json orphan = {{"apiVersion", "v1"},
                 {"kind", "Pod"},
                 {"metadata", {{"name", "front-by-hand"}, {"namespace", "shop"}, {"labels", {{"app", "front"}}}}},
                 {"spec", {{"containers", json::array({json{{"name", "c"}}})}}}};
  json other = orphan;
  other["metadata"]["namespace"] = "elsewhere";
  json finished = orphan;
  finished["metadata"]["name"] = "front-done";
  finished["status"] = {{"phase", "Succeeded"}};  // not active: replaced
  doc = List({Node("a1", "a"), rs, orphan, other, finished});
  RunControllers(doc, r);
  EXPECT_EQ(r.created.size(), 2u);
}

// Every pod of the document scheduled on node `node` (the scheduler's part, for controller tests).
void BindAll(json& doc, const std::string& node) {
  for (json& it : doc["items"])
    if (it["kind"] == "Pod" && !it["spec"].contains("nodeName")) it["spec"]["nodeName"] = node;
}

std::vector<int64_t> ReplicaSetReplicas(const json& doc) {
  std::vector<int64_t> out;
  for (const json& it : doc["items"])
    if (it["kind"] == "ReplicaSet") out.push_back(it["spec"]["replicas"].get<int64_t>());
  return out;
}

size_t PodCount(const json& doc) {
  size_t n = 0;
  for (const json& it : doc["items"]) n += it["kind"] == "Pod" ? 1 : 0;
  return n;
}

// A Deployment whose template changed (a rollout): the ReplicaSet of the old template is
// an old revision; the first sync (rolling.go rolloutRolling) makes a new ReplicaSet with
// what maxSurge allows beside the old one (25% of 2, rounded up: 1), and the old pods stay
// while none of the new ones is available (maxUnavailable 25% of 2 rounds down to 0).
TEST(ControllersTest, ANewTemplateIsANewReplicaSet) {
  json doc = List({Node("a1", "a"), Deployment("web", 2)});
  ControllerResult r;
  RunControllers(doc, r);
  ASSERT_EQ(r.created.size(), 3u);
  json rollout = doc;
  rollout["items"][1]["spec"]["template"]["spec"]["containers"][0]["image"] = "nginx:2";
  RunControllers(rollout, r);
  auto created = Created(rollout, r);
  ASSERT_EQ(created.size(), 2u);  // a second ReplicaSet and 1 pod
  EXPECT_EQ(created[0]["kind"], "ReplicaSet");
  EXPECT_NE(created[0]["metadata"]["name"], doc["items"][2]["metadata"]["name"]);
  EXPECT_EQ(ReplicaSetReplicas(rollout), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(PodCount(rollout), 3u);
  // Unchanged, the template is the old ReplicaSet's: nothing new.
  RunControllers(doc, r);
  EXPECT_TRUE(r.created.empty());
}

// A Deployment of 4 (maxSurge 1, maxUnavailable 1) whose pods run on a1, then a new template.
json RunningDeploymentWithNewTemplate() {
  json d = Deployment("web", 4);
  d["spec"]["strategy"] = {{"type", "RollingUpdate"}, {"rollingUpdate", {{"maxSurge", 1}, {"maxUnavailable", 1}}}};
  json doc = List({Node("a1", "a"), d});
  ControllerResult r;
  RunControllers(doc, r);
  BindAll(doc, "a1");
  doc["items"][1]["spec"]["template"]["spec"]["containers"][0]["image"] = "nginx:2";
  return doc;
}

SyncContext TimePassed() {
  SyncContext c;
  c.timePassed = true;
  return c;
}

// Sync after sync, with every new pod scheduled in between: 4 replicas, maxSurge 1,
// maxUnavailable 1 (the arithmetic of rolling.go, one sync per RunControllers).
TEST(ControllersTest, ARollingUpdateSyncBySync) {
  json doc = RunningDeploymentWithNewTemplate();
  ControllerResult r;
  std::vector<std::vector<int64_t>> steps;
  const SyncContext later = TimePassed();
  for (int sync = 0; sync < 8; ++sync) {
    RunControllers(doc, r, &later);
    steps.push_back(ReplicaSetReplicas(doc));
    BindAll(doc, "a1");
  }
  // New ReplicaSet at 1 (surge), old down to 3 (1 unavailable allowed); then the new pod is
  // available: new up to 2, old down to 2; ... until old is 0.
  EXPECT_EQ(steps[0], (std::vector<int64_t>{3, 1}));
  EXPECT_EQ(steps.back(), (std::vector<int64_t>{0, 4}));
  for (size_t k = 1; k < steps.size(); ++k) {
    EXPECT_LE(steps[k][0] + steps[k][1], 5) << "maxSurge 1 above 4, sync " << k;
    EXPECT_LE(steps[k][0], steps[k - 1][0]) << "the old ReplicaSet only shrinks, sync " << k;
  }
  EXPECT_EQ(PodCount(doc), 4u);
}

// An edit re-read without time passing (SyncContext::timePassed false) leaves a rollout
// where it is: the new pods may not be available yet.
TEST(ControllersTest, ARolloutWaitsForTimeToPass) {
  json doc = RunningDeploymentWithNewTemplate();
  ControllerResult r;
  RunControllers(doc, r);  // the new template: the rollout's first step
  EXPECT_EQ(ReplicaSetReplicas(doc), (std::vector<int64_t>{3, 1}));
  BindAll(doc, "a1");
  RunControllers(doc, r);
  EXPECT_EQ(ReplicaSetReplicas(doc), (std::vector<int64_t>{3, 1})) << "no time passed";
  const SyncContext later = TimePassed();
  RunControllers(doc, r, &later);
  EXPECT_EQ(ReplicaSetReplicas(doc), (std::vector<int64_t>{3, 2}));
}

// Recreate: the old ReplicaSet goes to 0 first; the new one is made once its pods are gone.
TEST(ControllersTest, RecreateScalesDownFirst) {
  json d = Deployment("web", 3);
  d["spec"]["strategy"] = {{"type", "Recreate"}};
  json doc = List({Node("a1", "a"), d});
  ControllerResult r;
  RunControllers(doc, r);
  BindAll(doc, "a1");
  doc["items"][1]["spec"]["template"]["spec"]["containers"][0]["image"] = "nginx:2";
  RunControllers(doc, r);
  EXPECT_EQ(ReplicaSetReplicas(doc), (std::vector<int64_t>{0}));
  EXPECT_EQ(PodCount(doc), 0u);
  RunControllers(doc, r);
  EXPECT_EQ(ReplicaSetReplicas(doc), (std::vector<int64_t>{0, 3}));
  EXPECT_EQ(PodCount(doc), 3u);
}

TEST(ControllersTest, InvalidStrategiesAreTheApiServersErrors) {
  auto error = [](json strategy) {
    json d = Deployment("web", 3);
    d["spec"]["strategy"] = std::move(strategy);
    json doc = List({Node("a1", "a"), d});
    ControllerResult r;
    try {
      RunControllers(doc, r);
    } catch (const ControllerError& e) {
      return e.path + ": " + e.message;
    }
    return std::string();
  };
  EXPECT_EQ(error({{"type", "Sideways"}}),
            "items[1].spec.strategy.type: Unsupported value: \"Sideways\": supported values: \"Recreate\", "
            "\"RollingUpdate\"");
  EXPECT_EQ(error({{"rollingUpdate", {{"maxSurge", 0}, {"maxUnavailable", "0%"}}}}),
            "items[1].spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0");
  EXPECT_EQ(
      error({{"rollingUpdate", {{"maxSurge", "two"}}}})
          .rfind("items[1].spec.strategy.rollingUpdate.maxSurge: Invalid value: \"two\": a valid percent string", 0),
      0u);
  EXPECT_EQ(error({{"type", "Recreate"}, {"rollingUpdate", {{"maxSurge", 1}}}}),
            "items[1].spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'");
  EXPECT_EQ(error({{"rollingUpdate", {{"maxUnavailable", "150%"}}}}),
            "items[1].spec.strategy.rollingUpdate.maxUnavailable: Invalid value: \"150%\": must not be greater than "
            "100%");
}

TEST(ControllersTest, StatefulSetPodsByOrdinal) {
  json sts = Workload("StatefulSet", "db",
                      {{"replicas", 3},
                       {"ordinals", {{"start", 2}}},
                       {"selector", {{"matchLabels", {{"app", "db"}}}}},
                       {"template", Template("db")}});
  json existing = {{"apiVersion", "v1"},
                   {"kind", "Pod"},
                   {"metadata", {{"name", "db-3"}, {"namespace", "shop"}, {"labels", {{"app", "db"}}}}},
                   {"spec", {{"nodeName", "a1"}, {"containers", json::array({json{{"name", "c"}}})}}}};
  json doc = List({Node("a1", "a"), sts, existing});
  ControllerResult r;
  RunControllers(doc, r);
  auto created = Created(doc, r);
  // OrderedReady: db-2, then db-4 once db-2 and db-3 are Running and Ready (bound).
  ASSERT_EQ(created.size(), 1u);
  EXPECT_EQ(created[0]["metadata"]["name"], "db-2");
  EXPECT_EQ(created[0]["metadata"]["ownerReferences"][0]["kind"], "StatefulSet");
  doc["items"].back()["spec"]["nodeName"] = "a1";
  RunControllers(doc, r);
  created = Created(doc, r);
  ASSERT_EQ(created.size(), 1u);
  EXPECT_EQ(created[0]["metadata"]["name"], "db-4");
  const json& l = created[0]["metadata"]["labels"];
  EXPECT_EQ(l["statefulset.kubernetes.io/pod-name"], "db-4");
  EXPECT_EQ(l["apps.kubernetes.io/pod-index"], "4");
  EXPECT_EQ(l["app"], "db");
  EXPECT_TRUE(l["controller-revision-hash"].get<std::string>().rfind("db-", 0) == 0);
}

TEST(ControllersTest, JobPodsUpToParallelism) {
  json job = Workload("Job", "batch", {{"parallelism", 3}, {"completions", 5}, {"template", Template("batch")}});
  job["metadata"]["uid"] = "u-1";
  job["status"] = {{"succeeded", 3}};
  json doc = List({Node("a1", "a"), job});
  ControllerResult r;
  RunControllers(doc, r);
  auto created = Created(doc, r);
  ASSERT_EQ(created.size(), 2u);  // min(parallelism 3, completions 5 - succeeded 3)
  const json& l = created[0]["metadata"]["labels"];
  EXPECT_EQ(l["batch.kubernetes.io/job-name"], "batch");
  EXPECT_EQ(l["job-name"], "batch");
  EXPECT_EQ(l["batch.kubernetes.io/controller-uid"], "u-1");
  EXPECT_EQ(l["controller-uid"], "u-1");
  job["spec"]["completionMode"] = "Indexed";
  job.erase("status");
  doc = List({Node("a1", "a"), job});
  RunControllers(doc, r);
  created = Created(doc, r);
  ASSERT_EQ(created.size(), 3u);
  EXPECT_TRUE(created[2]["metadata"]["name"].get<std::string>().rfind("batch-2-", 0) == 0);
  EXPECT_EQ(created[2]["metadata"]["annotations"]["batch.kubernetes.io/job-completion-index"], "2");
}

TEST(ControllersTest, DaemonSetOnePodPerNodeItTargets) {
  json tainted = Node("b1", "b");
  tainted["spec"] = {{"taints", json::array({json{{"key", "dedicated"}, {"value", "gpu"}, {"effect", "NoSchedule"}}})}};
  json cordoned = Node("d1", "d");
  cordoned["spec"] = {{"unschedulable", true}};
  json unlabeled = Node("c1", "c");
  json a1 = Node("a1", "a");
  for (json* n : {&a1, &tainted, &cordoned}) (*n)["metadata"]["labels"]["disk"] = "ssd";
  json tmpl = Template("agent");
  tmpl["spec"]["nodeSelector"] = {{"disk", "ssd"}};
  tmpl["spec"]["affinity"] = {
      {"nodeAffinity",
       {{"requiredDuringSchedulingIgnoredDuringExecution",
         {{"nodeSelectorTerms",
           json::array(
               {json{{"matchExpressions", json::array({json{{"key", "disk"}, {"operator", "Exists"}}})}}})}}}}}};
  json ds = Workload("DaemonSet", "agent", {{"selector", {{"matchLabels", {{"app", "agent"}}}}}, {"template", tmpl}});
  json doc = List({a1, tainted, unlabeled, cordoned, ds});
  ControllerResult r;
  RunControllers(doc, r);
  auto created = Created(doc, r);
  ASSERT_EQ(created.size(), 2u);  // a1, and d1 (cordoned: the controller's tolerations allow it)
  const json& req = created[1]["spec"]["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"];
  EXPECT_EQ(req, (json{{"nodeSelectorTerms",
                        json::array({json{{"matchFields", json::array({json{{"key", "metadata.name"},
                                                                            {"operator", "In"},
                                                                            {"values", json::array({"d1"})}}})}}})}}));
  EXPECT_EQ(created[1]["spec"]["nodeSelector"], (json{{"disk", "ssd"}}));
  EXPECT_EQ(created[1]["spec"]["tolerations"].size(), 6u);
  // Read back: the pinned pods are not created again.
  RunControllers(doc, r);
  EXPECT_TRUE(r.created.empty());
  // Scheduled: each on its node.
  simulator::Session session;
  std::string error;
  ASSERT_TRUE(simulator::OpenSession(List({a1, tainted, unlabeled, cordoned, ds}).dump(), session, error)) << error;
  auto placements = ScheduleAll(*session.cluster, *session.framework);
  ASSERT_EQ(placements.size(), 2u);
  EXPECT_EQ(session.cluster->node(placements[0].node).name, "a1");
  EXPECT_EQ(session.cluster->node(placements[1].node).name, "d1");
}

TEST(ControllersTest, ErrorsNameTheWorkloadAndItsLine) {
  Scenario s;
  json bad = List({Node("a1", "a"), Deployment("web", 2)});
  bad["items"][1]["spec"]["selector"]["matchLabels"]["app"] = "other";
  EXPECT_EQ(LoadScenario(bad.dump(), s).error,
            "Deployment.apps \"web\" is invalid: spec.template.metadata.labels: Invalid value: `selector` does not "
            "match template `labels`");
  bad = List({Node("a1", "a"), Deployment("web", -1)});
  EXPECT_EQ(LoadScenario(bad.dump(), s).error,
            "Deployment.apps \"web\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0");
  // A field of the template that validation refuses in the created pods: told as the template's, with its
  // line, once (the pods the controller would create are not counted).
  const std::string yaml = R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c}]
      topologySpreadConstraints:
      - maxSkew: 0
        topologyKey: zone
        whenUnsatisfiable: DoNotSchedule
)";
  LoadResult r = LoadScenario(yaml, s);
  EXPECT_EQ(LocatedError(r, "web.yaml"),
            "web.yaml:12: Deployment.apps \"web\" is invalid: spec.template.spec.topologySpreadConstraints[0].maxSkew: "
            "Invalid value: 0: must be greater than zero");
  EXPECT_EQ(r.path, "spec.template.spec.topologySpreadConstraints[0].maxSkew");
  // Another invalid object of the file is counted; the created pods are not.
  r = LoadScenario(yaml +
                       "---\napiVersion: v1\nkind: Pod\nmetadata: {name: solo}\nspec:\n  containers: [{name: c}]\n"
                       "  topologySpreadConstraints: [{maxSkew: -1, topologyKey: zone, whenUnsatisfiable: "
                       "DoNotSchedule}]\n",
                   s);
  EXPECT_EQ(LocatedError(r, "web.yaml"),
            "web.yaml:12: Deployment.apps \"web\" is invalid: spec.template.spec.topologySpreadConstraints[0].maxSkew: "
            "Invalid value: 0: must be greater than zero (and 1 more in other objects)");
}

TEST(ControllersTest, ScheduleSpreadsADeploymentOfSixOverThreeZones) {
  json doc = List({Node("a1", "a"), Node("b1", "b"), Node("c1", "c"), Deployment("web", 6)});
  simulator::Session session;
  std::string error;
  ASSERT_TRUE(simulator::OpenSession(doc.dump(), session, error)) << error;
  auto placements = ScheduleAll(*session.cluster, *session.framework);
  ASSERT_EQ(placements.size(), 6u);
  std::map<std::string, int> perNode;
  for (const auto& p : placements) {
    ASSERT_NE(p.node, kNone) << p.message;
    ++perNode[session.cluster->node(p.node).name];
  }
  EXPECT_EQ(perNode, (std::map<std::string, int>{{"a1", 2}, {"b1", 2}, {"c1", 2}}));
  // The lab keeps the completed document: a re-read creates nothing more.
  controlplane::ScenarioDoc lab;
  ASSERT_TRUE(lab.Load(doc.dump(), error)) << error;
  EXPECT_EQ(lab.scenario().pods.size(), 6u);
  EXPECT_EQ(lab.created(), 7u);  // the ReplicaSet and its 6 pods
  controlplane::ScenarioDoc again;
  ASSERT_TRUE(again.Load(lab.Dump(), error)) << error;
  EXPECT_EQ(again.scenario().pods.size(), 6u);
  EXPECT_EQ(again.created(), 0u);
}

// Binds the pending pods of `doc` to nodes in turn: `nodes[i]` for the i-th pending pod.
void Bind(controlplane::ScenarioDoc& doc, const std::vector<std::string>& nodes) {
  std::vector<std::pair<size_t, std::string>> binds;
  for (size_t i = 0, k = 0; i < doc.scenario().pods.size() && k < nodes.size(); ++i)
    if (doc.scenario().pods[i].spec.nodeName.empty()) binds.emplace_back(i, nodes[k++]);
  std::string error;
  ASSERT_TRUE(doc.SetPodNodeNames(binds, error)) << error;
}

std::map<std::string, int> PodsPerNode(const controlplane::ScenarioDoc& doc) {
  std::map<std::string, int> out;
  for (const auto& p : doc.scenario().pods) ++out[p.spec.nodeName];
  return out;
}

// kubectl scale on a Deployment: its ReplicaSet follows; scaling down deletes the pods on
// the node with most of the Deployment's pods first (getPodsRankedByRelatedPodsOnSameNode),
// not the ones that keep the spread.
TEST(ControllersTest, ScalingADeploymentDownDeletesDoubledUpPodsFirst) {
  json doc = List({Node("a1", "a"), Node("b1", "b"), Node("c1", "c"), Deployment("web", 4)});
  controlplane::ScenarioDoc lab;
  std::string error;
  ASSERT_TRUE(lab.Load(doc.dump(), error)) << error;
  Bind(lab, {"a1", "b1", "a1", "c1"});
  ASSERT_TRUE(lab.Scale("shop/web", 3, error)) << error;
  ASSERT_EQ(lab.deletedPods().size(), 1u);
  EXPECT_EQ(lab.deletedPods()[0].nodeName, "a1");
  EXPECT_EQ(lab.deletedPods()[0].workload, "Deployment/web");
  // c1 and b1 rank 1; the other pod on a1 ties with it (upstream: either, at random).
  EXPECT_EQ(lab.deletedPods()[0].reason.rfind("2 pod(s) of the workload on its node a1, 1 on c1; a tie with web-", 0),
            0u)
      << lab.deletedPods()[0].reason;
  EXPECT_EQ(PodsPerNode(lab), (std::map<std::string, int>{{"a1", 1}, {"b1", 1}, {"c1", 1}}));
  // The ReplicaSet was scaled with it, so a re-read changes nothing.
  controlplane::ScenarioDoc again;
  ASSERT_TRUE(again.Load(lab.Dump(), error)) << error;
  EXPECT_EQ(again.created(), 0u);
  EXPECT_EQ(again.scenario().pods.size(), 3u);
  // Up again: two pending pods; unscheduled pods are the first to go on the way down.
  ASSERT_TRUE(lab.Scale("Deployment/shop/web", 5, error)) << error;
  EXPECT_EQ(PodsPerNode(lab)[""], 2);
  ASSERT_TRUE(lab.Scale("shop/web", 4, error)) << error;
  ASSERT_EQ(lab.deletedPods().size(), 1u);
  EXPECT_EQ(lab.deletedPods()[0].nodeName, "");
  EXPECT_EQ(lab.deletedPods()[0].reason.rfind("not scheduled yet; a tie with web-", 0), 0u)
      << lab.deletedPods()[0].reason;
}

// Parallel: all at once (OrderedReady goes one by one: stateful_set_control_test.cpp).
TEST(ControllersTest, ScalingAStatefulSetDownDeletesTheHighestOrdinalsFirst) {
  json db = Workload("StatefulSet", "db",
                     {{"replicas", 3},
                      {"podManagementPolicy", "Parallel"},
                      {"selector", {{"matchLabels", {{"app", "db"}}}}},
                      {"template", Template("db")}});
  controlplane::ScenarioDoc lab;
  std::string error;
  ASSERT_TRUE(lab.Load(List({Node("a1", "a"), db}).dump(), error)) << error;
  ASSERT_TRUE(lab.Scale("db", 1, error) == false);  // "db" alone is the default namespace
  EXPECT_EQ(error,
            "no Deployment, ReplicaSet, ReplicationController or StatefulSet \"db\" in the scenario "
            "(it has StatefulSet/shop/db)");
  ASSERT_TRUE(lab.Scale("shop/db", 1, error)) << error;
  ASSERT_EQ(lab.deletedPods().size(), 2u);
  EXPECT_EQ(lab.deletedPods()[0].name, "db-2");
  EXPECT_EQ(lab.deletedPods()[1].name, "db-1");
  EXPECT_EQ(lab.deletedPods()[0].reason, "ordinal 2 is outside 0..0 (the highest goes first)");
  ASSERT_EQ(lab.scenario().pods.size(), 1u);
  EXPECT_EQ(lab.scenario().pods[0].metadata.name, "db-0");
}

TEST(ControllersTest, ScaleRefusesWhatKubectlRefuses) {
  json doc = List(
      {Node("a1", "a"), Deployment("web", 1),
       Workload("StatefulSet", "web",
                {{"replicas", 1}, {"selector", {{"matchLabels", {{"app", "web"}}}}}, {"template", Template("web")}})});
  controlplane::ScenarioDoc lab;
  std::string error;
  ASSERT_TRUE(lab.Load(doc.dump(), error)) << error;
  EXPECT_FALSE(lab.Scale("shop/web", 2, error));
  EXPECT_EQ(error, "\"shop/web\" names Deployment/shop/web, StatefulSet/shop/web; say which as Kind/namespace/name");
  EXPECT_FALSE(lab.Scale("deployment/shop/web", -1, error));
  EXPECT_EQ(error, "replicas: must be greater than or equal to 0 (got -1)");
  EXPECT_FALSE(lab.Scale("statefulset/shop/web", 100001, error));
  EXPECT_EQ(
      error,
      "StatefulSet.apps \"web\" is invalid: spec.replicas: Invalid value: 100001: spreadlab creates at most 100000 "
      "pods per workload");
  EXPECT_EQ(lab.scenario().pods.size(), 2u);  // nothing changed
  EXPECT_TRUE(lab.Scale("statefulset/shop/web", 0, error)) << error;
  EXPECT_EQ(lab.scenario().pods.size(), 1u);
}

// A pod of a ReplicaSet removed by hand is replaced by its controller, in the document too.
TEST(ControllersTest, ARemovedPodIsReplaced) {
  controlplane::ScenarioDoc lab;
  std::string error;
  ASSERT_TRUE(lab.Load(List({Node("a1", "a"), Deployment("web", 2)}).dump(), error)) << error;
  Bind(lab, {"a1", "a1"});
  const std::string gone = lab.scenario().pods[0].metadata.name;
  ASSERT_TRUE(lab.RemovePod(0, error)) << error;
  ASSERT_EQ(lab.scenario().pods.size(), 2u);
  EXPECT_NE(lab.scenario().pods[1].metadata.name, gone);
  EXPECT_EQ(lab.scenario().pods[1].spec.nodeName, "");  // pending again
  controlplane::ScenarioDoc again;
  ASSERT_TRUE(again.Load(lab.Dump(), error)) << error;
  EXPECT_EQ(again.created(), 0u);
  EXPECT_EQ(again.scenario().pods.size(), 2u);
}

// A file with more pods than its ReplicaSet wants: the controller deletes the extra ones
// when it is read, and an error in an item after them still names the item as written.
TEST(ControllersTest, ExtraPodsInTheFileAreDeletedAndPathsStayAsWritten) {
  json rs =
      Workload("ReplicaSet", "front",
               {{"replicas", 1}, {"selector", {{"matchLabels", {{"app", "front"}}}}}, {"template", Template("front")}});
  auto pod = [](const std::string& name, const std::string& node) {
    return json{{"apiVersion", "v1"},
                {"kind", "Pod"},
                {"metadata", {{"name", name}, {"namespace", "shop"}, {"labels", {{"app", "front"}}}}},
                {"spec", {{"nodeName", node}, {"containers", json::array({json{{"name", "c"}}})}}}};
  };
  json doc = List({Node("a1", "a"), rs, pod("front-1", "a1"), pod("front-2", ""), Node("b1", "b")});
  ControllerResult r;
  RunControllers(doc, r);
  ASSERT_EQ(r.deleted.size(), 1u);
  EXPECT_EQ(r.deleted[0].name, "front-2");
  EXPECT_EQ(r.deleted[0].reason, "not scheduled yet");
  EXPECT_EQ(r.deleted[0].workload, "ReplicaSet/front");
  EXPECT_EQ(r.erased, (std::vector<size_t>{3}));
  EXPECT_EQ(doc["items"].size(), 4u);
  EXPECT_EQ(SourcePath(r, "items[3].metadata.name"), "items[4].metadata.name");
  EXPECT_EQ(SourcePath(r, "items[2].spec"), "items[2].spec");
  Scenario s;
  json bad = List({Node("a1", "a"), rs, pod("front-1", "a1"), pod("front-2", ""), Node("b1", "b")});
  bad["items"][4]["metadata"]["labels"]["zone"] = "-bad-";
  const LoadResult r2 = LoadScenario(bad.dump(), s);
  EXPECT_EQ(r2.path, "items[4].metadata.labels") << r2.error;
  EXPECT_EQ(r2.error.rfind("Node \"b1\" is invalid: metadata.labels: ", 0), 0u) << r2.error;
}

// Owners as upstream decides them (ControllerRefManager.ClaimObject): only a controller
// reference owns; a workload adopts the orphans its selector matches and releases the
// pods it owns that its selector no longer matches, patching their ownerReferences.

json PodOf(const std::string& name, const json& labels, const json& refs = nullptr, const std::string& node = "") {
  json pod = {{"apiVersion", "v1"},
              {"kind", "Pod"},
              {"metadata", {{"name", name}, {"namespace", "shop"}, {"labels", labels}}},
              {"spec", {{"containers", json::array({json{{"name", "c"}}})}}}};
  if (!refs.is_null()) pod["metadata"]["ownerReferences"] = refs;
  if (!node.empty()) pod["spec"]["nodeName"] = node;
  return pod;
}

json RefTo(const std::string& kind, const std::string& name, const std::string& uid, bool controller) {
  return {{"apiVersion", kind == "ReplicationController" ? "v1" : "apps/v1"},
          {"kind", kind},
          {"name", name},
          {"uid", uid},
          {"controller", controller}};
}

const json& ItemNamed(const json& doc, const std::string& kind, const std::string& name) {
  for (const json& it : doc["items"])
    if (it["kind"] == kind && it["metadata"]["name"] == name) return it;
  throw std::runtime_error("no " + kind + " " + name);
}

json ReplicaSetOf(const std::string& kind, int replicas) {
  json w = Workload(kind, "web", {{"replicas", replicas}, {"template", Template("web")}});
  w["metadata"]["uid"] = "u-web";
  if (kind == "ReplicationController") {
    w["apiVersion"] = "v1";
    w["spec"]["selector"] = {{"app", "web"}};
  } else {
    w["spec"]["selector"] = {{"matchLabels", {{"app", "web"}}}};
  }
  return w;
}

// A reference with controller: false owns nothing (metav1.GetControllerOf): the pod is
// neither counted nor deleted, and the orphan its selector matches is adopted.
TEST(ControllersTest, OnlyAControllerReferenceOwns) {
  for (const std::string kind : {"ReplicaSet", "ReplicationController"}) {
    const json helperRefs = json::array({RefTo(kind, "web", "u-web", false)});
    json doc = List({Node("a1", "a"), ReplicaSetOf(kind, 1), PodOf("web-1", {{"app", "web"}}, nullptr, "a1"),
                     PodOf("helper", {{"app", "helper"}}, helperRefs)});
    ControllerResult r;
    RunControllers(doc, r);
    EXPECT_TRUE(r.deleted.empty()) << kind;
    EXPECT_TRUE(r.created.empty()) << kind;
    EXPECT_EQ(ItemNamed(doc, "Pod", "helper")["metadata"]["ownerReferences"], helperRefs) << kind;
    json adopted = RefTo(kind, "web", "u-web", true);
    adopted["blockOwnerDeletion"] = true;
    EXPECT_EQ(ItemNamed(doc, "Pod", "web-1")["metadata"]["ownerReferences"], json::array({adopted})) << kind;
  }
}

// A pod relabelled out of its ReplicaSet is released, never deleted, and no longer counts.
TEST(ControllersTest, AnOwnedPodOutsideTheSelectorIsReleased) {
  for (int replicas : {0, 1}) {
    const json refs = json::array({RefTo("ReplicaSet", "web", "u-web", true)});
    json doc =
        List({Node("a1", "a"), ReplicaSetOf("ReplicaSet", replicas), PodOf("relabelled", {{"app", "debug"}}, refs)});
    ControllerResult r;
    RunControllers(doc, r);
    EXPECT_TRUE(r.deleted.empty());
    EXPECT_EQ(r.created.size(), static_cast<size_t>(replicas));
    EXPECT_FALSE(ItemNamed(doc, "Pod", "relabelled")["metadata"].contains("ownerReferences"));
    EXPECT_EQ(r.notes[0],
              "items[1]: ReplicaSet shop/web released Pod shop/relabelled: its labels no longer match the selector");
  }
}

// A pod controlled by another object, or by an older object of the same name (another
// uid), is not the ReplicaSet's: it creates its own and leaves the pod as it is.
TEST(ControllersTest, APodControlledByAnotherIsIgnored) {
  for (const json& ref : {RefTo("ReplicaSet", "other", "u-other", true), RefTo("ReplicaSet", "web", "u-old", true),
                          RefTo("StatefulSet", "web", "u-web", true)}) {
    json doc = List(
        {Node("a1", "a"), ReplicaSetOf("ReplicaSet", 1), PodOf("taken", {{"app", "web"}}, json::array({ref}), "a1")});
    ControllerResult r;
    RunControllers(doc, r);
    EXPECT_TRUE(r.deleted.empty()) << ref;
    EXPECT_EQ(r.created.size(), 1u) << ref;
    EXPECT_EQ(ItemNamed(doc, "Pod", "taken")["metadata"]["ownerReferences"], json::array({ref}));
  }
}

// getReplicaSetsForDeployment (ClaimReplicaSets): an orphan ReplicaSet of the
// Deployment's template is adopted as its new one (no second one is made); one whose
// labels no longer match is released and runs on its own.
TEST(ControllersTest, ADeploymentClaimsItsReplicaSets) {
  json doc = List({Node("a1", "a"), Deployment("web", 2)});
  ControllerResult r;
  RunControllers(doc, r);
  json rs = Created(doc, r)[0];
  ASSERT_EQ(rs["kind"], "ReplicaSet");
  rs["metadata"].erase("ownerReferences");
  doc = List({Node("a1", "a"), Deployment("web", 2), rs});
  RunControllers(doc, r);
  EXPECT_EQ(ReplicaSetReplicas(doc), (std::vector<int64_t>{2}));
  EXPECT_EQ(ItemNamed(doc, "ReplicaSet", rs["metadata"]["name"])["metadata"]["ownerReferences"][0]["name"], "web");
  json released = rs;
  released["metadata"]["name"] = "web-debug";
  released["metadata"]["labels"]["app"] = "debug";
  released["metadata"]["ownerReferences"] = json::array({RefTo("Deployment", "web", "Deployment/shop/web", true)});
  released["spec"]["replicas"] = 0;
  doc = List({Node("a1", "a"), Deployment("web", 2), released});
  RunControllers(doc, r);
  EXPECT_FALSE(ItemNamed(doc, "ReplicaSet", "web-debug")["metadata"].contains("ownerReferences"));
  EXPECT_EQ(ReplicaSetReplicas(doc), (std::vector<int64_t>{0, 2}));  // a new ReplicaSet for the Deployment
}

// getPodsForStatefulSet adopts the orphans named <set>-<ordinal> (isMemberOf), not others.
TEST(ControllersTest, AStatefulSetAdoptsItsMembersOnly) {
  json sts =
      Workload("StatefulSet", "db",
               {{"replicas", 2}, {"selector", {{"matchLabels", {{"app", "db"}}}}}, {"template", Template("db")}});
  json doc = List({Node("a1", "a"), sts, PodOf("db-0", {{"app", "db"}}, nullptr, "a1"),
                   PodOf("db-extra", {{"app", "db"}}, nullptr, "a1")});
  ControllerResult r;
  RunControllers(doc, r);
  EXPECT_EQ(ItemNamed(doc, "Pod", "db-0")["metadata"]["ownerReferences"][0]["kind"], "StatefulSet");
  EXPECT_FALSE(ItemNamed(doc, "Pod", "db-extra")["metadata"].contains("ownerReferences"));
  ASSERT_EQ(r.created.size(), 1u);
  EXPECT_EQ(Created(doc, r)[0]["metadata"]["name"], "db-1");
}

// getPodsForJob claims with the Job's controller-uid selector: an orphan with the label counts.
TEST(ControllersTest, AJobAdoptsThePodsOfItsUid) {
  json job = Workload("Job", "batch", {{"parallelism", 2}, {"template", Template("batch")}});
  job["metadata"]["uid"] = "u-1";
  json doc =
      List({Node("a1", "a"), job, PodOf("batch-old", {{"batch.kubernetes.io/controller-uid", "u-1"}}, nullptr, "a1"),
            PodOf("batch-other", {{"batch.kubernetes.io/controller-uid", "u-2"}}, nullptr, "a1")});
  ControllerResult r;
  RunControllers(doc, r);
  EXPECT_EQ(r.created.size(), 1u);
  EXPECT_EQ(ItemNamed(doc, "Pod", "batch-old")["metadata"]["ownerReferences"][0]["uid"], "u-1");
  EXPECT_FALSE(ItemNamed(doc, "Pod", "batch-other")["metadata"].contains("ownerReferences"));
}

// getDaemonPods (ClaimPods): an orphan agent on a node is the DaemonSet's pod there.
TEST(ControllersTest, ADaemonSetAdoptsThePodOnANode) {
  json ds = Workload("DaemonSet", "agent",
                     {{"selector", {{"matchLabels", {{"app", "agent"}}}}}, {"template", Template("agent")}});
  json doc = List({Node("a1", "a"), Node("b1", "b"), ds, PodOf("agent-a1", {{"app", "agent"}}, nullptr, "a1")});
  ControllerResult r;
  RunControllers(doc, r);
  ASSERT_EQ(r.created.size(), 1u);
  EXPECT_EQ(Created(doc, r)[0]["spec"]["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]
                           ["nodeSelectorTerms"][0]["matchFields"][0]["values"][0],
            "b1");
  EXPECT_EQ(ItemNamed(doc, "Pod", "agent-a1")["metadata"]["ownerReferences"][0]["name"], "agent");
}


// daemon_controller_test.go's tables: what the DaemonSet controller deletes.
json AgentSet() {
  return Workload("DaemonSet", "agent",
                  {{"selector", {{"matchLabels", {{"app", "agent"}}}}}, {"template", Template("agent")}});
}

json AgentOn(const std::string& name, const std::string& node, const char* phase = nullptr) {
  json pod = PodOf(name, {{"app", "agent"}}, nullptr, node);
  if (phase) pod["status"] = {{"phase", phase}};
  return pod;
}

// TestDaemonKillFailedPods
TEST(ControllersTest, ADaemonSetKillsFailedPodsAndAllButTheOldest) {
  struct Case {
    int failed, normal, creates, deletes;
  };
  for (const Case& c : {Case{0, 1, 0, 0}, Case{0, 0, 1, 0}, Case{1, 0, 0, 1}, Case{1, 3, 0, 3}}) {
    json doc = List({Node("node-0", "a"), AgentSet()});
    for (int k = 0; k < c.failed; ++k) doc["items"].push_back(AgentOn("failed-" + std::to_string(k), "node-0", "Failed"));
    for (int k = 0; k < c.normal; ++k) doc["items"].push_back(AgentOn("agent-" + std::to_string(k), "node-0"));
    ControllerResult r;
    RunControllers(doc, r);
    EXPECT_EQ(static_cast<int>(r.created.size()), c.creates) << c.failed << " failed, " << c.normal << " normal";
    EXPECT_EQ(static_cast<int>(r.deleted.size()), c.deletes) << c.failed << " failed, " << c.normal << " normal";
  }
  // The oldest stays (podByCreationTimestampAndPhase), and a scheduled pod before a pending one.
  json older = AgentOn("agent-b", "node-0"), newer = AgentOn("agent-a", "node-0");
  older["metadata"]["creationTimestamp"] = "2026-01-01T00:00:00Z";
  newer["metadata"]["creationTimestamp"] = "2026-01-02T00:00:00Z";
  json doc = List({Node("node-0", "a"), AgentSet(), newer, older});
  ControllerResult r;
  RunControllers(doc, r);
  ASSERT_EQ(r.deleted.size(), 1u);
  EXPECT_EQ(r.deleted[0].name, "agent-a");
}

// TestDeleteUnscheduledPodForNotExistingNode: a pending pod pinned to a node that is gone
// is deleted; a pod bound to one is the pod garbage collector's, not the controller's.
TEST(ControllersTest, ADaemonSetDeletesAPendingPodWhoseNodeIsGone) {
  json pinned = AgentOn("pod1-node-3", "");
  pinned["spec"]["affinity"] = {
      {"nodeAffinity",
       {{"requiredDuringSchedulingIgnoredDuringExecution",
         {{"nodeSelectorTerms",
           json::array({json{{"matchFields", json::array({json{{"key", "metadata.name"},
                                                               {"operator", "In"},
                                                               {"values", json::array({"node-2"})}}})}}})}}}}}};
  json doc = List({Node("node-0", "a"), AgentSet(), AgentOn("agent-0", "node-0"), AgentOn("agent-1", "node-1"), pinned});
  ControllerResult r;
  RunControllers(doc, r);
  EXPECT_TRUE(r.created.empty());
  ASSERT_EQ(r.deleted.size(), 1u);
  EXPECT_EQ(r.deleted[0].name, "pod1-node-3");
}

// TestNoExecuteTaintedDoesEvicitRunningIntolerantPod, and a NoSchedule taint keeps it.
TEST(ControllersTest, ADaemonSetDeletesItsPodFromANodeWithAnUntoleratedNoExecuteTaint) {
  for (const char* effect : {"NoExecute", "NoSchedule"}) {
    json tainted = Node("tainted", "a");
    tainted["spec"] = {{"taints", json::array({json{{"key", "dedicated"}, {"value", "user1"}, {"effect", effect}}})}};
    json doc = List({tainted, AgentSet(), AgentOn("stop-running-me", "tainted")});
    ControllerResult r;
    RunControllers(doc, r);
    EXPECT_TRUE(r.created.empty()) << effect;
    EXPECT_EQ(r.deleted.size(), std::string(effect) == "NoExecute" ? 1u : 0u) << effect;
  }
}

}  // namespace
}  // namespace spreadlab::controlplane
