// The guided lessons (app/model/lessons.h, examples/lessons/): the format's errors name
// the field, the task conditions read the lab, and every lesson is played to its end —
// each prediction answered by the real cycle, each task not done before its solution
// and done after it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "app/model/lessons.h"
#include "testing/read_file.h"

namespace spreadlab::app {
namespace {

const std::string kExamples = SPREADLAB_EXAMPLES_DIR;

TEST(LessonFormatTest, ErrorsNameTheField) {
  struct Case {
    const char* text;
    const char* error;
  };
  const Case cases[] = {
      {"[]", "lesson: must be an object"},
      {R"({"title": "t", "steps": []})", "lesson.id: required"},
      {R"({"id": "x", "title": "t", "steps": []})", "lesson.steps: required: a non-empty array"},
      {R"({"id": "x", "title": "t", "steps": [{"title": "s"}]})", "steps[0].text: required"},
      {R"({"id": "x", "title": "t", "steps": [{"title": "s", "text": "t"}]})",
       "steps[0].scenario: required: the first step opens a scenario"},
      {R"({"id": "x", "title": "t", "steps": [{"title": "s", "text": "t", "scenario": "a.json",
          "predict": {"kind": "zone", "question": "?"}}]})",
       "steps[0].predict.kind: must be \"node\" or \"schedules\" (got \"zone\")"},
      {R"({"id": "x", "title": "t", "steps": [{"title": "s", "text": "t", "scenario": "a.json",
          "task": {"text": "do", "done": {"schedules": true}}}]})",
       "steps[0].task.solution: required: the actions that solve the task"},
      {R"({"id": "x", "title": "t", "steps": [{"title": "s", "text": "t", "scenario": "a.json",
          "task": {"text": "do", "done": {"wins": "a"}, "solution": [{"call": "scheduleAll"}]}}]})",
       "steps[0].task.done.wins: unknown condition (schedules, node, pending, workloadSkew, maxEdits)"},
      {R"({"id": "x", "title": "t", "steps": [{"title": "s", "text": "t", "scenario": "a.json",
          "setup": [{"call": "deleteEverything"}]}]})",
       "steps[0].setup[0].call: unknown action \"deleteEverything\" (setConstraintField, setPluginWeight, "
       "scheduleNext, scheduleAll, scale, applySuggestion, setKubeVersion, simulate)"},
  };
  for (const Case& c : cases) {
    Lesson l;
    std::string error;
    EXPECT_FALSE(ParseLesson(c.text, l, error)) << c.text;
    EXPECT_EQ(error, c.error) << c.text;
  }
}

TEST(LessonTaskTest, ConditionsReadTheLab) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(testing::ReadFile(kExamples + "/one-constraint.json"), "x", error)) << error;
  ASSERT_NE(lab.trace().selected, kNone);
  const std::string where = lab.cluster().node(lab.trace().selected).name;
  using J = nlohmann::ordered_json;
  EXPECT_TRUE(CheckTask(lab, J{{"schedules", true}}, 0).done);
  TaskCheck c = CheckTask(lab, J{{"schedules", false}}, 0);
  EXPECT_FALSE(c.done);
  EXPECT_EQ(c.missing, "the pod still gets a node");
  EXPECT_TRUE(CheckTask(lab, J{{"node", J::array({"nowhere", where})}}, 0).done);
  c = CheckTask(lab, J{{"node", "nowhere"}}, 0);
  EXPECT_EQ(c.missing, "the pod goes to " + where + ", not nowhere");
  c = CheckTask(lab, J{{"schedules", true}, {"maxEdits", 1}}, 2);
  EXPECT_EQ(c.missing, "done in 2 edits; the task allows 1 (undo and try again)");
  EXPECT_TRUE(CheckTask(lab, J{{"pending", lab.PendingPods().size()}}, 0).done);
}

TEST(LessonTaskTest, ActionsUseTheJsApisVocabulary) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(testing::ReadFile(kExamples + "/one-constraint.json"), "x", error)) << error;
  EXPECT_TRUE(RunAction(lab, LessonAction{"setConstraintField", {0, "maxSkew", 3}}, error)) << error;
  EXPECT_EQ(lab.doc().scenario().pods[lab.podItem()].spec.topologySpreadConstraints[0].maxSkew, 3);
  EXPECT_FALSE(RunAction(lab, LessonAction{"setConstraintField", {0, "maxSkew", 0}}, error));
  EXPECT_NE(error.find("must be greater than zero"), std::string::npos) << error;
  EXPECT_FALSE(RunAction(lab, LessonAction{"scale", {"web"}}, error));
  EXPECT_EQ(error, "scale: args are [workload, replicas]");
  EXPECT_EQ(lab.undoDepth(), 1u);
}

// simulate: an event of the Events panel, the pending pods placed first, one undoable edit;
// a step the simulator refuses is refused in its words.
TEST(LessonTaskTest, SimulateAppliesAnEvent) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(testing::ReadFile(kExamples + "/zone-outage-statefulset.yaml"), "x", error)) << error;
  ASSERT_TRUE(RunAction(lab, LessonAction{"simulate", {"fail topology.kubernetes.io/zone=zone-c"}}, error)) << error;
  ASSERT_EQ(lab.Events().size(), 2u);  // the placements ("start"), then the outage
  EXPECT_EQ(lab.Events()[1]->action, "fail topology.kubernetes.io/zone=zone-c");
  ASSERT_NE(lab.pod(), kNone);
  EXPECT_EQ(lab.doc().scenario().pods[lab.podItem()].metadata.name, "db-2");
  EXPECT_EQ(lab.trace().selected, kNone);
  EXPECT_NE(lab.trace().message.find("4 node(s) didn't match PersistentVolume's node affinity"), std::string::npos)
      << lab.trace().message;
  EXPECT_EQ(lab.undoDepth(), 1u);
  EXPECT_FALSE(RunAction(lab, LessonAction{"simulate", {"fail nowhere"}}, error));
  EXPECT_NE(error.find("expected fail LABEL=VALUE"), std::string::npos) << error;
  EXPECT_FALSE(RunAction(lab, LessonAction{"simulate", {}}, error));
  EXPECT_EQ(error, "simulate: args are [step]");
  EXPECT_EQ(lab.undoDepth(), 1u);
}

// Plays every lesson the way a learner who follows it does.
TEST(LessonsTest, EveryLessonPlaysToItsEnd) {
  LessonBook book;
  std::string error;
  ASSERT_TRUE(AddLessonsFromDirectory(book, kExamples, error)) << error;
  ASSERT_GE(book.lessons().size(), 8u);
  for (const Lesson& lesson : book.lessons()) {
    SCOPED_TRACE(lesson.id);
    Lab lab;
    ASSERT_TRUE(book.Start(lab, lesson.id, 0, error)) << error;
    int predictions = 0, tasks = 0;
    for (size_t s = 0; s < lesson.steps.size(); ++s) {
      SCOPED_TRACE("step " + std::to_string(s));
      ASSERT_TRUE(book.active());
      ASSERT_EQ(book.stepIndex(), s);
      const LessonStep& step = lesson.steps[s];
      if (!step.predict.empty()) {
        ASSERT_NE(lab.pod(), kNone) << "a prediction needs a pending pod";
        EXPECT_FALSE(lab.playback.Reached(Phase::Select)) << "the answer shows before the prediction";
        const bool gets = lab.trace().selected != kNone;
        const std::string answer = step.predict == "schedules" ? (gets ? "yes" : "no")
                                   : gets                      ? lab.cluster().node(lab.trace().selected).name
                                                               : "Pending";
        ASSERT_TRUE(book.Predict(lab, answer, error)) << error;
        EXPECT_TRUE(book.prediction().correct);
        ++predictions;
      }
      if (step.task) {
        EXPECT_FALSE(book.Check(lab).done) << "the task is done before the learner does anything";
        ASSERT_TRUE(book.Solve(lab, error)) << error;
        const TaskCheck c = book.Check(lab);
        EXPECT_TRUE(c.done) << c.missing;
        ++tasks;
      }
      ASSERT_TRUE(book.Next(lab, error)) << error;
    }
    EXPECT_FALSE(book.active());
    EXPECT_EQ(book.progress().at(lesson.id), lesson.steps.size());
    EXPECT_GE(predictions, 1);
    EXPECT_GE(tasks + predictions, 2);
  }
}

// Next (or Back) while an answered prediction's cycle still animates: the step entered
// shows its own cycle at rest, waiting for its prediction (nothing of it shown) or whole.
TEST(LessonsTest, AStepEnteredWhileTheCycleAnimatesStartsAtRest) {
  LessonBook book;
  std::string error;
  ASSERT_TRUE(AddLessonsFromDirectory(book, kExamples, error)) << error;
  int checked = 0;
  for (const Lesson& lesson : book.lessons()) {
    for (size_t s = 0; s + 1 < lesson.steps.size(); ++s) {
      if (lesson.steps[s].predict.empty()) continue;
      SCOPED_TRACE(lesson.id + " step " + std::to_string(s));
      Lab lab;
      ASSERT_TRUE(book.Start(lab, lesson.id, s, error)) << error;
      ASSERT_TRUE(book.Predict(lab, "Pending", error) || book.Predict(lab, "no", error)) << error;
      lab.playback.Advance(0.5f);  // half way through PreFilter
      ASSERT_TRUE(lab.playback.playing);
      ASSERT_TRUE(book.Next(lab, error)) << error;
      const bool predicts = !lesson.steps[s + 1].predict.empty();
      EXPECT_FALSE(lab.playback.playing);
      EXPECT_EQ(lab.playback.phase, predicts ? Phase::PreFilter : Phase::Done);
      lab.playback.Advance(10.0f);  // as the frames would
      EXPECT_EQ(lab.playback.Reached(Phase::Select), !predicts) << "no answer before the prediction";
      ++checked;
    }
  }
  EXPECT_GE(checked, 8);
}

TEST(LessonsTest, ProgressRoundTrips) {
  LessonBook a, b;
  std::string error;
  ASSERT_TRUE(AddLessonsFromDirectory(a, kExamples, error)) << error;
  Lab lab;
  const Lesson& first = a.lessons().front();
  ASSERT_TRUE(a.Start(lab, first.id, 0, error)) << error;
  ASSERT_TRUE(a.Next(lab, error)) << error;
  b.RestoreProgress(a.ProgressJson());
  EXPECT_EQ(b.progress().at(first.id), 1u);
  b.RestoreProgress("not json");  // ignored
  EXPECT_EQ(b.progress().size(), 1u);
  EXPECT_FALSE(a.Start(lab, "no-such-lesson", 0, error));
  EXPECT_NE(error.find("no lesson \"no-such-lesson\""), std::string::npos) << error;
}

// The page lists every lesson from its catalog and adds a lesson's text when it is opened.
TEST(LessonsTest, AListedLessonKeepsItsPlaceAndStartsOnceItsTextIsAdded) {
  LessonBook all, book;
  std::string error;
  ASSERT_TRUE(AddLessonsFromDirectory(all, kExamples, error)) << error;
  const std::vector<LessonEntry> catalog = all.listed();
  ASSERT_EQ(catalog.size(), all.lessons().size());
  for (const LessonEntry& e : catalog) book.List(e);
  EXPECT_TRUE(book.lessons().empty());
  Lab lab;
  const Lesson& second = all.lessons()[1];
  EXPECT_FALSE(book.Start(lab, second.id, 0, error));
  EXPECT_EQ(error, "lesson \"" + second.id + "\" is listed but its text is not loaded");
  EXPECT_FALSE(book.Start(lab, "no-such-lesson", 0, error));
  EXPECT_NE(error.find("(lessons: " + catalog[0].id + ", " + catalog[1].id), std::string::npos) << error;

  const std::string text = testing::ReadFile(kExamples + "/lessons/" + second.id + ".json");
  ASSERT_TRUE(book.Add(text, error)) << error;
  EXPECT_FALSE(book.Start(lab, second.id, 0, error)) << "its first step's scenario is not registered yet";
  EXPECT_NE(error.find(second.steps[0].scenario), std::string::npos) << error;
  for (const LessonStep& step : second.steps)
    if (!step.scenario.empty()) book.AddFile(step.scenario, testing::ReadFile(kExamples + "/" + step.scenario));
  ASSERT_TRUE(book.Start(lab, second.id, 0, error)) << error;
  ASSERT_EQ(book.listed().size(), catalog.size()) << "adding the text does not list the lesson twice";
  for (size_t i = 0; i < catalog.size(); ++i) {
    EXPECT_EQ(book.listed()[i].id, catalog[i].id);
    EXPECT_EQ(book.listed()[i].steps, all.lessons()[i].steps.size());
  }
}

TEST(LessonsTest, ALessonWhoseIdIsNotItsFileNameIsRefused) {
  const auto dir = std::filesystem::temp_directory_path() / ("spreadlab-lessons-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "lessons");
  std::ofstream(dir / "lessons" / "index.json") << R"({"lessons": ["a"]})";
  std::ofstream(dir / "lessons" / "a.json")
      << R"({"id": "b", "title": "B", "steps": [{"title": "s", "scenario": "x.yaml", "text": "t"}]})";
  LessonBook book;
  std::string error;
  EXPECT_FALSE(AddLessonsFromDirectory(book, dir.string(), error));
  EXPECT_EQ(error, "lessons/a.json: id: must be \"a\", the name index.json gives it");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace spreadlab::app
