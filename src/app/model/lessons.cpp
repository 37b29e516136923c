#include "app/model/lessons.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "io/json_parse.h"

namespace spreadlab::app {

namespace {

using ojson = nlohmann::ordered_json;

// Reading a lesson: each getter names the field it failed on.
struct Reader {
  std::string& error;
  bool Fail(const std::string& path, const std::string& what) {
    if (error.empty()) error = path + ": " + what;
    return false;
  }
  bool Str(const ojson& o, const char* key, const std::string& path, std::string& out, bool required) {
    auto it = o.find(key);
    if (it == o.end() || it->is_null()) return !required || Fail(path + "." + key, "required");
    if (!it->is_string()) return Fail(path + "." + key, "must be a string");
    out = it->get<std::string>();
    return true;
  }
  bool Actions(const ojson& o, const char* key, const std::string& path, std::vector<LessonAction>& out) {
    auto it = o.find(key);
    if (it == o.end() || it->is_null()) return true;
    if (!it->is_array()) return Fail(path + "." + key, "must be an array of actions");
    for (size_t i = 0; i < it->size(); ++i) {
      const ojson& a = (*it)[i];
      const std::string p = path + "." + key + "[" + std::to_string(i) + "]";
      LessonAction action;
      if (!a.is_object()) return Fail(p, "must be an object {\"call\": ..., \"args\": [...]}");
      if (!Str(a, "call", p, action.call, true)) return false;
      if (a.contains("args")) {
        if (!a["args"].is_array()) return Fail(p + ".args", "must be an array");
        action.args = a["args"];
      }
      out.push_back(std::move(action));
    }
    return true;
  }
};

const char* const kCalls[] = {"setConstraintField", "setPluginWeight", "scheduleNext", "scheduleAll", "scale",
                              "applySuggestion",    "setKubeVersion",  "simulate"};
const char* const kConditions[] = {"schedules", "node", "pending", "workloadSkew", "maxEdits"};

bool CheckActions(Reader& r, const std::vector<LessonAction>& actions, const std::string& path) {
  for (size_t i = 0; i < actions.size(); ++i)
    if (std::none_of(std::begin(kCalls), std::end(kCalls), [&](const char* c) { return actions[i].call == c; }))
      return r.Fail(path + "[" + std::to_string(i) + "].call",
                    "unknown action \"" + actions[i].call +
                        "\" (setConstraintField, setPluginWeight, scheduleNext, "
                        "scheduleAll, scale, applySuggestion, setKubeVersion, simulate)");
  return true;
}

bool ReadStep(Reader& r, const ojson& s, const std::string& path, LessonStep& step) {
  if (!s.is_object()) return r.Fail(path, "must be an object");
  if (!r.Str(s, "title", path, step.title, true) || !r.Str(s, "text", path, step.text, true) ||
      !r.Str(s, "scenario", path, step.scenario, false) || !r.Str(s, "after", path, step.after, false) ||
      !r.Actions(s, "setup", path, step.setup) || !CheckActions(r, step.setup, path + ".setup"))
    return false;
  if (auto it = s.find("look"); it != s.end()) {
    if (!it->is_array()) return r.Fail(path + ".look", "must be an array of widget ids");
    for (size_t i = 0; i < it->size(); ++i) {
      if (!(*it)[i].is_string()) return r.Fail(path + ".look[" + std::to_string(i) + "]", "must be a string");
      step.look.push_back((*it)[i].get<std::string>());
    }
  }
  if (auto it = s.find("predict"); it != s.end() && !it->is_null()) {
    if (!it->is_object()) return r.Fail(path + ".predict", "must be an object {\"kind\", \"question\"}");
    if (!r.Str(*it, "kind", path + ".predict", step.predict, true) ||
        !r.Str(*it, "question", path + ".predict", step.question, true))
      return false;
    if (step.predict != "node" && step.predict != "schedules")
      return r.Fail(path + ".predict.kind", "must be \"node\" or \"schedules\" (got \"" + step.predict + "\")");
  }
  if (auto it = s.find("task"); it != s.end() && !it->is_null()) {
    const std::string p = path + ".task";
    if (!it->is_object()) return r.Fail(p, "must be an object");
    LessonTask task;
    if (!r.Str(*it, "text", p, task.text, true) || !r.Str(*it, "hint", p, task.hint, false) ||
        !r.Actions(*it, "solution", p, task.solution) || !CheckActions(r, task.solution, p + ".solution"))
      return false;
    if (task.solution.empty()) return r.Fail(p + ".solution", "required: the actions that solve the task");
    auto done = it->find("done");
    if (done == it->end() || !done->is_object() || done->empty())
      return r.Fail(p + ".done", "required: an object of conditions");
    for (const auto& item : done->items()) {
      const std::string& key = item.key();  // a structured binding cannot be captured (clang 14)
      if (std::none_of(std::begin(kConditions), std::end(kConditions), [&](const char* c) { return key == c; }))
        return r.Fail(p + ".done." + key, "unknown condition (schedules, node, pending, workloadSkew, maxEdits)");
    }
    task.done = *done;
    step.task = std::move(task);
  }
  return true;
}

std::string Actual(const Lab& lab) {
  const CycleTrace& t = lab.trace();
  return t.selected == kNone ? "Pending" : lab.cluster().node(t.selected).name;
}

}  // namespace

bool ParseLesson(std::string_view text, Lesson& out, std::string& error) {
  error.clear();
  const ojson j = io::ParseJsonText(text);
  Reader r{error};
  if (j.is_discarded()) return r.Fail("lesson", "not valid JSON");
  if (!j.is_object()) return r.Fail("lesson", "must be an object");
  Lesson l;
  if (!r.Str(j, "id", "lesson", l.id, true) || !r.Str(j, "title", "lesson", l.title, true) ||
      !r.Str(j, "summary", "lesson", l.summary, false))
    return false;
  auto steps = j.find("steps");
  if (steps == j.end() || !steps->is_array() || steps->empty())
    return r.Fail("lesson.steps", "required: a non-empty array");
  for (size_t i = 0; i < steps->size(); ++i) {
    LessonStep step;
    if (!ReadStep(r, (*steps)[i], "steps[" + std::to_string(i) + "]", step)) return false;
    l.steps.push_back(std::move(step));
  }
  if (l.steps.front().scenario.empty()) return r.Fail("steps[0].scenario", "required: the first step opens a scenario");
  out = std::move(l);
  return true;
}

bool RunAction(Lab& lab, const LessonAction& a, std::string& error) {
  const ojson& x = a.args;
  auto arg = [&](size_t i) -> const ojson& {
    static const ojson null;
    return i < x.size() ? x[i] : null;
  };
  auto bad = [&](const char* what) {
    error = a.call + ": " + what;
    return false;
  };
  if (a.call == "setConstraintField") {
    if (!arg(0).is_number_integer() || !arg(1).is_string()) return bad("args are [index, field, value]");
    return lab.SetConstraintField(arg(0).get<int>(), arg(1).get<std::string>(), arg(2).dump(), &error);
  }
  if (a.call == "setPluginWeight") {
    if (!arg(0).is_string() || !arg(1).is_number_integer()) return bad("args are [plugin, weight]");
    return lab.SetPluginWeight(arg(0).get<std::string>(), arg(1).get<int32_t>(), &error);
  }
  if (a.call == "scheduleNext") return lab.ScheduleNext(error) || error.empty();
  if (a.call == "scheduleAll") {
    lab.ScheduleAll(error);
    return error.empty();
  }
  if (a.call == "scale") {
    if (!arg(0).is_string() || !arg(1).is_number_integer()) return bad("args are [workload, replicas]");
    return lab.Scale(arg(0).get<std::string>(), arg(1).get<int64_t>(), &error);
  }
  if (a.call == "applySuggestion") {
    if (!arg(0).is_number_integer() || arg(0).get<int64_t>() < 0) return bad("args are [index]");
    return lab.ApplySuggestion(arg(0).get<size_t>(), &error);
  }
  if (a.call == "setKubeVersion") {
    if (!arg(0).is_string()) return bad("args are [version]");
    return lab.SetKubeVersion(arg(0).get<std::string>(), &error);
  }
  // An event of `spreadlab simulate` (the Events panel's): a lesson tells a story over time,
  // and the learner steps through its beats on the timeline as after any event.
  if (a.call == "simulate") {
    if (!arg(0).is_string()) return bad("args are [step]");
    return lab.Simulate(arg(0).get<std::string>(), &error);
  }
  return bad("unknown action");
}

TaskCheck CheckTask(Lab& lab, const ojson& done, size_t editsSinceStart) {
  TaskCheck c{true, ""};
  auto miss = [&](std::string what) {
    if (c.done) c.missing = std::move(what);
    c.done = false;
  };
  const CycleTrace& t = lab.trace();
  const std::string actual = lab.pod() == kNone ? "" : Actual(lab);
  for (const auto& [key, want] : done.items()) {
    if (key == "schedules") {
      const bool schedules = lab.pod() != kNone && t.selected != kNone;
      if (want.is_boolean() && schedules != want.get<bool>())
        miss(want.get<bool>() ? "the pod still stays Pending" : "the pod still gets a node");
    } else if (key == "node") {
      std::vector<std::string> nodes;
      if (want.is_string()) nodes.push_back(want.get<std::string>());
      for (const auto& n : want.is_array() ? want : ojson::array())
        if (n.is_string()) nodes.push_back(n.get<std::string>());
      if (std::find(nodes.begin(), nodes.end(), actual) == nodes.end()) {
        std::string list;
        for (const auto& n : nodes) list += (list.empty() ? "" : " or ") + n;
        miss("the pod goes to " + (actual.empty() ? std::string("no node") : actual) + ", not " + list);
      }
    } else if (key == "pending") {
      const size_t pending = lab.PendingPods().size();
      if (want.is_number_integer() && pending != want.get<size_t>())
        miss(std::to_string(pending) + " pod(s) pending, not " + std::to_string(want.get<size_t>()));
    } else if (key == "workloadSkew") {
      const std::string workload = want.value("workload", ""), key2 = want.value("topologyKey", "");
      const int64_t atMost = want.value("atMost", int64_t{0});
      std::string e;
      const auto w = lab.doc().FindWorkload(workload, e);
      const SpreadReport* report = nullptr;
      for (const WorkloadRow& row : lab.Workloads())
        if (w && row.workload.key == w->key)
          for (const SpreadReport& s : row.spread)
            if (s.topologyKey == key2) report = &s;
      if (!report)
        miss("no spread of " + workload + " over " + key2);
      else if (report->skew > atMost)
        miss(workload + "'s skew over " + key2 + " is " + std::to_string(report->skew) + ", more than " +
             std::to_string(atMost));
    } else if (key == "maxEdits") {
      if (want.is_number_integer() && editsSinceStart > want.get<size_t>())
        miss("done in " + std::to_string(editsSinceStart) + " edits; the task allows " +
             std::to_string(want.get<size_t>()) + " (undo and try again)");
    }
  }
  return c;
}

bool LessonBook::Add(std::string_view text, std::string& error) {
  Lesson l;
  if (!ParseLesson(text, l, error)) return false;
  List(LessonEntry{l.id, l.title, l.summary, l.steps.size()});
  for (Lesson& existing : lessons_)
    if (existing.id == l.id) return existing = std::move(l), true;
  lessons_.push_back(std::move(l));
  return true;
}

void LessonBook::List(LessonEntry entry) {
  for (LessonEntry& existing : listed_)
    if (existing.id == entry.id) return void(existing = std::move(entry));
  listed_.push_back(std::move(entry));
}

const Lesson* LessonBook::Find(const std::string& id) const {
  for (const Lesson& l : lessons_)
    if (l.id == id) return &l;
  return nullptr;
}

bool LessonBook::Start(Lab& lab, const std::string& id, size_t step, std::string& error) {
  const Lesson* l = Find(id);
  if (!l) {
    std::string ids;
    for (const LessonEntry& x : listed_) {
      if (x.id == id) return error = "lesson \"" + id + "\" is listed but its text is not loaded", false;
      ids += (ids.empty() ? "" : ", ") + x.id;
    }
    error = "no lesson \"" + id + "\"" + (ids.empty() ? " (no lessons are listed yet)" : " (lessons: " + ids + ")");
    return false;
  }
  if (step >= l->steps.size()) {
    error = "lesson \"" + id + "\" has " + std::to_string(l->steps.size()) + " steps";
    return false;
  }
  const int previous = current_;
  current_ = static_cast<int>(l - lessons_.data());
  // A step that keeps the current state needs the scenario of the step before it.
  size_t from = step;
  while (from > 0 && l->steps[from].scenario.empty()) --from;
  for (size_t s = from; s <= step; ++s)
    if (!Enter(lab, s, error)) {
      current_ = previous;
      return false;
    }
  return true;
}

bool LessonBook::Enter(Lab& lab, size_t s, std::string& error) {
  const LessonStep& st = lesson().steps[s];
  if (!st.scenario.empty()) {
    auto it = files_.find(st.scenario);
    if (it == files_.end()) {
      error = "steps[" + std::to_string(s) + "].scenario: " + st.scenario + " is not loaded";
      return false;
    }
    if (!lab.Load(it->second, "lesson: " + lesson().title, error)) {
      error = st.scenario + ": " + error;
      return false;
    }
  }
  for (const LessonAction& a : st.setup)
    if (!RunAction(lab, a, error)) {
      error = "steps[" + std::to_string(s) + "].setup: " + error;
      return false;
    }
  step_ = s;
  undoAtStart_ = lab.undoDepth();
  taskDone_ = false;
  prediction_ = Prediction{};
  // The step before's animation stops here. No spoilers: a prediction is asked before the
  // cycle is shown; a step without one shows its cycle whole.
  lab.playback.playing = false;
  lab.playback.JumpTo(st.predict.empty() ? Phase::Done : Phase::PreFilter);
  return true;
}

bool LessonBook::Next(Lab& lab, std::string& error) {
  if (!active()) return error = "no lesson is open", false;
  Finish();
  if (step_ + 1 >= lesson().steps.size()) {
    Stop();
    return true;
  }
  return Enter(lab, step_ + 1, error);
}

bool LessonBook::Back(Lab& lab, std::string& error) {
  if (!active()) return error = "no lesson is open", false;
  if (step_ == 0) return error = "this is the first step", false;
  return Start(lab, lesson().id, step_ - 1, error);
}

bool LessonBook::Predict(Lab& lab, const std::string& answer, std::string& error) {
  if (!awaitingPrediction()) return error = "this step asks for no prediction, or it was answered", false;
  std::string actual = Actual(lab);
  const std::string& said = answer;
  if (step().predict == "schedules") {
    if (said != "yes" && said != "no") return error = "answer \"yes\" or \"no\"", false;
    actual = lab.trace().selected == kNone ? "no" : "yes";
  } else if (said != "Pending" && lab.cluster().FindNode(said) == kNone) {
    return error = "no node \"" + said + "\" (answer a node's name or \"Pending\")", false;
  }
  prediction_ = Prediction{true, said == actual, said, actual};
  lab.playback.Restart();  // the real cycle answers, phase by phase
  return true;
}

TaskCheck LessonBook::Check(Lab& lab) {
  if (!active() || !step().task) return TaskCheck{true, ""};
  if (taskDone_) return TaskCheck{true, ""};
  const size_t depth = lab.undoDepth();
  TaskCheck c = CheckTask(lab, step().task->done, depth > undoAtStart_ ? depth - undoAtStart_ : 0);
  taskDone_ = c.done;
  return c;
}

bool LessonBook::Solve(Lab& lab, std::string& error) {
  if (!active() || !step().task) return error = "this step has no task", false;
  for (const LessonAction& a : step().task->solution)
    if (!RunAction(lab, a, error)) return false;
  return true;
}

void LessonBook::Finish() {
  size_t& done = progress_[lesson().id];
  done = std::max(done, step_ + 1);
}

std::string LessonBook::ProgressJson() const { return ojson(progress_).dump(); }

void LessonBook::RestoreProgress(std::string_view json) {
  const ojson j = io::ParseJsonText(json);
  if (!j.is_object()) return;
  for (const auto& [id, steps] : j.items())
    if (steps.is_number_unsigned()) progress_[id] = steps.get<size_t>();
}

bool AddLessonsFromDirectory(LessonBook& book, const std::string& examplesDir, std::string& error) {
  auto read = [&](const std::string& path, std::string& text) {
    std::ifstream in(examplesDir + "/" + path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    text = ss.str();
    if (!in) error = examplesDir + "/" + path + ": cannot read it";
    return static_cast<bool>(in);
  };
  std::string text;
  if (!read("lessons/index.json", text)) return false;
  const ojson index = io::ParseJsonText(text);
  if (!index.is_object() || !index.contains("lessons") || !index["lessons"].is_array())
    return error = "lessons/index.json: must be {\"lessons\": [ids]}", false;
  for (const auto& id : index["lessons"]) {
    if (!id.is_string()) return error = "lessons/index.json: lessons must be strings", false;
    const std::string file = "lessons/" + id.get<std::string>() + ".json";
    if (!read(file, text)) return false;
    if (!book.Add(text, error)) return error = file + ": " + error, false;
    const Lesson* lesson = book.Find(id.get<std::string>());
    if (!lesson)
      return error = file + ": id: must be \"" + id.get<std::string>() + "\", the name index.json gives it", false;
    for (const LessonStep& step : lesson->steps) {
      if (step.scenario.empty()) continue;
      std::string scenario;
      if (!read(step.scenario, scenario)) return false;
      book.AddFile(step.scenario, std::move(scenario));
    }
  }
  return true;
}

}  // namespace spreadlab::app
