#include "controlplane/controllers/controller_utils.h"

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "controlplane/controllers/manager.h"
#include "core/corev1/selectors.h"
#include "core/labels.h"
#include "io/json_fields.h"

namespace spreadlab::controlplane {

using io::Str;

namespace {

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

}  // namespace

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

namespace {

// The string members of an object (what does not read is left out: the reader, which
// reads the same fields later, says why).
v1::LabelMap StringMap(const json* obj) {
  v1::LabelMap m;
  if (obj)
    for (auto it = obj->begin(); it != obj->end(); ++it)
      if (it->is_string()) m[it.key()] = it->get<std::string>();
  return m;
}

}  // namespace

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

Workload Controllers::Describe(size_t i) {
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

const json& Controllers::Spec(const Workload& w) {
  const json* spec = Obj(items_[w.item], "spec");
  if (!spec) throw ControllerError{w.path + ".spec", "Required value"};
  return *spec;
}

int64_t Controllers::Count(const Workload& w, const json& spec, const char* key, int64_t fallback) {
  auto it = spec.find(key);
  if (it == spec.end() || it->is_null()) return fallback;
  if (!it->is_number_integer() && !it->is_number_unsigned())
    throw ControllerError{w.path + ".spec." + key, "expected an integer, got " + it->dump()};
  const int64_t v = it->is_number_unsigned() ? static_cast<int64_t>(std::min<uint64_t>(it->get<uint64_t>(), INT64_MAX))
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
const json& Controllers::Template(const Workload& w, const json& spec, const std::optional<v1::LabelSelector>& selector,
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

// Who controls what, read once (a big dump holds thousands of pods and workloads):
// every object under the owner its controller reference names (metav1.GetControllerOf;
// a reference without controller: true owns nothing), in its namespace; pods by name;
// the objects no controller owns, by namespace and kind, which a selector may adopt.
std::string Controllers::OwnerKey(const std::string& ns, const std::string& kind, const std::string& name) {
  return ns + '\0' + kind + '\0' + name;
}

void Controllers::Index(size_t i) {
  const json& it = items_[i];
  const json* meta = it.is_object() ? Obj(it, "metadata") : nullptr;
  if (!meta) return;
  const std::string ns = NamespaceOf(*meta);
  const std::string kind = Str(it, "kind");
  if (kind == "Pod") podNames_.insert(ns + "/" + Str(*meta, "name"));
  if (kind == "PersistentVolumeClaim") claims_.emplace(ns + "/" + Str(*meta, "name"), i);
  if (const json* ref = ControllerRefOf(*meta))
    owned_[OwnerKey(ns, Str(*ref, "kind"), Str(*ref, "name"))].push_back(i);
  else if (kind == "Pod" || kind == "ReplicaSet")
    orphans_[OwnerKey(ns, kind, "")].push_back(i);
}

// The items of `kind` whose controller reference names `w` (by name: ClaimObjects checks the uid).
std::vector<size_t> Controllers::Owned(const Workload& w, std::string_view kind) const {
  std::vector<size_t> out;
  auto it = owned_.find(OwnerKey(w.ns, w.kind, w.name));
  if (it != owned_.end())
    for (size_t i : it->second)
      if (Str(items_[i], "kind") == kind) out.push_back(i);
  return out;
}

// The controller's side of its references: its apiVersion as written, else its
// controllerKind's group version.
ClaimingController Controllers::Claimer(const Workload& w) {
  std::string apiVersion = w.apiVersion;
  if (apiVersion.empty())
    apiVersion = w.kind == "ReplicationController" ? "v1" : w.kind == "Job" ? "batch/v1" : "apps/v1";
  return {apiVersion, w.kind, w.ns, w.name, w.uid, w.uidGiven, w.deleting};
}

// What `w` controls among the objects of `kind` in its namespace that `listed` keeps
// (its own by their controller reference, then the orphans, each in file order), after
// ClaimObjects adopted and released what its selector says; the index follows, so the
// controllers after it see the patched objects.
std::vector<size_t> Controllers::Claim(const Workload& w, const std::string& kind,
                                       const std::optional<v1::LabelSelector>& selector,
                                       const std::function<bool(size_t)>& listed,
                                       const std::function<bool(const json&)>& filter) {
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
void Controllers::Move(const std::vector<size_t>& items, std::vector<size_t>& from, std::vector<size_t>& to) {
  std::erase_if(from, [&](size_t i) { return std::binary_search(items.begin(), items.end(), i); });
  to.insert(to.end(), items.begin(), items.end());
  std::sort(to.begin(), to.end());
}

// controller.IsPodActive: not finished, not being deleted (nor deleted by a controller
// in this pass); the controllers replace the others.
bool Controllers::Active(size_t i) const {
  if (erase_.count(i)) return false;
  const json& pod = items_[i];
  const json* meta = Obj(pod, "metadata");
  if (meta && BeingDeleted(*meta)) return false;
  const json* status = Obj(pod, "status");
  const std::string phase = status ? Str(*status, "phase") : "";
  return phase != "Succeeded" && phase != "Failed";
}

// The pod the controller makes from its template (controller.GetPodFromTemplate).
json Controllers::PodFrom(const Workload& w, const json& tmpl, const std::string& name,
                          const v1::LabelMap& extraLabels) {
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
void Controllers::Add(json object, const Workload& w) {
  const bool pod = Str(object, "kind") == "Pod";
  items_.push_back(std::move(object));
  Index(items_.size() - 1);
  out_.created.push_back({items_.size() - 1, pod ? SourceOf(w) + ".spec.template" : SourceOf(w), pod});
}

// The controllers' clock: the newest time the scenario's pods hold (a dump's moment),
// none when they hold none (Go's zero time, which ActivePodsWithRanks handles).
std::optional<UnixNanos> Controllers::Now() {
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

void Controllers::Delete(size_t item, const Workload& w, const std::string& nodeName, const std::string& reason) {
  erase_.insert(item);
  const json* meta = Obj(items_[item], "metadata");
  out_.deleted.push_back({w.ns, Str(*meta, "name"), nodeName, WorkloadName(w), reason});
}

// "Deployment/web" for a ReplicaSet a Deployment controls, else "<kind>/<name>".
std::string Controllers::WorkloadName(const Workload& w) const {
  const json* owner = ControllerRefOf(*Obj(items_[w.item], "metadata"));
  return owner && Str(*owner, "kind") == "Deployment" ? "Deployment/" + Str(*owner, "name") : w.kind + "/" + w.name;
}

int64_t Controllers::CountActive(const std::vector<size_t>& pods) const {
  int64_t n = 0;
  for (size_t i : pods) n += Active(i);
  return n;
}

// An object `w` adopted or released (ClaimObjects).
void Controllers::Note(const Workload& w, const char* what, size_t item, const char* why) {
  ++out_.claimed;
  const json& it = items_[item];
  out_.notes.push_back(SourceOf(w) + ": " + w.kind + " " + w.ns + "/" + w.name + " " + what + " " + Str(it, "kind") +
                       " " + w.ns + "/" + Str(*Obj(it, "metadata"), "name") + ": " + why);
}

void Controllers::Note(const Workload& w, int64_t created, int64_t wanted, int64_t have, int64_t deleted,
                       const std::string& why) {
  if (created == 0 && deleted == 0 && have == wanted) return;  // up to date: nothing to tell
  std::string note = SourceOf(w) + ": " + w.kind + " " + w.ns + "/" + w.name + " wants " + std::to_string(wanted) +
                     " pod(s), the scenario has " + std::to_string(have) + ": ";
  if (deleted == 0) {
    note += "created " + std::to_string(created) + (why.empty() ? "" : " (" + why + ")");
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
std::string Controllers::SourceOf(const Workload& w) const { return ItemSource(w.item); }

// Where an item is in the file as written: a created one's source, else its place (the
// items the controllers delete go at the end of the pass, so places are still as written).
std::string Controllers::ItemSource(size_t item) const {
  for (const CreatedObject& c : out_.created)
    if (c.item == item) return c.source;
  return "items[" + std::to_string(item) + "]";
}

}  // namespace spreadlab::controlplane
