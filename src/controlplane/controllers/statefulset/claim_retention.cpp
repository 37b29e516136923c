#include "controlplane/controllers/statefulset/claim_retention.h"

#include <nlohmann/json.hpp>

#include "controlplane/controllers/controller_utils.h"
#include "io/json_fields.h"

namespace spreadlab::controlplane::statefulset {

namespace {

using io::Str;

const json& Refs(const ClaimOwners& c) {
  static const json kNone = json::array();
  return c.refs.is_array() ? c.refs : kNone;
}

bool IsControllerRef(const json& ref) {
  auto it = ref.find("controller");
  return it != ref.end() && it->is_boolean() && it->get<bool>();
}

// matchesRef: the same name and group version kind.
bool MatchesRef(const json& ref, const ClaimingController& obj) {
  return ref.is_object() && Str(ref, "apiVersion") == obj.apiVersion && Str(ref, "kind") == obj.kind &&
         Str(ref, "name") == obj.name;
}

// hasOwnerRef: a reference of the owner's uid, controller or not.
bool HasOwnerRef(const ClaimOwners& c, const ClaimingController& owner) {
  for (const json& ref : Refs(c))
    if (ref.is_object() && Str(ref, "uid") == owner.uid) return true;
  return false;
}

// hasStaleOwnerRef: the first reference that matches the object has another uid.
bool HasStaleOwnerRef(const ClaimOwners& c, const ClaimingController& obj) {
  for (const json& ref : Refs(c))
    if (MatchesRef(ref, obj)) return Str(ref, "uid") != obj.uid;
  return false;
}

bool RetainsBoth(const RetentionPolicy& p) {
  return p.whenScaled == Retention::Retain && p.whenDeleted == Retention::Retain;
}

// hasUnexpectedController: with a policy that deletes, a controller other than the set or the
// pod (or the set's or pod's name with another uid: they were orphaned).
bool HasUnexpectedController(const ClaimOwners& c, const RetentionPolicy& policy) {
  if (RetainsBoth(policy)) return false;
  for (const json& ref : Refs(c)) {
    if (!ref.is_object()) continue;
    if (MatchesRef(ref, c.set)) {
      if (Str(ref, "uid") != c.set.uid) return true;
      continue;
    }
    if (MatchesRef(ref, c.pod)) {
      if (Str(ref, "uid") != c.pod.uid) return true;
      continue;
    }
    if (IsControllerRef(ref)) return true;
  }
  return false;
}

// hasNonControllerOwner: the set or the pod owns the claim without controlling it.
bool HasNonControllerOwner(const ClaimOwners& c) {
  for (const json& ref : Refs(c))
    if (ref.is_object() && (Str(ref, "uid") == c.set.uid || Str(ref, "uid") == c.pod.uid) && !IsControllerRef(ref))
      return true;
  return false;
}

// addControllerRef: the owner as a controller, unless a reference of its uid is there.
void AddControllerRef(json& refs, const ClaimingController& owner) {
  for (const json& ref : refs)
    if (Str(ref, "uid") == owner.uid) return;
  refs.push_back(ControllerRefTo(owner));
}

}  // namespace

bool IsClaimOwnerUpToDate(const ClaimOwners& c, const RetentionPolicy& policy) {
  // Managed by a previous, presumably deleted, version of the set or pod: not touched.
  if (HasStaleOwnerRef(c, c.set) || HasStaleOwnerRef(c, c.pod)) return true;
  if (HasUnexpectedController(c, policy)) return !HasOwnerRef(c, c.set) && !HasOwnerRef(c, c.pod);
  if (HasNonControllerOwner(c)) return false;
  const bool setRef = HasOwnerRef(c, c.set), podRef = HasOwnerRef(c, c.pod);
  const bool scaledDelete = policy.whenScaled == Retention::Delete;
  const bool deletedDelete = policy.whenDeleted == Retention::Delete;
  if (!scaledDelete && !deletedDelete) return !setRef && !podRef;
  if (!scaledDelete) return setRef && !podRef;
  if (!deletedDelete) return !setRef && c.podScaledDown == podRef;
  // Delete on both: a scaled-down pod's claim has the pod's reference and not the set's, the
  // others the other way around.
  return c.podScaledDown != setRef && c.podScaledDown == podRef;
}

json UpdateClaimOwnerRefForSetAndPod(const ClaimOwners& c, const RetentionPolicy& policy) {
  const bool unexpectedController = HasUnexpectedController(c, policy);
  json refs = json::array();  // removeRefs: scrub the references to the set and the pod
  for (const json& ref : Refs(c))
    if (!MatchesRef(ref, c.set) && !MatchesRef(ref, c.pod)) refs.push_back(ref);
  if (unexpectedController) return refs;
  if (policy.whenScaled == Retention::Delete && c.podScaledDown) AddControllerRef(refs, c.pod);
  if (policy.whenDeleted == Retention::Delete && (policy.whenScaled == Retention::Retain || !c.podScaledDown))
    AddControllerRef(refs, c.set);
  return refs;
}

}  // namespace spreadlab::controlplane::statefulset
