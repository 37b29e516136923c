// ScenarioDoc::ApplyText: `kubectl apply -f` over the document being edited. Each object
// the text holds goes into the object of the same kind, namespace and name, or is
// appended; the document is then re-read, so the workload controllers answer (a new
// Deployment makes its ReplicaSet and pods, a changed template starts a rollout).
#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "controlplane/scenario_doc_json.h"
#include "controlplane/scenario_doc.h"
#include "io/scenario_json.h"

namespace spreadlab::controlplane {

namespace {

// Kinds without a namespace (the API server's cluster-scoped resources a scenario may hold);
// every other kind is namespaced, "default" when the manifest names none, as kubectl's
// default context does.
bool ClusterScoped(const std::string& kind) {
  static const std::set<std::string> kinds = {"Node",
                                              "Namespace",
                                              "PriorityClass",
                                              "PersistentVolume",
                                              "StorageClass",
                                              "CSINode",
                                              "CSIDriver",
                                              "NodePool",
                                              "NodeClaim",
                                              "VolumeAttachment",
                                              "RuntimeClass",
                                              "ClusterRole",
                                              "ClusterRoleBinding",
                                              "KubeSchedulerConfiguration"};
  return kinds.count(kind) > 0;
}

// What identifies an object to the API server: kind, namespace and name (a
// KubeSchedulerConfiguration is the scenario's one profile, whatever it is called).
std::string Key(const ojson& item) {
  std::string kind = Str(item, "kind");
  if (kind == "KubeSchedulerConfiguration") return kind;
  const ojson* meta = item.is_object() && item.contains("metadata") ? &item["metadata"] : nullptr;
  std::string ns = meta ? Str(*meta, "namespace") : "";
  if (ns.empty() && !ClusterScoped(kind)) ns = "default";
  return kind + "/" + ns + "/" + (meta ? Str(*meta, "name") : "");
}

// kubectl's name for an object: "deployment.apps/web", "service/web", "pod/web-1".
std::string KubectlName(const ojson& item) {
  std::string kind = Str(item, "kind");
  std::transform(kind.begin(), kind.end(), kind.begin(), [](unsigned char c) { return std::tolower(c); });
  const std::string apiVersion = Str(item, "apiVersion");
  const size_t slash = apiVersion.find('/');
  if (slash != std::string::npos) kind += "." + apiVersion.substr(0, slash);
  const ojson* meta = item.contains("metadata") ? &item["metadata"] : nullptr;
  return kind + "/" + (meta ? Str(*meta, "name") : "");
}

// The objects of a parsed text: a List's items, or the one object.
std::vector<ojson> Objects(ojson& parsed, std::vector<std::string>& paths) {
  std::vector<ojson> out;
  if (parsed.is_object() && parsed.contains("items") && parsed["items"].is_array() &&
      (Str(parsed, "kind") == "List" || !parsed.contains("kind"))) {
    for (size_t i = 0; i < parsed["items"].size(); ++i) {
      out.push_back(std::move(parsed["items"][i]));
      paths.push_back("items[" + std::to_string(i) + "]");
    }
  } else {
    out.push_back(std::move(parsed));
    paths.emplace_back();
  }
  return out;
}

// `rest` (".spec.x...") under the path of an object in the text: "items[2].spec.x", or
// "spec.x" for a text that is the one object.
std::string Under(const std::string& base, const std::string& rest) {
  return base.empty() && !rest.empty() && rest[0] == '.' ? rest.substr(1) : base + rest;
}

// The YAML line of a path in the text (0 for JSON).
io::TextPosition LineOf(std::string_view text, bool yaml, const std::string& path) {
  return yaml ? io::TextPosition{io::LocateYamlPath(text, path).where.line, 0} : io::TextPosition{};
}

// ValidatePodUpdate (pkg/apis/core/validation): a pod's spec may change only in its
// containers' and init containers' images, activeDeadlineSeconds,
// terminationGracePeriodSeconds and added tolerations; everything else is as it was.
bool PodSpecUpdateAllowed(ojson was, ojson now) {
  for (const char* list : {"containers", "initContainers"}) {
    auto w = was.find(list), n = now.find(list);
    if (w == was.end() || n == now.end() || !w->is_array() || !n->is_array() || w->size() != n->size()) continue;
    for (size_t i = 0; i < w->size(); ++i)
      if ((*w)[i].is_object() && (*n)[i].is_object()) (*n)[i]["image"] = (*w)[i].value("image", ojson());
  }
  for (const char* field : {"activeDeadlineSeconds", "terminationGracePeriodSeconds"}) {
    if (was.contains(field))
      now[field] = was[field];
    else
      now.erase(field);
  }
  // Tolerations may be added, never removed or changed.
  const ojson wasTolerations = was.value("tolerations", ojson::array());
  const ojson nowTolerations = now.value("tolerations", ojson::array());
  for (const ojson& t : wasTolerations)
    if (std::find(nowTolerations.begin(), nowTolerations.end(), t) == nowTolerations.end()) return false;
  now.erase("tolerations");
  was.erase("tolerations");
  return was == now;
}

// "items[12].spec.x" -> 12 and ".spec.x"; npos when the path names no item.
size_t ErrorItem(const std::string& path, std::string& rest) {
  if (path.rfind("items[", 0) != 0) return std::string::npos;
  const size_t close = path.find(']');
  if (close == std::string::npos) return std::string::npos;
  rest = path.substr(close + 1);
  return std::stoul(path.substr(6, close - 6));
}

}  // namespace

bool ScenarioDoc::ApplyText(std::string_view text, std::vector<std::string>& applied, std::string& error,
                            std::string_view source) {
  ojson parsed;
  io::ReadResult r = io::ParseObjects(text, parsed);
  if (!r.ok) {
    error = io::LocatedError(r, source);
    return false;
  }
  std::vector<std::string> paths;  // each object's path in the text
  std::vector<ojson> objects = Objects(parsed, paths);
  for (size_t i = 0; i < objects.size(); ++i) {
    const ojson& o = objects[i];
    std::string field, problem;
    if (!o.is_object()) {
      problem = "expected a Kubernetes object";
    } else if (Str(o, "kind").empty()) {
      field = ".kind", problem = "Required value";
    } else if (Str(o, "kind") == "List") {
      field = ".kind", problem = "nested Lists are not supported; put the objects directly in items";
    } else if (Str(o, "kind") != "KubeSchedulerConfiguration" &&
               (!o.contains("metadata") || Str(o["metadata"], "name").empty())) {
      field = ".metadata.name", problem = "Required value: name or generateName is required";
    }
    if (!problem.empty()) {
      io::ReadResult located;
      const std::string path = Under(paths[i], field);
      located.error = (path.empty() ? "document" : path) + ": " + problem;
      located.where = LineOf(text, r.yaml, path);
      error = io::LocatedError(located, source);
      return false;
    }
  }

  ojson before = json_->doc;
  ojson& items = json_->Items();
  std::vector<size_t> itemOf(objects.size());  // where each applied object lands in the document
  std::vector<std::string> lines, added;       // added: the nodes created
  for (size_t i = 0; i < objects.size(); ++i) {
    ojson& o = objects[i];
    const std::string key = Key(o), name = KubectlName(o);
    size_t at = items.size();
    for (size_t k = 0; k < items.size(); ++k)
      if (Key(items[k]) == key) {
        at = k;
        break;
      }
    // (An object twice in one text finds its first version here, as kubectl's second apply would.)
    itemOf[i] = at;
    if (at == items.size()) {
      if (Str(o, "kind") == "Node" && o.contains("metadata") && o["metadata"].is_object())
        added.push_back(Str(o["metadata"], "name"));
      items.push_back(std::move(o));
      lines.push_back(name + " created");
      continue;
    }
    // kubectl apply sends a patch: the fields the manifest sets replace the live ones
    // (maps merged key by key, lists as a whole, null removes), the rest stay.
    ojson merged = items[at];
    merged.merge_patch(o);
    if (Str(o, "kind") == "Pod" &&
        !PodSpecUpdateAllowed(items[at].value("spec", ojson::object()), merged.value("spec", ojson::object()))) {
      error =
          std::string("Pod \"") + Str(merged["metadata"], "name") +
          "\" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`, "
          "`spec.initContainers[*].image`, `spec.activeDeadlineSeconds`, `spec.tolerations` (only additions to "
          "existing tolerations), `spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was "
          "previously negative)";
      json_->doc = std::move(before);
      return false;
    }
    lines.push_back(name + (merged == items[at] ? " unchanged" : " configured"));
    items[at] = std::move(merged);
  }
  NoteNodes({}, added);
  std::string reread, where;
  if (!Reread(reread, &where)) {
    // Told where the person wrote it: the applied object's path in the text, and its line.
    std::string rest;
    const size_t item = ErrorItem(where, rest);
    const auto mine = std::find(itemOf.begin(), itemOf.end(), item);
    if (mine != itemOf.end()) {
      const std::string path = Under(paths[static_cast<size_t>(mine - itemOf.begin())], rest);
      io::ReadResult located;
      // The API server's words name the object; the reader's start with the path in the document.
      located.error =
          reread.rfind(where, 0) == 0 ? (path.empty() ? "document" : path) + reread.substr(where.size()) : reread;
      located.where = LineOf(text, r.yaml, path);
      reread = io::LocatedError(located, source);
    }
    error = reread;
    json_->doc = std::move(before);
    return false;
  }
  json_->Replaced(std::move(before));
  applied = std::move(lines);
  return true;
}

}  // namespace spreadlab::controlplane
