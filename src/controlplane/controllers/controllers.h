#pragma once
// The workload controllers, run once over a scenario document before it is read:
// the pods (and, for a Deployment, the ReplicaSet) that kube-controller-manager would
// create for the Deployments, ReplicaSets, ReplicationControllers, StatefulSets, Jobs
// and DaemonSets it holds, appended to its items in file order, controller by controller, as
// pending pods. What the document already holds is not created twice: each controller
// first claims what it controls (ClaimObjects: the objects whose controller reference
// names it and still match its selector, and the orphans its selector adopts), then
// counts a Deployment's ReplicaSets, a workload's pods, StatefulSet pods by name,
// DaemonSet pods by the node they are on or pinned to.
//
// Names and labels as the controllers make them (the hashes are spreadlab's own, stable
// for the same template and different for another; upstream's are not reproduced):
//   Deployment  -> ReplicaSet <deploy>-<pod-template-hash>, pods <rs>-<5 chars>, with
//                  the pod-template-hash label (deployment/util, replicaset controller)
//   StatefulSet -> <name>-<ordinal> from spec.ordinals.start, with
//                  statefulset.kubernetes.io/pod-name, apps.kubernetes.io/pod-index and
//                  controller-revision-hash (stateful_set_utils.go newStatefulSetPod)
//   Job         -> <job>-<5 chars> (Indexed: <job>-<index>-<5 chars>), min(parallelism,
//                  completions - succeeded) of them, with batch.kubernetes.io/job-name,
//                  batch.kubernetes.io/controller-uid and the legacy job-name and
//                  controller-uid labels
//   DaemonSet   -> <ds>-<5 chars> on each node it should run on (NodeShouldRunDaemonPod:
//                  nodeName, required node affinity, nodeSelector, NoSchedule/NoExecute
//                  taints), pinned by a metadata.name node-affinity term, with the
//                  tolerations the controller adds
// A workload with more active pods than it wants loses the extra ones as its controller
// deletes them: a ReplicaSet or ReplicationController in the order of
// controlplane/controllers/replicaset/pod_deletion_order.h, a StatefulSet from its highest ordinal down. A Deployment
// syncs once per run (controlplane/controllers/deployment/rollout.h): it scales its ReplicaSet to its replicas,
// or, when its template changed, takes one step of its RollingUpdate or Recreate
// strategy; the next steps wait for time to pass (SyncContext::timePassed: the rounds of
// simulator/simulation.h, once the scheduler placed the new pods).
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/api.h"

namespace spreadlab::controlplane {

// An object the controllers added, and where its fields came from.
struct CreatedObject {
  size_t item = 0;            // its index in the document's items
  std::string source;         // a pod: "<workload path as written>.spec.template"; a ReplicaSet: its Deployment's path
  bool fromTemplate = false;  // a pod: its metadata and spec are the template's
};

// A pod a controller deleted, and why it went before the pods that stay.
struct DeletedPod {
  std::string ns, name, nodeName;  // nodeName "" for a pending pod
  std::string workload;            // "Deployment/web", "StatefulSet/db", ...
  std::string reason;
};

struct ControllerResult {
  std::vector<CreatedObject> created;
  std::vector<DeletedPod> deleted;
  std::vector<size_t> erased;      // the deleted pods' indices in the items as written, ascending
  size_t claimed = 0;              // objects adopted or released: their ownerReferences changed
  std::vector<std::string> notes;  // one line each: what was created or deleted, what was not done
  bool wrapped = false;            // a single workload was made a List (items[0])
};

// A workload the API server would refuse: where, and why (the reader's wording).
struct ControllerError {
  std::string path, message;
};

// Runs the controllers over `doc` (a single object or a v1 List; a single workload
// becomes a List of it and what it creates). Throws ControllerError on a workload the
// API server would refuse (caught by the reader, the one place that catches).
// What the controllers know beyond the document, when a document being edited is re-read.
struct SyncContext {
  // Pods ("namespace/name") just deleted and still terminating: a new pod does not take their names.
  std::set<std::string> terminating;
  // Time passed since the last sync (simulator/simulation.h's rounds): new pods may have become
  // available, so a Deployment mid-rollout takes its next step. Without it (an edit, a
  // load) a rollout stays where it is and only a new template starts one.
  bool timePassed = false;
};

void RunControllers(nlohmann::ordered_json& doc, ControllerResult& out, const SyncContext* context = nullptr);

// The kinds whose controllers create pods.
bool IsWorkloadKind(std::string_view kind);

// Whether `doc` holds a workload whose controller could create or delete pods.
bool HasWorkloads(const nlohmann::ordered_json& doc);

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

// The path in the document as written of a path into the document after
// RunControllers: a created pod's metadata and spec are its workload's template's.
std::string SourcePath(const ControllerResult& r, const std::string& path);

}  // namespace spreadlab::controlplane
