#include "core/plugins/helper/spread.h"

#include "core/corev1/selectors.h"

namespace spreadlab::helper {

namespace {
template <class T>
const T* FindInNamespace(const std::vector<T>& objs, const std::string& ns, const std::string& name) {
  for (const auto& o : objs)
    if (o.metadata.ns == ns && o.metadata.name == name) return &o;
  return nullptr;
}
}  // namespace

Selector DefaultSelector(const PodInfo& pod, Cluster& cluster) {
  const Scenario& sc = cluster.scenario();
  StringPool& pool = cluster.pool();
  // GetPodServices: services of the pod's namespace whose (non-nil) selector
  // matches the pod. Their selectors cannot conflict, so merging is safe.
  v1::LabelMap labelSet;
  for (const auto& svc : sc.services) {
    if (svc.metadata.ns != pod.ns || !svc.selector) continue;
    if (!SelectorFromSet(*svc.selector, pool).Matches(pod.labels, pool)) continue;
    for (const auto& [k, v] : *svc.selector) labelSet[k] = v;
  }
  Selector selector = SelectorFromSet(labelSet, pool);
  if (!pod.controller) return selector;

  const OwnerRef& owner = *pod.controller;
  if (owner.kind == "ReplicationController" && owner.apiVersion == "v1") {
    if (const auto* rc = FindInNamespace(sc.replicationControllers, pod.ns, owner.name); rc && rc->selector) {
      for (const auto& [k, v] : *rc->selector) labelSet[k] = v;
      selector = SelectorFromSet(labelSet, pool);
    }
    return selector;
  }
  const std::optional<v1::LabelSelector>* other = nullptr;
  if (owner.apiVersion == "apps/v1" && owner.kind == "ReplicaSet") {
    if (const auto* rs = FindInNamespace(sc.replicaSets, pod.ns, owner.name)) other = &rs->selector;
  } else if (owner.apiVersion == "apps/v1" && owner.kind == "StatefulSet") {
    if (const auto* ss = FindInNamespace(sc.statefulSets, pod.ns, owner.name)) other = &ss->selector;
  }
  // A nil workload selector selects nothing and has no requirements to add.
  if (other && *other) {
    Selector s = LabelSelectorAsSelector(*other, pool);
    for (const auto& r : s.Requirements()) selector.Add(r);
  }
  return selector;
}

}  // namespace spreadlab::helper
