#pragma once
// A scenario ready to schedule: text in, a compiled cluster and the profile's
// framework out. Shared by the CLI, the JS bindings and the app.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/cluster.h"
#include "core/framework/framework.h"

namespace spreadlab::io {

struct Session {
  std::unique_ptr<Cluster> cluster;
  std::unique_ptr<Framework> framework;
  std::vector<std::string> warnings;
  std::vector<std::string> notes;  // what the workload controllers created
};

// Reads, validates and compiles `text` (JSON or YAML). Returns false with a one-line
// error naming the JSON path when the input is not a valid scenario; for YAML the
// error starts with "SOURCE:LINE: " ("line N: " when `source` is empty).
bool OpenSession(std::string_view text, Session& out, std::string& error, std::string_view source = {});

// Chooses the pod an `explain` is about: `ref` ("name" or "namespace/name") when
// given, else the first pending pod. Returns kNone with an error otherwise.
PodIndex ChoosePod(const Cluster& cluster, std::string_view ref, std::string& error);

}  // namespace spreadlab::io
