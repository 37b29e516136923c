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
#include "controlplane/controllers/statefulset/pod_management.h"
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

// isRunningAndReady as the simulation's kubelet stand-in has it: the pod is Available (bound,
// and Ready unless a Ready condition written in the document says otherwise) and its
// status.phase is Running. A pod written without a status, once bound, counts as Running: the
// stand-in starts it (Simulation::Settle binds pods and writes Running over a phase written
// as Pending); a pod written bound with status.phase Pending is not started yet, and a
// pending pod is never Running and Ready.
bool Controllers::RunningAndReady(size_t i) const {
  if (!Available(i)) return false;
  const json* status = Obj(items_[i], "status");
  const std::string phase = status ? Str(*status, "phase") : "";
  return phase.empty() || phase == "Running";
}

// What processReplica and processCondemned read of a pod the set owns.
statefulset::PodState Controllers::PodStateOf(size_t i) const {
  const json* meta = Obj(items_[i], "metadata");
  const json* status = Obj(items_[i], "status");
  const std::string phase = status ? Str(*status, "phase") : "";
  statefulset::PodState p;
  p.created = true;
  p.terminal = phase == "Succeeded" || phase == "Failed";
  p.terminating = meta && BeingDeleted(*meta);
  p.runningAndReady = RunningAndReady(i);
  p.available = Available(i);
  return p;
}

// What the RollingUpdate reads of each replica (statefulset::Replica).
std::vector<statefulset::Replica> Controllers::ReplicasForUpdate(const std::vector<std::optional<size_t>>& replicaPods,
                                                                 const Revision& revision) const {
  std::vector<statefulset::Replica> state;
  for (const std::optional<size_t>& i : replicaPods) {
    statefulset::Replica r;
    if (!i || erase_.count(*i)) {
      // Created in this sync from the new template (newVersionedStatefulSetPod), deleted by
      // it, or still terminating: not available, and nothing to delete.
      r.updated = r.unavailable = true;
    } else {
      const json* meta = Obj(items_[*i], "metadata");
      const json* labels = meta ? Obj(*meta, "labels") : nullptr;
      const json* hash = labels ? io::Member(*labels, "controller-revision-hash") : nullptr;
      r.updated = hash ? hash->is_string() && hash->get<std::string>() == revision.name : !revision.changed;
      r.unavailable = !Available(*i);
      r.terminating = meta && BeingDeleted(*meta);
    }
    state.push_back(r);
  }
  return state;
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
    if (erase_.count(i) || ordinal < 0) continue;
    if (ordinal < start || ordinal >= start + replicas)
      condemned.emplace_back(ordinal, i);
    else
      replicaPods[static_cast<size_t>(ordinal - start)] = i;
  }
  std::sort(condemned.rbegin(), condemned.rend());
  // What processReplica and processCondemned read of each. A replica without a pod whose name
  // is taken (a pod still terminating, SyncContext::terminating, or deleted in this pass) is
  // terminating: not created again yet. A pod force-deleted (SyncContext::gone) is not.
  std::vector<statefulset::PodState> replicaStates, condemnedStates;
  for (size_t k = 0; k < replicaPods.size(); ++k) {
    const std::string name = w.name + "-" + std::to_string(start + static_cast<int64_t>(k));
    statefulset::PodState missing;
    const std::string key = w.ns + "/" + name;
    missing.created = missing.terminating = podNames_.count(key) > 0 && !gone_.count(key);
    replicaStates.push_back(replicaPods[k] ? PodStateOf(*replicaPods[k]) : missing);
  }
  for (const auto& [ordinal, i] : condemned) condemnedStates.push_back(PodStateOf(i));
  const statefulset::Sync sync = statefulset::ProcessPods(replicaStates, condemnedStates, !parallel);
  const std::string range = std::to_string(start) + ".." + std::to_string(start + replicas - 1);
  size_t created = 0;
  int64_t deleted = 0;
  for (const statefulset::Action& a : sync.actions) {
    const int64_t ordinal = a.condemned ? condemned[a.index].first : start + static_cast<int64_t>(a.index);
    const std::optional<size_t> pod = a.condemned ? condemned[a.index].second : replicaPods[a.index];
    if (a.kind == statefulset::Action::Kind::Create) {
      // CreateStatefulPod: the pod, with its claims (createPersistentVolumeClaims), whose owners
      // then follow the retention policy (UpdatePodClaimForRetentionPolicy).
      const std::string name = w.name + "-" + std::to_string(ordinal);
      json made = PodFrom(w, tmpl, name,
                          {{"statefulset.kubernetes.io/pod-name", name},
                           {"apps.kubernetes.io/pod-index", std::to_string(ordinal)},
                           {"controller-revision-hash", revision.name}});
      CreatePersistentVolumeClaims(w, spec, selector, made, ordinal);
      Add(std::move(made), w);
      UpdateClaimOwners(w, spec, policy, items_.size() - 1, ordinal, /*scaledDown=*/false);
      ++created;
    } else if (a.kind == statefulset::Action::Kind::UpdateClaims) {
      // UpdateStatefulPod (a replica) or fixPodClaim (a condemned pod, with whenScaled: Delete,
      // owned by its pod: the garbage collector deletes its claims once it is gone).
      if (pod) UpdateClaimOwners(w, spec, policy, *pod, ordinal, /*scaledDown=*/a.condemned);
    } else {
      const json* podSpec = Obj(items_[*pod], "spec");
      const json* status = Obj(items_[*pod], "status");
      Delete(*pod, w, podSpec ? Str(*podSpec, "nodeName") : "",
             a.condemned
                 ? "ordinal " + std::to_string(ordinal) + " is outside " + range + " (the highest goes first)"
                 : "its phase is " + (status ? Str(*status, "phase") : "") + ": it is created again once it is gone");
      ++deleted;
    }
  }
  if (sync.wait) {
    const std::string pod = w.name + "-" +
                            std::to_string(sync.wait->condemned ? condemned[sync.wait->index].first
                                                                : start + static_cast<int64_t>(sync.wait->index));
    out_.waiting.push_back(SourceOf(w) + ": " + sync.wait->message + " statefulSet=\"" + w.ns + "/" + w.name +
                           "\" pod=\"" + w.ns + "/" + pod + "\"");
  }
  // The RollingUpdate's step, once no replica or condemned pod stopped the sync (OnDelete:
  // nothing; the set being deleted: nothing either).
  if (!sync.stopped && !strategy.onDelete && !w.deleting) {
    const std::vector<statefulset::Replica> state = ReplicasForUpdate(replicaPods, revision);
    std::vector<size_t> update;
    std::string order = "one at a time";
    if (features_.enableMaxUnavailableStatefulSet) {
      const int64_t maxUnavailable =
          statefulset::MaxUnavailable(strategy.maxUnavailable ? &*strategy.maxUnavailable : nullptr, replicas);
      update = statefulset::PodsToUpdate(state, strategy.partition, maxUnavailable, parallel);
      order = "maxUnavailable " + std::to_string(maxUnavailable);
    } else if (const std::optional<size_t> k = statefulset::PodToUpdate(state, strategy.partition)) {
      update.push_back(*k);
    }
    for (size_t k : update) {
      const size_t i = *replicaPods[k];
      const json* podSpec = Obj(items_[i], "spec");
      Delete(i, w, podSpec ? Str(*podSpec, "nodeName") : "",
             "StatefulSet terminating Pod for update: its revision is not " + revision.name +
                 " (the highest ordinal first, " + order + ")");
      ++deleted;
    }
  }
  // OrderedReady made one replica and stopped with more to make: a later sync makes the next
  // one, once this one is Running and Ready.
  const bool more = !parallel && created > 0 && have + static_cast<int64_t>(created) < replicas;
  Note(w, static_cast<int64_t>(created), replicas, have, deleted,
       more ? "OrderedReady: one at a time, the next once this one is Running and Ready" : "");
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
