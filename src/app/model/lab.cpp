#include "app/model/lab.h"

#include <algorithm>
#include <chrono>
#include <optional>

#include "core/framework/spread_arithmetic.h"
#include "core/plugins/podtopologyspread/plugin.h"
#include "core/plugins/registry.h"
#include "core/scheduler/schedule.h"
#include "core/scenario_nodes.h"
#include "core/why/edit.h"
#include "simulator/events.h"
#include "simulator/session.h"
#include "contracts/trace_json.h"
#include "controlplane/why_apply.h"

namespace spreadlab::app {

namespace {
constexpr size_t kMaxUndo = 64;
// An event's step-through keeps the whole document after each event and controllers beat;
// beyond this many nodes and pods an event ends the timeline instead (a 150,000-pod
// document copied a few times over would not fit the wasm heap).
constexpr size_t kMaxStepThroughObjects = 20000;
const std::string kEmpty;
}  // namespace

const char* PhaseName(Phase p) {
  switch (p) {
    case Phase::PreFilter:
      return "PreFilter";
    case Phase::Filter:
      return "Filter";
    case Phase::PreScore:
      return "PreScore";
    case Phase::Score:
      return "Score";
    case Phase::NormalizeScore:
      return "NormalizeScore";
    case Phase::WeightedSum:
      return "Weighted sum";
    case Phase::Select:
      return "Select host";
    case Phase::Done:
      return "Done";
  }
  return "";
}

bool Lab::Load(std::string_view text, std::string_view source, std::string& error) {
  controlplane::ScenarioDoc next;
  if (!next.Load(text, error)) {
    SetStatus("Not loaded (the current scenario is kept): " + error, true);
    return false;
  }
  std::swap(doc_, next);
  const std::string wanted = std::exchange(wantedPod_, "");
  if (!Rebuild()) {  // a profile the framework refuses: the current scenario stays
    std::swap(doc_, next);
    wantedPod_ = wanted;
    error = rebuildError_;
    SetStatus("Not loaded (the current scenario is kept): " + error, true);
    return false;
  }
  if (next.loaded()) {
    undo_.push_back(Snapshot{std::move(next).Save(), "load", {}});
    if (undo_.size() > kMaxUndo) undo_.erase(undo_.begin());
    redo_.clear();
  }
  source_ = source;
  timeline_.clear();
  timelineBinds_.clear();
  cursor_ = 0;
  ++revision_;
  const size_t created = doc_.created(), deleted = doc_.deletedPods().size();
  SetStatus("Loaded " + source_ +
                (created ? "; its workload controllers created " + std::to_string(created) + " object(s)" : "") +
                (deleted ? "; they deleted " + std::to_string(deleted) + " pod(s) beyond their replicas (see Workloads)"
                         : ""),
            false);
  return true;
}

bool DeclaresNodes(std::string_view text) {
  // `kind: Node` in YAML, `"kind": "Node"` in JSON, and not NodePool or NodeClaim.
  for (std::string_view key : {std::string_view("kind:"), std::string_view("\"kind\":")}) {
    for (size_t at = text.find(key); at != std::string_view::npos; at = text.find(key, at + 1)) {
      size_t v = text.find_first_not_of(" \t", at + key.size());
      if (v == std::string_view::npos) break;
      if (text[v] == '"' || text[v] == '\'') ++v;
      if (text.substr(v, 4) != "Node") continue;
      const size_t end = v + 4;
      if (end == text.size() || std::string_view(" \t\r\n\"',}#").find(text[end]) != std::string_view::npos)
        return true;
    }
  }
  return false;
}

bool Lab::ApplyManifests(std::string_view text, std::string_view source, std::string& error,
                         std::vector<std::string>* applied) {
  if (!loaded()) return Load(text, source, error);
  std::vector<std::string> lines;
  const std::string what = "Apply " + std::string(source);
  if (!Apply(
          what.c_str(),
          [&](controlplane::ScenarioDoc& d, std::string& e) { return d.ApplyText(text, lines, e, source); }, &error))
    return false;
  std::string status = "Applied " + std::string(source) + " to the cluster:";
  for (const std::string& line : lines) status += " " + line + ";";
  if (const size_t created = doc_.createdPods().size())
    status += " its controllers created " + std::to_string(created) + " pod(s)";
  else
    status.pop_back();
  SetStatus(status, false);
  if (applied) *applied = std::move(lines);
  return true;
}

bool Lab::PasteAppliesByDefault(std::string_view text) const {
  return loaded() && !doc_.scenario().nodes.empty() && !DeclaresNodes(text);
}

bool Lab::Paste(std::string_view text, std::string& error) {
  return PasteAppliesByDefault(text) ? ApplyManifests(text, "pasted manifests", error)
                                     : Load(text, "pasted scenario", error);
}

size_t Lab::podItem() const {
  // Cluster pods are the scenario's pods in order (Cluster interns them 1:1).
  return trace_.pod == kNone ? static_cast<size_t>(-1) : static_cast<size_t>(trace_.pod);
}

bool Lab::Rebuild() {
  ++builds_;
  auto start = std::chrono::steady_clock::now();
  auto cluster = std::make_unique<Cluster>(doc_.sharedScenario());
  std::string error;
  const config::Profile profile = doc_.scenario().profile.value_or(config::Profile{});
  auto built = std::chrono::steady_clock::now();
  auto framework = plugins::NewFramework(*cluster, profile, error);
  auto ready = std::chrono::steady_clock::now();
  clusterMs_ = std::chrono::duration<double, std::milli>(built - start).count();
  frameworkMs_ = std::chrono::duration<double, std::milli>(ready - built).count();
  if (!framework) {
    // The document validated, so this is a profile the framework refuses: the caller
    // puts the previous document back, which the cluster on screen still shows.
    rebuildError_ = "Profile error: " + error;
    SetStatus(rebuildError_, true);
    return false;
  }
  cluster_ = std::move(cluster);
  framework_ = std::move(framework);
  PodIndex pod = wantedPod_.empty() ? kNone : cluster_->FindPod(wantedPod_);
  if (pod != kNone && !cluster_->pod(pod).Pending()) pod = kNone;
  if (pod == kNone) {
    auto pending = cluster_->PendingPods();
    if (!pending.empty()) pod = pending.front();
  }
  RunExplainedCycle(pod);
  lastRebuildMs_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return true;
}

void Lab::RunExplainedCycle(PodIndex pod) {
  trace_.Clear();
  trace_.pod = kNone;
  auto start = std::chrono::steady_clock::now();
  if (pod != kNone) {
    framework_->RunCycle(pod, trace_, /*explain=*/true);
    wantedPod_ = cluster_->pod(pod).key;
  }
  view_.Build(trace_);
  matchingFor_ = -2;
  cycleMs_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

const why::Report* Lab::Why() {
  if (!loaded() || trace_.pod == kNone || trace_.selected != kNone || !trace_.error.empty()) return nullptr;
  if (whyBuild_ == builds_) return &why_;
  auto start = std::chrono::steady_clock::now();
  std::string error;
  why_ = why::Report{};
  why::Analyze(*cluster_, *framework_, trace_.pod, {}, why_, error);
  // Analyze edits the cluster and undoes every edit; plugins that cache what
  // they saw of it start afresh for the cycles that follow. The (identical)
  // cycle is re-run on the new framework so that it starts the next cycle where
  // a framework that ran only this one would.
  const config::Profile profile = doc_.scenario().profile.value_or(config::Profile{});
  if (auto fresh = plugins::NewFramework(*cluster_, profile, error)) {
    fresh->RunCycle(trace_.pod, trace_, /*explain=*/true);
    view_.Build(trace_);
    framework_ = std::move(fresh);
    matchingFor_ = -2;
  }
  whyBuild_ = builds_;
  whyMs_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return &why_;
}

bool Lab::ApplySuggestion(size_t index, std::string* error) {
  const why::Report* report = Why();
  if (!report || index >= report->suggestions.size()) {
    if (error) *error = "no such suggestion";
    return false;
  }
  const why::Suggestion suggestion = report->suggestions[index];
  const size_t item = podItem();
  return Apply(("Apply: " + suggestion.summary).c_str(),
               [&](controlplane::ScenarioDoc& d, std::string& e) {
                 return controlplane::ApplySuggestion(d, item, suggestion.edit, e);
               },
               error);
}

std::string Lab::DecisionText() const {
  if (!loaded()) return "No scenario is loaded.";
  const CycleTrace& t = trace_;
  if (t.pod == kNone) return "Every pod of " + source_ + " is bound: there is no pending pod to explain.";
  std::string s =
      "Pod " + cluster_->pod(t.pod).key +
      (t.selected != kNone ? " goes to " + cluster_->node(t.selected).name : std::string(" stays Pending")) + ".\n";
  s += (t.message.empty() ? t.error : t.message) + "\n";
  for (const NodeTrace& nt : t.nodes) {
    s += cluster_->node(nt.node).name + ": ";
    if (!nt.evaluated) {
      s += "not evaluated (" + std::string(NotEvaluatedName(nt.notEvaluated)) + ")";
    } else if (!nt.feasible) {
      const FilterVerdict* v = t.Reported(nt);
      s += v ? "rejected by " + t.filterPlugins[v->plugin] + ": " + t.JoinedReasons(*v) : std::string("rejected");
    } else {
      s += nt.node == t.selected ? "chosen" : "feasible";
      if (t.scored) s += ", score " + std::to_string(nt.total);
    }
    // The spread arithmetic behind the verdict, as the picture's node details show it.
    for (uint32_t f = 0; nt.evaluated && f < nt.filterCount; ++f) {
      const FilterVerdict& v = t.filters[nt.filterBegin + f];
      for (uint32_t c = 0; c < v.checksCount; ++c)
        s += "; " + SpreadArithmetic(t, t.spreadChecks[v.checksBegin + c], cluster_->pool());
    }
    s += "\n";
  }
  return s;
}

std::optional<ScoreExplanation> Lab::ExplainScore(size_t entry) const {
  if (!loaded() || entry >= trace_.scores.size()) return std::nullopt;
  return framework_->ExplainScore(trace_, entry);
}

std::vector<size_t> Lab::ConstraintEditPods() {
  if (pod() == kNone) return {};
  std::vector<size_t> pods = ConstraintEditTarget().workload.pending;
  if (std::find(pods.begin(), pods.end(), podItem()) == pods.end()) pods.push_back(podItem());
  return pods;
}

// An edit of the explained pod's constraints through its workload: only the changed pending
// pods are recompiled, and the status says what was edited.
bool Lab::CommitConstraintEdit(const std::string& what, const Edit& edit, std::string* error) {
  const std::vector<size_t> pods = ConstraintEditPods();
  if (!Commit(what.c_str(), edit, error, &pods)) return false;
  SetStatus(what + ": " + ConstraintEditTarget().describe, false);
  return true;
}

bool Lab::SetConstraints(const char* what, std::vector<v1::TopologySpreadConstraint> constraints, std::string* error) {
  if (pod() == kNone) {
    if (error) *error = "no pending pod";
    return false;
  }
  const size_t item = podItem();
  return CommitConstraintEdit(
      what,
      [&](controlplane::ScenarioDoc& d, std::string& e) {
        return d.SetTemplateSpreadConstraints(item, constraints, e);
      },
      error);
}

bool Lab::SetConstraintField(int index, const std::string& field, const std::string& valueJson, std::string* error) {
  std::string e = pod() == kNone ? "no pending pod" : index < 0 ? "index must be 0 or more" : "";
  if (e.empty()) {
    const size_t item = podItem();
    if (CommitConstraintEdit(
            field,
            [&](controlplane::ScenarioDoc& d, std::string& err) {
              return d.SetTemplateSpreadConstraintField(item, static_cast<size_t>(index), field, valueJson, err);
            },
            &e))
      return true;
  }
  if (error) *error = e;
  return false;
}

const Lab::EditTarget& Lab::ConstraintEditTarget() {
  const std::pair<uint64_t, uint64_t> now{builds_, revision_};
  if (editTargetFor_ == now) return editTarget_;
  editTargetFor_ = now;
  EditTarget& out = editTarget_;
  out = EditTarget{};
  if (pod() == kNone) return out;
  out.workload = doc_.TemplateOf(podItem());
  const controlplane::ScenarioDoc::PodTemplate& t = out.workload;
  if (t.owners.empty()) {
    out.describe = "pod " + cluster_->pod(pod()).name + " alone (no controller owns it)";
    return out;
  }
  const auto& top = t.owners.back();
  const size_t replicas = t.pending.size() + t.bound.size();
  out.describe = top.kind + " " + top.name + "'s template: " + std::to_string(replicas) + " replica(s), " +
                 std::to_string(t.pending.size()) + " pending follow at once";
  if (t.boundDiffering > 0) {
    out.describe += "; " + std::to_string(t.boundDiffering) + " bound keep their old constraints until a rollout";
    // kubectl rollout restart: a Deployment's new ReplicaSet replaces every pod (simulator/simulation.h).
    if (top.kind == "Deployment")
      out.rolloutStep = simulator::MakeStep(simulator::kRolloutEvent, {cluster_->pod(pod()).ns + "/" + top.name});
  }
  return out;
}

bool Lab::SetPluginWeight(const std::string& plugin, int32_t weight, std::string* error) {
  return Apply(
      "plugin weight",
      [&](controlplane::ScenarioDoc& d, std::string& e) { return d.SetPluginWeight(plugin, weight, e); }, error);
}

bool Lab::Compare(std::string_view otherText, why::Comparison& out, std::string& error) const {
  if (!loaded() || pod() == kNone) {
    error = "no pending pod to compare";
    return false;
  }
  simulator::Session a, b;
  if (!simulator::OpenSession(doc_.Dump(-1), a, error, "current scenario") ||
      !simulator::OpenSession(otherText, b, error, "other scenario"))
    return false;
  return why::Compare(*a.cluster, *a.framework, *b.cluster, *b.framework, cluster_->pod(pod()).key, out, error);
}

const std::vector<WorkloadRow>& Lab::Workloads() {
  const std::pair<uint64_t, uint64_t> now{builds_, revision_};
  if (workloadsFor_ != now) {
    workloads_ = loaded() ? ListWorkloads(doc_, *framework_, *cluster_) : std::vector<WorkloadRow>{};
    workloadsFor_ = now;
  }
  return workloads_;
}

const VolumeConflicts& Lab::Volumes() {
  if (volumesFor_ != builds_) {
    volumes_ = loaded() ? FindVolumeConflicts(*cluster_, trace_) : VolumeConflicts{};
    volumesFor_ = builds_;
  }
  return volumes_;
}

bool Lab::Scale(const std::string& workload, int64_t replicas, std::string* error) {
  auto find = [&](const std::string& key) -> std::optional<WorkloadRow> {
    for (const WorkloadRow& r : Workloads())
      if (r.workload.key == key) return r;
    return std::nullopt;
  };
  std::string e;
  const std::optional<controlplane::ScenarioDoc::Workload> target = doc_.FindWorkload(workload, e);
  if (!target) {
    SetStatus("Scale refused: " + e, true);
    if (error) *error = e;
    return false;
  }
  const std::optional<WorkloadRow> before = find(target->key);
  if (!Apply(("Scale " + target->key).c_str(),
             [&](controlplane::ScenarioDoc& d, std::string& err) { return d.Scale(target->key, replicas, err); },
             error))
    return false;
  const std::optional<WorkloadRow> after = find(target->key);
  SetStatus(DescribeScale(doc_, before ? &*before : nullptr, after ? &*after : nullptr, target->key, replicas), false);
  return true;
}

bool Lab::Simulate(const std::string& text, std::string* error) {
  simulator::SimStep step;
  std::string e;
  if (!simulator::ParseSimStep(text, step, e)) {
    SetStatus("Event refused: " + e, true);
    if (error) *error = e;
    return false;
  }
  return Simulate(step, error);
}

bool Lab::Simulate(const simulator::SimStep& step, std::string* error) {
  if (std::string e; !simulator::CheckSimStep(step, e)) {
    SetStatus("Event refused: " + e, true);
    if (error) *error = e;
    return false;
  }
  const std::string& text = step.text;
  std::vector<std::shared_ptr<simulator::StepReport>> reports;
  // The timeline goes on across events (the edit's Commit clears it): from where it was
  // scrubbed to, or from the scenario as it is now.
  const bool stepThrough = doc_.scenario().nodes.size() + doc_.scenario().pods.size() <= kMaxStepThroughObjects;
  ContinueTimeline(/*recordBase=*/stepThrough);
  timelineCalls_.push_back({TimelineCall::kEvent, text});
  std::vector<TimelineStep> timeline = std::move(timeline_);
  std::vector<std::pair<std::string, std::string>> binds = std::move(timelineBinds_);
  // `spreadlab simulate`'s order: the cluster settled (the pending pods placed), then the event.
  const bool applied = Apply(("Event: " + text).c_str(),
                             [&](controlplane::ScenarioDoc& d, std::string& err) {
                               simulator::Simulation simulation(d);
                               if (stepThrough) simulation.RecordBeats();
                               return simulation.StartThenStep(step, reports, err);
                             },
                             error);
  if (applied && !stepThrough) timeline.clear(), binds.clear();
  timeline_ = std::move(timeline);
  timelineBinds_ = std::move(binds);
  if (!applied) {
    cursor_ = timeline_.size();
    return false;
  }
  // A start that changed nothing (the cluster was settled already) is not among the reports:
  // no event of its own, and no beats on the timeline.
  std::string summary;
  for (const auto& r : reports) {
    for (simulator::SimBeat& beat : r->beats) {
      TimelineStep t{beat.pod.pod, beat.pod.node,         beat.message,          std::move(beat.spread),
                     beat.actor,   std::move(beat.lines), std::move(beat.state), nullptr};
      if (t.actor == "event") t.message = r->action, t.event = r;
      timelineBinds_.emplace_back(t.pod, t.node);
      timeline_.push_back(std::move(t));
    }
    r->beats.clear();  // the timeline keeps them; the report, in the undo history, keeps what the panel lists
    undo_.back().events.push_back(r);
    summary += (summary.empty() ? "" : "; ") + r->action + ": " + std::to_string(r->evicted.size()) + " evicted, " +
               std::to_string(r->deleted.size()) + " deleted, " + std::to_string(r->created.size()) + " created, " +
               std::to_string(r->placements.size()) + " placed, " + std::to_string(r->pending.size()) + " Pending";
  }
  cursor_ = timeline_.size();
  for (const simulator::SimSpread& s : reports.back()->spread)
    if (s.skew > s.maxSkew)
      summary += "; " + s.workload + " skew " + std::to_string(s.skew) + " > maxSkew " + std::to_string(s.maxSkew);
  SetStatus(summary, false);
  return true;
}

std::vector<const simulator::StepReport*> Lab::Events() const {
  std::vector<const simulator::StepReport*> out;
  for (const Snapshot& s : undo_)
    for (const auto& e : s.events) out.push_back(e.get());
  return out;
}

bool Lab::SetKubeVersion(const std::string& version, std::string* error) {
  auto decision = [&] {
    if (!loaded() || pod() == kNone) return std::string();
    return trace_.selected != kNone ? "goes to " + cluster_->node(trace_.selected).name : std::string("stays Pending");
  };
  const int before = cluster_ ? cluster_->release().minor : kNewestMinor;
  const std::string was = decision();
  if (!Apply(
          "Release", [&](controlplane::ScenarioDoc& d, std::string& e) { return d.SetKubeVersion(version, e); }, error))
    return false;
  const int now = cluster_->release().minor;
  std::string text = "kube-scheduler " + KubeVersionName(now);
  const std::string is = decision();
  if (pod() != kNone) text += ": " + cluster_->pod(pod()).key + " " + is;
  if (is != was && !was.empty()) {
    text += " (" + KubeVersionName(before) + ": " + was + "). What changed:";
    for (const std::string& c : ChangesBetween(before, now)) text += " " + c + ".";
  }
  SetStatus(text, false);
  return true;
}

const std::vector<PodIndex>& Lab::PendingPods() {
  const std::pair<uint64_t, uint64_t> now{builds_, revision_};
  if (pendingFor_ != now) {
    pending_ = loaded() ? cluster_->PendingPods() : std::vector<PodIndex>{};
    pendingFor_ = now;
  }
  return pending_;
}

const std::vector<uint8_t>& Lab::MatchingPods(int c) {
  if (c == matchingFor_) return matching_;
  matchingFor_ = c;
  matching_.assign(loaded() ? cluster_->pods().size() : 0, 0);
  if (!loaded() || trace_.pod == kNone || c < 0) return matching_;
  auto* pts = dynamic_cast<plugins::PodTopologySpread*>(framework_->FindPlugin(plugins::PodTopologySpread::kName));
  if (!pts) return matching_;
  const int filters = static_cast<int>(trace_.spreadFilter.size());
  const PodInfo& pod = cluster_->pod(trace_.pod);
  bool fromDefaults = false;
  auto cs = pts->Constraints(pod, c < filters ? v1::kDoNotSchedule : v1::kScheduleAnyway, &fromDefaults);
  size_t i = static_cast<size_t>(c < filters ? c : c - filters);
  if (i >= cs.size()) return matching_;
  for (const PodInfo& p : cluster_->pods())
    matching_[p.index] =
        p.nsSym == pod.nsSym && !p.terminating && !p.finished && cs[i].selector.Matches(p.labels, cluster_->pool());
  return matching_;
}

std::string Lab::TraceJson(int indent) const {
  if (!loaded()) return "null";
  return contracts::TraceToJson(*cluster_, framework_->profile(), trace_)
      .dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

void Lab::Push(const char* what) {
  undo_.push_back(Snapshot{doc_.Save(), what, {}});
  if (undo_.size() > kMaxUndo) undo_.erase(undo_.begin());
  redo_.clear();
}

bool Lab::Apply(const char* what, const Edit& edit, std::string* error) { return Commit(what, edit, error, nullptr); }

bool Lab::Commit(const char* what, const Edit& edit, std::string* errorOut, const std::vector<size_t>* pendingOnly) {
  if (!loaded()) return false;
  doc_.BeginUndo();
  std::string error;
  const bool ok = edit(doc_, error);
  auto before = doc_.TakeUndo();
  if (!ok) {  // a failed edit leaves the document unchanged
    SetStatus(std::string(what) + " refused: " + error, true);
    if (errorOut) *errorOut = error;
    return false;
  }
  // A profile that reads but that the framework refuses puts the document back, so
  // that the document and the cluster on screen stay one.
  // An edit written into the document and re-read lets the controllers answer: when they
  // added or removed pods, the explained pod's index is stale and the cluster is rebuilt.
  const Scenario& now = doc_.scenario();
  const bool inPlace = pendingOnly && trace_.pod != kNone && now.pods.size() == cluster_->pods().size() &&
                       std::all_of(pendingOnly->begin(), pendingOnly->end(), [&](size_t i) {
                         const PodInfo& was = cluster_->pod(static_cast<PodIndex>(i));
                         return i < now.pods.size() && now.pods[i].metadata.name == was.name &&
                                now.pods[i].metadata.ns == was.ns && was.Pending();
                       });
  if (!(inPlace ? Recompile(*pendingOnly) : Rebuild())) {
    const std::string refused = rebuildError_;
    std::string ignored;
    doc_.Restore(*before, ignored);
    Rebuild();
    SetStatus(std::string(what) + " refused: " + refused, true);
    if (errorOut) *errorOut = refused;
    return false;
  }
  undo_.push_back(Snapshot{std::move(before), what, {}});
  if (undo_.size() > kMaxUndo) undo_.erase(undo_.begin());
  redo_.clear();
  if (source_.find("(edited)") == std::string::npos) source_ += " (edited)";
  timeline_.clear();
  timelineBinds_.clear();
  cursor_ = 0;
  ++revision_;
  SetStatus(std::string(what) + ": done", false);
  return true;
}

// Only these pending pods' constraints changed: recompile them in place and re-run on a
// fresh framework (plugins cache what they saw of the cluster).
bool Lab::Recompile(const std::vector<size_t>& pods) {
  auto start = std::chrono::steady_clock::now();
  for (size_t p : pods) cluster_->UpdatePendingPod(static_cast<PodIndex>(p), doc_.scenario().pods[p]);
  auto built = std::chrono::steady_clock::now();
  std::string error;
  auto framework = plugins::NewFramework(*cluster_, doc_.scenario().profile.value_or(config::Profile{}), error);
  if (!framework) {
    rebuildError_ = "Profile error: " + error;
    return false;
  }
  ++builds_;
  auto ready = std::chrono::steady_clock::now();
  clusterMs_ = std::chrono::duration<double, std::milli>(built - start).count();
  frameworkMs_ = std::chrono::duration<double, std::milli>(ready - built).count();
  framework_ = std::move(framework);
  RunExplainedCycle(trace_.pod);
  lastRebuildMs_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return true;
}

void Lab::SelectPod(PodIndex pod) {
  if (!loaded() || pod == kNone) return;
  wantedPod_ = cluster_->pod(pod).key;
  Rebuild();
}

bool Lab::Undo() { return Travel(undo_, redo_, "undo", "Undid "); }
bool Lab::Redo() { return Travel(redo_, undo_, "redo", "Redid "); }

// Restores the newest snapshot of `from` and files the current state in `to`.
bool Lab::Travel(std::vector<Snapshot>& from, std::vector<Snapshot>& to, const char* verb, const char* done) {
  if (from.empty()) return false;
  std::string error;
  auto current = doc_.Restore(*from.back().doc, error);
  if (!current) {
    SetStatus(std::string("Cannot ") + verb + ": " + error, true);
    return false;
  }
  if (!Rebuild()) {  // a profile the framework refuses: back to where we were
    const std::string refused = rebuildError_;
    doc_.Restore(*current, error);
    SetStatus(std::string("Cannot ") + verb + ": " + refused, true);
    return false;
  }
  to.push_back(Snapshot{std::move(current), from.back().what, from.back().events});
  SetStatus(done + from.back().what, false);
  from.pop_back();
  timeline_.clear();
  timelineBinds_.clear();
  cursor_ = 0;
  ++revision_;
  return true;
}

const std::string& Lab::undoLabel() const { return undo_.empty() ? kEmpty : undo_.back().what; }
const std::string& Lab::redoLabel() const { return redo_.empty() ? kEmpty : redo_.back().what; }

namespace {
// The pods a timeline is about: every pod it placed, for the spread report.
std::vector<PodIndex> PodsOf(const Cluster& cluster, const std::vector<std::pair<std::string, std::string>>& binds) {
  std::vector<PodIndex> out;
  for (const auto& [pod, node] : binds)  // an event's beats have no pod; an evicted pod is gone
    if (PodIndex p = pod.empty() ? kNone : cluster.FindPod(pod); p != kNone) out.push_back(p);
  return out;
}
}  // namespace

bool Lab::ScheduleNext(std::string& error) {
  if (!loaded() || trace_.pod == kNone) {
    error = "no pending pod to schedule";
    return false;
  }
  ContinueTimeline();
  const PodInfo& pod = cluster_->pod(trace_.pod);
  timelineCalls_.push_back({TimelineCall::kNext, pod.key});
  TimelineStep step;
  step.pod = pod.key;
  step.node = trace_.selected == kNone ? "" : cluster_->node(trace_.selected).name;
  step.message = trace_.message;
  size_t item = podItem();
  if (trace_.selected != kNone) {
    // Reserve on the cycle shown (its state is the framework's latest), so that the claims'
    // volumes it takes or provisions hold for the pods that follow.
    const size_t assumedBefore = cluster_->assumedVolumes().size();
    if (Status s = framework_->Reserve(trace_.pod, trace_.selected); !s.IsSuccess()) {
      error = std::string(s.Message());
      return false;
    }
    const std::vector<VolumeAssumption> assumed(
        cluster_->assumedVolumes().begin() + static_cast<std::ptrdiff_t>(assumedBefore),
        cluster_->assumedVolumes().end());
    Push("schedule next");
    if (!doc_.SetPodNodeName(item, step.node, error)) {
      undo_.pop_back();
      return false;
    }
    doc_.AssumeVolumes(assumed);
    step.volumes = assumed;
    timelineBinds_.emplace_back(step.pod, step.node);
  } else {
    // A pod that preempts stays Pending, nominated: its room is held for the pods after it
    // (status.nominatedNodeName, as `schedule` and `simulate` keep it).
    if (trace_.preemption) Nominate(*cluster_, trace_.pod, *trace_.preemption);
    if (const auto nominations = NominationChanges(*cluster_); !nominations.empty()) {
      Push("schedule next");
      doc_.SetNominatedNodeNames(nominations);
    }
    timelineBinds_.emplace_back(step.pod, "");
  }
  wantedPod_.clear();  // the next pending pod
  ++revision_;
  Rebuild();
  step.spread = ReportSpread(*framework_, *cluster_, PodsOf(*cluster_, timelineBinds_));
  timeline_.push_back(std::move(step));
  cursor_ = timeline_.size();
  SetStatus(timeline_.back().message, timeline_.back().node.empty());
  return !timeline_.back().node.empty();
}

int Lab::ScheduleAll(std::string& error) {
  if (!loaded()) return 0;
  ContinueTimeline();
  timelineCalls_.push_back({TimelineCall::kAll, ""});
  // The core's batch (ScheduleAll: its queue order, one cycle per pending pod), with the
  // spread after each placement.
  Cluster cluster(doc_.sharedScenario());
  auto framework = plugins::NewFramework(cluster, doc_.scenario().profile.value_or(config::Profile{}), error);
  if (!framework) return 0;
  std::vector<std::pair<size_t, std::string>> binds;
  std::vector<VolumeAssumption> assumed;
  std::vector<PodIndex> placed = PodsOf(cluster, timelineBinds_);
  int bound = 0;
  const std::vector<Placement> placements = spreadlab::ScheduleAll(cluster, *framework, [&](const Placement& p) {
    TimelineStep step;
    step.pod = cluster.pod(p.pod).key;
    step.node = p.node == kNone ? "" : cluster.node(p.node).name;
    step.message = p.message;
    step.volumes = p.volumes;
    if (p.node != kNone) {
      binds.emplace_back(static_cast<size_t>(p.pod), step.node);
      assumed.insert(assumed.end(), p.volumes.begin(), p.volumes.end());
      ++bound;
    }
    placed.push_back(p.pod);
    timelineBinds_.emplace_back(step.pod, step.node);
    step.spread = ReportSpread(*framework, cluster, placed);
    timeline_.push_back(std::move(step));
  });
  // The nominations of the pods that preempted stay, as `schedule` leaves them.
  const auto nominations = NominationChanges(cluster);
  if (!binds.empty() || !nominations.empty()) {
    Push("schedule all");
    if (!doc_.SetPodNodeNames(binds, error)) {
      undo_.pop_back();
      return 0;
    }
    doc_.AssumeVolumes(assumed);
    doc_.SetNominatedNodeNames(nominations);
  }
  wantedPod_.clear();
  ++revision_;
  Rebuild();
  cursor_ = timeline_.size();
  SetStatus("Scheduled " + std::to_string(bound) + " of " + std::to_string(placements.size()) + " pending pod(s)",
            bound < static_cast<int>(placements.size()));
  return bound;
}

// A new step goes after the one shown: what followed a scrubbed-back point is dropped, and
// an empty timeline starts from the document as it is now.
void Lab::ContinueTimeline(bool recordBase) {
  timeline_.resize(cursor_);
  timelineBinds_.resize(cursor_);
  if (timeline_.empty()) timelineCalls_.clear();
  if (timeline_.empty() && recordBase) timelineBase_ = doc_;
}

void Lab::ScrubTo(size_t step) {
  if (timeline_.empty() || step > timeline_.size()) return;
  // The newest document an event or the controllers left at or before the step (or the
  // timeline's start), then the bindings after it.
  size_t from = step;
  while (from > 0 && !timeline_[from - 1].state) --from;
  controlplane::ScenarioDoc doc = timelineBase_;
  std::string error;
  if (from > 0 && !doc.Restore(*timeline_[from - 1].state, error)) {
    SetStatus("Cannot show step " + std::to_string(step) + ": " + error, true);
    return;
  }
  std::vector<std::pair<size_t, std::string>> binds;
  std::vector<VolumeAssumption> assumed;
  for (size_t i = from; i < step; ++i) {
    assumed.insert(assumed.end(), timeline_[i].volumes.begin(), timeline_[i].volumes.end());
    if (timelineBinds_[i].second.empty()) continue;
    if (const ptrdiff_t p = FindPod(doc.scenario(), timelineBinds_[i].first); p >= 0)
      binds.emplace_back(static_cast<size_t>(p), timelineBinds_[i].second);
  }
  if (!doc.SetPodNodeNames(binds, error)) {
    SetStatus("Cannot show step " + std::to_string(step) + ": " + error, true);
    return;
  }
  doc.AssumeVolumes(assumed);
  doc_ = std::move(doc);
  cursor_ = step;
  if (!timelineCalls_.empty() && timelineCalls_.back().kind == TimelineCall::kScrub) timelineCalls_.pop_back();
  timelineCalls_.push_back({TimelineCall::kScrub, "", step});
  wantedPod_ = step < timelineBinds_.size() ? timelineBinds_[step].first : "";
  ++revision_;
  Rebuild();
}

}  // namespace spreadlab::app
