#include "io/session.h"

#include "io/scenario_json.h"

namespace spreadlab::io {

bool OpenSession(std::string_view text, Session& out, std::string& error, std::string_view source) {
  Scenario scenario;
  ReadResult r = ReadScenario(text, scenario);
  if (!r.ok) {
    error = LocatedError(r, source);
    return false;
  }
  config::Profile profile = scenario.profile.value_or(config::Profile{});
  auto cluster = std::make_unique<Cluster>(std::move(scenario));
  auto framework = Framework::New(*cluster, profile, error);
  if (!framework) return false;
  out.cluster = std::move(cluster);
  out.framework = std::move(framework);
  out.warnings = std::move(r.warnings);
  out.notes = std::move(r.notes);
  return true;
}

PodIndex ChoosePod(const Cluster& cluster, std::string_view ref, std::string& error) {
  if (!ref.empty()) {
    PodIndex p = cluster.FindPod(ref);
    if (p == kNone) {
      error = "no pod \"" + std::string(ref) + "\" in the scenario (use NAME for namespace default, or NAMESPACE/NAME)";
    } else if (cluster.pod(p).node != kNone) {
      error = "pod " + cluster.pod(p).key + " is already bound to " + cluster.node(cluster.pod(p).node).name +
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

}  // namespace spreadlab::io
