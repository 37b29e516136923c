// ScenarioDoc's cluster events (simulator/simulation.h): edits of the document's shape that the
// workload controllers then answer, each undoable like any other edit.
#include <set>

#include "controlplane/load_scenario.h"
#include "controlplane/scenario_doc_json.h"
#include "io/json_fields.h"
#include "io/scenario_json.h"
#include "io/json_parse.h"

namespace spreadlab::controlplane {

namespace {

constexpr const char* kRestartedAt = "kubectl.kubernetes.io/restartedAt";

// The List's metadata.annotations, created when missing.
ojson& ListAnnotations(ojson& doc) { return Child(Child(doc, "metadata"), "annotations"); }

// The failed nodes kept in the annotations (FailNodes), an empty array when there are none.
ojson FailedNodeItems(const ojson& annotations) {
  auto it = annotations.find(kFailedNodesAnnotation);
  ojson failed = it != annotations.end() && it->is_string() ? io::ParseJsonText(it->get_ref<const std::string&>())
                                                            : ojson::array();
  return failed.is_array() ? failed : ojson::array();
}

}  // namespace

bool ScenarioDoc::Resync(bool& changed, std::string& error) {
  changed = false;
  // a dump of nodes and pods: no controller to answer
  if (!controlplane::HasControlledObjects(json_->doc)) return true;
  sync_.timePassed = true;
  // Nothing to put back on failure (the document is not edited first): a copy only for undo.
  if (!(json_->recording ? Reshaped(json_->doc, error) : Reread(error))) return false;
  changed = !createdPods_.empty() || !deletedPods_.empty() || !controllerNotes_.empty();
  return true;
}

bool ScenarioDoc::RestartRollout(const std::string& workload, std::string& error) {
  const std::optional<Workload> target = FindWorkload(workload, error);
  if (!target) return false;
  if (target->kind != "Deployment" && target->kind != "StatefulSet") {
    error = target->key +
            ": only a Deployment's rollout (its ReplicaSets' RollingUpdate or Recreate) or a StatefulSet's "
            "(RollingUpdate or OnDelete) is simulated";
    return false;
  }
  ojson backup = json_->doc;
  for (ojson& item : json_->Items()) {
    const ojson* meta = item.is_object() && item.contains("metadata") ? &item["metadata"] : nullptr;
    if (!meta || !meta->is_object() || item.value("kind", "") != target->kind ||
        meta->value("name", "") != target->name ||
        (meta->value("namespace", "") == "" ? "default" : meta->value("namespace", "")) != target->ns)
      continue;
    // kubectl rollout restart stamps the time; a count keeps each restart's template,
    // and so its pod-template-hash, the same from run to run.
    ojson& annotations = Child(Child(Child(Child(item, "spec"), "template"), "metadata"), "annotations");
    const std::string before = annotations.value(kRestartedAt, "");
    const std::string prefix = "spreadlab-restart-";
    int n = 1;
    if (before.rfind(prefix, 0) == 0 && before.size() - prefix.size() < 9 &&
        before.find_first_not_of("0123456789", prefix.size()) == std::string::npos)
      n = std::stoi(before.substr(prefix.size())) + 1;
    annotations[kRestartedAt] = prefix + std::to_string(n);
    // The API server bumps metadata.generation on a change of the spec: the StatefulSet
    // controller reads from it that its pods' revision is no longer the template's
    // (controllers/statefulset/stateful_set.cpp UpdateRevision). A Deployment's ReplicaSets
    // carry their templates, which say it without.
    if (target->kind == "StatefulSet") {
      ojson& m = Child(item, "metadata");
      const ojson* status = item.contains("status") && item["status"].is_object() ? &item["status"] : nullptr;
      int64_t generation = 1;
      if (m.contains("generation") && m["generation"].is_number_integer())
        generation = m["generation"].get<int64_t>();
      else if (status && status->contains("observedGeneration") && (*status)["observedGeneration"].is_number_integer())
        generation = (*status)["observedGeneration"].get<int64_t>();
      m["generation"] = generation + 1;
    }
  }
  return Reshaped(std::move(backup), error);
}

bool ScenarioDoc::RemovePods(const std::vector<size_t>& pods, std::string& error) {
  std::vector<size_t> items;
  for (size_t pod : pods) {
    const size_t i = ItemIndex(scenario_->pods.at(pod).path);
    if (i == std::string::npos) {
      error = "the scenario is this one pod; it cannot be removed";
      return false;
    }
    items.push_back(i);
  }
  std::sort(items.rbegin(), items.rend());
  items.erase(std::unique(items.begin(), items.end()), items.end());
  for (size_t pod : pods)
    sync_.terminating.insert(scenario_->pods[pod].metadata.ns + "/" + scenario_->pods[pod].metadata.name);
  ojson backup = json_->doc;
  for (size_t i : items) json_->doc["items"].erase(i);
  return Reshaped(std::move(backup), error);
}

bool ScenarioDoc::FailNodes(const std::vector<size_t>& nodes, std::string& error) {
  std::vector<size_t> gone;
  if (!NodeItemsWithPods(nodes, "fail", gone, &sync_.gone, error)) return false;
  ojson backup = json_->doc;
  ojson& annotations = ListAnnotations(json_->doc);
  ojson failed = FailedNodeItems(annotations);
  std::set<std::string> names;
  for (size_t node : nodes) {
    failed.push_back(json_->doc["items"][ItemIndex(scenario_->nodes[node].path)]);
    names.insert(scenario_->nodes[node].metadata.name);
  }
  annotations[kFailedNodesAnnotation] = Text(failed);
  NoteNodes(names, {});
  for (size_t i : gone) json_->doc["items"].erase(i);
  return Reshaped(std::move(backup), error);
}

bool ScenarioDoc::RestoreNodes(size_t& restored, std::string& error) {
  restored = 0;
  ojson backup = json_->doc;
  ojson& annotations = ListAnnotations(json_->doc);
  ojson failed = FailedNodeItems(annotations);
  annotations.erase(kFailedNodesAnnotation);
  if (annotations.empty()) json_->doc["metadata"].erase("annotations");
  if (failed.empty()) {
    json_->doc = std::move(backup);
    error = "no failed node to restore";
    return false;
  }
  std::vector<std::string> names;
  for (ojson& node : failed) {
    const auto meta = node.find("metadata");
    if (meta != node.end() && meta->is_object()) names.push_back(io::Str(*meta, "name"));
    json_->Items().push_back(std::move(node));
  }
  NoteNodes({}, names);
  restored = failed.size();
  return Reshaped(std::move(backup), error);
}

void ScenarioDoc::NoteNodes(const std::set<std::string>& gone, const std::vector<std::string>& added) {
  std::string list;
  for (const std::string& name : AddedNodes(json_->doc))
    if (!gone.count(name)) list += (list.empty() ? "" : ",") + name;
  for (const std::string& name : added) list += (list.empty() ? "" : ",") + name;
  if (!list.empty()) {
    ListAnnotations(json_->doc)[kAddedNodesAnnotation] = list;
    return;
  }
  auto meta = json_->doc.find("metadata");
  if (meta == json_->doc.end() || !meta->is_object()) return;
  auto annotations = meta->find("annotations");
  if (annotations == meta->end() || !annotations->is_object()) return;
  annotations->erase(kAddedNodesAnnotation);
  if (annotations->empty()) meta->erase("annotations");
}

std::vector<ScenarioDoc::FailedNode> ScenarioDoc::FailedNodes() const {
  std::vector<FailedNode> out;
  const ojson& doc = json_->doc;
  auto meta = doc.find("metadata");
  if (meta == doc.end() || !meta->is_object()) return out;
  auto annotations = meta->find("annotations");
  if (annotations == meta->end() || !annotations->is_object()) return out;
  for (const ojson& node : FailedNodeItems(*annotations)) {
    auto m = node.is_object() ? node.find("metadata") : node.end();
    if (m == node.end() || !m->is_object()) continue;
    FailedNode f{m->value("name", ""), {}};
    if (auto labels = m->find("labels"); labels != m->end() && labels->is_object())
      for (const auto& [k, v] : labels->items())
        if (v.is_string()) f.labels[k] = v.get<std::string>();
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace spreadlab::controlplane
