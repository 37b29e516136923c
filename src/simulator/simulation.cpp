#include "simulator/simulation.h"

#include <algorithm>
#include <map>
#include <memory>

#include "core/cluster.h"
#include "core/descheduler/topology_spread.h"
#include "core/plugins/defaultpreemption/default_preemption.h"
#include "core/plugins/registry.h"
#include "core/scheduler/schedule.h"
#include "core/scheduler/spread_report.h"
#include "core/why/edit.h"
#include "core/workload.h"
#include "simulator/events.h"

namespace spreadlab::simulator {

namespace {

// A scheduler / controller round that changes nothing ends a step; a step that goes on
// changing ends anyway after this many rounds plus 4 per pod (a rollout with maxSurge 1
// takes about 2 rounds per replica), so that no input runs for ever.
constexpr int kMaxRoundsBase = 1000;

// The words of `text` between any of `separators` (no stream: iostreams would weigh on the wasm).
std::vector<std::string> Split(const std::string& text, const char* separators) {
  std::vector<std::string> words;
  for (size_t start = text.find_first_not_of(separators); start != std::string::npos;) {
    const size_t end = text.find_first_of(separators, start);
    words.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    start = end == std::string::npos ? end : text.find_first_not_of(separators, end);
  }
  return words;
}

// Each workload's newest pod, whose constraints count the workload's spread. The pods of
// a round do not change while the scheduler binds them: found once per round.
struct WorkloadPod {
  std::string ns, workload;
  PodIndex pod = kNone;
};
std::vector<WorkloadPod> NewestPods(const Cluster& cluster, const WorkloadIndex& workloads) {
  std::map<std::pair<std::string, std::string>, PodIndex> newest;
  const Scenario& s = cluster.scenario();
  for (size_t p = 0; p < s.pods.size(); ++p) {
    const std::string w = workloads.Of(s.pods[p]);
    if (!w.empty() && !cluster.pod(static_cast<PodIndex>(p)).finished)
      newest[{s.pods[p].metadata.ns, w}] = static_cast<PodIndex>(p);
  }
  std::vector<WorkloadPod> out;
  for (const auto& [key, pod] : newest) out.push_back({key.first, key.second, pod});
  return out;
}

// Every workload's spread now, one report per constraint of its newest pod.
std::vector<SpreadReport> SpreadOf(Framework& framework, Cluster& cluster, const std::vector<WorkloadPod>& newest) {
  std::vector<SpreadReport> out;
  for (const WorkloadPod& w : newest)
    for (SpreadReport& r : ReportSpread(framework, cluster, {w.pod})) out.push_back(std::move(r));
  return out;
}

// False, with an error that names the step and shows the accepted forms.
bool RefuseStep(const std::string& text, const std::string& why, std::string& error) {
  error = "step \"" + text + "\": " + why + " (steps: " + EventForms(" | ") + ")";
  return false;
}

}  // namespace

bool ParseSimStep(const std::string& text, SimStep& out, std::string& error) {
  const std::vector<std::string> words = Split(text, " \t\r\n");
  if (words.empty()) return RefuseStep(text, "empty", error);
  out = SimStep{text, words[0], std::vector<std::string>(words.begin() + 1, words.end()), FindEventKind(words[0])};
  return CheckSimStep(out, error);
}

bool CheckSimStep(const SimStep& step, std::string& error) {
  std::string why = step.kind ? "" : "unknown action \"" + step.action + "\"";
  return (step.kind && step.kind->CheckArgs(step.args, why)) || RefuseStep(step.text, why, error);
}

std::vector<std::string> ScenarioSteps(const controlplane::ScenarioDoc& doc) {
  std::vector<std::string> steps;
  const std::string text = doc.Annotation(kSimulateAnnotation);
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    if (line.find_first_not_of(" \t\r") != std::string::npos) steps.push_back(line);
    start = end + 1;
  }
  return steps;
}

Simulation::Simulation(controlplane::ScenarioDoc& doc, const Release* release) : doc_(doc), release_(release) {
  if (release) doc.OverrideRelease(*release);
}

bool Simulation::Start(StepReport& out, std::string& error) {
  out = StepReport{};
  out.action = "start";
  notesBeaten_ = 0;
  AfterEdit(out);  // what the controllers did when the scenario was loaded
  Beat(out, "event");
  return Settle(out, error);
}

bool Simulation::Step(const SimStep& step, StepReport& out, std::string& error) {
  out = StepReport{};
  out.action = step.text;
  notesBeaten_ = 0;
  if (!step.kind->apply(*this, step, out, error)) {
    error = step.text + ": " + error;
    return false;
  }
  Beat(out, "event");
  if (!Settle(out, error)) return false;
  if (step.kind->settled) step.kind->settled(out);
  return true;
}

bool Simulation::StartThenStep(const SimStep& step, std::vector<std::shared_ptr<StepReport>>& reports,
                               std::string& error) {
  auto start = std::make_shared<StepReport>();
  auto report = std::make_shared<StepReport>();
  if (!Start(*start, error) || !Step(step, *report, error)) return false;
  reports.clear();
  if (!start->placements.empty() || start->rounds > 1) reports.push_back(std::move(start));
  reports.push_back(std::move(report));
  return true;
}

std::string DeletedHeading(const std::vector<SimDeleted>& deleted) {
  const bool preempted =
      std::any_of(deleted.begin(), deleted.end(), [](const SimDeleted& d) { return !d.preemptedBy.empty(); });
  return preempted ? "deleted by their controllers or preempted" : "deleted by their controllers";
}

void Simulation::AfterEdit(StepReport& out) {
  out.notes.insert(out.notes.end(), doc_.controllerNotes().begin(), doc_.controllerNotes().end());
  if (!doc_.createdPods().empty()) {
    const Scenario& s = doc_.scenario();
    const WorkloadIndex workloads(s);
    std::map<std::string, const v1::Pod*> byKey;
    for (const v1::Pod& p : s.pods) byKey.emplace(PodKey(p), &p);
    for (const std::string& key : doc_.createdPods()) {
      auto it = byKey.find(key);
      out.created.push_back({key, "", it == byKey.end() ? "" : workloads.Of(*it->second)});
    }
  }
  for (const controlplane::DeletedPod& d : doc_.deletedPods())
    out.deleted.push_back({{d.ns + "/" + d.name, d.nodeName, d.workload}, d.reason, ""});
}

bool Simulation::Evict(const std::vector<size_t>& pods, StepReport& out, std::string& error) {
  if (pods.empty()) return true;
  const Scenario& s = doc_.scenario();
  const WorkloadIndex workloads(s);
  for (size_t p : pods) {
    out.evicted.push_back({PodKey(s.pods[p]), s.pods[p].spec.nodeName, workloads.Of(s.pods[p])});
    if (out.evicted.back().workload.empty())
      out.notes.push_back("pod " + out.evicted.back().pod + " has no controller: it is gone for good");
  }
  if (!doc_.RemovePods(pods, error)) return false;
  AfterEdit(out);
  return true;
}

void Simulation::Beat(StepReport& out, const char* actor) {
  if (!recordBeats_) return;
  SimBeat beat;
  beat.actor = actor;
  beat.lines.assign(out.notes.begin() + static_cast<std::ptrdiff_t>(notesBeaten_), out.notes.end());
  notesBeaten_ = out.notes.size();
  beat.state = doc_.Save();
  out.beats.push_back(std::move(beat));  // its spread is counted by the next round's cluster
}

// The round's preemptions as the cluster carries them out: each preemptor's nomination (and
// the lower-priority ones it cleared, ScheduleAll's Nominate) goes into the pods' status, and
// its victims are deleted. Upstream deletes them too, and the preemptor waits out their
// graceful termination; here they are gone at once, so the next round binds the preemptor to
// its nominated node and the controllers replace the victims.
bool Simulation::CarryOutPreemptions(const Cluster& cluster, const WorkloadIndex& workloads,
                                     const std::vector<Placement>& placements, StepReport& out, bool& changed,
                                     std::string& error) {
  const std::vector<std::pair<size_t, std::string>> nominations = NominationChanges(cluster);
  std::vector<size_t> victims;
  for (const Placement& p : placements) {
    if (p.victims.empty()) continue;
    std::string names;
    for (PodIndex v : p.victims) {
      victims.push_back(v);
      names += (names.empty() ? "" : ", ") + cluster.pod(v).key;
      const v1::Pod& victim = cluster.podSpec(v);
      out.deleted.push_back({{cluster.pod(v).key, victim.spec.nodeName, workloads.Of(victim)},
                             "preempted by " + cluster.pod(p.pod).key + " (priority " +
                                 std::to_string(preemption::PodPriority(cluster, p.pod)) + " over " +
                                 std::to_string(preemption::PodPriority(cluster, v)) + ")",
                             cluster.pod(p.pod).key});
    }
    out.notes.push_back("preemption: " + cluster.pod(p.pod).key + " nominated to " +
                        cluster.node(p.nominatedNode).name + ", its lower-priority victim(s) deleted: " + names);
  }
  changed = !nominations.empty() || !victims.empty();
  doc_.SetNominatedNodeNames(nominations);
  return victims.empty() || doc_.RemovePods(victims, error);
}

bool Simulation::Settle(StepReport& out, std::string& error) {
  std::vector<Placement> last;
  std::unique_ptr<Cluster> cluster;
  std::unique_ptr<Framework> framework;
  for (out.rounds = 1;; ++out.rounds) {
    Scenario s = doc_.scenario();
    if (release_) s.release = *release_;
    const config::Profile profile = s.profile.value_or(config::Profile{});
    cluster = std::make_unique<Cluster>(std::move(s));
    framework = plugins::NewFramework(*cluster, profile, error);
    if (!framework) return false;
    const WorkloadIndex workloads(cluster->scenario());
    PlacementObserver beat;
    std::vector<WorkloadPod> newest;
    if (recordBeats_) {
      newest = NewestPods(*cluster, workloads);
      if (!out.beats.empty() && out.beats.back().state && out.beats.back().spread.empty())
        out.beats.back().spread = SpreadOf(*framework, *cluster, newest);
      beat = [&](const Placement& p) {
        if (p.node == kNone) return;  // told once the cluster has settled
        const v1::Pod& pod = cluster->podSpec(p.pod);
        out.beats.push_back({"scheduler",
                             {},
                             {PodKey(pod), cluster->node(p.node).name, workloads.Of(pod)},
                             p.message,
                             SpreadOf(*framework, *cluster, newest),
                             nullptr});
      };
    }
    last = ScheduleAll(*cluster, *framework, beat);
    std::vector<std::pair<size_t, std::string>> binds;
    std::vector<VolumeAssumption> assumed;
    for (const Placement& p : last)
      if (p.node != kNone) {
        binds.emplace_back(p.pod, cluster->node(p.node).name);
        assumed.insert(assumed.end(), p.volumes.begin(), p.volumes.end());
        const v1::Pod& pod = cluster->podSpec(p.pod);
        out.placements.push_back({PodKey(pod), binds.back().second, workloads.Of(pod), {}});
        for (NodeIndex n : p.topNodes) out.placements.back().topNodes.push_back(cluster->node(n).name);
      }
    if (!binds.empty() && !doc_.SetPodNodeNames(binds, error)) return false;
    doc_.AssumeVolumes(assumed);
    const size_t notesBefore = out.notes.size();
    bool preempted = false;
    if (!CarryOutPreemptions(*cluster, workloads, last, out, preempted, error)) return false;
    bool changed = false;
    if (!doc_.Resync(changed, error)) return false;
    if (changed || preempted) {
      if (out.notes.size() > notesBefore) Beat(out, "scheduler");
      AfterEdit(out);
      Beat(out, "controllers");
    }
    if (!changed && binds.empty() && !preempted) break;
    if (out.rounds >= kMaxRoundsBase + 4 * static_cast<int>(doc_.scenario().pods.size())) {
      out.settled = false;
      out.notes.push_back("stopped after " + std::to_string(out.rounds) +
                          " rounds of the controllers and the scheduler: something keeps changing");
      break;
    }
  }
  // What the controllers wait for now the step has settled (their last sync changed nothing,
  // so its notes were not kept): an OrderedReady StatefulSet's pod that is not Running and Ready.
  out.notes.insert(out.notes.end(), doc_.controllerWaits().begin(), doc_.controllerWaits().end());
  // The last round changed nothing: its cluster is the document's, its failures the pending pods.
  const WorkloadIndex workloads(cluster->scenario());
  std::vector<SpreadReport> spread;  // out.spread as the beats carry it
  for (const WorkloadPod& w : NewestPods(*cluster, workloads))
    for (SpreadReport& r : ReportSpread(*framework, *cluster, {w.pod})) {
      SimSpread sp{w.ns, w.workload, r.topologyKey, r.selector, r.whenUnsatisfiable, r.maxSkew, {}, r.skew};
      for (const DomainCount& d : r.domains) sp.domains.push_back({d.value, d.matchNum});
      out.spread.push_back(std::move(sp));
      if (recordBeats_) spread.push_back(std::move(r));
    }
  for (const Placement& p : last) {
    const v1::Pod& pod = cluster->podSpec(p.pod);
    if (p.node != kNone) continue;
    out.pending.push_back({{PodKey(pod), "", workloads.Of(pod)}, p.message});
    if (recordBeats_) out.beats.push_back({"scheduler", {}, out.pending.back().pod, p.message, spread, nullptr});
  }
  return true;
}

}  // namespace spreadlab::simulator
