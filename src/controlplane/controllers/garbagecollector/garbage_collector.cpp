// The garbage collector (pkg/controller/garbagecollector/garbagecollector.go attemptToDeleteItem),
// for the claims only: the member of Controllers (controllers/manager.h) that deletes a
// PersistentVolumeClaim once every owner its ownerReferences name is gone (from the document,
// or deleted by a controller in this pass): a generic ephemeral volume's claim with its pod, a
// StatefulSet's claim with its scaled-down pod under whenScaled: Delete. Other kinds keep
// their dangling references: a document often leaves out the owners of what it holds.
#include <string>
#include <unordered_map>
#include <vector>
#include <nlohmann/json.hpp>

#include "controlplane/controllers/controller_utils.h"
#include "controlplane/controllers/manager.h"
#include "io/json_fields.h"

namespace spreadlab::controlplane {

using io::Str;

void Controllers::CollectGarbage() {
  // The owners that exist: namespace, kind and name -> their uid ("" when none was given).
  std::unordered_map<std::string, std::string> present;
  for (size_t i = 0; i < items_.size(); ++i) {
    const json& it = items_[i];
    const json* meta = it.is_object() ? Obj(it, "metadata") : nullptr;
    if (meta && !erase_.count(i))
      present[OwnerKey(NamespaceOf(*meta), Str(it, "kind"), Str(*meta, "name"))] = Str(*meta, "uid");
  }
  for (size_t i = 0; i < items_.size(); ++i) {
    const json& it = items_[i];
    const json* meta = it.is_object() ? Obj(it, "metadata") : nullptr;
    if (!meta || erase_.count(i) || Str(it, "kind") != "PersistentVolumeClaim") continue;
    auto refs = meta->find("ownerReferences");
    if (refs == meta->end() || !refs->is_array() || refs->empty()) continue;
    const std::string ns = NamespaceOf(*meta);
    std::vector<std::string> gone;
    bool owned = false;
    for (const json& ref : *refs) {
      if (!ref.is_object()) continue;
      auto owner = present.find(OwnerKey(ns, Str(ref, "kind"), Str(ref, "name")));
      // The uids decide when both are known (an owner of the same name made anew is another).
      if (owner != present.end() &&
          (owner->second.empty() || Str(ref, "uid").empty() || owner->second == Str(ref, "uid")))
        owned = true;
      else
        gone.push_back(Str(ref, "kind") + " " + Str(ref, "name"));
    }
    if (owned) continue;
    erase_.insert(i);
    const std::string name = Str(*meta, "name");
    out_.deletedClaims.push_back(ns + "/" + name);
    std::string owners;
    for (const std::string& g : gone) owners += (owners.empty() ? "" : ", ") + g;
    out_.notes.push_back(ItemSource(i) + ": PersistentVolumeClaim " + ns + "/" + name +
                         " deleted by the garbage collector: its owner " + owners + " is gone");
  }
}

}  // namespace spreadlab::controlplane
