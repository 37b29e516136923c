#include "core/why/edit.h"

#include <algorithm>
#include <climits>
#include <utility>

#include "core/cluster.h"
#include "core/corev1/nodeaffinity.h"
#include "core/storage.h"

namespace spreadlab::why {

std::string_view EditKindName(EditKind k) {
  switch (k) {
    case EditKind::RaiseMaxSkew:
      return "raiseMaxSkew";
    case EditKind::LowerMinDomains:
      return "lowerMinDomains";
    case EditKind::SetNodeAffinityPolicy:
      return "setNodeAffinityPolicy";
    case EditKind::SetNodeTaintsPolicy:
      return "setNodeTaintsPolicy";
    case EditKind::ScheduleAnyway:
      return "scheduleAnyway";
    case EditKind::DropNodeSelector:
      return "dropNodeSelector";
    case EditKind::DropNodeAffinityRequirement:
      return "dropNodeAffinityRequirement";
    case EditKind::DropRequiredNodeAffinity:
      return "dropRequiredNodeAffinity";
    case EditKind::TolerateTaints:
      return "tolerateTaints";
    case EditKind::UncordonNode:
      return "uncordonNode";
    case EditKind::MovePod:
      return "movePod";
    case EditKind::AddNode:
      return "addNode";
    case EditKind::ShrinkPodRequests:
      return "shrinkPodRequests";
    case EditKind::DeletePod:
      return "deletePod";
    case EditKind::RecreateClaim:
      return "recreateClaim";
  }
  return "";
}

bool LosesData(const Edit& e) { return e.kind == EditKind::RecreateClaim && !e.volume.empty(); }

v1::PersistentVolumeClaim RecreatedClaim(const v1::PersistentVolumeClaim& claim, const std::string& storageClass) {
  v1::PersistentVolumeClaim fresh = claim;
  fresh.volumeName.clear();
  fresh.phase = "Pending";
  fresh.metadata.terminating = false;
  for (const char* a : {v1::kAnnBindCompleted, v1::kAnnBoundByController, v1::kAnnSelectedNode,
                        "volume.kubernetes.io/storage-provisioner", "volume.beta.kubernetes.io/storage-provisioner"})
    fresh.metadata.annotations.erase(a);
  if (!storageClass.empty()) {
    fresh.metadata.annotations.erase(v1::kAnnBetaStorageClass);
    fresh.storageClassName = storageClass;
  }
  return fresh;
}

CostClass CostClassOf(EditKind k) {
  if (k <= EditKind::SetNodeTaintsPolicy) return CostClass::Constraint;
  if (k <= EditKind::TolerateTaints) return CostClass::Pod;
  return CostClass::Cluster;
}

std::string_view CostClassName(CostClass c) {
  switch (c) {
    case CostClass::Constraint:
      return "constraint";
    case CostClass::Pod:
      return "pod";
    case CostClass::Cluster:
      return "cluster";
  }
  return "";
}

namespace {

const v1::NodeSelector* Required(const v1::Pod& p) {
  if (!p.spec.affinity || !p.spec.affinity->nodeAffinity) return nullptr;
  const auto& r = p.spec.affinity->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution;
  return r ? &*r : nullptr;
}

size_t RequirementCount(const v1::NodeSelector& r) {
  size_t n = 0;
  for (const auto& t : r.nodeSelectorTerms) n += t.matchExpressions.size() + t.matchFields.size();
  return n;
}

// The API object behind CycleTrace::spreadFilter[i]: the i-th DoNotSchedule
// constraint of the list getConstraints took them from.
const v1::TopologySpreadConstraint* SpreadConstraint(const Scenario& s, size_t pod, const Edit& e) {
  const std::vector<v1::TopologySpreadConstraint>* list = &s.pods[pod].spec.topologySpreadConstraints;
  if (e.fromDefaults) {
    if (!s.profile) return nullptr;
    list = &s.profile->podTopologySpreadArgs.defaultConstraints;
  }
  int32_t seen = 0;
  for (const auto& c : *list)
    if (c.whenUnsatisfiable == v1::kDoNotSchedule && seen++ == e.constraint) return &c;
  return nullptr;
}
v1::TopologySpreadConstraint* SpreadConstraint(Scenario& s, size_t pod, const Edit& e) {
  return const_cast<v1::TopologySpreadConstraint*>(SpreadConstraint(std::as_const(s), pod, e));
}

ptrdiff_t FindClaim(const Scenario& s, const std::string& key) {
  for (size_t i = 0; i < s.persistentVolumeClaims.size(); ++i) {
    const auto& m = s.persistentVolumeClaims[i].metadata;
    if (m.ns + "/" + m.name == key) return static_cast<ptrdiff_t>(i);
  }
  return -1;
}

// Whether pod `p` mounts claim `key` (namespace/name).
bool UsesClaim(const v1::Pod& p, const std::string& key) {
  return std::any_of(p.spec.volumes.begin(), p.spec.volumes.end(), [&](const v1::Volume& v) {
    const std::optional<std::string> name = ClaimNameOf(p, v);
    return name && p.metadata.ns + "/" + *name == key;
  });
}

// ApplyEdit's writer: the scenario's plain data.
class ScenarioWriter : public ClusterWriter {
 public:
  explicit ScenarioWriter(Scenario& s) : s_(s) {}
  bool Uncordon(size_t node) override {
    s_.nodes[node].unschedulable = false;
    return true;
  }
  bool AddNode(size_t /*like*/, v1::Node node) override {
    s_.nodes.push_back(std::move(node));
    return true;
  }
  bool MovePod(size_t pod, size_t node) override {
    s_.pods[pod].spec.nodeName = s_.nodes[node].metadata.name;
    return true;
  }
  bool DeletePod(size_t pod) override {
    s_.pods.erase(s_.pods.begin() + static_cast<ptrdiff_t>(pod));
    deleted = pod;
    return true;
  }
  bool ShrinkPod(size_t pod, v1::Pod shrunk) override {
    s_.pods[pod] = std::move(shrunk);
    return true;
  }
  bool RecreateClaim(size_t claim, v1::PersistentVolumeClaim fresh, ptrdiff_t volume) override {
    s_.persistentVolumeClaims[claim] = std::move(fresh);
    if (volume >= 0) s_.persistentVolumes.erase(s_.persistentVolumes.begin() + volume);
    return true;
  }
  std::optional<size_t> deleted;

 private:
  Scenario& s_;
};

// An amount of resource `name` as a Quantity (cpu: `amount` millicores).
Quantity AmountOf(const std::string& name, int64_t amount) {
  if (name == kResourceCPU) return Quantity{(amount + 999) / 1000, amount};
  return Quantity{amount, amount > INT64_MAX / 1000 ? INT64_MAX : amount * 1000};
}
int64_t AmountOf(const std::string& name, const Quantity& q) { return name == kResourceCPU ? q.milli : q.value; }

}  // namespace

std::optional<v1::Pod> ShrinkRequests(const v1::Pod& pod, const std::vector<ResourceChange>& changes,
                                      const Release& release) {
  v1::Pod out = pod;
  for (const ResourceChange& c : changes) {
    int64_t cut = c.from - c.to;
    for (auto& container : out.spec.containers) {
      auto it = container.requests.find(c.name);
      if (cut <= 0 || it == container.requests.end()) continue;
      const int64_t has = AmountOf(c.name, it->second), take = std::min(has, cut);
      it->second = AmountOf(c.name, has - take);
      cut -= take;
    }
  }
  // The pod's requests are what the scheduler computes of the result, not what was subtracted.
  const Resource after = CalculateResource(out, release).requests;
  for (const ResourceChange& c : changes)
    if (c.to >= c.from || after.Get(c.name) != c.to) return std::nullopt;
  return out;
}

int32_t Magnitude(const Edit& e) {
  switch (e.kind) {
    case EditKind::RaiseMaxSkew:
      return e.to - e.from;
    case EditKind::LowerMinDomains:
      return e.from - e.to;
    case EditKind::TolerateTaints:
      return static_cast<int32_t>(e.taints.size());
    case EditKind::DropRequiredNodeAffinity:
      return e.from;
    default:
      return 1;
  }
}

bool WriteClusterEdit(const Scenario& s, size_t pod, const Edit& e, ClusterWriter& w) {
  switch (e.kind) {
    case EditKind::UncordonNode: {
      ptrdiff_t n = FindNode(s, e.node);
      return n >= 0 && s.nodes[n].unschedulable && w.Uncordon(n);
    }
    case EditKind::AddNode: {
      ptrdiff_t n = FindNode(s, e.node);
      if (n < 0 || FindNode(s, e.newNode) >= 0) return false;
      v1::Node copy = CopyNode(s.nodes[n], e.newNode);
      for (const auto& [k, v] : e.labels) copy.metadata.labels[k] = v;
      return w.AddNode(n, std::move(copy));
    }
    case EditKind::MovePod:
    case EditKind::ShrinkPodRequests:
    case EditKind::DeletePod: {
      ptrdiff_t q = FindPod(s, e.pod);
      if (q < 0 || static_cast<size_t>(q) == pod || s.pods[q].spec.nodeName.empty()) return false;
      if (e.kind == EditKind::DeletePod) return w.DeletePod(q);
      if (e.kind == EditKind::ShrinkPodRequests) {
        std::optional<v1::Pod> shrunk = ShrinkRequests(s.pods[q], e.requests, s.release);
        return shrunk && w.ShrinkPod(q, std::move(*shrunk));
      }
      ptrdiff_t to = FindNode(s, e.newNode);
      return to >= 0 && w.MovePod(q, to);
    }
    case EditKind::RecreateClaim: {
      // One of the pending pod's claims, in use by no bound pod (their data would go too).
      const ptrdiff_t c = FindClaim(s, e.claim);
      if (c < 0 || !UsesClaim(s.pods[pod], e.claim) || std::any_of(s.pods.begin(), s.pods.end(), [&](const v1::Pod& p) {
            return !p.spec.nodeName.empty() && UsesClaim(p, e.claim);
          }))
        return false;
      const v1::PersistentVolumeClaim& claim = s.persistentVolumeClaims[c];
      if (claim.volumeName != e.volume) return false;
      if (!e.storageClass.empty() &&
          std::none_of(s.storageClasses.begin(), s.storageClasses.end(),
                       [&](const v1::StorageClass& k) { return k.metadata.name == e.storageClass; }))
        return false;
      ptrdiff_t volume = -1;
      for (size_t i = 0; i < s.persistentVolumes.size() && !e.volume.empty(); ++i)
        if (s.persistentVolumes[i].metadata.name == e.volume) volume = static_cast<ptrdiff_t>(i);
      return w.RecreateClaim(c, RecreatedClaim(claim, e.storageClass), volume);
    }
    default:
      return false;
  }
}

PodField PodFieldOf(EditKind k) {
  switch (k) {
    case EditKind::DropNodeSelector:
      return PodField::NodeSelector;
    case EditKind::DropNodeAffinityRequirement:
    case EditKind::DropRequiredNodeAffinity:
      return PodField::RequiredNodeAffinity;
    case EditKind::TolerateTaints:
      return PodField::Tolerations;
    default:
      return PodField::SpreadConstraints;
  }
}

std::optional<size_t> ApplyEdit(Scenario& s, size_t pod, const Edit& e) {
  if (pod >= s.pods.size()) return std::nullopt;
  v1::Pod& p = s.pods[pod];
  switch (e.kind) {
    case EditKind::RaiseMaxSkew:
    case EditKind::LowerMinDomains:
    case EditKind::SetNodeAffinityPolicy:
    case EditKind::SetNodeTaintsPolicy:
    case EditKind::ScheduleAnyway: {
      v1::TopologySpreadConstraint* c = SpreadConstraint(s, pod, e);
      if (!c) return std::nullopt;
      if (e.kind == EditKind::RaiseMaxSkew) c->maxSkew = e.to;
      if (e.kind == EditKind::LowerMinDomains) c->minDomains = e.to > 1 ? std::optional<int32_t>(e.to) : std::nullopt;
      if (e.kind == EditKind::SetNodeAffinityPolicy) c->nodeAffinityPolicy = e.value;
      if (e.kind == EditKind::SetNodeTaintsPolicy) c->nodeTaintsPolicy = e.value;
      if (e.kind == EditKind::ScheduleAnyway) {
        c->whenUnsatisfiable = v1::kScheduleAnyway;
        c->minDomains.reset();  // the API allows minDomains only with DoNotSchedule
      }
      return pod;
    }
    case EditKind::DropNodeSelector:
      return p.spec.nodeSelector.erase(e.value) ? std::optional<size_t>(pod) : std::nullopt;
    case EditKind::DropNodeAffinityRequirement: {
      if (!Required(p) || e.term < 0 || static_cast<size_t>(e.term) >= Required(p)->nodeSelectorTerms.size())
        return std::nullopt;
      auto& term =
          p.spec.affinity->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution->nodeSelectorTerms[e.term];
      size_t r = static_cast<size_t>(e.requirement);
      if (r < term.matchExpressions.size()) {
        term.matchExpressions.erase(term.matchExpressions.begin() + static_cast<std::ptrdiff_t>(r));
      } else if (r - term.matchExpressions.size() < term.matchFields.size()) {
        term.matchFields.erase(term.matchFields.begin() +
                               static_cast<std::ptrdiff_t>(r - term.matchExpressions.size()));
      } else {
        return std::nullopt;
      }
      return pod;
    }
    case EditKind::DropRequiredNodeAffinity:
      if (!Required(p)) return std::nullopt;
      p.spec.affinity->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution.reset();
      return pod;
    case EditKind::TolerateTaints:
      for (const auto& t : e.taints) p.spec.tolerations.push_back({t.key, "Equal", t.value, t.effect, std::nullopt});
      return pod;
    case EditKind::UncordonNode:
    case EditKind::AddNode:
    case EditKind::MovePod:
    case EditKind::ShrinkPodRequests:
    case EditKind::DeletePod:
    case EditKind::RecreateClaim: {
      ScenarioWriter w(s);
      if (!WriteClusterEdit(s, pod, e, w)) return std::nullopt;
      return w.deleted && *w.deleted < pod ? pod - 1 : pod;
    }
  }
  return std::nullopt;
}

std::string Describe(const Edit& e, const Scenario& s, size_t pod) {
  std::string constraint;
  if (CostClassOf(e.kind) == CostClass::Constraint || e.kind == EditKind::ScheduleAnyway) {
    const v1::TopologySpreadConstraint* c = SpreadConstraint(s, pod, e);
    constraint = "constraint #" + std::to_string(e.constraint + 1) + " (topologyKey " +
                 (c ? c->topologyKey : std::string("?")) + (e.fromDefaults ? ", a profile default" : "") + ")";
  }
  const v1::Pod& p = s.pods[pod];
  switch (e.kind) {
    case EditKind::RaiseMaxSkew:
      return constraint + ": maxSkew " + std::to_string(e.from) + " -> " + std::to_string(e.to);
    case EditKind::LowerMinDomains:
      return constraint + ": minDomains " + std::to_string(e.from) + " -> " +
             (e.to > 1 ? std::to_string(e.to) : std::string("unset (1)"));
    case EditKind::SetNodeAffinityPolicy:
      return constraint + ": nodeAffinityPolicy -> " + e.value;
    case EditKind::SetNodeTaintsPolicy:
      return constraint + ": nodeTaintsPolicy -> " + e.value;
    case EditKind::ScheduleAnyway:
      return constraint + ": whenUnsatisfiable DoNotSchedule -> ScheduleAnyway";
    case EditKind::DropNodeSelector: {
      auto it = p.spec.nodeSelector.find(e.value);
      return "remove nodeSelector " + e.value + "=" + (it == p.spec.nodeSelector.end() ? "" : it->second);
    }
    case EditKind::DropNodeAffinityRequirement: {
      std::string what = "a requirement";
      if (const v1::NodeSelector* r = Required(p);
          r && e.term >= 0 && static_cast<size_t>(e.term) < r->nodeSelectorTerms.size()) {
        const auto& t = r->nodeSelectorTerms[e.term];
        size_t i = static_cast<size_t>(e.requirement);
        if (i < t.matchExpressions.size())
          what = RequirementText(t.matchExpressions[i]);
        else if (i - t.matchExpressions.size() < t.matchFields.size())
          what = RequirementText(t.matchFields[i - t.matchExpressions.size()]);
      }
      return "remove required node affinity " + what + " from term " + std::to_string(e.term + 1);
    }
    case EditKind::DropRequiredNodeAffinity:
      return "remove the required node affinity (" + std::to_string(Required(p) ? RequirementCount(*Required(p)) : 0) +
             " requirement(s))";
    case EditKind::TolerateTaints: {
      std::string list;
      for (const auto& t : e.taints) list += (list.empty() ? "" : ", ") + t.key + "=" + t.value + ":" + t.effect;
      return "tolerate " + list;
    }
    case EditKind::UncordonNode:
      return "uncordon node " + e.node;
    case EditKind::AddNode: {
      std::string labels;
      for (const auto& [k, v] : e.labels) labels += (labels.empty() ? " with " : ", ") + k + "=" + v;
      return "add node " + e.newNode + " (a copy of " + e.node + labels + ", no pods)";
    }
    case EditKind::MovePod:
      return "move pod " + e.pod + " from " + e.node + " to " + e.newNode;
    case EditKind::ShrinkPodRequests: {
      std::string list;
      for (const auto& c : e.requests)
        list += (list.empty() ? "" : ", ") + c.name + " " + FormatResourceAmount(c.name, c.from) + " -> " +
                FormatResourceAmount(c.name, c.to);
      return "shrink the requests of pod " + e.pod + " (on " + e.node + "): " + list;
    }
    case EditKind::DeletePod:
      return "delete pod " + e.pod + " (on " + e.node + ")";
    case EditKind::RecreateClaim:
      return "delete claim " + e.claim + " and create it again, unbound" +
             (e.storageClass.empty() ? "" : ", of StorageClass " + e.storageClass) +
             (e.volume.empty() ? "" : " (LOSES DATA: PersistentVolume " + e.volume + " goes with the old claim)");
  }
  return "";
}

}  // namespace spreadlab::why
