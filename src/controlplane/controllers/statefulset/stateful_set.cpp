// The StatefulSet controller (pkg/controller/statefulset: stateful_set.go,
// stateful_set_control.go, stateful_set_utils.go): the members of Controllers
// (controllers/manager.h) that create a StatefulSet's pods by ordinal and their claims, give
// the claims the owners the retention policy asks for (statefulset/claim_retention.h), and
// delete the condemned pods from the highest down.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <nlohmann/json.hpp>

#include "controlplane/controllers/controller_utils.h"
#include "controlplane/controllers/manager.h"
#include "controlplane/controllers/statefulset/claim_retention.h"
#include "io/json_fields.h"

namespace spreadlab::controlplane {

using io::Str;

namespace {

// getPersistentVolumeClaimRetentionPolicy, with the defaults (Retain) and
// ValidatePersistentVolumeClaimRetentionPolicyType.
statefulset::RetentionPolicy RetentionPolicyOf(const Workload& w, const json& spec) {
  statefulset::RetentionPolicy p;
  const json* policy = Obj(spec, "persistentVolumeClaimRetentionPolicy");
  if (!policy) return p;
  for (auto [key, field] : {std::pair{"whenDeleted", &p.whenDeleted}, std::pair{"whenScaled", &p.whenScaled}}) {
    const std::string value = Str(*policy, key, "Retain");
    if (value != "Retain" && value != "Delete")
      throw ControllerError{w.path + ".spec.persistentVolumeClaimRetentionPolicy." + key,
                            "Unsupported value: \"" + value + "\": supported values: \"Retain\", \"Delete\""};
    *field = value == "Delete" ? statefulset::Retention::Delete : statefulset::Retention::Retain;
  }
  return p;
}

}  // namespace

void Controllers::StatefulSet(const Workload& w) {
  const json& spec = Spec(w);
  const int64_t replicas = Count(w, spec, "replicas", 1);
  const auto selector = SelectorOf(spec, false);
  const json& tmpl = Template(w, spec, selector, /*selectorRequired=*/true);
  const statefulset::RetentionPolicy policy = RetentionPolicyOf(w, spec);
  int64_t start = 0;
  if (const json* ord = Obj(spec, "ordinals")) start = Count(w, *ord, "start", 0);
  const std::string revision = w.name + "-" + TemplateHash(tmpl, 0);
  // getPodsForStatefulSet: ClaimPods of the pods named <set>-<ordinal> (isMemberOf).
  const std::vector<size_t> pods = Claim(
      w, "Pod", selector, [](size_t) { return true; },
      [&](const json& pod) { return ParentName(Str(*Obj(pod, "metadata"), "name")) == w.name; });
  const int64_t have = CountActive(pods);
  // stateful_set_control.go updateStatefulSet: pods whose ordinal is out of range are condemned
  // and go from the highest ordinal down; a name without an ordinal is ignored. The others are
  // the replicas, by ordinal.
  std::vector<std::pair<int64_t, size_t>> condemned;
  std::vector<std::optional<size_t>> replicaPods(static_cast<size_t>(replicas));
  for (size_t i : pods) {
    const int64_t ordinal = Ordinal(Str(*Obj(items_[i], "metadata"), "name"));
    if (!Active(i) || ordinal < 0) continue;
    if (ordinal < start || ordinal >= start + replicas)
      condemned.emplace_back(ordinal, i);
    else
      replicaPods[static_cast<size_t>(ordinal - start)] = i;
  }
  // processReplica: the missing replicas are created, with their claims; each replica's claims
  // get the owners the retention policy asks for (ClaimsMatchRetentionPolicy, UpdatePodClaimForRetentionPolicy).
  size_t created = 0;
  for (int64_t ordinal = start; ordinal < start + replicas; ++ordinal) {
    const std::string name = w.name + "-" + std::to_string(ordinal);
    std::optional<size_t>& replica = replicaPods[static_cast<size_t>(ordinal - start)];
    std::optional<size_t> pod = replica;
    if (!replica && !podNames_.count(w.ns + "/" + name)) {
      json made = PodFrom(w, tmpl, name,
                          {{"statefulset.kubernetes.io/pod-name", name},
                           {"apps.kubernetes.io/pod-index", std::to_string(ordinal)},
                           {"controller-revision-hash", revision}});
      CreatePersistentVolumeClaims(w, spec, selector, made, ordinal);
      Add(std::move(made), w);
      pod = items_.size() - 1;
      ++created;
    }
    if (pod) UpdateClaimOwners(w, spec, policy, *pod, ordinal, /*scaledDown=*/false);
  }
  // fixPodClaim, then processCondemned: a condemned pod's claims first get their owners (with
  // whenScaled: Delete, the pod: the garbage collector deletes them once it is gone).
  std::sort(condemned.rbegin(), condemned.rend());
  for (const auto& [ordinal, i] : condemned) {
    UpdateClaimOwners(w, spec, policy, i, ordinal, /*scaledDown=*/true);
    const json* podSpec = Obj(items_[i], "spec");
    Delete(i, w, podSpec ? Str(*podSpec, "nodeName") : "",
           "ordinal " + std::to_string(ordinal) + " is outside " + std::to_string(start) + ".." +
               std::to_string(start + replicas - 1) + " (the highest goes first)");
  }
  Note(w, static_cast<int64_t>(created), replicas, have, static_cast<int64_t>(condemned.size()));
}

// UpdatePodClaimForRetentionPolicy: each of the pod's template claims that exists gets the owner
// references the policy asks for when isClaimOwnerUpToDate says they are not.
void Controllers::UpdateClaimOwners(const Workload& w, const json& spec, const statefulset::RetentionPolicy& policy,
                                    size_t pod, int64_t ordinal, bool scaledDown) {
  const json* templates = spec.contains("volumeClaimTemplates") ? &spec["volumeClaimTemplates"] : nullptr;
  if (!templates || !templates->is_array()) return;
  const ClaimingController set = Claimer(w);
  const json* podMeta = Obj(items_[pod], "metadata");
  const std::string podName = Str(*podMeta, "name");
  const std::string podUid = Str(*podMeta, "uid");
  const ClaimingController owner{"v1", "Pod", w.ns, podName, podUid.empty() ? "Pod/" + w.ns + "/" + podName : podUid};
  for (const json& t : *templates) {
    const json* meta = t.is_object() ? Obj(t, "metadata") : nullptr;
    if (!meta || Str(*meta, "name").empty()) continue;
    const std::string claimName = Str(*meta, "name") + "-" + w.name + "-" + std::to_string(ordinal);
    auto it = claims_.find(w.ns + "/" + claimName);
    if (it == claims_.end() || erase_.count(it->second)) continue;  // "Expected claim missing"
    json& claimMeta = items_[it->second]["metadata"];
    const json none;
    const statefulset::ClaimOwners owners{claimMeta.contains("ownerReferences") ? claimMeta["ownerReferences"] : none,
                                          set, owner, scaledDown};
    if (statefulset::IsClaimOwnerUpToDate(owners, policy)) continue;
    json refs = statefulset::UpdateClaimOwnerRefForSetAndPod(owners, policy);
    if (refs.empty())
      claimMeta.erase("ownerReferences");
    else
      claimMeta["ownerReferences"] = std::move(refs);
    ++out_.claimed;
    const json* controller = ControllerRefOf(claimMeta);
    out_.notes.push_back(
        SourceOf(w) + ": " + w.kind + " " + w.ns + "/" + w.name + ": PersistentVolumeClaim " + claimName +
        " is now controlled by " +
        (controller ? Str(*controller, "kind") + " " + Str(*controller, "name") : std::string("no one")) +
        " (persistentVolumeClaimRetentionPolicy whenScaled: " +
        (policy.whenScaled == statefulset::Retention::Delete ? "Delete" : "Retain") +
        ", whenDeleted: " + (policy.whenDeleted == statefulset::Retention::Delete ? "Delete" : "Retain") +
        (scaledDown ? "; its pod is scaled down)" : ")"));
  }
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
    if (claims_.count(w.ns + "/" + claimName)) continue;
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
