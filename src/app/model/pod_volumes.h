#pragma once
// A pod's claims as the lab shows them (the picture's badges and hovers, the Pending pod
// panel, window.spreadlab.storage()): each claim's class and binding mode, the
// PersistentVolume it is bound to and where that volume lives; and, for the explained
// pod, the nodes its volume filters (VolumeBinding, VolumeZone) rejected because a volume
// lives elsewhere. Read from the scenario's storage objects (core/storage.h) and the
// trace's verdicts; the decision itself is the plugins' (core/plugins/volume*).
#include <cstdint>
#include <string>
#include <vector>

#include "core/cluster.h"
#include "core/framework/trace.h"

namespace spreadlab::app {

// Where a volume lives along one topology key: the values its PersistentVolume allows
// (an In requirement of spec.nodeAffinity.required, or a zone or region label VolumeZone
// reads, several zones joined by "__").
struct VolumePlace {
  std::string key;
  std::vector<std::string> values;
  bool operator==(const VolumePlace&) const = default;
};

enum class ClaimState : uint8_t {
  Bound,                 // spec.volumeName names a volume that exists
  VolumeMissing,         // spec.volumeName names a volume the scenario lacks
  WaitForFirstConsumer,  // not bound, its class waits for the scheduler's node
  Unbound,               // not bound, its class binds at once (Immediate) or there is no class
  Missing,               // the claim does not exist
};
const char* ClaimStateName(
    ClaimState s);  // "bound", "volume missing", "waiting for first consumer", "unbound", "missing"

// One claim of a pod: a persistentVolumeClaim volume or a generic ephemeral volume.
struct PodClaim {
  std::string volume;  // spec.volumes[i].name
  std::string claim;   // the claim's name (an ephemeral volume's is "<pod>-<volume>")
  bool ephemeral = false;
  ClaimState state = ClaimState::Missing;
  std::string storageClass;         // storagehelpers.GetPersistentVolumeClaimClass; "" without one
  std::string bindingMode;          // the class's volumeBindingMode; "" when the class is not in the scenario
  std::string persistentVolume;     // spec.volumeName ("" while unbound)
  std::vector<VolumePlace> places;  // where the bound volume lives (empty: anywhere, or not bound)
};

// Whether the pod has a persistentVolumeClaim or ephemeral volume (cheap: a chip's badge).
bool UsesClaims(const v1::Pod& pod);
std::vector<PodClaim> PodClaims(const Scenario& sc, const StorageIndex& storage, const v1::Pod& pod);
std::vector<VolumePlace> PlacesOf(const v1::PersistentVolume& volume);
// The zone a place list names (topology.kubernetes.io/zone, else the beta label): "zone-c",
// several joined by ", "; "" when none.
std::string ZoneOf(const std::vector<VolumePlace>& places);
// Whether a node with `labels` is where the volume lives: every place's key has one of its values.
bool LivesOn(const std::vector<VolumePlace>& places, const v1::LabelMap& labels);
// "bound to pv-data-db-2 in topology.kubernetes.io/zone=zone-c", "waiting for first consumer", "unbound", ...
std::string ClaimStateText(const PodClaim& c);
// The claim in plain words, for the Pending pod panel and the hovers.
std::string ClaimSentence(const PodClaim& c);
// Why a node is not where a bound claim's volume lives: "pv-data-db-2 (claim data-db-2)
// lives in topology.kubernetes.io/zone=zone-c; node-a1 is in zone-a".
std::string ElsewhereSentence(const PodClaim& c, const v1::Node& node);

// A bound claim's volume that no pod on a node uses: its pod is Pending, gone (a StatefulSet
// pod between its loss with a failed node and its replacement) or not made yet. No pod chip
// carries its badge then, so the picture draws it where it lives: the disk stays in its zone
// while its pod moves or waits.
struct WaitingVolume {
  std::string volume;  // the PersistentVolume's name
  std::string claim;   // namespace/name
  std::vector<VolumePlace> places;
};
// In the scenario's claim order; volumes that live anywhere (no place) are left out.
std::vector<WaitingVolume> VolumesWithoutBoundPod(const Scenario& sc, const StorageIndex& storage);

// The explained pod's volumes on the picture.
struct VolumeConflicts {
  std::vector<PodClaim> claims;  // the explained pod's
  // Per node of the cluster: the claims (indexes in `claims`) whose volume lives elsewhere,
  // on the nodes a volume filter rejected for the volume's place (its "didn't match
  // PersistentVolume's node affinity" or "had no available volume zone"); empty elsewhere.
  std::vector<std::vector<uint16_t>> elsewhere;
  // The filter plugin (index in CycleTrace::filterPlugins) whose verdict says so, per node; -1 elsewhere.
  std::vector<int16_t> plugin;
  bool any = false;                  // some node has claims in `elsewhere`
  std::vector<uint32_t> nodesThere;  // per claim: the cluster's nodes where its volume lives
};
VolumeConflicts FindVolumeConflicts(const Cluster& cluster, const CycleTrace& trace);
// What the cluster has where a bound claim's volume lives: "No node is in
// topology.kubernetes.io/zone=zone-c: ..." or "2 nodes are where it lives."; "" for a
// claim whose volume has no place.
std::string PlaceSentence(const PodClaim& c, uint32_t nodesThere);
// Whether verdict `v` rejects the node for where a volume lives (VolumeBinding's node
// affinity conflict, VolumeZone's zone conflict), in the release's words.
bool RejectsForVolumePlace(const CycleTrace& trace, const FilterVerdict& v);

}  // namespace spreadlab::app
