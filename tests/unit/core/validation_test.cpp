#include "core/validation.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace spreadlab {
namespace {

// Upstream's messages, as k8s.io/apimachinery builds them (note RegexError's
// double space before "or").
const std::string kQualifiedNameMsg =
    "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
    "alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
    "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const std::string kLabelValueMsg =
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must "
    "start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used "
    "for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const std::string kSubdomainMsg =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must "
    "start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const std::string kDNSLabelMsg =
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start "
    "and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const std::string kDNS1035Msg =
    "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic "
    "character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for "
    "validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

const std::string kZone = "topology.kubernetes.io/zone";
const std::string kHostname = "kubernetes.io/hostname";

const std::string kSpread0 = "items[2].spec.topologySpreadConstraints[0]";
const std::string kSpread1 = "items[2].spec.topologySpreadConstraints[1]";
const std::string kTerm0 =
    "items[2].spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]";
const std::string kPreferred = "items[2].spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution";
const std::string kArgs = "items[8].profiles[0].pluginConfig[0].args";
const std::string kFitArgs = "items[8].profiles[0].pluginConfig[1].args";
const std::string kBalancedArgs = "items[8].profiles[0].pluginConfig[2].args";
const std::string kAffinityArgs = "items[8].profiles[0].pluginConfig[3].args";

v1::Node MakeNode(const std::string& name, const std::string& zone, const std::string& path) {
  v1::Node n;
  n.metadata.name = name;
  n.metadata.labels = {{kZone, zone}, {kHostname, name}};
  n.path = path;
  return n;
}

v1::Pod MakeWebPod(const std::string& name, const std::string& path) {
  v1::Pod p;
  p.metadata.name = name;
  p.metadata.labels = {{"app", "web"}, {"pod-template-hash", "abc"}};
  p.path = path;
  return p;
}

// A valid scenario touching every validated field: nodes items[0..1], pods
// items[2..3], a Service, RC, ReplicaSet and StatefulSet items[4..7], and a
// profile in items[8].
Scenario BaseScenario() {
  Scenario s;
  s.nodes.push_back(MakeNode("node1", "zone-a", "items[0]"));
  s.nodes.push_back(MakeNode("node2", "zone-b", "items[1]"));
  s.nodes[1].taints = {{"dedicated", "gpu", "NoSchedule"}};

  v1::Pod web1 = MakeWebPod("web-1", "items[2]");
  web1.spec.nodeName = "node1";
  web1.spec.nodeSelector = {{"kubernetes.io/os", "linux"}};
  v1::NodeAffinity na;
  na.requiredDuringSchedulingIgnoredDuringExecution =
      v1::NodeSelector{{{{{kZone, "In", {"zone-a", "zone-b"}}}, {{"metadata.name", "In", {"node1"}}}}}};
  na.preferredDuringSchedulingIgnoredDuringExecution = {{10, {{{"disktype", "In", {"ssd"}}}, {}}}};
  v1::PodAffinityTerm sameZone;
  sameZone.labelSelector = v1::LabelSelector{{{"app", "cache"}}, {}};
  sameZone.namespaces = {"default"};
  sameZone.topologyKey = kZone;
  sameZone.matchLabelKeys = {"pod-template-hash"};
  v1::PodAffinity podAffinity;
  podAffinity.requiredDuringSchedulingIgnoredDuringExecution = {sameZone};
  v1::PodAffinityTerm otherHost;
  otherHost.labelSelector = v1::LabelSelector{{}, {{"app", "In", {"web"}}}};
  otherHost.topologyKey = kHostname;
  v1::PodAffinity podAntiAffinity;
  podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution = {{50, otherHost}};
  web1.spec.affinity = v1::Affinity{na, podAffinity, podAntiAffinity};
  web1.spec.tolerations = {{"dedicated", "Equal", "gpu", "NoSchedule", std::nullopt},
                           {"node.kubernetes.io/not-ready", "Exists", "", "NoExecute", 300}};
  v1::TopologySpreadConstraint byZone;
  byZone.maxSkew = 1;
  byZone.topologyKey = kZone;
  byZone.whenUnsatisfiable = v1::kDoNotSchedule;
  byZone.labelSelector = v1::LabelSelector{{{"app", "web"}}, {}};
  byZone.minDomains = 2;
  byZone.nodeAffinityPolicy = v1::kHonor;
  byZone.nodeTaintsPolicy = v1::kIgnore;
  byZone.matchLabelKeys = {"pod-template-hash"};
  v1::TopologySpreadConstraint byHost;
  byHost.maxSkew = 2;
  byHost.topologyKey = kHostname;
  byHost.whenUnsatisfiable = v1::kScheduleAnyway;
  byHost.labelSelector = v1::LabelSelector{{}, {{"app", "In", {"web"}}}};
  web1.spec.topologySpreadConstraints = {byZone, byHost};
  s.pods.push_back(web1);
  s.pods.push_back(MakeWebPod("web-2", "items[3]"));

  v1::Service svc;
  svc.metadata.name = "web";
  svc.selector = v1::LabelMap{{"app", "web"}};
  svc.path = "items[4]";
  s.services.push_back(svc);
  v1::ReplicationController rc;
  rc.metadata.name = "legacy";
  rc.selector = v1::LabelMap{{"app", "legacy"}};
  rc.path = "items[5]";
  s.replicationControllers.push_back(rc);
  v1::ReplicaSet rs;
  rs.metadata.name = "web-abc";
  rs.selector = v1::LabelSelector{{{"app", "web"}}, {}};
  rs.path = "items[6]";
  s.replicaSets.push_back(rs);
  v1::StatefulSet ss;
  ss.metadata.name = "db";
  ss.selector = v1::LabelSelector{{}, {{"app", "In", {"db"}}}};
  ss.path = "items[7]";
  s.statefulSets.push_back(ss);

  config::Profile profile;
  profile.plugins = config::Plugins{};
  profile.plugins->score.enabled = {{"PodTopologySpread", 2}};
  profile.podTopologySpreadArgs.defaultingType = config::kListDefaulting;
  v1::TopologySpreadConstraint def;
  def.maxSkew = 3;
  def.topologyKey = kZone;
  def.whenUnsatisfiable = v1::kScheduleAnyway;
  profile.podTopologySpreadArgs.defaultConstraints = {def};
  profile.path = "items[8].profiles[0]";
  profile.podTopologySpreadArgsPath = kArgs;
  profile.nodeResourcesFitArgsPath = kFitArgs;
  profile.balancedAllocationArgsPath = kBalancedArgs;
  profile.interPodAffinityArgsPath = kAffinityArgs;
  s.profile = profile;
  return s;
}

v1::Pod& Web1(Scenario& s) { return s.pods[0]; }
v1::TopologySpreadConstraint& Spread(Scenario& s, size_t i) { return Web1(s).spec.topologySpreadConstraints[i]; }
v1::NodeSelectorTerm& RequiredTerm(Scenario& s) {
  return Web1(s).spec.affinity->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution->nodeSelectorTerms[0];
}
v1::PreferredSchedulingTerm& Preferred(Scenario& s) {
  return Web1(s).spec.affinity->nodeAffinity->preferredDuringSchedulingIgnoredDuringExecution[0];
}
v1::PodAffinityTerm& AffinityTerm(Scenario& s) {
  return Web1(s).spec.affinity->podAffinity->requiredDuringSchedulingIgnoredDuringExecution[0];
}
v1::WeightedPodAffinityTerm& AntiAffinityTerm(Scenario& s) {
  return Web1(s).spec.affinity->podAntiAffinity->preferredDuringSchedulingIgnoredDuringExecution[0];
}
v1::Toleration& PodToleration(Scenario& s, size_t i) { return Web1(s).spec.tolerations[i]; }
v1::Taint& NodeTaint(Scenario& s) { return s.nodes[1].taints[0]; }
config::PodTopologySpreadArgs& Args(Scenario& s) { return s.profile->podTopologySpreadArgs; }
config::NodeResourcesFitArgs& FitArgs(Scenario& s) { return s.profile->nodeResourcesFitArgs; }
config::ScoringStrategy& Strategy(Scenario& s) { return FitArgs(s).scoringStrategy; }
// A valid RequestedToCapacityRatio strategy, as upstream's test cases set it up.
void UseRequestedToCapacityRatio(Scenario& s, std::vector<config::UtilizationShapePoint> shape) {
  Strategy(s).type = config::kRequestedToCapacityRatio;
  Strategy(s).hasRequestedToCapacityRatio = true;
  Strategy(s).requestedToCapacityRatioShape = std::move(shape);
}

struct Case {
  std::string name;
  std::function<void(Scenario&)> mutate;
  std::string want;  // ToString() of the first error; empty when the scenario stays valid
};

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << c.name; }

const std::vector<Case>& Cases() {
  static const std::vector<Case> cases = {
      {"Valid", [](Scenario&) {}, ""},

      // validateTopologySpreadConstraints
      {"MaxSkewZero", [](Scenario& s) { Spread(s, 0).maxSkew = 0; },
       kSpread0 + ".maxSkew: Invalid value: 0: must be greater than zero"},
      {"MaxSkewNegative", [](Scenario& s) { Spread(s, 0).maxSkew = -1; },
       kSpread0 + ".maxSkew: Invalid value: -1: must be greater than zero"},
      {"TopologyKeyEmpty", [](Scenario& s) { Spread(s, 0).topologyKey = ""; },
       kSpread0 + ".topologyKey: Required value: can not be empty"},
      {"PodTopologyKeyNotQualifiedIsAccepted", [](Scenario& s) { Spread(s, 0).topologyKey = "zone key"; }, ""},
      {"WhenUnsatisfiableUnknown", [](Scenario& s) { Spread(s, 0).whenUnsatisfiable = "Foo"; },
       kSpread0 +
           ".whenUnsatisfiable: Unsupported value: \"Foo\": supported values: \"DoNotSchedule\", \"ScheduleAnyway\""},
      {"WhenUnsatisfiableEmpty", [](Scenario& s) { Spread(s, 1).whenUnsatisfiable = ""; },
       kSpread1 +
           ".whenUnsatisfiable: Unsupported value: \"\": supported values: \"DoNotSchedule\", \"ScheduleAnyway\""},
      {"DuplicateKeyAndAction", [](Scenario& s) { Spread(s, 1) = Spread(s, 0); },
       kSpread0 +
           ".{topologyKey, whenUnsatisfiable}: Duplicate value: \"{topology.kubernetes.io/zone, DoNotSchedule}\""},
      {"SameKeyOtherActionIsAccepted", [](Scenario& s) { Spread(s, 1).topologyKey = kZone; }, ""},
      {"MinDomainsZero", [](Scenario& s) { Spread(s, 0).minDomains = 0; },
       kSpread0 + ".minDomains: Invalid value: 0: must be greater than zero"},
      {"MinDomainsWithScheduleAnyway", [](Scenario& s) { Spread(s, 0).whenUnsatisfiable = v1::kScheduleAnyway; },
       kSpread0 +
           ".minDomains: Invalid value: 2: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway"},
      {"NodeAffinityPolicyUnknown", [](Scenario& s) { Spread(s, 0).nodeAffinityPolicy = "Always"; },
       kSpread0 + ".nodeAffinityPolicy: Unsupported value: \"Always\": supported values: \"Honor\", \"Ignore\""},
      {"NodeTaintsPolicyUnknown", [](Scenario& s) { Spread(s, 0).nodeTaintsPolicy = "honor"; },
       kSpread0 + ".nodeTaintsPolicy: Unsupported value: \"honor\": supported values: \"Honor\", \"Ignore\""},
      {"MatchLabelKeysWithoutSelector", [](Scenario& s) { Spread(s, 0).labelSelector.reset(); },
       kSpread0 + ".matchLabelKeys: Forbidden: must not be specified when labelSelector is not set"},
      {"MatchLabelKeysOverlapSelector", [](Scenario& s) { Spread(s, 0).matchLabelKeys = {"app"}; },
       kSpread0 + ".matchLabelKeys[0]: Invalid value: \"app\": exists in both matchLabelKeys and labelSelector"},
      {"MatchLabelKeysNotQualified", [](Scenario& s) { Spread(s, 0).matchLabelKeys = {"pod template"}; },
       kSpread0 + ".matchLabelKeys[0]: Invalid value: \"pod template\": " + kQualifiedNameMsg},
      {"SelectorInWithoutValues", [](Scenario& s) { Spread(s, 1).labelSelector->matchExpressions[0].values.clear(); },
       kSpread1 + ".labelSelector.matchExpressions[0].values: Required value: must be specified when `operator` is "
                  "'In' or 'NotIn'"},
      {"SelectorExistsWithValues", [](Scenario& s) { Spread(s, 1).labelSelector->matchExpressions[0].op = "Exists"; },
       kSpread1 + ".labelSelector.matchExpressions[0].values: Forbidden: may not be specified when `operator` is "
                  "'Exists' or 'DoesNotExist'"},
      {"SelectorBadOperator", [](Scenario& s) { Spread(s, 1).labelSelector->matchExpressions[0].op = "Equals"; },
       kSpread1 + ".labelSelector.matchExpressions[0].operator: Invalid value: \"Equals\": not a valid selector operator"},
      {"SelectorBadValue", [](Scenario& s) { Spread(s, 1).labelSelector->matchExpressions[0].values = {"web app"}; },
       kSpread1 + ".labelSelector.matchExpressions[0].values[0]: Invalid value: \"web app\": " + kLabelValueMsg},
      {"SelectorMatchLabelsBadKey",
       [](Scenario& s) {
         Spread(s, 0).labelSelector->matchLabels = {{"app name", "web"}};
       },
       kSpread0 + ".labelSelector.matchLabels: Invalid value: \"app name\": " + kQualifiedNameMsg},

      // ValidateTolerations
      {"TolerationExistsWithValue", [](Scenario& s) { PodToleration(s, 1).value = "x"; },
       "items[2].spec.tolerations[1].operator: Invalid value: \"x\": value must be empty when `operator` is 'Exists'"},
      {"TolerationEmptyKeyWithEqual", [](Scenario& s) { PodToleration(s, 0).key = ""; },
       "items[2].spec.tolerations[0].operator: Invalid value: \"Equal\": operator must be Exists when `key` is "
       "empty, which means \"match all values and all keys\""},
      {"TolerationEmptyKeyWithExistsIsAccepted", [](Scenario& s) { PodToleration(s, 1).key = ""; }, ""},
      {"TolerationBadEffect", [](Scenario& s) { PodToleration(s, 0).effect = "NoExec"; },
       "items[2].spec.tolerations[0].effect: Unsupported value: \"NoExec\": supported values: \"NoSchedule\", "
       "\"PreferNoSchedule\", \"NoExecute\""},
      {"TolerationBadOperator", [](Scenario& s) { PodToleration(s, 0).op = "In"; },
       "items[2].spec.tolerations[0].operator: Unsupported value: \"In\": supported values: \"Equal\", \"Exists\""},
      {"TolerationSecondsWithoutNoExecute", [](Scenario& s) { PodToleration(s, 0).tolerationSeconds = 60; },
       "items[2].spec.tolerations[0].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when "
       "`tolerationSeconds` is set"},
      {"TolerationBadValue", [](Scenario& s) { PodToleration(s, 0).value = "gpu\"1\""; },
       "items[2].spec.tolerations[0].operator: Invalid value: \"gpu\\\"1\\\"\": " + kLabelValueMsg},

      // validateNodeTaints
      {"TaintMissingEffect", [](Scenario& s) { NodeTaint(s).effect = ""; },
       "items[1].spec.taints[0].effect: Required value"},
      {"TaintBadEffect", [](Scenario& s) { NodeTaint(s).effect = "NoScheduleNoAdmit"; },
       "items[1].spec.taints[0].effect: Unsupported value: \"NoScheduleNoAdmit\": supported values: \"NoSchedule\", "
       "\"PreferNoSchedule\", \"NoExecute\""},
      {"TaintEmptyNamePart", [](Scenario& s) { NodeTaint(s).key = "dedicated/"; },
       "items[1].spec.taints[0].key: Invalid value: \"dedicated/\": name part must be non-empty"},
      {"TaintDuplicateKeyAndEffect",
       [](Scenario& s) {
         s.nodes[1].taints.push_back({"dedicated", "other", "NoSchedule"});
       },
       "items[1].spec.taints[1]: Duplicate value: \"dedicated=other:NoSchedule\": taints must be unique by key and "
       "effect pair"},
      {"TaintSameKeyOtherEffectIsAccepted",
       [](Scenario& s) {
         s.nodes[1].taints.push_back({"dedicated", "", "NoExecute"});
       },
       ""},

      // ValidateNodeSelector / ValidateNodeSelectorRequirement / ValidateNodeFieldSelectorRequirement
      {"RequiredTermsEmpty",
       [](Scenario& s) {
         Web1(s).spec.affinity->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution->nodeSelectorTerms.clear();
       },
       "items[2].spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: Required "
       "value: must have at least one node selector term"},
      {"GtNonIntegerIsAccepted",
       [](Scenario& s) {
         RequiredTerm(s).matchExpressions.push_back({"cpus", "Gt", {"many"}});
       },
       ""},
      {"GtTwoValues",
       [](Scenario& s) {
         RequiredTerm(s).matchExpressions.push_back({"cpus", "Gt", {"1", "2"}});
       },
       kTerm0 + ".matchExpressions[1].values: Required value: must be specified single value when `operator` is 'Lt' "
                "or 'Gt'"},
      {"NodeSelectorBadOperator", [](Scenario& s) { RequiredTerm(s).matchExpressions[0].op = "Equals"; },
       kTerm0 + ".matchExpressions[0].operator: Invalid value: \"Equals\": not a valid selector operator"},
      {"NodeSelectorExistsWithValues", [](Scenario& s) { RequiredTerm(s).matchExpressions[0].op = "DoesNotExist"; },
       kTerm0 + ".matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or "
                "'DoesNotExist'"},
      {"RequiredTermBadValue", [](Scenario& s) { RequiredTerm(s).matchExpressions[0].values[0] = "zone a"; },
       kTerm0 + ".matchExpressions[0].values[0]: Invalid value: \"zone a\": " + kLabelValueMsg},
      {"MatchFieldsOtherKey", [](Scenario& s) { RequiredTerm(s).matchFields[0].key = "metadata.namespace"; },
       kTerm0 + ".matchFields[0].key: Invalid value: \"metadata.namespace\": not a valid field selector key"},
      {"MatchFieldsTwoValues",
       [](Scenario& s) {
         RequiredTerm(s).matchFields[0].values = {"node1", "node2"};
       },
       kTerm0 + ".matchFields[0].values: Required value: must be only one value when `operator` is 'In' or 'NotIn' "
                "for node field selector"},
      {"MatchFieldsExists",
       [](Scenario& s) {
         RequiredTerm(s).matchFields[0].op = "Exists";
         RequiredTerm(s).matchFields[0].values.clear();
       },
       kTerm0 + ".matchFields[0].operator: Invalid value: \"Exists\": not a valid selector operator"},
      {"MatchFieldsBadNodeName", [](Scenario& s) { RequiredTerm(s).matchFields[0].values = {"Node_1"}; },
       kTerm0 + ".matchFields[0].values[0]: Invalid value: \"Node_1\": " + kSubdomainMsg},
      {"PreferredWeightZero", [](Scenario& s) { Preferred(s).weight = 0; },
       kPreferred + "[0].weight: Invalid value: 0: must be in the range 1-100"},
      {"PreferredWeight101", [](Scenario& s) { Preferred(s).weight = 101; },
       kPreferred + "[0].weight: Invalid value: 101: must be in the range 1-100"},
      {"PreferredBadValueIsAccepted",
       [](Scenario& s) { Preferred(s).preference.matchExpressions[0].values = {"not valid!"}; }, ""},
      {"PreferredBadKey", [](Scenario& s) { Preferred(s).preference.matchExpressions[0].key = "disk type"; },
       kPreferred + "[0].preference.matchExpressions[0].key: Invalid value: \"disk type\": " + kQualifiedNameMsg},

      // ValidateObjectMeta and labels
      {"NodeNameEmpty", [](Scenario& s) { s.nodes[1].metadata.name = ""; },
       "items[1].metadata.name: Required value: name or generateName is required"},
      {"NodeNameNotSubdomain", [](Scenario& s) { s.nodes[1].metadata.name = "Node_2"; },
       "items[1].metadata.name: Invalid value: \"Node_2\": " + kSubdomainMsg},
      {"PodNameNotSubdomain", [](Scenario& s) { Web1(s).metadata.name = "web_1"; },
       "items[2].metadata.name: Invalid value: \"web_1\": " + kSubdomainMsg},
      {"PodNamespaceEmpty", [](Scenario& s) { Web1(s).metadata.ns = ""; },
       "items[2].metadata.namespace: Required value"},
      {"PodNamespaceNotLabel", [](Scenario& s) { Web1(s).metadata.ns = "Team_A"; },
       "items[2].metadata.namespace: Invalid value: \"Team_A\": " + kDNSLabelMsg},
      {"PodNamespaceWithDots", [](Scenario& s) { Web1(s).metadata.ns = "team.a"; },
       "items[2].metadata.namespace: Invalid value: \"team.a\": must not contain dots"},
      {"LabelKeyNotQualified", [](Scenario& s) { Web1(s).metadata.labels["app name"] = "web"; },
       "items[2].metadata.labels: Invalid value: \"app name\": " + kQualifiedNameMsg},
      {"LabelKeyEmptyPrefix", [](Scenario& s) { Web1(s).metadata.labels["/app"] = "web"; },
       "items[2].metadata.labels: Invalid value: \"/app\": prefix part must be non-empty"},
      {"LabelKeyPrefixNotSubdomain", [](Scenario& s) { Web1(s).metadata.labels["Example.com/app"] = "web"; },
       "items[2].metadata.labels: Invalid value: \"Example.com/app\": prefix part " + kSubdomainMsg},
      {"LabelKeyTwoSlashes", [](Scenario& s) { Web1(s).metadata.labels["a/b/c"] = "web"; },
       "items[2].metadata.labels: Invalid value: \"a/b/c\": a valid label key must consist of alphanumeric "
       "characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or "
       "'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an "
       "optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"},
      {"LabelKeyNameTooLong", [](Scenario& s) { Web1(s).metadata.labels[std::string(64, 'k')] = "web"; },
       "items[2].metadata.labels: Invalid value: \"" + std::string(64, 'k') +
           "\": name part must be no more than 63 characters"},
      {"LabelValueTooLong", [](Scenario& s) { s.nodes[0].metadata.labels[kHostname] = std::string(64, 'a'); },
       "items[0].metadata.labels: Invalid value: \"" + std::string(64, 'a') + "\": must be no more than 63 characters"},
      {"NodeSelectorBadValue", [](Scenario& s) { Web1(s).spec.nodeSelector["kubernetes.io/os"] = "linux!"; },
       "items[2].spec.nodeSelector: Invalid value: \"linux!\": " + kLabelValueMsg},

      // Scenario consistency
      {"DuplicateNode", [](Scenario& s) { s.nodes[1].metadata.name = "node1"; },
       "items[1].metadata.name: Duplicate value: \"node1\""},
      {"DuplicatePod", [](Scenario& s) { s.pods[1].metadata.name = "web-1"; },
       "items[3].metadata.name: Duplicate value: \"default/web-1\""},
      {"SameNameOtherNamespaceIsAccepted",
       [](Scenario& s) {
         s.pods[1].metadata.name = "web-1";
         s.pods[1].metadata.ns = "staging";
       },
       ""},
      // The API server accepts a pod bound to any node name; the scenario may lack the node.
      {"UnknownNodeName", [](Scenario& s) { Web1(s).spec.nodeName = "node9"; }, ""},
      // validateSchedulingGates: qualified names, no duplicates.
      {"SchedulingGateNotQualified", [](Scenario& s) { Web1(s).spec.schedulingGates = {"a/b/c"}; },
       "items[2].spec.schedulingGates[0]: Invalid value: \"a/b/c\": a valid label key must consist of alphanumeric "
       "characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or "
       "'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an "
       "optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"},
      {"SchedulingGateDuplicate", [](Scenario& s) { Web1(s).spec.schedulingGates = {"wait", "wait"}; },
       "items[2].spec.schedulingGates[1]: Duplicate value: \"wait\""},
      {"BoundNodeNameNotSubdomain", [](Scenario& s) { Web1(s).spec.nodeName = "Node9"; },
       "items[2].spec.nodeName: Invalid value: \"Node9\": " + kSubdomainMsg},

      // Services and workloads
      {"ServiceNameNotDNS1035", [](Scenario& s) { s.services[0].metadata.name = "1web"; },
       "items[4].metadata.name: Invalid value: \"1web\": " + kDNS1035Msg},
      {"ServiceSelectorBadKey",
       [](Scenario& s) {
         s.services[0].selector = v1::LabelMap{{"app name", "web"}};
       },
       "items[4].spec.selector: Invalid value: \"app name\": " + kQualifiedNameMsg},
      {"ServiceWithoutSelectorIsAccepted", [](Scenario& s) { s.services[0].selector.reset(); }, ""},
      {"ReplicationControllerSelectorBadValue",
       [](Scenario& s) {
         s.replicationControllers[0].selector = v1::LabelMap{{"app", "legacy app"}};
       },
       "items[5].spec.selector: Invalid value: \"legacy app\": " + kLabelValueMsg},
      {"ReplicaSetSelectorMissing", [](Scenario& s) { s.replicaSets[0].selector.reset(); },
       "items[6].spec.selector: Required value"},
      {"ReplicaSetSelectorEmpty", [](Scenario& s) { s.replicaSets[0].selector = v1::LabelSelector{}; },
       "items[6].spec.selector: Invalid value: {}: empty selector is invalid for deployment"},
      {"StatefulSetSelectorEmpty", [](Scenario& s) { s.statefulSets[0].selector = v1::LabelSelector{}; },
       "items[7].spec.selector: Invalid value: {}: empty selector is invalid for statefulset"},
      {"StatefulSetSelectorBadOperator",
       [](Scenario& s) { s.statefulSets[0].selector->matchExpressions[0].op = "Equals"; },
       "items[7].spec.selector.matchExpressions[0].operator: Invalid value: \"Equals\": not a valid selector operator"},
      {"StatefulSetNameWithDots", [](Scenario& s) { s.statefulSets[0].metadata.name = "db.main"; },
       "items[7].metadata.name: Invalid value: \"db.main\": must not contain dots"},

      // ValidatePodTopologySpreadArgs and the profile
      {"SystemDefaultingWithConstraints", [](Scenario& s) { Args(s).defaultingType = config::kSystemDefaulting; },
       kArgs + ".defaultingType: Invalid value: \"System\": when .defaultConstraints are not empty"},
      {"SystemDefaultingWithoutConstraintsIsAccepted",
       [](Scenario& s) {
         Args(s).defaultingType = config::kSystemDefaulting;
         Args(s).defaultConstraints.clear();
       },
       ""},
      {"DefaultingTypeUnknown", [](Scenario& s) { Args(s).defaultingType = "Custom"; },
       kArgs + ".defaultingType: Unsupported value: \"Custom\": supported values: \"System\", \"List\""},
      {"DefaultConstraintWithSelector",
       [](Scenario& s) { Args(s).defaultConstraints[0].labelSelector = v1::LabelSelector{}; },
       kArgs + ".defaultConstraints[0].labelSelector: Forbidden: constraint must not define a selector, as they "
               "deduced for each pod"},
      {"DefaultConstraintMaxSkewZero", [](Scenario& s) { Args(s).defaultConstraints[0].maxSkew = 0; },
       kArgs + ".defaultConstraints[0].maxSkew: Invalid value: 0: not in valid range (0, inf)"},
      {"DefaultConstraintTopologyKeyEmpty", [](Scenario& s) { Args(s).defaultConstraints[0].topologyKey = ""; },
       kArgs + ".defaultConstraints[0].topologyKey: Required value: can not be empty"},
      {"DefaultConstraintTopologyKeyNotQualified",
       [](Scenario& s) { Args(s).defaultConstraints[0].topologyKey = "zone key"; },
       kArgs + ".defaultConstraints[0].topologyKey: Invalid value: \"zone key\": " + kQualifiedNameMsg},
      {"DefaultConstraintWhenUnsatisfiableEmpty",
       [](Scenario& s) { Args(s).defaultConstraints[0].whenUnsatisfiable = ""; },
       kArgs + ".defaultConstraints[0].whenUnsatisfiable: Required value: can not be empty"},
      {"DefaultConstraintWhenUnsatisfiableUnknown",
       [](Scenario& s) { Args(s).defaultConstraints[0].whenUnsatisfiable = "Later"; },
       kArgs + ".defaultConstraints[0].whenUnsatisfiable: Unsupported value: \"Later\": supported values: "
               "\"DoNotSchedule\", \"ScheduleAnyway\""},
      {"DefaultConstraintsDuplicate",
       [](Scenario& s) { Args(s).defaultConstraints.push_back(Args(s).defaultConstraints[0]); },
       kArgs + ".defaultConstraints[1]: Duplicate value: \"{topology.kubernetes.io/zone, ScheduleAnyway}\""},
      {"ScorePluginNegativeWeight", [](Scenario& s) { s.profile->plugins->score.enabled[0].weight = -1; },
       "items[8].profiles[0].plugins.score.enabled[0].weight: Invalid value: -1: must be greater than or equal to 0"},
      {"MultiPointPluginNegativeWeight",
       [](Scenario& s) {
         s.profile->plugins->multiPoint.enabled = {{"NodeAffinity", -5}};
       },
       "items[8].profiles[0].plugins.multiPoint.enabled[0].weight: Invalid value: -5: must be greater than or equal to 0"},
      {"PluginZeroWeightIsAccepted", [](Scenario& s) { s.profile->plugins->score.enabled[0].weight = 0; }, ""},
      {"SchedulerNameEmpty", [](Scenario& s) { s.profile->schedulerName = ""; },
       "items[8].profiles[0].schedulerName: Required value"},

      // validatePodAffinity / validatePodAntiAffinity (TestValidatePod's affinity cases)
      // validateCommonQueueSort (no upstream row of one profile with two).
      {"QueueSortPluginTwice",
       [](Scenario& s) {
         s.profile->plugins->queueSort.enabled = {{"PrioritySort", {}}, {"PrioritySort", {}}};
       },
       "items[8].profiles[0].plugins.queueSort.Enabled: Invalid value: 2: only one queue sort plugin can be enabled"},
      {"PodAffinityTopologyKeyEmpty", [](Scenario& s) { AffinityTerm(s).topologyKey = ""; },
       "items[2].spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required "
       "value: can not be empty"},
      {"PodAffinityBadSelectorOperator",
       [](Scenario& s) { AffinityTerm(s).labelSelector->matchExpressions = {{"app", "Equals", {"x"}}}; },
       "items[2].spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector."
       "matchExpressions[0].operator: Invalid value: \"Equals\": not a valid selector operator"},
      {"PodAffinityBadNamespace", [](Scenario& s) { AffinityTerm(s).namespaces = {"Not_A_Namespace"}; },
       "items[2].spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].namespace: Invalid "
       "value: \"Not_A_Namespace\": " +
           kDNSLabelMsg},
      {"PodAffinityMatchLabelKeysWithoutSelector", [](Scenario& s) { AffinityTerm(s).labelSelector.reset(); },
       "items[2].spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].matchLabelKeys: "
       "Forbidden: must not be specified when labelSelector is not set"},
      {"PodAffinityKeyInBothMatchAndMismatch",
       [](Scenario& s) { AffinityTerm(s).mismatchLabelKeys = {"pod-template-hash"}; },
       "items[2].spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].matchLabelKeys[0]: "
       "Invalid value: \"pod-template-hash\": exists in both matchLabelKeys and mismatchLabelKeys"},
      {"PodAffinityKeyInBothMatchLabelKeysAndSelector",
       [](Scenario& s) {
         // as the API server leaves it: matchLabels plus the merged expression
         AffinityTerm(s).labelSelector->matchLabels["pod-template-hash"] = "abc";
         AffinityTerm(s).labelSelector->matchExpressions = {{"pod-template-hash", "In", {"abc"}}};
       },
       "items[2].spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0][0]: Invalid value: "
       "\"pod-template-hash\": exists in both matchLabelKeys and labelSelector"},
      {"PodAntiAffinityWeightZero", [](Scenario& s) { AntiAffinityTerm(s).weight = 0; },
       "items[2].spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid "
       "value: 0: must be in the range 1-100"},
      {"PodAntiAffinityTopologyKeyNotQualified",
       [](Scenario& s) { AntiAffinityTerm(s).podAffinityTerm.topologyKey = "host name"; },
       "items[2].spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm."
       "topologyKey: Invalid value: \"host name\": " + kQualifiedNameMsg},

      // TestValidateInterPodAffinityArgs
      {"InterPodAffinityValidConfig", [](Scenario& s) { s.profile->interPodAffinityArgs.hardPodAffinityWeight = 10; },
       ""},
      {"InterPodAffinityHardPodAffinityWeightNegative",
       [](Scenario& s) { s.profile->interPodAffinityArgs.hardPodAffinityWeight = -1; },
       kAffinityArgs + ".hardPodAffinityWeight: Invalid value: -1: not in valid range [0, 100]"},
      {"InterPodAffinityHardPodAffinityWeightAbove100",
       [](Scenario& s) { s.profile->interPodAffinityArgs.hardPodAffinityWeight = 101; },
       kAffinityArgs + ".hardPodAffinityWeight: Invalid value: 101: not in valid range [0, 100]"},

      // TestValidateNodeResourcesBalancedAllocationArgs
      {"BalancedAllocationValidConfig",
       [](Scenario& s) { s.profile->balancedAllocationArgs.resources = {{"cpu", 1}, {"memory", 1}}; }, ""},
      {"BalancedAllocationInvalidWeight",
       [](Scenario& s) { s.profile->balancedAllocationArgs.resources = {{"cpu", 2}, {"memory", 1}}; },
       kBalancedArgs + ".resources[0].weight: Invalid value: 2: must be 1"},
      {"BalancedAllocationRepeatedResources",
       [](Scenario& s) { s.profile->balancedAllocationArgs.resources = {{"cpu", 1}, {"cpu", 1}}; },
       kBalancedArgs + ".resources[1].name: Duplicate value: \"cpu\""},

      // TestValidateFitArgs
      {"FitValidConfig", [](Scenario& s) { FitArgs(s).ignoredResources = {"nvidia.com/gpu"}; }, ""},
      {"FitIgnoredResourcesInvalidLabelName",
       [](Scenario& s) { FitArgs(s).ignoredResources = {"nvidia.com/gpu-"}; },
       kFitArgs + ".ignoredResources[0]: Invalid value: \"nvidia.com/gpu-\": " + kQualifiedNameMsg},
      {"FitIgnoredResourceGroupsWithSlash",
       [](Scenario& s) { FitArgs(s).ignoredResourceGroups = {"example.com/aaa"}; },
       kFitArgs + ".ignoredResourceGroups[0]: Invalid value: \"example.com/aaa\": resource group name can't contain '/'"},
      {"FitStrategyTypeUnsupported", [](Scenario& s) { Strategy(s).type = "Invalid"; },
       kFitArgs + ".scoringStrategy.type: Unsupported value: \"Invalid\": supported values: \"LeastAllocated\", "
                  "\"MostAllocated\", \"RequestedToCapacityRatio\""},
      {"FitStrategyTypeEmpty", [](Scenario& s) { Strategy(s).type = ""; },
       kFitArgs + ".scoringStrategy.type: Unsupported value: \"\": supported values: \"LeastAllocated\", "
                  "\"MostAllocated\", \"RequestedToCapacityRatio\""},
      {"FitResourceWeightZero", [](Scenario& s) { Strategy(s).resources = {{"cpu", 0}}; },
       kFitArgs + ".scoringStrategy.resources[0].weight: Invalid value: 0: resource weight of cpu not in valid range (0, 100]"},
      {"FitResourceWeightAbove100", [](Scenario& s) { Strategy(s).resources = {{"memory", 101}}; },
       kFitArgs +
           ".scoringStrategy.resources[0].weight: Invalid value: 101: resource weight of memory not in valid range (0, 100]"},
      {"FitRequestedToCapacityRatioMissing",
       [](Scenario& s) { Strategy(s).type = config::kRequestedToCapacityRatio; },
       kFitArgs + ".scoringStrategy.requestedToCapacityRatio: Required value: must be specified when type is "
                  "RequestedToCapacityRatio"},
      {"FitRequestedToCapacityRatioForbiddenForLeastAllocated",
       [](Scenario& s) { Strategy(s).hasRequestedToCapacityRatio = true; },
       kFitArgs + ".scoringStrategy.requestedToCapacityRatio: Forbidden: must be nil when type is not "
                  "RequestedToCapacityRatio"},
      {"FitShapeValid", [](Scenario& s) { UseRequestedToCapacityRatio(s, {{10, 1}, {20, 2}, {30, 3}}); }, ""},
      // TestValidateFunctionShape
      {"FitShapeEmpty", [](Scenario& s) { UseRequestedToCapacityRatio(s, {}); },
       kFitArgs + ".scoringStrategy.requestedToCapacityRatio.shape: Required value: at least one point must be "
                  "specified"},
      {"FitShapeNotSorted", [](Scenario& s) { UseRequestedToCapacityRatio(s, {{10, 1}, {10, 2}}); },
       kFitArgs + ".scoringStrategy.requestedToCapacityRatio.shape[1].utilization: Invalid value: 10: values must be "
                  "sorted in increasing order"},
      {"FitShapeUtilizationAbove100", [](Scenario& s) { UseRequestedToCapacityRatio(s, {{10, 1}, {110, 2}}); },
       kFitArgs + ".scoringStrategy.requestedToCapacityRatio.shape[1].utilization: Invalid value: 110: not in valid "
                  "range [0, 100]"},
      {"FitShapeUtilizationNegative", [](Scenario& s) { UseRequestedToCapacityRatio(s, {{-10, 1}, {20, 2}}); },
       kFitArgs + ".scoringStrategy.requestedToCapacityRatio.shape[0].utilization: Invalid value: -10: not in valid "
                  "range [0, 100]"},
      {"FitShapeScoreAbove10", [](Scenario& s) { UseRequestedToCapacityRatio(s, {{10, 1}, {20, 11}}); },
       kFitArgs + ".scoringStrategy.requestedToCapacityRatio.shape[1].score: Invalid value: 11: not in valid range [0, 10]"},
      {"FitShapeScoreNegative", [](Scenario& s) { UseRequestedToCapacityRatio(s, {{10, -1}, {20, 2}}); },
       kFitArgs + ".scoringStrategy.requestedToCapacityRatio.shape[0].score: Invalid value: -1: not in valid range [0, 10]"},
  };
  return cases;
}

class ValidationCaseTest : public ::testing::TestWithParam<Case> {};

TEST_P(ValidationCaseTest, FirstErrorMatchesUpstream) {
  Scenario s = BaseScenario();
  GetParam().mutate(s);
  const std::vector<FieldError> errors = ValidateScenario(s);
  if (GetParam().want.empty()) {
    EXPECT_TRUE(errors.empty()) << errors.front().ToString();
  } else {
    ASSERT_FALSE(errors.empty());
    EXPECT_EQ(errors.front().ToString(), GetParam().want);
  }
}

INSTANTIATE_TEST_SUITE_P(Rules, ValidationCaseTest, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<Case>& info) { return info.param.name; });

std::vector<std::string> Strings(const std::vector<FieldError>& errors) {
  std::vector<std::string> out;
  for (const FieldError& e : errors) out.push_back(e.ToString());
  return out;
}

TEST(ValidationTest, EmptyScenarioIsValid) { EXPECT_TRUE(ValidateScenario(Scenario{}).empty()); }

TEST(ValidationTest, ReportsEveryErrorOfAnObjectInUpstreamOrder) {
  Scenario s = BaseScenario();
  v1::TopologySpreadConstraint& c = Spread(s, 0);
  c.maxSkew = 0;
  c.topologyKey = "";
  c.whenUnsatisfiable = "";
  Web1(s).spec.nodeName = "node9";  // not in the scenario: counted nowhere, not an error
  EXPECT_EQ(Strings(ValidateScenario(s)),
            (std::vector<std::string>{
                kSpread0 + ".maxSkew: Invalid value: 0: must be greater than zero",
                kSpread0 + ".topologyKey: Required value: can not be empty",
                kSpread0 + ".whenUnsatisfiable: Unsupported value: \"\": supported values: \"DoNotSchedule\", "
                           "\"ScheduleAnyway\"",
                kSpread0 + ".minDomains: Invalid value: 2: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ",
            }));
}

TEST(ValidationTest, ErrorsFollowInputOrderAcrossKinds) {
  Scenario s;
  s.nodes.push_back(MakeNode("a", "zone-a", "items[10]"));
  s.nodes.push_back(MakeNode("b", "zone-a", "items[9]"));
  s.nodes[0].taints = {{"k", "", ""}};
  s.nodes[1].taints = {{"k", "", ""}};
  s.pods.push_back(MakeWebPod("p", "items[2]"));
  s.pods[0].spec.nodeName = "-missing";
  config::Profile profile;
  profile.schedulerName = "";
  profile.path = "items[1].profiles[0]";
  s.profile = profile;
  EXPECT_EQ(Strings(ValidateScenario(s)), (std::vector<std::string>{
                                              "items[1].profiles[0].schedulerName: Required value",
                                              "items[2].spec.nodeName: Invalid value: \"-missing\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric "
                                              "characters, '-' or '.', and must start and end with an alphanumeric character "
                                              "(e.g. 'example.com', regex used for validation is "
                                              "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
                                              "items[9].spec.taints[0].effect: Required value",
                                              "items[10].spec.taints[0].effect: Required value",
                                          }));
}

TEST(ValidationTest, EveryMessageOfOneValueIsReported) {
  Scenario s = BaseScenario();
  Web1(s).metadata.labels[std::string(64, '-')] = "web";
  EXPECT_EQ(Strings(ValidateScenario(s)),
            (std::vector<std::string>{
                "items[2].metadata.labels: Invalid value: \"" + std::string(64, '-') +
                    "\": name part must be no more than 63 characters",
                "items[2].metadata.labels: Invalid value: \"" + std::string(64, '-') + "\": " + kQualifiedNameMsg,
            }));
}

TEST(ValidationTest, ControlCharactersAreEscapedInValues) {
  Scenario s = BaseScenario();
  Spread(s, 0).whenUnsatisfiable = "Do\tNot\\Schedule\n";
  ASSERT_FALSE(ValidateScenario(s).empty());
  EXPECT_EQ(ValidateScenario(s).front().ToString(),
            kSpread0 +
                ".whenUnsatisfiable: Unsupported value: \"Do\\tNot\\\\Schedule\\n\": supported values: "
                "\"DoNotSchedule\", \"ScheduleAnyway\"");
}

}  // namespace
}  // namespace spreadlab
