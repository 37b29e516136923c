#pragma once
// The workload controllers, run once over a scenario document before it is read:
// the pods (and, for a Deployment, the ReplicaSet) that kube-controller-manager would
// create for the Deployments, ReplicaSets, ReplicationControllers, StatefulSets, Jobs
// and DaemonSets it holds, appended to its items in file order, controller by controller, as
// pending pods. What the document already holds is not created twice: each controller
// first claims what it controls (ClaimObjects, controller_ref_manager.h: the objects whose
// controller reference names it and still match its selector, and the orphans its selector
// adopts), then counts a Deployment's ReplicaSets, a workload's pods, StatefulSet pods by
// name, DaemonSet pods by the node they are on or pinned to.
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
//
// One file per controller, as upstream lays them out (pkg/controller/<name>/):
// deployment/deployment_controller.cpp, replicaset/replica_set.cpp,
// statefulset/stateful_set.cpp, job/job_controller.cpp, daemon/daemon_controller.cpp, then
// volume/ephemeral_controller.cpp, which creates the claims of the pods' generic ephemeral
// volumes, garbagecollector/garbage_collector.cpp, which deletes the claims whose owners are
// gone (an ephemeral claim's pod; a scaled-down StatefulSet pod under whenScaled: Delete,
// statefulset/claim_retention.h), and volume/persistentvolume_controller.cpp, which binds the
// claims (and provisions their volumes, a stand-in for a CSI driver's external-provisioner);
// what they share in controller_utils.cpp and controller_ref_manager.h; manager.cpp runs
// them in order (the class they are members of: manager.h).
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
  std::vector<size_t> erased;  // the deleted pods' (and claims', volumes') indices in the items as written, ascending
  std::vector<std::string> deletedClaims;  // "namespace/name" of the claims the garbage collector deleted
  size_t claimed = 0;                      // objects adopted or released: their ownerReferences changed
  std::vector<std::string> notes;          // one line each: what was created or deleted, what was not done
  std::vector<std::string> waiting;        // one line each: what a controller waits for (upstream's log line)
  bool wrapped = false;                    // a single workload was made a List (items[0])
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
  // Pods just force-deleted (their node is gone): not terminating, so a StatefulSet makes its
  // replica again at once; a generated name does not take theirs either (a reader would
  // take the new pod for the old one).
  std::set<std::string> gone;
  // Time passed since the last sync (simulator/simulation.h's rounds): new pods may have become
  // available, so a Deployment mid-rollout takes its next step. Without it (an edit, a
  // load) a rollout stays where it is and only a new template starts one.
  bool timePassed = false;
  // The release the cluster runs when the caller overrides the document's (simulate
  // --kube-version): its controllers' gates (MaxUnavailableStatefulSet). Null: the document's.
  const Release* release = nullptr;
};

void RunControllers(nlohmann::ordered_json& doc, ControllerResult& out, const SyncContext* context = nullptr);

// The kinds whose controllers create pods.
bool IsWorkloadKind(std::string_view kind);

// Whether `doc` holds a workload whose controller could create or delete pods.
bool HasWorkloads(const nlohmann::ordered_json& doc);

// Whether `doc` holds a workload, a PersistentVolumeClaim (which the PV controller binds) or a
// pod with a generic ephemeral volume (whose claim the ephemeral volume controller creates).
bool HasControlledObjects(const nlohmann::ordered_json& doc);

// The path in the document as written of a path into the document after
// RunControllers: a created pod's metadata and spec are its workload's template's.
std::string SourcePath(const ControllerResult& r, const std::string& path);

}  // namespace spreadlab::controlplane
