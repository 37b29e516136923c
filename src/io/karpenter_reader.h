#pragma once
// Reading Karpenter's NodePool (karpenter.sh/v1) and spreadlab's InstanceTypeCatalog
// (spreadlab.io/v1alpha1, docs/autoscaling.md): the instance types a cloud offers Karpenter.
#include <string>

#include "core/api.h"
#include "io/read_fields.h"

namespace spreadlab::io {

// Reads `item` into `out` when `kind` is one of the autoscaling kinds; false for any other.
bool ReadAutoscalingItem(const std::string& kind, const read::json& item, const read::Path& path, Scenario& out);

}  // namespace spreadlab::io
