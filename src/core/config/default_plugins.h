#pragma once
// The v1 configuration API's defaults for a profile's plugins, as kube-scheduler's
// apis/config/v1/default_plugins.go has them: the default multiPoint list of each
// release and how a profile's own plugin sets merge into it.
#include <vector>

#include "core/api.h"
#include "core/release.h"

namespace spreadlab::config {

// getDefaultPlugins and applyFeatureGates: the default profile's multiPoint plugins with
// their weights in `release`, its feature gates applied.
std::vector<Plugin> DefaultMultiPointPlugins(const Release& release);

// mergePluginSet: the defaults without what `custom` disables ("*": all of them), a
// default that `custom` enables again re-configured in place, then the rest of `custom`.
PluginSet MergePluginSet(const PluginSet& defaults, const PluginSet& custom);

}  // namespace spreadlab::config
