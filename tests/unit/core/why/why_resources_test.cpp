// The conflict explorer on NodeResourcesFit's failures (Insufficient cpu, Too many pods):
// room made on a rejected node by shrinking or deleting its smallest pod that frees
// enough, a copy of a node whose allocatable holds the pod, and DefaultPreemption's
// nominated node and victims in the report. Each suggestion is proven by the search's
// re-run; here the ranked summaries are checked against what was worked out by hand.
#include <gtest/gtest.h>

#include "core/plugins/registry.h"
#include "core/validation.h"
#include "core/why/analysis.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using testing::MakeNode;
using testing::MakePod;
using testing::MakeTaint;
using why::EditKind;

v1::Node Node(const std::string& name, const std::string& zone, const std::string& cpu, const std::string& pods = "110") {
  return MakeNode().Name(name).Label(kLabelHostname, name).Label(kLabelTopologyZone, zone)
      .Capacity({{"cpu", cpu}, {"memory", "16Gi"}, {"pods", pods}}).Obj();
}
v1::Pod Bound(const std::string& name, const std::string& node, const std::string& cpu) {
  return MakePod().Name(name).Node(node).Req({{"cpu", cpu}, {"memory", "1Gi"}}).Obj();
}
v1::Pod Pending(const std::string& cpu, int32_t priority = 0) {
  v1::Pod p = MakePod().Name("pending").Req({{"cpu", cpu}, {"memory", "1Gi"}}).Obj();
  p.spec.priority = priority;
  return p;
}

struct Case {
  const char* name;
  Scenario scenario;
  std::string target;
  std::vector<std::string> suggestions;  // summaries, ranked
  std::string nominated;                 // DefaultPreemption's node ("" for none)
  std::vector<std::string> victims;
};

std::vector<Case> Cases() {
  std::vector<Case> cases;
  {
    // examples/preemption.yaml: two 4-cpu nodes each with a 3-cpu batch pod; a 2-cpu pod.
    Scenario s;
    s.nodes = {Node("node-a1", "zone-a", "4"), Node("node-b1", "zone-b", "4")};
    s.pods = {Bound("batch-a", "node-a1", "3"), Bound("batch-b", "node-b1", "3"), Pending("2", 1000)};
    s.pods[1].startTime = 100;  // started last: the victim preemption prefers
    s.pods[0].startTime = 50;
    cases.push_back({"two full nodes, a higher priority pod",
                     s,
                     "",
                     {"add node node-a1-new (a copy of node-a1, no pods)",
                      "add node node-b1-new (a copy of node-b1, no pods)",
                      "shrink the requests of pod default/batch-a (on node-a1): cpu 3 -> 2",
                      "shrink the requests of pod default/batch-b (on node-b1): cpu 3 -> 2",
                      "delete pod default/batch-a (on node-a1)", "delete pod default/batch-b (on node-b1)"},
                     "node-b1",
                     {"default/batch-b"}});
  }
  {
    // Too many pods: any pod frees a slot (the smallest is deleted); shrinking frees none.
    // Both nodes copy to the same shape (hostname aside): one addNode.
    Scenario s;
    s.nodes = {Node("n1", "z", "4", "1"), Node("n2", "z", "4", "1")};
    s.pods = {Bound("small", "n1", "100m"), Bound("big", "n2", "2"), Pending("100m")};
    cases.push_back({"too many pods",
                     s,
                     "",
                     {"add node n1-new (a copy of n1, no pods)", "delete pod default/small (on n1)",
                      "delete pod default/big (on n2)"},
                     "",
                     {}});
  }
  {
    // 8 cpu exceed small's whole allocatable: nothing freed there, and its copy would not hold the pod.
    Scenario s;
    s.nodes = {Node("small", "z", "4"), Node("big", "z", "16")};
    s.pods = {Bound("hog", "big", "12"), Pending("8")};
    cases.push_back({"a request beyond a node's allocatable",
                     s,
                     "",
                     {"add node big-new (a copy of big, no pods)",
                      "shrink the requests of pod default/hog (on big): cpu 12 -> 8", "delete pod default/hog (on big)"},
                     "",
                     {}});
  }
  {
    // 1.5 cpu short: 1 and 500m are too small, 2 frees enough (and keeps 500m shrunk).
    Scenario s;
    s.nodes = {Node("n1", "z", "4")};
    s.pods = {Bound("one", "n1", "1"), Bound("two", "n1", "2"), Bound("half", "n1", "500m"), Pending("2")};
    cases.push_back({"the smallest pod that frees enough",
                     s,
                     "",
                     {"add node n1-new (a copy of n1, no pods)",
                      "shrink the requests of pod default/two (on n1): cpu 2 -> 500m", "delete pod default/two (on n1)"},
                     "",
                     {}});
  }
  {
    // A tainted node's copy keeps the taint: not tried; room there does not help.
    Scenario s;
    s.nodes = {Node("t1", "z", "4"), Node("n2", "z", "4")};
    s.nodes[0].taints = {MakeTaint("dedicated", "infra", "NoSchedule")};
    s.pods = {Bound("x1", "t1", "3"), Bound("x2", "n2", "3"), Pending("2")};
    Case c{"a tainted node is not copied",
           s,
           "",
           {"add node n2-new (a copy of n2, no pods)", "shrink the requests of pod default/x2 (on n2): cpu 3 -> 2",
            "delete pod default/x2 (on n2)"},
           "",
           {}};
    cases.push_back(c);
    // With a target: room on it only, and no new node.
    c.name = "room on the target node";
    c.target = "n2";
    c.suggestions = {"shrink the requests of pod default/x2 (on n2): cpu 3 -> 2", "delete pod default/x2 (on n2)"};
    cases.push_back(c);
  }
  return cases;
}

TEST(WhyResources, SuggestionsRankedAsWorkedOut) {
  for (const Case& c : Cases()) {
    SCOPED_TRACE(c.name);
    ASSERT_TRUE(ValidateScenario(c.scenario).empty()) << ValidateScenario(c.scenario)[0].ToString();
    Cluster cluster(c.scenario);
    std::string error;
    auto fw = plugins::NewFramework(cluster, config::Profile{}, error);
    ASSERT_TRUE(fw) << error;
    std::vector<Resource> requested;
    for (const NodeInfo& n : cluster.nodes()) requested.push_back(n.requested);
    why::Options o;
    o.targetNode = c.target;
    why::Report r;
    ASSERT_TRUE(why::Analyze(cluster, *fw, cluster.PendingPods().front(), o, r, error)) << error;
    ASSERT_TRUE(r.searched);
    std::vector<std::string> got;
    for (const auto& s : r.suggestions) got.push_back(s.summary);
    EXPECT_EQ(got, c.suggestions);
    for (const auto& s : r.suggestions) {
      EXPECT_FALSE(s.lands.empty()) << s.summary;
      if (!c.target.empty()) EXPECT_EQ(s.lands, c.target) << s.summary;
    }

    ASSERT_TRUE(r.preemption);
    const bool nominates = r.preemption->nominating == preemption::Nominating::Set;
    EXPECT_EQ(nominates ? cluster.node(r.preemption->nominatedNode).name : "", c.nominated);
    std::vector<std::string> victims;
    for (PodIndex v : r.preemption->victims) victims.push_back(cluster.pod(v).key);
    EXPECT_EQ(victims, c.victims);

    // Every what-if was undone: the nodes hold what they held.
    ASSERT_EQ(cluster.nodes().size(), requested.size());
    for (const NodeInfo& n : cluster.nodes()) {
      EXPECT_EQ(n.requested.milliCPU, requested[n.index].milliCPU) << n.name;
      EXPECT_EQ(n.requested.memory, requested[n.index].memory) << n.name;
    }
  }
}

TEST(WhyResources, ShrinkRequestsTakesFromTheContainersInOrder) {
  const Release release = Scenario{}.release;
  struct Row {
    const char* name;
    v1::Pod pod;
    int64_t from, to;
    std::vector<std::string> containers;  // cpu of each container after, "" when it cannot
  };
  const std::vector<Row> rows = {
      {"one container", MakePod().Name("p").Req({{"cpu", "3"}}).Obj(), 3000, 2000, {"2"}},
      {"the first container emptied first", MakePod().Name("p").Req({{"cpu", "1"}}).Req({{"cpu", "1"}}).Obj(), 2000,
       500, {"0", "500m"}},
      // An init container of 2 cpu keeps the pod's request at 2 whatever the containers ask.
      {"an init container decides", MakePod().Name("p").Req({{"cpu", "1"}}).InitReq({{"cpu", "2"}}).Obj(), 2000, 1000,
       {}},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    std::optional<v1::Pod> out = why::ShrinkRequests(row.pod, {{"cpu", row.from, row.to}}, release);
    ASSERT_EQ(out.has_value(), !row.containers.empty());
    if (!out) continue;
    ASSERT_EQ(out->spec.containers.size(), row.containers.size());
    for (size_t i = 0; i < row.containers.size(); ++i)
      EXPECT_EQ(FormatResourceAmount("cpu", out->spec.containers[i].requests.at("cpu").milli), row.containers[i]);
  }
}

TEST(WhyResources, AmountsAreWrittenAsTheApiWritesQuantities) {
  const std::vector<std::tuple<std::string, int64_t, std::string>> rows = {
      {"cpu", 2000, "2"},          {"cpu", 1500, "1500m"},        {"memory", 3LL << 30, "3Gi"},
      {"memory", 1536LL << 20, "1536Mi"}, {"memory", 1000, "1000"}, {"pods", 0, "0"},
  };
  for (const auto& [name, amount, text] : rows) EXPECT_EQ(FormatResourceAmount(name, amount), text) << name << amount;
}

}  // namespace
}  // namespace spreadlab
