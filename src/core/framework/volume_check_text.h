#pragma once
// What a volume plugin decided about one claim, volume or CSI driver on one node
// (VolumeCheck), as one line a reader can check against the scenario: "claim data-db-2
// (class zonal-ssd, WaitForFirstConsumer): bound to PV pv-data-db-2, whose node affinity
// asks for topology.kubernetes.io/zone In (zone-c); this node has
// topology.kubernetes.io/zone=zone-a: no match". kube-scheduler's reasons name none of these
// objects. The CLI's explain table prints it under each node.
#include <string>

#include "core/cluster.h"
#include "core/framework/trace.h"

namespace spreadlab {

// `k` was recorded on `node` in the cycle `t` explains.
std::string VolumeCheckText(const Cluster& cluster, const CycleTrace& t, const NodeInfo& node, const VolumeCheck& k);

// The claim's StorageClass as the line names it: "class zonal-ssd, WaitForFirstConsumer",
// "class fast (not found)" or "no class".
std::string ClaimClassText(const Cluster& cluster, const v1::PersistentVolumeClaim& claim);

}  // namespace spreadlab
