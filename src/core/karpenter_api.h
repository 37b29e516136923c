#pragma once
// Karpenter's objects a scenario holds (sigs.k8s.io/karpenter pkg/apis/v1: NodePool and its
// NodeClaimTemplate), and the instance types a cloud offers Karpenter (pkg/cloudprovider
// types.go InstanceType and Offering), which spreadlab reads from its own InstanceTypeCatalog
// item (docs/autoscaling.md): plain data with upstream's field names, defaults as the CRD
// sets them.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/selector_api.h"

namespace spreadlab::karpenterv1 {

inline constexpr const char* kGroup = "karpenter.sh";
inline constexpr const char* kNodePoolLabelKey = "karpenter.sh/nodepool";
inline constexpr const char* kCapacityTypeLabelKey = "karpenter.sh/capacity-type";
inline constexpr const char* kCapacityTypeSpot = "spot";
inline constexpr const char* kCapacityTypeOnDemand = "on-demand";
inline constexpr const char* kCapacityTypeReserved = "reserved";

// NodeSelectorRequirementWithMinValues: a node selector requirement (operators In, NotIn,
// Exists, DoesNotExist, Gt, Lt, Gte, Lte) with how many values of it a launch must keep open.
struct Requirement {
  std::string key;
  std::string op;  // operator
  std::vector<std::string> values;
  std::optional<int64_t> minValues;
  bool operator==(const Requirement&) const = default;
};

struct NodeClassReference {
  std::string group, kind, name;
  bool operator==(const NodeClassReference&) const = default;
};

// NodeClaimTemplate: what every NodeClaim the pool launches carries.
struct NodeClaimTemplate {
  v1::LabelMap labels;       // metadata.labels
  v1::LabelMap annotations;  // metadata.annotations
  NodeClassReference nodeClassRef;
  std::vector<v1::Taint> taints;
  std::vector<v1::Taint> startupTaints;  // removed by a daemon once the node is up
  std::vector<Requirement> requirements;
  std::string expireAfter = "720h";  // a duration or "Never"
  std::string terminationGracePeriod;
  bool operator==(const NodeClaimTemplate&) const = default;
};

struct Budget {
  std::string nodes = "10%";
  std::string schedule, duration;
  std::vector<std::string> reasons;
  bool operator==(const Budget&) const = default;
};

struct Disruption {
  std::string consolidateAfter = "0s";
  std::string consolidationPolicy = "WhenEmptyOrUnderutilized";
  std::vector<Budget> budgets{Budget{}};
  bool operator==(const Disruption&) const = default;
};

struct NodePool {
  std::string path;        // where it was read, for messages
  std::string name;        // metadata.name
  NodeClaimTemplate tmpl;  // spec.template
  Disruption disruption;
  // spec.limits: the most the pool's nodes may hold together (resource name -> amount);
  // "nodes" counts nodes.
  v1::ResourceList limits;
  std::optional<int32_t> weight;    // 1..100: pools are tried by weight, highest first
  std::optional<int64_t> replicas;  // a static pool: exactly this many nodes
  bool operator==(const NodePool&) const = default;
};

}  // namespace spreadlab::karpenterv1

namespace spreadlab::cloudprovider {

// Offering: where and how an instance type can be launched, at what price.
struct Offering {
  std::string zone;          // topology.kubernetes.io/zone
  std::string capacityType;  // karpenter.sh/capacity-type: on-demand, spot, reserved
  double price = 0;
  bool available = true;
  bool operator==(const Offering&) const = default;
};

// InstanceType: a machine the cloud offers, with the labels a node of it gets
// (requirements, each In with its values), what it holds and what the node keeps back.
struct InstanceType {
  std::string path;
  std::string name;
  std::vector<karpenterv1::Requirement> requirements;
  v1::ResourceList capacity;
  v1::ResourceList kubeReserved, systemReserved, evictionThreshold;  // overhead
  std::vector<Offering> offerings;
  bool operator==(const InstanceType&) const = default;
};

}  // namespace spreadlab::cloudprovider
