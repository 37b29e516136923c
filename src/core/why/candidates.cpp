#include "core/why/candidates.h"

#include <algorithm>
#include <climits>
#include <numeric>

#include "core/plugins/noderesources/fit.h"
#include "core/plugins/podtopologyspread/plugin.h"
#include "core/storage.h"

namespace spreadlab::why {

namespace {

using plugins::Fit;
using plugins::PodTopologySpread;

class Builder {
 public:
  Builder(const Cluster& cluster, Framework& framework, const Report& r, const Options& o)
      : cluster_(cluster), fw_(framework), r_(r), m_(r.matrix), o_(o), pod_(cluster.podSpec(r.pod)) {
    if (r.target != kNone) {
      considered_ = {r.target};
    } else {
      considered_.resize(cluster.nodes().size());
      std::iota(considered_.begin(), considered_.end(), 0);
    }
  }

  std::vector<Edit> Build() {
    for (size_t c = 0; c < r_.spreadFilter.size(); ++c) SpreadEdits(static_cast<int32_t>(c));
    NodeAffinityEdits();
    TaintEdits();
    UncordonEdits();
    const auto* fit = dynamic_cast<const Fit*>(fw_.FindPlugin(Fit::kName));
    if (r_.target == kNone) {  // a new node is never the target
      AddNodeEdits();
      AddNodeForVolumes();
      if (fit) AddNodeForResources(*fit);
    }
    PodEdits();
    if (fit) RoomEdits(*fit);
    AttachSlotEdits();
    RecreateClaimEdits();
    return std::move(edits_);
  }

 private:
  size_t Row(std::string_view plugin, int32_t constraint = -1) const {
    for (size_t i = 0; i < m_.rows.size(); ++i)
      if (m_.rows[i].plugin == plugin && m_.rows[i].constraint == constraint) return i;
    return SIZE_MAX;
  }
  bool Fails(size_t row, NodeIndex n) const { return row != SIZE_MAX && m_.at(row, n).state == CellState::Fail; }
  size_t Failures(NodeIndex n) const {
    size_t f = 0;
    for (size_t row = 0; row < m_.rows.size(); ++row) f += Fails(row, n);
    return f;
  }
  // Considered nodes failing `row`: those it alone rejects first, capped.
  std::vector<NodeIndex> Blocked(size_t row) const {
    std::vector<NodeIndex> out;
    if (row == SIZE_MAX) return out;
    for (NodeIndex n : considered_)
      if (Fails(row, n)) out.push_back(n);
    std::stable_partition(out.begin(), out.end(), [&](NodeIndex n) { return Failures(n) == 1; });
    return out;
  }

  // Constraint edits: the constraint stays, tuned.
  void SpreadEdits(int32_t c) {
    const SpreadConstraintSummary& s = r_.spreadFilter[c];
    const size_t row = Row(PodTopologySpread::kName, c);
    Edit base;
    base.constraint = c;
    base.fromDefaults = s.fromDefaults;

    // maxSkew: the least skew among nodes this constraint alone rejects
    // (raising maxSkew changes no count, so no other row moves).
    int32_t least = INT32_MAX;
    for (NodeIndex n : considered_) {
      const MatrixCell& cell = m_.at(row, n);
      if (cell.state == CellState::Fail && cell.check.domain != kNoSym && Failures(n) == 1)
        least = std::min(least, cell.check.skew);
    }
    if (least != INT32_MAX) Add(base, EditKind::RaiseMaxSkew, [&](Edit& e) { e.from = s.maxSkew, e.to = least; });

    // minDomains above the eligible domains makes the global minimum 0.
    const int32_t eligible = static_cast<int32_t>(s.domains.size());
    if (s.minDomains > 1 && eligible < s.minDomains && eligible > 0)
      Add(base, EditKind::LowerMinDomains, [&](Edit& e) { e.from = s.minDomains, e.to = eligible; });

    // The policies decide which nodes' pods count; they matter only when the
    // pod has a required node selection, or a node has taints.
    const bool hasAffinity = !pod_.spec.nodeSelector.empty() ||
                             (pod_.spec.affinity && pod_.spec.affinity->nodeAffinity &&
                              pod_.spec.affinity->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution);
    if (hasAffinity)
      Add(base, EditKind::SetNodeAffinityPolicy,
          [&](Edit& e) { e.value = s.nodeAffinityPolicy == v1::kHonor ? v1::kIgnore : v1::kHonor; });
    const bool tainted = std::any_of(cluster_.nodes().begin(), cluster_.nodes().end(),
                                     [](const NodeInfo& n) { return !n.taints.empty(); });
    if (tainted)
      Add(base, EditKind::SetNodeTaintsPolicy,
          [&](Edit& e) { e.value = s.nodeTaintsPolicy == v1::kHonor ? v1::kIgnore : v1::kHonor; });

    Add(base, EditKind::ScheduleAnyway, [](Edit&) {});
  }

  void NodeAffinityEdits() {
    const size_t row = Row("NodeAffinity");
    // NodeAffinity rejects a node, or its PreFilter kept nodes out of the cycle.
    bool blocks = !Blocked(row).empty();
    for (NodeIndex n : considered_) blocks |= !r_.nodes[n].evaluated;
    if (!blocks) return;
    for (const auto& entry : pod_.spec.nodeSelector)  // (clang 14 cannot capture structured bindings)
      Add({}, EditKind::DropNodeSelector, [&](Edit& e) { e.value = entry.first; });
    if (!pod_.spec.affinity || !pod_.spec.affinity->nodeAffinity) return;
    const auto& required = pod_.spec.affinity->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution;
    if (!required) return;
    // Terms are ORed: dropping a whole term only narrows; dropping one of a
    // term's ANDed requirements widens it.
    int32_t total = 0;
    for (size_t t = 0; t < required->nodeSelectorTerms.size(); ++t) {
      const auto& term = required->nodeSelectorTerms[t];
      const size_t n = term.matchExpressions.size() + term.matchFields.size();
      total += static_cast<int32_t>(n);
      if (n < 2) continue;
      for (size_t i = 0; i < n; ++i)
        Add({}, EditKind::DropNodeAffinityRequirement, [&](Edit& e) {
          e.term = static_cast<int32_t>(t);
          e.requirement = static_cast<int32_t>(i);
        });
    }
    Add({}, EditKind::DropRequiredNodeAffinity, [&](Edit& e) { e.from = total; });
  }

  // Tolerate every NoSchedule/NoExecute taint a rejected node has that the pod
  // does not tolerate (v1helper.FindMatchingUntoleratedTaint, repeated).
  void TaintEdits() {
    std::vector<std::vector<v1::Taint>> seen;
    for (NodeIndex n : Blocked(Row("TaintToleration"))) {
      if (seen.size() >= o_.maxNodeCandidates) break;
      const NodeInfo& node = cluster_.node(n);
      std::vector<Toleration> tolerations = cluster_.pod(r_.pod).tolerations;
      std::vector<v1::Taint> taints;
      for (int i; (i = FindUntoleratedDoNotScheduleTaint(node.taints, tolerations)) >= 0;) {
        const Taint& t = node.taints[i];
        tolerations.push_back(Toleration{t.key, false, t.value, t.effect});
        taints.push_back(cluster_.scenario().nodes[n].taints[i]);
      }
      auto same = [&](const std::vector<v1::Taint>& other) {
        return std::equal(taints.begin(), taints.end(), other.begin(), other.end(), [](const auto& a, const auto& b) {
          return a.key == b.key && a.value == b.value && a.effect == b.effect;
        });
      };
      if (taints.empty() || std::any_of(seen.begin(), seen.end(), same)) continue;
      seen.push_back(taints);
      Add({}, EditKind::TolerateTaints, [&](Edit& e) { e.taints = taints; });
    }
  }

  void UncordonEdits() {
    auto blocked = Blocked(Row("NodeUnschedulable"));
    for (size_t i = 0; i < blocked.size() && i < o_.maxNodeCandidates; ++i)
      Add({}, EditKind::UncordonNode, [&](Edit& e) { e.node = cluster_.node(blocked[i]).name; });
  }

  // A copy of a node of each of the least-loaded domains of each constraint:
  // a new node has no pods of its own, so it passes a per-node constraint.
  void AddNodeEdits() {
    for (size_t c = 0; c < r_.spreadFilter.size(); ++c) {
      const SpreadConstraintSummary& s = r_.spreadFilter[c];
      const TopologyColumn& column = cluster_.Column(cluster_.pool().Find(s.topologyKey));
      auto domains = s.domains;
      std::stable_sort(domains.begin(), domains.end(),
                       [](const auto& a, const auto& b) { return a.second < b.second; });
      for (size_t d = 0; d < domains.size() && d < o_.maxNodeCandidates; ++d) {
        const Sym value = cluster_.pool().Find(domains[d].first);
        // Prefer a node that only PodTopologySpread rejects: its copy keeps its taints and labels.
        NodeIndex source = kNone;
        for (const NodeInfo& n : cluster_.nodes()) {
          if (column.domainOfNode[n.index] < 0 || column.domainValue[column.domainOfNode[n.index]] != value) continue;
          if (source == kNone) source = n.index;
          if (!OnlySpreadFails(n.index)) continue;
          source = n.index;
          break;
        }
        if (source != kNone) AddNodeLike(source);
      }
    }
  }

  // NodeResourcesFit rejects nodes: a copy of one whose allocatable holds the pod once
  // it is empty, of up to maxNodeCandidates shapes (labels, taints, allocatable), nodes
  // no other filter rejects first. A node's copy would fail the same taints or node
  // affinity, so only nodes that fit but for resources, cordoning or spreading are copied.
  void AddNodeForResources(const Fit& fit) {
    const size_t row = Row(Fit::kName);
    std::vector<NodeIndex> nodes;
    for (const NodeInfo& n : cluster_.nodes())
      if (Fails(row, n.index) && Copyable(n.index)) nodes.push_back(n.index);
    std::stable_partition(nodes.begin(), nodes.end(), [&](NodeIndex n) { return Failures(n) == 1; });
    std::vector<v1::Node> shapes;
    for (NodeIndex n : nodes) {
      if (shapes.size() >= o_.maxNodeCandidates) break;
      NodeInfo empty;
      empty.allocatable = cluster_.node(n).allocatable;
      FitsRequest(cluster_.pod(r_.pod).resources.requests, empty, fit.ignored(), lack_);
      if (!lack_.empty()) continue;
      v1::Node shape = CopyNode(cluster_.scenario().nodes[n], "");
      if (std::find(shapes.begin(), shapes.end(), shape) != shapes.end()) continue;
      shapes.push_back(std::move(shape));
      AddNodeLike(n);
    }
  }
  bool Copyable(NodeIndex n) const {
    for (size_t row = 0; row < m_.rows.size(); ++row)
      if (Fails(row, n) && m_.rows[row].constraint < 0 && m_.rows[row].plugin != Fit::kName &&
          m_.rows[row].plugin != "NodeUnschedulable")
        return false;
    return true;
  }

  // VolumeBinding or VolumeZone reject nodes because a bound volume lives elsewhere: a
  // copy of a node those alone reject, moved to where each such volume is (the first
  // term of its node affinity's In requirements, its zone and region labels).
  void AddNodeForVolumes() {
    const size_t binding = Row("VolumeBinding"), zone = Row("VolumeZone");
    NodeIndex source = kNone;
    for (NodeIndex n : considered_) {
      if (!Fails(binding, n) && !Fails(zone, n)) continue;
      if (source == kNone || Failures(n) == 1) source = n;
      if (Failures(n) == 1) break;
    }
    if (source == kNone) return;
    v1::LabelMap labels;
    const Scenario& s = cluster_.scenario();
    for (const v1::Volume& volume : pod_.spec.volumes) {
      const std::optional<std::string> claimName = ClaimNameOf(pod_, volume);
      const int32_t c = claimName ? cluster_.storage().Claim(pod_.metadata.ns, *claimName) : -1;
      const int32_t pv = c >= 0 ? cluster_.storage().Volume(s.persistentVolumeClaims[c].volumeName) : -1;
      if (pv < 0) continue;
      const v1::PersistentVolume& v = s.persistentVolumes[pv];
      if (v.nodeAffinity && !v.nodeAffinity->nodeSelectorTerms.empty())
        for (const v1::NodeSelectorRequirement& r : v.nodeAffinity->nodeSelectorTerms[0].matchExpressions)
          if (r.op == "In" && !r.values.empty()) labels[r.key] = r.values[0];
      for (const char* key : {"topology.kubernetes.io/zone", "topology.kubernetes.io/region"}) {
        auto it = v.metadata.labels.find(key);
        if (it != v.metadata.labels.end()) labels[key] = it->second.substr(0, it->second.find("__"));
      }
    }
    if (!labels.empty()) AddNodeLike(source, std::move(labels));
  }

  // A volume slot on the nodes NodeVolumeLimits rejects (those it alone rejects first, at
  // most maxPodCandidates): the first bound pod there with a claim is deleted. Whether its
  // volume's slot is free then (from 1.32 its VolumeAttachment still counts until the disk
  // is detached) is the cycle's to say when the change is tried.
  void AttachSlotEdits() {
    size_t added = 0;
    for (NodeIndex n : Blocked(Row("NodeVolumeLimits"))) {
      if (added >= o_.maxPodCandidates) break;
      for (PodIndex p : cluster_.node(n).pods) {
        const v1::Pod& bound = cluster_.podSpec(p);
        const bool mounts = std::any_of(bound.spec.volumes.begin(), bound.spec.volumes.end(),
                                        [&](const v1::Volume& v) { return ClaimNameOf(bound, v).has_value(); });
        if (!mounts) continue;
        AddDelete(p);
        ++added;
        break;
      }
    }
  }

  // The pod's claims that pin it: one bound to a volume whose place VolumeBinding or
  // VolumeZone rejects, or an unbound claim of an Immediate class (PreFilter stops the pod
  // until the PV controller binds it). Created again unbound, a claim of a
  // WaitForFirstConsumer class has its volume made where the scheduler puts the pod; an
  // Immediate one is offered a WaitForFirstConsumer class of the same provisioner, unless
  // the pod's StatefulSet recreates its claims from its (immutable) template.
  void RecreateClaimEdits() {
    const Scenario& s = cluster_.scenario();
    const size_t binding = Row("VolumeBinding"), zone = Row("VolumeZone");
    const bool volumeRejects = std::any_of(considered_.begin(), considered_.end(),
                                           [&](NodeIndex n) { return Fails(binding, n) || Fails(zone, n); });
    const bool ownedBySet =
        std::any_of(pod_.metadata.ownerReferences.begin(), pod_.metadata.ownerReferences.end(),
                    [](const v1::OwnerReference& o) { return o.controller && o.kind == "StatefulSet"; });
    for (const v1::Volume& volume : pod_.spec.volumes) {
      const std::optional<std::string> name = ClaimNameOf(pod_, volume);
      const int32_t c = name ? cluster_.storage().Claim(pod_.metadata.ns, *name) : -1;
      if (c < 0 || volume.source.kind == "ephemeral") continue;  // an ephemeral claim lives and dies with its pod
      const v1::PersistentVolumeClaim& claim = s.persistentVolumeClaims[c];
      const int32_t k = cluster_.storage().Class(ClaimClass(claim));
      const bool immediate = k < 0 || s.storageClasses[k].volumeBindingMode != v1::kVolumeBindingWaitForFirstConsumer;
      const bool bound = !claim.volumeName.empty() && cluster_.storage().Volume(claim.volumeName) >= 0;
      if (bound ? !volumeRejects : !immediate) continue;
      std::string newClass;
      if (immediate) {
        if (ownedBySet || k < 0) continue;
        for (const v1::StorageClass& other : s.storageClasses)
          if (other.volumeBindingMode == v1::kVolumeBindingWaitForFirstConsumer &&
              other.provisioner == s.storageClasses[k].provisioner) {
            newClass = other.metadata.name;
            break;
          }
        if (newClass.empty()) continue;
      }
      Add({}, EditKind::RecreateClaim, [&](Edit& e) {
        e.claim = claim.metadata.ns + "/" + claim.metadata.name;
        e.volume = bound ? claim.volumeName : "";
        e.storageClass = newClass;
      });
    }
  }

  void AddNodeLike(NodeIndex source, v1::LabelMap labels = {}) {
    if (labels.empty() && std::find(copied_.begin(), copied_.end(), source) != copied_.end()) return;
    if (labels.empty()) copied_.push_back(source);
    Add({}, EditKind::AddNode, [&](Edit& e) {
      e.node = cluster_.node(source).name;
      const std::string base = labels.empty() ? e.node : e.node + "-" + labels.begin()->second;
      e.newNode = base + "-new";
      for (int k = 2; cluster_.FindNode(e.newNode) != kNone; ++k) e.newNode = base + "-new" + std::to_string(k);
      e.labels = std::move(labels);
    });
  }
  bool OnlySpreadFails(NodeIndex n) const {
    for (size_t row = 0; row < m_.rows.size(); ++row)
      if (m_.rows[row].plugin != PodTopologySpread::kName && m_.at(row, n).state != CellState::Pass &&
          m_.at(row, n).state != CellState::Skip)
        return false;
    return true;
  }

  // Bound pods that count toward a DoNotSchedule constraint, taken from the
  // nodes closest to feasible (fewest failing rows, then most matching pods
  // above the global minimum); with a target, from the target and the nodes
  // sharing a domain with it. One pod per node: its peers there count alike.
  void PodEdits() {
    auto* pts = dynamic_cast<PodTopologySpread*>(fw_.FindPlugin(PodTopologySpread::kName));
    if (!pts || r_.spreadFilter.empty()) return;
    const PodInfo& pod = cluster_.pod(r_.pod);
    bool fromDefaults = false;
    const auto constraints = pts->Constraints(pod, v1::kDoNotSchedule, &fromDefaults);
    std::vector<NodeIndex> nodes;
    std::vector<int64_t> excess(cluster_.nodes().size(), 0);
    for (const NodeInfo& n : cluster_.nodes()) {
      bool near = r_.target == kNone || n.index == r_.target;
      for (size_t row = 0; row < m_.rows.size(); ++row) {
        if (m_.rows[row].constraint < 0) continue;
        const SpreadCheck& k = m_.at(row, n.index).check;
        const SpreadCheck& t = m_.at(row, r_.target == kNone ? n.index : r_.target).check;
        if (k.domain != kNoSym) excess[n.index] += k.matchNum - k.minMatchNum;
        near |= k.domain != kNoSym && k.domain == t.domain;
      }
      if (near && r_.nodes[n.index].evaluated) nodes.push_back(n.index);
    }
    std::stable_sort(nodes.begin(), nodes.end(), [&](NodeIndex a, NodeIndex b) {
      if ((a == r_.target) != (b == r_.target)) return a == r_.target;
      if (Failures(a) != Failures(b)) return Failures(a) < Failures(b);
      return excess[a] > excess[b];
    });
    size_t added = 0;
    for (NodeIndex n : nodes) {
      if (added >= o_.maxPodCandidates) break;
      for (PodIndex p : cluster_.node(n).pods) {
        const PodInfo& bound = cluster_.pod(p);
        bool counts = std::any_of(constraints.begin(), constraints.end(),
                                  [&](const auto& c) { return cluster_.Counts(bound, pod.nsSym, c.selector); });
        if (!counts) continue;
        AddDelete(p);
        ++added;
        break;
      }
    }
  }

  // Room on the nodes NodeResourcesFit rejects (those it alone rejects first, at most
  // maxPodCandidates): the smallest bound pod whose requests hold what the node lacks,
  // its requests shrunk by that much (when the pod count is not what is short) or the
  // pod deleted. A request beyond the node's whole allocatable amount (unresolvable,
  // as fitsRequest marks it) cannot be freed.
  void RoomEdits(const Fit& fit) {
    size_t added = 0;
    for (NodeIndex n : Blocked(Row(Fit::kName))) {
      if (added >= o_.maxPodCandidates) break;
      const NodeInfo& node = cluster_.node(n);
      FitsRequest(cluster_.pod(r_.pod).resources.requests, node, fit.ignored(), lack_);
      const bool pods =
          std::any_of(lack_.begin(), lack_.end(), [](const auto& l) { return l.resourceName == kResourcePods; });
      if (lack_.empty() || std::any_of(lack_.begin(), lack_.end(), [](const auto& l) { return l.unresolvable; }))
        continue;
      const PodIndex shrink = pods ? kNone : Smallest(node, /*shrink=*/true);
      const PodIndex remove = Smallest(node, /*shrink=*/false);
      if (shrink != kNone)
        Add({}, EditKind::ShrinkPodRequests, [&](Edit& e) {
          e.pod = cluster_.pod(shrink).key;
          e.node = node.name;
          for (const auto& l : lack_) {
            const std::string name(l.resourceName);
            const int64_t from = cluster_.pod(shrink).resources.requests.Get(name);
            e.requests.push_back({name, from, from - Shortfall(l)});
          }
        });
      if (remove != kNone) AddDelete(remove);
      added += shrink != kNone || remove != kNone;
    }
  }
  // What the node lacks of a resource: the pod's request beyond what is left (fitsRequest).
  static int64_t Shortfall(const plugins::InsufficientResource& l) { return l.requested + l.used - l.capacity; }
  // The bound pod on `node` with the least requests (cpu, memory and the resources the
  // node lacks, each as a share of its allocatable amount) that frees what lack_ says:
  // as much to be deleted (any pod frees a pod slot), more to be shrunk (its requests stay above 0).
  PodIndex Smallest(const NodeInfo& node, bool shrink) const {
    auto share = [](int64_t used, int64_t of) {
      return of > 0 ? static_cast<double>(used) / static_cast<double>(of) : 0.0;
    };
    PodIndex out = kNone;
    double least = 0;
    for (PodIndex p : node.pods) {
      const PodInfo& y = cluster_.pod(p);
      if (y.terminating) continue;  // already on its way out
      const Resource& has = y.resources.requests;
      double size = share(has.milliCPU, node.allocatable.milliCPU) + share(has.memory, node.allocatable.memory);
      bool frees = true;
      for (const auto& l : lack_) {
        const std::string name(l.resourceName);
        if (name == kResourcePods) continue;
        frees &= shrink ? has.Get(name) > Shortfall(l) : has.Get(name) >= Shortfall(l);
        if (name != kResourceCPU && name != kResourceMemory) size += share(has.Get(name), l.capacity);
      }
      if (frees && (out == kNone || size < least)) out = p, least = size;
    }
    return out;
  }

  void AddDelete(PodIndex p) {
    const PodInfo& bound = cluster_.pod(p);
    const bool seen = std::any_of(edits_.begin(), edits_.end(),
                                  [&](const Edit& e) { return e.kind == EditKind::DeletePod && e.pod == bound.key; });
    if (seen) return;
    Add({}, EditKind::DeletePod, [&](Edit& e) {
      e.pod = bound.key;
      e.node = cluster_.node(bound.node).name;
    });
  }

  template <class Fill>
  void Add(Edit e, EditKind kind, Fill fill) {
    e.kind = kind;
    fill(e);
    edits_.push_back(std::move(e));
  }

  const Cluster& cluster_;
  Framework& fw_;
  const Report& r_;
  const ConflictMatrix& m_;
  const Options& o_;
  const v1::Pod& pod_;
  std::vector<NodeIndex> considered_;
  std::vector<NodeIndex> copied_;  // AddNode sources
  std::vector<plugins::InsufficientResource> lack_;
  std::vector<Edit> edits_;
};

}  // namespace

std::vector<Edit> CandidateEdits(const Cluster& cluster, Framework& framework, const Report& report,
                                 const Options& options) {
  return Builder(cluster, framework, report, options).Build();
}

}  // namespace spreadlab::why
