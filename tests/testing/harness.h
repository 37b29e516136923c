#pragma once
// Runs one plugin's extension points on a small cluster, the way upstream's
// plugin unit tests drive a plugin directly (PreFilter then Filter per node;
// PreScore, Score and NormalizeScore over the "filtered" nodes).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/cluster.h"
#include "core/framework/interface.h"

namespace spreadlab::testing {

struct NodeStatus {
  std::string node;
  Code code = Code::Success;
  std::string reason;
};

class PluginHarness {
 public:
  using Factory = std::function<std::unique_ptr<Plugin>(Handle)>;

  // `pod` is added last, unbound, and is the pod being scheduled; `existing`
  // pods are bound where their spec.nodeName says.
  PluginHarness(std::vector<v1::Node> nodes, std::vector<v1::Pod> existing, v1::Pod pod, Factory factory,
                Scenario extra = {});

  Cluster& cluster() { return *cluster_; }
  Plugin& plugin() { return *plugin_; }
  const PodInfo& pod() const { return cluster_->pod(pod_); }
  CycleState& state() { return state_; }
  CycleTrace& trace() { return trace_; }

  // PreFilter; the trace records the plugin's numbers.
  Status PreFilter(PreFilterResult* result = nullptr);
  // Filter on every node, in cluster order (PreFilter must have run).
  std::vector<NodeStatus> FilterAll();
  Status Filter(const std::string& node);
  // PreScore over `filtered` node names, then Score and NormalizeScore on them.
  // Returns the normalized scores in the order of `filtered`; `status` gets the
  // first non-success status (PreScore's Skip included).
  std::vector<int64_t> Scores(const std::vector<std::string>& filtered, Status* status = nullptr,
                              std::vector<int64_t>* raw = nullptr);

 private:
  std::unique_ptr<Cluster> cluster_;
  std::unique_ptr<Plugin> plugin_;
  PodIndex pod_ = kNone;
  CycleState state_;
  CycleTrace trace_;
};

}  // namespace spreadlab::testing
