#pragma once
// The lab's working state, shared by the ImGui panels and the JS bindings and
// free of both: the scenario being edited (controlplane::ScenarioDoc), the cluster and
// framework compiled from it, the explained cycle of the pending pod, undo/redo,
// the timeline of placements and the gallery. Every change goes through an edit
// that re-runs the cycle at once; no scheduling rule lives here, only calls into
// the core (Cluster, Framework::RunCycle, ReportSpread).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/model/cycle_view.h"
#include "app/model/playback.h"
#include "app/model/pod_volumes.h"
#include "app/model/workloads.h"
#include "core/cluster.h"
#include "core/framework/framework.h"
#include "core/framework/trace.h"
#include "core/scheduler/spread_report.h"
#include "core/why/analysis.h"
#include "core/why/compare.h"
#include "controlplane/scenario_doc.h"
#include "simulator/simulation.h"

namespace spreadlab::app {

struct Example {
  std::string file;                // e.g. "one-constraint.json"
  std::string title, description;  // metadata.annotations spreadlab.io/title and /description
  std::string text;
};

// One placement of "schedule next" / "schedule all", with the spread after it; or one
// beat of an event (simulator::SimBeat): the event, the controllers' answer, a binding.
struct TimelineStep {
  std::string pod, node;  // node "" when the pod stayed Pending (or for a beat without a pod)
  std::string message;    // the cycle's message; an event's step as written
  std::vector<SpreadReport> spread;
  std::string actor;               // "" for a cycle of schedule next / all; else the beat's actor
  std::vector<std::string> lines;  // event, controllers: what they did
  std::shared_ptr<const controlplane::ScenarioDoc::Snapshot> state;  // the document after an event / controllers beat
  std::shared_ptr<const simulator::StepReport> event;                // on an event's first beat: its report
  // A placement's: what its Reserve assumed for the pod's claims (an event's are in `state`).
  std::vector<VolumeAssumption> volumes;
};

// Whether `text` (JSON or YAML, not parsed) holds a Node object: pasted manifests without
// one are applied to the cluster by default, a dump with nodes replaces the scenario.
bool DeclaresNodes(std::string_view text);

class Lab {
 public:
  using Edit = std::function<bool(controlplane::ScenarioDoc&, std::string&)>;

  // --- scenarios in ---
  // Loads a scenario; on bad input keeps the current one and reports the core's
  // error (JSON path, value, what is allowed) in status().
  bool Load(std::string_view text, std::string_view source, std::string& error);
  // `kubectl apply -f` of `text` onto the current scenario (controlplane::ScenarioDoc::ApplyText) as
  // one undoable edit: objects of the same kind, namespace and name are patched, others
  // added, and the controllers answer; the status gives kubectl's lines. With nothing
  // loaded yet it loads the text. `applied` receives kubectl's lines ("deployment.apps/web created").
  bool ApplyManifests(std::string_view text, std::string_view source, std::string& error,
                      std::vector<std::string>* applied = nullptr);
  // What a paste without a choice does: manifests without a Node go onto a cluster that has
  // nodes (ApplyManifests), anything else replaces the scenario (Load).
  bool PasteAppliesByDefault(std::string_view text) const;
  bool Paste(std::string_view text, std::string& error);
  void AddExample(Example e) { examples_.push_back(std::move(e)); }
  const std::vector<Example>& examples() const { return examples_; }
  const std::string& source() const { return source_; }  // file name or "your edits"

  // --- the current state ---
  bool loaded() const { return cluster_ != nullptr; }
  const controlplane::ScenarioDoc& doc() const { return doc_; }
  const Cluster& cluster() const { return *cluster_; }
  const Framework& framework() const { return *framework_; }
  const CycleTrace& trace() const { return trace_; }
  // What the picture shows of the trace as the playback goes (kept with the trace).
  const CycleView& cycleView() const { return view_; }
  // How trace().scores[entry] came about (the plugin's formula with the node's numbers);
  // nullopt when the plugin does not explain its scores.
  std::optional<ScoreExplanation> ExplainScore(size_t entry) const;
  PodIndex pod() const { return trace_.pod; }    // the pending pod explained, or kNone
  size_t podItem() const;                        // its index in doc().scenario().pods
  std::string TraceJson(int indent = -1) const;  // contracts::TraceToJson: the CLI's explain --format json
  // The decision in plain sentences, one per line: the pod, where it goes or why it stays
  // Pending, then every node's verdict and total (the page's text alternative to the canvas).
  std::string DecisionText() const;
  double lastRebuildMs() const { return lastRebuildMs_; }  // cluster + framework + cycle
  double clusterMs() const { return clusterMs_; }
  double frameworkMs() const { return frameworkMs_; }
  double cycleMs() const { return cycleMs_; }
  // Per pod of the cluster: 1 when it counts toward spread constraint `c` of the
  // explained pod (c indexes trace().spreadFilter, then trace().spreadScore): same
  // namespace, matched by the constraint's selector, not terminating.
  const std::vector<uint8_t>& MatchingPods(int c);
  // The explained pod's claims and the nodes a volume filter rejected for where a volume
  // lives (app/model/pod_volumes.h), kept per cycle.
  const VolumeConflicts& Volumes();
  // The cluster's pending pods. Cluster::PendingPods scans every pod (50,000 in a big
  // scenario), so the lab keeps the list per revision instead of once per frame.
  const std::vector<PodIndex>& PendingPods();
  // Increases on every change of the scenario (for saving it).
  uint64_t revision() const { return revision_; }
  // Increases whenever the explained cycle is run anew (an edit, a load, another pod chosen).
  uint64_t builds() const { return builds_; }

  // --- edits: each is undoable and re-runs the cycle ---
  bool Apply(const char* what, const Edit& edit, std::string* error = nullptr);
  // The explained pod's topologySpreadConstraints (the Pending pod panel, an embed's
  // controls). On a pod a controller owns it is an edit of the workload's template, as
  // `kubectl edit` of it: every pending replica follows at once and bound ones keep theirs
  // (controlplane::ScenarioDoc::SetTemplateSpreadConstraints; EditTarget() says what is edited). The
  // cluster keeps everything else and only the pods changed are recompiled
  // (Cluster::UpdatePendingPod), so the re-run skips the rebuild.
  bool SetConstraints(const char* what, std::vector<v1::TopologySpreadConstraint> constraints,
                      std::string* error = nullptr);
  // One field of the explained pod's topologySpreadConstraints[index] (window.spreadlab's
  // setConstraintField), the same way: `valueJson` as in a manifest, null removes an optional field.
  bool SetConstraintField(int index, const std::string& field, const std::string& valueJson,
                          std::string* error = nullptr);
  // What an edit of the explained pod's constraints edits: its workload's template (the
  // nearest owner first), how many replicas follow at once, and how many bound ones differ
  // from the template until a rollout (`rolloutStep`, a Simulate step, none when none applies).
  struct EditTarget {
    controlplane::ScenarioDoc::PodTemplate workload;  // owners empty: a bare pod
    std::string describe;                             // "Deployment web's template: 6 replicas (6 pending follow)"
    std::optional<simulator::SimStep> rolloutStep;    // "rollout default/web" when bound replicas differ
  };
  const EditTarget& ConstraintEditTarget();  // kept per revision
  // The profile's weight of score plugin `plugin` (the Profile panel's slider).
  bool SetPluginWeight(const std::string& plugin, int32_t weight, std::string* error = nullptr);
  void SelectPod(PodIndex pod);  // which pending pod to explain (not an edit)
  bool Undo();
  bool Redo();
  bool CanUndo() const { return !undo_.empty(); }
  bool CanRedo() const { return !redo_.empty(); }
  size_t undoDepth() const { return undo_.size(); }  // edits that undo can take back
  const std::string& undoLabel() const;
  const std::string& redoLabel() const;

  // --- the conflict explorer (core/why) ---
  // For an explained pod that stays Pending: the conflict matrix and the ranked
  // suggestions, each proven by re-running the cycle. Computed on first use after
  // each rebuild; null when the pod schedules (or nothing is loaded).
  const why::Report* Why();
  double whyMs() const { return whyMs_; }
  // Applies suggestion `index` of Why() as one undoable edit.
  bool ApplySuggestion(size_t index, std::string* error = nullptr);

  // --- compare ---
  // The explained pod under the current scenario (A) and `otherText` (B, JSON or YAML),
  // node by node: what `spreadlab compare CURRENT OTHER --pod POD --format json` prints,
  // CURRENT being scenario() text. False with `error` on bad input (named as B's).
  bool Compare(std::string_view otherText, why::Comparison& out, std::string& error) const;

  // --- workloads ---
  // The scalable workloads with their pods and spread (app/model/workloads.h), kept per revision.
  const std::vector<WorkloadRow>& Workloads();
  // kubectl scale as one undoable edit: `workload` is "[Kind/]namespace/name"; the status
  // says what the controller created or deleted and why.
  bool Scale(const std::string& workload, int64_t replicas, std::string* error = nullptr);

  // --- the cluster over time (simulator/simulation.h) ---
  // One event ("drain node-a1", "fail topology.kubernetes.io/zone=zone-c", "rollout
  // default/web", ...) followed by what the controllers and the scheduler do until nothing
  // changes, as one undoable edit; the status says what happened. As `spreadlab simulate`
  // does, the pending pods are placed first (Simulation::Start): that is an event of its
  // own, "start", when it placed a pod or the controllers answered.
  bool Simulate(const std::string& step, std::string* error = nullptr);
  // The same, of a step built in code (simulator::MakeStep: the menus' drain, fail, rollout, ...).
  bool Simulate(const simulator::SimStep& step, std::string* error = nullptr);
  // The events applied and not undone, oldest first, with what each did.
  std::vector<const simulator::StepReport*> Events() const;

  // --- releases ---
  // Answers as kube-scheduler `version` does ("1.35", "master"; "" the newest): one undoable
  // edit of the document's spreadlab.io/kube-version annotation. The status says what the
  // pod's decision becomes and, when it changes, which release changes explain it.
  bool SetKubeVersion(const std::string& version, std::string* error = nullptr);

  // --- placements over time ---
  // Binds the explained pod to the node the cycle chose (as kube-scheduler binds it).
  bool ScheduleNext(std::string& error);
  // Places every pending pod in order, each bound before the next (core ScheduleAll).
  int ScheduleAll(std::string& error);
  // The timeline goes on across Simulate events (their beats) until another edit.
  const std::vector<TimelineStep>& timeline() const { return timeline_; }
  // Shows the scenario after the first `step` steps of the timeline.
  void ScrubTo(size_t step);
  size_t timelineCursor() const { return cursor_; }

  // --- kept across a reload (the web page keeps them in sessionStorage) ---
  // The undo and redo history and the timeline as JSON text of at most `budget` bytes:
  // the timeline first, then the newest undo steps, then the nearest redo steps, as many
  // as fit; "" when there is nothing to keep or the timeline alone does not fit.
  std::string HistoryJson(size_t budget) const;
  // Puts them back onto the scenario they were kept with (a history kept with another
  // scenario, e.g. another tab's saved copy, is ignored). False when nothing was restored.
  bool RestoreHistory(std::string_view json);

  // --- messages for the status bar ---
  const std::string& status() const { return status_; }
  bool statusIsError() const { return statusIsError_; }
  void SetStatus(std::string text, bool isError) { status_ = std::move(text), statusIsError_ = isError; }

  Playback playback;

 private:
  struct Snapshot {
    std::shared_ptr<const controlplane::ScenarioDoc::Snapshot> doc;
    std::string what;
    // A Simulate edit: what it did ("start", when the pending pods were placed first; the event).
    std::vector<std::shared_ptr<const simulator::StepReport>> events;
  };
  // Builds the cluster and the framework from the document and runs the explained cycle;
  // false, with rebuildError_ set and the cluster as it was, when the framework refuses
  // the profile. It leaves the timeline alone: the edits that end one clear it
  // themselves, the timeline's own steps (ScheduleNext, ScheduleAll, ScrubTo) keep it.
  bool Rebuild();
  void ContinueTimeline(bool recordBase = true);
  bool Recompile(const std::vector<size_t>& pods);
  // `pendingOnly`: the edit changed only these pending pods' constraints (recompiled alone
  // when they are still where they were), else null (a rebuild).
  bool Commit(const char* what, const Edit& edit, std::string* error, const std::vector<size_t>* pendingOnly);
  // The pods an edit of the explained pod's constraints changes (SetConstraints).
  std::vector<size_t> ConstraintEditPods();
  bool CommitConstraintEdit(const std::string& what, const Edit& edit, std::string* error);
  void RunExplainedCycle(PodIndex pod);
  void Push(const char* what);

  controlplane::ScenarioDoc doc_;
  std::unique_ptr<Cluster> cluster_;
  std::unique_ptr<Framework> framework_;
  CycleTrace trace_;
  CycleView view_;
  std::vector<uint8_t> matching_;
  int matchingFor_ = -2;
  std::vector<PodIndex> pending_;
  std::pair<uint64_t, uint64_t> pendingFor_{~uint64_t{0}, 0};  // (builds_, revision_) of pending_
  EditTarget editTarget_;
  std::pair<uint64_t, uint64_t> editTargetFor_{~uint64_t{0}, 0};  // (builds_, revision_) of editTarget_
  std::vector<WorkloadRow> workloads_;
  VolumeConflicts volumes_;
  uint64_t volumesFor_ = ~uint64_t{0};                           // builds_ of volumes_
  std::pair<uint64_t, uint64_t> workloadsFor_{~uint64_t{0}, 0};  // (builds_, revision_) of workloads_
  std::string wantedPod_;  // namespace/name of the pod to explain, kept across edits
  std::string source_;
  std::vector<Example> examples_;
  std::vector<Snapshot> undo_, redo_;
  bool Travel(std::vector<Snapshot>& from, std::vector<Snapshot>& to, const char* verb, const char* done);
  controlplane::ScenarioDoc timelineBase_;
  // The calls that made the timeline from timelineBase_, in order, to make it again after
  // a reload (lab_history.cpp): schedule next (of `arg`, a pod), schedule all, an event
  // (`arg` as written), a scrub to `step`.
  struct TimelineCall {
    enum Kind { kNext, kAll, kEvent, kScrub } kind;
    std::string arg;
    size_t step = 0;
  };
  std::vector<TimelineCall> timelineCalls_;
  std::vector<TimelineStep> timeline_;
  std::vector<std::pair<std::string, std::string>> timelineBinds_;  // pod key -> node
  size_t cursor_ = 0;
  std::string status_;
  std::string rebuildError_;
  bool statusIsError_ = false;
  double lastRebuildMs_ = 0, clusterMs_ = 0, frameworkMs_ = 0, cycleMs_ = 0, whyMs_ = 0;
  uint64_t builds_ = 0;    // Rebuild() calls
  uint64_t whyBuild_ = 0;  // the build why_ belongs to (0: none)
  why::Report why_;
  uint64_t revision_ = 0;
};

}  // namespace spreadlab::app
