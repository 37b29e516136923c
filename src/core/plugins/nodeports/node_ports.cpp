#include "core/plugins/nodeports/node_ports.h"

namespace spreadlab::plugins {

namespace {
constexpr std::string_view kPreFilterStateKey = "PreFilterNodePorts";

struct PreFilterState : StateData {
  std::vector<v1::ContainerPort> ports;
};
}  // namespace

void HostPortInfo::Sanitize(std::string& ip, std::string& protocol) {
  if (ip.empty()) ip = kDefaultBindAllHostIP;
  if (protocol.empty()) protocol = "TCP";
}

void HostPortInfo::Add(std::string ip, std::string protocol, int32_t port) {
  if (port <= 0) return;
  Sanitize(ip, protocol);
  ports_[ip].emplace(std::move(protocol), port);
}

void HostPortInfo::Remove(std::string ip, std::string protocol, int32_t port) {
  if (port <= 0) return;
  Sanitize(ip, protocol);
  auto it = ports_.find(ip);
  if (it == ports_.end()) return;
  it->second.erase({protocol, port});
  if (it->second.empty()) ports_.erase(it);
}

size_t HostPortInfo::Len() const {
  size_t n = 0;
  for (const auto& [ip, set] : ports_) n += set.size();
  return n;
}

bool HostPortInfo::CheckConflict(std::string ip, std::string protocol, int32_t port) const {
  if (port <= 0) return false;
  Sanitize(ip, protocol);
  const std::pair<std::string, int32_t> pp{std::move(protocol), port};
  // If ip is 0.0.0.0 check all IP's (protocol, port) pair.
  if (ip == kDefaultBindAllHostIP) {
    for (const auto& [_, set] : ports_)
      if (set.count(pp)) return true;
    return false;
  }
  // If ip isn't 0.0.0.0, only check IP and 0.0.0.0's (protocol, port) pair.
  for (std::string_view key : {kDefaultBindAllHostIP, std::string_view(ip)}) {
    auto it = ports_.find(key);
    if (it != ports_.end() && it->second.count(pp)) return true;
  }
  return false;
}

std::vector<v1::ContainerPort> GetHostPorts(const v1::Pod& pod, bool sidecars) {
  std::vector<v1::ContainerPort> ports;
  for (const auto& c : pod.spec.initContainers) {
    // Only initContainers that run for the pod's whole life.
    if (!sidecars || !c.restartPolicy || *c.restartPolicy != "Always") continue;
    for (const auto& p : c.ports)
      if (p.hostPort > 0) ports.push_back(p);
  }
  for (const auto& c : pod.spec.containers)
    for (const auto& p : c.ports)
      if (p.hostPort > 0) ports.push_back(p);
  return ports;
}

const HostPortInfo& NodePorts::UsedPorts(const NodeInfo& node) {
  const Cluster& cluster = *h_.cluster;
  if (used_.size() != cluster.nodes().size()) used_.assign(cluster.nodes().size(), {});
  NodePortsCache& c = used_[node.index];
  if (c.pods > node.pods.size()) c = {};
  for (; c.pods < node.pods.size(); ++c.pods)
    for (const auto& p : GetHostPorts(cluster.podSpec(node.pods[c.pods]), cluster.release().AtLeast(33)))
      c.used.Add(p.hostIP, p.protocol, p.hostPort);
  return c.used;
}

// NodePorts.PreFilter
Status NodePorts::PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult&, CycleTrace*) {
  std::vector<v1::ContainerPort> ports =
      GetHostPorts(h_.cluster->podSpec(pod.index), h_.cluster->release().AtLeast(33));
  // Skip if a pod has no ports.
  if (ports.empty()) return Status::Make(Code::Skip);
  state.Write<PreFilterState>(kPreFilterStateKey).ports = std::move(ports);
  return Status::Ok();
}

// NodePorts.Filter: fitsPorts(wantPorts, nodeInfo.UsedPorts).
Status NodePorts::Filter(const CycleState& state, const PodInfo&, const NodeInfo& node, CycleTrace*) {
  const auto* s = state.Read<PreFilterState>(kPreFilterStateKey);
  if (!s) return Status::AsError("reading \"PreFilterNodePorts\" from cycleState: not found");
  const HostPortInfo& used = UsedPorts(node);
  for (const auto& cp : s->ports)
    if (used.CheckConflict(cp.hostIP, cp.protocol, cp.hostPort)) return Status::Make(Code::Unschedulable, kErrReason);
  return Status::Ok();
}

}  // namespace spreadlab::plugins
