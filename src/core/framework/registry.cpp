#include "core/framework/registry.h"

#include "core/plugins/imagelocality/image_locality.h"
#include "core/plugins/interpodaffinity/plugin.h"
#include "core/plugins/nodeaffinity/node_affinity.h"
#include "core/plugins/nodename/node_name.h"
#include "core/plugins/nodeports/node_ports.h"
#include "core/plugins/noderesources/balanced_allocation.h"
#include "core/plugins/noderesources/fit.h"
#include "core/plugins/nodeunschedulable/node_unschedulable.h"
#include "core/plugins/podtopologyspread/plugin.h"
#include "core/plugins/selectorspread/selector_spread.h"
#include "core/plugins/tainttoleration/taint_toleration.h"

namespace spreadlab {

std::unique_ptr<Plugin> NewPlugin(const std::string& name, Handle h, const config::Profile& profile) {
  using namespace plugins;
  if (name == NodeUnschedulable::kName) return std::make_unique<NodeUnschedulable>(h);
  if (name == NodeName::kName) return std::make_unique<NodeName>(h);
  if (name == TaintToleration::kName) return std::make_unique<TaintToleration>(h);
  if (name == NodeAffinity::kName) return std::make_unique<NodeAffinity>(h, profile.nodeAffinityArgs);
  if (name == NodePorts::kName) return std::make_unique<NodePorts>(h);
  if (name == Fit::kName) return std::make_unique<Fit>(h, profile.nodeResourcesFitArgs);
  if (name == BalancedAllocation::kName) return std::make_unique<BalancedAllocation>(h, profile.balancedAllocationArgs);
  if (name == ImageLocality::kName) return std::make_unique<ImageLocality>(h);
  if (name == InterPodAffinity::kName) return std::make_unique<InterPodAffinity>(h, profile.interPodAffinityArgs);
  if (name == SelectorSpread::kName) return std::make_unique<SelectorSpread>(h);
  if (name == PodTopologySpread::kName) {
    const auto& a = profile.podTopologySpreadArgs;
    return std::make_unique<PodTopologySpread>(
        h, PodTopologySpreadArgs{a.defaultConstraints, a.defaultingType == config::kSystemDefaulting});
  }
  return nullptr;
}

}  // namespace spreadlab
