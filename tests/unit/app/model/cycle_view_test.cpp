// What the picture shows per phase (app/model/cycle_view.h): filter plugins revealed one
// by one in the profile's order, a node's verdict once its deciding plugin is revealed,
// later failures dimmed, and the score bars raw -> normalized -> weighted and stacked.
#include <gtest/gtest.h>

#include "app/model/lab.h"
#include "testing/read_file.h"

namespace spreadlab::app {
namespace {

struct Loaded {
  Lab lab;
  explicit Loaded(const std::string& example) {
    std::string error;
    EXPECT_TRUE(lab.Load(testing::ReadFile(std::string(SPREADLAB_EXAMPLES_DIR) + "/" + example), example, error))
        << error;
  }
  NodeIndex Node(const std::string& name) const { return lab.cluster().FindNode(name); }
};

Playback At(Phase p, float t) {
  Playback pb;
  pb.phase = p, pb.t = t;
  return pb;
}

TEST(CycleViewTest, FilterRevealsPluginsInProfileOrderAndStopsAtTheFirstFailure) {
  Loaded x("one-constraint.json");
  const CycleTrace& t = x.lab.trace();
  const size_t k = t.filterPlugins.size();
  ASSERT_GT(k, 2u);
  EXPECT_EQ(CycleView::RevealedFilters(t, At(Phase::PreFilter, 1)), 0u);
  EXPECT_EQ(CycleView::RevealedFilters(t, At(Phase::Filter, 0.5f)), (k + 1) / 2);
  EXPECT_EQ(CycleView::RevealedFilters(t, At(Phase::Score, 0)), k);
  // node1 is rejected by PodTopologySpread: hidden until that plugin is reached.
  const NodeIndex n1 = x.Node("node1");
  ASSERT_FALSE(t.nodes[n1].feasible);
  size_t pts = 0;
  while (t.filterPlugins[pts] != "PodTopologySpread") ++pts;
  const float before = static_cast<float>(pts) / k;  // ceil(before * k) = pts plugins revealed
  EXPECT_FALSE(CycleView::VerdictShown(t, n1, At(Phase::Filter, before)));
  EXPECT_TRUE(CycleView::VerdictShown(t, n1, At(Phase::Filter, static_cast<float>(pts + 1) / k)));
  EXPECT_EQ(CycleView::Mark(t, n1, pts, At(Phase::Filter, 1)), FilterMark::Fail);
  EXPECT_EQ(CycleView::Mark(t, n1, pts, At(Phase::Filter, before)), FilterMark::Hidden);
  EXPECT_EQ(CycleView::Mark(t, n1, 0, At(Phase::Filter, 1)), pts > 0 ? FilterMark::Pass : FilterMark::Fail);
  for (size_t f = pts + 1; f < k; ++f) {
    const FilterMark m = CycleView::Mark(t, n1, f, At(Phase::Done, 1));
    EXPECT_TRUE(m == FilterMark::NotRun || m == FilterMark::WouldAlsoFail) << t.filterPlugins[f];
  }
  // A feasible node's verdict waits for every plugin.
  const NodeIndex n3 = x.Node("node3");
  ASSERT_TRUE(t.nodes[n3].feasible);
  EXPECT_FALSE(CycleView::VerdictShown(t, n3, At(Phase::Filter, 0.99f * (k - 1) / k)));
  EXPECT_TRUE(CycleView::VerdictShown(t, n3, At(Phase::Filter, 1)));
}

TEST(CycleViewTest, ScoreBarsGoRawNormalizedWeighted) {
  Loaded x("spread-outvoted.json");
  const CycleTrace& t = x.lab.trace();
  ASSERT_TRUE(t.scored);
  const CycleView& v = x.lab.cycleView();
  ASSERT_EQ(v.scales().size(), t.scorePlugins.size());
  const NodeIndex winner = t.selected;
  ASSERT_NE(winner, kNone);
  std::vector<ScoreBar> bars;
  v.Bars(t, winner, At(Phase::Filter, 1), bars);
  EXPECT_TRUE(bars.empty());
  EXPECT_EQ(CycleView::Stage(t, At(Phase::PreScore, 1)), BarStage::None);

  const NodeTrace& nt = t.nodes[winner];
  v.Bars(t, winner, At(Phase::Score, 1), bars);
  ASSERT_EQ(bars.size(), nt.scoreCount);
  for (size_t i = 0; i < bars.size(); ++i) {
    const ScoreEntry& e = t.scores[nt.scoreBegin + i];
    EXPECT_EQ(bars[i].label, e.raw);
    EXPECT_EQ(bars[i].entry, nt.scoreBegin + i);
    const ScoreScale& s = v.scales()[e.plugin];
    EXPECT_LE(s.rawMin, e.raw);
    EXPECT_GE(s.rawMax, e.raw);
  }
  v.Bars(t, winner, At(Phase::NormalizeScore, 1), bars);
  for (size_t i = 0; i < bars.size(); ++i) {
    const ScoreEntry& e = t.scores[nt.scoreBegin + i];
    EXPECT_EQ(bars[i].label, e.normalized);
    EXPECT_FLOAT_EQ(bars[i].height, static_cast<float>(e.normalized) / 100.0f);
  }
  v.Bars(t, winner, At(Phase::WeightedSum, 1), bars);
  float right = 0;
  int64_t sum = 0;
  for (size_t i = 0; i < bars.size(); ++i) {
    EXPECT_FLOAT_EQ(bars[i].left, right);
    right += bars[i].width;
    sum += bars[i].label;
  }
  EXPECT_EQ(sum, nt.total);
  EXPECT_EQ(v.maxTotal(), nt.total);  // the winner has the widest stack
  EXPECT_NEAR(right, 1.0f, 1e-5f);
  // TaintToleration-like reversal is read from the data: fewer raw points, more normalized.
  for (const ScoreScale& s : v.scales()) {
    if (s.plugin == "PodTopologySpread" && s.rawMax > s.rawMin) {
      EXPECT_TRUE(s.reversed);
    }
  }
  // Why the winner won, in words: the plugins that made the difference against the runner-up.
  EXPECT_EQ(v.SelectCaption(x.lab.cluster(), t),
            "node-a1 wins with 600. Next: node-b1 with 595. For node-a1: NodeResourcesFit +74 (94 vs 20, x1). "
            "Against it: PodTopologySpread -68 (66 vs 100, x2), NodeResourcesBalancedAllocation -1 (74 vs 75, x1).");
}

// A rejected card's text: the first failing spread check, after the constraint it belongs
// to when the pod has two (issue 28: "skew 1 + 1 − 0 = 2 > 1" did not say which).
TEST(CycleViewTest, RejectionTextNamesTheConstraintWhenThePodHasSeveral) {
  const struct {
    const char* example;
    const char* node;
    std::string text;
  } rows[] = {
      {"two-constraints.yaml", "node1", "#1 zone=zoneA\nskew 2 + 1 \xE2\x88\x92 1 = 2 > 1"},
      {"two-constraints.yaml", "node3", "#2 node=node3\nskew 1 + 1 \xE2\x88\x92 0 = 2 > 1"},
      {"one-constraint.json", "node1", "skew 2 + 1 \xE2\x88\x92 1 = 2 > 1"},
      {"preemption.yaml", "node-a1", "Insufficient cpu"},
  };
  for (const auto& row : rows) {
    SCOPED_TRACE(std::string(row.example) + " " + row.node);
    Loaded x(row.example);
    const CycleTrace& t = x.lab.trace();
    const FilterVerdict* v = t.Reported(t.nodes[x.Node(row.node)]);
    ASSERT_TRUE(v);
    EXPECT_EQ(CycleView::RejectionText(x.lab.cluster(), t, *v), row.text);
  }
}

// DefaultPreemption's nominated node and victims appear with the answer (Select host).
TEST(CycleViewTest, PreemptionIsShownWithTheAnswer) {
  Loaded x("preemption.yaml");
  const CycleTrace& t = x.lab.trace();
  EXPECT_EQ(CycleView::Preemption(t, At(Phase::Filter, 1)).nominated, kNone);
  const PreemptionMarks m = CycleView::Preemption(t, At(Phase::Select, 0));
  EXPECT_EQ(m.nominated, x.Node("node-b1"));
  ASSERT_EQ(m.victims.size(), 1u);
  EXPECT_EQ(x.lab.cluster().pod(m.victims[0]).key, "default/batch-b");
  EXPECT_EQ(x.lab.cycleView().SelectCaption(x.lab.cluster(), t),
            "No feasible node: the pod stays Pending. DefaultPreemption nominates node-b1 and deletes the "
            "lower-priority default/batch-b there; a later cycle binds the pod to it.");
  // No victims to find: nothing is marked.
  Loaded conflict("conflict.yaml");
  EXPECT_EQ(CycleView::Preemption(conflict.lab.trace(), At(Phase::Done, 1)).nominated, kNone);
}

}  // namespace
}  // namespace spreadlab::app
