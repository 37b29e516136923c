#pragma once
// A scenario ready to schedule: text in, a compiled cluster and the profile's
// framework out. Shared by the CLI, the JS bindings and the app.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/cluster.h"
#include "core/framework/framework.h"
#include "controlplane/scenario_doc.h"
#include "simulator/simulation.h"
#include "controlplane/controllers/controllers.h"

namespace spreadlab::simulator {

struct Session {
  std::unique_ptr<Cluster> cluster;
  std::unique_ptr<Framework> framework;
  std::vector<std::string> warnings;
  std::vector<std::string> notes;                 // what the workload controllers created and deleted
  std::vector<controlplane::DeletedPod> deleted;  // the pods they deleted (scaling down)
};

// The CLI's --scale "[Kind/]namespace/name=N": the `scale` event (simulator/events.h),
// applied once the scenario is read; false with an error otherwise.
bool ParseScaleStep(const std::string& text, SimStep& out, std::string& error);

// Reads, validates and compiles `text` (JSON or YAML). Returns false with a one-line
// error naming the JSON path when the input is not a valid scenario; for YAML the
// error starts with "SOURCE:LINE: " ("line N: " when `source` is empty).

// Reads `text` into `doc` and applies `scales` in order, each answered by its controller
// (controlplane/controllers/controllers.h); `notes` and `deleted` gather what the controllers did. An error is
// located with `source` or names the step.
bool OpenDocument(std::string_view text, controlplane::ScenarioDoc& doc, std::vector<std::string>& notes,
                  std::vector<controlplane::DeletedPod>& deleted, std::string& error, std::string_view source = {},
                  const std::vector<SimStep>& scales = {});

// What a person asks of the scenario besides the file: the CLI's --scale, --kube-version
// and --feature-gates.
struct OpenOptions {
  std::vector<SimStep> scales;  // applied in order after reading (OpenDocument)
  std::string kubeVersion;      // overrides the scenario's release ("1.35", "master")
  std::string featureGates;     // "Name=true,..." after the configuration's featureGates
};

// The release `options` ask for, on top of the scenario's own (core/release.h). False
// with an error naming the option otherwise.
bool ApplyReleaseOptions(const OpenOptions& options, Release& release, std::string& error);

bool OpenSession(std::string_view text, Session& out, std::string& error, std::string_view source = {},
                 const OpenOptions& options = {});

// The pods whose spread `schedule` reports: `pending` and one pod of each workload
// the controllers scaled down (whose spread the deletions changed).
std::vector<PodIndex> SpreadSubjects(const Session& session, std::vector<PodIndex> pending);

// Chooses the pod an `explain` is about: `ref` ("name" or "namespace/name") when
// given, else the first pending pod. Returns kNone with an error otherwise.
PodIndex ChoosePod(const Cluster& cluster, std::string_view ref, std::string& error);

}  // namespace spreadlab::simulator
