#pragma once
// Nodes for a cluster that has too few: the picture's "Add node" dialog draws one from a
// few fields, and an empty scenario offers a sample cluster. Both are manifests that
// Lab::ApplyManifests applies as `kubectl apply -f` would, so the API server's validation
// words any mistake. UI-free, so that the unit tests reach it.
#include <string>

namespace spreadlab::app {

struct NodeDraft {
  std::string name;
  std::string zone;                                     // topology.kubernetes.io/zone; "" for none
  std::string labels;                                   // more labels, "a=b,c=d"
  std::string cpu = "4", memory = "8Gi", pods = "110";  // status.allocatable (and capacity)
  std::string taints;                                   // "key=value:Effect; key:Effect"
};

// The Node manifest (JSON) of `draft`, labelled kubernetes.io/hostname as the kubelet
// labels it; false with a message when a label or taint entry is malformed.
bool NodeManifest(const NodeDraft& draft, std::string& manifest, std::string& error);

// The sample cluster (README.md, In-browser lab): three zones, zone-a to zone-c of region-1, with two
// nodes each (node-a1, node-a2, ...) of 4 CPUs, 8Gi of memory and room for 110 pods, as a v1 List.
std::string SampleClusterManifest();

}  // namespace spreadlab::app
