// The volume plugins' detail in an explained cycle (CycleTrace::volumeChecks): on the two
// volume examples, what VolumeBinding recorded per node, the line the explain table and
// the lab print (VolumeCheckText) and the "volumes" array of the JSON contract.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "contracts/trace_json.h"
#include "core/framework/volume_check_text.h"
#include "simulator/session.h"
#include "testing/read_file.h"

namespace spreadlab {
namespace {

struct Explained {
  simulator::Session session;
  CycleTrace trace;
};

void Explain(const std::string& example, Explained& out) {
  std::string error;
  ASSERT_TRUE(simulator::OpenSession(testing::ReadFile(testing::ExampleFile(SPREADLAB_EXAMPLES_DIR, example)),
                                     out.session, error))
      << error;
  const PodIndex pod = simulator::ChoosePod(*out.session.cluster, "", error);
  ASSERT_NE(pod, kNone) << error;
  out.session.framework->RunCycle(pod, out.trace, true);
}

// The VolumeBinding verdict's checks on `node`.
std::vector<VolumeCheck> BindingChecks(const Explained& e, const std::string& node) {
  const Cluster& c = *e.session.cluster;
  const NodeTrace& nt = e.trace.nodes[c.FindNode(node)];
  for (uint32_t i = 0; i < nt.filterCount; ++i) {
    const FilterVerdict& v = e.trace.filters[nt.filterBegin + i];
    if (e.trace.filterPlugins[v.plugin] != "VolumeBinding") continue;
    return {e.trace.volumeChecks.begin() + v.volumesBegin,
            e.trace.volumeChecks.begin() + v.volumesBegin + v.volumesCount};
  }
  return {};
}

// db-2's claim is bound to a volume in zone C, which has no node left: every node fails on
// that volume's node affinity, and each line names the claim, the volume and the zones.
TEST(VolumeChecksTest, StatefulSetVolumeZoneNamesTheVolumeOnEveryNode) {
  Explained e;
  ASSERT_NO_FATAL_FAILURE(Explain("statefulset-volume-zone", e));
  const Cluster& c = *e.session.cluster;
  const Scenario& s = c.scenario();
  for (const std::string node : {"node-a1", "node-a2", "node-b1", "node-b2"}) {
    SCOPED_TRACE(node);
    const std::vector<VolumeCheck> checks = BindingChecks(e, node);
    ASSERT_EQ(checks.size(), 1u);
    EXPECT_EQ(checks[0].outcome, VolumeCheck::Outcome::BoundVolumeConflict);
    EXPECT_FALSE(checks[0].pass);
    EXPECT_EQ(s.persistentVolumeClaims[checks[0].claim].metadata.name, "data-db-2");
    EXPECT_EQ(s.persistentVolumes[checks[0].volume].metadata.name, "pv-data-db-2");
    const std::string zone = node[5] == 'a' ? "zone-a" : "zone-b";
    EXPECT_EQ(VolumeCheckText(c, e.trace, c.node(c.FindNode(node)), checks[0]),
              "claim data-db-2 (class zonal-ssd, WaitForFirstConsumer): bound to PV pv-data-db-2, whose node "
              "affinity asks for topology.kubernetes.io/zone In (zone-c); this node has "
              "topology.kubernetes.io/zone=" +
                  zone + ": no match");
  }
  const auto json = contracts::TraceToJson(c, e.session.framework->profile(), e.trace);
  const auto& filter = json["nodes"][0]["filter"];
  bool found = false;
  for (const auto& f : filter) {
    if (f["plugin"] != "VolumeBinding") continue;
    found = true;
    EXPECT_EQ(f["volumes"].dump(),
              R"json([{"outcome":"BoundVolumeConflict","pass":false,"claim":"default/data-db-2",)json"
              R"json("storageClass":"zonal-ssd","bindingMode":"WaitForFirstConsumer","volume":"pv-data-db-2",)json"
              R"json("nodeAffinity":"topology.kubernetes.io/zone In (zone-c)"}])json");
  }
  EXPECT_TRUE(found);
}

// web-1's Immediate volume was made in zone A: zone A's nodes pass VolumeBinding (and fail
// the spread), zone B's fail it; the class is Immediate.
TEST(VolumeChecksTest, ImmediateVolumeSpreadMatchesZoneAOnly) {
  Explained e;
  ASSERT_NO_FATAL_FAILURE(Explain("immediate-volume-spread", e));
  const Cluster& c = *e.session.cluster;
  for (const std::string node : {"node-a1", "node-a2", "node-b1", "node-b2"}) {
    SCOPED_TRACE(node);
    const bool zoneA = node[5] == 'a';
    const std::vector<VolumeCheck> checks = BindingChecks(e, node);
    ASSERT_EQ(checks.size(), 1u);
    EXPECT_EQ(checks[0].outcome,
              zoneA ? VolumeCheck::Outcome::BoundVolumeMatches : VolumeCheck::Outcome::BoundVolumeConflict);
    EXPECT_EQ(checks[0].pass, zoneA);
    EXPECT_EQ(VolumeCheckText(c, e.trace, c.node(c.FindNode(node)), checks[0]),
              std::string("claim data-web-1 (class standard, Immediate): bound to PV pv-data-web-1, whose node "
                          "affinity asks for topology.kubernetes.io/zone In (zone-a); this node has "
                          "topology.kubernetes.io/zone=") +
                  (zoneA ? "zone-a: match" : "zone-b: no match"));
  }
}

}  // namespace
}  // namespace spreadlab
