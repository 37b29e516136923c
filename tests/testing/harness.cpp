#include "testing/harness.h"

namespace spreadlab::testing {

PluginHarness::PluginHarness(std::vector<v1::Node> nodes, std::vector<v1::Pod> existing, v1::Pod pod, Factory factory,
                             Scenario extra) {
  Scenario s = std::move(extra);
  s.nodes = std::move(nodes);
  s.pods = std::move(existing);
  pod.spec.nodeName.clear();
  s.pods.push_back(std::move(pod));
  pod_ = static_cast<PodIndex>(s.pods.size() - 1);
  cluster_ = std::make_unique<Cluster>(std::move(s));
  plugin_ = factory(Handle{cluster_.get()});
}

Status PluginHarness::PreFilter(PreFilterResult* result) {
  PreFilterResult r;
  Status s = dynamic_cast<PreFilterPlugin&>(*plugin_).PreFilter(state_, pod(), result ? *result : r, &trace_);
  return s;
}

Status PluginHarness::Filter(const std::string& node) {
  NodeIndex n = cluster_->FindNode(node);
  return dynamic_cast<FilterPlugin&>(*plugin_).Filter(state_, pod(), cluster_->node(n), &trace_);
}

std::vector<NodeStatus> PluginHarness::FilterAll() {
  std::vector<NodeStatus> out;
  for (const auto& n : cluster_->nodes()) {
    Status s = Filter(n.name);
    out.push_back({n.name, s.code, std::string(s.Message())});
  }
  return out;
}

std::vector<int64_t> PluginHarness::Scores(const std::vector<std::string>& filtered, Status* status,
                                           std::vector<int64_t>* raw) {
  std::vector<NodeIndex> nodes;
  for (const auto& n : filtered) nodes.push_back(cluster_->FindNode(n));
  Status st = Status::Ok();
  if (auto* pre = dynamic_cast<PreScorePlugin*>(plugin_.get())) st = pre->PreScore(state_, pod(), nodes, &trace_);
  if (status) *status = st;
  if (!st.IsSuccess()) return {};
  auto& sp = dynamic_cast<ScorePlugin&>(*plugin_);
  std::vector<NodeScore> scores;
  for (NodeIndex n : nodes) {
    NodeScore ns{n, 0};
    Status s = sp.Score(state_, pod(), cluster_->node(n), ns.score);
    if (!s.IsSuccess()) {
      if (status) *status = s;
      return {};
    }
    scores.push_back(ns);
  }
  if (raw) {
    raw->clear();
    for (const auto& s : scores) raw->push_back(s.score);
  }
  Status s = sp.NormalizeScore(state_, pod(), scores);
  if (!s.IsSuccess() && status) *status = s;
  std::vector<int64_t> out;
  for (const auto& ns : scores) out.push_back(ns.score);
  return out;
}

}  // namespace spreadlab::testing
