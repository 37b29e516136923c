#pragma once
// The API server's Priority admission plugin (plugin/pkg/admission/priority), which
// kube-scheduler relies on: it reads only spec.priority. A pod created without it gets the
// value (and preemptionPolicy) of its priorityClassName, or of the global default
// PriorityClass (the lowest value among globalDefault: true), or 0. A dump from a cluster
// already carries spec.priority; manifests usually do not.
#include <nlohmann/json_fwd.hpp>

namespace spreadlab::controlplane {

// The built-in classes every cluster has (scheduling.SystemPriorityClasses).
inline constexpr int32_t kSystemNodeCritical = 2000001000;
inline constexpr int32_t kSystemClusterCritical = 2000000000;

// Sets spec.priority and spec.preemptionPolicy of every Pod item of `doc` (a v1 List or a
// single object) that lacks spec.priority and names a PriorityClass, or gets the global
// default one, from the PriorityClass items of `doc`. Throws
// ControllerError ("items[3].spec.priorityClassName: Forbidden: no PriorityClass with name
// x was found") as the API server refuses such a pod.
void AdmitPriorities(nlohmann::ordered_json& doc);

}  // namespace spreadlab::controlplane
