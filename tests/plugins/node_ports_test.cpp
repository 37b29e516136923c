// Ported from kubernetes/kubernetes
//   pkg/scheduler/framework/plugins/nodeports/node_ports_test.go
//   (TestNodePorts, TestPreFilterDisabled, TestFits), the newest version in the
//   index: natasha41575/kubernetes at 9829b8d729c310c7742e31065e42996296545f62,
//   a fork of kubernetes/kubernetes master (the fwk package, the sidecar
//   initContainer cases, TestFits); kubernetes/kubernetes's own copy in the
//   index (27214b84cfe38d60c33b93b5b3a43be3ad99c2e9) is older and has a subset
//   of these cases.
// and from kubernetes/kubernetes
//   staging/src/k8s.io/kube-scheduler/framework/types_test.go
//   (TestHostPortInfo_AddRemove, TestHostPortInfo_Check)
//   at commit 16913111deb1a4c4ff76f4ba7ffd9ebef397a303: the HostPortInfo
//   semantics NodePorts.Filter relies on.
// Case names are upstream's, verbatim.
//
// Not ported:
//  * Test_isSchedulableAfterAssignedPodDeleted (queueing hints: a single-cycle
//    simulator has no scheduling queue);
//  * TestNodePorts_DeferredResizeSkipped (pods whose in-place resize is
//    deferred: the scenario API has no pod status conditions or resizes).
//
// Adaptations: upstream's framework.NewNodeInfo(pods...) is a node "m1" (in
// TestFits "p1", the host newNodeInfo gives its pod) with those pods bound;
// the pod being scheduled is unbound.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "core/plugins/nodeports/node_ports.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using plugins::HostPortInfo;
using plugins::NodePorts;
using testing::MakeNode;
using testing::MakePod;
using testing::PluginHarness;

PluginHarness::Factory Factory() {
  return [](Handle h) { return std::make_unique<NodePorts>(h); };
}

int podCounter = 0;

// newPod(host, "PROTOCOL/hostIP/hostPort"...): one container with those host ports.
v1::Pod newPod(const std::string& host, const std::vector<std::string>& hostPortInfos) {
  std::vector<v1::ContainerPort> networkPorts;
  for (const auto& portInfo : hostPortInfos) {
    size_t a = portInfo.find('/'), b = portInfo.find('/', a + 1);
    v1::ContainerPort p;
    p.protocol = portInfo.substr(0, a);
    p.hostIP = portInfo.substr(a + 1, b - a - 1);
    p.hostPort = std::stoi(portInfo.substr(b + 1));
    networkPorts.push_back(p);
  }
  return MakePod().Name("pod" + std::to_string(podCounter++)).Node(host).ContainerPort(networkPorts).Obj();
}

v1::ContainerPort TCPPort(int32_t port) {
  v1::ContainerPort p;
  p.containerPort = port;
  p.hostPort = port;
  p.protocol = "TCP";
  return p;
}

struct NodePortsCase {
  v1::Pod pod;
  std::vector<v1::Pod> nodeInfo;  // pods bound to node "m1"
  std::string name;
  std::optional<Code> wantPreFilterStatus;  // nullopt: success
  std::optional<Code> wantFilterStatus;     // nullopt: success
};

TEST(NodePortsTest, TestNodePorts) {
  std::vector<NodePortsCase> tests = {
      {MakePod().Name("pod").Obj(), {}, "skip filter", Code::Skip, std::nullopt},
      {newPod("m1", {"UDP/127.0.0.1/8080"}), {newPod("m1", {"UDP/127.0.0.1/9090"})}, "other port"},
      {newPod("m1", {"UDP/127.0.0.1/8080"}),
       {newPod("m1", {"UDP/127.0.0.1/8080"})},
       "same udp port",
       std::nullopt,
       Code::Unschedulable},
      {newPod("m1", {"TCP/127.0.0.1/8080"}),
       {newPod("m1", {"TCP/127.0.0.1/8080"})},
       "same tcp port",
       std::nullopt,
       Code::Unschedulable},
      {newPod("m1", {"TCP/127.0.0.1/8080"}), {newPod("m1", {"TCP/127.0.0.2/8080"})}, "different host ip"},
      {newPod("m1", {"UDP/127.0.0.1/8080"}), {newPod("m1", {"TCP/127.0.0.1/8080"})}, "different protocol"},
      {newPod("m1", {"UDP/127.0.0.1/8000", "UDP/127.0.0.1/8080"}),
       {newPod("m1", {"UDP/127.0.0.1/8080"})},
       "second udp port conflict",
       std::nullopt,
       Code::Unschedulable},
      {newPod("m1", {"TCP/127.0.0.1/8001", "UDP/127.0.0.1/8080"}),
       {newPod("m1", {"TCP/127.0.0.1/8001", "UDP/127.0.0.1/8081"})},
       "first tcp port conflict",
       std::nullopt,
       Code::Unschedulable},
      {newPod("m1", {"TCP/0.0.0.0/8001"}),
       {newPod("m1", {"TCP/127.0.0.1/8001"})},
       "first tcp port conflict due to 0.0.0.0 hostIP",
       std::nullopt,
       Code::Unschedulable},
      {newPod("m1", {"TCP/10.0.10.10/8001", "TCP/0.0.0.0/8001"}),
       {newPod("m1", {"TCP/127.0.0.1/8001"})},
       "TCP hostPort conflict due to 0.0.0.0 hostIP",
       std::nullopt,
       Code::Unschedulable},
      {newPod("m1", {"TCP/127.0.0.1/8001"}),
       {newPod("m1", {"TCP/0.0.0.0/8001"})},
       "second tcp port conflict to 0.0.0.0 hostIP",
       std::nullopt,
       Code::Unschedulable},
      {newPod("m1", {"UDP/127.0.0.1/8001"}), {newPod("m1", {"TCP/0.0.0.0/8001"})}, "second different protocol"},
      {newPod("m1", {"UDP/127.0.0.1/8001"}),
       {newPod("m1", {"TCP/0.0.0.0/8001", "UDP/0.0.0.0/8001"})},
       "UDP hostPort conflict due to 0.0.0.0 hostIP",
       std::nullopt,
       Code::Unschedulable},
      {MakePod().Name("pod").InitContainerPort(false /* sidecar */, {TCPPort(8001)}).Obj(),
       {newPod("m1", {"TCP/0.0.0.0/8001"})},
       "non-sidecar initContainer using hostPort",
       Code::Skip,
       std::nullopt},
      {MakePod().Name("pod").InitContainerPort(true /* sidecar */, {TCPPort(8001)}).Obj(),
       {newPod("m1", {"TCP/0.0.0.0/8001"})},
       "TCP hostPort conflict from sidecar initContainer",
       std::nullopt,
       Code::Unschedulable},
  };

  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    PluginHarness h({MakeNode().Name("m1").Obj()}, test.nodeInfo, test.pod, Factory());
    Status preFilterStatus = h.PreFilter();
    EXPECT_EQ(preFilterStatus.code, test.wantPreFilterStatus.value_or(Code::Success));
    if (preFilterStatus.IsSkip()) continue;
    ASSERT_TRUE(preFilterStatus.IsSuccess()) << preFilterStatus.Message();
    Status gotStatus = h.Filter("m1");
    EXPECT_EQ(gotStatus.code, test.wantFilterStatus.value_or(Code::Success));
    if (test.wantFilterStatus) {
      EXPECT_EQ(gotStatus.Message(), NodePorts::kErrReason);
    }
  }
}

TEST(NodePortsTest, TestPreFilterDisabled) {
  PluginHarness h({MakeNode().Name("node").Obj()}, {}, MakePod().Name("pod").Obj(), Factory());
  // Filter without PreFilter: fwk.AsStatus(fwk.ErrNotFound).
  Status gotStatus = h.Filter("node");
  EXPECT_EQ(gotStatus.code, Code::Error);
  EXPECT_EQ(gotStatus.Message(), "reading \"PreFilterNodePorts\" from cycleState: not found");
}

// Upstream calls Fits(pod, nodeInfo) = fitsPorts(GetHostPorts(pod),
// nodeInfo.UsedPorts); here PreFilter and Filter do the same for a pod with
// host ports.
TEST(NodePortsTest, TestFits) {
  struct Case {
    std::string desc;
    v1::Pod pod;
    v1::Pod existing;  // newNodeInfo(...): one pod on node "p1"
    bool expect;
  };
  std::vector<Case> tests = {
      {"non-conflicting ports", newPod("p", {"TCP/127.0.0.1/80"}), newPod("p1", {"TCP/127.0.0.1/9090"}), true},
      {"multiple non-conflicting ports",
       newPod("p", {"TCP/127.0.0.1/80", "TCP/127.0.1.1/80", "TCP/127.0.1.1/90", "TCP/127.0.1.1/100"}),
       newPod("p1", {"TCP/127.0.0.1/9090", "TCP/127.0.0.1/9191", "TCP/127.0.1.1/8080"}), true},
      {"same ports on different protocols", newPod("m1", {"TCP/127.0.0.1/80"}), newPod("p1", {"UDP/127.0.0.1/80"}),
       true},
      {"conflicting ports", newPod("m1", {"TCP/127.0.0.1/80"}), newPod("p1", {"TCP/127.0.0.1/80"}), false},
      {"multiple ports, some conflicting",
       newPod("p", {"TCP/127.0.0.1/80", "TCP/127.0.1.1/80", "TCP/127.0.1.1/90", "TCP/127.0.1.1/100"}),
       newPod("p1", {"TCP/127.0.0.1/9090", "TCP/127.0.1.1/90", "TCP/127.0.1.1/8080"}), false},
  };
  for (const auto& test : tests) {
    SCOPED_TRACE(test.desc);
    PluginHarness h({MakeNode().Name("p1").Obj()}, {test.existing}, test.pod, Factory());
    ASSERT_TRUE(h.PreFilter().IsSuccess());
    EXPECT_EQ(h.Filter("p1").IsSuccess(), test.expect);
  }
}

// hostPortInfoParam{protocol, ip, port}
struct Param {
  std::string protocol, ip;
  int32_t port;
};

TEST(NodePortsTest, TestHostPortInfo_AddRemove) {
  struct Case {
    std::string desc;
    std::vector<Param> added, removed;
    size_t length;
  };
  std::vector<Case> tests = {
      {"normal add case",
       {{"TCP", "127.0.0.1", 79},
        {"UDP", "127.0.0.1", 80},
        {"TCP", "127.0.0.1", 81},
        {"TCP", "127.0.0.1", 82},
        // this might not make sense in real case, but the struct doesn't forbid it.
        {"TCP", "0.0.0.0", 79},
        {"UDP", "0.0.0.0", 80},
        {"TCP", "0.0.0.0", 81},
        {"TCP", "0.0.0.0", 82},
        {"TCP", "0.0.0.0", 0},
        {"TCP", "0.0.0.0", -1}},
       {},
       8},
      {"empty ip and protocol add should work",
       {{"", "127.0.0.1", 79},
        {"UDP", "127.0.0.1", 80},
        {"", "127.0.0.1", 81},
        {"", "127.0.0.1", 82},
        {"", "", 79},
        {"UDP", "", 80},
        {"", "", 81},
        {"", "", 82},
        {"", "", 0},
        {"", "", -1}},
       {},
       8},
      {"normal remove case",
       {{"TCP", "127.0.0.1", 79},
        {"UDP", "127.0.0.1", 80},
        {"TCP", "127.0.0.1", 81},
        {"TCP", "127.0.0.1", 82},
        {"TCP", "0.0.0.0", 79},
        {"UDP", "0.0.0.0", 80},
        {"TCP", "0.0.0.0", 81},
        {"TCP", "0.0.0.0", 82}},
       {{"TCP", "127.0.0.1", 79},
        {"UDP", "127.0.0.1", 80},
        {"TCP", "127.0.0.1", 81},
        {"TCP", "127.0.0.1", 82},
        {"TCP", "0.0.0.0", 79},
        {"UDP", "0.0.0.0", 80},
        {"TCP", "0.0.0.0", 81},
        {"TCP", "0.0.0.0", 82}},
       0},
      {"empty ip and protocol remove should work",
       {{"TCP", "127.0.0.1", 79},
        {"UDP", "127.0.0.1", 80},
        {"TCP", "127.0.0.1", 81},
        {"TCP", "127.0.0.1", 82},
        {"TCP", "0.0.0.0", 79},
        {"UDP", "0.0.0.0", 80},
        {"TCP", "0.0.0.0", 81},
        {"TCP", "0.0.0.0", 82}},
       {{"", "127.0.0.1", 79},
        {"", "127.0.0.1", 81},
        {"", "127.0.0.1", 82},
        {"UDP", "127.0.0.1", 80},
        {"", "", 79},
        {"", "", 81},
        {"", "", 82},
        {"UDP", "", 80}},
       0},
  };
  for (const auto& test : tests) {
    SCOPED_TRACE(test.desc);
    HostPortInfo hp;
    for (const auto& p : test.added) hp.Add(p.ip, p.protocol, p.port);
    for (const auto& p : test.removed) hp.Remove(p.ip, p.protocol, p.port);
    EXPECT_EQ(hp.Len(), test.length);
  }
}

TEST(NodePortsTest, TestHostPortInfo_Check) {
  struct Case {
    std::string desc;
    std::vector<Param> added;
    Param check;
    bool expect;
  };
  std::vector<Case> tests = {
      {"empty check should check 0.0.0.0 and TCP", {{"TCP", "127.0.0.1", 80}}, {"", "", 81}, false},
      {"empty check should check 0.0.0.0 and TCP (conflicted)", {{"TCP", "127.0.0.1", 80}}, {"", "", 80}, true},
      {"empty port check should pass", {{"TCP", "127.0.0.1", 80}}, {"", "", 0}, false},
      {"0.0.0.0 should check all registered IPs", {{"TCP", "127.0.0.1", 80}}, {"TCP", "0.0.0.0", 80}, true},
      {"0.0.0.0 with different protocol should be allowed", {{"UDP", "127.0.0.1", 80}}, {"TCP", "0.0.0.0", 80},
       false},
      {"0.0.0.0 with different port should be allowed",
       {{"TCP", "127.0.0.1", 79}, {"TCP", "127.0.0.1", 81}, {"TCP", "127.0.0.1", 82}},
       {"TCP", "0.0.0.0", 80},
       false},
      {"normal ip should check all registered 0.0.0.0", {{"TCP", "0.0.0.0", 80}}, {"TCP", "127.0.0.1", 80}, true},
      {"normal ip with different port/protocol should be allowed (0.0.0.0)",
       {{"TCP", "0.0.0.0", 79}, {"UDP", "0.0.0.0", 80}, {"TCP", "0.0.0.0", 81}, {"TCP", "0.0.0.0", 82}},
       {"TCP", "127.0.0.1", 80},
       false},
      {"normal ip with different port/protocol should be allowed",
       {{"TCP", "127.0.0.1", 79}, {"UDP", "127.0.0.1", 80}, {"TCP", "127.0.0.1", 81}, {"TCP", "127.0.0.1", 82}},
       {"TCP", "127.0.0.1", 80},
       false},
  };
  for (const auto& test : tests) {
    SCOPED_TRACE(test.desc);
    HostPortInfo hp;
    for (const auto& p : test.added) hp.Add(p.ip, p.protocol, p.port);
    EXPECT_EQ(hp.CheckConflict(test.check.ip, test.check.protocol, test.check.port), test.expect);
  }
}

// Not upstream: which bound pods hold host ports (NodeInfo.UsedPorts is
// built from util.GetHostPorts of every pod in NodeInfo.Pods).
TEST(NodePortsTest, UsedPorts) {
  std::vector<v1::Pod> existing = {
      MakePod().Name("sidecar").Node("node").InitContainerPort(true, {TCPPort(9000)}).Obj(),
      MakePod().Name("init").Node("node").InitContainerPort(false, {TCPPort(9001)}).Obj(),
      MakePod().Name("terminating").Node("node").Terminating().ContainerPort({TCPPort(9002)}).Obj(),
      MakePod().Name("finished").Node("node").ContainerPort({TCPPort(9003)}).Obj(),
      MakePod().Name("pending").ContainerPort({TCPPort(9004)}).Obj(),
  };
  existing[3].phase = "Succeeded";
  struct Case {
    int32_t port;
    bool fits;
  };
  // A sidecar's ports are held, a plain init container's are not; a pod being
  // deleted still holds its ports, a finished pod is gone.
  for (const Case& c : std::vector<Case>{{9000, false}, {9001, true}, {9002, false}, {9003, true}, {9004, true}}) {
    SCOPED_TRACE(c.port);
    v1::Pod pod = MakePod().Name("pod").ContainerPort({TCPPort(c.port)}).Obj();
    PluginHarness h({MakeNode().Name("node").Obj()}, existing, pod, Factory());
    ASSERT_TRUE(h.PreFilter().IsSuccess());
    EXPECT_EQ(h.Filter("node").IsSuccess(), c.fits);
    if (c.port == 9004) {
      // Ports of a pod bound after the first Filter count from then on.
      h.cluster().Bind(h.cluster().FindPod("pending"), h.cluster().FindNode("node"));
      EXPECT_EQ(h.Filter("node").code, Code::Unschedulable);
    }
  }
}

// Before 1.33 (kubernetes#132040) neither the pod's nor the node's sidecars had host ports.
TEST(NodePortsTest, SidecarPortsFrom133) {
  Scenario extra;
  std::string error;
  ASSERT_TRUE(MakeRelease(32, {}, extra.release, error)) << error;
  v1::Pod existing = MakePod().Name("sidecar").Node("node").InitContainerPort(true, {TCPPort(9000)}).Obj();
  PluginHarness h({MakeNode().Name("node").Obj()}, {existing},
                  MakePod().Name("pod").ContainerPort({TCPPort(9000)}).Obj(), Factory(), extra);
  ASSERT_TRUE(h.PreFilter().IsSuccess());
  EXPECT_TRUE(h.Filter("node").IsSuccess());
  PluginHarness own({MakeNode().Name("node").Obj()}, {},
                    MakePod().Name("pod").InitContainerPort(true, {TCPPort(9000)}).Obj(), Factory(), extra);
  EXPECT_EQ(own.PreFilter().code, Code::Skip);  // no host port to check
}

}  // namespace
}  // namespace spreadlab
