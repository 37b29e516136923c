#pragma once
// Guided lessons (docs/lessons.md): data files under examples/lessons/, each a sequence
// of steps — a scenario, a few sentences, widgets to look at, a prediction answered by
// the real cycle, a task the lab recognises as done. UI-free: the Lesson panel, the JS
// API (lessons, startLesson, ...) and the tests drive the same LessonBook.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/model/lab.h"

namespace spreadlab::app {

// One call of window.spreadlab's vocabulary: setConstraintField, setPluginWeight,
// scheduleNext, scheduleAll, scale, applySuggestion, setKubeVersion, simulate.
struct LessonAction {
  std::string call;
  nlohmann::ordered_json args = nlohmann::ordered_json::array();
};

struct LessonTask {
  std::string text, hint;
  nlohmann::ordered_json done;  // conditions, all of which must hold (docs/lessons.md)
  std::vector<LessonAction> solution;
};

struct LessonStep {
  std::string title, text;
  std::string scenario;  // a path under examples/; "" keeps the current state
  std::vector<LessonAction> setup;
  std::vector<std::string> look;  // widget ids to highlight
  std::string predict;            // "", "node" or "schedules"
  std::string question, after;
  std::optional<LessonTask> task;
};

struct Lesson {
  std::string id, title, summary;
  std::vector<LessonStep> steps;
};

// A lesson as the Lessons menu and lessons() list it. The page lists every lesson from a
// catalog written at build time and fetches a lesson's text only when it is opened.
struct LessonEntry {
  std::string id, title, summary;
  size_t steps = 0;
};

// Reads a lesson file; false with an error naming the field ("steps[2].task.done.node: ...").
bool ParseLesson(std::string_view text, Lesson& out, std::string& error);

// Runs one action on the lab as the JS API would.
bool RunAction(Lab& lab, const LessonAction& action, std::string& error);

// Whether a task's conditions hold on the lab now; `missing` says what does not, in words.
struct TaskCheck {
  bool done = false;
  std::string missing;
};
TaskCheck CheckTask(Lab& lab, const nlohmann::ordered_json& done, size_t editsSinceStart);

// The lessons the lab knows, the files their steps open, and the learner's way through one.
class LessonBook {
 public:
  // Registers a lesson (its text), listing it if it is not listed yet; false with an error.
  bool Add(std::string_view text, std::string& error);
  // Lists a lesson whose text is not at hand yet (kept in place when its text is added).
  void List(LessonEntry entry);
  void AddFile(const std::string& path, std::string text) { files_[path] = std::move(text); }
  const std::vector<LessonEntry>& listed() const { return listed_; }
  const std::vector<Lesson>& lessons() const { return lessons_; }  // those whose text is at hand
  const Lesson* Find(const std::string& id) const;

  // Starts lesson `id` at `step`: loads its scenario, runs its setup. False with an error
  // (unknown lesson, a file not registered, a scenario that does not load).
  bool Start(Lab& lab, const std::string& id, size_t step, std::string& error);
  void Stop() { current_ = -1; }
  bool active() const { return current_ >= 0; }
  const Lesson& lesson() const { return lessons_[current_]; }
  size_t stepIndex() const { return step_; }
  const LessonStep& step() const { return lesson().steps[step_]; }
  bool Next(Lab& lab, std::string& error);
  bool Back(Lab& lab, std::string& error);

  // The learner's prediction: a node's name or "Pending" (kind node), "yes" or "no"
  // (kind schedules). Answered by the cycle the lab ran; the playback starts.
  struct Prediction {
    bool answered = false, correct = false;
    std::string said, actual;
  };
  bool Predict(Lab& lab, const std::string& answer, std::string& error);
  const Prediction& prediction() const { return prediction_; }
  bool awaitingPrediction() const { return active() && !step().predict.empty() && !prediction_.answered; }
  // The task's state now (done once it held, even if later edits undo it).
  TaskCheck Check(Lab& lab);
  // A task is set and not done yet: the conflict explorer's suggestions would give it away.
  bool taskOpen() const { return active() && step().task && !taskDone_; }
  // Applies the task's solution ("show me").
  bool Solve(Lab& lab, std::string& error);

  // Steps finished per lesson id, kept across reloads by the platform.
  const std::map<std::string, size_t>& progress() const { return progress_; }
  std::string ProgressJson() const;
  void RestoreProgress(std::string_view json);

 private:
  bool Enter(Lab& lab, size_t step, std::string& error);
  void Finish();  // marks the current step finished in progress_

  std::vector<LessonEntry> listed_;
  std::vector<Lesson> lessons_;
  std::map<std::string, std::string> files_;
  std::map<std::string, size_t> progress_;
  int current_ = -1;
  size_t step_ = 0;
  size_t undoAtStart_ = 0;
  bool taskDone_ = false;
  Prediction prediction_;
};

// Registers every lesson examples/lessons/index.json lists, and the files their steps open,
// from a directory (the desktop app, the tests); false with the first error.
bool AddLessonsFromDirectory(LessonBook& book, const std::string& examplesDir, std::string& error);

}  // namespace spreadlab::app
