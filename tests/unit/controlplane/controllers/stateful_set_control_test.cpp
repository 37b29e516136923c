// podManagementPolicy (controlplane/controllers/statefulset/pod_management.h): upstream's
// processReplica, processCondemned and runForAll as a table, then the scale-up and scale-down
// cases of stateful_set_control_test.go TestStatefulSetControl (CreatePods, ScalesUp,
// ScalesDown, RecreatesFailedPod, RecreatesSucceededPod; /Monotonic for OrderedReady, /Burst
// for Parallel) sync by sync over a document, the pods bound between syncs as the kubelet
// stand-in runs them, and what counts as Running and Ready.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "controlplane/controllers/controllers.h"
#include "controlplane/controllers/statefulset/pod_management.h"

namespace spreadlab::controlplane {
namespace {

using json = nlohmann::ordered_json;
using statefulset::PodState;

// --- ProcessPods ---

// A sync's actions and wait, in a few words: "+0" creates replica 0, "-1" deletes replica 1,
// "c1" updates its claims; "x1", "xc1": the same for condemned pod 1; "wait 1: <message>".
std::vector<std::string> Told(const statefulset::Sync& s) {
  std::vector<std::string> out;
  for (const statefulset::Action& a : s.actions) {
    const char* kind = a.kind == statefulset::Action::Kind::Create   ? "+"
                       : a.kind == statefulset::Action::Kind::Delete ? "-"
                                                                     : "c";
    out.push_back((a.condemned ? std::string("x") : "") + kind + std::to_string(a.index));
  }
  if (s.wait)
    out.push_back("wait " + std::string(s.wait->condemned ? "x" : "") + std::to_string(s.wait->index) + ": " +
                  s.wait->message);
  if (s.stopped) out.push_back("stop");
  return out;
}

TEST(StatefulSetPodManagementTest, ProcessPods) {
  const PodState missing{};
  const PodState ready{true, false, false, true, true};
  const PodState pending{true, false, false, false, false};
  const PodState terminating{true, false, true, false, false};
  const PodState failed{true, true, false, false, false};
  const PodState failedTerminating{true, true, true, false, false};
  struct Case {
    const char* name;
    std::vector<PodState> replicas, condemned;  // condemned: the highest ordinal first
    bool monotonic;
    std::vector<std::string> expected;
  };
  const char* kReady = "StatefulSet is waiting for Pod to be Running and Ready";
  const char* kTerminate = "StatefulSet is waiting for Pod to Terminate";
  const char* kReadyScaleDown = "StatefulSet is waiting for Pod to be Running and Ready prior to scale down";
  const char* kTerminateScaleDown = "StatefulSet is waiting for Pod to Terminate prior to scale down";
  const Case cases[] = {
      // CreatePods: one at a time, or all at once.
      {"CreatePods/Monotonic", {missing, missing, missing}, {}, true, {"+0", "stop"}},
      {"CreatePods/Burst", {missing, missing, missing}, {}, false, {"+0", "+1", "+2"}},
      {"CreatePods/Monotonic: the first is not Running and Ready yet",
       {pending, missing, missing},
       {},
       true,
       {"wait 0: " + std::string(kReady), "stop"}},
      {"CreatePods/Monotonic: the next once it is", {ready, missing, missing}, {}, true, {"c0", "+1", "stop"}},
      {"CreatePods/Burst: a pending pod holds nothing back", {ready, pending, missing}, {}, false, {"c0", "c1", "+2"}},
      // ScalesUp 3 -> 4.
      {"ScalesUp/Monotonic", {ready, ready, ready, missing}, {}, true, {"c0", "c1", "c2", "+3", "stop"}},
      {"ScalesUp/Burst", {ready, ready, ready, missing}, {}, false, {"c0", "c1", "c2", "+3"}},
      // A terminating replica is waited for (not made again until it is gone).
      {"terminating/Monotonic",
       {ready, terminating, missing},
       {},
       true,
       {"c0", "wait 1: " + std::string(kTerminate), "stop"}},
      {"terminating/Burst", {ready, terminating, missing}, {}, false, {"c0", "c1", "+2"}},
      // RecreatesFailedPod / RecreatesSucceededPod: deleted, made again by a later sync.
      {"RecreatesFailedPod/Monotonic", {ready, failed, missing}, {}, true, {"c0", "-1", "stop"}},
      {"RecreatesFailedPod/Burst", {ready, failed, missing}, {}, false, {"c0", "-1", "+2"}},
      {"a failed pod already terminating is not deleted twice", {failedTerminating, ready}, {}, true, {"stop"}},
      // ScalesDown: the condemned pods' claims first, then from the highest ordinal down.
      {"ScalesDown/Monotonic", {}, {ready, ready, ready}, true, {"xc0", "xc1", "xc2", "x-0", "stop"}},
      {"ScalesDown/Burst", {}, {ready, ready, ready}, false, {"xc0", "xc1", "xc2", "x-0", "x-1", "x-2"}},
      {"ScalesDown/Monotonic: a replica not Running and Ready holds the scale-down",
       {pending},
       {ready},
       true,
       {"wait 0: " + std::string(kReady), "stop"}},
      {"ScalesDown/Burst: it does not", {pending}, {ready}, false, {"c0", "xc0", "x-0"}},
      {"ScalesDown/Monotonic: the previous one still terminating",
       {ready},
       {terminating, ready},
       true,
       {"c0", "xc0", "xc1", "wait x0: " + std::string(kTerminateScaleDown), "stop"}},
      {"ScalesDown/Burst: a terminating one is skipped",
       {ready},
       {terminating, ready},
       false,
       {"c0", "xc0", "xc1", "x-1"}},
      // The first unhealthy pod goes first; another unhealthy one above it waits for it.
      {"ScalesDown/Monotonic: the unhealthy highest is the first unhealthy",
       {ready},
       {pending, ready},
       true,
       {"c0", "xc0", "xc1", "x-0", "stop"}},
      {"ScalesDown/Monotonic: an unhealthy pod above the first unhealthy one",
       {ready},
       {pending, pending},
       true,
       {"c0", "xc0", "xc1", "wait x1: " + std::string(kReadyScaleDown), "stop"}},
      {"up to date", {ready, ready}, {}, true, {"c0", "c1"}},
  };
  for (const Case& c : cases)
    EXPECT_EQ(Told(statefulset::ProcessPods(c.replicas, c.condemned, c.monotonic)), c.expected) << c.name;
}

// --- sync by sync over a document ---

json Node() {
  return {{"apiVersion", "v1"},
          {"kind", "Node"},
          {"metadata", {{"name", "a1"}, {"labels", {{"kubernetes.io/hostname", "a1"}}}}},
          {"status", {{"allocatable", {{"cpu", "8"}, {"memory", "8Gi"}, {"pods", "110"}}}}}};
}

json Set(int replicas, const char* policy) {
  return {{"apiVersion", "apps/v1"},
          {"kind", "StatefulSet"},
          {"metadata", {{"name", "db"}, {"namespace", "shop"}}},
          {"spec",
           {{"replicas", replicas},
            {"podManagementPolicy", policy},
            {"selector", {{"matchLabels", {{"app", "db"}}}}},
            {"template",
             {{"metadata", {{"labels", {{"app", "db"}}}}},
              {"spec", {{"containers", json::array({json{{"name", "c"}, {"image", "postgres"}}})}}}}}}}};
}

json Doc(int replicas, const char* policy) {
  return {{"apiVersion", "v1"}, {"kind", "List"}, {"items", json::array({Node(), Set(replicas, policy)})}};
}

json* FindPod(json& doc, const std::string& name) {
  for (json& it : doc["items"])
    if (it["kind"] == "Pod" && it["metadata"]["name"] == name) return &it;
  return nullptr;
}

// One sync: "+db-0" for a pod created, "-db-2" for one deleted; then the scheduler binds
// every pending pod (the kubelet stand-in runs a bound pod).
std::vector<std::string> Sync(json& doc, ControllerResult& r) {
  RunControllers(doc, r);
  std::vector<std::string> out;
  for (const CreatedObject& c : r.created)
    out.push_back("+" + doc["items"][c.item]["metadata"]["name"].get<std::string>());
  for (const DeletedPod& d : r.deleted) out.push_back("-" + d.name);
  for (json& it : doc["items"])
    if (it["kind"] == "Pod" && !it["spec"].contains("nodeName")) it["spec"]["nodeName"] = "a1";
  return out;
}

// Syncs until one does nothing: what each did.
std::vector<std::vector<std::string>> Settle(json& doc) {
  std::vector<std::vector<std::string>> syncs;
  ControllerResult r;
  for (int n = 0; n < 20; ++n) {
    std::vector<std::string> did = Sync(doc, r);
    if (did.empty()) return syncs;
    syncs.push_back(std::move(did));
  }
  ADD_FAILURE() << "does not settle";
  return syncs;
}

TEST(StatefulSetControlTest, ScaleUpAndDown) {
  struct Case {
    const char* name;
    const char* policy;
    int from, to;
    const char* finished;  // a pod whose phase becomes this after the set is up ("" none): db-1
    std::vector<std::vector<std::string>> expected;
  };
  const Case cases[] = {
      {"CreatePods/Monotonic", "OrderedReady", 0, 3, "", {{"+db-0"}, {"+db-1"}, {"+db-2"}}},
      {"CreatePods/Burst", "Parallel", 0, 3, "", {{"+db-0", "+db-1", "+db-2"}}},
      {"ScalesUp/Monotonic", "OrderedReady", 3, 5, "", {{"+db-3"}, {"+db-4"}}},
      {"ScalesUp/Burst", "Parallel", 3, 5, "", {{"+db-3", "+db-4"}}},
      {"ScalesDown/Monotonic", "OrderedReady", 3, 0, "", {{"-db-2"}, {"-db-1"}, {"-db-0"}}},
      {"ScalesDown/Burst", "Parallel", 3, 0, "", {{"-db-2", "-db-1", "-db-0"}}},
      {"RecreatesFailedPod/Monotonic", "OrderedReady", 3, 3, "Failed", {{"-db-1"}, {"+db-1"}}},
      {"RecreatesFailedPod/Burst", "Parallel", 3, 3, "Failed", {{"-db-1"}, {"+db-1"}}},
      {"RecreatesSucceededPod/Monotonic", "OrderedReady", 3, 3, "Succeeded", {{"-db-1"}, {"+db-1"}}},
      // With db-1 gone and not yet made again, db-3 waits for it.
      {"ScalesUp/Monotonic, a failed pod first", "OrderedReady", 3, 4, "Failed", {{"-db-1"}, {"+db-1"}, {"+db-3"}}},
      {"ScalesUp/Burst, a failed pod beside", "Parallel", 3, 4, "Failed", {{"+db-3", "-db-1"}, {"+db-1"}}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    json doc = Doc(c.from, c.policy);
    Settle(doc);
    doc["items"][1]["spec"]["replicas"] = c.to;
    if (*c.finished) (*FindPod(doc, "db-1"))["status"]["phase"] = c.finished;
    EXPECT_EQ(Settle(doc), c.expected);
  }
}

// isRunningAndReady over what the kubelet stand-in gives a pod: a bound pod written without a
// status runs and is Ready; a written phase other than Running, a Ready condition not True, or
// no node holds OrderedReady back, with upstream's words; Parallel waits for nothing.
TEST(StatefulSetControlTest, OrderedReadyWaitsForAPodToBeRunningAndReady) {
  struct Case {
    const char* name;
    json nodeName, status;  // db-1's spec.nodeName and status (null: none)
    bool runningAndReady;
  };
  const Case cases[] = {
      {"bound, no status", "a1", nullptr, true},
      {"bound, Running", "a1", {{"phase", "Running"}}, true},
      {"bound, Running and Ready",
       "a1",
       {{"phase", "Running"}, {"conditions", json::array({json{{"type", "Ready"}, {"status", "True"}}})}},
       true},
      {"not bound", nullptr, nullptr, false},
      {"bound, still Pending", "a1", {{"phase", "Pending"}}, false},
      {"bound, Running, not Ready",
       "a1",
       {{"phase", "Running"}, {"conditions", json::array({json{{"type", "Ready"}, {"status", "False"}}})}},
       false},
  };
  for (const char* policy : {"OrderedReady", "Parallel"})
    for (const Case& c : cases) {
      SCOPED_TRACE(std::string(policy) + ": " + c.name);
      json doc = Doc(2, policy);
      Settle(doc);
      json& pod = *FindPod(doc, "db-1");
      if (c.nodeName.is_null())
        pod["spec"].erase("nodeName");
      else
        pod["spec"]["nodeName"] = c.nodeName;
      if (!c.status.is_null()) pod["status"] = c.status;
      doc["items"][1]["spec"]["replicas"] = 3;
      ControllerResult r;
      RunControllers(doc, r);
      const bool parallel = std::string(policy) == "Parallel";
      EXPECT_EQ(r.created.size(), parallel || c.runningAndReady ? 1u : 0u);
      if (parallel || c.runningAndReady) {
        EXPECT_TRUE(r.waiting.empty());
      } else {
        EXPECT_EQ(r.waiting,
                  std::vector<std::string>{"items[1]: StatefulSet is waiting for Pod to be Running and Ready "
                                           "statefulSet=\"shop/db\" pod=\"shop/db-1\""});
      }
    }
}

// A pod still terminating holds an OrderedReady scale-down, and the creation of a replica of
// its name; Parallel deletes the others meanwhile.
TEST(StatefulSetControlTest, ATerminatingPodIsWaitedFor) {
  for (const char* policy : {"OrderedReady", "Parallel"}) {
    SCOPED_TRACE(policy);
    json doc = Doc(3, policy);
    Settle(doc);
    (*FindPod(doc, "db-2"))["metadata"]["deletionTimestamp"] = "2026-01-01T00:00:00Z";
    doc["items"][1]["spec"]["replicas"] = 1;
    ControllerResult r;
    RunControllers(doc, r);
    if (std::string(policy) == "Parallel") {
      ASSERT_EQ(r.deleted.size(), 1u);
      EXPECT_EQ(r.deleted[0].name, "db-1");
      continue;
    }
    EXPECT_TRUE(r.deleted.empty());
    EXPECT_EQ(r.waiting, std::vector<std::string>{"items[1]: StatefulSet is waiting for Pod to Terminate prior to "
                                                  "scale down statefulSet=\"shop/db\" pod=\"shop/db-2\""});
  }
}

}  // namespace
}  // namespace spreadlab::controlplane
