#include "controlplane/pod_strategy.h"

#include <algorithm>

namespace spreadlab::controlplane {

namespace {

void ApplyMatchLabelKeys(const v1::LabelMap& podLabels, v1::PodAffinityTerm& term) {
  if (!term.labelSelector) return;
  auto add = [&](const std::vector<std::string>& keys, const char* op) {
    for (const std::string& key : keys) {
      auto label = podLabels.find(key);
      if (label == podLabels.end()) continue;
      v1::LabelSelectorRequirement req{key, op, {label->second}};
      auto& exprs = term.labelSelector->matchExpressions;
      bool present = std::any_of(exprs.begin(), exprs.end(), [&](const v1::LabelSelectorRequirement& e) {
        return e.key == req.key && e.op == req.op && e.values == req.values;
      });
      if (!present) exprs.push_back(std::move(req));
    }
  };
  add(term.matchLabelKeys, "In");
  add(term.mismatchLabelKeys, "NotIn");
}

void ApplyMatchLabelKeys(const v1::LabelMap& podLabels, std::optional<v1::PodAffinity>& affinity) {
  if (!affinity) return;
  for (auto& t : affinity->requiredDuringSchedulingIgnoredDuringExecution) ApplyMatchLabelKeys(podLabels, t);
  for (auto& w : affinity->preferredDuringSchedulingIgnoredDuringExecution)
    ApplyMatchLabelKeys(podLabels, w.podAffinityTerm);
}

}  // namespace

void PrepareForCreate(v1::Pod& pod) {
  if (!pod.spec.affinity) return;
  ApplyMatchLabelKeys(pod.metadata.labels, pod.spec.affinity->podAffinity);
  ApplyMatchLabelKeys(pod.metadata.labels, pod.spec.affinity->podAntiAffinity);
}

}  // namespace spreadlab::controlplane
