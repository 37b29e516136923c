// The PersistentVolume controller (pkg/controller/volume/persistentvolume: pv_controller.go
// syncVolume, syncUnboundClaim, bind; index.go findBestMatchForClaim) and, since no CSI
// driver runs, a stand-in for what external-provisioner and the driver do for a claim whose
// class has a provisioner: the member of Controllers (controllers/manager.h) that binds the
// scenario's claims after the workload controllers ran, so that the next scheduling round
// finds each volume where it is.
//
// Simulation choices (upstream's provisioner asks the driver; here the node decides):
// - a provisioned volume is named pvc-<claim's metadata.uid>, or pvc-<namespace>-<name>
//   when the claim has no uid (the API server's uids are not simulated);
// - its spec.nodeAffinity is the node's topology: the keys the node's CSINode lists for the
//   driver (topologyKeys) with the node's values; without such a CSINode, the first of the
//   class's allowedTopologies the node matches, each requirement narrowed to the node's
//   value; without either, the node's topology.kubernetes.io/zone;
// - the node is the claim's volume.kubernetes.io/selected-node (WaitForFirstConsumer); an
//   Immediate claim has none, and the first node in file order that the class's
//   allowedTopologies allow stands for the one the driver would pick;
// - the volume's source is `csi` with the provisioner as driver, unless the provisioner
//   is an in-tree name (kubernetes.io/...), which gets no source;
// - the binding is done in the same pass (upstream: the provisioner creates the volume with
//   its claimRef, the PV controller's next sync binds both sides);
// - a volume whose claim the garbage collector deleted in this pass is reclaimed at once
//   (Released, or deleted when its reclaim policy is Delete).
#include <algorithm>
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "controlplane/controllers/controller_utils.h"
#include "controlplane/controllers/manager.h"
#include "core/cluster.h"
#include "core/corev1/selectors.h"
#include "core/storage.h"
#include "io/json_fields.h"
#include "io/storage_reader.h"

namespace spreadlab::controlplane {

using io::Child;
using io::Str;

namespace {

// storagehelpers: the annotations the binding and provisioning write.
constexpr const char* kAnnDynamicallyProvisioned = "pv.kubernetes.io/provisioned-by";
constexpr const char* kAnnStorageProvisioner = "volume.kubernetes.io/storage-provisioner";
constexpr const char* kAnnBetaStorageProvisioner = "volume.beta.kubernetes.io/storage-provisioner";

json Requirement(const std::string& key, const std::string& value) {
  return json{{"key", key}, {"operator", "In"}, {"values", json::array({value})}};
}

// The storage objects as the controller's informers list them, each with its item.
class VolumeController {
 public:
  VolumeController(json& items, ControllerResult& out, const std::vector<std::pair<size_t, v1::Node>>& nodes,
                   std::set<size_t>& erase, std::function<std::string(size_t)> source)
      : items_(items), out_(out), nodes_(nodes), erase_(erase), source_(std::move(source)) {
    for (size_t i = 0; i < items_.size(); ++i) {
      const json& it = items_[i];
      if (!it.is_object()) continue;
      const std::string kind = Str(it, "kind");
      if (kind != "PersistentVolumeClaim" && kind != "PersistentVolume" && kind != "StorageClass" && kind != "CSINode")
        continue;
      if (!erase_.count(i)) {
        Read(kind, i);
      } else if (kind == "PersistentVolumeClaim") {
        const json* meta = Obj(it, "metadata");
        deletedClaims_.insert(NamespaceOf(*meta) + "/" + Str(*meta, "name"));
      }
    }
  }

  void Run() {
    for (size_t v = 0; v < s_.persistentVolumes.size(); ++v) SyncVolume(v);
    for (size_t c = 0; c < s_.persistentVolumeClaims.size(); ++c) {
      const v1::PersistentVolumeClaim& claim = s_.persistentVolumeClaims[c];
      // syncClaim: a claim bound to completion is syncBoundClaim's, which changes nothing here.
      if (claim.metadata.terminating || claim.metadata.annotations.count(v1::kAnnBindCompleted)) continue;
      SyncUnboundClaim(static_cast<int32_t>(c));
    }
  }

 private:
  void Read(const std::string& kind, size_t i) {
    const std::string path = "items[" + std::to_string(i) + "]";
    io::ReadStorageItem(kind, items_[i], io::read::Path(path), s_);
    if (kind == "PersistentVolumeClaim") claimItems_.push_back(i);
    if (kind == "PersistentVolume") volumeItems_.push_back(i);
    if (kind == "StorageClass") classItems_.push_back(i);
  }

  int32_t VolumeNamed(const std::string& name) const {
    for (size_t v = 0; v < s_.persistentVolumes.size(); ++v)
      if (s_.persistentVolumes[v].metadata.name == name) return static_cast<int32_t>(v);
    return -1;
  }
  int32_t ClassNamed(const std::string& name) const {
    for (size_t c = 0; c < s_.storageClasses.size(); ++c)
      if (s_.storageClasses[c].metadata.name == name) return static_cast<int32_t>(c);
    return -1;
  }
  const v1::Node* NodeNamed(const std::string& name) const {
    for (const auto& [item, node] : nodes_)
      if (node.metadata.name == name) return &node;
    return nullptr;
  }

  // syncVolume of a volume no claim names: "volume is unused", its phase Available; of a
  // volume whose claim was deleted in this pass: Released, then reclaimVolume.
  void SyncVolume(size_t v) {
    v1::PersistentVolume& volume = s_.persistentVolumes[v];
    if (volume.claimRef && deletedClaims_.count(volume.claimRef->ns + "/" + volume.claimRef->name) &&
        volume.phase != "Released" && volume.phase != "Failed") {
      ReclaimVolume(v);
      return;
    }
    if (volume.claimRef || volume.phase == "Available" || volume.metadata.terminating) return;
    volume.phase = "Available";
    Child(items_[volumeItems_[v]], "status")["phase"] = "Available";
  }

  // reclaimVolume: Retain keeps the Released volume (an administrator frees it), Delete deletes
  // it (deleteVolumeOperation; the driver deletes the disk). Only for the claims deleted in this
  // pass: a document may leave out the claim of a volume it holds. Recycle is deprecated and
  // kept as Released here.
  void ReclaimVolume(size_t v) {
    const v1::PersistentVolume& volume = s_.persistentVolumes[v];
    json& item = items_[volumeItems_[v]];
    const json* spec = Obj(item, "spec");
    const std::string policy = spec ? Str(*spec, "persistentVolumeReclaimPolicy", "Retain") : "Retain";
    const std::string claim = volume.claimRef->ns + "/" + volume.claimRef->name;
    if (policy == "Delete") {
      erase_.insert(volumeItems_[v]);
      out_.notes.push_back(source_(volumeItems_[v]) + ": PersistentVolume " + volume.metadata.name +
                           " deleted: its claim " + claim + " is gone and its reclaim policy is Delete");
      return;
    }
    s_.persistentVolumes[v].phase = "Released";
    Child(item, "status")["phase"] = "Released";
    out_.notes.push_back(source_(volumeItems_[v]) + ": PersistentVolume " + volume.metadata.name +
                         " Released: its claim " + claim + " is gone and its reclaim policy is " + policy);
  }

  // storagehelpers.IsDelayBindingMode: a class that does not exist is not delayed.
  bool DelayBinding(const v1::PersistentVolumeClaim& claim) const {
    const std::string className = ClaimClass(claim);
    const int32_t sc = className.empty() ? -1 : ClassNamed(className);
    return sc >= 0 && s_.storageClasses[sc].volumeBindingMode == v1::kVolumeBindingWaitForFirstConsumer;
  }

  // findBestMatchForClaim (index.go findByClaim): the access-mode sets that hold every mode
  // the claim asks for, fewest modes first, each searched by FindMatchingVolume without a
  // node: the volume pre-bound to the claim, else (not delayed) the smallest Available one.
  int32_t FindBestMatchForClaim(const v1::PersistentVolumeClaim& claim, bool delayBinding) {
    std::vector<std::vector<std::string>> modeSets;
    for (const v1::PersistentVolume& volume : s_.persistentVolumes) {
      std::vector<std::string> modes = volume.accessModes;
      std::sort(modes.begin(), modes.end());
      modes.erase(std::unique(modes.begin(), modes.end()), modes.end());
      if (CheckAccessModes(claim, volume) && std::find(modeSets.begin(), modeSets.end(), modes) == modeSets.end())
        modeSets.push_back(std::move(modes));
    }
    std::stable_sort(modeSets.begin(), modeSets.end(),
                     [](const auto& a, const auto& b) { return a.size() < b.size(); });
    const std::string requestedClass = ClaimClass(claim);
    const std::optional<Selector> selector = ClaimVolumeSelector(claim, pool_);
    for (const std::vector<std::string>& modes : modeSets) {
      int32_t smallest = -1;
      for (size_t v = 0; v < s_.persistentVolumes.size(); ++v) {
        const v1::PersistentVolume& volume = s_.persistentVolumes[v];
        std::vector<std::string> own = volume.accessModes;
        std::sort(own.begin(), own.end());
        own.erase(std::unique(own.begin(), own.end()), own.end());
        if (own != modes) continue;
        const VolumeFit fit = MatchVolumeWithoutNode(claim, volume, selector, requestedClass, pool_);
        if (fit == VolumeFit::BoundToClaim) return static_cast<int32_t>(v);
        // "PV controller does not bind this claim": the scheduler binds delayed claims.
        if (fit == VolumeFit::No || delayBinding) continue;
        if (smallest < 0 || s_.persistentVolumes[smallest].capacity.value > volume.capacity.value)
          smallest = static_cast<int32_t>(v);
      }
      if (smallest >= 0) return smallest;
    }
    return -1;
  }

  // checkVolumeSatisfyClaim: the volume a claim names by spec.volumeName fits it.
  static bool VolumeSatisfiesClaim(const v1::PersistentVolume& volume, const v1::PersistentVolumeClaim& claim) {
    return !volume.metadata.terminating && volume.capacity.value >= claim.storageRequest.value &&
           VolumeClass(volume) == ClaimClass(claim) && volume.volumeMode == claim.volumeMode &&
           CheckAccessModes(claim, volume);
  }

  void SyncUnboundClaim(int32_t c) {
    const v1::PersistentVolumeClaim& claim = s_.persistentVolumeClaims[c];
    if (!claim.volumeName.empty()) {
      // The user asked for a volume: bound when it is free and fits, or names the claim already.
      const int32_t v = VolumeNamed(claim.volumeName);
      if (v < 0) return;  // "volume not found": the claim stays Pending
      const v1::PersistentVolume& volume = s_.persistentVolumes[v];
      if (volume.claimRef ? IsVolumeBoundToClaim(volume, claim) : VolumeSatisfiesClaim(volume, claim)) Bind(v, c);
      return;
    }
    const bool delayBinding = DelayBinding(claim);
    const int32_t v = FindBestMatchForClaim(claim, delayBinding);
    if (v >= 0) {
      Bind(v, c);
      return;
    }
    // IsDelayBindingProvisioning: no pod chose a node for a delayed claim yet.
    if (delayBinding && !claim.metadata.annotations.count(v1::kAnnSelectedNode)) return;
    if (!ClaimClass(claim).empty()) ProvisionClaim(c);
  }

  // provisionClaim (setClaimProvisioner) and the external provisioner's volume for the claim.
  void ProvisionClaim(int32_t c) {
    const v1::PersistentVolumeClaim& claim = s_.persistentVolumeClaims[c];
    const int32_t sc = ClassNamed(ClaimClass(claim));
    if (sc < 0) return;  // "storageclass not found": the claim stays Pending
    const v1::StorageClass& cls = s_.storageClasses[sc];
    if (cls.provisioner.empty() || cls.provisioner == v1::kNotSupportedProvisioner) return;
    const v1::Node* node = nullptr;
    auto selected = claim.metadata.annotations.find(v1::kAnnSelectedNode);
    if (selected != claim.metadata.annotations.end()) {
      node = NodeNamed(selected->second);
    } else {
      for (const auto& [item, n] : nodes_)
        if (MatchTopologySelectorTerms(cls.allowedTopologies, MakeLabelSet(n.metadata.labels, pool_), pool_)) {
          node = &n;
          break;
        }
    }
    if (!node) return;  // the selected node is gone: the scheduler chooses again
    json& claimItem = items_[claimItems_[c]];
    const json* meta = Obj(claimItem, "metadata");
    const std::string uid = meta ? Str(*meta, "uid") : "";
    const std::string name = "pvc-" + (uid.empty() ? claim.metadata.ns + "-" + claim.metadata.name : uid);
    if (VolumeNamed(name) >= 0) return;  // a volume of that name exists and is not the claim's
    json& annotations = Child(Child(claimItem, "metadata"), "annotations");
    annotations[kAnnStorageProvisioner] = cls.provisioner;
    annotations[kAnnBetaStorageProvisioner] = cls.provisioner;

    json spec = json::object();
    const json* claimSpec = Obj(claimItem, "spec");
    const json* requests =
        claimSpec && Obj(*claimSpec, "resources") ? Obj(*Obj(*claimSpec, "resources"), "requests") : nullptr;
    if (requests && requests->contains("storage")) spec["capacity"] = {{"storage", (*requests)["storage"]}};
    spec["accessModes"] = claim.accessModes;
    spec["persistentVolumeReclaimPolicy"] = Str(items_[classItems_[sc]], "reclaimPolicy", "Delete");
    spec["storageClassName"] = cls.metadata.name;
    spec["volumeMode"] = claim.volumeMode;
    if (cls.provisioner.rfind("kubernetes.io/", 0) != 0)
      spec["csi"] = {{"driver", cls.provisioner}, {"volumeHandle", name}};
    spec["claimRef"] = ClaimRef(claim);
    const json terms = Topology(*node, cls);
    if (!terms.empty()) spec["nodeAffinity"] = {{"required", {{"nodeSelectorTerms", terms}}}};
    json volume = {{"apiVersion", "v1"},
                   {"kind", "PersistentVolume"},
                   {"metadata", {{"name", name}, {"annotations", {{kAnnDynamicallyProvisioned, cls.provisioner}}}}},
                   {"spec", std::move(spec)},
                   {"status", {{"phase", "Pending"}}}};
    items_.push_back(std::move(volume));
    out_.created.push_back({items_.size() - 1, source_(claimItems_[c]), false});
    Read("PersistentVolume", items_.size() - 1);
    out_.notes.push_back(source_(claimItems_[c]) + ": PersistentVolumeClaim " + claim.metadata.ns + "/" +
                         claim.metadata.name + ": provisioned PersistentVolume " + name + " (" + cls.provisioner +
                         ") for node " + node->metadata.name);
    Bind(VolumeNamed(name), c);
  }

  // The node's topology as the provisioned volume's node affinity (see the top of the file).
  json Topology(const v1::Node& node, const v1::StorageClass& cls) {
    const v1::LabelMap& labels = node.metadata.labels;
    json term = json::array();
    for (const v1::CSINode& csiNode : s_.csiNodes) {
      if (csiNode.metadata.name != node.metadata.name) continue;
      for (const v1::CSINodeDriver& d : csiNode.drivers) {
        if (d.name != cls.provisioner) continue;
        for (const std::string& key : d.topologyKeys)
          if (auto it = labels.find(key); it != labels.end()) term.push_back(Requirement(key, it->second));
        return term.empty() ? json::array() : json::array({{{"matchExpressions", term}}});
      }
    }
    const LabelSet interned = MakeLabelSet(labels, pool_);
    for (const v1::TopologySelectorTerm& t : cls.allowedTopologies) {
      if (!MatchTopologySelectorTerm(t, interned, pool_)) continue;
      for (const v1::TopologySelectorRequirement& r : t) term.push_back(Requirement(r.key, labels.at(r.key)));
      return term.empty() ? json::array() : json::array({{{"matchExpressions", term}}});
    }
    if (auto zone = labels.find(kLabelTopologyZone); zone != labels.end())
      return json::array({{{"matchExpressions", json::array({Requirement(zone->first, zone->second)})}}});
    return json::array();
  }

  // reference.GetReference of the claim (its uid when it has one).
  json ClaimRef(const v1::PersistentVolumeClaim& claim) {
    return json{{"kind", "PersistentVolumeClaim"},
                {"namespace", claim.metadata.ns},
                {"name", claim.metadata.name},
                {"apiVersion", "v1"}};
  }

  // bind: bindVolumeToClaim, updateVolumePhase(Bound), bindClaimToVolume, updateClaimStatus(Bound).
  void Bind(int32_t v, int32_t c) {
    v1::PersistentVolume& volume = s_.persistentVolumes[v];
    v1::PersistentVolumeClaim& claim = s_.persistentVolumeClaims[c];
    json& volumeItem = items_[volumeItems_[v]];
    json& claimItem = items_[claimItems_[c]];
    if (!IsVolumeBoundToClaim(volume, claim)) {  // GetBindVolumeToClaim
      volume.claimRef = v1::ObjectReference{claim.metadata.ns, claim.metadata.name};
      Child(volumeItem, "spec")["claimRef"] = ClaimRef(claim);
      volume.metadata.annotations[v1::kAnnBoundByController] = "yes";
      Child(Child(volumeItem, "metadata"), "annotations")[v1::kAnnBoundByController] = "yes";
    }
    volume.phase = "Bound";
    Child(volumeItem, "status")["phase"] = "Bound";
    json& annotations = Child(Child(claimItem, "metadata"), "annotations");
    if (claim.volumeName.empty()) {  // the controller chose the volume
      claim.volumeName = volume.metadata.name;
      Child(claimItem, "spec")["volumeName"] = claim.volumeName;
      claim.metadata.annotations[v1::kAnnBoundByController] = "yes";
      annotations[v1::kAnnBoundByController] = "yes";
    }
    claim.metadata.annotations[v1::kAnnBindCompleted] = "yes";
    annotations[v1::kAnnBindCompleted] = "yes";
    claim.phase = "Bound";
    json& status = Child(claimItem, "status");
    status["phase"] = "Bound";
    status["accessModes"] = volume.accessModes;
    const json* volumeSpec = Obj(volumeItem, "spec");
    if (const json* capacity = volumeSpec ? Obj(*volumeSpec, "capacity") : nullptr) status["capacity"] = *capacity;
    out_.notes.push_back(source_(claimItems_[c]) + ": PersistentVolumeClaim " + claim.metadata.ns + "/" +
                         claim.metadata.name + " bound to PersistentVolume " + volume.metadata.name);
  }

  json& items_;
  ControllerResult& out_;
  const std::vector<std::pair<size_t, v1::Node>>& nodes_;
  std::set<size_t>& erase_;                    // the items deleted in this pass
  std::function<std::string(size_t)> source_;  // where an item is in the file as written
  std::set<std::string> deletedClaims_;        // namespace/name of the claims deleted in this pass
  Scenario s_;
  std::vector<size_t> claimItems_, volumeItems_, classItems_;
  StringPool pool_;
};

}  // namespace

void Controllers::PersistentVolumes() {
  VolumeController controller(items_, out_, Nodes(), erase_, [this](size_t item) { return ItemSource(item); });
  controller.Run();
}

}  // namespace spreadlab::controlplane
