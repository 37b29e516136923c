// Workloads: Service and ReplicationController (k8s.io/kubernetes/pkg/apis/core/validation),
// ReplicaSet and StatefulSet (k8s.io/kubernetes/pkg/apis/apps/validation), the
// metadata and the selector the scheduler's spreading reads.
#include <optional>
#include <string>
#include <string_view>

#include "core/validation/internal.h"

namespace spreadlab::validation {

// ValidateService: the metadata and spec.selector.
void ValidateService(const v1::Service& service, Errors& out) {
  ValidateObjectMeta(service.metadata, true, IsDNS1035Label, Child(service.path, "metadata"), out);
  if (service.selector) ValidateLabels(*service.selector, Child(Child(service.path, "spec"), "selector"), out);
}

// ValidateReplicationController. Upstream requires the selector to match the pod
// template's (valid) labels and defaults a missing one from them; without the
// template, the selector is held to the label rules it must then satisfy.
void ValidateReplicationController(const v1::ReplicationController& rc, Errors& out) {
  ValidateObjectMeta(rc.metadata, true, IsDNS1123Subdomain, Child(rc.path, "metadata"), out);
  if (rc.selector) ValidateLabels(*rc.selector, Child(Child(rc.path, "spec"), "selector"), out);
}

namespace {

// The selector part of ValidateReplicaSetSpec / ValidateStatefulSetSpec.
void ValidateWorkloadSelector(const std::optional<v1::LabelSelector>& selector, std::string_view kind,
                              const std::string& path, Errors& out) {
  if (!selector) {
    AddRequired(out, path);
    return;
  }
  ValidateLabelSelector(*selector, path, out);
  if (selector->matchLabels.empty() && selector->matchExpressions.empty()) {
    out.push_back({path, "Invalid value: {}: empty selector is invalid for " + std::string(kind)});
  }
}

}  // namespace

// ValidateReplicaSet
void ValidateReplicaSet(const v1::ReplicaSet& rs, Errors& out) {
  ValidateObjectMeta(rs.metadata, true, IsDNS1123Subdomain, Child(rs.path, "metadata"), out);
  ValidateWorkloadSelector(rs.selector, "deployment", Child(Child(rs.path, "spec"), "selector"), out);
}

// ValidateStatefulSet (ValidateStatefulSetName: a DNS-1123 label)
void ValidateStatefulSet(const v1::StatefulSet& ss, Errors& out) {
  ValidateObjectMeta(ss.metadata, true, IsDNS1123Label, Child(ss.path, "metadata"), out);
  ValidateWorkloadSelector(ss.selector, "statefulset", Child(Child(ss.path, "spec"), "selector"), out);
}

}  // namespace spreadlab::validation
