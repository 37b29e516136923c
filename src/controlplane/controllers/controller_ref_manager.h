#pragma once
// How a workload controller claims the objects it controls (upstream's
// pkg/controller/controller_ref_manager.go): the objects whose controller reference names
// it and that its selector still matches, the orphans its selector adopts, and the ones it
// releases. Each controller (controlplane/controllers/manager.h) claims through
// ClaimObjects before it counts its pods or ReplicaSets.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/api.h"

namespace spreadlab::controlplane {

// metav1.GetControllerOf on an object's metadata: its ownerReference with controller: true, or null.
const nlohmann::ordered_json* ControllerRefOf(const nlohmann::ordered_json& meta);

// The workload a ControllerRefManager claims for (its Controller and controllerKind).
struct ClaimingController {
  std::string apiVersion, kind, ns, name;  // ns "": cluster-scoped, it claims in every namespace
  std::string uid;                         // what its controller reference carries
  bool uidGiven = true;                    // metadata.uid was given: a reference with another uid names another object
  bool deleting = false;                   // its metadata.deletionTimestamp is set
};

// BaseControllerRefManager.ClaimObject's outcome for one object.
enum class Claim {
  Ignored,   // controlled by another, or an orphan it does not adopt
  Owned,     // its controller reference names the controller and the selector matches
  Adopted,   // an orphan the selector matches: it now has the controller's reference
  Released,  // its controller reference named the controller but the selector no longer matches
};

// PodControllerRefManager.ClaimPods and ReplicaSetControllerRefManager.ClaimReplicaSets:
// the outcome for each of `objects` (their labels against `selector`, then `filter`).
// An adopted or released object's ownerReferences are changed as the API server
// changes them after the controller's patch (AdoptPod / ReleasePod).
std::vector<Claim> ClaimObjects(const std::vector<nlohmann::ordered_json*>& objects,
                                const ClaimingController& controller, const std::optional<v1::LabelSelector>& selector,
                                const std::function<bool(const nlohmann::ordered_json&)>& filter = {});

}  // namespace spreadlab::controlplane
