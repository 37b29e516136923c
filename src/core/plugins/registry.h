#pragma once
// The in-tree plugins (pkg/scheduler/framework/plugins/registry.go, NewInTreeRegistry):
// every plugin name a KubeSchedulerConfiguration may use in the releases spreadlab
// answers for, the extension points each implements, and the factory of each plugin
// this simulator models. Adding a plugin: docs/architecture.md.
#include <memory>
#include <string>

#include "core/framework/framework.h"
#include "core/framework/registry.h"

namespace spreadlab::plugins {

Registry InTreeRegistry();

// A framework over the in-tree plugins for `profile`, as kube-scheduler builds one per
// profile (Framework::New with InTreeRegistry()).
std::unique_ptr<Framework> NewFramework(Cluster& cluster, const config::Profile& profile, std::string& error);

}  // namespace spreadlab::plugins
