// podManagementPolicy (controlplane/controllers/statefulset/pod_management.h): upstream's
// processReplica, processCondemned and runForAll as a table, with the cases of
// stateful_set_control_test.go TestStatefulSetControl (/Monotonic for OrderedReady, /Burst for
// Parallel).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "controlplane/controllers/statefulset/pod_management.h"

namespace spreadlab::controlplane {
namespace {

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

}  // namespace
}  // namespace spreadlab::controlplane
