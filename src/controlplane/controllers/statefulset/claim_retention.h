#pragma once
// A StatefulSet's PersistentVolumeClaim retention policy as the owner references of the
// claims it made from its volumeClaimTemplates (pkg/controller/statefulset/stateful_set_utils.go):
//   Retain on scaling and set deletion: no owner reference
//   Retain on scaling, Delete on set deletion: the set controls the claim
//   Delete on scaling, Retain on set deletion: the pod controls the claim once it is scaled down
//   Delete on both: the set controls it while its pod is in range, the pod once it is scaled down
// The garbage collector then deletes a claim whose owners are all gone
// (controlplane/controllers/garbagecollector/garbage_collector.cpp): with whenScaled: Delete,
// the claims of the pods a scale-down deletes. whenDeleted only matters once the set is deleted,
// which no event does (simulator/events.h), so a set's own reference never lets its claims go here.
#include <nlohmann/json_fwd.hpp>

#include "controlplane/controllers/controller_ref_manager.h"

namespace spreadlab::controlplane::statefulset {

// apps.PersistentVolumeClaimRetentionPolicyType.
enum class Retention { Retain, Delete };

struct RetentionPolicy {
  Retention whenDeleted = Retention::Retain;
  Retention whenScaled = Retention::Retain;
};

// The claim's owner references and the two owners the policy speaks of; `set` and `pod`
// name them as matchesRef and hasOwnerRef compare them (apiVersion, kind, name; uid).
struct ClaimOwners {
  const nlohmann::ordered_json& refs;  // the claim's metadata.ownerReferences (an array, or null)
  const ClaimingController& set;
  const ClaimingController& pod;
  bool podScaledDown = false;  // !podInOrdinalRange(pod, set)
};

// isClaimOwnerUpToDate: whether the references agree with the policy (true, untouched, when a
// reference is stale or another controller manages the claim).
bool IsClaimOwnerUpToDate(const ClaimOwners& c, const RetentionPolicy& policy);

// updateClaimOwnerRefForSetAndPod: the references with the set's and the pod's replaced by what
// the policy asks for (none when another controller manages the claim).
nlohmann::ordered_json UpdateClaimOwnerRefForSetAndPod(const ClaimOwners& c, const RetentionPolicy& policy);

}  // namespace spreadlab::controlplane::statefulset
