#include "io/why_apply.h"

#include <optional>

namespace spreadlab::io {

namespace {

std::optional<size_t> FindNode(const Scenario& s, const std::string& name) {
  for (size_t i = 0; i < s.nodes.size(); ++i)
    if (s.nodes[i].metadata.name == name) return i;
  return std::nullopt;
}

std::optional<size_t> FindPod(const Scenario& s, const std::string& key) {
  for (size_t i = 0; i < s.pods.size(); ++i)
    if (s.pods[i].metadata.ns + "/" + s.pods[i].metadata.name == key) return i;
  return std::nullopt;
}

// Edits of the pending pod alone: ApplyEdit on a scenario holding just that pod
// (and the profile, whose default constraints a constraint edit may name).
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
  switch (e.kind) {
    case why::EditKind::DropNodeSelector:
      return doc.SetPodNodeSelector(pod, std::move(spec.nodeSelector), error);
    case why::EditKind::DropNodeAffinityRequirement:
    case why::EditKind::DropRequiredNodeAffinity:
      return doc.SetPodRequiredNodeAffinity(
          pod, std::move(spec.affinity->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution), error);
    case why::EditKind::TolerateTaints:
      return doc.SetPodTolerations(pod, std::move(spec.tolerations), error);
    default:  // the spread constraint edits
      return doc.SetSpreadConstraints(pod, std::move(spec.topologySpreadConstraints), error);
  }
}

}  // namespace

bool ApplySuggestion(ScenarioDoc& doc, size_t pod, const why::Edit& e, std::string& error) {
  const Scenario& s = doc.scenario();
  if (pod >= s.pods.size()) {
    error = "no pod number " + std::to_string(pod);
    return false;
  }
  auto missing = [&error](const std::string& what) {
    error = what + " is no longer in the scenario";
    return false;
  };
  switch (e.kind) {
    case why::EditKind::UncordonNode: {
      auto n = FindNode(s, e.node);
      return n ? doc.SetNodeUnschedulable(*n, false, error) : missing("node " + e.node);
    }
    case why::EditKind::AddNode: {
      auto n = FindNode(s, e.node);
      if (!n) return missing("node " + e.node);
      // CopyNode's machine: the node's labels renamed, and schedulable.
      const bool cordoned = s.nodes[*n].unschedulable;
      auto before = doc.Save();
      if (!doc.AddNodeLike(*n, e.newNode, why::CopyNode(s.nodes[*n], e.newNode).metadata.labels, error)) return false;
      if (cordoned && !doc.SetNodeUnschedulable(doc.scenario().nodes.size() - 1, false, error)) {
        std::string ignored;
        doc.Restore(*before, ignored);
        return false;
      }
      return true;
    }
    case why::EditKind::MovePod: {
      auto q = FindPod(s, e.pod);
      return q ? doc.SetPodNodeName(*q, e.newNode, error) : missing("pod " + e.pod);
    }
    case why::EditKind::DeletePod: {
      auto q = FindPod(s, e.pod);
      return q ? doc.RemovePod(*q, error) : missing("pod " + e.pod);
    }
    default:
      return ApplyToPod(doc, pod, e, error);
  }
}

}  // namespace spreadlab::io
