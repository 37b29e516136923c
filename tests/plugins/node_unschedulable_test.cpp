// Ported from kubernetes/kubernetes
//   pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable_test.go
//   (TestNodeUnschedulable) at commit b574b11f6b28f06e17333bb110e9374db3259bad.
// Case names are upstream's, verbatim. TestIsSchedulableAfterNodeChange (queueing
// hints) has no counterpart in a single-cycle simulator and is not ported.
// Cases leave the fields they do not set at their defaults.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/plugins/nodeunschedulable/node_unschedulable.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using testing::MakeNode;
using testing::MakePod;
using testing::PluginHarness;

struct NodeUnschedulableCase {
  std::string name;
  v1::Pod pod;
  v1::Node node;
  Code wantCode = Code::Success;
  std::string wantReason;
};

TEST(NodeUnschedulableTest, TestNodeUnschedulable) {
  const std::string errReason(plugins::NodeUnschedulable::kErrReasonUnschedulable);
  std::vector<NodeUnschedulableCase> testCases = {
      {
          "Does not schedule pod to unschedulable node (node.Spec.Unschedulable==true)",
          MakePod().Name("pod").Obj(),
          MakeNode().Name("node").Unschedulable(true).Obj(),
          Code::UnschedulableAndUnresolvable,
          errReason,
      },
      {
          "Schedule pod to normal node",
          MakePod().Name("pod").Obj(),
          MakeNode().Name("node").Unschedulable(false).Obj(),
      },
      {
          "Schedule pod with toleration to unschedulable node (node.Spec.Unschedulable==true)",
          // Toleration{Key: v1.TaintNodeUnschedulable, Effect: v1.TaintEffectNoSchedule}
          MakePod()
              .Name("pod")
              .Tolerations({v1::Toleration{"node.kubernetes.io/unschedulable", "", "", "NoSchedule", std::nullopt}})
              .Obj(),
          MakeNode().Name("node").Unschedulable(true).Obj(),
      },
  };

  for (const auto& test : testCases) {
    SCOPED_TRACE(test.name);
    PluginHarness h({test.node}, {}, test.pod,
                    [](Handle hd) { return std::make_unique<plugins::NodeUnschedulable>(hd); });
    Status got = h.Filter("node");
    EXPECT_EQ(got.code, test.wantCode);
    EXPECT_EQ(std::string(got.Message()), test.wantReason);
  }
}

TEST(NodeUnschedulableTest, ErrReasonMatchesUpstream) {
  EXPECT_EQ(plugins::NodeUnschedulable::kErrReasonUnschedulable, "node(s) were unschedulable");
}

}  // namespace
}  // namespace spreadlab
