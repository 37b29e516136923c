// Other pods' nominations (framework/runtime/framework.go RunFilterPluginsWithNominatedPods,
// addGENominatedPods; backend/queue/nominator.go): a pod nominated to a node by an earlier
// preemption holds its room there for every pod of its priority or lower. The filters run
// first with such pods counted on the node (that pass decides a rejection), then without
// them. Upstream's own table (TestFilterPluginsWithNominatedPods) drives fake plugins with
// injected statuses; these cases rebuild its situations with the in-tree plugins, and add
// the ones the fake plugins cannot show (pod affinity to a nominated pod, preemption's dry
// run, a sequence of placements).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/framework/framework.h"
#include "core/plugins/registry.h"
#include "core/scheduler/schedule.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using testing::MakeNode;
using testing::MakePod;

constexpr const char* kHostname = "kubernetes.io/hostname";

v1::Node Node4Cpu(const std::string& name) {
  return MakeNode()
      .Name(name)
      .Label(kHostname, name)
      .Capacity({{"cpu", "4"}, {"memory", "8Gi"}, {"pods", "110"}})
      .Obj();
}

v1::Pod Priority(v1::Pod p, int32_t priority) {
  p.spec.priority = priority;
  return p;
}

v1::Pod NominatedTo(v1::Pod p, const std::string& node) {
  p.nominatedNodeName = node;
  return p;
}

struct Env {
  std::unique_ptr<Cluster> cluster;
  std::unique_ptr<Framework> fw;
  CycleTrace trace;

  PodIndex Pod(const std::string& name) const { return cluster->FindPod(name); }
  NodeIndex Node(const std::string& name) const { return cluster->FindNode(name); }
  void Run(const std::string& pod) { fw->RunCycle(Pod(pod), trace, /*explain=*/true); }
  std::string Selected() const { return trace.selected == kNone ? "" : cluster->node(trace.selected).name; }
};

std::unique_ptr<Env> MakeEnv(std::vector<v1::Node> nodes, std::vector<v1::Pod> pods, int minor = 0) {
  auto env = std::make_unique<Env>();
  Scenario s;
  s.nodes = std::move(nodes);
  s.pods = std::move(pods);
  if (minor) {
    std::string error;
    EXPECT_TRUE(MakeRelease(minor, {}, s.release, error)) << error;
  }
  env->cluster = std::make_unique<Cluster>(std::move(s));
  std::string error;
  env->fw = plugins::NewFramework(*env->cluster, config::Profile{}, error);
  EXPECT_TRUE(env->fw) << error;
  return env;
}

// node-1 has 2 of 4 cpu taken; `nominated` (2 cpu) waits for it, `pod` asks for 1 cpu.
std::unique_ptr<Env> RoomHeldOnNode1(int32_t nominatedPriority, int32_t podPriority) {
  return MakeEnv(
      {Node4Cpu("node-1"), Node4Cpu("node-2")},
      {MakePod().Name("running").Req({{"cpu", "2"}}).Node("node-1").Obj(),
       NominatedTo(Priority(MakePod().Name("nominated").Req({{"cpu", "2"}}).Obj(), nominatedPriority), "node-1"),
       Priority(MakePod().Name("pod").Req({{"cpu", "1"}}).Obj(), podPriority)});
}

// "node has a high-priority nominated pod and filters fail": the room is the nominated pod's.
TEST(NominatedPodsTest, AHigherPriorityNominationHoldsItsRoom) {
  auto env = RoomHeldOnNode1(1000, 0);
  env->Run("pod");
  EXPECT_EQ(env->Selected(), "node-2");
  const NodeTrace& n1 = env->trace.nodes[env->Node("node-1")];
  EXPECT_FALSE(n1.feasible);
  EXPECT_TRUE(n1.rejectedWithNominatedPods);
  ASSERT_NE(env->trace.Reported(n1), nullptr);
  EXPECT_EQ(env->trace.FirstReason(*env->trace.Reported(n1)), "Insufficient cpu");
  ASSERT_EQ(env->trace.nominatedPods.size(), 1u);
  EXPECT_EQ(env->trace.nominatedPods[0].pod, env->Pod("nominated"));
  EXPECT_EQ(env->trace.nominatedPods[0].node, env->Node("node-1"));
}

// Equal priority yields too (addGENominatedPods: PodPriority(nominated) >= PodPriority(pod)).
TEST(NominatedPodsTest, AnEqualPriorityNominationHoldsItsRoom) {
  auto env = RoomHeldOnNode1(500, 500);
  env->Run("pod");
  EXPECT_EQ(env->Selected(), "node-2");
  EXPECT_TRUE(env->trace.nodes[env->Node("node-1")].rejectedWithNominatedPods);
}

// "node has a low-priority nominated pod": a higher-priority pod may take that room.
TEST(NominatedPodsTest, ALowerPriorityNominationDoesNotHoldRoom) {
  auto env = RoomHeldOnNode1(0, 1000);
  env->Run("pod");
  EXPECT_TRUE(env->trace.nominatedPods.empty());
  EXPECT_TRUE(env->trace.nodes[env->Node("node-1")].feasible);
}

// A pod is never held back by its own nomination, and a bound pod's nomination is over.
TEST(NominatedPodsTest, OwnAndBoundNominationsDoNotCount) {
  auto own = RoomHeldOnNode1(1000, 0);
  own->Run("nominated");
  EXPECT_TRUE(own->trace.nominatedPods.empty());
  EXPECT_EQ(own->Selected(), "node-1") << "its nominated node fits: taken without scoring";

  auto bound = RoomHeldOnNode1(1000, 0);
  bound->cluster->Bind(bound->Pod("nominated"), bound->Node("node-2"));
  bound->fw = nullptr;
  std::string error;
  bound->fw = plugins::NewFramework(*bound->cluster, config::Profile{}, error);
  bound->Run("pod");
  EXPECT_TRUE(bound->trace.nominatedPods.empty());
}

// The second pass: "filters such as inter-pod affinity may not pass without the nominated
// pods". Required affinity to a pod that is only nominated to node-1 is not satisfied there.
TEST(NominatedPodsTest, AffinityToANominatedPodDoesNotCount) {
  const v1::Pod db = NominatedTo(Priority(MakePod().Name("db").Label("app", "db").Obj(), 1000), "node-1");
  const v1::Pod web = MakePod().Name("web").Label("app", "web").PodAffinityIn("app", kHostname, {"db"}, 1).Obj();
  auto env = MakeEnv({Node4Cpu("node-1"), Node4Cpu("node-2"), Node4Cpu("node-3")},
                     {MakePod().Name("other-db").Label("app", "db").Node("node-3").Obj(), db, web});
  env->Run("web");
  EXPECT_EQ(env->Selected(), "node-3");
  const NodeTrace& n1 = env->trace.nodes[env->Node("node-1")];
  EXPECT_FALSE(n1.feasible) << "the first pass (db counted) passes, the second does not";
  EXPECT_FALSE(n1.rejectedWithNominatedPods);
  EXPECT_EQ(env->trace.FirstReason(*env->trace.Reported(n1)), "node(s) didn't match pod affinity rules");
}

// A nominated pod waiting for its scheduling gates holds its room from 1.37
// (kubernetes#139057); before, the queue recorded its nomination only once it was let in.
TEST(NominatedPodsTest, AGatedNominationHoldsRoomFrom137) {
  for (int minor : {36, 37}) {
    v1::Pod gated = NominatedTo(Priority(MakePod().Name("nominated").Req({{"cpu", "2"}}).Obj(), 1000), "node-1");
    gated.spec.schedulingGates = {"example.com/gate"};
    auto env = MakeEnv({Node4Cpu("node-1")},
                       {MakePod().Name("running").Req({{"cpu", "2"}}).Node("node-1").Obj(), gated,
                        MakePod().Name("pod").Req({{"cpu", "1"}}).Obj()},
                       minor);
    env->Run("pod");
    EXPECT_EQ(env->Selected(), minor >= 37 ? "" : "node-1") << "1." << minor;
  }
}

// The reproducer (kube-scheduler 1.37.2's scheduling loop): preemptor is nominated to node-1
// while its victim terminates; small (priority 0) must not take that room.
TEST(NominatedPodsTest, ThePreemptorsRoomIsHeldWhileItsVictimTerminates) {
  v1::Pod victim = MakePod().Name("victim").Req({{"cpu", "3"}}).Node("node-1").Terminating().Obj();
  victim.spec.priority = 0;
  auto env =
      MakeEnv({Node4Cpu("node-1")},
              {victim, NominatedTo(Priority(MakePod().Name("preemptor").Req({{"cpu", "2"}}).Obj(), 1000), "node-1"),
               MakePod().Name("small").Req({{"cpu", "1"}}).Obj()});
  env->Run("small");
  EXPECT_EQ(env->Selected(), "");
  EXPECT_EQ(env->trace.message,
            "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption "
            "victims found for incoming pod.");
}

// Preemption's dry run (SelectVictimsOnNode) counts the nominations too: a second
// preemptor of lower priority finds the first one's room taken even with the victims gone.
TEST(NominatedPodsTest, PreemptionsDryRunCountsNominations) {
  auto env = MakeEnv({Node4Cpu("node-1")},
                     {Priority(MakePod().Name("low").Req({{"cpu", "3"}}).Node("node-1").Obj(), 0),
                      NominatedTo(Priority(MakePod().Name("first").Req({{"cpu", "3"}}).Obj(), 1000), "node-1"),
                      Priority(MakePod().Name("second").Req({{"cpu", "2"}}).Obj(), 500)});
  env->Run("second");
  EXPECT_EQ(env->Selected(), "");
  ASSERT_TRUE(env->trace.preemption);
  EXPECT_EQ(env->trace.preemption->nominating, preemption::Nominating::Clear);
  EXPECT_EQ(env->trace.message,
            "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 Insufficient cpu.");
}

// Preemption's dry run with a victim whose required anti-affinity rejects the preemptor:
// once the victim is removed (RemovePod updates the existing pods' anti-affinity counts)
// the node fits, so the victim is chosen. spreadlab's index of the bound pods' terms kept
// a removed pod's terms until it is rebuilt after an Unbind.
TEST(NominatedPodsTest, AVictimsAntiAffinityGoesWithIt) {
  auto env = MakeEnv({Node4Cpu("node-1")}, {Priority(MakePod()
                                                         .Name("guard")
                                                         .Label("app", "guard")
                                                         .PodAntiAffinityIn("app", kHostname, {"web"}, 1)
                                                         .Node("node-1")
                                                         .Obj(),
                                                     0),
                                            Priority(MakePod().Name("web").Label("app", "web").Obj(), 1000)});
  env->Run("web");
  EXPECT_EQ(env->Selected(), "");
  ASSERT_TRUE(env->trace.preemption);
  ASSERT_EQ(env->trace.preemption->nominating, preemption::Nominating::Set);
  ASSERT_EQ(env->trace.preemption->victims.size(), 1u);
  EXPECT_EQ(env->trace.preemption->victims[0], env->Pod("guard"));
}

// In a sequence (ScheduleAll), a pod that preempts is nominated for the pods after it: a
// lower-priority pod that would fit beside the victim does not take the preemptor's room.
TEST(NominatedPodsTest, ASequenceHoldsThePreemptorsRoom) {
  auto env =
      MakeEnv({Node4Cpu("node-1")}, {Priority(MakePod().Name("victim").Req({{"cpu", "3"}}).Node("node-1").Obj(), 0),
                                     Priority(MakePod().Name("preemptor").Req({{"cpu", "2"}}).Obj(), 1000),
                                     Priority(MakePod().Name("later").Req({{"cpu", "1"}}).Obj(), 500)});
  const std::vector<Placement> placements = ScheduleAll(*env->cluster, *env->fw);
  ASSERT_EQ(placements.size(), 2u);
  EXPECT_EQ(placements[0].pod, env->Pod("preemptor"));
  EXPECT_EQ(placements[0].nominatedNode, env->Node("node-1"));
  EXPECT_EQ(env->cluster->pod(env->Pod("preemptor")).nominated, env->Node("node-1"));
  EXPECT_EQ(placements[1].pod, env->Pod("later"));
  EXPECT_EQ(placements[1].node, kNone) << "1 cpu fits beside the victim, not beside the preemptor's room";
}

// prepareCandidate: a new nomination clears lower-priority nominations on the same node.
TEST(NominatedPodsTest, ANewNominationClearsLowerOnesOnItsNode) {
  auto env = MakeEnv({Node4Cpu("node-1")},
                     {Priority(MakePod().Name("victim").Req({{"cpu", "4"}}).Node("node-1").Obj(), 0),
                      Priority(MakePod().Name("preemptor").Req({{"cpu", "4"}}).Obj(), 1000),
                      NominatedTo(Priority(MakePod().Name("earlier").Req({{"cpu", "4"}}).Obj(), 100), "node-1")});
  ScheduleAll(*env->cluster, *env->fw);
  EXPECT_EQ(env->cluster->pod(env->Pod("preemptor")).nominated, env->Node("node-1"));
  EXPECT_EQ(env->cluster->pod(env->Pod("earlier")).nominated, kNone);
}

}  // namespace
}  // namespace spreadlab
