// The JS API's C side: plain exported functions over the app's Lab (no UI code),
// wrapped into `window.spreadlab` by web/spreadlab-page.js and documented in
// docs/js-api.md. Every function returns JSON text, valid until the next call.
#include <emscripten.h>

#include <string>

#include "app/app.h"
#include "bindings/json_out.h"
#include "contracts/simulate_json.h"
#include "contracts/why_json.h"

namespace {

using spreadlab::app::Lab;
using spreadlab::app::TheLab;
using spreadlab::bindings::json;
using spreadlab::bindings::Out;
using spreadlab::bindings::Result;

// timeline(): {cursor, steps: [{pod, node, message, actor, lines, skew}]}: the placements of
// scheduleNext / scheduleAll and each event's beats (actor "event", "scheduler",
// "controllers"; "" for a scheduleNext / scheduleAll cycle); skew: of the step's first
// spread constraint, null without one.
json TimelineJson(const Lab& lab) {
  json steps = json::array();
  for (const spreadlab::app::TimelineStep& s : lab.timeline())
    steps.push_back({{"pod", s.pod.empty() ? json(nullptr) : json(s.pod)},
                     {"node", s.node.empty() ? json(nullptr) : json(s.node)},
                     {"message", s.message},
                     {"actor", s.actor},
                     {"lines", s.lines},
                     {"skew", s.spread.empty() ? json(nullptr) : json(s.spread.front().skew)}});
  return {{"cursor", lab.timelineCursor()}, {"steps", std::move(steps)}};
}

}  // namespace

extern "C" {

// load(jsonText): {ok, error}. A bad scenario leaves the current one in place.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_load(const char* text, const char* source) {
  std::string error;
  bool ok = TheLab().Load(text, source && *source ? source : "loaded scenario", error);
  return Out(Result(ok, error));
}

// apply(text, source): kubectl apply -f onto the current scenario, one undoable edit:
// {ok, error, applied: ["deployment.apps/web created", ...]}. Nothing changes on bad input.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_apply(const char* text, const char* source) {
  std::string error;
  std::vector<std::string> applied;
  const bool ok = TheLab().ApplyManifests(text, source && *source ? source : "applied manifests", error, &applied);
  json out = Result(ok, error);
  out["applied"] = applied;
  return Out(out);
}

// trace(): what `spreadlab explain FILE --format json` prints for the current cycle.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_trace() {
  static std::string buffer;
  buffer = TheLab().TraceJson();
  return buffer.c_str();
}

// setConstraintField(index, field, valueJson) on the explained pod: {ok, error}.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_set_constraint_field(int index, const char* field, const char* valueJson) {
  std::string error;
  const bool ok = TheLab().SetConstraintField(index, field, valueJson, &error);
  return Out(Result(ok, error));
}

// scheduleNext(): binds the explained pod where the cycle put it.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_schedule_next() {
  Lab& lab = TheLab();
  std::string error;
  bool ok = lab.ScheduleNext(error);
  json j = Result(ok, error.empty() ? lab.status() : error);
  if (!lab.timeline().empty() && error.empty()) {
    const auto& s = lab.timeline().back();
    j["pod"] = s.pod;
    j["node"] = s.node.empty() ? json(nullptr) : json(s.node);
    j["message"] = s.message;
  }
  return Out(j);
}

// why(): what `spreadlab why FILE --format json` prints for the explained pod
// (docs/why-contract.md), or null when it schedules.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_why() {
  Lab& lab = TheLab();
  const spreadlab::why::Report* report = lab.Why();
  static std::string buffer;
  buffer =
      report
          ? spreadlab::contracts::WhyToJson(lab.cluster(), *report).dump(-1, ' ', false, json::error_handler_t::replace)
          : "null";
  return buffer.c_str();
}

// applySuggestion(index): applies suggestion `index` of why() as one undoable edit.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_apply_suggestion(int index) {
  std::string error;
  bool ok = index >= 0 && TheLab().ApplySuggestion(static_cast<size_t>(index), &error);
  if (index < 0) error = "index must be 0 or more";
  return Out(Result(ok, error));
}

// scale(workload, replicas): kubectl scale as one undoable edit ("[Kind/]namespace/name"):
// {ok, error, deleted: [{pod, node, workload, reason}]}; the status says what changed.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_scale(const char* workload, double replicas) {
  Lab& lab = TheLab();
  std::string error;
  const bool whole =
      replicas >= 0 && replicas <= 1e9 && replicas == static_cast<double>(static_cast<int64_t>(replicas));
  const bool ok = whole && lab.Scale(workload, static_cast<int64_t>(replicas), &error);
  if (!whole) error = "replicas must be a whole number from 0";
  json j = Result(ok, error);
  json deleted = json::array();
  if (ok)
    for (const auto& d : lab.doc().deletedPods())
      deleted.push_back(json{{"pod", d.ns + "/" + d.name},
                             {"node", d.nodeName.empty() ? json(nullptr) : json(d.nodeName)},
                             {"workload", d.workload},
                             {"reason", d.reason}});
  j["deleted"] = std::move(deleted);
  return Out(j);
}

// simulate(step): one event of `spreadlab simulate` ("drain node-a1", "fail
// topology.kubernetes.io/zone=zone-c", "rollout default/web", ...) as one undoable edit:
// {ok, error, steps: [the step's report], pods: [...]}, the CLI's JSON for that one step.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_simulate(const char* step) {
  Lab& lab = TheLab();
  std::string error;
  const bool ok = lab.loaded() && lab.Simulate(step, &error);
  if (!lab.loaded()) error = "no scenario loaded";
  json j = Result(ok, error);
  if (ok) {
    json sim = spreadlab::contracts::SimulationToJson({*lab.Events().back()}, lab.doc().scenario());
    j["steps"] = std::move(sim["steps"]);
    j["pods"] = std::move(sim["pods"]);
  }
  return Out(j);
}

// events(): the Events panel's reports, oldest first ("start" when an event placed the
// pending pods first): {steps, pods}, as `spreadlab simulate --format json` writes the same steps.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_events() {
  Lab& lab = TheLab();
  std::vector<spreadlab::simulator::StepReport> reports;
  for (const spreadlab::simulator::StepReport* e : lab.Events()) reports.push_back(*e);
  return Out(spreadlab::contracts::SimulationToJson(reports, lab.doc().scenario()));
}

// setKubeVersion(version): answer as that kube-scheduler release ("1.30" to "1.37",
// "master"; "" the newest), one undoable edit: {ok, error, kubeVersion}.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_set_kube_version(const char* version) {
  Lab& lab = TheLab();
  std::string error;
  const bool ok = lab.loaded() && lab.SetKubeVersion(version, &error);
  if (!lab.loaded()) error = "no scenario loaded";
  json j = Result(ok, error);
  if (lab.loaded()) j["kubeVersion"] = spreadlab::KubeVersionName(lab.cluster().release().minor);
  return Out(j);
}

// workloads(): the Workloads panel's rows: [{workload, kind, namespace, name, replicas,
// pods, pending, spread: [{topologyKey, whenUnsatisfiable, maxSkew, skew, domains: {value: count}}]}].
EMSCRIPTEN_KEEPALIVE const char* spreadlab_workloads() {
  json rows = json::array();
  if (TheLab().loaded())
    for (const auto& r : TheLab().Workloads()) {
      json spread = json::array();
      for (const auto& s : r.spread) {
        json domains = json::object();
        for (const auto& d : s.domains) domains[d.value] = d.matchNum;
        spread.push_back(json{{"topologyKey", s.topologyKey},
                              {"whenUnsatisfiable", s.whenUnsatisfiable},
                              {"maxSkew", s.maxSkew},
                              {"skew", s.skew},
                              {"domains", std::move(domains)}});
      }
      rows.push_back(json{{"workload", r.workload.key},
                          {"kind", r.workload.kind},
                          {"namespace", r.workload.ns},
                          {"name", r.workload.name},
                          {"replicas", r.workload.replicas},
                          {"pods", r.pods},
                          {"pending", r.pending},
                          {"spread", std::move(spread)}});
    }
  return Out(rows);
}

EMSCRIPTEN_KEEPALIVE const char* spreadlab_schedule_all() {
  std::string error;
  int bound = TheLab().ScheduleAll(error);
  json j = Result(error.empty(), error);
  j["bound"] = bound;
  return Out(j);
}

EMSCRIPTEN_KEEPALIVE const char* spreadlab_timeline() { return Out(TimelineJson(TheLab())); }

// scrubTo(n): the cluster after the first n steps of the timeline, as its slider shows it.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_scrub_to(int step) {
  Lab& lab = TheLab();
  const bool ok = step >= 0 && static_cast<size_t>(step) <= lab.timeline().size() && !lab.timeline().empty();
  if (ok) lab.ScrubTo(static_cast<size_t>(step));
  json j = Result(
      ok, ok ? "" : "no step " + std::to_string(step) + " in a timeline of " + std::to_string(lab.timeline().size()));
  j["cursor"] = lab.timelineCursor();
  return Out(j);
}

// step(): one phase of the cycle's animation forward; play(): from the start.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_step() {
  auto& pb = TheLab().playback;
  pb.Step();
  return Out(json{{"phase", spreadlab::app::PhaseName(pb.phase)}});
}
EMSCRIPTEN_KEEPALIVE const char* spreadlab_play() {
  TheLab().playback.Restart();
  return Out(json{{"phase", spreadlab::app::PhaseName(TheLab().playback.phase)}});
}

EMSCRIPTEN_KEEPALIVE const char* spreadlab_scenario() {
  static std::string buffer;
  buffer = TheLab().loaded() ? TheLab().doc().Dump(2) : "null";
  return buffer.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* spreadlab_undo() { return Out(json{{"ok", TheLab().Undo()}}); }
EMSCRIPTEN_KEEPALIVE const char* spreadlab_redo() { return Out(json{{"ok", TheLab().Redo()}}); }

// status(): the status line as shown, and facts for embedding pages and tests.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_status() {
  Lab& lab = TheLab();
  json j{{"text", lab.status()},
         {"error", lab.statusIsError()},
         {"source", lab.source()},
         {"revision", lab.revision()},
         {"rebuildMs", lab.lastRebuildMs()},
         {"clusterMs", lab.clusterMs()},
         {"frameworkMs", lab.frameworkMs()},
         {"cycleMs", lab.cycleMs()},
         {"phase", spreadlab::app::PhaseName(lab.playback.phase)},
         {"keyboardFocus", spreadlab::app::LastFrame().keyboardFocus},
         {"theme", spreadlab::app::LastFrame().dark ? "dark" : "light"}};
  if (lab.loaded()) {
    j["nodes"] = lab.cluster().nodes().size();
    j["pods"] = lab.cluster().pods().size();
    j["pendingPod"] = lab.pod() == spreadlab::kNone ? json(nullptr) : json(lab.cluster().pod(lab.pod()).key);
    j["kubeVersion"] = spreadlab::KubeVersionName(lab.cluster().release().minor);
  }
  return Out(j);
}

// widgetRects(): where named widgets were drawn in the last frame (CSS pixels).
EMSCRIPTEN_KEEPALIVE const char* spreadlab_widget_rects() {
  json j = json::object();
  for (const auto& [id, r] : spreadlab::app::WidgetRects())
    j[id] = json{{"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}};
  return Out(j);
}

// The editors an embedding page asked for (?embed=1&controls=a,b): the names, comma-separated.
EMSCRIPTEN_KEEPALIVE void spreadlab_set_embed_controls(const char* csv) {
  auto& controls = spreadlab::app::EmbedControls();
  controls.clear();
  std::string name;
  for (const char* p = csv;; ++p) {
    if (*p == ',' || *p == '\0') {
      if (!name.empty()) controls.push_back(name);
      name.clear();
      if (*p == '\0') break;
    } else if (*p != ' ') {
      name += *p;
    }
  }
}

// Registers an example for the gallery (title and description from its annotations).
EMSCRIPTEN_KEEPALIVE void spreadlab_add_example(const char* file, const char* text, const char* title,
                                                const char* description) {
  TheLab().AddExample(spreadlab::app::Example{file, title, description, text});
}

}  // extern "C"
