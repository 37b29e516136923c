#pragma once
// The node selector vocabulary Karpenter's requirement algebra speaks (sigs.k8s.io/karpenter
// v1.15.0): Kubernetes' own operators and NodeSelectorRequirement (k8s.io/api core/v1 types.go),
// and Karpenter's two extra operators Gte/Lte with NodeSelectorRequirementWithMinValues
// (pkg/apis/v1/nodeclaim.go). The types are the project's own (core/selector_api.h,
// core/karpenter_api.h), under upstream's names.
#include <string_view>

#include "core/karpenter_api.h"
#include "core/selector_api.h"

namespace spreadlab::autoscaler::karpenter {

namespace corev1 {

// corev1.NodeSelectorOperator values.
inline constexpr std::string_view kNodeSelectorOpIn = "In";
inline constexpr std::string_view kNodeSelectorOpNotIn = "NotIn";
inline constexpr std::string_view kNodeSelectorOpExists = "Exists";
inline constexpr std::string_view kNodeSelectorOpDoesNotExist = "DoesNotExist";
inline constexpr std::string_view kNodeSelectorOpGt = "Gt";
inline constexpr std::string_view kNodeSelectorOpLt = "Lt";

// corev1.NodeSelectorRequirement.
using NodeSelectorRequirement = spreadlab::v1::NodeSelectorRequirement;

}  // namespace corev1

namespace v1 {

// v1.NodeSelectorOpGte / v1.NodeSelectorOpLte (nodeclaim.go): inclusive integer bounds.
inline constexpr std::string_view kNodeSelectorOpGte = "Gte";
inline constexpr std::string_view kNodeSelectorOpLte = "Lte";

// v1.NodeSelectorRequirementWithMinValues (nodeclaim.go). Go's MinValues is a *int (int64).
using NodeSelectorRequirementWithMinValues = spreadlab::karpenterv1::Requirement;

}  // namespace v1

}  // namespace spreadlab::autoscaler::karpenter
