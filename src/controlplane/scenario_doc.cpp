#include "controlplane/scenario_doc.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <optional>
#include <set>
#include <utility>
#include <nlohmann/json.hpp>

#include "core/resources.h"
#include "core/validation.h"
#include "io/invalid_object.h"
#include "controlplane/controllers/controller_ref_manager.h"
#include "controlplane/load_scenario.h"
#include "controlplane/pod_strategy.h"
#include "io/scenario_json.h"
#include "controlplane/scenario_doc_json.h"
#include "io/yaml_out.h"
#include "io/json_parse.h"

namespace spreadlab::controlplane {

namespace {

ojson ConstraintToJson(const v1::TopologySpreadConstraint& c) {
  ojson j;
  j["maxSkew"] = c.maxSkew;
  j["topologyKey"] = c.topologyKey;
  j["whenUnsatisfiable"] = c.whenUnsatisfiable;
  if (c.labelSelector) {
    ojson s = ojson::object();
    if (!c.labelSelector->matchLabels.empty()) s["matchLabels"] = LabelsToJson(c.labelSelector->matchLabels);
    if (!c.labelSelector->matchExpressions.empty()) {
      ojson exprs = ojson::array();
      for (const auto& r : c.labelSelector->matchExpressions) {
        ojson e{{"key", r.key}, {"operator", r.op}};
        if (!r.values.empty()) e["values"] = r.values;
        exprs.push_back(std::move(e));
      }
      s["matchExpressions"] = std::move(exprs);
    }
    j["labelSelector"] = std::move(s);
  }
  if (c.minDomains) j["minDomains"] = *c.minDomains;
  if (c.nodeAffinityPolicy) j["nodeAffinityPolicy"] = *c.nodeAffinityPolicy;
  if (c.nodeTaintsPolicy) j["nodeTaintsPolicy"] = *c.nodeTaintsPolicy;
  if (!c.matchLabelKeys.empty()) j["matchLabelKeys"] = c.matchLabelKeys;
  return j;
}

}  // namespace

ScenarioDoc::ScenarioDoc() : json_(std::make_unique<Json>()), scenario_(std::make_shared<Scenario>()) {}
ScenarioDoc::~ScenarioDoc() = default;
ScenarioDoc::ScenarioDoc(const ScenarioDoc& o)
    : json_(std::make_unique<Json>(*o.json_)),
      scenario_(std::make_shared<Scenario>(*o.scenario_)),
      warnings_(o.warnings_),
      created_(o.created_),
      controllerNotes_(o.controllerNotes_),
      controllerWaits_(o.controllerWaits_),
      deletedPods_(o.deletedPods_),
      createdPods_(o.createdPods_),
      loaded_(o.loaded_) {}
ScenarioDoc::ScenarioDoc(ScenarioDoc&&) noexcept = default;
ScenarioDoc& ScenarioDoc::operator=(ScenarioDoc&&) noexcept = default;
ScenarioDoc& ScenarioDoc::operator=(const ScenarioDoc& o) {
  if (this != &o) {
    *json_ = *o.json_;
    *scenario_ = *o.scenario_;
    warnings_ = o.warnings_;
    created_ = o.created_;
    controllerNotes_ = o.controllerNotes_;
    controllerWaits_ = o.controllerWaits_;
    deletedPods_ = o.deletedPods_;
    createdPods_ = o.createdPods_;
    loaded_ = o.loaded_;
  }
  return *this;
}

bool ScenarioDoc::Load(std::string_view text, std::string& error, std::string_view source) {
  Scenario next;
  ojson doc;
  LoadResult r = LoadScenario(text, next, &doc);
  if (!r.ok) {
    error = io::LocatedError(r, source);
    return false;
  }
  json_->Replaced(std::move(json_->doc));
  json_->doc = std::move(doc);
  *scenario_ = std::move(next);
  warnings_ = std::move(r.warnings);
  created_ = r.created;
  controllerNotes_ = std::move(r.notes);
  controllerWaits_ = std::move(r.waiting);
  deletedPods_ = std::move(r.deleted);
  createdPods_ = std::move(r.createdPods);
  loaded_ = true;
  return true;
}

std::string ScenarioDoc::Dump(int indent) const { return Text(json_->doc, indent); }
std::string ScenarioDoc::DumpYaml() const { return io::ToYaml(json_->doc); }

std::string ScenarioDoc::Annotation(std::string_view key) const {
  const ojson& d = json_->doc;
  auto meta = d.find("metadata");
  if (meta == d.end() || !meta->is_object()) return "";
  auto ann = meta->find("annotations");
  if (ann == meta->end() || !ann->is_object()) return "";
  auto v = ann->find(std::string(key));
  return v != ann->end() && v->is_string() ? v->get<std::string>() : "";
}

bool ScenarioDoc::SetKubeVersion(const std::string& version, std::string& error) {
  int minor = 0;
  if (!ParseKubeVersion(version, minor, error)) return false;
  ojson backup = json_->doc;
  json_->Items();  // the annotation lives on the List
  ojson& annotations = json_->doc["metadata"]["annotations"];
  if (version.empty()) {
    annotations.erase(io::kKubeVersionAnnotation);
    if (annotations.empty()) json_->doc["metadata"].erase("annotations");
    if (json_->doc["metadata"].empty()) json_->doc.erase("metadata");
  } else {
    annotations[io::kKubeVersionAnnotation] = KubeVersionName(minor);
  }
  return Reshaped(std::move(backup), error);
}

struct ScenarioDoc::Snapshot {
  std::optional<ojson> doc;                     // the whole document, or
  std::vector<std::pair<size_t, ojson>> items;  // these of its items
};

std::shared_ptr<const ScenarioDoc::Snapshot> ScenarioDoc::Save() const& {
  return std::make_shared<const Snapshot>(Snapshot{json_->doc, {}});
}
std::shared_ptr<const ScenarioDoc::Snapshot> ScenarioDoc::Save() && {
  return std::make_shared<const Snapshot>(Snapshot{std::move(json_->doc), {}});
}

void ScenarioDoc::BeginUndo() {
  json_->recording = true;
  json_->before.reset();
  json_->beforeItems.clear();
}

std::shared_ptr<const ScenarioDoc::Snapshot> ScenarioDoc::TakeUndo() {
  auto out = std::make_shared<Snapshot>(Snapshot{std::move(json_->before), std::move(json_->beforeItems)});
  json_->recording = false;
  json_->before.reset();
  json_->beforeItems.clear();
  return out;
}

std::shared_ptr<const ScenarioDoc::Snapshot> ScenarioDoc::Restore(const Snapshot& snapshot, std::string& error) {
  auto inverse = std::make_shared<Snapshot>();
  if (snapshot.doc) {
    inverse->doc = std::move(json_->doc);
    json_->doc = *snapshot.doc;
  } else {
    for (const auto& [i, old] : snapshot.items) {
      ojson& item = json_->doc["items"][i];
      inverse->items.emplace_back(i, std::move(item));
      item = old;
    }
  }
  if (snapshot.doc ? Reread(error) : RereadItems(snapshot, error)) return inverse;
  if (inverse->doc) {
    json_->doc = std::move(*inverse->doc);
  } else {
    for (auto& [i, current] : inverse->items) json_->doc["items"][i] = std::move(current);
    std::string ignored;
    Reread(ignored);  // RereadItems may have put back some objects before it failed
  }
  return nullptr;
}

namespace {
// Refused as the API server words it (io/invalid_object.h), the objects named as `doc` holds them.
bool NoErrors(const ojson& doc, const std::vector<FieldError>& errors, std::string& error) {
  if (errors.empty()) return true;
  error = io::InvalidObjectError(doc, errors);
  return false;
}
}  // namespace

bool ScenarioDoc::Validate(std::string& error) const {
  return NoErrors(json_->doc, ValidateScenario(*scenario_), error);
}
bool ScenarioDoc::ValidatePod(size_t pod, std::string& error) const {
  return NoErrors(json_->doc, ValidateEditedPod(scenario_->pods[pod]), error);
}
bool ScenarioDoc::ValidateNode(size_t node, std::string& error) const {
  return NoErrors(json_->doc, ValidateEditedNode(scenario_->nodes[node]), error);
}

// Edits change scenario_ in place (copying a large Scenario costs more than
// validating it) and swap the old value back when `valid()` says no.
template <class T, class Valid>
bool ScenarioDoc::Replace(T& slot, T value, const Valid& valid) {
  std::swap(slot, value);
  if (valid()) return true;
  std::swap(slot, value);
  return false;
}

// Puts back the pods and nodes of an item snapshot without re-reading the document:
// each item is read alone and replaces its object, which is checked as an edit would
// check it. Anything else (another kind, a renamed object, an error) re-reads the whole
// document, which words any error.
bool ScenarioDoc::RereadItems(const Snapshot& snapshot, std::string& error) {
  const std::set<std::string> nodeNames = NodeNames();
  auto find = [](auto& objects, const std::string& path) -> decltype(&objects[0]) {
    for (auto& o : objects)
      if (o.path == path) return &o;
    return nullptr;
  };
  for (const auto& [i, unused] : snapshot.items) {
    const std::string path = "items[" + std::to_string(i) + "]";
    Scenario one;
    if (!io::ReadObjects(Text(json_->doc["items"][i]), one).ok) return Reread(error);
    if (one.pods.size() == 1 && one.nodes.empty()) {
      PrepareForCreate(one.pods[0]);
      v1::Pod* pod = find(scenario_->pods, path);
      if (!pod || pod->metadata.name != one.pods[0].metadata.name || pod->metadata.ns != one.pods[0].metadata.ns)
        return Reread(error);
      one.pods[0].path = path;
      *pod = std::move(one.pods[0]);
      if (!ValidateEditedPod(*pod, &nodeNames).empty()) return Reread(error);
    } else if (one.nodes.size() == 1 && one.pods.empty()) {
      v1::Node* node = find(scenario_->nodes, path);
      if (!node || node->metadata.name != one.nodes[0].metadata.name) return Reread(error);
      one.nodes[0].path = path;
      *node = std::move(one.nodes[0]);
      if (!ValidateEditedNode(*node).empty()) return Reread(error);
    } else {
      return Reread(error);
    }
  }
  return true;
}

bool ScenarioDoc::Reread(std::string& error, std::string* errorPath) {
  Scenario next;
  ojson doc;
  sync_.release = release_ ? &*release_ : nullptr;
  LoadResult r = LoadScenarioDocument(json_->doc, next, &doc, &sync_);
  sync_ = controlplane::SyncContext{};
  if (!r.ok) {
    error = r.error;
    if (errorPath) *errorPath = r.path;
    return false;
  }
  // The controllers answer the edit as they would in a cluster (a removed pod of a
  // ReplicaSet is replaced, a scaled workload gains or loses pods, a relabelled pod is
  // released): what they made of the document is the document now.
  const bool changed = r.created > 0 || !r.deleted.empty() || !r.deletedClaims.empty() || r.claimed > 0;
  if (changed) json_->doc = std::move(doc);
  controllerNotes_ = changed ? std::move(r.notes) : std::vector<std::string>{};
  controllerWaits_ = std::move(r.waiting);
  deletedPods_ = std::move(r.deleted);
  createdPods_ = std::move(r.createdPods);
  *scenario_ = std::move(next);
  warnings_ = std::move(r.warnings);
  return true;
}

bool ScenarioDoc::Reshaped(nlohmann::ordered_json before, std::string& error) {
  if (!Reread(error)) {
    json_->doc = std::move(before);
    return false;
  }
  json_->Replaced(std::move(before));
  return true;
}

std::set<std::string> ScenarioDoc::NodeNames() const {
  std::set<std::string> names;
  for (const v1::Node& n : scenario_->nodes) names.insert(n.metadata.name);
  return names;
}

bool ScenarioDoc::SetSpreadConstraints(size_t pod, std::vector<v1::TopologySpreadConstraint> constraints,
                                       std::string& error) {
  if (!Replace(scenario_->pods.at(pod).spec.topologySpreadConstraints, std::move(constraints),
               [&] { return ValidatePod(pod, error); }))
    return false;
  const v1::Pod& p = scenario_->pods[pod];
  ojson& spec = Child(json_->Item(p.path), "spec");
  if (p.spec.topologySpreadConstraints.empty()) {
    spec.erase("topologySpreadConstraints");
  } else {
    ojson arr = ojson::array();
    for (const auto& c : p.spec.topologySpreadConstraints) arr.push_back(ConstraintToJson(c));
    spec["topologySpreadConstraints"] = std::move(arr);
  }
  return true;
}

bool ScenarioDoc::SetSpreadConstraintField(size_t pod, size_t index, std::string_view field, std::string_view valueJson,
                                           std::string& error) {
  static const char* const kFields[] = {"maxSkew",    "topologyKey",        "whenUnsatisfiable", "labelSelector",
                                        "minDomains", "nodeAffinityPolicy", "nodeTaintsPolicy",  "matchLabelKeys"};
  if (std::find(std::begin(kFields), std::end(kFields), field) == std::end(kFields)) {
    error = "unknown constraint field \"" + std::string(field) +
            "\" (allowed: maxSkew, topologyKey, whenUnsatisfiable, labelSelector, minDomains, nodeAffinityPolicy, "
            "nodeTaintsPolicy, matchLabelKeys)";
    return false;
  }
  if (pod >= scenario_->pods.size()) {
    error = "no pod number " + std::to_string(pod);
    return false;
  }
  const v1::Pod& p = scenario_->pods[pod];
  if (index >= p.spec.topologySpreadConstraints.size()) {
    error = p.path + ".spec.topologySpreadConstraints: the pod has " +
            std::to_string(p.spec.topologySpreadConstraints.size()) + " constraint(s), no index " +
            std::to_string(index);
    return false;
  }
  ojson value = io::ParseJsonText(valueJson);
  if (value.is_discarded()) {
    error = "the value for " + std::string(field) + " is not JSON: " + std::string(valueJson);
    return false;
  }
  // Fast path: a well-typed scalar is a plain-data edit; anything else is written
  // into the document and re-read, so that the reader words the error.
  {
    auto next = p.spec.topologySpreadConstraints;
    auto& c = next[index];
    bool typed = true;
    if (value.is_number_integer() && (field == "maxSkew" || field == "minDomains")) {
      int64_t v = value.get<int64_t>();
      if (v < INT32_MIN || v > INT32_MAX)
        typed = false;
      else if (field == "maxSkew")
        c.maxSkew = static_cast<int32_t>(v);
      else
        c.minDomains = static_cast<int32_t>(v);
    } else if (value.is_string() && (field == "topologyKey" || field == "whenUnsatisfiable")) {
      (field == "topologyKey" ? c.topologyKey : c.whenUnsatisfiable) = value.get<std::string>();
    } else if ((value.is_string() || value.is_null()) &&
               (field == "nodeAffinityPolicy" || field == "nodeTaintsPolicy")) {
      auto& policy = field == "nodeAffinityPolicy" ? c.nodeAffinityPolicy : c.nodeTaintsPolicy;
      policy = value.is_null() ? std::nullopt : std::optional<std::string>(value.get<std::string>());
    } else if (value.is_null() && field == "minDomains") {
      c.minDomains.reset();
    } else {
      typed = false;
    }
    if (typed) return SetSpreadConstraints(pod, std::move(next), error);
  }
  ojson backup = json_->doc;
  ojson& c = json_->Item(p.path)["spec"]["topologySpreadConstraints"][index];
  if (value.is_null())
    c.erase(std::string(field));
  else
    c[std::string(field)] = std::move(value);
  return Reshaped(std::move(backup), error);
}

bool ScenarioDoc::SetPodLabels(size_t pod, v1::LabelMap labels, std::string& error) {
  v1::LabelMap old = scenario_->pods.at(pod).metadata.labels;
  if (!Replace(scenario_->pods[pod].metadata.labels, std::move(labels), [&] { return ValidatePod(pod, error); }))
    return false;
  // A pod's labels decide which workload claims it (ClaimPods): relabelled out of its
  // ReplicaSet's selector it is released and replaced, into an orphan-adopting one it is
  // adopted. With workloads in the document the controllers answer, as in a cluster.
  const bool answer = controlplane::HasWorkloads(json_->doc);
  ojson before = answer ? json_->doc : ojson();
  const v1::Pod& p = scenario_->pods[pod];
  Child(json_->Item(p.path), "metadata")["labels"] = LabelsToJson(p.metadata.labels);
  if (!answer || Reshaped(std::move(before), error)) return true;
  scenario_->pods[pod].metadata.labels = std::move(old);
  return false;
}

bool ScenarioDoc::SetPodNodeName(size_t pod, const std::string& nodeName, std::string& error) {
  return SetPodNodeNames({{pod, nodeName}}, error);
}

bool ScenarioDoc::SetPodNodeNames(const std::vector<std::pair<size_t, std::string>>& binds, std::string& error) {
  std::vector<std::string> old;
  for (const auto& [pod, nodeName] : binds)
    old.push_back(std::exchange(scenario_->pods.at(pod).spec.nodeName, nodeName));
  const std::set<std::string> nodeNames = NodeNames();
  const bool valid = std::all_of(binds.begin(), binds.end(), [&](const auto& bind) {
    return NoErrors(json_->doc, ValidateEditedPod(scenario_->pods[bind.first], &nodeNames), error);
  });
  if (!valid) {
    for (size_t i = binds.size(); i-- > 0;) scenario_->pods[binds[i].first].spec.nodeName = old[i];
    return false;
  }
  for (const auto& [pod, nodeName] : binds) {
    ojson& item = json_->Item(scenario_->pods[pod].path);
    ojson& spec = Child(item, "spec");
    if (nodeName.empty())
      spec.erase("nodeName");
    else
      spec["nodeName"] = nodeName;
    if (item.contains("status") && item["status"].is_object() && item["status"].contains("phase"))
      item["status"]["phase"] = nodeName.empty() ? "Pending" : "Running";
  }
  return true;
}

bool ScenarioDoc::RecreateClaim(size_t claim, const v1::PersistentVolumeClaim& fresh, ptrdiff_t volume,
                                std::string& error) {
  ojson backup = json_->doc;
  ojson& item = json_->Item(scenario_->persistentVolumeClaims.at(claim).path);
  ojson& meta = Child(item, "metadata");
  if (meta.contains("annotations") && meta["annotations"].is_object()) {
    for (auto it = meta["annotations"].begin(); it != meta["annotations"].end();)
      it = fresh.metadata.annotations.count(it.key()) ? std::next(it) : meta["annotations"].erase(it);
    if (meta["annotations"].empty()) meta.erase("annotations");
  }
  for (const char* field : {"uid", "resourceVersion", "creationTimestamp", "deletionTimestamp", "finalizers"})
    meta.erase(field);
  ojson& spec = Child(item, "spec");
  spec.erase("volumeName");
  if (fresh.storageClassName) spec["storageClassName"] = *fresh.storageClassName;
  item["status"] = ojson{{"phase", fresh.phase}};
  if (volume >= 0) {
    const size_t i = ItemIndex(scenario_->persistentVolumes.at(static_cast<size_t>(volume)).path);
    if (i != std::string::npos) json_->doc["items"].erase(i);
  }
  return Reshaped(std::move(backup), error);
}

void ScenarioDoc::SetNominatedNodeNames(const std::vector<std::pair<size_t, std::string>>& nominations) {
  for (const auto& [pod, node] : nominations) {
    scenario_->pods.at(pod).nominatedNodeName = node;
    ojson& item = json_->Item(scenario_->pods[pod].path);
    if (!node.empty())
      Child(item, "status")["nominatedNodeName"] = node;
    else if (item.contains("status") && item["status"].is_object())
      item["status"].erase("nominatedNodeName");
  }
}

void ScenarioDoc::AssumeVolumes(const std::vector<VolumeAssumption>& assumptions) {
  for (const VolumeAssumption& a : assumptions) {
    if (!ApplyVolumeAssumption(*scenario_, a)) continue;
    const v1::PersistentVolumeClaim& claim = scenario_->persistentVolumeClaims[a.claim];
    if (a.volume < 0) {
      Child(Child(json_->Item(claim.path), "metadata"), "annotations")[v1::kAnnSelectedNode] = a.selectedNode;
      continue;
    }
    const v1::PersistentVolume& volume = scenario_->persistentVolumes[a.volume];
    ojson& item = json_->Item(volume.path);
    // reference.GetReference of the claim (its UID is not simulated).
    Child(item, "spec")["claimRef"] = ojson{{"kind", "PersistentVolumeClaim"},
                                            {"namespace", claim.metadata.ns},
                                            {"name", claim.metadata.name},
                                            {"apiVersion", "v1"}};
    Child(Child(item, "metadata"), "annotations")[v1::kAnnBoundByController] =
        volume.metadata.annotations.at(v1::kAnnBoundByController);
  }
}

bool ScenarioDoc::SetPodNamespace(size_t pod, const std::string& ns, std::string& error) {
  // A new namespace can make the pod a duplicate of another: the whole scenario is checked.
  if (!Replace(scenario_->pods.at(pod).metadata.ns, ns.empty() ? std::string("default") : ns,
               [&] { return Validate(error); }))
    return false;
  Child(json_->Item(scenario_->pods[pod].path), "metadata")["namespace"] = scenario_->pods[pod].metadata.ns;
  return true;
}

bool ScenarioDoc::SetPodTolerations(size_t pod, std::vector<v1::Toleration> tolerations, std::string& error) {
  if (!Replace(scenario_->pods.at(pod).spec.tolerations, std::move(tolerations),
               [&] { return ValidatePod(pod, error); }))
    return false;
  const v1::Pod& p = scenario_->pods[pod];
  ojson& spec = Child(json_->Item(p.path), "spec");
  if (p.spec.tolerations.empty()) {
    spec.erase("tolerations");
    return true;
  }
  ojson arr = ojson::array();
  for (const auto& t : p.spec.tolerations) {
    ojson j;
    if (!t.key.empty()) j["key"] = t.key;
    if (!t.op.empty()) j["operator"] = t.op;
    if (!t.value.empty()) j["value"] = t.value;
    if (!t.effect.empty()) j["effect"] = t.effect;
    if (t.tolerationSeconds) j["tolerationSeconds"] = *t.tolerationSeconds;
    arr.push_back(std::move(j));
  }
  spec["tolerations"] = std::move(arr);
  return true;
}

bool ScenarioDoc::SetPodContainerRequests(size_t pod, std::vector<v1::ResourceList> requests, std::string& error) {
  std::vector<v1::Container>& containers = scenario_->pods.at(pod).spec.containers;
  if (requests.size() != containers.size()) {
    error = "the pod has " + std::to_string(containers.size()) + " container(s)";
    return false;
  }
  std::vector<v1::ResourceList> old;
  for (size_t i = 0; i < containers.size(); ++i) old.push_back(std::exchange(containers[i].requests, requests[i]));
  if (!ValidatePod(pod, error)) {
    for (size_t i = 0; i < containers.size(); ++i) containers[i].requests = std::move(old[i]);
    return false;
  }
  ojson& spec = Child(json_->Item(scenario_->pods[pod].path), "spec");
  for (size_t i = 0; i < containers.size(); ++i)
    for (const auto& [name, q] : containers[i].requests) {
      auto was = old[i].find(name);
      if (was != old[i].end() && was->second == q) continue;
      ojson& container = spec["containers"][i];
      Child(Child(container, "resources"), "requests")[name] =
          FormatResourceAmount(name, name == kResourceCPU ? q.milli : q.value);
    }
  return true;
}

bool ScenarioDoc::SetPodNodeSelector(size_t pod, v1::LabelMap nodeSelector, std::string& error) {
  if (!Replace(scenario_->pods.at(pod).spec.nodeSelector, std::move(nodeSelector),
               [&] { return ValidatePod(pod, error); }))
    return false;
  const v1::Pod& p = scenario_->pods[pod];
  ojson& spec = Child(json_->Item(p.path), "spec");
  if (p.spec.nodeSelector.empty())
    spec.erase("nodeSelector");
  else
    spec["nodeSelector"] = LabelsToJson(p.spec.nodeSelector);
  return true;
}

bool ScenarioDoc::SetPodRequiredNodeAffinity(size_t pod, std::optional<v1::NodeSelector> required, std::string& error) {
  std::optional<v1::Affinity> affinity = scenario_->pods.at(pod).spec.affinity;
  if (!affinity) affinity.emplace();
  if (!affinity->nodeAffinity) affinity->nodeAffinity.emplace();
  affinity->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution = std::move(required);
  if (!Replace(scenario_->pods[pod].spec.affinity, std::move(affinity), [&] { return ValidatePod(pod, error); }))
    return false;
  const v1::Pod& p = scenario_->pods[pod];
  ojson& nodeAffinity = Child(Child(Child(json_->Item(p.path), "spec"), "affinity"), "nodeAffinity");
  const auto& r = p.spec.affinity->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution;
  if (!r) {
    nodeAffinity.erase("requiredDuringSchedulingIgnoredDuringExecution");
    return true;
  }
  auto requirements = [](const std::vector<v1::NodeSelectorRequirement>& reqs) {
    ojson arr = ojson::array();
    for (const auto& q : reqs) {
      ojson e{{"key", q.key}, {"operator", q.op}};
      if (!q.values.empty()) e["values"] = q.values;
      arr.push_back(std::move(e));
    }
    return arr;
  };
  ojson terms = ojson::array();
  for (const auto& t : r->nodeSelectorTerms) {
    ojson term = ojson::object();
    if (!t.matchExpressions.empty()) term["matchExpressions"] = requirements(t.matchExpressions);
    if (!t.matchFields.empty()) term["matchFields"] = requirements(t.matchFields);
    terms.push_back(std::move(term));
  }
  nodeAffinity["requiredDuringSchedulingIgnoredDuringExecution"] = ojson{{"nodeSelectorTerms", std::move(terms)}};
  return true;
}

bool ScenarioDoc::AddPodLike(size_t like, const std::string& name, const std::string& nodeName, std::string& error) {
  ojson backup = json_->doc;
  ojson item = json_->Item(scenario_->pods.at(like).path);
  Child(item, "metadata")["name"] = name;
  item["metadata"].erase("uid");
  item["metadata"].erase("resourceVersion");
  item["metadata"].erase("creationTimestamp");
  if (nodeName.empty())
    Child(item, "spec").erase("nodeName");
  else
    Child(item, "spec")["nodeName"] = nodeName;
  item["status"] = ojson{{"phase", nodeName.empty() ? "Pending" : "Running"}};
  json_->Items().push_back(std::move(item));
  return Reshaped(std::move(backup), error);
}

bool ScenarioDoc::RemovePod(size_t pod, std::string& error) {
  size_t i = ItemIndex(scenario_->pods.at(pod).path);
  if (i == std::string::npos) {
    error = "the scenario is this one pod; it cannot be removed";
    return false;
  }
  ojson backup = json_->doc;
  json_->doc["items"].erase(i);
  return Reshaped(std::move(backup), error);
}

namespace {

// The kinds `kubectl scale` takes.
bool ScalableKind(const std::string& kind) {
  return kind == "Deployment" || kind == "ReplicaSet" || kind == "ReplicationController" || kind == "StatefulSet";
}

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A scalable object as a Workload (an empty key when it is not one).
ScenarioDoc::Workload Describe(const ojson& item) {
  ScenarioDoc::Workload w;
  if (!item.is_object()) return w;
  auto kind = item.find("kind");
  auto meta = item.find("metadata");
  if (kind == item.end() || !kind->is_string() || !ScalableKind(kind->get<std::string>()) || meta == item.end() ||
      !meta->is_object())
    return w;
  w.kind = kind->get<std::string>();
  w.ns = meta->value("namespace", std::string());
  if (w.ns.empty()) w.ns = "default";
  w.name = meta->value("name", std::string());
  w.key = w.kind + "/" + w.ns + "/" + w.name;
  auto spec = item.find("spec");
  if (spec != item.end() && spec->is_object())
    if (auto r = spec->find("replicas"); r != spec->end() && r->is_number_integer()) w.replicas = r->get<int64_t>();
  if (const ojson* ref = controlplane::ControllerRefOf(*meta); ref && ref->value("kind", std::string()) == "Deployment")
    w.controlledBy = "Deployment/" + ref->value("name", std::string());
  return w;
}

std::string WorkloadKey(const ojson& item) { return Describe(item).key; }

}  // namespace

std::vector<ScenarioDoc::Workload> ScenarioDoc::Workloads() const {
  std::vector<Workload> out;
  const ojson& d = json_->doc;
  auto items = d.find("items");
  if (items == d.end() || !items->is_array()) {
    if (Workload w = Describe(d); !w.key.empty()) out.push_back(std::move(w));
    return out;
  }
  for (const ojson& item : *items)
    if (Workload w = Describe(item); !w.key.empty()) out.push_back(std::move(w));
  return out;
}

std::optional<ScenarioDoc::Workload> ScenarioDoc::FindWorkload(const std::string& ref, std::string& error) const {
  std::vector<std::string> parts;
  for (size_t at = 0;;) {
    size_t slash = ref.find('/', at);
    parts.push_back(ref.substr(at, slash == std::string::npos ? std::string::npos : slash - at));
    if (slash == std::string::npos) break;
    at = slash + 1;
  }
  if (parts.size() == 1) parts.insert(parts.begin(), "default");
  const std::vector<Workload> all = Workloads();
  std::vector<const Workload*> matches;
  for (const Workload& w : all)
    if (parts.size() <= 3 && w.ns == parts[parts.size() - 2] && w.name == parts.back() &&
        (parts.size() == 2 || Lower(w.kind) == Lower(parts[0])))
      matches.push_back(&w);
  if (matches.size() == 1) return *matches[0];
  std::string known;
  if (matches.empty()) {
    for (const Workload& w : all) known += (known.empty() ? "" : ", ") + w.key;
    error = "no Deployment, ReplicaSet, ReplicationController or StatefulSet \"" + ref + "\" in the scenario" +
            (known.empty() ? std::string(" (it has none)") : " (it has " + known + ")");
  } else {
    for (const Workload* w : matches) known += (known.empty() ? "" : ", ") + w->key;
    error = "\"" + ref + "\" names " + known + "; say which as Kind/namespace/name";
  }
  return std::nullopt;
}

bool ScenarioDoc::Scale(const std::string& workload, int64_t replicas, std::string& error) {
  if (replicas < 0) {
    error = "replicas: must be greater than or equal to 0 (got " + std::to_string(replicas) + ")";
    return false;
  }
  const std::optional<Workload> target = FindWorkload(workload, error);
  if (!target) return false;
  ojson backup = json_->doc;
  for (ojson& item : json_->Items())
    if (WorkloadKey(item) == target->key) Child(item, "spec")["replicas"] = replicas;
  return Reshaped(std::move(backup), error);
}

bool ScenarioDoc::SetNodeLabels(size_t node, v1::LabelMap labels, std::string& error) {
  if (!Replace(scenario_->nodes.at(node).metadata.labels, std::move(labels), [&] { return ValidateNode(node, error); }))
    return false;
  const v1::Node& n = scenario_->nodes[node];
  Child(json_->Item(n.path), "metadata")["labels"] = LabelsToJson(n.metadata.labels);
  return true;
}

bool ScenarioDoc::SetNodeUnschedulable(size_t node, bool unschedulable, std::string& error) {
  if (!Replace(scenario_->nodes.at(node).unschedulable, unschedulable, [&] { return ValidateNode(node, error); }))
    return false;
  ojson& spec = Child(json_->Item(scenario_->nodes[node].path), "spec");
  if (unschedulable)
    spec["unschedulable"] = true;
  else
    spec.erase("unschedulable");
  return true;
}

bool ScenarioDoc::SetNodeTaints(size_t node, std::vector<v1::Taint> taints, std::string& error) {
  if (!Replace(scenario_->nodes.at(node).taints, std::move(taints), [&] { return ValidateNode(node, error); }))
    return false;
  const v1::Node& n = scenario_->nodes[node];
  ojson& spec = Child(json_->Item(n.path), "spec");
  if (n.taints.empty()) {
    spec.erase("taints");
    return true;
  }
  ojson arr = ojson::array();
  for (const auto& t : n.taints) {
    ojson j{{"key", t.key}};
    if (!t.value.empty()) j["value"] = t.value;
    j["effect"] = t.effect;
    arr.push_back(std::move(j));
  }
  spec["taints"] = std::move(arr);
  return true;
}

bool ScenarioDoc::AddNodeLike(size_t like, const std::string& name, const v1::LabelMap& labels, std::string& error) {
  ojson backup = json_->doc;
  ojson item = json_->Item(scenario_->nodes.at(like).path);
  ojson& meta = Child(item, "metadata");
  meta["name"] = name;
  meta["labels"] = LabelsToJson(labels);
  meta.erase("uid");
  meta.erase("resourceVersion");
  meta.erase("creationTimestamp");
  json_->Items().push_back(std::move(item));
  NoteNodes({}, {name});
  return Reshaped(std::move(backup), error);
}

bool ScenarioDoc::RemoveNode(size_t node, std::string& error) { return RemoveNodes({node}, error); }

bool ScenarioDoc::NodeItemsWithPods(const std::vector<size_t>& nodes, const char* verb, std::vector<size_t>& items,
                                    std::set<std::string>* podKeys, std::string& error) const {
  std::set<std::string> names;
  for (size_t node : nodes) {
    const v1::Node& n = scenario_->nodes.at(node);
    const size_t ni = ItemIndex(n.path);
    if (ni == std::string::npos) {
      error = std::string("the scenario is this one node; it cannot ") + verb;
      return false;
    }
    items.push_back(ni);
    names.insert(n.metadata.name);
  }
  for (const auto& p : scenario_->pods)
    if (names.count(p.spec.nodeName)) {
      items.push_back(ItemIndex(p.path));
      if (podKeys) podKeys->insert(p.metadata.ns + "/" + p.metadata.name);
    }
  std::sort(items.rbegin(), items.rend());
  items.erase(std::unique(items.begin(), items.end()), items.end());
  return true;
}

bool ScenarioDoc::RemoveNodes(const std::vector<size_t>& nodes, std::string& error) {
  std::vector<size_t> gone;
  if (!NodeItemsWithPods(nodes, "be removed", gone, nullptr, error)) return false;
  ojson backup = json_->doc;
  std::set<std::string> names;
  for (size_t node : nodes) names.insert(scenario_->nodes.at(node).metadata.name);
  NoteNodes(names, {});
  for (size_t i : gone) json_->doc["items"].erase(i);
  return Reshaped(std::move(backup), error);
}

namespace {
// Removes the entries named `plugin` from the plugin list `list` (an array or absent).
void Unlist(ojson& list, const std::string& plugin) {
  if (!list.is_array()) list = ojson::array();
  auto named = [&](const ojson& e) { return e.is_object() && e.value("name", "") == plugin; };
  list.erase(std::remove_if(list.begin(), list.end(), named), list.end());
}
// Drops plugins.<point>.<which> when it ended up empty, and then the point.
void DropEmpty(ojson& plugins, const char* point, const char* which) {
  ojson& p = plugins[point];
  if (p[which].empty()) p.erase(which);
  if (p.empty()) plugins.erase(point);
}
}  // namespace

// A profile edit: `change` gets profiles[0].plugins of the KubeSchedulerConfiguration
// item (created when the scenario has none); the document is re-read.
template <class Change>
bool ScenarioDoc::EditPlugins(const Change& change, std::string& error) {
  ojson backup = json_->doc;
  ojson* cfg = nullptr;
  if (scenario_->profile) {
    cfg = &json_->Item(scenario_->profile->path.substr(0, scenario_->profile->path.find(".profiles")));
  } else {
    json_->Items().push_back(ojson{{"apiVersion", "kubescheduler.config.k8s.io/v1"},
                                   {"kind", "KubeSchedulerConfiguration"},
                                   {"profiles", ojson::array({ojson{{"schedulerName", "default-scheduler"}}})}});
    cfg = &json_->doc["items"].back();
  }
  ojson& profiles = (*cfg)["profiles"];
  if (!profiles.is_array() || profiles.empty())
    profiles = ojson::array({ojson{{"schedulerName", "default-scheduler"}}});
  change(Child(profiles[0], "plugins"));
  return Reshaped(std::move(backup), error);
}

bool ScenarioDoc::SetPluginWeight(const std::string& plugin, int32_t weight, std::string& error) {
  return EditPlugins(
      [&](ojson& plugins) {
        // One list at a time: an ordered_json object is a vector, so adding "score" to
        // `plugins` may move "multiPoint" and whatever a reference into it pointed to.
        ojson& enabled = Child(plugins, "multiPoint")["enabled"];
        Unlist(enabled, plugin);
        if (weight > 0) enabled.push_back(ojson{{"name", plugin}, {"weight", weight}});
        ojson& disabled = Child(plugins, "score")["disabled"];
        Unlist(disabled, plugin);
        if (weight <= 0) disabled.push_back(ojson{{"name", plugin}});
        DropEmpty(plugins, "multiPoint", "enabled");
        DropEmpty(plugins, "score", "disabled");
      },
      error);
}

bool ScenarioDoc::SetFilterPluginEnabled(const std::string& plugin, bool enabled, std::string& error) {
  return EditPlugins(
      [&](ojson& plugins) {
        ojson& disabled = Child(plugins, "filter")["disabled"];
        Unlist(disabled, plugin);
        if (!enabled) disabled.push_back(ojson{{"name", plugin}});
        DropEmpty(plugins, "filter", "disabled");
      },
      error);
}

}  // namespace spreadlab::controlplane
