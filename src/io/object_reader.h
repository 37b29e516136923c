#pragma once
// The scenario reader's reading of one Pod or Node item, for the workload controllers
// (controlplane/controllers/daemon/daemon_controller.cpp), so that a DaemonSet's template and the
// nodes it targets are read exactly as the reader reads them. Both throw ReadError, which
// the function that catches (io's spreadlab_read_text, the control plane's
// spreadlab_run_controllers) tells with io::TellReadError.
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "core/api.h"

namespace spreadlab::io {

struct ReadError {
  std::string message;
  std::string path;  // the JSON path the message names, if any
};

v1::Pod ReadPodItem(const nlohmann::ordered_json& item, const std::string& path);
v1::Node ReadNodeItem(const nlohmann::ordered_json& item, const std::string& path);

}  // namespace spreadlab::io
