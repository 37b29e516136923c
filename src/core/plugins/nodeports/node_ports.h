#pragma once
// NodePorts (pkg/scheduler/framework/plugins/nodeports): PreFilter collects the
// host ports the pod asks for (util.GetHostPorts: containers and restartable
// "sidecar" init containers, hostPort > 0) and returns Skip when there are
// none; Filter rejects a node whose bound pods already use a conflicting
// (hostIP, protocol, hostPort), as fwk.HostPortInfo.CheckConflict decides.
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/framework/interface.h"

namespace spreadlab::plugins {

// fwk.HostPortInfo: host IP -> set of (protocol, port). An empty IP means
// 0.0.0.0 (every address) and an empty protocol means TCP; ports <= 0 are
// ignored.
class HostPortInfo {
 public:
  static constexpr std::string_view kDefaultBindAllHostIP = "0.0.0.0";
  void Add(std::string ip, std::string protocol, int32_t port);
  void Remove(std::string ip, std::string protocol, int32_t port);
  size_t Len() const;
  // A wildcard IP conflicts with the same (protocol, port) on any IP; a
  // specific IP with the same (protocol, port) on that IP or on 0.0.0.0.
  bool CheckConflict(std::string ip, std::string protocol, int32_t port) const;
  void Clear() { ports_.clear(); }

 private:
  static void Sanitize(std::string& ip, std::string& protocol);
  std::map<std::string, std::set<std::pair<std::string, int32_t>>, std::less<>> ports_;
};

// util.GetHostPorts: the ports with hostPort > 0 of the init containers with
// restartPolicy Always, then of the containers, in spec order.
// `sidecars`: from 1.33 (kubernetes#132040, backported to 1.33.6 as kubernetes#133390);
// before, only the containers' ports.
std::vector<v1::ContainerPort> GetHostPorts(const v1::Pod& pod, bool sidecars);

class NodePorts final : public PreFilterPlugin, public FilterPlugin {
 public:
  static constexpr std::string_view kName = "NodePorts";
  static constexpr std::string_view kErrReason = "node(s) didn't have free ports for the requested pod ports";

  explicit NodePorts(Handle h) : h_(h) {}
  std::string_view Name() const override { return kName; }
  Status PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult& result, CycleTrace* trace) override;
  Status Filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node, CycleTrace* trace) override;

  // NodeInfo.UsedPorts: the host ports of the pods bound to the node.
  const HostPortInfo& UsedPorts(const NodeInfo& node);

 private:
  struct NodePortsCache {
    size_t pods = 0;  // how many of node.pods have been added
    HostPortInfo used;
  };
  Handle h_;
  // Bound pods are only ever appended to a node, so each node's ports are kept
  // and extended with the pods bound since.
  std::vector<NodePortsCache> used_;
};

}  // namespace spreadlab::plugins
