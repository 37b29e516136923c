#include "core/scenario_nodes.h"

#include "core/cluster.h"  // kLabelHostname

namespace spreadlab {

ptrdiff_t FindNode(const Scenario& s, const std::string& name) {
  for (size_t i = 0; i < s.nodes.size(); ++i)
    if (s.nodes[i].metadata.name == name) return static_cast<ptrdiff_t>(i);
  return -1;
}

ptrdiff_t FindPod(const Scenario& s, const std::string& key) {
  for (size_t i = 0; i < s.pods.size(); ++i)
    if (s.pods[i].metadata.ns + "/" + s.pods[i].metadata.name == key) return static_cast<ptrdiff_t>(i);
  return -1;
}

v1::Node CopyNode(const v1::Node& node, const std::string& name) {
  v1::Node copy = node;
  for (auto& [key, value] : copy.metadata.labels)
    if (key == kLabelHostname || value == node.metadata.name) value = name;
  copy.metadata.name = name;
  copy.unschedulable = false;
  copy.path.clear();
  return copy;
}

}  // namespace spreadlab
