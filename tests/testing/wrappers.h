#pragma once
// Fluent builders for test objects, after upstream's pkg/scheduler/testing
// wrappers (st.MakePod(), st.MakeNode(), st.MakeLabelSelector()), so that
// ported test tables read like the Go originals.
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/api.h"
#include "core/storage_api.h"

namespace spreadlab::testing {

// resource.MustParse for test fixtures (aborts on a bad quantity).
inline Quantity ParseTestQuantity(const std::string& s) {
  auto q = ParseQuantity(s);
  if (!q) std::abort();
  return *q;
}
inline v1::ResourceList ParseTestResources(const std::map<std::string, std::string>& resources) {
  v1::ResourceList out;
  for (const auto& [k, v] : resources) out[k] = ParseTestQuantity(v);
  return out;
}

class LabelSelectorWrapper {
 public:
  LabelSelectorWrapper& Label(std::string k, std::string v) {
    s_.matchLabels[std::move(k)] = std::move(v);
    return *this;
  }
  LabelSelectorWrapper& In(std::string k, std::vector<std::string> vs) { return Expr(std::move(k), "In", std::move(vs)); }
  LabelSelectorWrapper& NotIn(std::string k, std::vector<std::string> vs) { return Expr(std::move(k), "NotIn", std::move(vs)); }
  LabelSelectorWrapper& Exists(std::string k) { return Expr(std::move(k), "Exists", {}); }
  LabelSelectorWrapper& NotExist(std::string k) { return Expr(std::move(k), "DoesNotExist", {}); }
  v1::LabelSelector Obj() const { return s_; }

 private:
  LabelSelectorWrapper& Expr(std::string k, std::string op, std::vector<std::string> vs) {
    s_.matchExpressions.push_back({std::move(k), std::move(op), std::move(vs)});
    return *this;
  }
  v1::LabelSelector s_;
};
inline LabelSelectorWrapper MakeLabelSelector() { return {}; }

class NodeWrapper {
 public:
  NodeWrapper& Name(std::string n) {
    n_.metadata.name = std::move(n);
    return *this;
  }
  NodeWrapper& Label(std::string k, std::string v) {
    n_.metadata.labels[std::move(k)] = std::move(v);
    return *this;
  }
  NodeWrapper& Taints(std::vector<v1::Taint> t) {
    n_.taints = std::move(t);
    return *this;
  }
  NodeWrapper& Unschedulable(bool u) {
    n_.unschedulable = u;
    return *this;
  }
  // status.images (each with all of its names).
  NodeWrapper& Images(std::vector<v1::ContainerImage> images) {
    n_.images = std::move(images);
    return *this;
  }
  // st.NodeWrapper.Capacity: status.capacity and status.allocatable set to
  // `resources` plus pods: 32 (unless given); quantities as strings.
  NodeWrapper& Capacity(const std::map<std::string, std::string>& resources) {
    v1::ResourceList res{{"pods", ParseTestQuantity("32")}};
    for (const auto& [k, v] : resources) res[k] = ParseTestQuantity(v);
    n_.allocatable = std::move(res);
    return *this;
  }
  // status.allocatable as given.
  NodeWrapper& Allocatable(v1::ResourceList resources) {
    n_.allocatable = std::move(resources);
    return *this;
  }
  v1::Node Obj() const {
    v1::Node n = n_;
    n.metadata.ns.clear();
    if (n.path.empty()) n.path = "nodes[" + n.metadata.name + "]";
    return n;
  }

 private:
  v1::Node n_;
};
inline NodeWrapper MakeNode() { return {}; }

class PodWrapper {
 public:
  PodWrapper& Name(std::string n) {
    p_.metadata.name = std::move(n);
    return *this;
  }
  PodWrapper& Namespace(std::string ns) {
    p_.metadata.ns = std::move(ns);
    return *this;
  }
  PodWrapper& Label(std::string k, std::string v) {
    p_.metadata.labels[std::move(k)] = std::move(v);
    return *this;
  }
  PodWrapper& Labels(const v1::LabelMap& m) {
    for (const auto& [k, v] : m) p_.metadata.labels[k] = v;
    return *this;
  }
  PodWrapper& Node(std::string n) {
    p_.spec.nodeName = std::move(n);
    return *this;
  }
  PodWrapper& Terminating() {
    p_.metadata.terminating = true;
    return *this;
  }
  PodWrapper& NodeSelector(v1::LabelMap m) {
    p_.spec.nodeSelector = std::move(m);
    return *this;
  }
  // A required node affinity term `key In values` (one term per call, ORed).
  PodWrapper& NodeAffinityIn(std::string key, std::vector<std::string> values) {
    return RequiredTerm({{std::move(key), "In", std::move(values)}});
  }
  PodWrapper& NodeAffinityNotIn(std::string key, std::vector<std::string> values) {
    return RequiredTerm({{std::move(key), "NotIn", std::move(values)}});
  }
  PodWrapper& RequiredTerm(std::vector<v1::NodeSelectorRequirement> exprs,
                           std::vector<v1::NodeSelectorRequirement> fields = {}) {
    auto& na = NodeAffinity();
    if (!na.requiredDuringSchedulingIgnoredDuringExecution) na.requiredDuringSchedulingIgnoredDuringExecution.emplace();
    na.requiredDuringSchedulingIgnoredDuringExecution->nodeSelectorTerms.push_back({std::move(exprs), std::move(fields)});
    return *this;
  }
  PodWrapper& PreferredTerm(int32_t weight, std::vector<v1::NodeSelectorRequirement> exprs,
                            std::vector<v1::NodeSelectorRequirement> fields = {}) {
    NodeAffinity().preferredDuringSchedulingIgnoredDuringExecution.push_back({weight, {std::move(exprs), std::move(fields)}});
    return *this;
  }
  PodWrapper& Toleration(std::string key) {
    p_.spec.tolerations.push_back(v1::Toleration{std::move(key), "Exists", "", "", std::nullopt});
    return *this;
  }
  PodWrapper& Tolerations(std::vector<v1::Toleration> t) {
    p_.spec.tolerations = std::move(t);
    return *this;
  }
  // st.PodWrapper.SpreadConstraint(maxSkew, tpKey, mode, selector, minDomains, nodeAffinityPolicy, nodeTaintsPolicy, matchLabelKeys)
  PodWrapper& SpreadConstraint(int32_t maxSkew, std::string tpKey, std::string mode,
                               std::optional<v1::LabelSelector> selector, std::optional<int32_t> minDomains = std::nullopt,
                               std::optional<std::string> nodeAffinityPolicy = std::nullopt,
                               std::optional<std::string> nodeTaintsPolicy = std::nullopt,
                               std::vector<std::string> matchLabelKeys = {}) {
    v1::TopologySpreadConstraint c;
    c.maxSkew = maxSkew;
    c.topologyKey = std::move(tpKey);
    c.whenUnsatisfiable = std::move(mode);
    c.labelSelector = std::move(selector);
    c.minDomains = minDomains;
    c.nodeAffinityPolicy = std::move(nodeAffinityPolicy);
    c.nodeTaintsPolicy = std::move(nodeTaintsPolicy);
    c.matchLabelKeys = std::move(matchLabelKeys);
    p_.spec.topologySpreadConstraints.push_back(std::move(c));
    return *this;
  }
  PodWrapper& OwnerReference(std::string name, std::string apiVersion, std::string kind) {
    p_.metadata.ownerReferences.push_back({std::move(apiVersion), std::move(kind), std::move(name), true});
    return *this;
  }
  // st.PodWrapper.Container: appends a container running `image`.
  PodWrapper& Container(std::string image) {
    v1::Container c;
    c.name = "con" + std::to_string(p_.spec.containers.size());
    c.image = std::move(image);
    p_.spec.containers.push_back(std::move(c));
    return *this;
  }
  // Appends an init container running `image`.
  PodWrapper& InitContainer(std::string image) {
    v1::Container c;
    c.name = "init" + std::to_string(p_.spec.initContainers.size());
    c.image = std::move(image);
    p_.spec.initContainers.push_back(std::move(c));
    return *this;
  }
  // st.PodWrapper.ContainerPort: appends a container with these ports.
  PodWrapper& ContainerPort(std::vector<v1::ContainerPort> ports) {
    v1::Container c;
    c.name = "con" + std::to_string(p_.spec.containers.size());
    c.image = "pause";
    c.ports = std::move(ports);
    p_.spec.containers.push_back(std::move(c));
    return *this;
  }
  // st.PodWrapper.InitContainerPort: appends an init container with these
  // ports, a restartPolicy Always sidecar when `sidecar`.
  PodWrapper& InitContainerPort(bool sidecar, std::vector<v1::ContainerPort> ports) {
    v1::Container c;
    c.name = "init" + std::to_string(p_.spec.initContainers.size());
    c.image = "pause";
    c.ports = std::move(ports);
    if (sidecar) c.restartPolicy = "Always";
    p_.spec.initContainers.push_back(std::move(c));
    return *this;
  }
  // st.PodWrapper.Req: appends a container requesting `resources`.
  PodWrapper& Req(const std::map<std::string, std::string>& resources) {
    return ContainerRequests(ParseTestResources(resources));
  }
  // st.PodWrapper.InitReq: appends an init container requesting `resources`.
  PodWrapper& InitReq(const std::map<std::string, std::string>& resources) {
    return InitContainerRequests(ParseTestResources(resources), false);
  }
  // st.PodWrapper.SidecarReq: appends a restartPolicy Always init container.
  PodWrapper& SidecarReq(const std::map<std::string, std::string>& resources) {
    return InitContainerRequests(ParseTestResources(resources), true);
  }
  PodWrapper& ContainerRequests(v1::ResourceList requests) {
    v1::Container c;
    c.name = "con" + std::to_string(p_.spec.containers.size());
    c.image = "pause";
    c.requests = std::move(requests);
    p_.spec.containers.push_back(std::move(c));
    return *this;
  }
  PodWrapper& InitContainerRequests(v1::ResourceList requests, bool sidecar) {
    v1::Container c;
    c.name = "init" + std::to_string(p_.spec.initContainers.size());
    c.image = "pause";
    c.requests = std::move(requests);
    if (sidecar) c.restartPolicy = "Always";
    p_.spec.initContainers.push_back(std::move(c));
    return *this;
  }
  // spec.overhead
  PodWrapper& Overhead(v1::ResourceList overhead) {
    p_.spec.overhead = std::move(overhead);
    return *this;
  }
  // st.PodWrapper.PodAffinity{In,NotIn,Exists} / PodAntiAffinity{In,NotIn,Exists}:
  // a term selecting pods by one label, added as the kind says (preferred terms weigh 1).
  PodWrapper& PodAffinityIn(std::string labelKey, std::string topologyKey, std::vector<std::string> vals, int kind) {
    return PodAffinityTerm(false, {{}, {{std::move(labelKey), "In", std::move(vals)}}}, std::move(topologyKey), kind);
  }
  PodWrapper& PodAffinityNotIn(std::string labelKey, std::string topologyKey, std::vector<std::string> vals, int kind) {
    return PodAffinityTerm(false, {{}, {{std::move(labelKey), "NotIn", std::move(vals)}}}, std::move(topologyKey), kind);
  }
  PodWrapper& PodAffinityExists(std::string labelKey, std::string topologyKey, int kind) {
    return PodAffinityTerm(false, {{}, {{std::move(labelKey), "Exists", {}}}}, std::move(topologyKey), kind);
  }
  PodWrapper& PodAntiAffinityIn(std::string labelKey, std::string topologyKey, std::vector<std::string> vals, int kind) {
    return PodAffinityTerm(true, {{}, {{std::move(labelKey), "In", std::move(vals)}}}, std::move(topologyKey), kind);
  }
  PodWrapper& PodAntiAffinityNotIn(std::string labelKey, std::string topologyKey, std::vector<std::string> vals,
                                   int kind) {
    return PodAffinityTerm(true, {{}, {{std::move(labelKey), "NotIn", std::move(vals)}}}, std::move(topologyKey), kind);
  }
  PodWrapper& PodAntiAffinityExists(std::string labelKey, std::string topologyKey, int kind) {
    return PodAffinityTerm(true, {{}, {{std::move(labelKey), "Exists", {}}}}, std::move(topologyKey), kind);
  }
  // kind: 1 required, 2 preferred (weight 1), 3 both (see PodAffinityKind below).
  PodWrapper& PodAffinityTerm(bool anti, v1::LabelSelector selector, std::string topologyKey, int kind) {
    if (kind % 4 == 0) return *this;
    if (!p_.spec.affinity) p_.spec.affinity.emplace();
    auto& slot = anti ? p_.spec.affinity->podAntiAffinity : p_.spec.affinity->podAffinity;
    if (!slot) slot.emplace();
    v1::PodAffinityTerm term;
    term.labelSelector = std::move(selector);
    term.topologyKey = std::move(topologyKey);
    if (kind & 1) slot->requiredDuringSchedulingIgnoredDuringExecution.push_back(term);
    if (kind & 2) slot->preferredDuringSchedulingIgnoredDuringExecution.push_back({1, term});
    return *this;
  }
  // st.PodWrapper.PVC: a volume named after the claim it uses.
  PodWrapper& PVC(std::string claimName) {
    v1::Volume v;
    v.name = claimName;
    v.source.kind = "persistentVolumeClaim";
    v.source.claimName = std::move(claimName);
    p_.spec.volumes.push_back(std::move(v));
    return *this;
  }
  // st.PodWrapper.Volume
  PodWrapper& Volume(v1::Volume volume) {
    p_.spec.volumes.push_back(std::move(volume));
    return *this;
  }
  v1::Pod Obj() const {
    v1::Pod p = p_;
    if (p.path.empty()) p.path = "pods[" + p.metadata.name + "]";
    return p;
  }

 private:
  v1::NodeAffinity& NodeAffinity() {
    if (!p_.spec.affinity) p_.spec.affinity.emplace();
    if (!p_.spec.affinity->nodeAffinity) p_.spec.affinity->nodeAffinity.emplace();
    return *p_.spec.affinity->nodeAffinity;
  }
  v1::Pod p_;
};
inline PodWrapper MakePod() { return {}; }

// st.PodAffinityKind for the PodAffinity* / PodAntiAffinity* builders.
enum PodAffinityKind : int {
  NilPodAffinity = 0,
  PodAffinityWithRequiredReq = 1,
  PodAffinityWithPreferredReq = 2,
  PodAffinityWithRequiredPreferredReq = 3,
  PodAntiAffinityWithRequiredReq = 1,
  PodAntiAffinityWithPreferredReq = 2,
  PodAntiAffinityWithRequiredPreferredReq = 3,
};

inline v1::Taint MakeTaint(std::string key, std::string value, std::string effect) {
  return v1::Taint{std::move(key), std::move(value), std::move(effect)};
}

// st.MakePersistentVolumeClaim(): a claim in "default" (the pods' default namespace).
class PersistentVolumeClaimWrapper {
 public:
  PersistentVolumeClaimWrapper() { c_.metadata.ns = "default"; }
  PersistentVolumeClaimWrapper& Name(std::string n) {
    c_.metadata.name = std::move(n);
    return *this;
  }
  PersistentVolumeClaimWrapper& Namespace(std::string ns) {
    c_.metadata.ns = std::move(ns);
    return *this;
  }
  PersistentVolumeClaimWrapper& Annotation(std::string k, std::string v) {
    c_.metadata.annotations[std::move(k)] = std::move(v);
    return *this;
  }
  PersistentVolumeClaimWrapper& VolumeName(std::string n) {
    c_.volumeName = std::move(n);
    return *this;
  }
  PersistentVolumeClaimWrapper& AccessModes(std::vector<std::string> modes) {
    c_.accessModes = std::move(modes);
    return *this;
  }
  // spec.resources.requests.storage
  PersistentVolumeClaimWrapper& Request(const std::string& storage) {
    c_.storageRequest = ParseTestQuantity(storage);
    c_.hasStorageRequest = true;
    return *this;
  }
  PersistentVolumeClaimWrapper& StorageClassName(std::optional<std::string> name) {
    c_.storageClassName = std::move(name);
    return *this;
  }
  PersistentVolumeClaimWrapper& Phase(std::string phase) {
    c_.phase = std::move(phase);
    return *this;
  }
  v1::PersistentVolumeClaim Obj() const {
    v1::PersistentVolumeClaim c = c_;
    if (c.path.empty()) c.path = "persistentVolumeClaims[" + c.metadata.name + "]";
    return c;
  }

 private:
  v1::PersistentVolumeClaim c_;
};
inline PersistentVolumeClaimWrapper MakePersistentVolumeClaim() { return {}; }

// st.MakePersistentVolume()
class PersistentVolumeWrapper {
 public:
  PersistentVolumeWrapper& Name(std::string n) {
    v_.metadata.name = std::move(n);
    return *this;
  }
  PersistentVolumeWrapper& Label(std::string k, std::string v) {
    v_.metadata.labels[std::move(k)] = std::move(v);
    return *this;
  }
  PersistentVolumeWrapper& AccessModes(std::vector<std::string> modes) {
    v_.accessModes = std::move(modes);
    return *this;
  }
  // spec.capacity.storage
  PersistentVolumeWrapper& Capacity(const std::string& storage) {
    v_.capacity = ParseTestQuantity(storage);
    v_.hasCapacity = true;
    return *this;
  }
  PersistentVolumeWrapper& StorageClassName(std::string name) {
    v_.storageClassName = std::move(name);
    return *this;
  }
  PersistentVolumeWrapper& ClaimRef(std::string ns, std::string name) {
    v_.claimRef = v1::ObjectReference{std::move(ns), std::move(name)};
    return *this;
  }
  // status.phase
  PersistentVolumeWrapper& Phase(std::string phase) {
    v_.phase = std::move(phase);
    return *this;
  }
  // One required node selector term ANDing `key In values` for each entry.
  PersistentVolumeWrapper& NodeAffinity(const std::map<std::string, std::vector<std::string>>& keyValues) {
    v1::NodeSelectorTerm term;
    for (const auto& [k, vs] : keyValues) term.matchExpressions.push_back({k, "In", vs});
    v_.nodeAffinity = v1::NodeSelector{{std::move(term)}};
    return *this;
  }
  // st.PersistentVolumeWrapper.NodeAffinityIn
  PersistentVolumeWrapper& NodeAffinityIn(std::string key, std::vector<std::string> values) {
    return NodeAffinity({{std::move(key), std::move(values)}});
  }
  v1::PersistentVolume Obj() const {
    v1::PersistentVolume v = v_;
    if (v.path.empty()) v.path = "persistentVolumes[" + v.metadata.name + "]";
    return v;
  }

 private:
  v1::PersistentVolume v_;
};
inline PersistentVolumeWrapper MakePersistentVolume() { return {}; }

// st.MakeStorageClass() (volumeBindingMode defaults to Immediate, as the API server sets it).
class StorageClassWrapper {
 public:
  StorageClassWrapper& Name(std::string n) {
    c_.metadata.name = std::move(n);
    return *this;
  }
  StorageClassWrapper& VolumeBindingMode(std::string mode) {
    c_.volumeBindingMode = std::move(mode);
    return *this;
  }
  StorageClassWrapper& Provisioner(std::string p) {
    c_.provisioner = std::move(p);
    return *this;
  }
  StorageClassWrapper& AllowedTopologies(std::vector<v1::TopologySelectorTerm> terms) {
    c_.allowedTopologies = std::move(terms);
    return *this;
  }
  v1::StorageClass Obj() const {
    v1::StorageClass c = c_;
    if (c.path.empty()) c.path = "storageClasses[" + c.metadata.name + "]";
    return c;
  }

 private:
  v1::StorageClass c_;
};
inline StorageClassWrapper MakeStorageClass() { return {}; }

// st.MakeCSIDriver()
inline v1::CSIDriver MakeCSIDriver(std::string name, bool storageCapacity) {
  v1::CSIDriver d;
  d.metadata.name = std::move(name);
  d.storageCapacity = storageCapacity;
  d.path = "csiDrivers[" + d.metadata.name + "]";
  return d;
}

// st.MakeCSIStorageCapacity(): nodeTopology as given (nullopt: unavailable everywhere);
// capacity and maximumVolumeSize as quantity strings, "" for unset.
inline v1::CSIStorageCapacity MakeCSIStorageCapacity(std::string name, std::string storageClassName,
                                                     std::optional<v1::LabelSelector> nodeTopology,
                                                     const std::string& capacity,
                                                     const std::string& maximumVolumeSize = "") {
  v1::CSIStorageCapacity c;
  c.metadata.name = std::move(name);
  c.storageClassName = std::move(storageClassName);
  c.nodeTopology = std::move(nodeTopology);
  if (!capacity.empty()) c.capacity = ParseTestQuantity(capacity);
  if (!maximumVolumeSize.empty()) c.maximumVolumeSize = ParseTestQuantity(maximumVolumeSize);
  c.path = "csiStorageCapacities[" + c.metadata.name + "]";
  return c;
}

}  // namespace spreadlab::testing
