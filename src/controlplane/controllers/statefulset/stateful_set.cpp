// The StatefulSet controller (pkg/controller/statefulset: stateful_set.go,
// stateful_set_control.go, stateful_set_utils.go): the members of Controllers
// (controllers/manager.h) that create a StatefulSet's pods by ordinal and delete the
// condemned ones from the highest down.
#include <algorithm>
#include <cstdint>
#include <set>
#include <nlohmann/json.hpp>

#include "controlplane/controllers/controller_utils.h"
#include "controlplane/controllers/manager.h"
#include "io/json_fields.h"

namespace spreadlab::controlplane {

using io::Str;

void Controllers::StatefulSet(const Workload& w) {
  const json& spec = Spec(w);
  const int64_t replicas = Count(w, spec, "replicas", 1);
  const auto selector = SelectorOf(spec, false);
  const json& tmpl = Template(w, spec, selector, /*selectorRequired=*/true);
  int64_t start = 0;
  if (const json* ord = Obj(spec, "ordinals")) start = Count(w, *ord, "start", 0);
  const std::string revision = w.name + "-" + TemplateHash(tmpl, 0);
  // getPodsForStatefulSet: ClaimPods of the pods named <set>-<ordinal> (isMemberOf).
  const std::vector<size_t> pods = Claim(
      w, "Pod", selector, [](size_t) { return true; },
      [&](const json& pod) { return ParentName(Str(*Obj(pod, "metadata"), "name")) == w.name; });
  const int64_t have = CountActive(pods);
  // stateful_set_control.go: pods whose ordinal is out of range are condemned and go
  // from the highest ordinal down; a name without an ordinal is ignored.
  std::vector<std::pair<int64_t, size_t>> condemned;
  for (size_t i : pods) {
    const int64_t ordinal = Ordinal(Str(*Obj(items_[i], "metadata"), "name"));
    if (Active(i) && ordinal >= 0 && (ordinal < start || ordinal >= start + replicas))
      condemned.emplace_back(ordinal, i);
  }
  std::sort(condemned.rbegin(), condemned.rend());
  for (const auto& [ordinal, i] : condemned) {
    const json* podSpec = Obj(items_[i], "spec");
    Delete(i, w, podSpec ? Str(*podSpec, "nodeName") : "",
           "ordinal " + std::to_string(ordinal) + " is outside " + std::to_string(start) + ".." +
               std::to_string(start + replicas - 1) + " (the highest goes first)");
  }
  size_t created = 0;
  for (int64_t ordinal = start; ordinal < start + replicas; ++ordinal) {
    const std::string name = w.name + "-" + std::to_string(ordinal);
    if (podNames_.count(w.ns + "/" + name)) continue;
    json pod = PodFrom(w, tmpl, name,
                       {{"statefulset.kubernetes.io/pod-name", name},
                        {"apps.kubernetes.io/pod-index", std::to_string(ordinal)},
                        {"controller-revision-hash", revision}});
    CreatePersistentVolumeClaims(w, spec, selector, pod, ordinal);
    Add(std::move(pod), w);
    ++created;
  }
  Note(w, static_cast<int64_t>(created), replicas, have, static_cast<int64_t>(condemned.size()));
}

// createPersistentVolumeClaims and updateStorage: each volumeClaimTemplate gives the pod a
// volume of its name on the claim <template>-<set>-<ordinal>, created when missing with the
// template's spec and the set's matchLabels (getPersistentVolumeClaims).
void Controllers::CreatePersistentVolumeClaims(const Workload& w, const json& spec,
                                               const std::optional<v1::LabelSelector>& selector, json& pod,
                                               int64_t ordinal) {
  const json* templates = spec.contains("volumeClaimTemplates") ? &spec["volumeClaimTemplates"] : nullptr;
  if (!templates || !templates->is_array() || templates->empty()) return;
  json volumes = json::array();
  std::set<std::string> templateNames;
  for (const json& t : *templates) {
    const json* meta = t.is_object() ? Obj(t, "metadata") : nullptr;
    const std::string templateName = meta ? Str(*meta, "name") : "";
    if (templateName.empty()) continue;
    templateNames.insert(templateName);
    const std::string claimName = templateName + "-" + w.name + "-" + std::to_string(ordinal);
    volumes.push_back({{"name", templateName}, {"persistentVolumeClaim", {{"claimName", claimName}}}});
    if (claimNames_.count(w.ns + "/" + claimName)) continue;
    json claim = {{"apiVersion", "v1"}, {"kind", "PersistentVolumeClaim"}};
    json claimMeta = *meta;
    claimMeta["name"] = claimName;
    claimMeta["namespace"] = w.ns;
    if (selector)
      for (const auto& [k, v] : selector->matchLabels) claimMeta["labels"][k] = v;
    claim["metadata"] = std::move(claimMeta);
    claim["spec"] = t.contains("spec") ? t["spec"] : json::object();
    claim["status"] = {{"phase", "Pending"}};
    Add(std::move(claim), w);
  }
  json& podSpec = pod["spec"];
  if (podSpec.contains("volumes") && podSpec["volumes"].is_array())
    for (const json& v : podSpec["volumes"])
      if (!v.is_object() || !templateNames.count(Str(v, "name"))) volumes.push_back(v);
  podSpec["volumes"] = std::move(volumes);
}

// getParentName: the name before its last '-' when digits follow it to the end, else "".
std::string Controllers::ParentName(const std::string& name) {
  const size_t dash = name.rfind('-');
  if (dash == std::string::npos || dash + 1 == name.size()) return "";
  for (size_t i = dash + 1; i < name.size(); ++i)
    if (name[i] < '0' || name[i] > '9') return "";
  return name.substr(0, dash);
}

// getParentNameAndOrdinal: the number after the name's last '-', or -1.
int64_t Controllers::Ordinal(const std::string& name) {
  const size_t dash = name.rfind('-');
  if (dash == std::string::npos || dash + 1 == name.size() || name.size() - dash > 11) return -1;
  int64_t n = 0;
  for (size_t i = dash + 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return -1;
    n = n * 10 + (name[i] - '0');
  }
  return n <= INT32_MAX ? n : -1;
}

}  // namespace spreadlab::controlplane
