#include "core/cluster.h"

#include "core/corev1/selectors.h"
#include "core/goint.h"

#include <algorithm>
#include <numeric>

namespace spreadlab {

// Bounds memory when a user edits selectors many times: entries are cheap to rebuild.
static constexpr size_t kMaxMatchCountEntries = 64;

Cluster::Cluster(Scenario scenario) : Cluster(std::make_shared<Scenario>(std::move(scenario))) {
  own_ = std::const_pointer_cast<Scenario>(scenario_);
}

Cluster::Cluster(std::shared_ptr<const Scenario> scenario) : scenario_(std::move(scenario)) {
  const Scenario& s = *scenario_;
  nodes_.reserve(s.nodes.size());
  nodeByName_.reserve(s.nodes.size());
  for (const auto& n : s.nodes) {
    nodes_.push_back(CompileNode(static_cast<NodeIndex>(nodes_.size()), n));
    nodeByName_.emplace(nodes_.back().name, nodes_.back().index);
  }
  BuildNodeTree();
  pods_.reserve(s.pods.size());
  for (const auto& p : s.pods) {
    PodInfo pi = CompilePod(static_cast<PodIndex>(pods_.size()), p);
    if (!p.spec.nodeName.empty() && !pi.finished) {
      auto it = nodeByName_.find(p.spec.nodeName);
      if (it != nodeByName_.end()) {
        pi.node = it->second;
        AddPodToNode(pi, nodes_[it->second]);
      }
    }
    if (pi.nominated != kNone) nominatedPods_.push_back(pi.index);
    pods_.push_back(std::move(pi));
  }
}

NodeInfo Cluster::CompileNode(NodeIndex index, const v1::Node& n) {
  NodeInfo ni;
  ni.index = index;
  ni.name = n.metadata.name;
  ni.nameSym = pool_.Intern(n.metadata.name);
  ni.labels = MakeLabelSet(n.metadata.labels, pool_);
  ni.unschedulable = n.unschedulable;
  for (const auto& t : n.taints) ni.taints.push_back(CompileTaint(t, pool_));
  ni.allocatable.Add(n.allocatable);
  return ni;
}

// The pod's own fields; binding is the caller's.
PodInfo Cluster::CompilePod(PodIndex index, const v1::Pod& p) {
  PodInfo pi;
  pi.index = index;
  pi.name = p.metadata.name;
  pi.ns = p.metadata.ns;
  pi.key = pi.ns + "/" + pi.name;
  pi.nsSym = pool_.Intern(pi.ns);
  pi.labels = MakeLabelSet(p.metadata.labels, pool_);
  pi.terminating = p.metadata.terminating;
  pi.nodeNameSpec = p.spec.nodeName;
  pi.finished = p.phase == "Succeeded" || p.phase == "Failed";
  if (!p.nominatedNodeName.empty()) pi.nominated = FindNode(p.nominatedNodeName);
  pi.priority = p.spec.priority.value_or(0);
  pi.resources = CalculateResource(p, release());
  if (const auto& a = p.spec.affinity) {
    pi.hasAffinity = a->podAffinity.has_value() || a->podAntiAffinity.has_value();
    pi.hasRequiredAntiAffinity =
        a->podAntiAffinity && !a->podAntiAffinity->requiredDuringSchedulingIgnoredDuringExecution.empty();
  }
  for (const auto& t : p.spec.tolerations) pi.tolerations.push_back(CompileToleration(t, pool_));
  for (const auto& o : p.metadata.ownerReferences) {
    if (o.controller) {
      pi.controller = OwnerRef{pi.nsSym, o.apiVersion, o.kind, o.name};
      break;
    }
  }
  return pi;
}

// nodeTree.addNode / list, with zones keyed as utilnode.GetZoneKey does.
void Cluster::BuildNodeTree() {
  auto label = [this](const NodeInfo& n, const char* beta, const char* ga) {
    Sym v = n.labels.Get(pool_.Intern(beta));
    if (v == kNoSym) v = n.labels.Get(pool_.Intern(ga));
    return v == kNoSym ? std::string() : pool_.Str(v);
  };
  std::vector<std::string> zones;
  std::unordered_map<std::string, std::vector<NodeIndex>> tree;
  for (const NodeInfo& n : nodes_) {
    std::string zone = label(n, "failure-domain.beta.kubernetes.io/zone", kLabelTopologyZone);
    std::string region = label(n, "failure-domain.beta.kubernetes.io/region", "topology.kubernetes.io/region");
    std::string key = region.empty() && zone.empty() ? "" : region + std::string(":\0:", 3) + zone;
    auto [it, fresh] = tree.try_emplace(key);
    if (fresh) zones.push_back(key);
    it->second.push_back(n.index);
  }
  treeOrder_.clear();
  for (size_t i = 0; treeOrder_.size() < nodes_.size(); ++i)
    for (const auto& z : zones)
      if (i < tree[z].size()) treeOrder_.push_back(tree[z][i]);
}

NodeIndex Cluster::FindNode(std::string_view name) const {
  auto it = nodeByName_.find(std::string(name));
  return it == nodeByName_.end() ? kNone : it->second;
}

PodIndex Cluster::FindPod(std::string_view ref) const {
  std::string key(ref);
  if (key.find('/') == std::string::npos) key = "default/" + key;
  if (podByKey_.empty()) {
    // A cluster rebuilt for an edit is asked once, for the pod it explains: a scan costs
    // less than indexing 150,000 pods. The index is built for the second question.
    if (!scannedForPod_) {
      scannedForPod_ = true;
      for (const PodInfo& p : pods_)
        if (p.key == key) return p.index;
      return kNone;
    }
    podByKey_.reserve(pods_.size());
    for (const PodInfo& p : pods_) podByKey_.emplace(p.key, p.index);
  }
  auto it = podByKey_.find(key);
  return it == podByKey_.end() ? kNone : it->second;
}

std::vector<PodIndex> Cluster::PendingPods() const {
  std::vector<PodIndex> out;
  for (const auto& p : pods_)
    if (p.Pending()) out.push_back(p.index);
  return out;
}

bool Cluster::Counts(const PodInfo& p, Sym ns, const Selector& selector) const {
  // countPodsMatchSelector counted nothing for an empty selector (labelSelector: {}, which
  // matches everything) until kubernetes#141340, merged after 1.37: now only a missing
  // selector (Nothing) counts nothing, which Matches says too.
  if (selector.Empty() && !release().spreadEmptySelectorMatchesAll()) return false;
  // Terminating pods are bypassed (kubernetes#87621); only the incoming pod's namespace counts.
  return !p.terminating && p.nsSym == ns && selector.Matches(p.labels, pool_);
}

// NodeInfo.AddPod: terminating pods still hold their resources.
void Cluster::AddPodToNode(const PodInfo& p, NodeInfo& n) {
  n.pods.push_back(p.index);
  n.requested.Add(p.resources.requests);
  n.nonZeroMilliCPU = GoAdd(n.nonZeroMilliCPU, p.resources.nonZeroMilliCPU);
  n.nonZeroMemory = GoAdd(n.nonZeroMemory, p.resources.nonZeroMemory);
  if (p.hasAffinity) {
    n.podsWithAffinity.push_back(p.index);
    boundWithAffinity_.push_back(p.index);
  }
  if (p.hasRequiredAntiAffinity) n.podsWithRequiredAntiAffinity.push_back(p.index);
}

// NodeInfo.RemovePod
void Cluster::RemovePodFromNode(const PodInfo& p, NodeInfo& n) {
  auto drop = [&](std::vector<PodIndex>& list) {
    if (auto it = std::find(list.begin(), list.end(), p.index); it != list.end()) list.erase(it);
  };
  drop(n.pods);
  drop(n.podsWithAffinity);
  drop(n.podsWithRequiredAntiAffinity);
  if (p.hasAffinity) {
    drop(boundWithAffinity_);
    ++affinityRemovals_;
  }
  n.requested.Sub(p.resources.requests);
  n.nonZeroMilliCPU = GoSub(n.nonZeroMilliCPU, p.resources.nonZeroMilliCPU);
  n.nonZeroMemory = GoSub(n.nonZeroMemory, p.resources.nonZeroMemory);
}

void Cluster::Unbind(PodIndex pod) {
  PodInfo& p = pods_[pod];
  if (p.node == kNone) return;
  ++generation_;
  RemovePodFromNode(p, nodes_[p.node]);
  for (auto& e : matchCounts_)
    if (Counts(p, e->ns, e->selector)) --e->perNode[p.node];
  p.node = kNone;
}

void Cluster::RestorePodOrder(NodeIndex node, const std::vector<PodIndex>& order) {
  if (nodes_[node].pods == order) return;
  ++generation_;
  nodes_[node].pods = order;
}

const StorageIndex& Cluster::storage() const {
  if (!storage_) storage_ = std::make_unique<StorageIndex>(*scenario_);
  return *storage_;
}

Scenario& Cluster::Own() {
  if (!own_) {
    own_ = std::make_shared<Scenario>(*scenario_);
    scenario_ = own_;
  }
  return *own_;
}

void Cluster::AssumeVolume(const VolumeAssumption& assumption) {
  if (!ApplyVolumeAssumption(Own(), assumption)) return;
  assumedVolumes_.push_back(assumption);
  ++generation_;
}

void Cluster::ReplaceClaim(int32_t claim, v1::PersistentVolumeClaim spec) {
  Own().persistentVolumeClaims.at(claim) = std::move(spec);
  ++generation_;
}

void Cluster::SetVolumeTerminating(int32_t volume, bool terminating) {
  Own().persistentVolumes.at(volume).metadata.terminating = terminating;
  ++generation_;
}

void Cluster::ReplacePendingPod(PodIndex pod, v1::Pod spec) {
  if (pods_[pod].node != kNone) return;
  Own().pods[pod] = std::move(spec);
  UpdatePendingPod(pod, scenario_->pods[pod]);
}

void Cluster::UpdatePendingPod(PodIndex pod, const v1::Pod& spec) {
  if (&spec != &scenario_->pods[pod]) return ReplacePendingPod(pod, spec);
  if (pods_[pod].node != kNone) return;
  ++generation_;
  pods_[pod] = CompilePod(pod, spec);
  TrackNomination(pod);
}

void Cluster::SetNominatedNode(PodIndex pod, NodeIndex node) {
  ++generation_;
  pods_[pod].nominated = node;
  TrackNomination(pod);
}

void Cluster::TrackNomination(PodIndex pod) {
  auto it = std::lower_bound(nominatedPods_.begin(), nominatedPods_.end(), pod);
  const bool listed = it != nominatedPods_.end() && *it == pod;
  if (pods_[pod].nominated != kNone && !listed) nominatedPods_.insert(it, pod);
  if (pods_[pod].nominated == kNone && listed) nominatedPods_.erase(it);
}

void Cluster::SetUnschedulable(NodeIndex node, bool unschedulable) {
  ++generation_;
  nodes_[node].unschedulable = unschedulable;
  Own().nodes[node].unschedulable = unschedulable;
}

NodeIndex Cluster::AddNode(v1::Node node) {
  ++generation_;
  const NodeIndex index = static_cast<NodeIndex>(nodes_.size());
  nodes_.push_back(CompileNode(index, node));
  Scenario& s = Own();
  s.listedNodes = std::min(s.listedNodes, s.nodes.size());  // an add event, after the listed nodes
  s.nodes.push_back(std::move(node));
  nodeByName_.emplace(nodes_.back().name, index);
  BuildNodeTree();
  for (auto& [key, column] : columns_) {
    Sym v = nodes_.back().labels.Get(key);
    int32_t d = kNone;
    if (v != kNoSym) {
      auto it = std::find(column->domainValue.begin(), column->domainValue.end(), v);
      d = static_cast<int32_t>(it - column->domainValue.begin());
      if (it == column->domainValue.end()) column->domainValue.push_back(v);
    }
    column->domainOfNode.push_back(d);
  }
  for (auto& e : matchCounts_) e->perNode.push_back(0);
  return index;
}

std::vector<NodeIndex> Cluster::CacheAddOrder() const {
  std::vector<NodeIndex> order(nodes_.size());
  std::iota(order.begin(), order.end(), 0);
  const auto listed = order.begin() + static_cast<ptrdiff_t>(std::min(scenario_->listedNodes, order.size()));
  std::sort(order.begin(), listed, [this](NodeIndex a, NodeIndex b) { return nodes_[a].name < nodes_[b].name; });
  return order;
}

void Cluster::RemoveLastNode() {
  if (nodes_.empty() || !nodes_.back().pods.empty()) return;
  ++generation_;
  // Nominations to the node go with it (the nominator keys them by a name no node has).
  for (PodIndex p : std::vector<PodIndex>(nominatedPods_))
    if (pods_[p].nominated == nodes_.back().index) SetNominatedNode(p, kNone);
  nodeByName_.erase(nodes_.back().name);
  nodes_.pop_back();
  Own().nodes.pop_back();
  BuildNodeTree();
  for (auto& [key, column] : columns_) {
    const int32_t d = column->domainOfNode.back();
    column->domainOfNode.pop_back();
    // A domain only the removed node had goes with it (it was the last one added).
    if (d >= 0 && d + 1 == static_cast<int32_t>(column->domainValue.size()) &&
        std::find(column->domainOfNode.begin(), column->domainOfNode.end(), d) == column->domainOfNode.end())
      column->domainValue.pop_back();
  }
  for (auto& e : matchCounts_) e->perNode.pop_back();
}

void Cluster::Bind(PodIndex pod, NodeIndex node) {
  ++generation_;
  PodInfo& p = pods_[pod];
  p.node = node;
  AddPodToNode(p, nodes_[node]);
  for (auto& e : matchCounts_)
    if (Counts(p, e->ns, e->selector)) ++e->perNode[node];
}

const TopologyColumn& Cluster::Column(Sym key) const {
  auto& slot = columns_[key];
  if (slot) return *slot;
  slot = std::make_unique<TopologyColumn>();
  TopologyColumn& c = *slot;
  c.key = key;
  c.domainOfNode.assign(nodes_.size(), kNone);
  std::unordered_map<Sym, int32_t> domainOfValue;
  for (const auto& n : nodes_) {
    Sym v = n.labels.Get(key);
    if (v == kNoSym) continue;
    auto [it, fresh] = domainOfValue.emplace(v, static_cast<int32_t>(c.domainValue.size()));
    if (fresh) c.domainValue.push_back(v);
    c.domainOfNode[n.index] = it->second;
  }
  return c;
}

const std::vector<int32_t>& Cluster::MatchCounts(Sym ns, const Selector& selector) const {
  size_t h = selector.Hash() ^ (static_cast<size_t>(ns) * kHashSeed);
  // Most recently used first, so entries in use by the current cycle are never evicted.
  for (size_t i = 0; i < matchCounts_.size(); ++i) {
    auto& e = matchCounts_[i];
    if (e->hash == h && e->ns == ns && e->selector == selector) {
      const auto at = matchCounts_.begin() + static_cast<std::ptrdiff_t>(i);
      std::rotate(matchCounts_.begin(), at, at + 1);
      return matchCounts_.front()->perNode;
    }
  }
  if (matchCounts_.size() >= kMaxMatchCountEntries) matchCounts_.pop_back();
  auto e = std::make_unique<MatchCountEntry>(MatchCountEntry{ns, selector, h, std::vector<int32_t>(nodes_.size(), 0)});
  for (const auto& p : pods_)
    if (p.node != kNone && Counts(p, ns, selector)) ++e->perNode[p.node];
  matchCounts_.insert(matchCounts_.begin(), std::move(e));
  return matchCounts_.front()->perNode;
}

int32_t Cluster::CountMatchingSlow(NodeIndex node, Sym ns, const Selector& selector) const {
  int32_t n = 0;
  for (PodIndex pi : nodes_[node].pods)
    if (Counts(pods_[pi], ns, selector)) ++n;
  return n;
}

}  // namespace spreadlab
