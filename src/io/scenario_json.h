#pragma once
// Reading scenarios: `kubectl get nodes,pods -o json|yaml` output (a v1 List), a
// single object, or YAML documents (`kubectl apply -f` files, io/yaml_json.h), with
// an optional KubeSchedulerConfiguration item. JSON or YAML is told by content. This
// is the only place that knows the input's syntax; every error names the JSON path
// and, for YAML, the line it came from.
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/api.h"
#include "io/controllers.h"
#include "io/yaml_json.h"

namespace spreadlab::io {

// The List annotation naming the kube-scheduler release a scenario is answered for
// ("1.35", "master"; the newest release when absent). CLI --kube-version overrides it.
inline constexpr const char* kKubeVersionAnnotation = "spreadlab.io/kube-version";

struct ReadResult {
  bool ok = false;
  bool yaml = false;  // the text was YAML
  std::string error;  // when !ok: `Pod "web-1" is invalid: spec.…: …` (the API server's words) or "items[3].spec.…: …"
  std::string path;    // the field of the error in the document as written ("items[3].spec.…", "document"), if any
  TextPosition where;  // YAML: the line (and, for syntax errors, column) of the error
  std::vector<std::string> warnings;     // items that were understood but have no effect
  std::vector<std::string> notes;        // what the workload controllers created (io/controllers.h)
  size_t created = 0;                    // the objects they created
  std::vector<std::string> createdPods;  // the pods among them, "namespace/name"
  std::vector<DeletedPod> deleted;       // the pods they deleted (scaling down)
  size_t claimed = 0;                    // the objects they adopted or released (ownerReferences changed)
  bool readByItem = false;               // read item by item, never as a whole document (io/list_items.h)
};

// Parses `text` into `out` and validates it (core/validation). On failure `out`
// is left unspecified and the first error is returned. `doc`, when given, receives
// the document as JSON (YAML converted as kubectl converts it).
// `context`: what the controllers know beyond the document (RunControllers).
ReadResult ReadScenario(std::string_view text, Scenario& out, nlohmann::ordered_json* doc = nullptr,
                        const SyncContext* context = nullptr);

// The same for a document already parsed (ScenarioDoc's re-read after an edit): no text
// round trip, and errors name JSON paths only.
ReadResult ReadScenarioDocument(const nlohmann::ordered_json& parsed, Scenario& out,
                                nlohmann::ordered_json* doc = nullptr, const SyncContext* context = nullptr);

// The error with its position: "SOURCE:LINE[:COLUMN]: error" with a source name,
// "line L[, column C]: error" without; just the error when there is no position.
std::string LocatedError(const ReadResult& r, std::string_view source = {});

// The text as JSON (YAML converted as kubectl converts it), nothing read, run or validated:
// only a syntax error is reported (located as ReadScenario locates it).
ReadResult ParseObjects(std::string_view text, nlohmann::ordered_json& doc);

// The reading alone, without the scenario's warnings and validation: for putting back
// one object of a scenario that is validated as a whole (ScenarioDoc's undo).
ReadResult ReadObjects(std::string_view text, Scenario& out);

}  // namespace spreadlab::io
