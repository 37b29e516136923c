#include "controlplane/controllers/controller_ref_manager.h"

#include <nlohmann/json.hpp>

#include "controlplane/controllers/controller_utils.h"
#include "core/corev1/selectors.h"
#include "core/labels.h"
#include "io/json_fields.h"

namespace spreadlab::controlplane {

using io::Str;

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

}  // namespace spreadlab::controlplane
