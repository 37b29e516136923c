// The Deployment controller (pkg/controller/deployment: deployment_controller.go
// syncDeployment, sync.go, rolling.go and recreate.go through deployment/rollout.h,
// util/deployment_util.go): the members of Controllers (controllers/manager.h) that sync
// a Deployment's ReplicaSets and create its new one.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "controlplane/controllers/controller_utils.h"
#include "controlplane/controllers/manager.h"
#include "io/json_fields.h"
#include "io/metav1_time.h"

namespace spreadlab::controlplane {

using io::ParseTime;
using io::Str;

// deployment/util EqualIgnoreHash: two pod templates alike but for pod-template-hash.
bool Controllers::EqualIgnoreHash(json a, json b) {
  for (json* t : {&a, &b})
    if (auto m = t->find("metadata"); m != t->end() && m->is_object())
      if (auto l = m->find("labels"); l != m->end() && l->is_object()) l->erase("pod-template-hash");
  return a == b;
}

// spec.strategy as the Deployment controller reads it (apps/v1 defaults: RollingUpdate,
// 25% / 25%); what the API server refuses (ValidateDeploymentStrategy) is an error.
rollout::Strategy Controllers::StrategyOf(const Workload& w, const json& spec) {
  rollout::Strategy s;
  const json* strategy = Obj(spec, "strategy");
  if (!strategy) return s;
  const std::string type = Str(*strategy, "type", "RollingUpdate");
  const std::string path = w.path + ".spec.strategy";
  if (type != "RollingUpdate" && type != "Recreate")
    throw ControllerError{path + ".type",
                          "Unsupported value: \"" + type + "\": supported values: \"Recreate\", \"RollingUpdate\""};
  s.recreate = type == "Recreate";
  const json* rolling = Obj(*strategy, "rollingUpdate");
  if (!rolling) return s;
  if (s.recreate)
    throw ControllerError{path + ".rollingUpdate",
                          "Forbidden: may not be specified when strategy `type` is 'Recreate'"};
  for (auto [key, field] : {std::pair{"maxSurge", &s.maxSurge}, std::pair{"maxUnavailable", &s.maxUnavailable}}) {
    auto v = rolling->find(key);
    if (v == rolling->end() || v->is_null()) continue;
    const std::string text = v->is_string() ? v->get<std::string>() : v->dump();
    if (v->is_number_integer() && v->get<int64_t>() < 0)
      throw ControllerError{path + ".rollingUpdate." + key,
                            "Invalid value: " + text + ": must be greater than or equal to 0"};
    if ((!v->is_string() && !v->is_number_integer()) || !rollout::ParseIntOrPercent(text, *field) ||
        (v->is_string() && !field->percent))
      throw ControllerError{path + ".rollingUpdate." + key,
                            "Invalid value: " + v->dump() +
                                ": a valid percent string must be a numeric string followed by an ending '%' "
                                "(e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')"};
  }
  if (s.maxUnavailable.percent && s.maxUnavailable.value > 100)
    throw ControllerError{
        path + ".rollingUpdate.maxUnavailable",
        "Invalid value: \"" + std::to_string(s.maxUnavailable.value) + "%\": must not be greater than 100%"};
  if (s.maxSurge.value == 0 && s.maxUnavailable.value == 0)
    throw ControllerError{path + ".rollingUpdate.maxUnavailable",
                          "Invalid value: 0: may not be 0 when `maxSurge` is 0"};
  return s;
}

// A pod that counts in a ReplicaSet's status.availableReplicas: active, scheduled, and
// not reported unready (a pod made here starts as soon as it is bound; minReadySeconds
// is not simulated).
bool Controllers::Available(size_t i) const {
  if (!Active(i)) return false;
  const json* spec = Obj(items_[i], "spec");
  if (!spec || Str(*spec, "nodeName").empty()) return false;
  const json* status = Obj(items_[i], "status");
  auto conds = status ? status->find("conditions") : json::const_iterator{};
  if (status && conds != status->end() && conds->is_array())
    for (const json& c : *conds)
      if (c.is_object() && Str(c, "type") == "Ready") return Str(c, "status") == "True";
  return true;
}

rollout::ReplicaSetState Controllers::StateOf(size_t rs) {
  const Workload w = Describe(rs);
  rollout::ReplicaSetState state;
  state.replicas = Count(w, Spec(w), "replicas", 1);
  for (size_t i : ReplicaSetPods(w, Spec(w))) {
    ++state.pods;
    state.available += Available(i) ? 1 : 0;
  }
  return state;
}

// One sync of the Deployment controller (deployment_controller.go syncDeployment, with
// rolling.go / recreate.go through controlplane/controllers/deployment/rollout.h): the replicas of its
// ReplicaSets, and of the new one it creates (Deployment() makes it, in file order).
void Controllers::SyncDeployment(const Workload& w) {
  const json& spec = Spec(w);
  const int64_t replicas = Count(w, spec, "replicas", 1);
  const rollout::Strategy strategy = StrategyOf(w, spec);
  const auto selector = SelectorOf(spec, false);
  const json& tmpl = Template(w, spec, selector, /*selectorRequired=*/true);
  // deployment/util FindNewReplicaSet: a ReplicaSet it controls (getReplicaSetsForDeployment:
  // ClaimReplicaSets) whose template is the Deployment's but for the pod-template-hash
  // label; the others are old revisions, oldest first
  // (controller.ReplicaSetsByCreationTimestamp: then by name).
  std::optional<size_t> current;
  std::vector<size_t> old;
  for (size_t i : Claim(w, "ReplicaSet", selector, [](size_t) { return true; })) {
    replicaSetsOf_[w.item].push_back(i);
    ranByDeployment_.insert(i);
    const json* rsTemplate = Obj(Spec(Describe(i)), "template");
    if (!current && rsTemplate && EqualIgnoreHash(*rsTemplate, tmpl))
      current = i;
    else
      old.push_back(i);
  }
  auto created = [&](size_t i) {
    const json* meta = Obj(items_[i], "metadata");
    return std::pair{ParseTime(Str(*meta, "creationTimestamp")), Str(*meta, "name")};
  };
  std::stable_sort(old.begin(), old.end(), [&](size_t a, size_t b) { return created(a) < created(b); });
  std::optional<rollout::ReplicaSetState> newState;
  if (current) newState = StateOf(*current);
  std::vector<rollout::ReplicaSetState> oldStates;
  for (size_t i : old) oldStates.push_back(StateOf(i));
  // Mid-rollout, the next step waits for time to pass (pods to become available).
  const bool rolling =
      current && std::any_of(oldStates.begin(), oldStates.end(), [](const auto& rs) { return rs.replicas > 0; });
  if (rolling && !timePassed_) return;
  const rollout::SyncResult next = rollout::Sync(replicas, strategy, newState, oldStates);
  for (size_t k = 0; k < old.size(); ++k) SetReplicas(w, old[k], oldStates[k].replicas, next.oldReplicas[k]);
  if (current && next.newReplicas) SetReplicas(w, *current, newState->replicas, *next.newReplicas);
  if (!current && next.newReplicas) newReplicaSet_[w.item] = *next.newReplicas;
}

void Controllers::SetReplicas(const Workload& w, size_t rs, int64_t had, int64_t replicas) {
  if (had == replicas) return;
  items_[rs]["spec"]["replicas"] = replicas;
  out_.notes.push_back(w.path + ": Deployment " + w.ns + "/" + w.name + " scaled ReplicaSet " + w.ns + "/" +
                       Str(*Obj(items_[rs], "metadata"), "name") + " from " + std::to_string(had) + " to " +
                       std::to_string(replicas));
}

// Runs the ReplicaSets the Deployment controls, then creates the new one SyncDeployment
// asked for, with its pods next: a Deployment's pods come at its place in the file, whatever
// the place of its ReplicaSets (a rollout's new one is at the end).
void Controllers::Deployment(const Workload& w) {
  if (auto owned = replicaSetsOf_.find(w.item); owned != replicaSetsOf_.end()) {
    std::sort(owned->second.begin(), owned->second.end());  // Claim lists the owned before the adopted
    for (size_t i : owned->second) ReplicaSet(Describe(i));
  }
  auto wanted = newReplicaSet_.find(w.item);
  if (wanted == newReplicaSet_.end()) return;
  const int64_t replicas = wanted->second;
  const json& spec = Spec(w);
  const json& tmpl = Template(w, spec, SelectorOf(spec, false), /*selectorRequired=*/true);
  int64_t collisions = 0;
  if (const json* st = Obj(items_[w.item], "status"))
    if (auto c = st->find("collisionCount"); c != st->end() && c->is_number_integer()) collisions = c->get<int64_t>();
  const std::string hash = TemplateHash(tmpl, collisions);
  json rsTemplate = tmpl;
  rsTemplate["metadata"]["labels"]["pod-template-hash"] = hash;
  json rsSelector = spec["selector"];
  rsSelector["matchLabels"]["pod-template-hash"] = hash;
  json rsMeta = {{"name", w.name + "-" + hash}, {"namespace", w.ns}, {"labels", rsTemplate["metadata"]["labels"]}};
  rsMeta["ownerReferences"] = json::array({ControllerRefTo(Claimer(w))});
  json rs = {
      {"apiVersion", "apps/v1"},
      {"kind", "ReplicaSet"},
      {"metadata", std::move(rsMeta)},
      {"spec", {{"replicas", replicas}, {"selector", std::move(rsSelector)}, {"template", std::move(rsTemplate)}}}};
  Add(std::move(rs), w);
  out_.notes.push_back(w.path + ": Deployment " + w.ns + "/" + w.name + " created ReplicaSet " + w.ns + "/" + w.name +
                       "-" + hash);
  // Its pods next, before the controllers of the items that follow the Deployment.
  ranByDeployment_.insert(items_.size() - 1);
  ReplicaSet(Describe(items_.size() - 1));
}

}  // namespace spreadlab::controlplane
