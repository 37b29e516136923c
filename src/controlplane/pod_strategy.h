#pragma once
// What the API server's pod registry does to a pod it creates before validating it
// (pkg/registry/core/pod/strategy.go, podStrategy.PrepareForCreate), as far as the
// scheduler sees it.
#include "core/api.h"

namespace spreadlab::controlplane {

// applyMatchLabelKeysAndMismatchLabelKeys: each matchLabelKeys key of a pod-affinity or
// anti-affinity term that the pod carries becomes `key In (value)` in the term's
// labelSelector, each mismatchLabelKeys key `key NotIn (value)`. `kubectl get` prints pods
// with that already done, so an identical expression already present is not added twice.
void PrepareForCreate(v1::Pod& pod);

}  // namespace spreadlab::controlplane
