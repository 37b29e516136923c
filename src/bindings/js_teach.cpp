// The JS API's teaching calls (docs/js-api.md): what the picture shows at the current
// phase, compare, and the guided lessons. Plain exported functions over the app's Lab and
// LessonBook, wrapped into `window.spreadlab` by web/spreadlab-page.js.
#include <emscripten.h>

#include <algorithm>
#include <string>

#include "app/app.h"
#include "bindings/json_out.h"
#include "contracts/compare_json.h"

namespace {

using spreadlab::kNone;
using spreadlab::NodeIndex;
using spreadlab::app::CycleView;
using spreadlab::app::Lab;
using spreadlab::app::LessonBook;
using spreadlab::app::LessonEntry;
using spreadlab::app::TheLab;
using spreadlab::app::TheLessons;
using spreadlab::bindings::json;
using spreadlab::bindings::Out;
using spreadlab::bindings::Result;

json NodePicture(const Lab& lab, NodeIndex n, std::vector<spreadlab::app::ScoreBar>& bars) {
  const spreadlab::CycleTrace& t = lab.trace();
  const auto& pb = lab.playback;
  const spreadlab::NodeTrace& nt = t.nodes[n];
  const char* verdict = "hidden";
  if (CycleView::VerdictShown(t, n, pb))
    verdict = !nt.evaluated ? "not evaluated" : nt.feasible ? "feasible" : "rejected";
  json filters = json::array();
  for (size_t f = 0; f < t.filterPlugins.size(); ++f) filters.push_back(FilterMarkName(CycleView::Mark(t, n, f, pb)));
  lab.cycleView().Bars(t, n, pb, bars);
  json shown = json::array();
  for (const auto& b : bars)
    shown.push_back(json{{"plugin", t.scorePlugins[b.plugin]},
                         {"value", b.label},
                         {"height", b.height},
                         {"left", b.left},
                         {"width", b.width}});
  const bool weighted = CycleView::Stage(t, pb) == spreadlab::app::BarStage::Weighted && !bars.empty();
  // Added with preemption on the picture: the text under a rejected node's verdict, and
  // the nominated node with the victims among its pods.
  const spreadlab::FilterVerdict* rejected =
      CycleView::VerdictShown(t, n, pb) && nt.evaluated && !nt.feasible ? t.Reported(nt) : nullptr;
  const spreadlab::app::PreemptionMarks preemption = CycleView::Preemption(t, pb);
  json victims = json::array();
  for (spreadlab::PodIndex v : preemption.victims)
    if (lab.cluster().pod(v).node == n) victims.push_back(lab.cluster().pod(v).name);
  return json{{"node", lab.cluster().node(n).name},
              {"verdict", verdict},
              {"filters", std::move(filters)},
              {"bars", std::move(shown)},
              {"total", weighted ? json(nt.total) : json(nullptr)},
              {"chosen", t.selected == n && pb.Reached(spreadlab::app::Phase::Select)},
              {"reason", rejected ? json(CycleView::RejectionText(lab.cluster(), t, *rejected)) : json(nullptr)},
              {"nominated", preemption.nominated == n},
              {"victims", std::move(victims)}};
}

json LessonState(Lab& lab, LessonBook& book) {
  if (!book.active()) return nullptr;
  const auto& step = book.step();
  json j{{"id", book.lesson().id},   {"title", book.lesson().title},
         {"step", book.stepIndex()}, {"steps", book.lesson().steps.size()},
         {"stepTitle", step.title},  {"text", step.text},
         {"look", step.look}};
  if (!step.predict.empty()) {
    const auto& p = book.prediction();
    j["predict"] = json{{"kind", step.predict},
                        {"question", step.question},
                        {"answered", p.answered},
                        {"said", p.answered ? json(p.said) : json(nullptr)},
                        {"actual", p.answered ? json(p.actual) : json(nullptr)},
                        {"correct", p.answered ? json(p.correct) : json(nullptr)}};
  } else {
    j["predict"] = nullptr;
  }
  if (step.task) {
    const auto c = book.Check(lab);
    j["task"] = json{{"text", step.task->text},
                     {"hint", step.task->hint},
                     {"done", c.done},
                     {"missing", c.done ? json(nullptr) : json(c.missing)}};
  } else {
    j["task"] = nullptr;
  }
  return j;
}

}  // namespace

extern "C" {

// picture(): what the cluster picture shows at the current phase of the animation.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_picture() {
  Lab& lab = TheLab();
  const auto& t = lab.trace();
  const auto& view = lab.cycleView();
  json scales = json::array();
  for (const auto& s : view.scales())
    scales.push_back(json{{"plugin", s.plugin},
                          {"weight", s.weight},
                          {"rawMin", s.rawMin},
                          {"rawMax", s.rawMax},
                          {"normalizedAtMin", s.normalizedAtMin},
                          {"normalizedAtMax", s.normalizedAtMax},
                          {"reversed", s.reversed}});
  json nodes = json::array();
  std::vector<spreadlab::app::ScoreBar> bars;
  if (lab.loaded() && t.pod != kNone)
    for (size_t n = 0; n < t.nodes.size(); ++n) nodes.push_back(NodePicture(lab, static_cast<NodeIndex>(n), bars));
  return Out(json{{"phase", PhaseName(lab.playback.phase)},
                  {"stage", BarStageName(CycleView::Stage(t, lab.playback))},
                  {"caption", !lab.loaded() || t.pod == kNone ? "" : view.Caption(lab.cluster(), t, lab.playback)},
                  {"filterPlugins", t.filterPlugins},
                  {"scorePlugins", std::move(scales)},
                  {"nodes", std::move(nodes)}});
}

// compare(otherText): `spreadlab compare CURRENT OTHER --pod POD --format json` for the explained pod.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_compare(const char* other) {
  spreadlab::why::Comparison c;
  std::string error;
  if (!TheLab().Compare(other, c, error)) return Out(Result(false, error));
  return Out(spreadlab::contracts::CompareToJson(c));
}

// Lessons: the page registers them (and the files their steps open) as it fetches them.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_add_lesson(const char* text) {
  std::string error;
  const bool ok = TheLessons().Add(text, error);
  return Out(Result(ok, error));
}
EMSCRIPTEN_KEEPALIVE void spreadlab_add_file(const char* path, const char* text) { TheLessons().AddFile(path, text); }
EMSCRIPTEN_KEEPALIVE void spreadlab_restore_lesson_progress(const char* text) { TheLessons().RestoreProgress(text); }

// The page lists every lesson from examples/lessons/catalog.json; its text comes when opened.
EMSCRIPTEN_KEEPALIVE void spreadlab_list_lesson(const char* id, const char* title, const char* summary, int steps) {
  TheLessons().List(LessonEntry{id, title, summary, static_cast<size_t>(std::max(steps, 0))});
}

// lessons(): [{id, title, summary, steps, finished}], every listed lesson.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_lessons() {
  json list = json::array();
  const auto& progress = TheLessons().progress();
  for (const auto& l : TheLessons().listed()) {
    auto it = progress.find(l.id);
    list.push_back(json{{"id", l.id},
                        {"title", l.title},
                        {"summary", l.summary},
                        {"steps", l.steps},
                        {"finished", it == progress.end() ? 0 : it->second}});
  }
  return Out(list);
}

// startLesson(id, step?): {ok, error}.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_start_lesson(const char* id, int step) {
  std::string error;
  const bool ok = step >= 0 && TheLessons().Start(TheLab(), id, static_cast<size_t>(step), error);
  if (step < 0) error = "step must be 0 or more";
  if (!ok) TheLab().SetStatus("Lesson: " + error, true);
  return Out(Result(ok, error));
}

// lesson(): the open lesson's step, its prediction and its task, or null.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_lesson() { return Out(LessonState(TheLab(), TheLessons())); }

// lessonPredict(answer), lessonNext(), lessonBack(), lessonSolve(), stopLesson(): {ok, error}.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_lesson_predict(const char* answer) {
  std::string error;
  const bool ok = TheLessons().Predict(TheLab(), answer, error);
  return Out(Result(ok, error));
}
EMSCRIPTEN_KEEPALIVE const char* spreadlab_lesson_next() {
  std::string error;
  const bool ok = TheLessons().Next(TheLab(), error);
  return Out(Result(ok, error));
}
EMSCRIPTEN_KEEPALIVE const char* spreadlab_lesson_back() {
  std::string error;
  const bool ok = TheLessons().Back(TheLab(), error);
  return Out(Result(ok, error));
}
EMSCRIPTEN_KEEPALIVE const char* spreadlab_lesson_solve() {
  std::string error;
  const bool ok = TheLessons().Solve(TheLab(), error);
  return Out(Result(ok, error));
}
EMSCRIPTEN_KEEPALIVE const char* spreadlab_stop_lesson() {
  TheLessons().Stop();
  return Out(Result(true, ""));
}

}  // extern "C"
