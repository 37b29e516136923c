// Ported from kubernetes/kubernetes
//   pkg/scheduler/framework/plugins/nodename/node_name_test.go (TestNodeName)
//   at commit 96a58e4b8a59fab0b3735b1ae0cf92eeab6fc49c.
// Case names are upstream's, verbatim.
//
// Adaptation: the PluginHarness clears spec.nodeName of the pod being scheduled,
// so these cases build the Cluster directly and call NodeName.Filter on the
// pod as written (PodInfo.nodeNameSpec is what the plugin reads).
// Cases leave the fields they do not set at their defaults.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/cluster.h"
#include "core/plugins/nodename/node_name.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using testing::MakeNode;
using testing::MakePod;

struct NodeNameCase {
  v1::Pod pod;
  v1::Node node;
  std::string name;
  Code wantCode = Code::Success;  // nil status in upstream == Success
  std::string wantReason;
};

TEST(NodeNameTest, TestNodeName) {
  const std::string errReason(plugins::NodeName::kErrReason);
  std::vector<NodeNameCase> tests = {
      {
          MakePod().Name("pod").Obj(),
          MakeNode().Obj(),
          "no host specified",
      },
      {
          MakePod().Name("pod").Node("foo").Obj(),
          MakeNode().Name("foo").Obj(),
          "host matches",
      },
      {
          MakePod().Name("pod").Node("bar").Obj(),
          MakeNode().Name("foo").Obj(),
          "host doesn't match",
          Code::UnschedulableAndUnresolvable,
          errReason,
      },
  };

  for (const auto& test : tests) {
    SCOPED_TRACE(test.name);
    Scenario s;
    s.nodes = {test.node};
    s.pods = {test.pod};
    Cluster cluster(std::move(s));
    plugins::NodeName p(Handle{&cluster});
    CycleState state;
    Status got = p.Filter(state, cluster.pod(0), cluster.node(0), nullptr);
    EXPECT_EQ(got.code, test.wantCode);
    EXPECT_EQ(std::string(got.Message()), test.wantReason);
  }
}

// The upstream error reason, spelled out (node_name.go ErrReason).
TEST(NodeNameTest, ErrReasonMatchesUpstream) {
  EXPECT_EQ(plugins::NodeName::kErrReason, "node(s) didn't match the requested node name");
}

}  // namespace
}  // namespace spreadlab
