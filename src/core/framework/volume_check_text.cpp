#include "core/framework/volume_check_text.h"

#include <algorithm>

#include "core/corev1/nodeaffinity.h"
#include "core/resources.h"
#include "core/storage.h"

namespace spreadlab {

namespace {

// "key=value" of the node for each key `keys` name, in order, each once; "no key label"
// for a key the node lacks.
std::string NodeValues(const Cluster& cluster, const NodeInfo& node, const std::vector<std::string>& keys) {
  std::string out;
  std::vector<std::string> seen;
  for (const std::string& key : keys) {
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    const Sym k = cluster.pool().Find(key);
    const Sym v = k == kNoSym ? kNoSym : node.labels.Get(k);
    out += (out.empty() ? "" : ", ") + (v == kNoSym ? "no " + key + " label" : key + "=" + cluster.pool().Str(v));
  }
  return out;
}

std::vector<std::string> AffinityKeys(const v1::NodeSelector& selector) {
  std::vector<std::string> keys;
  for (const v1::NodeSelectorTerm& t : selector.nodeSelectorTerms)
    for (const v1::NodeSelectorRequirement& r : t.matchExpressions) keys.push_back(r.key);
  return keys;
}

// A class's allowedTopologies as text, as NodeSelectorText writes a selector.
std::string TopologiesText(const std::vector<v1::TopologySelectorTerm>& terms, std::vector<std::string>& keys) {
  std::string out;
  for (const v1::TopologySelectorTerm& t : terms) {
    std::string term;
    for (const v1::TopologySelectorRequirement& r : t) {
      keys.push_back(r.key);
      std::string values;
      for (const std::string& v : r.values) values += (values.empty() ? "" : ",") + v;
      term += (term.empty() ? "" : ", ") + r.key + " In (" + values + ")";
    }
    out += (out.empty() ? "" : " or ") + term;
  }
  return out;
}

const v1::StorageClass* ClassOf(const Cluster& cluster, const v1::PersistentVolumeClaim& claim) {
  const std::string name = ClaimClass(claim);
  const int32_t sc = name.empty() ? -1 : cluster.storage().Class(name);
  return sc < 0 ? nullptr : &cluster.scenario().storageClasses[sc];
}

std::string Provisioner(const v1::StorageClass* cls) {
  if (!cls) return "no class";
  return cls->provisioner.empty() ? "no provisioner" : "provisioner " + cls->provisioner;
}

// VolumeBinding's line for a claim: its class, then what FindPodVolumes decided for it.
std::string BindingText(const Cluster& cluster, const NodeInfo& node, const VolumeCheck& k) {
  using O = VolumeCheck::Outcome;
  const Scenario& s = cluster.scenario();
  const v1::PersistentVolumeClaim& claim = s.persistentVolumeClaims[k.claim];
  const v1::StorageClass* cls = ClassOf(cluster, claim);
  std::string out = "claim " + claim.metadata.name + " (" + ClaimClassText(cluster, claim) + "): ";
  const std::string selected = k.selectedNode ? " (its " + std::string(v1::kAnnSelectedNode) + " is this node)" : "";
  switch (k.outcome) {
    case O::BoundVolumeMatches:
    case O::BoundVolumeConflict: {
      const v1::PersistentVolume& pv = s.persistentVolumes[k.volume];
      out += "bound to PV " + pv.metadata.name;
      if (!pv.nodeAffinity) return out + ", which has no node affinity";
      const std::string affinity = NodeSelectorText(*pv.nodeAffinity);
      const std::string values = NodeValues(cluster, node, AffinityKeys(*pv.nodeAffinity));
      return out + ", whose node affinity asks for " + affinity + "; this node has " +
             (values.empty() ? "no such label" : values) + (k.pass ? ": match" : ": no match");
    }
    case O::BoundVolumeMissing:
      return out + "bound to PV " + claim.volumeName + ", which does not exist";
    case O::SelectedNodeElsewhere:
      return out + "not bound yet, and its volume is being provisioned for node " +
             claim.metadata.annotations.at(v1::kAnnSelectedNode) + " (" + v1::kAnnSelectedNode + ")";
    case O::StaticVolume: {
      const v1::PersistentVolume& pv = s.persistentVolumes[k.volume];
      const std::string size = " (" + FormatResourceAmount("storage", pv.capacity.value) + ")";
      if (pv.claimRef && pv.claimRef->name == claim.metadata.name && pv.claimRef->ns == claim.metadata.ns)
        return out + "would bind PV " + pv.metadata.name + size + ", whose claimRef reserves it for the claim";
      return out + "would bind the available PV " + pv.metadata.name + size + ", the smallest that fits this node";
    }
    case O::Provision: {
      out += (k.selectedNode ? "its volume is being provisioned for this node by "
                             : "no available PV fits this node; a new volume would be provisioned by ") +
             (cls ? cls->provisioner : "");
      if (k.capacity >= 0)
        out += ", CSIStorageCapacity " + s.csiStorageCapacities[k.capacity].metadata.name + " has room";
      return out + selected;
    }
    case O::ProvisionerMissing:
      return out + (k.selectedNode ? "" : "no available PV fits this node, and ") + "the class cannot provision one (" +
             Provisioner(cls) + ")" + selected;
    case O::AllowedTopologiesMismatch: {
      std::vector<std::string> keys;
      const std::string topologies = cls ? TopologiesText(cls->allowedTopologies, keys) : "";
      return out + (k.selectedNode ? "" : "no available PV fits this node, and ") + "the class provisions only where " +
             topologies + "; this node has " + NodeValues(cluster, node, keys) + selected;
    }
    case O::NotEnoughCapacity:
      return out + "no CSIStorageCapacity of the class that this node can reach has room for " +
             FormatResourceAmount("storage", claim.storageRequest.value) + selected;
    default:
      return out;
  }
}

}  // namespace

std::string ClaimClassText(const Cluster& cluster, const v1::PersistentVolumeClaim& claim) {
  const std::string name = ClaimClass(claim);
  if (name.empty()) return "no class";
  const v1::StorageClass* cls = ClassOf(cluster, claim);
  return "class " + name + (cls ? ", " + cls->volumeBindingMode : " (not found)");
}

std::string VolumeCheckText(const Cluster& cluster, const CycleTrace& t, const NodeInfo& node, const VolumeCheck& k) {
  using O = VolumeCheck::Outcome;
  const Scenario& s = cluster.scenario();
  const StringPool& pool = cluster.pool();
  switch (k.outcome) {
    case O::ZoneMatches:
    case O::ZoneConflict: {
      const v1::PersistentVolume& pv = s.persistentVolumes[k.volume];
      const std::string& key = pool.Str(k.key);
      const std::string out = "PV " + pv.metadata.name + " (claim " + s.persistentVolumeClaims[k.claim].metadata.name +
                              ") is in " + key + "=" + pv.metadata.labels.at(key);
      if (k.outcome == O::ZoneMatches) return out + ", and so is this node (" + pool.Str(k.nodeValue) + ")";
      if (k.nodeValue == kNoSym) return out + "; this node has no such label";
      return out + "; this node is in " + pool.Str(k.nodeValue);
    }
    case O::DiskConflict: {
      const v1::Volume& v = cluster.podSpec(t.pod).spec.volumes[k.podVolume];
      const std::string disk = v.source.kind == "rbd" ? v.source.pool + "/" + v.source.image : v.source.id;
      return "volume " + v.name + " (" + v.source.kind + " " + disk + ") is already mounted by pod " +
             cluster.pod(k.pod).key + " on this node";
    }
    case O::ReadWriteOncePodInUse: {
      const PodInfo& holder = cluster.pod(k.pod);
      return "claim " + s.persistentVolumeClaims[k.claim].metadata.name +
             " has the ReadWriteOncePod access mode and pod " + holder.key + " already uses it" +
             (holder.node == kNone ? "" : " (on " + cluster.node(holder.node).name + ")");
    }
    case O::VolumeCount:
      return pool.Str(k.key) + " volumes: " + std::to_string(k.attached) + " attached + " + std::to_string(k.added) +
             " new = " + std::to_string(k.attached + k.added) + (k.pass ? " <= " : " > ") + "the node's limit " +
             std::to_string(k.limit) + " (CSINode allocatable.count)";
    default:
      return BindingText(cluster, node, k);
  }
}

}  // namespace spreadlab
