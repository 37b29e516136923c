#pragma once
// The scenario's storage objects found by name, as the scheduler's listers find them
// (claims by namespace and name, volumes, classes, CSINodes and CSIDrivers by name,
// volumes by class as the volume binder's PV cache lists them), and the helpers of
// k8s.io/component-helpers/storage/volume and ephemeral the volume plugins share.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/api.h"
#include "core/corev1/nodeaffinity.h"
#include "core/labels.h"

namespace spreadlab {

class StorageIndex {
 public:
  explicit StorageIndex(const Scenario& scenario);

  // Indexes into the scenario's vectors; -1 when there is none.
  int32_t Claim(std::string_view ns, std::string_view name) const;
  int32_t Volume(std::string_view name) const;
  int32_t Class(std::string_view name) const;
  int32_t CSINodeOf(std::string_view nodeName) const;
  int32_t Driver(std::string_view name) const;
  // The volumes whose class (GetPersistentVolumeClass) is `className`, in file order.
  const std::vector<int32_t>& VolumesOfClass(const std::string& className) const;

 private:
  static std::string Key(std::string_view ns, std::string_view name);
  static int32_t Find(const std::unordered_map<std::string, int32_t>& m, const std::string& key);
  std::unordered_map<std::string, int32_t> claims_, volumes_, classes_, csiNodes_, drivers_;
  std::unordered_map<std::string, std::vector<int32_t>> volumesByClass_;
};

// storagehelpers.GetPersistentVolumeClaimClass: the beta annotation, else spec.storageClassName, else "".
std::string ClaimClass(const v1::PersistentVolumeClaim& claim);
// storagehelpers.GetPersistentVolumeClass
std::string VolumeClass(const v1::PersistentVolume& volume);
// ephemeral.VolumeClaimName: "<pod>-<volume>".
std::string EphemeralClaimName(const std::string& podName, const v1::Volume& volume);
// ephemeral.VolumeIsForPod: nullopt when the claim was created for the pod (its controller
// is the pod; the pod's UID is not simulated, so kind and name decide), else the error.
std::optional<std::string> VolumeIsForPod(const v1::Pod& pod, const v1::PersistentVolumeClaim& claim);
// The claim a pod volume uses: persistentVolumeClaim.claimName or the ephemeral claim's
// name; nullopt for other sources.
std::optional<std::string> ClaimNameOf(const v1::Pod& pod, const v1::Volume& volume);

// storagehelpers.IsVolumeBoundToClaim (UIDs are not simulated).
bool IsVolumeBoundToClaim(const v1::PersistentVolume& volume, const v1::PersistentVolumeClaim& claim);

// storagehelpers.CheckAccessModes: the volume offers every mode the claim asks for.
bool CheckAccessModes(const v1::PersistentVolumeClaim& claim, const v1::PersistentVolume& volume);

// The claim's spec.selector compiled (nullopt: none, every volume's labels match).
std::optional<Selector> ClaimVolumeSelector(const v1::PersistentVolumeClaim& claim, StringPool& pool);

// What storagehelpers.FindMatchingVolume decides of a volume before it looks at a node:
// every check but the node affinity and delayBinding, in its order (each rejection is a
// `continue`, so they commute with the node's). The scheduler's binder (with a node) and
// the PV controller (without) run their loops over it. `requestedClass` is ClaimClass(claim).
enum class VolumeFit : uint8_t { No, BoundToClaim, Candidate };
VolumeFit MatchVolumeWithoutNode(const v1::PersistentVolumeClaim& claim, const v1::PersistentVolume& volume,
                                 const std::optional<Selector>& selector, const std::string& requestedClass,
                                 StringPool& pool);

// v1helper.MatchTopologySelectorTerms: no terms match every node; else any term whose
// every requirement the node's labels satisfy (MatchTopologySelectorTerm).
bool MatchTopologySelectorTerm(const v1::TopologySelectorTerm& term, const LabelSet& labels, StringPool& pool);
bool MatchTopologySelectorTerms(const std::vector<v1::TopologySelectorTerm>& terms, const LabelSet& labels,
                                StringPool& pool);

// What VolumeBinding's Reserve assumed about one of the pod's claims (binder.AssumePodVolumes),
// so that the next pod's cycle sees it: a static binding, whose volume's claimRef now names
// the claim (storagehelpers.GetBindVolumeToClaim), or a claim to be provisioned for the chosen
// node, annotated volume.kubernetes.io/selected-node.
struct VolumeAssumption {
  int32_t claim = -1;   // in Scenario::persistentVolumeClaims
  int32_t volume = -1;  // in Scenario::persistentVolumes; -1: provisioned for selectedNode
  std::string selectedNode;
  bool operator==(const VolumeAssumption&) const = default;
};
// Writes the assumption into the scenario's objects; false when they already said so
// (GetBindVolumeToClaim's dirty).
bool ApplyVolumeAssumption(Scenario& scenario, const VolumeAssumption& assumption);

// The NotFound error of a client-go lister or client: `persistentvolumeclaim "data" not found`.
std::string NotFoundError(std::string_view resource, std::string_view name);

// storagehelpers.CheckNodeAffinity: whether a node with `labels` satisfies the volume's
// spec.nodeAffinity.required (the node is given by its labels only, so a matchFields
// term never matches).
bool CheckVolumeNodeAffinity(const v1::PersistentVolume& volume, const LabelSet& labels, StringPool& pool);

}  // namespace spreadlab
