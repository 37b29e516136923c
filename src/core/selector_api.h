#pragma once
// Label and node selectors (metav1.LabelSelector, v1.NodeSelector) and taints: shared by the
// workload objects (core/api.h), the storage objects (core/storage_api.h) and Karpenter's
// (core/karpenter_api.h).
#include <map>
#include <string>
#include <vector>

#include "core/quantity.h"

namespace spreadlab::v1 {

using LabelMap = std::map<std::string, std::string>;
using ResourceList = std::map<std::string, Quantity>;

struct LabelSelectorRequirement {
  std::string key;
  std::string op;  // In, NotIn, Exists, DoesNotExist
  std::vector<std::string> values;
  bool operator==(const LabelSelectorRequirement&) const = default;
};

// metav1.LabelSelector. A missing selector (std::nullopt where it is optional)
// selects nothing; an empty one selects everything.
struct LabelSelector {
  LabelMap matchLabels;
  std::vector<LabelSelectorRequirement> matchExpressions;
  bool operator==(const LabelSelector&) const = default;
};

struct Taint {
  std::string key;
  std::string value;
  std::string effect;  // NoSchedule, PreferNoSchedule, NoExecute
  bool operator==(const Taint&) const = default;
};

struct NodeSelectorRequirement {
  std::string key;
  std::string op;  // In, NotIn, Exists, DoesNotExist, Gt, Lt
  std::vector<std::string> values;
  bool operator==(const NodeSelectorRequirement&) const = default;
};

struct NodeSelectorTerm {
  std::vector<NodeSelectorRequirement> matchExpressions;
  std::vector<NodeSelectorRequirement> matchFields;  // only metadata.name
  bool operator==(const NodeSelectorTerm&) const = default;
};

struct NodeSelector {
  std::vector<NodeSelectorTerm> nodeSelectorTerms;
  bool operator==(const NodeSelector&) const = default;
};

}  // namespace spreadlab::v1
