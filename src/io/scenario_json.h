#pragma once
// Reading scenarios: `kubectl get nodes,pods -o json` output (a v1 List), or a
// single object, with an optional KubeSchedulerConfiguration item. This is the
// only place that knows JSON input; every error names the JSON path.
#include <string>
#include <string_view>
#include <vector>

#include "core/api.h"

namespace spreadlab::io {

struct ReadResult {
  bool ok = false;
  std::string error;                  // "items[3].spec.…: …" when !ok
  std::vector<std::string> warnings;  // items that were understood but have no effect
};

// Parses `text` into `out` and validates it (core/validation). On failure `out`
// is left unspecified and the first error is returned.
ReadResult ReadScenario(std::string_view text, Scenario& out);

// The reading alone, without the scenario's warnings and validation: for putting back
// one object of a scenario that is validated as a whole (ScenarioDoc's undo).
ReadResult ReadObjects(std::string_view text, Scenario& out);

}  // namespace spreadlab::io
