#include "controlplane/controllers/controllers.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <unordered_map>

#include "core/corev1/nodeaffinity.h"
#include "core/corev1/selectors.h"
#include "core/corev1/toleration.h"
#include "core/labels.h"
#include "io/json_fields.h"
#include "io/object_reader.h"
#include "controlplane/controllers/deployment/rollout.h"
#include "controlplane/controllers/replicaset/pod_deletion_order.h"

namespace spreadlab::controlplane {

using io::ParseTime;
using io::ReadNodeItem;
using io::ReadPodItem;
using io::Str;

namespace {

using json = nlohmann::ordered_json;

// k8s.io/apimachinery/pkg/util/rand: the alphabet of generated names and hashes.
constexpr std::string_view kAlphanums = "bcdfghjklmnpqrstvwxz2456789";

uint32_t Fnv32a(std::string_view s, uint32_t h = 2166136261u) {
  for (unsigned char c : s) h = (h ^ c) * 16777619u;
  return h;
}

// rand.SafeEncodeString(fmt.Sprint(hash)): how controller.ComputeHash words a hash.
std::string SafeEncode(uint32_t hash) {
  std::string out = std::to_string(hash);
  for (char& c : out) c = kAlphanums[static_cast<unsigned char>(c) % kAlphanums.size()];
  return out;
}

// The template's hash (controller.ComputeHash: FNV-32a of the template, with the
// collision count). Not upstream's digits, which hash Go's printing of the struct.
std::string TemplateHash(const json& tmpl, int64_t collisionCount) {
  uint32_t h = Fnv32a(tmpl.dump(-1, ' ', false, json::error_handler_t::replace));
  if (collisionCount > 0) h = Fnv32a(std::to_string(collisionCount), h);
  return SafeEncode(h);
}

// names.SimpleNameGenerator: base + 5 random alphanumerics; here drawn from a hash of the
// base and a counter, so that the same scenario always gets the same names.
// `podNames` holds namespace/name of every pod (and of those terminating), so that no
// name is given twice.
std::string GeneratedName(const std::string& base, uint32_t n, const std::string& ns,
                          const std::set<std::string>& podNames) {
  for (uint32_t attempt = 0;; ++attempt) {
    uint32_t h = Fnv32a(base + "#" + std::to_string(n) + "#" + std::to_string(attempt));
    std::string suffix;
    for (int i = 0; i < 5; ++i, h /= static_cast<uint32_t>(kAlphanums.size()))
      suffix += kAlphanums[h % kAlphanums.size()];
    if (!podNames.count(ns + "/" + base + suffix)) return base + suffix;
  }
}

const json* Obj(const json& obj, const char* key) {
  auto it = obj.find(key);
  return it != obj.end() && it->is_object() ? &*it : nullptr;
}

// The string members of an object (what does not read is left out: the reader, which
// reads the same fields later, says why).
v1::LabelMap StringMap(const json* obj) {
  v1::LabelMap m;
  if (obj)
    for (auto it = obj->begin(); it != obj->end(); ++it)
      if (it->is_string()) m[it.key()] = it->get<std::string>();
  return m;
}

v1::LabelMap Labels(const json* meta) { return StringMap(meta ? Obj(*meta, "labels") : nullptr); }

// A workload's spec.selector as the core's selector (the reader validates its fields
// later; what does not read here selects nothing).
std::optional<v1::LabelSelector> SelectorOf(const json& spec, bool mapSelector) {
  const json* sel = Obj(spec, "selector");
  if (!sel) return std::nullopt;
  v1::LabelSelector s;
  if (mapSelector) {  // ReplicationController: a plain map
    s.matchLabels = StringMap(sel);
    return s;
  }
  s.matchLabels = StringMap(Obj(*sel, "matchLabels"));
  auto exprs = sel->find("matchExpressions");
  if (exprs != sel->end() && exprs->is_array())
    for (const json& e : *exprs) {
      if (!e.is_object()) continue;
      v1::LabelSelectorRequirement r{Str(e, "key"), Str(e, "operator"), {}};
      auto vals = e.find("values");
      if (vals != e.end() && vals->is_array())
        for (const json& v : *vals)
          if (v.is_string()) r.values.push_back(v.get<std::string>());
      s.matchExpressions.push_back(std::move(r));
    }
  return s;
}

// An object's namespace ("" and none are the default one).
std::string NamespaceOf(const json& meta) {
  std::string ns = Str(meta, "namespace", "default");
  return ns.empty() ? "default" : ns;
}

bool BeingDeleted(const json& meta) {
  auto d = meta.find("deletionTimestamp");
  return d != meta.end() && !d->is_null();
}

// The ownerReference a controller sets on what it creates or adopts (metav1.NewControllerRef).
json ControllerRefTo(const ClaimingController& c) {
  return json{{"apiVersion", c.apiVersion}, {"kind", c.kind}, {"name", c.name}, {"uid", c.uid}, {"controller", true},
              {"blockOwnerDeletion", true}};
}

struct Workload {
  size_t item = 0;
  std::string path, kind, apiVersion, ns, name, uid;
  bool uidGiven = false;  // metadata.uid was given (else uid is spreadlab's own)
  bool deleting = false;  // metadata.deletionTimestamp is set
};

class Controllers {
 public:
  Controllers(json& items, ControllerResult& out, const SyncContext* context)
      : items_(items), out_(out), timePassed_(context && context->timePassed) {
    for (size_t i = 0; i < items_.size(); ++i) Index(i);
    if (context) podNames_.insert(context->terminating.begin(), context->terminating.end());
  }

  void Run() {
    // Deployments sync first (scale their ReplicaSets, a rollout's step), so that each
    // ReplicaSet then runs with its replicas wherever it stands in the file.
    for (size_t i = 0; i < items_.size(); ++i)
      if (items_[i].is_object() && Str(items_[i], "kind") == "Deployment") SyncDeployment(Describe(i));
    // Deployments create ReplicaSets, which are then run in the same pass, in order.
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
  }

 private:
  Workload Describe(size_t i) {
    const json& it = items_[i];
    Workload w;
    w.item = i;
    w.path = "items[" + std::to_string(i) + "]";
    w.kind = Str(it, "kind");
    w.apiVersion = Str(it, "apiVersion");
    const json* meta = Obj(it, "metadata");
    if (!meta || Str(*meta, "name").empty())
      throw ControllerError{w.path + ".metadata.name", "Required value: name is required"};
    w.name = Str(*meta, "name");
    w.ns = NamespaceOf(*meta);
    w.uidGiven = !Str(*meta, "uid").empty();
    w.uid = w.uidGiven ? Str(*meta, "uid") : w.kind + "/" + w.ns + "/" + w.name;
    w.deleting = BeingDeleted(*meta);
    return w;
  }

  const json& Spec(const Workload& w) {
    const json* spec = Obj(items_[w.item], "spec");
    if (!spec) throw ControllerError{w.path + ".spec", "Required value"};
    return *spec;
  }

  int64_t Count(const Workload& w, const json& spec, const char* key, int64_t fallback) {
    auto it = spec.find(key);
    if (it == spec.end() || it->is_null()) return fallback;
    if (!it->is_number_integer() && !it->is_number_unsigned())
      throw ControllerError{w.path + ".spec." + key, "expected an integer, got " + it->dump()};
    const int64_t v = it->is_number_unsigned()
                          ? static_cast<int64_t>(std::min<uint64_t>(it->get<uint64_t>(), INT64_MAX))
                          : it->get<int64_t>();
    if (v < 0)
      throw ControllerError{w.path + ".spec." + key,
                            "Invalid value: " + it->dump() + ": must be greater than or equal to 0"};
    if (v > 100000)
      throw ControllerError{w.path + ".spec." + key,
                            "Invalid value: " + it->dump() + ": spreadlab creates at most 100000 pods per workload"};
    return v;
  }

  // spec.template, whose labels the selector must select (ValidatePodTemplateSpecForReplicaSet & co).
  const json& Template(const Workload& w, const json& spec, const std::optional<v1::LabelSelector>& selector,
                       bool selectorRequired) {
    const json* tmpl = Obj(spec, "template");
    if (!tmpl) throw ControllerError{w.path + ".spec.template", "Required value"};
    if (!selector) {
      if (selectorRequired) throw ControllerError{w.path + ".spec.selector", "Required value"};
      return *tmpl;
    }
    StringPool pool;
    const Selector sel = LabelSelectorAsSelector(selector, pool);
    if (sel.Empty() || !sel.Matches(MakeLabelSet(Labels(Obj(*tmpl, "metadata")), pool), pool))
      throw ControllerError{w.path + ".spec.template.metadata.labels",
                            "Invalid value: `selector` does not match template `labels`"};
    return *tmpl;
  }

  // deployment/util EqualIgnoreHash: two pod templates alike but for pod-template-hash.
  static bool EqualIgnoreHash(json a, json b) {
    for (json* t : {&a, &b})
      if (auto m = t->find("metadata"); m != t->end() && m->is_object())
        if (auto l = m->find("labels"); l != m->end() && l->is_object()) l->erase("pod-template-hash");
    return a == b;
  }

  // Who controls what, read once (a big dump holds thousands of pods and workloads):
  // every object under the owner its controller reference names (metav1.GetControllerOf;
  // a reference without controller: true owns nothing), in its namespace; pods by name;
  // the objects no controller owns, by namespace and kind, which a selector may adopt.
  static std::string OwnerKey(const std::string& ns, const std::string& kind, const std::string& name) {
    return ns + '\0' + kind + '\0' + name;
  }
  void Index(size_t i) {
    const json& it = items_[i];
    const json* meta = it.is_object() ? Obj(it, "metadata") : nullptr;
    if (!meta) return;
    const std::string ns = NamespaceOf(*meta);
    const std::string kind = Str(it, "kind");
    if (kind == "Pod") podNames_.insert(ns + "/" + Str(*meta, "name"));
    if (const json* ref = ControllerRefOf(*meta))
      owned_[OwnerKey(ns, Str(*ref, "kind"), Str(*ref, "name"))].push_back(i);
    else if (kind == "Pod" || kind == "ReplicaSet")
      orphans_[OwnerKey(ns, kind, "")].push_back(i);
  }
  // The items of `kind` whose controller reference names `w` (by name: ClaimObjects checks the uid).
  std::vector<size_t> Owned(const Workload& w, std::string_view kind) const {
    std::vector<size_t> out;
    auto it = owned_.find(OwnerKey(w.ns, w.kind, w.name));
    if (it != owned_.end())
      for (size_t i : it->second)
        if (Str(items_[i], "kind") == kind) out.push_back(i);
    return out;
  }

  // The controller's side of its references: its apiVersion as written, else its
  // controllerKind's group version.
  static ClaimingController Claimer(const Workload& w) {
    std::string apiVersion = w.apiVersion;
    if (apiVersion.empty())
      apiVersion = w.kind == "ReplicationController" ? "v1" : w.kind == "Job" ? "batch/v1" : "apps/v1";
    return {apiVersion, w.kind, w.ns, w.name, w.uid, w.uidGiven, w.deleting};
  }

  // What `w` controls among the objects of `kind` in its namespace that `listed` keeps
  // (its own by their controller reference, then the orphans, each in file order), after
  // ClaimObjects adopted and released what its selector says; the index follows, so the
  // controllers after it see the patched objects.
  std::vector<size_t> Claim(const Workload& w, const std::string& kind,
                            const std::optional<v1::LabelSelector>& selector, const std::function<bool(size_t)>& listed,
                            const std::function<bool(const json&)>& filter = {}) {
    std::vector<size_t> candidates;
    for (size_t i : Owned(w, kind))
      if (listed(i)) candidates.push_back(i);
    std::vector<size_t>& orphans = orphans_[OwnerKey(w.ns, kind, "")];
    for (size_t i : orphans)
      if (listed(i)) candidates.push_back(i);
    std::vector<json*> objects;
    for (size_t i : candidates) objects.push_back(&items_[i]);
    const std::vector<controlplane::Claim> claims = ClaimObjects(objects, Claimer(w), selector, filter);
    std::vector<size_t> claimed, adopted, released;
    for (size_t k = 0; k < candidates.size(); ++k) {
      const size_t i = candidates[k];
      if (claims[k] == controlplane::Claim::Owned || claims[k] == controlplane::Claim::Adopted) claimed.push_back(i);
      if (claims[k] == controlplane::Claim::Adopted) adopted.push_back(i);
      if (claims[k] == controlplane::Claim::Released) released.push_back(i);
    }
    if (adopted.empty() && released.empty()) return claimed;
    std::vector<size_t>& owned = owned_[OwnerKey(w.ns, w.kind, w.name)];
    Move(released, owned, orphans);
    Move(adopted, orphans, owned);
    for (size_t i : adopted) Note(w, "adopted", i, "no controller owns it and its labels match the selector");
    for (size_t i : released) Note(w, "released", i, "its labels no longer match the selector");
    return claimed;
  }
  // Moves `items` (ascending) from one list of the index to another, both kept in file order.
  static void Move(const std::vector<size_t>& items, std::vector<size_t>& from, std::vector<size_t>& to) {
    std::erase_if(from, [&](size_t i) { return std::binary_search(items.begin(), items.end(), i); });
    to.insert(to.end(), items.begin(), items.end());
    std::sort(to.begin(), to.end());
  }

  // controller.IsPodActive: not finished, not being deleted (nor deleted by a controller
  // in this pass); the controllers replace the others.
  bool Active(size_t i) const {
    if (erase_.count(i)) return false;
    const json& pod = items_[i];
    const json* meta = Obj(pod, "metadata");
    if (meta && BeingDeleted(*meta)) return false;
    const json* status = Obj(pod, "status");
    const std::string phase = status ? Str(*status, "phase") : "";
    return phase != "Succeeded" && phase != "Failed";
  }

  // The pod the controller makes from its template (controller.GetPodFromTemplate).
  json PodFrom(const Workload& w, const json& tmpl, const std::string& name, const v1::LabelMap& extraLabels) {
    json pod = {{"apiVersion", "v1"}, {"kind", "Pod"}};
    json meta = json::object();
    if (const json* tm = Obj(tmpl, "metadata")) meta = *tm;
    meta["name"] = name;
    meta["namespace"] = w.ns;
    for (const auto& [k, v] : extraLabels) meta["labels"][k] = v;
    meta["ownerReferences"] = json::array({ControllerRefTo(Claimer(w))});
    pod["metadata"] = std::move(meta);
    pod["spec"] = tmpl.contains("spec") ? tmpl["spec"] : json::object();
    return pod;
  }

  // A created pod's metadata and spec are its workload's template's; a created
  // ReplicaSet has its Deployment's shape.
  void Add(json object, const Workload& w) {
    const bool pod = Str(object, "kind") == "Pod";
    items_.push_back(std::move(object));
    Index(items_.size() - 1);
    out_.created.push_back({items_.size() - 1, pod ? SourceOf(w) + ".spec.template" : SourceOf(w), pod});
  }

  // spec.strategy as the Deployment controller reads it (apps/v1 defaults: RollingUpdate,
  // 25% / 25%); what the API server refuses (ValidateDeploymentStrategy) is an error.
  rollout::Strategy StrategyOf(const Workload& w, const json& spec) {
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
  bool Available(size_t i) const {
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

  rollout::ReplicaSetState StateOf(size_t rs) {
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
  void SyncDeployment(const Workload& w) {
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

  void SetReplicas(const Workload& w, size_t rs, int64_t had, int64_t replicas) {
    if (had == replicas) return;
    items_[rs]["spec"]["replicas"] = replicas;
    out_.notes.push_back(w.path + ": Deployment " + w.ns + "/" + w.name + " scaled ReplicaSet " + w.ns + "/" +
                         Str(*Obj(items_[rs], "metadata"), "name") + " from " + std::to_string(had) + " to " +
                         std::to_string(replicas));
  }

  // Creates the new ReplicaSet SyncDeployment asked for, with its pods next.
  void Deployment(const Workload& w) {
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

  static std::optional<v1::LabelSelector> ReplicaSetSelector(const Workload& w, const json& spec) {
    const bool rc = w.kind == "ReplicationController";
    auto selector = SelectorOf(spec, rc);
    if (rc && (!selector || selector->matchLabels.empty())) {
      // A ReplicationController without a selector selects its template's labels.
      if (const json* t = Obj(spec, "template")) selector = v1::LabelSelector{Labels(Obj(*t, "metadata")), {}};
    }
    return selector;
  }

  // The active pods a ReplicaSet or ReplicationController controls (syncReplicaSet:
  // controller.FilterActivePods, then claimPods): its own that its selector matches and
  // the orphans it adopts.
  std::vector<size_t> ReplicaSetPods(const Workload& w, const json& spec) {
    return Claim(w, "Pod", ReplicaSetSelector(w, spec), [this](size_t i) { return Active(i); });
  }

  void ReplicaSet(const Workload& w) {
    const json& spec = Spec(w);
    const int64_t replicas = Count(w, spec, "replicas", 1);
    const json& tmpl = Template(w, spec, ReplicaSetSelector(w, spec), /*selectorRequired=*/w.kind == "ReplicaSet");
    std::vector<size_t> pods = ReplicaSetPods(w, spec);
    const int64_t have = static_cast<int64_t>(pods.size());
    if (have > replicas) {
      Note(w, 0, replicas, have, DeleteRanked(w, std::move(pods), replicas));
      return;
    }
    Create(w, replicas, have,
           [&](uint32_t n) { return PodFrom(w, tmpl, GeneratedName(w.name + "-", n, w.ns, podNames_), {}); });
  }

  // replicaset manageReplicas scaling down: at most burstReplicas (500) per sync, each
  // batch the first of getPodsToDelete's order, ranked afresh.
  int64_t DeleteRanked(const Workload& w, std::vector<size_t> pods, int64_t replicas) {
    constexpr int64_t kBurstReplicas = 500;
    int64_t deleted = 0;
    for (int64_t excess = static_cast<int64_t>(pods.size()) - replicas; excess > 0;) {
      const size_t diff = static_cast<size_t>(std::min(excess, kBurstReplicas));
      std::vector<DeletionCandidate> candidates;
      for (size_t i : pods) candidates.push_back(ReadDeletionCandidate(items_[i]));
      const std::vector<size_t> order = PodsToDelete(candidates, RelatedPods(w), diff, Now());
      const std::vector<size_t> staying(order.begin() + static_cast<std::ptrdiff_t>(diff), order.end());
      for (size_t d = 0; d < diff; ++d)
        Delete(pods[order[d]], w, candidates[order[d]].nodeName, DeletionReason(candidates, order[d], staying, Now()));
      std::vector<size_t> keptIndex = staying;  // in file order again: ties go by it
      std::sort(keptIndex.begin(), keptIndex.end());
      std::vector<size_t> kept;
      for (size_t k : keptIndex) kept.push_back(pods[k]);
      pods = std::move(kept);
      excess -= static_cast<int64_t>(diff);
      deleted += static_cast<int64_t>(diff);
    }
    return deleted;
  }

  // getIndirectlyRelatedPods: the pods selected by every ReplicaSet that has this one's
  // controller (a Deployment's revisions), each once. A ReplicaSet that no one controls
  // has none.
  std::vector<DeletionCandidate> RelatedPods(const Workload& w) const {
    std::vector<DeletionCandidate> out;
    const json* owner = ControllerRefOf(*Obj(items_[w.item], "metadata"));
    if (!owner) return out;
    auto siblings = owned_.find(OwnerKey(w.ns, Str(*owner, "kind"), Str(*owner, "name")));
    if (siblings == owned_.end()) return out;
    StringPool pool;
    std::vector<Selector> selectors;
    for (size_t i : siblings->second)
      if (Str(items_[i], "kind") == w.kind)
        if (const json* spec = Obj(items_[i], "spec"))
          selectors.push_back(LabelSelectorAsSelector(SelectorOf(*spec, w.kind == "ReplicationController"), pool));
    for (size_t i = 0; i < items_.size(); ++i) {
      const json& it = items_[i];
      if (!it.is_object() || Str(it, "kind") != "Pod") continue;
      const json* pmeta = Obj(it, "metadata");
      if (!pmeta || Str(*pmeta, "namespace", "default") != w.ns) continue;
      const LabelSet labels = MakeLabelSet(Labels(pmeta), pool);
      for (const Selector& sel : selectors)
        if (!sel.Empty() && sel.Matches(labels, pool)) {
          out.push_back(ReadDeletionCandidate(it));
          out.back().active = Active(i);
          break;
        }
    }
    return out;
  }

  // The controllers' clock: the newest time the scenario's pods hold (a dump's moment),
  // none when they hold none (Go's zero time, which ActivePodsWithRanks handles).
  std::optional<UnixNanos> Now() {
    if (!nowRead_) {
      for (const json& it : items_)
        if (it.is_object() && Str(it, "kind") == "Pod") {
          const DeletionCandidate c = ReadDeletionCandidate(it);
          for (const auto& t : {c.created, c.readySince})
            if (t && (!now_ || *t > *now_)) now_ = t;
        }
      nowRead_ = true;
    }
    return now_;
  }

  void Delete(size_t item, const Workload& w, const std::string& nodeName, const std::string& reason) {
    erase_.insert(item);
    const json* meta = Obj(items_[item], "metadata");
    out_.deleted.push_back({w.ns, Str(*meta, "name"), nodeName, WorkloadName(w), reason});
  }

  // "Deployment/web" for a ReplicaSet a Deployment controls, else "<kind>/<name>".
  std::string WorkloadName(const Workload& w) const {
    const json* owner = ControllerRefOf(*Obj(items_[w.item], "metadata"));
    return owner && Str(*owner, "kind") == "Deployment" ? "Deployment/" + Str(*owner, "name") : w.kind + "/" + w.name;
  }

  void StatefulSet(const Workload& w) {
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
      Add(PodFrom(w, tmpl, name,
                  {{"statefulset.kubernetes.io/pod-name", name},
                   {"apps.kubernetes.io/pod-index", std::to_string(ordinal)},
                   {"controller-revision-hash", revision}}),
          w);
      ++created;
    }
    Note(w, static_cast<int64_t>(created), replicas, have, static_cast<int64_t>(condemned.size()));
  }

  // getParentName: the name before its last '-' when digits follow it to the end, else "".
  static std::string ParentName(const std::string& name) {
    const size_t dash = name.rfind('-');
    if (dash == std::string::npos || dash + 1 == name.size()) return "";
    for (size_t i = dash + 1; i < name.size(); ++i)
      if (name[i] < '0' || name[i] > '9') return "";
    return name.substr(0, dash);
  }

  // getParentNameAndOrdinal: the number after the name's last '-', or -1.
  static int64_t Ordinal(const std::string& name) {
    const size_t dash = name.rfind('-');
    if (dash == std::string::npos || dash + 1 == name.size() || name.size() - dash > 11) return -1;
    int64_t n = 0;
    for (size_t i = dash + 1; i < name.size(); ++i) {
      if (name[i] < '0' || name[i] > '9') return -1;
      n = n * 10 + (name[i] - '0');
    }
    return n <= INT32_MAX ? n : -1;
  }

  void Job(const Workload& w) {
    const json& spec = Spec(w);
    const int64_t parallelism = Count(w, spec, "parallelism", 1);
    const bool hasCompletions = spec.contains("completions") && !spec["completions"].is_null();
    const int64_t completions = hasCompletions ? Count(w, spec, "completions", 1) : parallelism;
    int64_t succeeded = 0;
    if (const json* st = Obj(items_[w.item], "status"))
      if (auto s = st->find("succeeded"); s != st->end() && s->is_number_integer()) succeeded = s->get<int64_t>();
    const int64_t wanted = std::max<int64_t>(0, std::min(parallelism, completions - succeeded));
    // The Job controller's selector is its own (controller-uid); the template keeps its labels.
    const json& tmpl = Template(w, spec, std::nullopt, /*selectorRequired=*/false);
    const bool indexed = Str(spec, "completionMode") == "Indexed";
    const v1::LabelMap labels = {{"batch.kubernetes.io/controller-uid", w.uid},
                                 {"batch.kubernetes.io/job-name", w.name},
                                 {"controller-uid", w.uid},
                                 {"job-name", w.name}};
    // getPodsForJob: ClaimPods with the selector the API server gives a Job (its controller-uid label).
    const v1::LabelSelector selector{{{"batch.kubernetes.io/controller-uid", w.uid}}, {}};
    const int64_t have = CountActive(Claim(w, "Pod", selector, [](size_t) { return true; }));
    Create(w, wanted, have, [&](uint32_t n) {
      if (!indexed) return PodFrom(w, tmpl, GeneratedName(w.name + "-", n, w.ns, podNames_), labels);
      v1::LabelMap l = labels;
      l["batch.kubernetes.io/job-completion-index"] = std::to_string(n);
      json pod = PodFrom(w, tmpl, GeneratedName(w.name + "-" + std::to_string(n) + "-", n, w.ns, podNames_), l);
      pod["metadata"]["annotations"]["batch.kubernetes.io/job-completion-index"] = std::to_string(n);
      return pod;
    });
  }

  // One pod per node the DaemonSet should run on (daemon_controller.go
  // NodeShouldRunDaemonPod: the template's nodeName, required node affinity and
  // nodeSelector, and NoSchedule/NoExecute taints against its tolerations plus those the
  // controller adds), pinned to it by the metadata.name node-affinity term.
  void DaemonSet(const Workload& w) {
    const json& spec = Spec(w);
    const auto selector = SelectorOf(spec, false);
    const json& tmpl = Template(w, spec, selector, /*selectorRequired=*/true);
    json podJson = PodFrom(w, tmpl, w.name, {});
    v1::Pod pod = ReadPodItem(podJson, w.path + ".spec.template");  // errors as the template's
    AddDaemonTolerations(pod.spec.tolerations);
    StringPool pool;
    const RequiredNodeAffinity affinity = GetRequiredNodeAffinity(pod, pool);
    std::vector<Toleration> tolerations;
    for (const auto& t : pod.spec.tolerations) tolerations.push_back(CompileToleration(t, pool));
    // The nodes it already has a pod on, or pinned to (getDaemonPods: ClaimPods).
    std::set<std::string> placed;
    for (size_t i : Claim(w, "Pod", selector, [](size_t) { return true; }))
      if (const json* podSpec = Obj(items_[i], "spec")) {
        placed.insert(Str(*podSpec, "nodeName"));
        placed.insert(PinnedTo(*podSpec));
      }
    int64_t wanted = 0, have = 0, created = 0;
    for (const auto& [i, node] : Nodes()) {
      if (!pod.spec.nodeName.empty() && pod.spec.nodeName != node.metadata.name) continue;
      const LabelSet labels = MakeLabelSet(node.metadata.labels, pool);
      if (!affinity.Match(NodeView{labels, pool.Intern(node.metadata.name)}, pool)) continue;
      std::vector<Taint> taints;
      for (const auto& t : node.taints) taints.push_back(CompileTaint(t, pool));
      if (FindUntoleratedDoNotScheduleTaint(taints, tolerations) >= 0) continue;
      ++wanted;
      if (placed.count(node.metadata.name)) {
        ++have;
        continue;
      }
      json p = PodFrom(w, tmpl, GeneratedName(w.name + "-", static_cast<uint32_t>(i), w.ns, podNames_), {});
      PinToNode(p["spec"], node.metadata.name);
      Add(std::move(p), w);
      ++created;
    }
    Note(w, created, wanted, have);
  }

  // util.AddOrUpdateDaemonPodTolerations (hostNetwork's network-unavailable one aside:
  // the scenario does not model hostNetwork).
  static std::vector<v1::Toleration> DaemonTolerations() {
    return {{"node.kubernetes.io/not-ready", "Exists", "", "NoExecute", std::nullopt},
            {"node.kubernetes.io/unreachable", "Exists", "", "NoExecute", std::nullopt},
            {"node.kubernetes.io/disk-pressure", "Exists", "", "NoSchedule", std::nullopt},
            {"node.kubernetes.io/memory-pressure", "Exists", "", "NoSchedule", std::nullopt},
            {"node.kubernetes.io/pid-pressure", "Exists", "", "NoSchedule", std::nullopt},
            {"node.kubernetes.io/unschedulable", "Exists", "", "NoSchedule", std::nullopt}};
  }
  static void AddDaemonTolerations(std::vector<v1::Toleration>& tols) {
    for (const auto& t : DaemonTolerations()) tols.push_back(t);
  }

  // The created pod: util.ReplaceDaemonSetPodNodeNameNodeAffinity (every required term
  // replaced by the one naming the node) and the controller's tolerations.
  static void PinToNode(json& spec, const std::string& node) {
    json term = {{"matchFields",
                  json::array({json{{"key", "metadata.name"}, {"operator", "In"}, {"values", json::array({node})}}})}};
    spec["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"] =
        json{{"nodeSelectorTerms", json::array({std::move(term)})}};
    json& tols = spec["tolerations"];
    if (!tols.is_array()) tols = json::array();
    for (const auto& t : DaemonTolerations()) {
      bool present = false;
      for (const json& e : tols) present |= e.is_object() && Str(e, "key") == t.key && Str(e, "effect") == t.effect;
      if (!present) tols.push_back(json{{"key", t.key}, {"operator", t.op}, {"effect", t.effect}});
    }
  }

  // The scenario's nodes with their item index, read by the reader's own function once.
  const std::vector<std::pair<size_t, v1::Node>>& Nodes() {
    if (!nodesRead_) {
      for (size_t i = 0; i < items_.size(); ++i)
        if (items_[i].is_object() && Str(items_[i], "kind") == "Node")
          nodes_.emplace_back(i, ReadNodeItem(items_[i], "items[" + std::to_string(i) + "]"));
      nodesRead_ = true;
    }
    return nodes_;
  }

  // The node a pending daemon pod is pinned to: its one required term's metadata.name.
  static std::string PinnedTo(const json& spec) {
    const json* na = Obj(spec, "affinity") ? Obj(*Obj(spec, "affinity"), "nodeAffinity") : nullptr;
    const json* req = na ? Obj(*na, "requiredDuringSchedulingIgnoredDuringExecution") : nullptr;
    auto terms = req ? req->find("nodeSelectorTerms") : json::const_iterator();
    if (!req || terms == req->end() || !terms->is_array() || terms->size() != 1 || !(*terms)[0].is_object()) return "";
    auto fields = (*terms)[0].find("matchFields");
    if (fields == (*terms)[0].end() || !fields->is_array()) return "";
    for (const json& f : *fields) {
      auto values = f.is_object() ? f.find("values") : f.end();
      if (f.is_object() && Str(f, "key") == "metadata.name" && values != f.end() && values->is_array() &&
          values->size() == 1 && (*values)[0].is_string())
        return (*values)[0].get<std::string>();
    }
    return "";
  }

  int64_t CountActive(const std::vector<size_t>& pods) const {
    int64_t n = 0;
    for (size_t i : pods) n += Active(i);
    return n;
  }

  // Pods number have .. wanted - 1, made by `make(number)`.
  template <class Make>
  void Create(const Workload& w, int64_t wanted, int64_t have, const Make& make) {
    int64_t created = 0;
    for (int64_t n = have; n < wanted; ++n, ++created) Add(make(static_cast<uint32_t>(n)), w);
    Note(w, created, wanted, have);
  }

  // An object `w` adopted or released (ClaimObjects).
  void Note(const Workload& w, const char* what, size_t item, const char* why) {
    ++out_.claimed;
    const json& it = items_[item];
    out_.notes.push_back(SourceOf(w) + ": " + w.kind + " " + w.ns + "/" + w.name + " " + what + " " + Str(it, "kind") +
                         " " + w.ns + "/" + Str(*Obj(it, "metadata"), "name") + ": " + why);
  }

  void Note(const Workload& w, int64_t created, int64_t wanted, int64_t have, int64_t deleted = 0) {
    if (created == 0 && deleted == 0 && have == wanted) return;  // up to date: nothing to tell
    std::string note = SourceOf(w) + ": " + w.kind + " " + w.ns + "/" + w.name + " wants " + std::to_string(wanted) +
                       " pod(s), the scenario has " + std::to_string(have) + ": ";
    if (deleted == 0) {
      note += "created " + std::to_string(created);
    } else {
      note += "deleted " + std::to_string(deleted);
      for (size_t k = out_.deleted.size() - static_cast<size_t>(deleted); k < out_.deleted.size(); ++k) {
        const DeletedPod& d = out_.deleted[k];
        note += (k + static_cast<size_t>(deleted) == out_.deleted.size() ? " (" : ", ") + d.name + " on " +
                (d.nodeName.empty() ? std::string("no node") : d.nodeName) + ": " + d.reason;
      }
      note += ")";
    }
    out_.notes.push_back(note);
  }

  // Where a workload is in the file as written: a ReplicaSet a Deployment created has no
  // place there, its Deployment's stands for it.
  std::string SourceOf(const Workload& w) const {
    for (const CreatedObject& c : out_.created)
      if (c.item == w.item) return c.source;
    return w.path;
  }

  json& items_;
  ControllerResult& out_;
  std::set<std::string> podNames_;                              // namespace/name of every pod
  std::unordered_map<std::string, std::vector<size_t>> owned_;  // OwnerKey -> the items it owns
  std::unordered_map<std::string, std::vector<size_t>>
      orphans_;                                     // OwnerKey(ns, kind, "") -> pods and ReplicaSets no controller owns
  std::vector<std::pair<size_t, v1::Node>> nodes_;  // Nodes(), read on first use
  bool nodesRead_ = false;
  std::set<size_t> ranByDeployment_;                   // ReplicaSets already run by the Deployment that created them
  std::unordered_map<size_t, int64_t> newReplicaSet_;  // Deployment item -> the replicas of the ReplicaSet it creates
  bool timePassed_ = false;                            // SyncContext::timePassed
  std::set<size_t> erase_;                             // the pods the controllers deleted
  std::optional<UnixNanos> now_;                       // Now(), read on first use
  bool nowRead_ = false;

 public:
  const std::set<size_t>& erased() const { return erase_; }
};

}  // namespace

bool IsWorkloadKind(std::string_view kind) {
  return kind == "Deployment" || kind == "ReplicaSet" || kind == "ReplicationController" || kind == "StatefulSet" ||
         kind == "Job" || kind == "DaemonSet";
}

bool HasWorkloads(const json& doc) {
  if (!doc.is_object()) return false;
  if (IsWorkloadKind(Str(doc, "kind"))) return true;
  auto items = doc.find("items");
  return items != doc.end() && items->is_array() && std::any_of(items->begin(), items->end(), [](const json& it) {
           return it.is_object() && IsWorkloadKind(Str(it, "kind"));
         });
}

const json* ControllerRefOf(const json& meta) {
  if (auto refs = meta.find("ownerReferences"); refs != meta.end() && refs->is_array())
    for (const json& r : *refs)
      if (r.is_object() && r.value("controller", false) == true) return &r;
  return nullptr;
}

namespace {

// Whether a controller reference names `c` (upstream compares uids; a scenario's
// objects may have none, so the kind and name, and the uid when both have one).
bool NamesController(const json& ref, const json& meta, const ClaimingController& c) {
  if (Str(ref, "kind") != c.kind || Str(ref, "name") != c.name) return false;
  if (!c.ns.empty() && NamespaceOf(meta) != c.ns) return false;  // a reference names its own namespace's object
  const std::string uid = Str(ref, "uid");
  return !c.uidGiven || uid.empty() || c.uid.empty() || uid == c.uid;
}

// The object after ReleasePod's patch ({"ownerReferences":[{"$patch":"delete","uid":...}]},
// a strategic merge keyed by uid): the controller reference, and any other with its uid, gone.
void Release(json& meta, const json& ref) {
  const std::string uid = Str(ref, "uid");
  json kept = json::array();  // `ref` is in the array it replaces
  for (const json& r : meta["ownerReferences"])
    if (&r != &ref && (uid.empty() || !r.is_object() || Str(r, "uid") != uid)) kept.push_back(r);
  if (kept.empty())
    meta.erase("ownerReferences");
  else
    meta["ownerReferences"] = std::move(kept);
}

// The object after AdoptPod's patch (the controller reference, merged by uid into the
// reference with the same uid if there is one, else appended).
void Adopt(json& meta, const ClaimingController& c) {
  const json ref = ControllerRefTo(c);
  json& refs = meta["ownerReferences"];
  if (!refs.is_array()) refs = json::array();
  for (json& r : refs)
    if (r.is_object() && !c.uid.empty() && Str(r, "uid") == c.uid) {
      for (auto it = ref.begin(); it != ref.end(); ++it) r[it.key()] = it.value();
      return;
    }
  refs.push_back(ref);
}

// BaseControllerRefManager.ClaimObject, `match` being the selector's and filters' answer.
Claim ClaimObject(json& meta, bool match, const ClaimingController& c) {
  if (const json* ref = ControllerRefOf(meta)) {
    if (!NamesController(*ref, meta, c)) return Claim::Ignored;  // owned by someone else
    if (match) return Claim::Owned;         // claimed even while the controller is being deleted: that takes no action
    if (c.deleting) return Claim::Ignored;  // a controller being deleted releases nothing
    Release(meta, *ref);
    return Claim::Released;
  }
  // An orphan: adopted unless the controller or the object is being deleted, or it is in
  // another namespace than a namespaced controller's.
  if (c.deleting || !match || BeingDeleted(meta) || (!c.ns.empty() && NamespaceOf(meta) != c.ns)) return Claim::Ignored;
  Adopt(meta, c);
  return Claim::Adopted;
}

}  // namespace

std::vector<Claim> ClaimObjects(const std::vector<json*>& objects, const ClaimingController& c,
                                const std::optional<v1::LabelSelector>& selector,
                                const std::function<bool(const json&)>& filter) {
  StringPool pool;
  const Selector sel = LabelSelectorAsSelector(selector, pool);
  std::vector<Claim> out;
  for (json* obj : objects) {
    auto meta = obj->is_object() ? obj->find("metadata") : obj->end();
    if (meta == obj->end() || !meta->is_object()) {
      out.push_back(Claim::Ignored);
      continue;
    }
    // ClaimPods' match: the selector first, so that filters only see pods it matches.
    const bool match = sel.Matches(MakeLabelSet(Labels(&*meta), pool), pool) && (!filter || filter(*obj));
    out.push_back(ClaimObject(*meta, match, c));
  }
  return out;
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
  if (items == doc.end() || !items->is_array() || !HasWorkloads(doc)) return;
  Controllers controllers(*items, out, context);
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
