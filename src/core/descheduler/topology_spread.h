#pragma once
// The descheduler's RemovePodsViolatingTopologySpreadConstraint (sigs.k8s.io/descheduler
// pkg/framework/plugins/removepodsviolatingtopologyspreadconstraint, Balance and
// balanceDomains) with its default arguments and the DefaultEvictor's default filter: the
// pods it would evict so that the scheduler places them again. kube-scheduler checks a
// spread constraint only when it places a pod; after a zone came back or a scale-down,
// this is what moves pods.
//
// Where upstream iterates Go maps (namespaces, domains of equal size, the pods it evicts),
// the order here is the cluster's: namespaces by name, domains and pods in node order.
// Not modelled: eviction limits, PodDisruptionBudgets, the evictor's local-storage and PVC
// filters, and NodeFit's inter-pod anti-affinity and host port checks.
#include <string>
#include <vector>

#include "core/cluster.h"

namespace spreadlab::descheduler {

struct TopologySpreadArgs {
  // args.constraints: the whenUnsatisfiable values it balances (default DoNotSchedule only).
  std::vector<std::string> constraints = {"DoNotSchedule"};
  bool topologyBalanceNodeFit = true;  // args.topologyBalanceNodeFit (default true)
};

struct Eviction {
  PodIndex pod = kNone;
  std::string reason;  // the constraint and the domains it balances, in a few words
};

struct BalanceResult {
  std::vector<Eviction> evictions;  // in pod order
  // Pods balanceDomains chose but left (they fit no node of a domain below the average).
  std::vector<Eviction> kept;
};

// DefaultEvictor's filter with its defaults: a pod with a controller that is not a
// DaemonSet, below system-critical priority, not terminating (mirror pods are not modelled).
bool Evictable(const Cluster& cluster, PodIndex pod);

// Balance over every node and every bound pod of the cluster.
BalanceResult RemovePodsViolatingTopologySpreadConstraint(Cluster& cluster, const TopologySpreadArgs& args = {});

}  // namespace spreadlab::descheduler
