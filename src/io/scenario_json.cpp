#include "io/scenario_json.h"

#include <unordered_set>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/resources.h"
#include "core/validation.h"
#include "io/invalid_object.h"
#include "io/list_items.h"
#include "io/metav1_time.h"
#include "io/object_reader.h"
#include "io/read_fields.h"
#include "io/karpenter_reader.h"
#include "io/storage_reader.h"
#include "io/yaml_json.h"
#include "io/json_parse.h"

namespace spreadlab::io {

using namespace read;  // the reader's primitives (io/read_fields.h)

namespace {

constexpr size_t kMaxNesting = 128;

v1::PodAffinityTerm ReadPodAffinityTerm(const json& j, const Path& p) {
  ExpectObject(j, p);
  v1::PodAffinityTerm t;
  if (const json* ls = Field(j, "labelSelector")) t.labelSelector = ReadLabelSelector(*ls, Child(p, "labelSelector"));
  if (const json* ns = Field(j, "namespaces")) t.namespaces = StringList(*ns, Child(p, "namespaces"));
  t.topologyKey = StringField(j, "topologyKey", p);
  if (const json* ns = Field(j, "namespaceSelector"))
    t.namespaceSelector = ReadLabelSelector(*ns, Child(p, "namespaceSelector"));
  if (const json* k = Field(j, "matchLabelKeys")) t.matchLabelKeys = StringList(*k, Child(p, "matchLabelKeys"));
  if (const json* k = Field(j, "mismatchLabelKeys"))
    t.mismatchLabelKeys = StringList(*k, Child(p, "mismatchLabelKeys"));
  return t;
}

v1::PodAffinity ReadPodAffinity(const json& j, const Path& path) {
  v1::PodAffinity a;
  const Path rp = Child(path, "requiredDuringSchedulingIgnoredDuringExecution");
  ForEach(ArrayField(j, "requiredDuringSchedulingIgnoredDuringExecution", path), rp, [&](const json& t, const Path& p) {
    a.requiredDuringSchedulingIgnoredDuringExecution.push_back(ReadPodAffinityTerm(t, p));
  });
  const Path pp = Child(path, "preferredDuringSchedulingIgnoredDuringExecution");
  ForEach(ArrayField(j, "preferredDuringSchedulingIgnoredDuringExecution", path), pp,
          [&](const json& t, const Path& p) {
            v1::WeightedPodAffinityTerm w;
            w.weight = OptInt32Field(t, "weight", p).value_or(0);
            if (const json* term = Field(t, "podAffinityTerm"))
              w.podAffinityTerm = ReadPodAffinityTerm(*term, Child(p, "podAffinityTerm"));
            a.preferredDuringSchedulingIgnoredDuringExecution.push_back(std::move(w));
          });
  return a;
}

v1::NodeAffinity ReadNodeAffinity(const json& na, const Path& np) {
  ExpectObject(na, np);
  v1::NodeAffinity n;
  {
    if (const json* req = ObjectField(na, "requiredDuringSchedulingIgnoredDuringExecution", np)) {
      const Path rp = Child(np, "requiredDuringSchedulingIgnoredDuringExecution");
      v1::NodeSelector sel;
      const json* terms = ArrayField(*req, "nodeSelectorTerms", rp);
      if (terms)
        for (size_t i = 0; i < terms->size(); ++i)
          sel.nodeSelectorTerms.push_back(ReadNodeSelectorTerm((*terms)[i], Index(Child(rp, "nodeSelectorTerms"), i)));
      n.requiredDuringSchedulingIgnoredDuringExecution = std::move(sel);
    }
    const Path pp = Child(np, "preferredDuringSchedulingIgnoredDuringExecution");
    ForEach(ArrayField(na, "preferredDuringSchedulingIgnoredDuringExecution", np), pp,
            [&](const json& e, const Path& p) {
              v1::PreferredSchedulingTerm t;
              t.weight = OptInt32Field(e, "weight", p).value_or(0);
              if (const json* pref = Field(e, "preference"))
                t.preference = ReadNodeSelectorTerm(*pref, Child(p, "preference"));
              n.preferredDuringSchedulingIgnoredDuringExecution.push_back(std::move(t));
            });
  }
  return n;
}

std::optional<v1::Affinity> ReadAffinity(const json& j, const Path& path) {
  ExpectObject(j, path);
  v1::Affinity a;
  if (const json* na = ObjectField(j, "nodeAffinity", path))
    a.nodeAffinity = ReadNodeAffinity(*na, Child(path, "nodeAffinity"));
  if (const json* pa = ObjectField(j, "podAffinity", path))
    a.podAffinity = ReadPodAffinity(*pa, Child(path, "podAffinity"));
  if (const json* pa = ObjectField(j, "podAntiAffinity", path))
    a.podAntiAffinity = ReadPodAffinity(*pa, Child(path, "podAntiAffinity"));
  return a;
}

v1::TopologySpreadConstraint ReadSpreadConstraint(const json& j, const Path& p) {
  v1::TopologySpreadConstraint c;
  c.maxSkew = OptInt32Field(j, "maxSkew", p).value_or(0);
  c.topologyKey = StringField(j, "topologyKey", p);
  c.whenUnsatisfiable = StringField(j, "whenUnsatisfiable", p);
  if (const json* ls = Field(j, "labelSelector")) c.labelSelector = ReadLabelSelector(*ls, Child(p, "labelSelector"));
  c.minDomains = OptInt32Field(j, "minDomains", p);
  c.nodeAffinityPolicy = OptStringField(j, "nodeAffinityPolicy", p);
  c.nodeTaintsPolicy = OptStringField(j, "nodeTaintsPolicy", p);
  if (const json* k = Field(j, "matchLabelKeys")) c.matchLabelKeys = StringList(*k, Child(p, "matchLabelKeys"));
  return c;
}

v1::Container ReadContainer(const json& j, const Path& p) {
  v1::Container c;
  c.name = StringField(j, "name", p);
  c.image = StringField(j, "image", p);
  if (const json* res = ObjectField(j, "resources", p)) {
    if (const json* req = ObjectField(*res, "requests", Child(p, "resources")))
      c.requests = Resources(*req, Child(Child(p, "resources"), "requests"));
    if (const json* lim = ObjectField(*res, "limits", Child(p, "resources")))
      c.limits = Resources(*lim, Child(Child(p, "resources"), "limits"));
  }
  ForEach(ArrayField(j, "ports", p), Child(p, "ports"), [&](const json& port, const Path& pp) {
    v1::ContainerPort cp;
    cp.containerPort = OptInt32Field(port, "containerPort", pp).value_or(0);
    cp.hostPort = OptInt32Field(port, "hostPort", pp).value_or(0);
    cp.protocol = StringField(port, "protocol", pp, "TCP");
    cp.hostIP = StringField(port, "hostIP", pp);
    c.ports.push_back(cp);
  });
  c.restartPolicy = OptStringField(j, "restartPolicy", p);
  return c;
}

// Fills `pod`, a new one, in place: a Pod is big enough that moving one is a tenth of reading it.
void ReadPod(const json& item, const Path& path, v1::Pod& pod) {
  pod.path = path.str();
  pod.metadata = ReadMeta(item, path, true);
  const Path sp = Child(path, "spec");
  if (const json* spec = ObjectField(item, "spec", path)) {
    auto& s = pod.spec;
    s.nodeName = StringField(*spec, "nodeName", sp);
    s.schedulerName = StringField(*spec, "schedulerName", sp, "default-scheduler");
    if (const json* ns = ObjectField(*spec, "nodeSelector", sp))
      s.nodeSelector = StringMap(*ns, Child(sp, "nodeSelector"));
    if (const json* a = Field(*spec, "affinity")) s.affinity = ReadAffinity(*a, Child(sp, "affinity"));
    ForEach(ArrayField(*spec, "tolerations", sp), Child(sp, "tolerations"), [&](const json& t, const Path& p) {
      v1::Toleration tol;
      tol.key = StringField(t, "key", p);
      tol.op = StringField(t, "operator", p);
      tol.value = StringField(t, "value", p);
      tol.effect = StringField(t, "effect", p);
      if (const json* secs = Field(t, "tolerationSeconds"))
        tol.tolerationSeconds = AsInt(*secs, Child(p, "tolerationSeconds"), INT64_MIN, INT64_MAX);
      s.tolerations.push_back(std::move(tol));
    });
    ForEach(ArrayField(*spec, "topologySpreadConstraints", sp), Child(sp, "topologySpreadConstraints"),
            [&](const json& c, const Path& p) { s.topologySpreadConstraints.push_back(ReadSpreadConstraint(c, p)); });
    ForEach(ArrayField(*spec, "containers", sp), Child(sp, "containers"),
            [&](const json& c, const Path& p) { s.containers.push_back(ReadContainer(c, p)); });
    ForEach(ArrayField(*spec, "initContainers", sp), Child(sp, "initContainers"),
            [&](const json& c, const Path& p) { s.initContainers.push_back(ReadContainer(c, p)); });
    if (const json* o = Field(*spec, "overhead")) s.overhead = Resources(*o, Child(sp, "overhead"));
    if (const json* res = ObjectField(*spec, "resources", sp)) {
      if (const json* req = ObjectField(*res, "requests", Child(sp, "resources")))
        s.podRequests = Resources(*req, Child(Child(sp, "resources"), "requests"));
      if (const json* lim = ObjectField(*res, "limits", Child(sp, "resources")))
        s.podLimits = Resources(*lim, Child(Child(sp, "resources"), "limits"));
    }
    ForEach(ArrayField(*spec, "schedulingGates", sp), Child(sp, "schedulingGates"),
            [&](const json& g, const Path& p) { s.schedulingGates.push_back(StringField(g, "name", p)); });
    s.priority = OptInt32Field(*spec, "priority", sp);
    s.priorityClassName = StringField(*spec, "priorityClassName", sp);
    s.preemptionPolicy = StringField(*spec, "preemptionPolicy", sp);
    ForEach(ArrayField(*spec, "volumes", sp), Child(sp, "volumes"),
            [&](const json& v, const Path& p) { s.volumes.push_back(ReadVolume(v, p)); });
  }
  DefaultPodResources(pod);
  if (const json* status = ObjectField(item, "status", path)) {
    const Path stp = Child(path, "status");
    pod.phase = StringField(*status, "phase", stp);
    pod.nominatedNodeName = StringField(*status, "nominatedNodeName", stp);
    if (const json* start = Field(*status, "startTime")) {
      const std::optional<UnixNanos> t = ParseTime(AsString(*start, Child(stp, "startTime")));
      if (!t) Fail(Child(stp, "startTime"), "expected an RFC 3339 time such as 2026-11-24T10:00:00Z");
      pod.startTime = static_cast<int64_t>(*t / 1000000000);
    }
    // PodTerminatingByPreemption reads the first DisruptionTarget condition.
    bool seen = false;
    ForEach(ArrayField(*status, "conditions", stp), Child(stp, "conditions"), [&](const json& c, const Path& p) {
      if (seen || StringField(c, "type", p) != "DisruptionTarget") return;
      seen = true;
      pod.preemptedByScheduler =
          StringField(c, "status", p) == "True" && StringField(c, "reason", p) == "PreemptionByScheduler";
    });
  }
}

v1::Node ReadNode(const json& item, const Path& path) {
  v1::Node node;
  node.path = path.str();
  node.metadata = ReadMeta(item, path, false);
  const Path sp = Child(path, "spec");
  if (const json* spec = ObjectField(item, "spec", path)) {
    node.unschedulable = BoolField(*spec, "unschedulable", sp);
    node.taints = Taints(ArrayField(*spec, "taints", sp), Child(sp, "taints"));
  }
  const Path stp = Child(path, "status");
  if (const json* status = ObjectField(item, "status", path)) {
    if (const json* a = Field(*status, "allocatable")) {
      node.allocatable = Resources(*a, Child(stp, "allocatable"));
    } else if (const json* c = Field(*status, "capacity")) {
      // The API server's SetDefaults_NodeStatus: no allocatable means all the capacity.
      node.allocatable = Resources(*c, Child(stp, "capacity"));
    }
    ForEach(ArrayField(*status, "images", stp), Child(stp, "images"), [&](const json& img, const Path& p) {
      v1::ContainerImage ci;
      if (const json* n = Field(img, "names")) ci.names = StringList(*n, Child(p, "names"));
      if (const json* sz = Field(img, "sizeBytes")) ci.sizeBytes = AsInt(*sz, Child(p, "sizeBytes"), 0, INT64_MAX);
      node.images.push_back(std::move(ci));
    });
  }
  return node;
}

template <class T>
T ReadMapSelectorObject(const json& item, const Path& path) {
  T obj;
  obj.path = path.str();
  obj.metadata = ReadMeta(item, path, true);
  if (const json* spec = ObjectField(item, "spec", path))
    if (const json* sel = Field(*spec, "selector"))
      obj.selector = StringMap(*sel, Child(Child(path, "spec"), "selector"));
  return obj;
}

template <class T>
T ReadLabelSelectorObject(const json& item, const Path& path) {
  T obj;
  obj.path = path.str();
  obj.metadata = ReadMeta(item, path, true);
  if (const json* spec = ObjectField(item, "spec", path))
    if (const json* sel = Field(*spec, "selector"))
      obj.selector = ReadLabelSelector(*sel, Child(Child(path, "spec"), "selector"));
  return obj;
}

config::PluginSet ReadPluginSet(const json& j, const Path& path) {
  ExpectObject(j, path);
  config::PluginSet set;
  ForEach(ArrayField(j, "enabled", path), Child(path, "enabled"), [&](const json& e, const Path& p) {
    set.enabled.push_back(config::Plugin{StringField(e, "name", p), OptInt32Field(e, "weight", p)});
  });
  ForEach(ArrayField(j, "disabled", path), Child(path, "disabled"),
          [&](const json& e, const Path& p) { set.disabled.push_back(StringField(e, "name", p)); });
  return set;
}

std::vector<config::ResourceSpec> ReadResourceSpecs(const json& j, const Path& path) {
  if (!j.is_array()) Fail(path, "expected an array, got " + Describe(j));
  std::vector<config::ResourceSpec> out;
  ForEach(&j, path, [&](const json& r, const Path& p) {
    const json* w = Field(r, "weight");
    out.push_back({StringField(r, "name", p), w ? AsInt(*w, Child(p, "weight"), INT64_MIN, INT64_MAX) : 1});
  });
  return out;
}

// v1 defaulting of a resources list (SetDefaults_NodeResourcesFitArgs,
// SetDefaults_NodeResourcesBalancedAllocationArgs): empty means cpu and memory,
// and a zero (or unset) weight means 1.
void DefaultResourceSpecs(std::vector<config::ResourceSpec>& resources) {
  if (resources.empty()) resources = {{"cpu", 1}, {"memory", 1}};
  for (auto& res : resources)
    if (res.weight == 0) res.weight = 1;
}

// NodeResourcesFitArgs with v1 defaulting (SetDefaults_NodeResourcesFitArgs):
// no scoringStrategy means LeastAllocated over cpu and memory, weight 1 each; a
// scoringStrategy without a type keeps it empty, which validation rejects.
void ReadNodeResourcesFitArgs(const json& args, const Path& ap, config::Profile& prof) {
  prof.nodeResourcesFitArgsPath = ap.str();
  auto& a = prof.nodeResourcesFitArgs;
  if (const json* r = Field(args, "ignoredResources"))
    a.ignoredResources = StringList(*r, Child(ap, "ignoredResources"));
  if (const json* r = Field(args, "ignoredResourceGroups"))
    a.ignoredResourceGroups = StringList(*r, Child(ap, "ignoredResourceGroups"));
  const json* ss = ObjectField(args, "scoringStrategy", ap);
  if (!ss) return;
  const Path sp = Child(ap, "scoringStrategy");
  a.scoringStrategy.type = StringField(*ss, "type", sp);
  a.scoringStrategy.resources.clear();
  if (const json* r = Field(*ss, "resources"))
    a.scoringStrategy.resources = ReadResourceSpecs(*r, Child(sp, "resources"));
  DefaultResourceSpecs(a.scoringStrategy.resources);
  if (const json* rtc = ObjectField(*ss, "requestedToCapacityRatio", sp)) {
    a.scoringStrategy.hasRequestedToCapacityRatio = true;
    const Path rp = Child(sp, "requestedToCapacityRatio");
    ForEach(ArrayField(*rtc, "shape", rp), Child(rp, "shape"), [&](const json& pt, const Path& p) {
      a.scoringStrategy.requestedToCapacityRatioShape.push_back(
          {OptInt32Field(pt, "utilization", p).value_or(0), OptInt32Field(pt, "score", p).value_or(0)});
    });
  }
}

config::Profile ReadProfile(const json& item, const Path& path, std::vector<std::string>& warnings) {
  config::Profile prof;
  const Path profilesPath = Child(path, "profiles");
  const Path pp = Index(profilesPath, 0);
  prof.path = pp.str();
  prof.globalPercentageOfNodesToScore = OptInt32Field(item, "percentageOfNodesToScore", path);
  prof.configPath = path.str();
  const json* profiles = ArrayField(item, "profiles", path);
  if (!profiles || profiles->empty()) return prof;
  if (profiles->size() > 1)
    warnings.push_back(profilesPath.str() + ": only the first profile (" + pp.str() +
                       ") is simulated; the others are ignored");
  const json& p = ExpectObject((*profiles)[0], pp);
  prof.schedulerName = StringField(p, "schedulerName", pp, "default-scheduler");
  prof.percentageOfNodesToScore = OptInt32Field(p, "percentageOfNodesToScore", pp);
  if (const json* plugins = ObjectField(p, "plugins", pp)) {
    const Path plp = Child(pp, "plugins");
    config::Plugins ps;
    const std::pair<const char*, config::PluginSet*> points[] = {
        {"multiPoint", &ps.multiPoint}, {"preFilter", &ps.preFilter}, {"filter", &ps.filter},
        {"postFilter", &ps.postFilter}, {"preScore", &ps.preScore},   {"score", &ps.score},
        {"reserve", &ps.reserve},       {"queueSort", &ps.queueSort}, {"bind", &ps.bind}};
    for (const auto& [key, set] : points)
      if (const json* s = Field(*plugins, key)) *set = ReadPluginSet(*s, Child(plp, key));
    prof.plugins = std::move(ps);
  }
  ForEach(ArrayField(p, "pluginConfig", pp), Child(pp, "pluginConfig"), [&](const json& pc, const Path& cp) {
    std::string name = StringField(pc, "name", cp);
    const json* args = ObjectField(pc, "args", cp);
    if (!args) return;
    const Path ap = Child(cp, "args");
    if (name == "NodeResourcesFit") return ReadNodeResourcesFitArgs(*args, ap, prof);
    if (name == "NodeResourcesBalancedAllocation") {
      prof.balancedAllocationArgsPath = ap.str();
      auto& resources = prof.balancedAllocationArgs.resources;
      resources.clear();
      if (const json* r = Field(*args, "resources")) resources = ReadResourceSpecs(*r, Child(ap, "resources"));
      DefaultResourceSpecs(resources);
      return;
    }
    if (name == "DefaultPreemption") {
      prof.defaultPreemptionArgsPath = ap.str();
      auto& a = prof.defaultPreemptionArgs;
      a.minCandidateNodesPercentage = OptInt32Field(*args, "minCandidateNodesPercentage", ap).value_or(10);
      a.minCandidateNodesAbsolute = OptInt32Field(*args, "minCandidateNodesAbsolute", ap).value_or(100);
      return;
    }
    if (name == "NodeAffinity") {
      prof.nodeAffinityArgsPath = ap.str();
      if (const json* added = Field(*args, "addedAffinity"))
        prof.nodeAffinityArgs.addedAffinity = ReadNodeAffinity(*added, Child(ap, "addedAffinity"));
      return;
    }
    if (name == "InterPodAffinity") {
      prof.interPodAffinityArgsPath = ap.str();
      auto& a = prof.interPodAffinityArgs;
      a.hardPodAffinityWeight = OptInt32Field(*args, "hardPodAffinityWeight", ap).value_or(1);
      a.ignorePreferredTermsOfExistingPods = BoolField(*args, "ignorePreferredTermsOfExistingPods", ap);
      return;
    }
    if (name != "PodTopologySpread") return;
    prof.podTopologySpreadArgsPath = ap.str();
    auto& a = prof.podTopologySpreadArgs;
    // SetDefaults_PodTopologySpreadArgs: an unset defaultingType means System.
    a.defaultingType = StringField(*args, "defaultingType", ap, config::kSystemDefaulting);
    ForEach(ArrayField(*args, "defaultConstraints", ap), Child(ap, "defaultConstraints"),
            [&](const json& c, const Path& constraintPath) {
              a.defaultConstraints.push_back(ReadSpreadConstraint(c, constraintPath));
            });
  });
  return prof;
}

// An error message fit for one terminal line and for JSON: valid UTF-8 (raw
// bytes of a malformed input are replaced), no control characters, bounded length.
std::string OneLine(const std::string& msg) {
  std::string clean = json(msg).dump(-1, ' ', false, json::error_handler_t::replace);
  clean = ParseJsonText(clean).get<std::string>();
  for (char& c : clean)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  constexpr size_t kMax = 600;
  if (clean.size() > kMax) {
    size_t cut = kMax;
    while (cut > 0 && (static_cast<unsigned char>(clean[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 sequence
    clean = clean.substr(0, cut) + "...";
  }
  return clean;
}

// Rejects nesting deep enough to exhaust the stack of a recursive reader.
void CheckNesting(std::string_view text) {
  size_t depth = 0;
  bool inString = false, escaped = false;
  for (char ch : text) {
    if (inString) {
      if (escaped)
        escaped = false;
      else if (ch == '\\')
        escaped = true;
      else if (ch == '"')
        inString = false;
      continue;
    }
    if (ch == '"')
      inString = true;
    else if (ch == '{' || ch == '[') {
      if (++depth > kMaxNesting)
        Fail("", "nesting deeper than " + std::to_string(kMaxNesting) + " levels is not a Kubernetes object");
    } else if ((ch == '}' || ch == ']') && depth > 0) {
      --depth;
    }
  }
}

// featureGates in the KubeSchedulerConfiguration item: kube-scheduler's --feature-gates
// (not a field of the configuration upstream; spreadlab reads it there so that a
// scenario file carries its gates).
void ReadFeatureGates(const json& item, const Path& path, Scenario& out) {
  const json* gates = ObjectField(item, "featureGates", path);
  if (!gates) return;
  for (const auto& [name, on] : gates->items()) {
    if (!on.is_boolean())
      Fail(Child(Child(path, "featureGates"), name.c_str()), "expected true or false, got " + Describe(on));
    out.release.gateOverrides.emplace_back(name, on.get<bool>());
  }
}

void ReadItem(const json& item, const Path& path, Scenario& out, ReadResult& result) {
  ExpectObject(item, path);
  std::string kind = StringField(item, "kind", path);
  std::string apiVersion = StringField(item, "apiVersion", path);
  if (kind.empty()) Fail(Child(path, "kind"), "Required value: every item needs a kind (Node, Pod, Service, ...)");
  if (ReadStorageItem(kind, item, path, out)) return;      // a storage kind (io/storage_reader.h)
  if (ReadAutoscalingItem(kind, item, path, out)) return;  // NodePool, InstanceTypeCatalog (io/karpenter_reader.h)
  if (kind == "Node")
    out.nodes.push_back(ReadNode(item, path));
  else if (kind == "Pod")
    ReadPod(item, path, out.pods.emplace_back());
  else if (kind == "Service")
    out.services.push_back(ReadMapSelectorObject<v1::Service>(item, path));
  else if (kind == "ReplicationController")
    out.replicationControllers.push_back(ReadMapSelectorObject<v1::ReplicationController>(item, path));
  else if (kind == "ReplicaSet")
    out.replicaSets.push_back(ReadLabelSelectorObject<v1::ReplicaSet>(item, path));
  else if (kind == "StatefulSet")
    out.statefulSets.push_back(ReadLabelSelectorObject<v1::StatefulSet>(item, path));
  else if (kind == "Namespace") {
    v1::Namespace ns;
    ns.path = path.str();
    ns.metadata = ReadMeta(item, path, false);
    out.namespaces.push_back(std::move(ns));
  } else if (kind == "KubeSchedulerConfiguration") {
    if (apiVersion != "kubescheduler.config.k8s.io/v1")
      Fail(Child(path, "apiVersion"),
           "Unsupported value: " + QuoteText(apiVersion) + ": supported values: \"kubescheduler.config.k8s.io/v1\"");
    if (out.profile) Fail(path, "Duplicate value: only one KubeSchedulerConfiguration may be given");
    out.profile = ReadProfile(item, path, result.warnings);
    ReadFeatureGates(item, path, out);
  } else if (kind == "List") {
    Fail(Child(path, "kind"), "nested Lists are not supported; put the objects directly in items");
  } else if (kind == "Deployment" || kind == "Job" || kind == "DaemonSet" || kind == "PriorityClass") {
    // Workloads take part through the objects their controllers make (controlplane/controllers/controllers.h);
    // PriorityClasses through the Priority admission's spec.priority (controlplane/admission/priority_admission.h).
  } else {
    result.warnings.push_back((path.empty() ? "document" : path.str()) + ": kind " + QuoteText(kind) +
                              " does not take part in scheduling; ignored");
  }
}

}  // namespace

bool StartsLikeJson(std::string_view text) {
  size_t i = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;  // a UTF-8 byte order mark
  i = text.find_first_not_of(" \t\r\n", i);
  return i != std::string_view::npos && (text[i] == '{' || text[i] == '[');
}

namespace {

constexpr const char* kEmptyInput =
    "the input is empty: spreadlab reads Kubernetes objects in JSON or YAML, e.g. what `kubectl get nodes,pods -o "
    "yaml` prints or the manifests `kubectl apply -f` takes";

json ParseJson(std::string_view text) {
  CheckNesting(text);
  json doc = ParseJsonText(text);
  if (!doc.is_discarded()) return doc;
  // The parser again, for the position and the reason (in Go's encoding/json's words).
  const std::string why = JsonSyntaxError(text);
  throw ReadError{"invalid JSON" + (why.empty() ? "" : ": " + why), ""};
}

json ParseYaml(std::string_view text, ReadResult& result) {
  const size_t start = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  if (text.find_first_not_of(" \t\r\n", start) == std::string_view::npos) throw ReadError{kEmptyInput, ""};
  json doc;
  YamlResult y = YamlToJson(text, doc);
  if (!y.ok) {
    result.where = y.where;
    throw ReadError{"invalid YAML: " + y.error, ""};
  }
  if (doc.is_null()) Fail("", "no Kubernetes object in the input, only comments, nulls or empty YAML documents");
  return doc;
}

// The release a List asks to be answered for: metadata.annotations["spreadlab.io/kube-version"].
void ReadKubeVersion(const json& list, Scenario& out) {
  const Path root, metaPath(root, "metadata");
  const json* meta = ObjectField(list, "metadata", root);
  const json* annotations = meta ? ObjectField(*meta, "annotations", metaPath) : nullptr;
  const json* version = annotations ? Field(*annotations, kKubeVersionAnnotation) : nullptr;
  if (!version) return;
  const std::string text = std::string("metadata.annotations[") + kKubeVersionAnnotation + "]";
  const Path path(text);
  std::string error;
  if (!ParseKubeVersion(AsString(*version, path), out.release.minor, error)) Fail(path, error);
}

}  // namespace

bool ReadRelease(const json& doc, Release& out) {
  const json* kind = doc.is_object() ? Field(doc, "kind") : nullptr;
  const json* items = doc.is_object() ? Field(doc, "items") : nullptr;
  if ((kind && *kind != "List" && *kind != "") || !items || !items->is_array()) return true;  // as ReadDocument
  Scenario read;
  try {
    ReadKubeVersion(doc, read);
    const Path root, itemsPath(root, "items");
    for (size_t i = 0; i < items->size(); ++i) {
      const json& item = (*items)[i];
      const json* k = item.is_object() ? Field(item, "kind") : nullptr;
      if (k && *k == "KubeSchedulerConfiguration") ReadFeatureGates(item, Index(itemsPath, i), read);
    }
  } catch (const ReadError&) {
    return false;
  }
  std::string error;
  return MakeRelease(read.release.minor, read.release.gateOverrides, out, error);
}

namespace {

void ReadDocument(const json& doc, Scenario& out, ReadResult& result) {
  const Path root;
  if (!doc.is_object()) Fail(root, "expected a Kubernetes object or a v1 List, got " + Describe(doc));
  std::string kind = StringField(doc, "kind", root);
  if (kind == "List" || (kind.empty() && Field(doc, "items"))) {
    ReadKubeVersion(doc, out);
    const json* items = ArrayField(doc, "items", root);
    if (!items) return;
    const Path itemsPath(root, "items");
    // Room for every pod and node at once: growing the vectors moved each pod ~twice.
    size_t pods = 0, nodes = 0;
    for (const json& item : *items) {
      const json* k = item.is_object() ? Field(item, "kind") : nullptr;
      if (k && k->is_string()) {
        pods += *k == "Pod";
        nodes += *k == "Node";
      }
    }
    out.pods.reserve(pods);
    out.nodes.reserve(nodes);
    for (size_t i = 0; i < items->size(); ++i) ReadItem((*items)[i], Index(itemsPath, i), out, result);
  } else {
    ReadItem(doc, root, out, result);
  }
}

// Where `s` occurs in `text` from `from` on, or nullptr. memmem: string_view::find stops at
// every occurrence of the first character, and a JSON text's is mostly a quote.
const char* Find(std::string_view text, const char* from, std::string_view s) {
  return static_cast<const char*>(memmem(from, text.data() + text.size() - from, s.data(), s.size()));
}

// A JSON dump of nodes and pods (`kubectl get nodes,pods -o json`) read item by item as it
// is parsed (io/list_items.h), as ReadDocument reads a parsed one, when nobody keeps the
// document. False when an item needs the whole document or it is not a List; throws
// ReadError as ReadItem does. Either way `out` and `result` are then thrown away, and the
// whole document's read finds the same first error and tells it in its own order.
bool ReadDumpByItem(std::string_view text, Scenario& out, ReadResult& result, const ItemFilter& needsWhole) {
  // `kubectl get all` lists pods before workloads, which would be read item by item only to
  // be read again whole. Its Deployments say so at once: a "Deployment" string is a
  // Deployment item or a ReplicaSet's owner; a pod's owner is a ReplicaSet.
  if (Find(text, text.data(), "\"Deployment\"")) return false;
  // Room for every pod at once, as ReadDocument makes it (growing the vector moved each pod
  // about once more): the text's "Pod" strings, as many as its pods or a few more.
  size_t pods = 0;
  for (const char* at = text.data(); (at = Find(text, at, "\"Pod\"")) != nullptr; at += 5) ++pods;
  out.pods.reserve(pods);
  const Path root, itemsPath(root, "items");
  json rest;
  const bool list = ReadListItems(
      text,
      [&](const json& item, size_t i) {
        if (needsWhole && needsWhole(item)) return false;
        ReadItem(item, Index(itemsPath, i), out, result);
        return true;
      },
      rest, kMaxNesting);
  const json* kind = list ? Field(rest, "kind") : nullptr;
  if (!list || (kind && *kind != "List")) return false;  // an object of another kind may have "items" too
  ReadKubeVersion(rest, out);
  return true;
}

// Where an error found in the document read is in the document as written (a created
// pod's field is its workload template's), with the YAML line of the value, and a hint
// when YAML turned the unquoted word a string field needed into something else.
void Locate(const WrittenAs& written, const std::string& path, ReadResult& result) {
  const std::string source = written.sourceOf ? written.sourceOf(path) : path;
  result.path = source.empty() ? "document" : source;  // as the error names it
  if (source != path && result.error.compare(0, path.size() + 2, path + ": ") == 0)
    result.error = (source.empty() ? "document" : source) + result.error.substr(path.size());
  if (!written.yaml) return;
  YamlSource src = LocateYamlPath(written.text, source);
  result.where = {src.where.line, 0};
  if (!src.hint.empty() && result.error.find("expected a string") != std::string::npos)
    result.error += " (" + src.hint + ")";
}

enum class Mode { Parse, Read, ByItem };

// What the one function that catches is asked to do.
struct ReadCall {
  Mode mode = Mode::Read;
  std::string_view text;      // Parse, ByItem: the text
  const json* doc = nullptr;  // Read: the document
  const WrittenAs* written = nullptr;
  const ItemFilter* needsWhole = nullptr;  // ByItem
  json* docOut = nullptr;                  // Parse
  Scenario* out = nullptr;                 // Read, ByItem
};

// The reader's one try/catch. The wasm build lets only the functions it names catch
// (EXCEPTION_CATCHING_ALLOWED in src/app/CMakeLists.txt): C linkage keeps this name plain
// there, whatever the standard library's mangling, and it is never inlined.
extern "C" [[gnu::noinline]] void spreadlab_read_text(const ReadCall& call, ReadResult& result) {
  const WrittenAs plain{call.text, nullptr, !StartsLikeJson(call.text), {}};
  const WrittenAs& written = call.written ? *call.written : plain;
  try {
    switch (call.mode) {
      case Mode::Parse:
        *call.docOut = written.yaml ? ParseYaml(call.text, result) : ParseJson(call.text);
        result.yaml = written.yaml;
        break;
      case Mode::ByItem:
        if (!ReadDumpByItem(call.text, *call.out, result, *call.needsWhole)) return;
        result.readByItem = true;
        break;
      case Mode::Read:
        *call.out = Scenario{};
        ReadDocument(*call.doc, *call.out, result);
        result.yaml = written.yaml;
        break;
    }
  } catch (const ReadError& e) {
    if (call.mode == Mode::ByItem) return;  // told again by the whole document's read, in its order
    TellReadError(written, e, result);
    return;
  } catch (const std::exception& e) {
    if (call.mode == Mode::ByItem) return;
    result.error = std::string("invalid input: ") + e.what();
    return;
  }
  result.ok = true;
}

ReadResult Run(const ReadCall& call) {
  ReadResult result;
  spreadlab_read_text(call, result);
  return result;
}

}  // namespace

v1::Pod ReadPodItem(const json& item, const std::string& path) {
  v1::Pod pod;
  ReadPod(item, Path(path), pod);
  return pod;
}
v1::Node ReadNodeItem(const json& item, const std::string& path) { return ReadNode(item, Path(path)); }

std::string LocatedError(const ReadResult& r, std::string_view source) {
  if (r.where.line <= 0) return r.error;
  std::string at = std::to_string(r.where.line);
  if (source.empty()) {
    at = "line " + at + (r.where.column > 0 ? ", column " + std::to_string(r.where.column) : "");
  } else {
    at = std::string(source) + ":" + at + (r.where.column > 0 ? ":" + std::to_string(r.where.column) : "");
  }
  return at + ": " + r.error;
}

ReadResult ParseObjects(std::string_view text, json& doc) {
  ReadCall call;
  call.mode = Mode::Parse;
  call.text = text;
  call.docOut = &doc;
  return Run(call);
}

ReadResult ReadParsed(const json& doc, Scenario& out, const WrittenAs& written) {
  ReadCall call;
  call.doc = &doc;
  call.written = &written;
  call.out = &out;
  return Run(call);
}

bool ReadJsonDumpByItem(std::string_view text, Scenario& out, ReadResult& result, const ItemFilter& needsWhole) {
  ReadCall call;
  call.mode = Mode::ByItem;
  call.text = text;
  call.needsWhole = &needsWhole;
  call.out = &out;
  out = Scenario{};
  result = Run(call);
  if (!result.ok) {
    out = Scenario{};
    result = ReadResult{};
  }
  return result.ok;
}

ReadResult ReadObjects(std::string_view text, Scenario& out) {
  json doc;
  ReadResult r = ParseObjects(text, doc);
  if (!r.ok) return r;
  const WrittenAs written{text, nullptr, r.yaml, {}};
  return ReadParsed(doc, out, written);
}

void TellReadError(const WrittenAs& written, const ReadError& error, ReadResult& result) {
  result.error = OneLine(error.message);
  if (!error.path.empty() || error.message.rfind("document:", 0) == 0) Locate(written, error.path, result);
}

// The document as written is parsed again: this is the error path, and only the written
// objects have the kinds and names the user knows. It was read once already, so this
// parse does not fail.
void TellInvalid(const WrittenAs& written, std::vector<FieldError> errors, ReadResult& result) {
  for (FieldError& e : errors)
    if (written.sourceOf) e.path = written.sourceOf(e.path);
  json reparsed;
  if (!written.parsed) ParseObjects(written.text, reparsed);
  size_t first = 0;
  result.error = OneLine(InvalidObjectError(written.parsed ? *written.parsed : reparsed, errors, &first));
  result.path = errors[first].path;
  if (written.yaml) result.where = {LocateYamlPath(written.text, result.path).where.line, 0};
}

}  // namespace spreadlab::io
