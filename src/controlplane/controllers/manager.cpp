#include "controlplane/controllers/manager.h"

#include <algorithm>
#include <cstdlib>

#include "controlplane/controllers/controllers.h"
#include "io/json_fields.h"
#include "io/scenario_json.h"

namespace spreadlab::controlplane {

using io::Str;

Controllers::Controllers(json& items, ControllerResult& out, const SyncContext* context, const Features& features)
    : items_(items), out_(out), timePassed_(context && context->timePassed), features_(features) {
  for (size_t i = 0; i < items_.size(); ++i) Index(i);
  if (context) {
    podNames_.insert(context->terminating.begin(), context->terminating.end());
    podNames_.insert(context->gone.begin(), context->gone.end());
    gone_ = context->gone;
  }
}

void Controllers::Run() {
  // Deployments sync first (scale their ReplicaSets, a rollout's step), so that each
  // ReplicaSet then runs with its replicas wherever it stands in the file.
  for (size_t i = 0; i < items_.size(); ++i)
    if (items_[i].is_object() && Str(items_[i], "kind") == "Deployment") SyncDeployment(Describe(i));
  // Then each workload in file order; a Deployment runs its ReplicaSets (and the new one it
  // creates) at its own place, so its pods come where the Deployment stands.
  for (size_t i = 0; i < items_.size(); ++i) {
    const json& it = items_[i];
    if (!it.is_object() || ranByDeployment_.count(i)) continue;
    const std::string kind = Str(it, "kind");
    if (!IsWorkloadKind(kind)) continue;
    Workload w = Describe(i);
    if (kind == "Deployment")
      Deployment(w);
    else if (kind == "ReplicaSet" || kind == "ReplicationController")
      ReplicaSet(w);
    else if (kind == "StatefulSet")
      StatefulSet(w);
    else if (kind == "Job")
      Job(w);
    else
      DaemonSet(w);
  }
  // The pods' ephemeral claims, then the garbage collector (the claims of the pods gone), then
  // the PV controller: it binds the claims just created too, and reclaims the deleted ones' volumes.
  EphemeralVolumes();
  CollectGarbage();
  PersistentVolumes();
}

bool IsWorkloadKind(std::string_view kind) {
  return kind == "Deployment" || kind == "ReplicaSet" || kind == "ReplicationController" || kind == "StatefulSet" ||
         kind == "Job" || kind == "DaemonSet";
}

namespace {

// A claim, or a pod with a generic ephemeral volume (whose claim the ephemeral controller makes).
bool Controlled(const json& it) {
  if (!it.is_object()) return false;
  const std::string kind = Str(it, "kind");
  if (kind == "PersistentVolumeClaim") return true;
  if (kind != "Pod") return false;
  auto spec = it.find("spec");
  if (spec == it.end() || !spec->is_object()) return false;
  auto volumes = spec->find("volumes");
  return volumes != spec->end() && volumes->is_array() &&
         std::any_of(volumes->begin(), volumes->end(),
                     [](const json& v) { return v.is_object() && v.contains("ephemeral"); });
}

}  // namespace

bool HasControlledObjects(const json& doc) {
  if (HasWorkloads(doc) || Controlled(doc)) return true;
  auto items = doc.is_object() ? doc.find("items") : doc.end();
  return items != doc.end() && items->is_array() && std::any_of(items->begin(), items->end(), Controlled);
}

bool HasWorkloads(const json& doc) {
  if (!doc.is_object()) return false;
  if (IsWorkloadKind(Str(doc, "kind"))) return true;
  auto items = doc.find("items");
  return items != doc.end() && items->is_array() && std::any_of(items->begin(), items->end(), [](const json& it) {
           return it.is_object() && IsWorkloadKind(Str(it, "kind"));
         });
}

void RunControllers(json& doc, ControllerResult& out, const SyncContext* context) {
  out = ControllerResult{};
  if (!doc.is_object()) return;
  if (IsWorkloadKind(Str(doc, "kind"))) {
    doc = json{{"apiVersion", "v1"}, {"kind", "List"}, {"items", json::array({std::move(doc)})}};
    out.wrapped = true;
  }
  auto items = doc.find("items");
  // A dump of nodes and pods has nothing for the controllers to do: skip indexing its pods.
  if (items == doc.end() || !items->is_array() || !HasControlledObjects(doc)) return;
  // The cluster runs the release the document asks for, unless the caller overrides it.
  Release documentRelease;
  if (!context || !context->release) io::ReadRelease(doc, documentRelease);
  Controllers controllers(*items, out, context,
                          context && context->release ? context->release->features : documentRelease.features);
  controllers.Run();
  // The deleted pods leave the document; what was created moves up past them.
  out.erased.assign(controllers.erased().begin(), controllers.erased().end());
  for (auto i = out.erased.rbegin(); i != out.erased.rend(); ++i) items->erase(*i);
  for (CreatedObject& c : out.created)
    c.item -= static_cast<size_t>(std::lower_bound(out.erased.begin(), out.erased.end(), c.item) - out.erased.begin());
}

std::string SourcePath(const ControllerResult& r, const std::string& path) {
  std::string p = path;
  size_t close = p.find(']');
  if (p.compare(0, 6, "items[") == 0 && close != std::string::npos) {
    const size_t k = std::strtoull(p.c_str() + 6, nullptr, 10);
    const std::string rest = p.substr(close + 1);
    auto created =
        std::find_if(r.created.begin(), r.created.end(), [&](const CreatedObject& c) { return c.item == k; });
    if (created != r.created.end()) {
      // A created pod's metadata and spec are its workload's template's.
      const bool inTemplate = rest.rfind(".metadata", 0) == 0 || rest.rfind(".spec", 0) == 0;
      p = created->source + (created->fromTemplate && !inTemplate ? "" : rest);
    } else {
      // The item as written: count back the deleted pods before it.
      size_t written = k;
      for (size_t e : r.erased) written += e <= written;
      p = "items[" + std::to_string(written) + "]" + rest;
    }
  }
  if (r.wrapped && p.compare(0, 8, "items[0]") == 0) p = p.size() > 9 ? p.substr(9) : "";
  return p;
}

}  // namespace spreadlab::controlplane
