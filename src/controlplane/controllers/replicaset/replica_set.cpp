// The ReplicaSet controller (pkg/controller/replicaset/replica_set.go syncReplicaSet,
// manageReplicas; ReplicationControllers too, as upstream's replication controller runs
// it): the members of Controllers (controllers/manager.h) that create a ReplicaSet's pods
// or delete the extra ones in the order of replicaset/pod_deletion_order.h.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "controlplane/controllers/controller_utils.h"
#include "controlplane/controllers/manager.h"
#include "controlplane/controllers/replicaset/pod_deletion_order.h"
#include "core/corev1/selectors.h"
#include "core/labels.h"
#include "io/json_fields.h"

namespace spreadlab::controlplane {

using io::Str;

std::optional<v1::LabelSelector> Controllers::ReplicaSetSelector(const Workload& w, const json& spec) {
  const bool rc = w.kind == "ReplicationController";
  auto selector = SelectorOf(spec, rc);
  if (rc && (!selector || selector->matchLabels.empty())) {
    // A ReplicationController without a selector selects its template's labels.
    if (const json* t = Obj(spec, "template")) selector = v1::LabelSelector{Labels(Obj(*t, "metadata")), {}};
  }
  return selector;
}

// The active pods a ReplicaSet or ReplicationController controls (syncReplicaSet:
// controller.FilterActivePods, then claimPods): its own that its selector matches and
// the orphans it adopts.
std::vector<size_t> Controllers::ReplicaSetPods(const Workload& w, const json& spec) {
  return Claim(w, "Pod", ReplicaSetSelector(w, spec), [this](size_t i) { return Active(i); });
}

void Controllers::ReplicaSet(const Workload& w) {
  const json& spec = Spec(w);
  const int64_t replicas = Count(w, spec, "replicas", 1);
  const json& tmpl = Template(w, spec, ReplicaSetSelector(w, spec), /*selectorRequired=*/w.kind == "ReplicaSet");
  std::vector<size_t> pods = ReplicaSetPods(w, spec);
  const int64_t have = static_cast<int64_t>(pods.size());
  if (have > replicas) {
    Note(w, 0, replicas, have, DeleteRanked(w, std::move(pods), replicas));
    return;
  }
  Create(w, replicas, have,
         [&](uint32_t n) { return PodFrom(w, tmpl, GeneratedName(w.name + "-", n, w.ns, podNames_), {}); });
}

// replicaset manageReplicas scaling down: at most burstReplicas (500) per sync, each
// batch the first of getPodsToDelete's order, ranked afresh.
int64_t Controllers::DeleteRanked(const Workload& w, std::vector<size_t> pods, int64_t replicas) {
  constexpr int64_t kBurstReplicas = 500;
  int64_t deleted = 0;
  for (int64_t excess = static_cast<int64_t>(pods.size()) - replicas; excess > 0;) {
    const size_t diff = static_cast<size_t>(std::min(excess, kBurstReplicas));
    std::vector<DeletionCandidate> candidates;
    for (size_t i : pods) candidates.push_back(ReadDeletionCandidate(items_[i]));
    const std::vector<size_t> order = PodsToDelete(candidates, RelatedPods(w), diff, Now());
    const std::vector<size_t> staying(order.begin() + static_cast<std::ptrdiff_t>(diff), order.end());
    for (size_t d = 0; d < diff; ++d)
      Delete(pods[order[d]], w, candidates[order[d]].nodeName, DeletionReason(candidates, order[d], staying, Now()));
    std::vector<size_t> keptIndex = staying;  // in file order again: ties go by it
    std::sort(keptIndex.begin(), keptIndex.end());
    std::vector<size_t> kept;
    for (size_t k : keptIndex) kept.push_back(pods[k]);
    pods = std::move(kept);
    excess -= static_cast<int64_t>(diff);
    deleted += static_cast<int64_t>(diff);
  }
  return deleted;
}

// getIndirectlyRelatedPods: the pods selected by every ReplicaSet that has this one's
// controller (a Deployment's revisions), each once. A ReplicaSet that no one controls
// has none.
std::vector<DeletionCandidate> Controllers::RelatedPods(const Workload& w) const {
  std::vector<DeletionCandidate> out;
  const json* owner = ControllerRefOf(*Obj(items_[w.item], "metadata"));
  if (!owner) return out;
  auto siblings = owned_.find(OwnerKey(w.ns, Str(*owner, "kind"), Str(*owner, "name")));
  if (siblings == owned_.end()) return out;
  StringPool pool;
  std::vector<Selector> selectors;
  for (size_t i : siblings->second)
    if (Str(items_[i], "kind") == w.kind)
      if (const json* spec = Obj(items_[i], "spec"))
        selectors.push_back(LabelSelectorAsSelector(SelectorOf(*spec, w.kind == "ReplicationController"), pool));
  for (size_t i = 0; i < items_.size(); ++i) {
    const json& it = items_[i];
    if (!it.is_object() || Str(it, "kind") != "Pod") continue;
    const json* pmeta = Obj(it, "metadata");
    if (!pmeta || Str(*pmeta, "namespace", "default") != w.ns) continue;
    const LabelSet labels = MakeLabelSet(Labels(pmeta), pool);
    for (const Selector& sel : selectors)
      if (!sel.Empty() && sel.Matches(labels, pool)) {
        out.push_back(ReadDeletionCandidate(it));
        out.back().active = Active(i);
        break;
      }
  }
  return out;
}

}  // namespace spreadlab::controlplane
