// The undo history and the timeline kept across a reload (Lab::HistoryJson and
// RestoreHistory): a new lab that loads the saved scenario and restores the history
// undoes, redoes and shows the timeline as the old one did.
#include <gtest/gtest.h>

#include "app/model/lab.h"
#include "testing/read_file.h"

namespace spreadlab::app {
namespace {

constexpr size_t kBudget = 2'000'000;

std::string Example(const std::string& file) {
  return testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/" + file);
}

// The lab after a reload: the saved scenario, then the kept history.
void Reload(const Lab& from, Lab& to) {
  std::string error;
  ASSERT_TRUE(to.Load(from.doc().Dump(), from.source(), error)) << error;
  ASSERT_TRUE(to.RestoreHistory(from.HistoryJson(kBudget)));
}

void ExpectSameTimeline(const Lab& a, const Lab& b) {
  ASSERT_EQ(a.timeline().size(), b.timeline().size());
  for (size_t i = 0; i < a.timeline().size(); ++i) {
    SCOPED_TRACE("step " + std::to_string(i));
    const TimelineStep &x = a.timeline()[i], &y = b.timeline()[i];
    EXPECT_EQ(x.pod, y.pod);
    EXPECT_EQ(x.node, y.node);
    EXPECT_EQ(x.message, y.message);
    EXPECT_EQ(x.actor, y.actor);
    EXPECT_EQ(x.lines, y.lines);
    EXPECT_EQ(x.spread.size(), y.spread.size());
  }
  EXPECT_EQ(a.timelineCursor(), b.timelineCursor());
}

TEST(LabHistoryTest, TheTimelineAndTheUndoHistorySurviveAReload) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(Example("zone-outage.yaml"), "z", error)) << error;
  ASSERT_TRUE(lab.SetConstraintField(0, "maxSkew", "2", &error)) << error;
  ASSERT_TRUE(lab.ScheduleNext(error)) << error;
  EXPECT_GT(lab.ScheduleAll(error), 0) << error;
  ASSERT_TRUE(lab.Simulate("fail topology.kubernetes.io/zone=zone-c", &error)) << error;
  lab.ScrubTo(3);
  lab.ScrubTo(7);
  ASSERT_GT(lab.timeline().size(), 8u);

  Lab after;
  Reload(lab, after);
  EXPECT_EQ(after.doc().Dump(), lab.doc().Dump());
  ExpectSameTimeline(lab, after);
  EXPECT_EQ(after.source(), lab.source());
  EXPECT_EQ(after.pod() == kNone ? "" : after.cluster().pod(after.pod()).key,
            lab.pod() == kNone ? "" : lab.cluster().pod(lab.pod()).key);
  // The timeline goes on as it would have: from the step shown.
  ASSERT_TRUE(lab.Simulate("restore", &error)) << error;
  ASSERT_TRUE(after.Simulate("restore", &error)) << error;
  ExpectSameTimeline(lab, after);
  EXPECT_EQ(after.doc().Dump(), lab.doc().Dump());
  // Every step back, and the events they carry.
  ASSERT_EQ(after.undoDepth(), lab.undoDepth());
  while (lab.CanUndo()) {
    SCOPED_TRACE(lab.undoLabel());
    EXPECT_EQ(after.undoLabel(), lab.undoLabel());
    ASSERT_EQ(after.Events().size(), lab.Events().size());
    for (size_t i = 0; i < lab.Events().size(); ++i) {
      EXPECT_EQ(after.Events()[i]->action, lab.Events()[i]->action);
      EXPECT_EQ(after.Events()[i]->evicted.size(), lab.Events()[i]->evicted.size());
      EXPECT_EQ(after.Events()[i]->placements.size(), lab.Events()[i]->placements.size());
    }
    ASSERT_TRUE(lab.Undo());
    ASSERT_TRUE(after.Undo());
    EXPECT_EQ(after.doc().Dump(), lab.doc().Dump());
  }
  EXPECT_FALSE(after.CanUndo());
}

TEST(LabHistoryTest, RedoStepsAndTheirEventsSurviveAReload) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(Example("zone-outage.yaml"), "z", error)) << error;
  EXPECT_EQ(lab.ScheduleAll(error), 6) << error;
  ASSERT_TRUE(lab.Simulate("fail topology.kubernetes.io/zone=zone-c", &error)) << error;
  ASSERT_TRUE(lab.Simulate("restore", &error)) << error;
  ASSERT_TRUE(lab.Undo());
  ASSERT_TRUE(lab.Undo());
  Lab after;
  Reload(lab, after);
  while (lab.CanRedo()) {
    ASSERT_TRUE(lab.Redo());
    ASSERT_TRUE(after.Redo());
    EXPECT_EQ(after.doc().Dump(), lab.doc().Dump());
    ASSERT_EQ(after.Events().size(), lab.Events().size());
    EXPECT_EQ(after.Events().back()->action, lab.Events().back()->action);
    EXPECT_EQ(after.Events().back()->created.size(), lab.Events().back()->created.size());
  }
  EXPECT_FALSE(after.CanRedo());
}

// Kept within its budget: the newest steps first; nothing for another scenario.
TEST(LabHistoryTest, TheHistoryKeepsWithinItsBudgetAndToItsScenario) {
  Lab lab;
  std::string error;
  ASSERT_TRUE(lab.Load(Example("one-constraint.json"), "o", error)) << error;
  for (int skew = 2; skew <= 9; ++skew)
    ASSERT_TRUE(lab.SetConstraintField(0, "maxSkew", std::to_string(skew), &error)) << error;
  const size_t size = lab.doc().Dump().size();
  const std::string kept = lab.HistoryJson(4 * size);
  EXPECT_LE(kept.size(), 4 * size);
  Lab after;
  ASSERT_TRUE(after.Load(lab.doc().Dump(), "o", error)) << error;
  ASSERT_TRUE(after.RestoreHistory(kept));
  EXPECT_GE(after.undoDepth(), 1u);
  EXPECT_LT(after.undoDepth(), lab.undoDepth());
  ASSERT_TRUE(after.Undo());
  ASSERT_TRUE(lab.Undo());
  EXPECT_EQ(after.doc().Dump(), lab.doc().Dump());  // the newest step was kept
  EXPECT_EQ(lab.HistoryJson(size / 2), "");       // not even one step fits

  Lab other;
  ASSERT_TRUE(other.Load(Example("three-zones.json"), "t", error)) << error;
  EXPECT_FALSE(other.RestoreHistory(lab.HistoryJson(kBudget)));
  EXPECT_FALSE(other.CanUndo());
}

}  // namespace
}  // namespace spreadlab::app
