// The DaemonSet controller (pkg/controller/daemon: daemon_controller.go,
// util/daemonset_util.go): the members of Controllers (controllers/manager.h) that create
// one pod per node a DaemonSet should run on, pinned to it.
#include <nlohmann/json.hpp>
#include <algorithm>
#include <map>

#include "controlplane/controllers/controller_utils.h"
#include "controlplane/controllers/manager.h"
#include "core/corev1/nodeaffinity.h"
#include "core/corev1/selectors.h"
#include "core/corev1/toleration.h"
#include "core/labels.h"
#include "io/json_fields.h"
#include "io/object_reader.h"

namespace spreadlab::controlplane {

using io::ReadNodeItem;
using io::ReadPodItem;
using io::Str;

// One pod per node the DaemonSet should run on (daemon_controller.go manage and
// podsShouldBeOnNode, with nodeShouldRunDaemonPod: the template's nodeName, required node
// affinity and nodeSelector, and NoSchedule/NoExecute taints against its tolerations plus
// those the controller adds), pinned to it by the metadata.name node-affinity term. It
// deletes a Failed or Succeeded pod (created again next round), the pods of a node it
// must no longer run on (an untolerated NoExecute taint, or the node no longer matches),
// a pending pod whose node is gone (getUnscheduledPodsWithoutNode) and, without maxSurge,
// all but the oldest of several pods on a node. With maxSurge those are left as written:
// which to keep depends on the pods' revisions, and DaemonSet rollouts are not simulated.
void Controllers::DaemonSet(const Workload& w) {
  const json& spec = Spec(w);
  const auto selector = SelectorOf(spec, false);
  const json& tmpl = Template(w, spec, selector, /*selectorRequired=*/true);
  json podJson = PodFrom(w, tmpl, w.name, {});
  v1::Pod pod = ReadPodItem(podJson, w.path + ".spec.template");  // errors as the template's
  AddDaemonTolerations(pod.spec.tolerations);
  StringPool pool;
  const RequiredNodeAffinity affinity = GetRequiredNodeAffinity(pod, pool);
  std::vector<Toleration> tolerations;
  for (const auto& t : pod.spec.tolerations) tolerations.push_back(CompileToleration(t, pool));
  // Its pods by the node they run on or are pinned to (getNodesToDaemonPods: GetTargetNodeName).
  std::map<std::string, std::vector<size_t>> byNode;
  for (size_t i : Claim(w, "Pod", selector, [](size_t) { return true; }))
    if (const json* podSpec = Obj(items_[i], "spec")) {
      const std::string nodeName = Str(*podSpec, "nodeName");
      byNode[nodeName.empty() ? PinnedTo(*podSpec) : nodeName].push_back(i);
    }
  int64_t wanted = 0, have = 0, created = 0, deleted = 0;
  auto remove = [&](size_t i, const std::string& reason) {
    const json* podSpec = Obj(items_[i], "spec");
    Delete(i, w, podSpec ? Str(*podSpec, "nodeName") : "", reason);
    ++deleted;
  };
  const bool surge = AllowsSurge(spec);
  for (const auto& [i, node] : Nodes()) {
    const auto pods = byNode.find(node.metadata.name);
    bool shouldRun = pod.spec.nodeName.empty() || pod.spec.nodeName == node.metadata.name;
    bool shouldContinueRunning = shouldRun;
    if (shouldRun) {
      const LabelSet labels = MakeLabelSet(node.metadata.labels, pool);
      shouldRun = shouldContinueRunning = affinity.Match(NodeView{labels, pool.Intern(node.metadata.name)}, pool);
    }
    if (shouldRun) {
      std::vector<Taint> taints;
      for (const auto& t : node.taints) taints.push_back(CompileTaint(t, pool));
      shouldRun = FindUntoleratedDoNotScheduleTaint(taints, tolerations) < 0;
      shouldContinueRunning = shouldRun || FindUntoleratedNoExecuteTaint(taints, tolerations) < 0;
    }
    if (pods == byNode.end()) {
      if (!shouldRun) continue;
      ++wanted;
      json p = PodFrom(w, tmpl, GeneratedName(w.name + "-", static_cast<uint32_t>(i), w.ns, podNames_), {});
      PinToNode(p["spec"], node.metadata.name);
      Add(std::move(p), w);
      ++created;
      continue;
    }
    wanted += shouldRun;
    std::vector<size_t> running;
    for (size_t p : pods->second) {
      const json* status = Obj(items_[p], "status");
      const std::string phase = status ? Str(*status, "phase") : "";
      if (!shouldContinueRunning)
        remove(p, "it is not supposed to run on node " + node.metadata.name);
      else if (phase == "Failed" || phase == "Succeeded")
        remove(p, "Found " + std::string(phase == "Failed" ? "failed" : "succeeded") + " daemon pod " + w.ns + "/" +
                      Str(*Obj(items_[p], "metadata"), "name") + " on node " + node.metadata.name + ", will try to " +
                      (phase == "Failed" ? "kill" : "delete") + " it");
      else
        running.push_back(p);
    }
    if (running.size() > 1 && !surge) {
      std::sort(running.begin(), running.end(), [&](size_t a, size_t b) { return OlderDaemonPod(a, b); });
      for (size_t k = 1; k < running.size(); ++k)
        remove(running[k], "more than one daemon pod on node " + node.metadata.name + ": all but the oldest go");
      running.resize(1);
    }
    have += static_cast<int64_t>(!running.empty());
    byNode.erase(pods);
  }
  // What is left is pinned to or bound on a node that does not exist.
  for (const auto& [nodeName, pods] : byNode)
    for (size_t p : pods)
      if (const json* podSpec = Obj(items_[p], "spec"); podSpec && Str(*podSpec, "nodeName").empty())
        remove(p, "its node " + nodeName + " does not exist");
  Note(w, created, wanted, have, deleted);
}

// podByCreationTimestampAndPhase: a scheduled pod first, then the older, then by name.
bool Controllers::OlderDaemonPod(size_t a, size_t b) const {
  const json* specA = Obj(items_[a], "spec");
  const json* specB = Obj(items_[b], "spec");
  const bool boundA = specA && !Str(*specA, "nodeName").empty(), boundB = specB && !Str(*specB, "nodeName").empty();
  if (boundA != boundB) return boundA;
  const json& metaA = *Obj(items_[a], "metadata");
  const json& metaB = *Obj(items_[b], "metadata");
  // RFC 3339 times in UTC order as strings; a missing one is the zero time, the oldest.
  const std::string createdA = Str(metaA, "creationTimestamp"), createdB = Str(metaB, "creationTimestamp");
  if (createdA == createdB) return Str(metaA, "name") < Str(metaB, "name");
  return createdA < createdB;
}

// util.AllowsSurge: a RollingUpdate strategy with a maxSurge above 0 (a percentage of one
// node rounds up).
bool Controllers::AllowsSurge(const json& spec) {
  const json* strategy = Obj(spec, "updateStrategy");
  if (!strategy || (strategy->contains("type") && Str(*strategy, "type") != "RollingUpdate")) return false;
  const json* rolling = Obj(*strategy, "rollingUpdate");
  auto surge = rolling ? rolling->find("maxSurge") : json::const_iterator();
  if (!rolling || surge == rolling->end()) return false;
  if (surge->is_number_integer()) return surge->get<int64_t>() > 0;
  if (!surge->is_string()) return false;
  const std::string v = surge->get<std::string>();
  return !v.empty() && v.back() == '%' && v.find_first_not_of("0%") != std::string::npos;
}

// util.AddOrUpdateDaemonPodTolerations (hostNetwork's network-unavailable one aside:
// the scenario does not model hostNetwork).
std::vector<v1::Toleration> Controllers::DaemonTolerations() {
  return {{"node.kubernetes.io/not-ready", "Exists", "", "NoExecute", std::nullopt},
          {"node.kubernetes.io/unreachable", "Exists", "", "NoExecute", std::nullopt},
          {"node.kubernetes.io/disk-pressure", "Exists", "", "NoSchedule", std::nullopt},
          {"node.kubernetes.io/memory-pressure", "Exists", "", "NoSchedule", std::nullopt},
          {"node.kubernetes.io/pid-pressure", "Exists", "", "NoSchedule", std::nullopt},
          {"node.kubernetes.io/unschedulable", "Exists", "", "NoSchedule", std::nullopt}};
}

void Controllers::AddDaemonTolerations(std::vector<v1::Toleration>& tols) {
  for (const auto& t : DaemonTolerations()) tols.push_back(t);
}

// The created pod: util.ReplaceDaemonSetPodNodeNameNodeAffinity (every required term
// replaced by the one naming the node) and the controller's tolerations.
void Controllers::PinToNode(json& spec, const std::string& node) {
  json term = {{"matchFields",
                json::array({json{{"key", "metadata.name"}, {"operator", "In"}, {"values", json::array({node})}}})}};
  spec["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"] =
      json{{"nodeSelectorTerms", json::array({std::move(term)})}};
  json& tols = spec["tolerations"];
  if (!tols.is_array()) tols = json::array();
  for (const auto& t : DaemonTolerations()) {
    bool present = false;
    for (const json& e : tols) present |= e.is_object() && Str(e, "key") == t.key && Str(e, "effect") == t.effect;
    if (!present) tols.push_back(json{{"key", t.key}, {"operator", t.op}, {"effect", t.effect}});
  }
}

// The scenario's nodes with their item index, read by the reader's own function once.
const std::vector<std::pair<size_t, v1::Node>>& Controllers::Nodes() {
  if (!nodesRead_) {
    for (size_t i = 0; i < items_.size(); ++i)
      if (items_[i].is_object() && Str(items_[i], "kind") == "Node")
        nodes_.emplace_back(i, ReadNodeItem(items_[i], "items[" + std::to_string(i) + "]"));
    nodesRead_ = true;
  }
  return nodes_;
}

// The node a pending daemon pod is pinned to: its one required term's metadata.name.
std::string Controllers::PinnedTo(const json& spec) {
  const json* na = Obj(spec, "affinity") ? Obj(*Obj(spec, "affinity"), "nodeAffinity") : nullptr;
  const json* req = na ? Obj(*na, "requiredDuringSchedulingIgnoredDuringExecution") : nullptr;
  auto terms = req ? req->find("nodeSelectorTerms") : json::const_iterator();
  if (!req || terms == req->end() || !terms->is_array() || terms->size() != 1 || !(*terms)[0].is_object()) return "";
  auto fields = (*terms)[0].find("matchFields");
  if (fields == (*terms)[0].end() || !fields->is_array()) return "";
  for (const json& f : *fields) {
    auto values = f.is_object() ? f.find("values") : f.end();
    if (f.is_object() && Str(f, "key") == "metadata.name" && values != f.end() && values->is_array() &&
        values->size() == 1 && (*values)[0].is_string())
      return (*values)[0].get<std::string>();
  }
  return "";
}

}  // namespace spreadlab::controlplane
