#pragma once
// A scenario being edited: the JSON document as it was loaded (every field kept,
// so exports and saved copies lose nothing) and the Scenario read from it, kept
// in step by every edit. Used by the app and the JS bindings.
//
// Field edits change the Scenario plain data, check the one object they change with
// the API server's validation (core/validation) and patch its JSON: no re-read of the
// document, so an edit costs about one object's validation.
// Edits that add or remove objects re-read the whole document. A failed edit
// leaves both views unchanged and returns the first error, naming the JSON path.
#include <cstddef>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>
#include <nlohmann/json_fwd.hpp>

#include "core/api.h"
#include "core/storage.h"
#include "controlplane/controllers/controllers.h"

namespace spreadlab::controlplane {

// The List annotation keeping the failed nodes until `restore` (ScenarioDoc::FailNodes).
inline constexpr const char* kFailedNodesAnnotation = "spreadlab.io/failed-nodes";

class ScenarioDoc {
 public:
  ScenarioDoc();
  ~ScenarioDoc();
  ScenarioDoc(const ScenarioDoc&);
  ScenarioDoc& operator=(const ScenarioDoc&);
  ScenarioDoc(ScenarioDoc&&) noexcept;
  ScenarioDoc& operator=(ScenarioDoc&&) noexcept;

  // Reads `text` (see ReadScenario). On failure the document is unchanged and `error`
  // is located as LocatedError words it, with `source` (a file name) when given.
  bool Load(std::string_view text, std::string& error, std::string_view source = {});
  // `kubectl apply -f`: each object of `text` (JSON or YAML: one object, a List or YAML
  // documents) goes into the object of the same kind, namespace and name — a patch, as
  // kubectl sends: maps merged key by key, lists replaced, null removes — or is appended.
  // The controllers then answer (a new Deployment makes its ReplicaSet and pods). A pod's
  // spec is immutable, as the API server says. `applied` receives kubectl's lines
  // ("deployment.apps/web created"); an error names the field where the text has it
  // (with the YAML line). On failure nothing changes.
  bool ApplyText(std::string_view text, std::vector<std::string>& applied, std::string& error,
                 std::string_view source = {});
  bool loaded() const { return loaded_; }
  const Scenario& scenario() const { return *scenario_; }
  // The same Scenario for a Cluster to share instead of copying it (150,000 pods take
  // 0.35 s to copy in wasm). Edits change it in place: whoever holds it builds a new
  // Cluster after each edit (or recompiles the one pod an edit changed).
  std::shared_ptr<const Scenario> sharedScenario() const { return scenario_; }
  const std::vector<std::string>& warnings() const { return warnings_; }
  // How many objects the workload controllers added when the text was loaded.
  size_t created() const { return created_; }
  // What the controllers did when the text was loaded or in answer to the last edit that
  // re-read the document (a workload scaled, a controlled pod removed): notes, and the
  // pods they deleted.
  const std::vector<std::string>& controllerNotes() const { return controllerNotes_; }
  // What they wait for after that sync, changed or not (an OrderedReady StatefulSet's pod not
  // Running and Ready): upstream's log lines.
  const std::vector<std::string>& controllerWaits() const { return controllerWaits_; }
  const std::vector<controlplane::DeletedPod>& deletedPods() const { return deletedPods_; }
  // The document as JSON text; indent < 0 for the compact form.
  std::string Dump(int indent = -1) const;
  // The same document as YAML (io/yaml_out.h).
  std::string DumpYaml() const;
  // metadata.annotations[key] of the document (a List's own metadata), or "".
  std::string Annotation(std::string_view key) const;
  // The kube-scheduler release the document is answered for ("1.35", "master"), kept in
  // its spreadlab.io/kube-version annotation; "" removes it (the newest release).
  bool SetKubeVersion(const std::string& version, std::string& error);
  // The release the controllers run at from now on, over the document's (a simulation's
  // --kube-version and --feature-gates).
  void OverrideRelease(const Release& release) { release_ = release; }

  // Undo. A Snapshot is (part of) the JSON document: Save() takes all of it; between
  // BeginUndo() and TakeUndo() the edits record what they change, and TakeUndo()
  // returns the document as it was before them, as little of it as they touched (a
  // field edit of one pod copies that pod, not the scenario). Restore puts a snapshot
  // back, re-reads the document and returns the snapshot that goes forward again
  // (null, and nothing changed, when the result does not read).
  struct Snapshot;
  std::shared_ptr<const Snapshot> Save() const&;
  std::shared_ptr<const Snapshot> Save() &&;  // a document being replaced: moved, not copied
  void BeginUndo();
  std::shared_ptr<const Snapshot> TakeUndo();
  std::shared_ptr<const Snapshot> Restore(const Snapshot& snapshot, std::string& error);

  // --- the pending pod's spread constraints ---
  bool SetSpreadConstraints(size_t pod, std::vector<v1::TopologySpreadConstraint> constraints, std::string& error);
  // Sets one field of constraint `index` of pod `pod` from JSON text (`null` removes
  // an optional field), exactly as if the file had said so; the whole document is
  // re-read, so a wrongly typed value gets the reader's own message.
  bool SetSpreadConstraintField(size_t pod, size_t index, std::string_view field, std::string_view valueJson,
                                std::string& error);

  // --- a controlled pod's template (controlplane/scenario_template.cpp) ---
  // The workload whose template made pod `pod`: its controller (a ReplicaSet, StatefulSet,
  // Job, ...) and, for a Deployment's ReplicaSet, the Deployment, nearest first (empty for
  // a pod no controller in the document owns); the controller's active replicas, pending
  // and bound, and how many bound ones differ from the workload's template.
  struct PodTemplate {
    struct Owner {
      std::string kind, name;
      size_t item = 0;  // its index in the document's items
    };
    std::vector<Owner> owners;
    std::vector<size_t> pending, bound;  // pod indices
    size_t boundDiffering = 0;
  };
  PodTemplate TemplateOf(size_t pod) const;
  // SetSpreadConstraints and SetSpreadConstraintField as `kubectl edit` of the pod's
  // workload: the pod's constraints as edited become each owner's template's and those of
  // every pending replica whose constraints were the pod's, as if the controller had just
  // created them from the new template (a simulation choice: upstream's controller would
  // replace them under new names); bound replicas keep theirs. A bare pod alone changes.
  // A value the pod's own edit refuses changes nothing.
  bool SetTemplateSpreadConstraints(size_t pod, std::vector<v1::TopologySpreadConstraint> constraints,
                                    std::string& error);
  bool SetTemplateSpreadConstraintField(size_t pod, size_t index, std::string_view field, std::string_view valueJson,
                                        std::string& error);

  // --- pods ---
  bool SetPodLabels(size_t pod, v1::LabelMap labels, std::string& error);
  bool SetPodNodeName(size_t pod, const std::string& nodeName, std::string& error);  // "" unbinds
  // Many pods at once (a batch of placements), validated once.
  bool SetPodNodeNames(const std::vector<std::pair<size_t, std::string>>& binds, std::string& error);
  // Claim `claim` deleted and created again as `fresh` (why::RecreatedClaim), the volume it
  // was bound to (-1: none) deleted with it.
  bool RecreateClaim(size_t claim, const v1::PersistentVolumeClaim& fresh, ptrdiff_t volume, std::string& error);
  // What the scheduler's Reserve assumed for placed pods' claims (core/storage.h): the
  // volumes' claimRef and the claims' selected-node annotation, as the objects then read.
  void AssumeVolumes(const std::vector<VolumeAssumption>& assumptions);
  // status.nominatedNodeName of pending pods as a preemption left it ("" clears it).
  void SetNominatedNodeNames(const std::vector<std::pair<size_t, std::string>>& nominations);
  bool SetPodNamespace(size_t pod, const std::string& ns, std::string& error);
  bool SetPodTolerations(size_t pod, std::vector<v1::Toleration> tolerations, std::string& error);
  bool SetPodNodeSelector(size_t pod, v1::LabelMap nodeSelector, std::string& error);
  // spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution; nullopt removes it.
  bool SetPodRequiredNodeAffinity(size_t pod, std::optional<v1::NodeSelector> required, std::string& error);
  // spec.containers[i].resources.requests of each container (one list per container);
  // only the amounts that change are written, as quantities the API accepts.
  bool SetPodContainerRequests(size_t pod, std::vector<v1::ResourceList> requests, std::string& error);
  // A copy of pod `like` named `name` on `nodeName` ("" for pending), appended.
  bool AddPodLike(size_t like, const std::string& name, const std::string& nodeName, std::string& error);
  bool RemovePod(size_t pod, std::string& error);

  // --- workloads ---
  // Sets spec.replicas of the Deployment, ReplicaSet, ReplicationController or StatefulSet
  // `workload` names ("[Kind/]namespace/name", or "name" in the default namespace), as
  // `kubectl scale` does; its controller then creates pending pods or deletes pods in its
  // own order (controlplane/controllers/controllers.h).
  bool Scale(const std::string& workload, int64_t replicas, std::string& error);
  // The workloads `Scale` takes, in document order.
  struct Workload {
    std::string key;  // "Kind/namespace/name"
    std::string kind, ns, name;
    int64_t replicas = 1;      // spec.replicas (1 when unset, as the API server defaults it)
    std::string controlledBy;  // "Deployment/web" for a Deployment's ReplicaSet, else ""
  };
  std::vector<Workload> Workloads() const;
  // The one workload `ref` ("[Kind/]namespace/name", or "name" in the default namespace,
  // the kind in any case) names; nullopt with an error listing the candidates otherwise.
  std::optional<Workload> FindWorkload(const std::string& ref, std::string& error) const;

  // --- cluster events (simulator/simulation.h), each one edit the controllers answer ---
  // The pods the controllers created in answer to the load or the last edit that re-read
  // the document, "namespace/name".
  const std::vector<std::string>& createdPods() const { return createdPods_; }
  // Runs the workload controllers again, as their next sync would (a rollout's next step
  // once the scheduler placed its new pods); `changed` says whether they did anything.
  bool Resync(bool& changed, std::string& error);
  // `kubectl rollout restart` of a Deployment or a StatefulSet: a new template (the
  // kubectl.kubernetes.io/restartedAt annotation; a StatefulSet's metadata.generation bumped
  // as the API server does), answered by the first sync.
  bool RestartRollout(const std::string& workload, std::string& error);
  // Removes these pods (evicted, or lost with their node); their controllers replace them.
  bool RemovePods(const std::vector<size_t>& pods, std::string& error);
  // The nodes go away with their pods. They are kept in the List's
  // spreadlab.io/failed-nodes annotation, so that RestoreNodes brings them back empty. The
  // pods are gone at once, not terminating (the pod garbage collector force-deletes the pods
  // of a deleted node), so a StatefulSet makes its replica again in the same pass.
  bool FailNodes(const std::vector<size_t>& nodes, std::string& error);
  bool RestoreNodes(size_t& restored, std::string& error);
  // The failed nodes kept until RestoreNodes, for the picture to show them greyed where
  // they were: their names and labels as the annotation holds them.
  struct FailedNode {
    std::string name;
    v1::LabelMap labels;
  };
  std::vector<FailedNode> FailedNodes() const;

  // --- nodes ---
  bool SetNodeLabels(size_t node, v1::LabelMap labels, std::string& error);
  bool SetNodeUnschedulable(size_t node, bool unschedulable, std::string& error);
  bool SetNodeTaints(size_t node, std::vector<v1::Taint> taints, std::string& error);
  // A copy of node `like` named `name` with `labels` and no pods, appended.
  bool AddNodeLike(size_t like, const std::string& name, const v1::LabelMap& labels, std::string& error);
  // Removes the node and the pods bound to it.
  bool RemoveNode(size_t node, std::string& error);
  // Removes these nodes and the pods bound to them (a whole topology domain), as one edit.
  bool RemoveNodes(const std::vector<size_t>& nodes, std::string& error);

  // --- the profile (a KubeSchedulerConfiguration item, created when missing) ---
  // Sets a score plugin's weight in plugins.multiPoint.enabled (0 disables the plugin).
  bool SetPluginWeight(const std::string& plugin, int32_t weight, std::string& error);
  // Runs the plugin's Filter or not (plugins.filter.disabled); its other points are kept.
  bool SetFilterPluginEnabled(const std::string& plugin, bool enabled, std::string& error);

 private:
  struct Json;
  // Puts `value` into `slot` (a part of scenario_), runs `valid` (one of the checks
  // below, which words `error`) and swaps back when it fails.
  template <class T, class Valid>
  bool Replace(T& slot, T value, const Valid& valid);
  bool Validate(std::string& error) const;  // the whole scenario
  // Pod / node number i alone, after an edit that kept its name and namespace: the
  // rest of the scenario was valid and cannot have changed (ValidateEditedPod).
  bool ValidatePod(size_t pod, std::string& error) const;
  bool ValidateNode(size_t node, std::string& error) const;
  // After a structural JSON edit; reverts on failure. `errorPath`: the field the error is
  // about in the document ("items[3].spec...", ReadResult::path), when it names one.
  bool Reread(std::string& error, std::string* errorPath = nullptr);
  // The items of these nodes and of the pods bound to them, last first (to erase them in
  // turn); `podKeys` receives the pods' "namespace/name". False when the document is one
  // node alone ("the scenario is this one node; it cannot <verb>").
  bool NodeItemsWithPods(const std::vector<size_t>& nodes, const char* verb, std::vector<size_t>& items,
                         std::set<std::string>* podKeys, std::string& error) const;
  bool RereadItems(const Snapshot& snapshot, std::string& error);  // Restore of an item snapshot
  // After an edit that changed the document's shape: re-reads it; puts `before` back when
  // that fails, else keeps it as the undo record.
  bool Reshaped(nlohmann::ordered_json before, std::string& error);
  std::set<std::string> NodeNames() const;
  std::vector<size_t> Followers(size_t pod, const PodTemplate& t) const;
  bool FollowTemplate(const PodTemplate& t, const std::vector<size_t>& follow, std::string& error);
  template <class Change>
  bool EditPlugins(const Change& change, std::string& error);
  // The added-nodes annotation (kAddedNodesAnnotation) without the nodes `gone` (a node
  // that comes back is added anew), then with `added` at its end.
  void NoteNodes(const std::set<std::string>& gone, const std::vector<std::string>& added);

  std::unique_ptr<Json> json_;
  std::shared_ptr<Scenario> scenario_;  // never null but in a moved-from document
  std::vector<std::string> warnings_;
  size_t created_ = 0;
  std::vector<std::string> controllerNotes_;
  std::vector<std::string> controllerWaits_;
  std::vector<controlplane::DeletedPod> deletedPods_;
  std::vector<std::string> createdPods_;
  controlplane::SyncContext sync_;  // for the re-read in progress: the pods the edit removed, whether time passed
  std::optional<Release> release_;  // OverrideRelease
  bool loaded_ = false;
};

}  // namespace spreadlab::controlplane
