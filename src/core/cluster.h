#pragma once
// The cluster the scheduler runs on: a Scenario compiled into interned nodes and
// pods (the analogue of kube-scheduler's NodeInfo snapshot), plus the indexes
// that keep a scheduling cycle proportional to the number of nodes rather than
// pods: per-topology-key domain columns and per-selector match counts that are
// updated incrementally as pods are bound.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/api.h"
#include "core/corev1/nodeaffinity.h"
#include "core/corev1/toleration.h"
#include "core/labels.h"
#include "core/resources.h"
#include "core/storage.h"

namespace spreadlab {

using NodeIndex = int32_t;
using PodIndex = int32_t;
inline constexpr int32_t kNone = -1;

inline constexpr const char* kLabelHostname = "kubernetes.io/hostname";
inline constexpr const char* kLabelTopologyZone = "topology.kubernetes.io/zone";

struct NodeInfo {
  NodeIndex index = kNone;
  std::string name;
  Sym nameSym = kNoSym;
  LabelSet labels;
  bool unschedulable = false;
  std::vector<Taint> taints;
  std::vector<PodIndex> pods;  // bound pods, in binding order
  // framework.NodeInfo's resource view: allocatable, the sum of the bound
  // pods' requests, and the same with 100m/200Mi for containers that set none.
  Resource allocatable;
  Resource requested;
  int64_t nonZeroMilliCPU = 0;
  int64_t nonZeroMemory = 0;
  // Bound pods with any pod (anti-)affinity term, and those with a required
  // anti-affinity term (NodeInfo.PodsWithAffinity / PodsWithRequiredAntiAffinity).
  std::vector<PodIndex> podsWithAffinity;
  std::vector<PodIndex> podsWithRequiredAntiAffinity;

  NodeView View() const { return NodeView{labels, nameSym}; }
};

struct OwnerRef {
  Sym ns = kNoSym;
  std::string apiVersion, kind, name;
};

struct PodInfo {
  PodIndex index = kNone;
  std::string name;
  std::string ns;
  std::string key;  // "namespace/name"
  Sym nsSym = kNoSym;
  LabelSet labels;
  bool terminating = false;
  bool finished = false;     // status.phase Succeeded/Failed: invisible to the scheduler
  NodeIndex node = kNone;    // kNone while pending
  std::string nodeNameSpec;  // spec.nodeName as written (NodeName plugin)
  std::vector<Toleration> tolerations;
  std::optional<OwnerRef> controller;  // metav1.GetControllerOf
  PodResources resources;
  bool hasAffinity = false;  // spec.affinity has podAffinity or podAntiAffinity
  bool hasRequiredAntiAffinity = false;
  // status.nominatedNodeName's node: an earlier preemption made room there (kNone: none,
  // or a node the cluster lacks).
  NodeIndex nominated = kNone;
  int32_t priority = 0;  // corev1helpers.PodPriority: spec.priority, 0 when unset
  // Waiting for the scheduler: not bound, no spec.nodeName (a pod bound to a node the
  // scenario lacks is bound all the same: kube-scheduler's snapshot simply has no such
  // node, so it counts nowhere), not finished.
  bool Pending() const { return node == kNone && nodeNameSpec.empty() && !finished; }
};

// Domains of one topology key: the dense domain number of every node (kNone
// where the node lacks the label) and each domain's label value.
struct TopologyColumn {
  Sym key = kNoSym;
  std::vector<int32_t> domainOfNode;
  std::vector<Sym> domainValue;
};

class Cluster {
 public:
  // The scenario must be valid (see core/validation.h).
  explicit Cluster(Scenario scenario);
  // Shares the scenario instead of copying it (the lab's document keeps it to edit). Its
  // owner builds a new cluster after changing it, or calls UpdatePendingPod when the change
  // was one pending pod's spec; the cluster's own what-if edits below copy it first.
  explicit Cluster(std::shared_ptr<const Scenario> scenario);
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  const Scenario& scenario() const { return *scenario_; }
  const Release& release() const { return scenario_->release; }
  StringPool& pool() { return pool_; }
  const StringPool& pool() const { return pool_; }

  const std::vector<NodeInfo>& nodes() const { return nodes_; }
  const std::vector<PodInfo>& pods() const { return pods_; }
  const NodeInfo& node(NodeIndex i) const { return nodes_[i]; }
  const PodInfo& pod(PodIndex i) const { return pods_[i]; }
  const v1::Pod& podSpec(PodIndex i) const { return scenario_->pods[i]; }

  // The order kube-scheduler's snapshot lists nodes in (nodeTree.list): one node
  // from each zone in turn, zones and nodes in the order they were added.
  const std::vector<NodeIndex>& NodeTreeOrder() const { return treeOrder_; }
  // The order kube-scheduler's cache received the nodes in (Scenario::listedNodes): the
  // listed ones sorted by name, as the informer's initial list returns them ("node-11"
  // before "node-2"), then the later ones in the order they came. Computed on each call.
  std::vector<NodeIndex> CacheAddOrder() const;

  NodeIndex FindNode(std::string_view name) const;
  // By "name" (namespace default) or "namespace/name".
  PodIndex FindPod(std::string_view ref) const;
  std::vector<PodIndex> PendingPods() const;

  // Binds a pending pod; indexes and the node's requested resources are
  // updated incrementally (NodeInfo.AddPod).
  void Bind(PodIndex pod, NodeIndex node);

  // What a Reserve plugin assumed about a claim once its pod's node was chosen (the
  // scheduler's assume cache: core/storage.h ApplyVolumeAssumption); every assumption that
  // changed an object is kept, in order, in assumedVolumes().
  void AssumeVolume(const VolumeAssumption& assumption);
  const std::vector<VolumeAssumption>& assumedVolumes() const { return assumedVolumes_; }

  // --- Edits for what-if analyses (core/why), each undone by its inverse. ---
  // Unbinds a bound pod (NodeInfo.RemovePod); it becomes pending again.
  void Unbind(PodIndex pod);
  // Puts the node's pods back in `order` (the same pods) after a what-if unbound and bound
  // some of them: NodeInfo keeps its pods in the order they arrived.
  void RestorePodOrder(NodeIndex node, const std::vector<PodIndex>& order);
  // Replaces the spec of a pod that is not bound.
  void ReplacePendingPod(PodIndex pod, v1::Pod spec);
  // The spec of a pod that is not bound is now `spec`: when `spec` is the pod in the
  // scenario the cluster shares (changed there by its owner) it is compiled again, else
  // copied in as ReplacePendingPod does.
  void UpdatePendingPod(PodIndex pod, const v1::Pod& spec);
  void SetUnschedulable(NodeIndex node, bool unschedulable);
  // The pod's nomination (the scheduler's nominator, not written to the scenario): set by a
  // preemption, cleared by kNone.
  void SetNominatedNode(PodIndex pod, NodeIndex node);
  // A claim replaced by another of the same name, a volume marked as being deleted: names
  // stay, so storage() stays valid.
  void ReplaceClaim(int32_t claim, v1::PersistentVolumeClaim spec);
  void SetVolumeTerminating(int32_t volume, bool terminating);
  // Appends a node without pods (it reaches the scheduler's cache after the others);
  // RemoveLastNode takes the last node (without pods) away again. Cached topology columns
  // and match counts are kept in place, so views of them stay valid.
  NodeIndex AddNode(v1::Node node);
  void RemoveLastNode();

  // Incremented by every change: plugins that cache derived data across cycles
  // compare it to know when the cluster changed. Caches that assume bindings
  // only ever add pods need a fresh Framework after Unbind or RemoveLastNode.
  uint64_t generation() const { return generation_; }

  // The bound pods with pod (anti-)affinity terms, in the order they were bound
  // (file order first). Bind only appends, so a plugin indexing them resumes
  // from where it stopped instead of walking every node (Unbind removes one:
  // see generation()).
  const std::vector<PodIndex>& boundWithAffinity() const { return boundWithAffinity_; }
  // Incremented when Unbind takes a pod out of boundWithAffinity(): an index of it built
  // before is stale and must be built again.
  uint64_t affinityRemovals() const { return affinityRemovals_; }

  // The pods with a nomination (PodInfo::nominated), in pod order; bound ones included (a
  // bound pod's nomination no longer holds room: the caller checks).
  const std::vector<PodIndex>& nominatedPods() const { return nominatedPods_; }

  const TopologyColumn& Column(Sym key) const;

  // The scenario's storage objects by name (core/storage.h), indexed when first needed.
  const StorageIndex& storage() const;

  // Per node, how many bound, non-terminating pods of namespace `ns` match
  // `selector` (podtopologyspread.countPodsMatchSelector for every node).
  const std::vector<int32_t>& MatchCounts(Sym ns, const Selector& selector) const;
  // The same count done from scratch; the incremental cache is tested against it.
  int32_t CountMatchingSlow(NodeIndex node, Sym ns, const Selector& selector) const;
  // Whether bound pod `p` counts toward `selector` in namespace `ns`: the rule
  // of countPodsMatchSelector that MatchCounts applies.
  bool Counts(const PodInfo& p, Sym ns, const Selector& selector) const;

 private:
  struct MatchCountEntry {
    Sym ns;
    Selector selector;
    size_t hash;
    std::vector<int32_t> perNode;
  };
  void BuildNodeTree();
  // Keeps nominatedPods_ in step with the pod's PodInfo::nominated.
  void TrackNomination(PodIndex pod);
  void AddPodToNode(const PodInfo& p, NodeInfo& n);
  void RemovePodFromNode(const PodInfo& p, NodeInfo& n);
  PodInfo CompilePod(PodIndex index, const v1::Pod& p);
  NodeInfo CompileNode(NodeIndex index, const v1::Node& n);

  // The scenario the cluster was built from; own_ is the same one once the cluster may
  // change it (built from a copy, or copied by the first what-if edit: Own()).
  Scenario& Own();
  std::shared_ptr<const Scenario> scenario_;
  std::shared_ptr<Scenario> own_;
  StringPool pool_;
  std::vector<NodeInfo> nodes_;
  std::vector<PodInfo> pods_;
  std::vector<NodeIndex> treeOrder_;
  uint64_t generation_ = 0;
  std::vector<PodIndex> boundWithAffinity_;
  uint64_t affinityRemovals_ = 0;
  std::vector<PodIndex> nominatedPods_;
  std::vector<VolumeAssumption> assumedVolumes_;
  std::unordered_map<std::string, NodeIndex> nodeByName_;
  mutable std::unordered_map<std::string, PodIndex> podByKey_;  // FindPod's, built when first needed
  mutable bool scannedForPod_ = false;
  // Caches are filled lazily by const lookups: a cycle only reads the cluster.
  mutable std::unordered_map<Sym, std::unique_ptr<TopologyColumn>> columns_;
  mutable std::vector<std::unique_ptr<MatchCountEntry>> matchCounts_;
  mutable std::unique_ptr<StorageIndex> storage_;  // positions in the storage vectors, which what-ifs never edit
};

}  // namespace spreadlab
