#pragma once
// Loading a scenario as a cluster would hold it, the API server's side of a read: the text
// is parsed (io/scenario_json.h), the workload controllers complete the document
// (controllers/controllers.h), Priority admission sets each new pod's priority
// (admission/priority_admission.h), the objects are read into a Scenario, each pod is
// prepared as the pod registry creates it (pod_strategy.h), and the Scenario is validated
// (core/validation.h) with the warnings a user should see.
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "controlplane/controllers/controllers.h"
#include "core/api.h"
#include "io/scenario_json.h"

namespace spreadlab::controlplane {

// The List annotation naming, in the order they came and separated by commas, the nodes
// added once the scenario was loaded (ScenarioDoc: a simulation's add-node or restore, a
// node copied or applied in the lab). A running scheduler's informer gets them as add
// events after the nodes it listed: the load puts them after those (Scenario::listedNodes).
inline constexpr const char* kAddedNodesAnnotation = "spreadlab.io/added-nodes";
// The names that annotation of the document lists, in order.
std::vector<std::string> AddedNodes(const nlohmann::ordered_json& doc);

struct LoadResult : io::ReadResult {
  std::vector<std::string> notes;          // what the workload controllers did
  std::vector<std::string> waiting;        // what they wait for (ControllerResult::waiting)
  size_t created = 0;                      // the objects they created
  std::vector<std::string> createdPods;    // the pods among them, "namespace/name"
  std::vector<DeletedPod> deleted;         // the pods they deleted (scaling down)
  std::vector<std::string> deletedClaims;  // the claims the garbage collector deleted, "namespace/name"
  size_t claimed = 0;                      // the objects they adopted or released (ownerReferences changed)
};

// Loads `text` into `out`. On failure `out` is left unspecified and the first error is
// returned (located as io::LocatedError tells it). `doc`, when given, receives the
// document the controllers completed. `context`: what the controllers know beyond the
// document (RunControllers).
LoadResult LoadScenario(std::string_view text, Scenario& out, nlohmann::ordered_json* doc = nullptr,
                        const SyncContext* context = nullptr);

// The same for a document already parsed (ScenarioDoc's re-read after an edit): no text
// round trip, and errors name JSON paths only.
LoadResult LoadScenarioDocument(const nlohmann::ordered_json& parsed, Scenario& out,
                                nlohmann::ordered_json* doc = nullptr, const SyncContext* context = nullptr);

}  // namespace spreadlab::controlplane
