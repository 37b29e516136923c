#include "simulator/session.h"

#include <set>
#include <utility>

#include "core/plugins/registry.h"
#include "core/workload.h"
#include "controlplane/scenario_doc.h"
#include "controlplane/load_scenario.h"
#include "io/scenario_json.h"
#include "simulator/events.h"

namespace spreadlab::simulator {

bool ParseScaleStep(const std::string& text, SimStep& out, std::string& error) {
  const size_t eq = text.rfind('=');
  std::string ignored;
  if (eq == std::string::npos || eq == 0 || text.find_first_of(" \t") != std::string::npos ||
      !ParseSimStep(std::string(kScaleEvent.name) + " " + text.substr(0, eq) + " " + text.substr(eq + 1), out,
                    ignored)) {
    error = "--scale " + text + ": expected [KIND/]NAMESPACE/NAME=REPLICAS, e.g. shop/web=4";
    return false;
  }
  return true;
}

bool OpenDocument(std::string_view text, controlplane::ScenarioDoc& doc, std::vector<std::string>& notes,
                  std::vector<controlplane::DeletedPod>& deleted, std::string& error, std::string_view source,
                  const std::vector<SimStep>& scales) {
  if (!doc.Load(text, error, source)) return false;
  notes = doc.controllerNotes();
  deleted = doc.deletedPods();
  // Each the scale event's edit (its controller answers), before anything is scheduled.
  Simulation simulation(doc);
  for (const SimStep& s : scales) {
    StepReport ignored;
    if (!s.kind->apply(simulation, s, ignored, error)) {
      error = "--scale " + s.args[0] + "=" + s.args[1] + ": " + error;
      return false;
    }
    notes.insert(notes.end(), doc.controllerNotes().begin(), doc.controllerNotes().end());
    deleted.insert(deleted.end(), doc.deletedPods().begin(), doc.deletedPods().end());
  }
  return true;
}

bool ApplyReleaseOptions(const OpenOptions& options, Release& release, std::string& error) {
  int minor = release.minor;
  if (!options.kubeVersion.empty() && !ParseKubeVersion(options.kubeVersion, minor, error)) {
    error = "--kube-version: " + error;
    return false;
  }
  std::vector<std::pair<std::string, bool>> gates = release.gateOverrides;
  if (!ParseFeatureGates(options.featureGates, gates, error) || !MakeRelease(minor, gates, release, error)) {
    error = "--feature-gates: " + error;
    return false;
  }
  return true;
}

bool OpenSession(std::string_view text, Session& out, std::string& error, std::string_view source,
                 const OpenOptions& options) {
  const std::vector<SimStep>& scales = options.scales;
  Scenario scenario;
  controlplane::LoadResult r;
  if (scales.empty()) {  // the plain read: no document to keep
    r = controlplane::LoadScenario(text, scenario);
    if (!r.ok) {
      error = io::LocatedError(r, source);
      return false;
    }
  } else {
    controlplane::ScenarioDoc doc;
    if (!OpenDocument(text, doc, r.notes, r.deleted, error, source, scales)) return false;
    scenario = doc.scenario();
    r.warnings = doc.warnings();
    r.waiting = doc.controllerWaits();
  }
  if (!ApplyReleaseOptions(options, scenario.release, error)) return false;
  config::Profile profile = scenario.profile.value_or(config::Profile{});
  auto cluster = std::make_unique<Cluster>(std::move(scenario));
  auto framework = plugins::NewFramework(*cluster, profile, error);
  if (!framework) return false;
  out.cluster = std::move(cluster);
  out.framework = std::move(framework);
  out.warnings = std::move(r.warnings);
  out.notes = std::move(r.notes);
  out.notes.insert(out.notes.end(), r.waiting.begin(), r.waiting.end());  // what the controllers wait for
  out.deleted = std::move(r.deleted);
  return true;
}

std::vector<PodIndex> SpreadSubjects(const Session& session, std::vector<PodIndex> pending) {
  std::set<std::pair<std::string, std::string>> shrunk;  // (namespace, workload)
  for (const controlplane::DeletedPod& d : session.deleted) shrunk.emplace(d.ns, d.workload);
  const Scenario& s = session.cluster->scenario();
  const WorkloadIndex workloadOf(s);
  for (size_t p = 0; p < s.pods.size() && !shrunk.empty(); ++p)
    if (shrunk.erase({s.pods[p].metadata.ns, workloadOf.Of(s.pods[p])})) pending.push_back(static_cast<PodIndex>(p));
  return pending;
}

PodIndex ChoosePod(const Cluster& cluster, std::string_view ref, std::string& error) {
  if (!ref.empty()) {
    PodIndex p = cluster.FindPod(ref);
    if (p == kNone) {
      error = "no pod \"" + std::string(ref) + "\" in the scenario (use NAME for namespace default, or NAMESPACE/NAME)";
    } else if (!cluster.pod(p).nodeNameSpec.empty() || cluster.pod(p).node != kNone) {
      const PodInfo& pod = cluster.pod(p);
      error = "pod " + pod.key + " is already bound to " +
              (pod.node != kNone ? cluster.node(pod.node).name : pod.nodeNameSpec + " (not in the scenario)") +
              "; explain works on pending pods (no spec.nodeName)";
      p = kNone;
    } else if (cluster.pod(p).finished) {
      error = "pod " + cluster.pod(p).key + " has finished; the scheduler does not see it";
      p = kNone;
    }
    return p;
  }
  auto pending = cluster.PendingPods();
  if (pending.empty()) {
    error = "the scenario has no pending pod (a Pod without spec.nodeName) to explain";
    return kNone;
  }
  return pending.front();
}

}  // namespace spreadlab::simulator
