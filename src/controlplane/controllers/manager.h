#pragma once
// The workload controllers as kube-controller-manager runs them over a document (internal
// to controlplane/controllers; RunControllers in controllers.h is the way in). One class
// holds the document, its index of who owns what and what the pass did; each controller's
// sync is a group of its members, defined in the controller's own file as upstream lays
// them out (pkg/controller/<name>/), the members they share in controller_utils.cpp.
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "controlplane/controllers/controller_ref_manager.h"
#include "controlplane/controllers/controllers.h"
#include "controlplane/controllers/deployment/rollout.h"
#include "controlplane/controllers/replicaset/pod_deletion_order.h"
#include "controlplane/controllers/statefulset/claim_retention.h"
#include "controlplane/controllers/statefulset/pod_management.h"
#include "controlplane/controllers/statefulset/rolling_update.h"
#include "core/api.h"
#include "core/release.h"

namespace spreadlab::controlplane {

using json = nlohmann::ordered_json;

struct Workload {
  size_t item = 0;
  std::string path, kind, apiVersion, ns, name, uid;
  bool uidGiven = false;  // metadata.uid was given (else uid is spreadlab's own)
  bool deleting = false;  // metadata.deletionTimestamp is set
};

class Controllers {
 public:
  // manager.cpp (cmd/kube-controller-manager: the controllers it starts, here run in order).
  Controllers(json& items, ControllerResult& out, const SyncContext* context, const Features& features);
  void Run();

 private:
  // deployment/deployment_controller.cpp (pkg/controller/deployment: deployment_controller.go,
  // sync.go, rolling.go, recreate.go, util/deployment_util.go).
  static bool EqualIgnoreHash(json a, json b);
  rollout::Strategy StrategyOf(const Workload& w, const json& spec);
  bool Available(size_t i) const;
  rollout::ReplicaSetState StateOf(size_t rs);
  void SyncDeployment(const Workload& w);
  void SetReplicas(const Workload& w, size_t rs, int64_t had, int64_t replicas);
  void Deployment(const Workload& w);

  // replicaset/replica_set.cpp (pkg/controller/replicaset/replica_set.go; a
  // ReplicationController runs through it as upstream's replication controller does).
  static std::optional<v1::LabelSelector> ReplicaSetSelector(const Workload& w, const json& spec);
  std::vector<size_t> ReplicaSetPods(const Workload& w, const json& spec);
  void ReplicaSet(const Workload& w);
  int64_t DeleteRanked(const Workload& w, std::vector<size_t> pods, int64_t replicas);
  std::vector<DeletionCandidate> RelatedPods(const Workload& w) const;

  // statefulset/stateful_set.cpp (pkg/controller/statefulset: stateful_set.go,
  // stateful_set_control.go, stateful_set_utils.go).
  struct Revision {
    std::string name;      // the update revision's
    bool changed = false;  // the spec changed since the pods in the document were made
  };
  Revision UpdateRevision(const Workload& w, const json& tmpl);
  bool RunningAndReady(size_t i) const;
  statefulset::PodState PodStateOf(size_t i) const;
  std::vector<statefulset::Replica> ReplicasForUpdate(const std::vector<std::optional<size_t>>& replicaPods,
                                                      const Revision& revision) const;
  void StatefulSet(const Workload& w);
  void UpdateClaimOwners(const Workload& w, const json& spec, const statefulset::RetentionPolicy& policy, size_t pod,
                         int64_t ordinal, bool scaledDown);
  void CreatePersistentVolumeClaims(const Workload& w, const json& spec,
                                    const std::optional<v1::LabelSelector>& selector, json& pod, int64_t ordinal);
  static std::string ParentName(const std::string& name);
  static int64_t Ordinal(const std::string& name);

  // job/job_controller.cpp (pkg/controller/job/job_controller.go).
  void Job(const Workload& w);

  // daemon/daemon_controller.cpp (pkg/controller/daemon: daemon_controller.go, util/daemonset_util.go).
  void DaemonSet(const Workload& w);
  static std::vector<v1::Toleration> DaemonTolerations();
  static void AddDaemonTolerations(std::vector<v1::Toleration>& tols);
  bool OlderDaemonPod(size_t a, size_t b) const;
  static bool AllowsSurge(const json& spec);
  static void PinToNode(json& spec, const std::string& node);
  const std::vector<std::pair<size_t, v1::Node>>& Nodes();
  static std::string PinnedTo(const json& spec);

  // volume/ephemeral_controller.cpp (pkg/controller/volume/ephemeral/controller.go): the
  // claims of the pods' generic ephemeral volumes.
  void EphemeralVolumes();

  // garbagecollector/garbage_collector.cpp (pkg/controller/garbagecollector): the claims
  // whose owners are all gone.
  void CollectGarbage();

  // volume/persistentvolume_controller.cpp (pkg/controller/volume/persistentvolume:
  // pv_controller.go, index.go; external-provisioner's part stood in for): binds the claims.
  void PersistentVolumes();

  // controller_utils.cpp (pkg/controller/controller_utils.go): what every controller
  // reads of its workload, the index of who owns what and the claim through it, the pods
  // it makes and deletes, and the notes that tell what it did.
  Workload Describe(size_t i);
  const json& Spec(const Workload& w);
  int64_t Count(const Workload& w, const json& spec, const char* key, int64_t fallback);
  const json& Template(const Workload& w, const json& spec, const std::optional<v1::LabelSelector>& selector,
                       bool selectorRequired);
  static std::string OwnerKey(const std::string& ns, const std::string& kind, const std::string& name);
  void Index(size_t i);
  std::vector<size_t> Owned(const Workload& w, std::string_view kind) const;
  static ClaimingController Claimer(const Workload& w);
  std::vector<size_t> Claim(const Workload& w, const std::string& kind,
                            const std::optional<v1::LabelSelector>& selector, const std::function<bool(size_t)>& listed,
                            const std::function<bool(const json&)>& filter = {});
  static void Move(const std::vector<size_t>& items, std::vector<size_t>& from, std::vector<size_t>& to);
  bool Active(size_t i) const;
  json PodFrom(const Workload& w, const json& tmpl, const std::string& name, const v1::LabelMap& extraLabels);
  void Add(json object, const Workload& w);
  std::optional<UnixNanos> Now();
  void Delete(size_t item, const Workload& w, const std::string& nodeName, const std::string& reason);
  std::string WorkloadName(const Workload& w) const;
  int64_t CountActive(const std::vector<size_t>& pods) const;
  // Pods number have .. wanted - 1, made by `make(number)`.
  template <class Make>
  void Create(const Workload& w, int64_t wanted, int64_t have, const Make& make) {
    int64_t created = 0;
    for (int64_t n = have; n < wanted; ++n, ++created) Add(make(static_cast<uint32_t>(n)), w);
    Note(w, created, wanted, have);
  }
  void Note(const Workload& w, const char* what, size_t item, const char* why);
  void Note(const Workload& w, int64_t created, int64_t wanted, int64_t have, int64_t deleted = 0,
            const std::string& why = "");
  std::string SourceOf(const Workload& w) const;
  std::string ItemSource(size_t item) const;

  json& items_;
  ControllerResult& out_;
  std::set<std::string> podNames_;                              // namespace/name of every pod
  std::unordered_map<std::string, size_t> claims_;              // namespace/name -> every PersistentVolumeClaim
  std::unordered_map<std::string, std::vector<size_t>> owned_;  // OwnerKey -> the items it owns
  std::unordered_map<std::string, std::vector<size_t>>
      orphans_;                                     // OwnerKey(ns, kind, "") -> pods and ReplicaSets no controller owns
  std::vector<std::pair<size_t, v1::Node>> nodes_;  // Nodes(), read on first use
  bool nodesRead_ = false;
  std::set<std::string> gone_;        // SyncContext::gone
  std::set<size_t> ranByDeployment_;  // ReplicaSets a Deployment controls: run at its place
  std::unordered_map<size_t, std::vector<size_t>> replicaSetsOf_;  // Deployment item -> the ReplicaSets it controls
  std::unordered_map<size_t, int64_t> newReplicaSet_;  // Deployment item -> the replicas of the ReplicaSet it creates
  bool timePassed_ = false;                            // SyncContext::timePassed
  Features features_;                                  // the release's gates the controllers read
  std::set<size_t> erase_;                             // the pods (and claims) the controllers deleted
  std::optional<UnixNanos> now_;                       // Now(), read on first use
  bool nowRead_ = false;

 public:
  const std::set<size_t>& erased() const { return erase_; }
};

}  // namespace spreadlab::controlplane
