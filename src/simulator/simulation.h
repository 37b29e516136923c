#pragma once
// A cluster over time: events (a workload scaled or rolled out, nodes cordoned,
// drained, failed, restored or added, the descheduler run) applied one after another to
// a scenario being edited, each followed by what the controllers and kube-scheduler do
// until nothing changes any more: the controllers answer (controlplane/controllers/controllers.h: new pods,
// deleted pods, a Deployment's next rollout step), the scheduler places every pending
// pod one by one (ScheduleAll), the controllers answer again, ... Shared by the CLI's
// `simulate`, the JS API and the lab, each step being one edit of the ScenarioDoc.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/release.h"
#include "core/scheduler/schedule.h"
#include "core/scheduler/spread_report.h"
#include "core/workload.h"
#include "controlplane/controllers/controllers.h"
#include "controlplane/scenario_doc.h"

namespace spreadlab::simulator {

// One event as a person writes it: "ACTION ARGS..." (the actions, their forms and what
// each does: simulator/events.h's table). A workload is written "[Kind/]NS/NAME".
struct EventKind;
struct SimStep {
  std::string text;  // as written
  std::string action;
  std::vector<std::string> args;
  const EventKind* kind = nullptr;  // its row of simulator/events.h's table (ParseSimStep, MakeStep)
};

// False with an error that names the step and shows the accepted forms.
bool ParseSimStep(const std::string& text, SimStep& out, std::string& error);
// The same check of a step built in code (events.h's MakeStep): its row, and its arguments held to it.
bool CheckSimStep(const SimStep& step, std::string& error);

// The List annotation holding a scenario's own steps, one per line: the story an example
// tells (`spreadlab simulate FILE` without --step, the lab's Events panel).
inline constexpr const char* kSimulateAnnotation = "spreadlab.io/simulate";
std::vector<std::string> ScenarioSteps(const controlplane::ScenarioDoc& doc);

// "namespace/name", as the reports name a pod.
inline std::string PodKey(const v1::Pod& p) { return p.metadata.ns + "/" + p.metadata.name; }

struct SimPod {
  std::string pod;       // "namespace/name"
  std::string node;      // where it is, or was (evicted, deleted); "" when it had none
  std::string workload;  // "Deployment/web", "StatefulSet/db", "" for a bare pod
  // A placement's nodes tied for the top score with `node` (upstream picks one at random).
  std::vector<std::string> topNodes = {};
};

struct SimDeleted {
  SimPod pod;
  std::string reason;       // the controller's ranking, in a few words
  std::string preemptedBy;  // "namespace/name" of the pod whose preemption deleted it, else ""
};

// The heading of a step's deleted pods: "deleted by their controllers", "or preempted" when
// kube-scheduler's preemption deleted some.
std::string DeletedHeading(const std::vector<SimDeleted>& deleted);

struct SimPending {
  SimPod pod;
  std::string message;  // kube-scheduler's FitError, e.g. "0/6 nodes are available: ..."
};

// One workload's spread over the domains of one of its topology spread constraints.
struct SimSpread {
  std::string ns, workload;  // "shop", "Deployment/web"
  std::string topologyKey, selector, whenUnsatisfiable;
  int32_t maxSkew = 0;
  struct Domain {
    std::string value;
    int32_t pods = 0;
  };
  std::vector<Domain> domains;
  int32_t skew = 0;
};

// One beat of a step, for the lab's step-through: the event itself (with the controllers'
// immediate answer), one pod the scheduler bound (or left Pending once the cluster
// settled), or the controllers' answer to a round of bindings. Recorded only when asked
// (Simulation::RecordBeats): each event or controllers beat keeps the whole document.
struct SimBeat {
  std::string actor;                 // "event", "scheduler" or "controllers"
  std::vector<std::string> lines;    // event, controllers: what they did, one line each
  SimPod pod;                        // scheduler: the pod and its node ("" when Pending)
  std::string message;               // scheduler: the cycle's message
  std::vector<SpreadReport> spread;  // every workload's spread after the beat
  std::shared_ptr<const controlplane::ScenarioDoc::Snapshot> state;  // event, controllers: the document after it
};

struct StepReport {
  std::string action;               // the step as written ("start": the scenario as loaded)
  std::vector<std::string> notes;   // what the event and the controllers did, one line each
  std::vector<SimPod> created;      // pods the controllers created (node "")
  std::vector<SimDeleted> deleted;  // pods the controllers deleted (scale-down, rollout)
  std::vector<SimPod> evicted;      // pods the event removed (drained, lost with a failed node, descheduled)
  std::vector<SimPod> placements;   // the scheduler's bindings, in order
  std::vector<SimPending> pending;  // pods still Pending once the cluster settled
  std::vector<SimSpread> spread;    // every workload's spread after the step
  int rounds = 0;                   // scheduler / controller rounds until nothing changed
  bool settled = true;              // false: stopped after the round limit
  std::vector<SimBeat> beats;       // in order, when recorded
};

class Simulation {
 public:
  // `release` overrides the scenario's (CLI --kube-version / --feature-gates), if set: the
  // scheduler's and, from then on, the controllers' of `doc` (ScenarioDoc::OverrideRelease).
  explicit Simulation(controlplane::ScenarioDoc& doc, const Release* release = nullptr);

  // Places the pending pods of the scenario as loaded (and what the controllers then do).
  bool Start(StepReport& out, std::string& error);
  // Applies `step` (from ParseSimStep), then lets the controllers and the scheduler settle.
  bool Step(const SimStep& step, StepReport& out, std::string& error);
  // An event on a cluster that may not be settled yet (the lab's): Start, then Step, as
  // `spreadlab simulate` orders them. `reports` receives the start's report only when
  // settling changed something (it placed a pod or the controllers answered), then the step's.
  bool StartThenStep(const SimStep& step, std::vector<std::shared_ptr<StepReport>>& reports, std::string& error);
  // The reports of the next Start / Step carry their beats.
  void RecordBeats() { recordBeats_ = true; }

  // For the events (simulator/events.cpp): the document they edit, the release asked for,
  // what the controllers did in answer to the last edit, and pods evicted as kubectl
  // evicts them (their controllers answer).
  controlplane::ScenarioDoc& doc() { return doc_; }
  const Release* release() const { return release_; }
  void AfterEdit(StepReport& out);
  bool Evict(const std::vector<size_t>& pods, StepReport& out, std::string& error);

 private:
  bool Settle(StepReport& out, std::string& error);
  // What the round's preemptions did (`changed`: the document changed); false on an error.
  bool CarryOutPreemptions(const Cluster& cluster, const WorkloadIndex& workloads,
                           const std::vector<Placement>& placements, StepReport& out, bool& changed,
                           std::string& error);
  // Records an event or controllers beat: the notes since the last one, the document now.
  void Beat(StepReport& out, const char* actor);

  controlplane::ScenarioDoc& doc_;
  const Release* release_;
  bool recordBeats_ = false;
  size_t notesBeaten_ = 0;  // out.notes already told by a beat
};

}  // namespace spreadlab::simulator
