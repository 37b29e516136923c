#pragma once
// The plugin registry's shape (runtime.Registry, with the extension points each plugin
// implements upstream): profiles are resolved against it and plugins built from it. The
// in-tree table is the plugins' own (core/plugins/registry.h), so the framework never
// names a plugin.
#include <memory>
#include <span>

#include "core/api.h"
#include "core/framework/interface.h"
#include "core/release.h"

namespace spreadlab {

using PluginFactory = std::unique_ptr<Plugin> (*)(Handle, const config::Profile&);

struct RegisteredPlugin {
  const char* name;
  bool preFilter, filter, postFilter, preScore, score;  // the extension points it implements upstream
  int since = kOldestMinor, until = kMasterMinor;       // the releases whose registry has it
  PluginFactory factory = nullptr;                      // nullptr: not simulated here
  bool reserve = false;                                 // implements Reserve upstream
  bool queueSort = false, bind = false;                 // implements QueueSort, Bind upstream
};

using Registry = std::span<const RegisteredPlugin>;

}  // namespace spreadlab
