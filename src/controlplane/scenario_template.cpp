// ScenarioDoc's edits of a controlled pod's template: an edit on a pod a controller owns
// is an edit of its workload, as `kubectl edit deploy` would make it. The template of the
// pod's controller (and, for a Deployment's ReplicaSet, the Deployment's) changes, and so
// does every replica that is still Pending, as if the controller had just created it from
// the new template (a simulation choice: upstream would replace those pods, under new
// names, over several syncs of a rollout; README.md, In-browser lab). Bound replicas keep
// what they were created with until a rollout replaces them.
#include <algorithm>
#include <string>
#include <vector>

#include "controlplane/controllers/controller_ref_manager.h"
#include "controlplane/scenario_doc_json.h"
#include "controlplane/scenario_doc.h"

namespace spreadlab::controlplane {

namespace {

// metav1.GetControllerOf of a scenario pod: its ownerReference with controller: true.
const v1::OwnerReference* ControllerOf(const v1::Pod& pod) {
  for (const v1::OwnerReference& r : pod.metadata.ownerReferences)
    if (r.controller) return &r;
  return nullptr;
}

bool Active(const v1::Pod& p) { return !p.metadata.terminating && p.phase != "Succeeded" && p.phase != "Failed"; }

// The constraint array of the pod template in workload item `item` (spec.template.spec.
// topologySpreadConstraints), or null.
template <class J>
J* TemplateConstraints(J& item) {
  J* at = &item;
  for (const char* key : {"spec", "template", "spec", "topologySpreadConstraints"}) {
    if (!at->is_object()) return nullptr;
    auto it = at->find(key);
    if (it == at->end()) return nullptr;
    at = &*it;
  }
  return at->is_array() ? at : nullptr;
}

}  // namespace

ScenarioDoc::PodTemplate ScenarioDoc::TemplateOf(size_t pod) const {
  PodTemplate out;
  if (pod >= scenario_->pods.size()) return out;
  const v1::Pod& p = scenario_->pods[pod];
  const v1::OwnerReference* ref = ControllerOf(p);
  if (!ref) return out;
  const ojson& doc = json_->doc;
  if (!doc.contains("items") || !doc["items"].is_array()) return out;
  const ojson& items = doc["items"];
  // The owner, then its own controller (a Deployment over its ReplicaSet), each with a template.
  std::string kind = ref->kind, name = ref->name;
  while (!kind.empty()) {
    size_t found = std::string::npos;
    for (size_t i = 0; i < items.size() && found == std::string::npos; ++i) {
      const ojson& it = items[i];
      if (Str(it, "kind") != kind || !it.contains("metadata")) continue;
      const ojson& meta = it["metadata"];
      const std::string ns = Str(meta, "namespace");
      if (Str(meta, "name") == name && (ns.empty() ? std::string("default") : ns) == p.metadata.ns) found = i;
    }
    if (found == std::string::npos) break;
    out.owners.push_back({kind, name, found});
    const ojson* next = controlplane::ControllerRefOf(items[found]["metadata"]);
    kind = next && Str(*next, "kind") == "Deployment" ? "Deployment" : "";
    name = next ? Str(*next, "name") : "";
  }
  if (out.owners.empty()) return out;
  for (size_t i = 0; i < scenario_->pods.size(); ++i) {
    const v1::Pod& q = scenario_->pods[i];
    const v1::OwnerReference* r = ControllerOf(q);
    if (!r || r->kind != ref->kind || r->name != ref->name || q.metadata.ns != p.metadata.ns || !Active(q)) continue;
    (q.spec.nodeName.empty() ? out.pending : out.bound).push_back(i);
  }
  // The workload's template as the outermost owner has it: bound replicas created from
  // another one are what a rollout would replace.
  const ojson* constraints = TemplateConstraints(items[out.owners.back().item]);
  for (size_t i : out.bound) {
    const v1::Pod& q = scenario_->pods[i];
    ojson have = ojson::array();
    const ojson& item = items[ItemIndex(q.path)];
    if (item.contains("spec") && item["spec"].contains("topologySpreadConstraints"))
      have = item["spec"]["topologySpreadConstraints"];
    if (have != (constraints ? *constraints : ojson::array())) ++out.boundDiffering;
  }
  return out;
}

// The pending replicas whose constraints are the edited pod's (one a person changed on
// its own keeps that change); pod itself first.
std::vector<size_t> ScenarioDoc::Followers(size_t pod, const PodTemplate& t) const {
  const auto& mine = scenario_->pods[pod].spec.topologySpreadConstraints;
  std::vector<size_t> follow{pod};
  for (size_t i : t.pending)
    if (i != pod && scenario_->pods[i].spec.topologySpreadConstraints == mine) follow.push_back(i);
  return follow;
}

// After pod `follow[0]` was edited: its constraints, as its item now has them, become
// each owner's template's and the other followers'. The templates go first: a re-read by
// a follower's edit must find the Deployment's and its ReplicaSet's templates alike, or
// the Deployment controller would start a rollout.
bool ScenarioDoc::FollowTemplate(const PodTemplate& t, const std::vector<size_t>& follow, std::string& error) {
  const v1::Pod& edited = scenario_->pods[follow.front()];
  const ojson& spec = json_->doc["items"][ItemIndex(edited.path)]["spec"];
  const ojson constraints = spec.contains("topologySpreadConstraints") ? spec["topologySpreadConstraints"] : ojson();
  for (const PodTemplate::Owner& o : t.owners) {
    ojson& item = json_->Item("items[" + std::to_string(o.item) + "]");
    ojson& podSpec = Child(Child(Child(item, "spec"), "template"), "spec");
    if (constraints.is_null())
      podSpec.erase("topologySpreadConstraints");
    else
      podSpec["topologySpreadConstraints"] = constraints;
  }
  // The same constraints on a pod alike cannot be refused where the edited pod's were accepted.
  for (size_t k = 1; k < follow.size(); ++k)
    if (!SetSpreadConstraints(follow[k], edited.spec.topologySpreadConstraints, error)) return false;
  return true;
}

bool ScenarioDoc::SetTemplateSpreadConstraints(size_t pod, std::vector<v1::TopologySpreadConstraint> constraints,
                                               std::string& error) {
  const PodTemplate t = TemplateOf(pod);
  const std::vector<size_t> follow = t.owners.empty() ? std::vector<size_t>{pod} : Followers(pod, t);
  return SetSpreadConstraints(pod, std::move(constraints), error) &&
         (t.owners.empty() || FollowTemplate(t, follow, error));
}

bool ScenarioDoc::SetTemplateSpreadConstraintField(size_t pod, size_t index, std::string_view field,
                                                   std::string_view valueJson, std::string& error) {
  const PodTemplate t = TemplateOf(pod);
  const std::vector<size_t> follow = t.owners.empty() ? std::vector<size_t>{pod} : Followers(pod, t);
  return SetSpreadConstraintField(pod, index, field, valueJson, error) &&
         (t.owners.empty() || FollowTemplate(t, follow, error));
}

}  // namespace spreadlab::controlplane
