// The Deployment controller's rollout arithmetic (controlplane/controllers/deployment/rollout.h) on upstream's
// own tables: pkg/controller/deployment/rolling_test.go and util/deployment_util_test.go.
#include <gtest/gtest.h>

#include "controlplane/controllers/deployment/rollout.h"

namespace spreadlab::controlplane::rollout {
namespace {

Strategy Rolling(IntOrPercent surge, IntOrPercent unavailable) { return Strategy{false, surge, unavailable}; }
IntOrPercent N(int64_t n) { return {n, false}; }
IntOrPercent P(int64_t n) { return {n, true}; }

// TestDeploymentController_reconcileNewReplicaSet: the new ReplicaSet's replicas after the
// sync's first step (old ReplicaSet fully available; maxUnavailable 0).
TEST(DeploymentRolloutTest, ReconcileNewReplicaSet) {
  struct Case {
    int64_t deploymentReplicas;
    IntOrPercent maxSurge;
    int64_t oldReplicas, newReplicas;
    bool scaleExpected;
    int64_t expectedNewReplicas;
  };
  const Case cases[] = {
      {10, N(0), 10, 0, false, 0},  // should not scale up
      {10, N(2), 10, 0, true, 2},  {10, N(2), 5, 0, true, 7},
      {10, N(2), 10, 2, false, 0}, {10, N(2), 2, 11, true, 10},  // should scale down
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(testing::Message() << c.deploymentReplicas << " " << c.oldReplicas << " " << c.newReplicas);
    const SyncResult r = Sync(c.deploymentReplicas, Rolling(c.maxSurge, N(0)), ReplicaSetState{c.newReplicas, 0, 0},
                              {ReplicaSetState{c.oldReplicas, c.oldReplicas, c.oldReplicas}});
    ASSERT_TRUE(r.newReplicas);
    EXPECT_EQ(*r.newReplicas, c.scaleExpected ? c.expectedNewReplicas : c.newReplicas);
  }
}

// TestDeploymentController_reconcileOldReplicaSets (maxSurge 0).
TEST(DeploymentRolloutTest, ReconcileOldReplicaSets) {
  struct Case {
    int64_t deploymentReplicas;
    IntOrPercent maxUnavailable;
    int64_t oldReplicas, newReplicas, readyPodsFromOldRS, readyPodsFromNewRS;
    bool scaleExpected;
    int64_t expectedOldReplicas;
  };
  const Case cases[] = {
      {10, N(0), 10, 0, 10, 0, true, 9},
      {10, N(2), 10, 0, 10, 0, true, 8},
      {10, N(2), 10, 0, 8, 0, true, 8},  // unhealthy replicas from old replica sets cleaned up
      {10, N(2), 10, 0, 9, 0, true, 8},  // 1 unhealthy cleaned up, 1 ready scaled down
      // the unavailable pods from the newRS would not make us scale down old RSs in a further step
      {10, N(2), 8, 2, 8, 0, false, 8},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(testing::Message() << c.oldReplicas << " " << c.newReplicas << " " << c.readyPodsFromOldRS);
    const SyncResult r = Sync(c.deploymentReplicas, Rolling(N(0), c.maxUnavailable),
                              ReplicaSetState{c.newReplicas, c.readyPodsFromNewRS, c.newReplicas},
                              {ReplicaSetState{c.oldReplicas, c.readyPodsFromOldRS, c.oldReplicas}});
    ASSERT_EQ(r.oldReplicas.size(), 1u);
    EXPECT_EQ(r.oldReplicas[0], c.scaleExpected ? c.expectedOldReplicas : c.oldReplicas);
  }
}

// TestDeploymentController_cleanupUnhealthyReplicas.
TEST(DeploymentRolloutTest, CleanupUnhealthyReplicas) {
  struct Case {
    int64_t oldReplicas, readyPods, unHealthyPods, maxCleanupCount, cleanupCountExpected;
  };
  const Case cases[] = {{10, 8, 2, 1, 1}, {10, 8, 2, 3, 2}, {10, 8, 2, 0, 0}, {10, 10, 0, 3, 0}};
  for (const Case& c : cases) {
    std::vector<ReplicaSetState> old = {{c.oldReplicas, c.readyPods, c.readyPods + c.unHealthyPods}};
    EXPECT_EQ(CleanupUnhealthyReplicas(old, c.maxCleanupCount), c.cleanupCountExpected);
    EXPECT_EQ(old[0].replicas, c.oldReplicas - c.cleanupCountExpected);
  }
}

// TestDeploymentController_scaleDownOldReplicaSetsForRollingUpdate (maxSurge 0; the
// case upstream expects an error for, 0 old replicas, scales nothing).
TEST(DeploymentRolloutTest, ScaleDownOldReplicaSetsForRollingUpdate) {
  struct Case {
    int64_t deploymentReplicas;
    IntOrPercent maxUnavailable;
    int64_t readyPods, oldReplicas;
    bool scaleExpected;
    int64_t expectedOldReplicas;
  };
  const Case cases[] = {
      {10, N(0), 10, 10, true, 9}, {10, N(2), 10, 10, true, 8},  {10, N(2), 8, 10, false, 10},
      {10, N(2), 10, 0, false, 0}, {10, N(2), 1, 10, false, 10},
  };
  for (const Case& c : cases) {
    std::vector<ReplicaSetState> old = {{c.oldReplicas, c.readyPods, c.readyPods}};
    const int64_t scaled = ScaleDownOldReplicaSetsForRollingUpdate(old, ReplicaSetState{}, c.deploymentReplicas,
                                                                   Rolling(N(0), c.maxUnavailable));
    EXPECT_EQ(scaled > 0, c.scaleExpected);
    EXPECT_EQ(old[0].replicas, c.expectedOldReplicas);
  }
}

// TestNewRSNewReplicas (util/deployment_util_test.go).
TEST(DeploymentRolloutTest, NewRSNewReplicas) {
  struct Case {
    const char* name;
    bool recreate;
    int64_t depReplicas, newRSReplicas, maxSurge;
    std::vector<int64_t> oldRSReplicas;
    int64_t expected;
  };
  const Case cases[] = {
      {"can not scale up - to newRSReplicas", false, 1, 5, 1, {5}, 5},
      {"scale up - to depReplicas", false, 6, 2, 10, {4}, 6},
      {"recreate - to depReplicas", true, 3, 1, 1, {1}, 3},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Strategy s = Rolling(N(c.maxSurge), N(1));
    s.recreate = c.recreate;
    std::vector<ReplicaSetState> all;
    for (int64_t n : c.oldRSReplicas) all.push_back({n, n, n});
    all.push_back({c.newRSReplicas, 0, 0});
    EXPECT_EQ(NewRSNewReplicas(c.depReplicas, s, all, c.newRSReplicas), c.expected);
  }
}

// TestResolveFenceposts (util/deployment_util_test.go): its valid rows; the invalid
// strings ("oops", "5" without %) are ParseIntOrPercent's, below.
TEST(DeploymentRolloutTest, ResolveFenceposts) {
  EXPECT_EQ(ResolveFenceposts(Rolling(P(0), P(0)), 0), std::make_pair(int64_t{0}, int64_t{1}));
  EXPECT_EQ(ResolveFenceposts(Rolling(P(39), P(39)), 10), std::make_pair(int64_t{4}, int64_t{3}));
}

// TestMaxUnavailable (util/deployment_util_test.go; maxSurge 1).
TEST(DeploymentRolloutTest, MaxUnavailable) {
  struct Case {
    const char* name;
    int64_t replicas;
    IntOrPercent maxUnavailable;
    int64_t expected;
  };
  const Case cases[] = {
      {"maxUnavailable less than replicas", 10, N(5), 5},
      {"maxUnavailable equal replicas", 10, N(10), 10},
      {"maxUnavailable greater than replicas", 5, N(10), 5},
      {"maxUnavailable with replicas is 0", 0, N(10), 0},
      {"maxUnavailable less than replicas with percents", 10, P(50), 5},
      {"maxUnavailable equal replicas with percents", 10, P(100), 10},
      {"maxUnavailable greater than replicas with percents", 5, P(100), 5},
  };
  for (const Case& c : cases)
    EXPECT_EQ(MaxUnavailable(Rolling(N(1), c.maxUnavailable), c.replicas), c.expected) << c.name;
  EXPECT_EQ(MaxUnavailable(Strategy{true, {}, {}}, 10), 0) << "maxUnavailable with Recreate deployment strategy";
}

TEST(DeploymentRolloutTest, IntOrPercent) {
  IntOrPercent v;
  EXPECT_TRUE(ParseIntOrPercent("25%", v));
  EXPECT_TRUE(v.percent);
  EXPECT_EQ(v.value, 25);
  EXPECT_TRUE(ParseIntOrPercent("3", v));
  EXPECT_FALSE(v.percent);
  EXPECT_FALSE(ParseIntOrPercent("%", v));
  EXPECT_FALSE(ParseIntOrPercent("2.5%", v));
  EXPECT_FALSE(ParseIntOrPercent("oops", v));
  EXPECT_FALSE(ParseIntOrPercent("urg", v));
  EXPECT_EQ(Scaled(P(25), 3, true), 1);
  EXPECT_EQ(Scaled(P(25), 3, false), 0);
}

}  // namespace
}  // namespace spreadlab::controlplane::rollout
