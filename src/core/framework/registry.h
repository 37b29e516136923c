#pragma once
// The simulated in-tree plugins (pkg/scheduler/framework/plugins/registry.go).
#include <memory>
#include <string>

#include "core/api.h"
#include "core/framework/interface.h"

namespace spreadlab {

// Creates the plugin `name` (which must be simulated, see KindOf) with its
// arguments from the profile's pluginConfig.
std::unique_ptr<Plugin> NewPlugin(const std::string& name, Handle h, const config::Profile& profile);

}  // namespace spreadlab
