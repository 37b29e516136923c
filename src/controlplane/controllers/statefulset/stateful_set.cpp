// The StatefulSet controller (pkg/controller/statefulset: stateful_set.go,
// stateful_set_control.go, stateful_set_utils.go): the members of Controllers
// (controllers/manager.h) that create a StatefulSet's pods by ordinal and their claims, give
// the claims the owners the retention policy asks for (statefulset/claim_retention.h), delete
// the condemned pods from the highest down, and take a RollingUpdate's step
// (statefulset/rolling_update.h).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <nlohmann/json.hpp>

#include "controlplane/controllers/controller_utils.h"
#include "controlplane/controllers/manager.h"
#include "controlplane/controllers/statefulset/claim_retention.h"
#include "controlplane/controllers/statefulset/rolling_update.h"
#include "io/json_fields.h"

namespace spreadlab::controlplane {

using io::Str;

namespace {

// A number or a policy the API server refuses (ValidateStatefulSetSpec): an error at its path.
int64_t NonNegative(const std::string& path, const json& v) {
  if (!v.is_number_integer()) throw ControllerError{path, "expected an integer, got " + v.dump()};
  if (v.get<int64_t>() < 0)
    throw ControllerError{path, "Invalid value: " + v.dump() + ": must be greater than or equal to 0"};
  return v.get<int64_t>();
}

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

// spec.updateStrategy with its defaults (RollingUpdate, partition 0) and what
// ValidateStatefulSetSpec refuses.
struct UpdateStrategy {
  bool onDelete = false;
  int64_t partition = 0;
  std::optional<rollout::IntOrPercent> maxUnavailable;
};

UpdateStrategy UpdateStrategyOf(const Workload& w, const json& spec) {
  UpdateStrategy s;
  const json* strategy = Obj(spec, "updateStrategy");
  if (!strategy) return s;
  const std::string path = w.path + ".spec.updateStrategy";
  const std::string type = Str(*strategy, "type", "RollingUpdate");
  if (type != "RollingUpdate" && type != "OnDelete")
    throw ControllerError{path, "Invalid value: \"" + type + "\": must be 'RollingUpdate' or 'OnDelete'"};
  s.onDelete = type == "OnDelete";
  const json* rolling = Obj(*strategy, "rollingUpdate");
  if (!rolling) return s;
  if (s.onDelete)
    throw ControllerError{path + ".rollingUpdate",
                          "Invalid value: " + rolling->dump() + ": only allowed for updateStrategy 'RollingUpdate'"};
  if (const json* partition = io::Member(*rolling, "partition"))
    s.partition = NonNegative(path + ".rollingUpdate.partition", *partition);
  if (const json* v = io::Member(*rolling, "maxUnavailable")) {
    const std::string at = path + ".rollingUpdate.maxUnavailable";
    rollout::IntOrPercent m;
    const std::string text = v->is_string() ? v->get<std::string>() : v->dump();
    if (v->is_number_integer() && v->get<int64_t>() < 0)
      throw ControllerError{at, "Invalid value: " + text + ": must be greater than or equal to 0"};
    if ((!v->is_string() && !v->is_number_integer()) || !rollout::ParseIntOrPercent(text, m) ||
        (v->is_string() && !m.percent))
      throw ControllerError{at, "Invalid value: " + v->dump() +
                                    ": a valid percent string must be a numeric string followed by an ending '%' "
                                    "(e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')"};
    if (m.value == 0) throw ControllerError{at, "Invalid value: " + v->dump() + ": cannot be 0"};
    if (m.percent && m.value > 100)
      throw ControllerError{at, "Invalid value: " + v->dump() + ": must not be greater than 100%"};
    s.maxUnavailable = m;
  }
  return s;
}

// spec.podManagementPolicy: OrderedReady (the default) or Parallel (allowsBurst).
bool Parallel(const Workload& w, const json& spec) {
  const std::string policy = Str(spec, "podManagementPolicy", "OrderedReady");
  if (policy != "OrderedReady" && policy != "Parallel")
    throw ControllerError{w.path + ".spec.podManagementPolicy",
                          "Invalid value: \"" + policy + "\": must be 'OrderedReady' or 'Parallel'"};
  return policy == "Parallel";
}

int64_t Int(const json* obj, const char* key, int64_t fallback) {
  const json* v = obj ? io::Member(*obj, key) : nullptr;
  return v && v->is_number_integer() ? v->get<int64_t>() : fallback;
}

}  // namespace

// The update revision's name, and whether the template changed since the pods in the
// document were made. Upstream names a revision by its ControllerRevision (getStatefulSetRevisions),
// which a document does not hold, and hashes it otherwise than spreadlab does: while
// metadata.generation is status.observedGeneration (the template is the one the status describes:
// a dump as written, or a set never edited), status.updateRevision is the template's revision and
// a pod without the controller-revision-hash label (written by hand) is of it; once the spec
// changed (a rollout restart bumps the generation, as the API server does), the template's
// revision is spreadlab's hash of it and only the pods of that hash are up to date.
Controllers::Revision Controllers::UpdateRevision(const Workload& w, const json& tmpl) {
  const json& set = items_[w.item];
  const json* status = Obj(set, "status");
  const int64_t generation = Int(Obj(set, "metadata"), "generation", 1);
  const bool changed = generation > Int(status, "observedGeneration", 1);
  const std::string recorded = status ? Str(*status, "updateRevision") : "";
  if (!changed && !recorded.empty()) return {recorded, false};
  return {w.name + "-" + TemplateHash(tmpl, 0), changed};
}

void Controllers::StatefulSet(const Workload& w) {
  const json& spec = Spec(w);
  const int64_t replicas = Count(w, spec, "replicas", 1);
  const auto selector = SelectorOf(spec, false);
  const json& tmpl = Template(w, spec, selector, /*selectorRequired=*/true);
  const statefulset::RetentionPolicy policy = RetentionPolicyOf(w, spec);
  const UpdateStrategy strategy = UpdateStrategyOf(w, spec);
  const bool parallel = Parallel(w, spec);
  int64_t start = 0;
  if (const json* ord = Obj(spec, "ordinals")) start = Count(w, *ord, "start", 0);
  const Revision revision = UpdateRevision(w, tmpl);
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
                           {"controller-revision-hash", revision.name}});
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
  int64_t deleted = static_cast<int64_t>(condemned.size());
  // The RollingUpdate's step (OnDelete: nothing; the set being deleted: nothing either).
  if (!strategy.onDelete && !w.deleting) {
    std::vector<statefulset::Replica> state;
    for (const std::optional<size_t>& i : replicaPods) {
      statefulset::Replica r;
      if (!i) {
        // Created in this sync from the new template (newVersionedStatefulSetPod), or still
        // terminating: not available, and nothing to delete.
        r.updated = r.unavailable = true;
      } else {
        const json* meta = Obj(items_[*i], "metadata");
        const json* labels = meta ? Obj(*meta, "labels") : nullptr;
        const json* hash = labels ? io::Member(*labels, "controller-revision-hash") : nullptr;
        r.updated = hash ? hash->is_string() && hash->get<std::string>() == revision.name : !revision.changed;
        r.unavailable = !Available(*i);
      }
      state.push_back(r);
    }
    const int64_t maxUnavailable =
        statefulset::MaxUnavailable(strategy.maxUnavailable ? &*strategy.maxUnavailable : nullptr, replicas);
    for (size_t k : statefulset::PodsToUpdate(state, strategy.partition, maxUnavailable, parallel)) {
      const size_t i = *replicaPods[k];
      const json* podSpec = Obj(items_[i], "spec");
      Delete(i, w, podSpec ? Str(*podSpec, "nodeName") : "",
             "StatefulSet terminating Pod for update: its revision is not " + revision.name +
                 " (the highest ordinal first, maxUnavailable " + std::to_string(maxUnavailable) + ")");
      ++deleted;
    }
  }
  Note(w, static_cast<int64_t>(created), replicas, have, deleted);
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
