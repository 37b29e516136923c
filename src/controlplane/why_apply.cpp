#include "controlplane/why_apply.h"

namespace spreadlab::controlplane {

namespace {

// A cluster edit written through the document's setters.
class DocWriter : public why::ClusterWriter {
 public:
  DocWriter(ScenarioDoc& doc, std::string& error) : doc_(doc), error_(error) {}
  bool Uncordon(size_t node) override { return doc_.SetNodeUnschedulable(node, false, error_); }
  bool AddNode(size_t like, v1::Node node) override {
    // AddNodeLike copies node `like` whole; CopyNode also makes the machine schedulable.
    auto before = doc_.Save();
    if (!doc_.AddNodeLike(like, node.metadata.name, node.metadata.labels, error_)) return false;
    const size_t added = doc_.scenario().nodes.size() - 1;
    if (doc_.scenario().nodes[added].unschedulable != node.unschedulable &&
        !doc_.SetNodeUnschedulable(added, node.unschedulable, error_)) {
      std::string ignored;
      doc_.Restore(*before, ignored);
      return false;
    }
    return true;
  }
  bool MovePod(size_t pod, size_t node) override {
    return doc_.SetPodNodeName(pod, doc_.scenario().nodes[node].metadata.name, error_);
  }
  bool DeletePod(size_t pod) override { return doc_.RemovePod(pod, error_); }
  bool RecreateClaim(size_t claim, v1::PersistentVolumeClaim fresh, ptrdiff_t volume) override {
    return doc_.RecreateClaim(claim, fresh, volume, error_);
  }
  bool ShrinkPod(size_t pod, v1::Pod shrunk) override {
    std::vector<v1::ResourceList> requests;
    for (auto& c : shrunk.spec.containers) requests.push_back(std::move(c.requests));
    return doc_.SetPodContainerRequests(pod, std::move(requests), error_);
  }

 private:
  ScenarioDoc& doc_;
  std::string& error_;
};

// Edits of the pending pod alone: ApplyEdit on a scenario holding just that pod
// (and the profile, whose default constraints a constraint edit may name), then
// the one field it changed written back.
bool ApplyToPod(ScenarioDoc& doc, size_t pod, const why::Edit& e, std::string& error) {
  if (e.fromDefaults) {
    error = "the constraint comes from the profile's defaultConstraints; change it in the KubeSchedulerConfiguration";
    return false;
  }
  Scenario one;
  one.pods = {doc.scenario().pods.at(pod)};
  one.profile = doc.scenario().profile;
  if (!why::ApplyEdit(one, 0, e)) {
    error = "the suggestion no longer fits the scenario";
    return false;
  }
  v1::PodSpec& spec = one.pods[0].spec;
  switch (why::PodFieldOf(e.kind)) {
    case why::PodField::NodeSelector:
      return doc.SetPodNodeSelector(pod, std::move(spec.nodeSelector), error);
    case why::PodField::RequiredNodeAffinity:
      return doc.SetPodRequiredNodeAffinity(
          pod, std::move(spec.affinity->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution), error);
    case why::PodField::Tolerations:
      return doc.SetPodTolerations(pod, std::move(spec.tolerations), error);
    case why::PodField::SpreadConstraints:
      return doc.SetSpreadConstraints(pod, std::move(spec.topologySpreadConstraints), error);
  }
  return false;
}

}  // namespace

bool ApplySuggestion(ScenarioDoc& doc, size_t pod, const why::Edit& e, std::string& error) {
  if (pod >= doc.scenario().pods.size()) {
    error = "no pod number " + std::to_string(pod);
    return false;
  }
  if (why::CostClassOf(e.kind) != why::CostClass::Cluster) return ApplyToPod(doc, pod, e, error);
  DocWriter writer(doc, error);
  if (why::WriteClusterEdit(doc.scenario(), pod, e, writer)) return true;
  if (error.empty()) error = "the suggestion no longer fits the scenario";
  return false;
}

}  // namespace spreadlab::controlplane
