// controlplane::ScenarioDoc::ApplyText (`kubectl apply -f` onto the document being edited) and the
// edits of a controlled pod's template (controlplane/scenario_template.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "controlplane/scenario_doc.h"

namespace spreadlab {
namespace {

// Three zones of one node each, and a pod of another app already bound.
constexpr const char* kCluster = R"({"apiVersion": "v1", "kind": "List", "items": [
  {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "node-a", "labels": {"topology.kubernetes.io/zone": "a"}},
   "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}},
  {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "node-b", "labels": {"topology.kubernetes.io/zone": "b"}},
   "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}},
  {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "node-c", "labels": {"topology.kubernetes.io/zone": "c"}},
   "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}},
  {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "batch", "labels": {"app": "batch"}},
   "spec": {"nodeName": "node-a", "containers": [{"name": "c", "image": "busybox"}]}}]})";

// A Deployment as the Kubernetes documentation writes one: no Node, a Service beside it.
constexpr const char* kDeployment = R"(apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 6
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      topologySpreadConstraints:
      - maxSkew: 1
        topologyKey: topology.kubernetes.io/zone
        whenUnsatisfiable: DoNotSchedule
        labelSelector:
          matchLabels:
            app: web
      containers:
      - name: nginx
        image: nginx:1.27
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
)";

size_t Count(const Scenario& s, const std::string& prefix, bool pendingOnly) {
  return std::count_if(s.pods.begin(), s.pods.end(), [&](const v1::Pod& p) {
    return p.metadata.name.rfind(prefix, 0) == 0 && (!pendingOnly || p.spec.nodeName.empty());
  });
}

controlplane::ScenarioDoc Loaded(const char* text) {
  controlplane::ScenarioDoc doc;
  std::string error;
  EXPECT_TRUE(doc.Load(text, error)) << error;
  return doc;
}

TEST(ScenarioApply, ADeploymentWithoutNodesGoesOntoTheCluster) {
  controlplane::ScenarioDoc doc = Loaded(kCluster);
  std::vector<std::string> applied;
  std::string error;
  ASSERT_TRUE(doc.ApplyText(kDeployment, applied, error)) << error;
  EXPECT_EQ(applied, (std::vector<std::string>{"deployment.apps/web created", "service/web created"}));
  const Scenario& s = doc.scenario();
  EXPECT_EQ(s.nodes.size(), 3u);                // the cluster stays
  EXPECT_EQ(Count(s, "batch", false), 1u);      // and so do its pods
  EXPECT_EQ(Count(s, "web-", true), 6u);        // the controllers made six pending replicas
  EXPECT_EQ(s.services.size(), 1u);
  EXPECT_EQ(doc.createdPods().size(), 6u);
}

TEST(ScenarioApply, ApplyingAgainIsUnchangedAndAChangeIsConfigured) {
  controlplane::ScenarioDoc doc = Loaded(kCluster);
  std::vector<std::string> applied;
  std::string error;
  ASSERT_TRUE(doc.ApplyText(kDeployment, applied, error)) << error;
  ASSERT_TRUE(doc.ApplyText(kDeployment, applied, error)) << error;
  EXPECT_EQ(applied, (std::vector<std::string>{"deployment.apps/web unchanged", "service/web unchanged"}));
  EXPECT_EQ(Count(doc.scenario(), "web-", true), 6u);
  std::string three = kDeployment;
  three.replace(three.find("replicas: 6"), 11, "replicas: 3");
  ASSERT_TRUE(doc.ApplyText(three, applied, error)) << error;
  EXPECT_EQ(applied.front(), "deployment.apps/web configured");
  EXPECT_EQ(Count(doc.scenario(), "web-", true), 3u);  // the ReplicaSet follows, as after kubectl apply
}

TEST(ScenarioApply, ARefusedManifestIsToldWhereTheTextHasItAndChangesNothing) {
  controlplane::ScenarioDoc doc = Loaded(kCluster);
  const std::string before = doc.Dump();
  std::string bad = kDeployment;
  bad.replace(bad.find("maxSkew: 1"), 10, "maxSkew: 0");
  std::vector<std::string> applied;
  std::string error;
  EXPECT_FALSE(doc.ApplyText(bad, applied, error, "deploy.yaml"));
  // In the API server's words, with the line where the text has the field (not an index into
  // the merged document).
  EXPECT_EQ(error.rfind("deploy.yaml:16: Deployment.apps \"web\" is invalid: spec.template.spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero", 0), 0u)
      << error;
  EXPECT_EQ(doc.Dump(), before);
}

TEST(ScenarioApply, APodsSpecIsImmutable) {
  controlplane::ScenarioDoc doc = Loaded(kCluster);
  std::vector<std::string> applied;
  std::string error;
  // Labels may change (the spec the cluster holds is kept as it is)...
  ASSERT_TRUE(doc.ApplyText(R"({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "batch", "labels": {"app": "b2"}}})",
                            applied, error))
      << error;
  EXPECT_EQ(applied, std::vector<std::string>{"pod/batch configured"});
  EXPECT_EQ(doc.scenario().pods[0].spec.nodeName, "node-a");
  // ...and so may an image, and tolerations be added (ValidatePodUpdate)...
  ASSERT_TRUE(doc.ApplyText(R"({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "batch"},
    "spec": {"containers": [{"name": "c", "image": "busybox:2"}], "tolerations": [{"key": "k", "operator": "Exists"}]}})",
                            applied, error))
      << error;
  EXPECT_EQ(doc.scenario().pods[0].spec.tolerations.size(), 1u);
  // ...the rest of the spec may not.
  const std::string before = doc.Dump();
  EXPECT_FALSE(doc.ApplyText(R"({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "batch"},
    "spec": {"containers": [{"name": "c", "image": "busybox"}], "nodeSelector": {"disk": "ssd"}}})",
                             applied, error));
  EXPECT_EQ(error.rfind("Pod \"batch\" is invalid: spec: Forbidden: pod updates may not change fields other than", 0), 0u)
      << error;
  EXPECT_EQ(doc.Dump(), before);
}

TEST(ScenarioApply, AnObjectWithoutANameIsRefused) {
  controlplane::ScenarioDoc doc = Loaded(kCluster);
  std::vector<std::string> applied;
  std::string error;
  EXPECT_FALSE(doc.ApplyText("apiVersion: v1\nkind: Service\nmetadata:\n  labels: {a: b}\n", applied, error));
  EXPECT_EQ(error, "line 4: metadata.name: Required value: name or generateName is required");
}

// --- a controlled pod's template ---

controlplane::ScenarioDoc WithDeployment() {
  controlplane::ScenarioDoc doc = Loaded(kCluster);
  std::vector<std::string> applied;
  std::string error;
  EXPECT_TRUE(doc.ApplyText(kDeployment, applied, error)) << error;
  return doc;
}

size_t FirstPending(const controlplane::ScenarioDoc& doc) {
  const auto& pods = doc.scenario().pods;
  return static_cast<size_t>(std::find_if(pods.begin(), pods.end(), [](const v1::Pod& p) {
                               return p.metadata.name.rfind("web-", 0) == 0 && p.spec.nodeName.empty();
                             }) -
                             pods.begin());
}

TEST(ScenarioTemplate, APodsWorkloadIsItsReplicaSetAndDeployment) {
  controlplane::ScenarioDoc doc = WithDeployment();
  const auto t = doc.TemplateOf(FirstPending(doc));
  ASSERT_EQ(t.owners.size(), 2u);
  EXPECT_EQ(t.owners[0].kind, "ReplicaSet");
  EXPECT_EQ(t.owners[1].kind, "Deployment");
  EXPECT_EQ(t.owners[1].name, "web");
  EXPECT_EQ(t.pending.size(), 6u);
  EXPECT_TRUE(t.bound.empty());
  EXPECT_TRUE(doc.TemplateOf(0).owners.empty());  // batch: a bare pod
}

TEST(ScenarioTemplate, AnEditOfOneReplicaIsTheTemplatesAndEveryPendingReplicasWithoutARollout) {
  controlplane::ScenarioDoc doc = WithDeployment();
  const size_t pod = FirstPending(doc);
  // One replica bound first: it keeps what it was created with.
  size_t bound = pod + 1;
  std::string error;
  ASSERT_TRUE(doc.SetPodNodeName(bound, "node-b", error)) << error;
  std::vector<std::string> names;
  for (const v1::Pod& p : doc.scenario().pods) names.push_back(p.metadata.name);

  ASSERT_TRUE(doc.SetTemplateSpreadConstraintField(pod, 0, "maxSkew", "2", error)) << error;
  size_t two = 0, one = 0;
  for (const v1::Pod& p : doc.scenario().pods)
    if (p.metadata.name.rfind("web-", 0) == 0) (p.spec.topologySpreadConstraints.at(0).maxSkew == 2 ? two : one)++;
  EXPECT_EQ(two, 5u);  // the five pending replicas
  EXPECT_EQ(one, 1u);  // the bound one
  // The templates say so, and the controllers see no new template: no ReplicaSet, no pod made or lost.
  std::vector<std::string> after;
  for (const v1::Pod& p : doc.scenario().pods) after.push_back(p.metadata.name);
  EXPECT_EQ(after, names);
  const auto t = doc.TemplateOf(pod);
  EXPECT_EQ(t.boundDiffering, 1u);
  // A field the reader words (the slow path) follows the same way.
  ASSERT_TRUE(doc.SetTemplateSpreadConstraintField(pod, 0, "labelSelector", R"({"matchLabels": {"app": "web", "tier": "x"}})",
                                                   error))
      << error;
  for (size_t i : doc.TemplateOf(pod).pending)
    EXPECT_EQ(doc.scenario().pods[i].spec.topologySpreadConstraints.at(0).labelSelector->matchLabels.size(), 2u);
  after.clear();
  for (const v1::Pod& p : doc.scenario().pods) after.push_back(p.metadata.name);
  EXPECT_EQ(after, names);
  // Refused as a pod edit is, and then nothing changes.
  const std::string before = doc.Dump();
  EXPECT_FALSE(doc.SetTemplateSpreadConstraintField(pod, 0, "maxSkew", "0", error));
  EXPECT_EQ(doc.Dump(), before);
}

TEST(ScenarioTemplate, ABarePodAloneChanges) {
  controlplane::ScenarioDoc doc = Loaded(R"({"apiVersion": "v1", "kind": "List", "items": [
    {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "a", "labels": {"app": "x"}},
     "spec": {"topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": "zone", "whenUnsatisfiable": "DoNotSchedule"}]}},
    {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "b", "labels": {"app": "x"}},
     "spec": {"topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": "zone", "whenUnsatisfiable": "DoNotSchedule"}]}}]})");
  std::string error;
  ASSERT_TRUE(doc.SetTemplateSpreadConstraintField(0, 0, "maxSkew", "3", error)) << error;
  EXPECT_EQ(doc.scenario().pods[0].spec.topologySpreadConstraints[0].maxSkew, 3);
  EXPECT_EQ(doc.scenario().pods[1].spec.topologySpreadConstraints[0].maxSkew, 1);
}

}  // namespace
}  // namespace spreadlab
