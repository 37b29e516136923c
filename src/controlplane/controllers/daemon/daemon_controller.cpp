// The DaemonSet controller (pkg/controller/daemon: daemon_controller.go,
// util/daemonset_util.go): the members of Controllers (controllers/manager.h) that create
// one pod per node a DaemonSet should run on, pinned to it.
#include <nlohmann/json.hpp>
#include <set>

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

// One pod per node the DaemonSet should run on (daemon_controller.go
// NodeShouldRunDaemonPod: the template's nodeName, required node affinity and
// nodeSelector, and NoSchedule/NoExecute taints against its tolerations plus those the
// controller adds), pinned to it by the metadata.name node-affinity term.
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
  // The nodes it already has a pod on, or pinned to (getDaemonPods: ClaimPods).
  std::set<std::string> placed;
  for (size_t i : Claim(w, "Pod", selector, [](size_t) { return true; }))
    if (const json* podSpec = Obj(items_[i], "spec")) {
      placed.insert(Str(*podSpec, "nodeName"));
      placed.insert(PinnedTo(*podSpec));
    }
  int64_t wanted = 0, have = 0, created = 0;
  for (const auto& [i, node] : Nodes()) {
    if (!pod.spec.nodeName.empty() && pod.spec.nodeName != node.metadata.name) continue;
    const LabelSet labels = MakeLabelSet(node.metadata.labels, pool);
    if (!affinity.Match(NodeView{labels, pool.Intern(node.metadata.name)}, pool)) continue;
    std::vector<Taint> taints;
    for (const auto& t : node.taints) taints.push_back(CompileTaint(t, pool));
    if (FindUntoleratedDoNotScheduleTaint(taints, tolerations) >= 0) continue;
    ++wanted;
    if (placed.count(node.metadata.name)) {
      ++have;
      continue;
    }
    json p = PodFrom(w, tmpl, GeneratedName(w.name + "-", static_cast<uint32_t>(i), w.ns, podNames_), {});
    PinToNode(p["spec"], node.metadata.name);
    Add(std::move(p), w);
    ++created;
  }
  Note(w, created, wanted, have);
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
