// Karpenter's NodePool and spreadlab's InstanceTypeCatalog in (io/karpenter_reader.h,
// core/validation/karpenter.cpp): each read with its fields and the CRD's defaults, and a
// bad field refused as the API server refuses it (the CRD's schema and CEL rules) at its
// YAML line.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "controlplane/load_scenario.h"

namespace spreadlab::io {
namespace {

using controlplane::LoadResult;
using controlplane::LoadScenario;

const char* kPool = R"(apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: general
spec:
  weight: 10
  limits: {cpu: "100"}
  template:
    metadata:
      labels: {team: web}
    spec:
      nodeClassRef: {group: karpenter.k8s.aws, kind: EC2NodeClass, name: default}
      taints: [{key: dedicated, value: web, effect: NoSchedule}]
      startupTaints: [{key: node.example.com/agent-not-ready, effect: NoExecute}]
      requirements:
      - {key: karpenter.sh/capacity-type, operator: In, values: [spot, on-demand]}
      - {key: node.kubernetes.io/instance-type, operator: In, values: [m5.large, m5.xlarge], minValues: 2}
)";

const char* kCatalog = R"(apiVersion: spreadlab.io/v1alpha1
kind: InstanceTypeCatalog
metadata:
  name: small
instanceTypes:
- name: m5.large
  requirements:
  - {key: kubernetes.io/arch, operator: In, values: [amd64]}
  capacity: {cpu: "2", memory: 8Gi, pods: "29"}
  overhead:
    kubeReserved: {cpu: 70m, memory: 442Mi}
  offerings:
  - {zone: zone-a, capacityType: spot, price: 0.04}
  - {zone: zone-b, price: 0.096, available: false}
)";

TEST(KarpenterReader, ANodePoolAndACatalogAreRead) {
  Scenario s;
  const LoadResult r = LoadScenario(std::string(kPool) + "---\n" + kCatalog, s);
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_EQ(s.nodePools.size(), 1u);
  const karpenterv1::NodePool& pool = s.nodePools[0];
  EXPECT_EQ(pool.name, "general");
  EXPECT_EQ(pool.weight, 10);
  EXPECT_EQ(pool.limits.at("cpu").milli, 100000);
  EXPECT_EQ(pool.tmpl.labels.at("team"), "web");
  EXPECT_EQ(pool.tmpl.nodeClassRef.kind, "EC2NodeClass");
  ASSERT_EQ(pool.tmpl.taints.size(), 1u);
  EXPECT_EQ(pool.tmpl.startupTaints[0].effect, "NoExecute");
  ASSERT_EQ(pool.tmpl.requirements.size(), 2u);
  EXPECT_EQ(pool.tmpl.requirements[1].minValues, 2);
  // The CRD's defaults.
  EXPECT_EQ(pool.tmpl.expireAfter, "720h");
  EXPECT_EQ(pool.disruption.consolidationPolicy, "WhenEmptyOrUnderutilized");
  EXPECT_EQ(pool.disruption.consolidateAfter, "0s");
  ASSERT_EQ(pool.disruption.budgets.size(), 1u);
  EXPECT_EQ(pool.disruption.budgets[0].nodes, "10%");

  ASSERT_EQ(s.instanceTypes.size(), 1u);
  const cloudprovider::InstanceType& it = s.instanceTypes[0];
  EXPECT_EQ(it.name, "m5.large");
  EXPECT_EQ(it.capacity.at("pods").milli, 29000);
  EXPECT_EQ(it.kubeReserved.at("cpu").milli, 70);
  ASSERT_EQ(it.offerings.size(), 2u);
  EXPECT_EQ(it.offerings[0].capacityType, "spot");
  EXPECT_DOUBLE_EQ(it.offerings[0].price, 0.04);
  EXPECT_EQ(it.offerings[1].capacityType, "on-demand");  // spreadlab's default
  EXPECT_FALSE(it.offerings[1].available);
}

struct BadCase {
  std::string name, yaml, want;
};

std::string Pool(const std::string& spec) {
  return "apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: p\nspec:\n" + spec;
}
const std::string kTemplate =
    "  template:\n    spec:\n      nodeClassRef: {group: karpenter.k8s.aws, kind: EC2NodeClass, name: default}\n";

TEST(KarpenterReader, BadFieldsAreRefusedInTheApiServersWords) {
  const std::vector<BadCase> cases = {
      {"no template", Pool("  weight: 1\n"), "f.yaml:6: spec.template: Required value"},
      {"weight above 100", Pool("  weight: 101\n" + kTemplate + "      requirements: []\n"),
       "f.yaml:6: NodePool.karpenter.sh \"p\" is invalid: spec.weight: Invalid value: 101: spec.weight in body should "
       "be less than or equal to 100"},
      {"no nodeClassRef", Pool("  template:\n    spec:\n      requirements: []\n"),
       "f.yaml:8: NodePool.karpenter.sh \"p\" is invalid: spec.template.spec.nodeClassRef: Required value"},
      {"an unknown operator",
       Pool(kTemplate + "      requirements:\n      - {key: kubernetes.io/arch, operator: Is, values: [amd64]}\n"),
       "f.yaml:10: NodePool.karpenter.sh \"p\" is invalid: spec.template.spec.requirements[0].operator: Unsupported "
       "value: \"Is\": supported values: \"In\", \"NotIn\", \"Exists\", \"DoesNotExist\", \"Gt\", \"Lt\", \"Gte\", "
       "\"Lte\""},
      {"In without values", Pool(kTemplate + "      requirements:\n      - {key: kubernetes.io/arch, operator: In}\n"),
       "f.yaml:10: NodePool.karpenter.sh \"p\" is invalid: spec.template.spec.requirements: Invalid value: \"array\": "
       "requirements with operator 'In' must have a value defined"},
      {"Gt with a word",
       Pool(kTemplate + "      requirements:\n      - {key: example.com/cpu, operator: Gt, values: [many]}\n"),
       "f.yaml:10: NodePool.karpenter.sh \"p\" is invalid: spec.template.spec.requirements: Invalid value: \"array\": "
       "requirements operator 'Gt', 'Lt', 'Gte', or 'Lte' must have a single positive integer value"},
      {"the nodepool label",
       Pool(kTemplate + "      requirements:\n      - {key: karpenter.sh/nodepool, operator: In, values: [a]}\n"),
       "f.yaml:10: NodePool.karpenter.sh \"p\" is invalid: spec.template.spec.requirements[0].key: Invalid value: "
       "\"string\": label \"karpenter.sh/nodepool\" is restricted"},
      {"a karpenter.sh label",
       Pool("  template:\n    metadata:\n      labels: {karpenter.sh/team: a}\n    spec:\n      nodeClassRef: "
            "{group: g, kind: k, name: default}\n      requirements: []\n"),
       "f.yaml:8: NodePool.karpenter.sh \"p\" is invalid: spec.template.metadata.labels: Invalid value: \"object\": "
       "label domain \"karpenter.sh\" is restricted"},
      {"a taint without effect", Pool(kTemplate + "      taints: [{key: a}]\n      requirements: []\n"),
       "f.yaml:9: NodePool.karpenter.sh \"p\" is invalid: spec.template.spec.taints[0].effect: Required value"},
      {"minValues above the values",
       Pool(kTemplate + "      requirements:\n      - {key: a.io/b, operator: In, values: [x], minValues: 2}\n"),
       "f.yaml:10: NodePool.karpenter.sh \"p\" is invalid: spec.template.spec.requirements: Invalid value: \"array\": "
       "requirements with 'minValues' must have at least that many values specified in the 'values' field"},
      {"a budget's schedule without duration",
       Pool("  disruption:\n    budgets: [{nodes: '1', schedule: '@daily'}]\n" + kTemplate +
            "      requirements: []\n"),
       "f.yaml:7: NodePool.karpenter.sh \"p\" is invalid: spec.disruption.budgets: Invalid value: \"array\": "
       "'schedule' must be set with 'duration'"},
      {"an unknown consolidation policy",
       Pool("  disruption: {consolidationPolicy: Always}\n" + kTemplate + "      requirements: []\n"),
       "f.yaml:6: NodePool.karpenter.sh \"p\" is invalid: spec.disruption.consolidationPolicy: Unsupported value: "
       "\"Always\": supported values: \"WhenEmpty\", \"WhenEmptyOrUnderutilized\", \"Balanced\""},
      {"weight on a static pool", Pool("  replicas: 2\n  weight: 5\n" + kTemplate + "      requirements: []\n"),
       "f.yaml:6: NodePool.karpenter.sh \"p\" is invalid: spec: Invalid value: \"object\": 'weight' is not supported "
       "on static NodePools"},
      {"a NodePool of another version", "apiVersion: karpenter.sh/v1beta1\nkind: NodePool\nmetadata: {name: p}\n",
       "f.yaml:1: apiVersion: Unsupported value: \"karpenter.sh/v1beta1\": supported values: \"karpenter.sh/v1\""},
      {"an instance type without capacity",
       "apiVersion: spreadlab.io/v1alpha1\nkind: InstanceTypeCatalog\nmetadata: {name: c}\ninstanceTypes:\n- name: "
       "a\n  offerings: [{zone: z}]\n",
       "f.yaml:5: InstanceTypeCatalog.spreadlab.io \"c\" is invalid: [instanceTypes[0].capacity.cpu: Required value: "
       "every instance type says what it holds, instanceTypes[0].capacity.memory: Required value: every instance type "
       "says what it holds, instanceTypes[0].capacity.pods: Required value: every instance type says what it holds]"},
      {"a price that is not a number",
       "apiVersion: spreadlab.io/v1alpha1\nkind: InstanceTypeCatalog\nmetadata: {name: c}\ninstanceTypes:\n- name: "
       "a\n  capacity: {cpu: 1, memory: 1Gi, pods: 10}\n  offerings: [{zone: z, price: cheap}]\n",
       "f.yaml:7: instanceTypes[0].offerings[0].price: Invalid value: string \"cheap\": expected a price, a number"},
  };
  for (const BadCase& c : cases) {
    Scenario s;
    const LoadResult r = LoadScenario(c.yaml, s);
    EXPECT_FALSE(r.ok) << c.name;
    EXPECT_EQ(LocatedError(r, "f.yaml"), c.want) << c.name;
  }
}

}  // namespace
}  // namespace spreadlab::io
