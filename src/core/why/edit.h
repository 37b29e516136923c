#pragma once
// One candidate change to a scenario that might let a pending pod schedule,
// applied to a copy of the Scenario (plain data) so that the scheduling cycle
// can be re-run on the result.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/api.h"
#include "core/scenario_nodes.h"

namespace spreadlab::why {

// In rank order of their cost class (see CostClassOf), then as listed.
enum class EditKind : uint8_t {
  // Tune one of the pod's DoNotSchedule spread constraints; it stays enforced.
  RaiseMaxSkew,
  LowerMinDomains,
  SetNodeAffinityPolicy,
  SetNodeTaintsPolicy,
  // Relax the pod's own placement rules.
  ScheduleAnyway,
  DropNodeSelector,
  DropNodeAffinityRequirement,
  DropRequiredNodeAffinity,
  TolerateTaints,
  // Change the cluster.
  UncordonNode,
  MovePod,
  AddNode,
  ShrinkPodRequests,
  DeletePod,
  // Delete one of the pod's claims and create it again (its StatefulSet does; else its
  // author), unbound: the data on its volume is lost.
  RecreateClaim,
};

// The JSON name: "raiseMaxSkew", "lowerMinDomains", ...
std::string_view EditKindName(EditKind k);

enum class CostClass : uint8_t { Constraint, Pod, Cluster };
CostClass CostClassOf(EditKind k);
std::string_view CostClassName(CostClass c);  // "constraint", "pod", "cluster"

// ShrinkPodRequests: one resource of the pod's requests as the scheduler counts them
// (resource.PodRequests: cpu in millicores, the others in their units), before and after.
struct ResourceChange {
  std::string name;
  int64_t from = 0, to = 0;
};

struct Edit {
  EditKind kind = EditKind::RaiseMaxSkew;
  // Constraint edits: index among the pod's DoNotSchedule constraints, as in
  // CycleTrace::spreadFilter; fromDefaults when they are the profile's defaults.
  int32_t constraint = -1;
  bool fromDefaults = false;
  int32_t from = 0, to = 0;       // maxSkew or minDomains, old and new (minDomains 1: the field is removed)
  std::string value;              // the new policy (Honor, Ignore); DropNodeSelector: the key
  int32_t term = -1;              // DropNodeAffinityRequirement: the required term
  int32_t requirement = -1;       //   and its requirement (matchExpressions, then matchFields)
  std::vector<v1::Taint> taints;  // TolerateTaints: tolerated with operator Equal
  std::string node;     // UncordonNode; AddNode: the node copied; MovePod, ShrinkPodRequests, DeletePod: the pod's node
  std::string newNode;  // AddNode: the new node's name; MovePod: where the pod goes
  v1::LabelMap labels;  // AddNode: labels the copy gets in place of the source's (a bound volume's zone)
  std::string pod;      // MovePod, ShrinkPodRequests, DeletePod: namespace/name of a bound pod
  std::vector<ResourceChange> requests;  // ShrinkPodRequests
  std::string claim;                     // RecreateClaim: namespace/name of the claim
  std::string volume;                    //   the volume it was bound to ("" when unbound)
  std::string storageClass;              //   the new claim's class, when it changes ("" keeps it)
};

// RecreateClaim loses the data of a bound claim.
bool LosesData(const Edit& e);

// How big the change is within its class: maxSkew or minDomains steps,
// requirements dropped, taints tolerated; 1 for the others (one node, one pod).
int32_t Magnitude(const Edit& e);

// Applies `edit` for the pending pod s.pods[pod]. Returns the pending pod's
// index afterwards (a deleted pod before it shifts it), or nullopt when the
// edit does not fit the scenario.
std::optional<size_t> ApplyEdit(Scenario& s, size_t pod, const Edit& edit);

// Where a cluster edit (CostClass::Cluster) is carried out: a Scenario
// (ApplyEdit), the compiled Cluster in place with its undo (RunVariant), or the
// lab's JSON document (controlplane::ApplySuggestion). What each edit kind means and when
// it fits is decided once, by WriteClusterEdit; a writer only performs these
// primitive changes, named by the scenario's node and pod indices, and returns
// false when it cannot (a document setter's error).
class ClusterWriter {
 public:
  virtual ~ClusterWriter() = default;
  virtual bool Uncordon(size_t node) = 0;
  virtual bool AddNode(size_t like, v1::Node node) = 0;  // `node` is CopyNode of node `like`
  virtual bool MovePod(size_t pod, size_t node) = 0;     // a bound pod, to another node
  virtual bool DeletePod(size_t pod) = 0;                // a bound pod
  // A bound pod's container requests are those of `shrunk` (ShrinkRequests of it).
  virtual bool ShrinkPod(size_t pod, v1::Pod shrunk) = 0;
  // Claim `claim` is `fresh` (RecreatedClaim of it) and its volume (-1: none) is deleted,
  // as reclaimPolicy Delete does (a Retain volume would stay Released, bound to the old
  // claim's UID, which no claim binds either). A writer that must keep the volumes'
  // positions marks it terminating instead, which no claim binds.
  virtual bool RecreateClaim(size_t claim, v1::PersistentVolumeClaim fresh, ptrdiff_t volume) = 0;
};

// Checks the cluster edit `edit` against `s` (the pending pod is s.pods[pod])
// and writes it through `w`; false when it does not fit or the write failed.
bool WriteClusterEdit(const Scenario& s, size_t pod, const Edit& edit, ClusterWriter& w);

// Claim `claim` deleted and created again from the same spec: no volume, no annotation of
// the binding or of the scheduler's choice, phase Pending; of class `storageClass` when given.
v1::PersistentVolumeClaim RecreatedClaim(const v1::PersistentVolumeClaim& claim, const std::string& storageClass);

// The one field of the pending pod's spec that a pod or constraint edit changes.
enum class PodField : uint8_t { SpreadConstraints, NodeSelector, RequiredNodeAffinity, Tolerations };
PodField PodFieldOf(EditKind k);

// Pod `pod` with its containers' requests lowered so that its requests, as the scheduler
// counts them under `release`, become each change's `to`: each resource is taken off the
// app containers in order. nullopt when that cannot reach them (an init container or
// pod-level requests decide the amount).
std::optional<v1::Pod> ShrinkRequests(const v1::Pod& pod, const std::vector<ResourceChange>& changes,
                                      const Release& release);

// What changes, in one line, e.g.
// "constraint #1 (topologyKey zone): maxSkew 1 -> 2".
std::string Describe(const Edit& edit, const Scenario& s, size_t pod);

}  // namespace spreadlab::why
