// Ported from kubernetes/kubernetes v1.37.2
//   staging/src/k8s.io/component-helpers/storage/volume/pv_helpers_test.go
//   (TestFindMatchVolumeWithNode), driven through the volume binder's
//   FindMatchingVolume (core/plugins/volumebinding/binder.h), the scheduler's path
//   (delayBinding, a node).
// Case names are upstream's, verbatim.
//
// Not ported: the cases about VolumeAttributesClass ("success-match-with-vac",
// "fail-vac", "fail-prebound-vac", "fail-on-error", "fail-volumes-vac"): a
// scenario's claims and volumes have no volumeAttributesClassName. The other cases
// run once, as upstream's [VolumeAttributiesClass: true] and [false] runs of them
// cannot differ without one.
//
// Adaptations: upstream identifies the matched volume by its UID (two volumes share
// the name "affinity003"); here the UIDs are kept beside the volumes and the match
// is named by its UID. excludedVolumes, upstream a set of names, excludes every
// volume with one of those names.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/plugins/volumebinding/binder.h"
#include "core/plugins/volumebinding/volume_binding.h"
#include "testing/harness.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using testing::MakeNode;
using testing::MakePersistentVolume;
using testing::MakePersistentVolumeClaim;
using testing::MakePod;
using testing::PluginHarness;

// makeTestPersistentVolumeClaim: in "myns", class "wait", Filesystem.
v1::PersistentVolumeClaim makeTestPersistentVolumeClaim(const std::string& name, const std::string& size,
                                                        std::vector<std::string> accessMode) {
  return MakePersistentVolumeClaim()
      .Name(name)
      .Namespace("myns")
      .AccessModes(std::move(accessMode))
      .Request(size)
      .StorageClassName("wait")
      .Obj();
}

// makeTestVolume: ReadWriteOnce and ReadOnlyMany, Available when `available`.
testing::PersistentVolumeWrapper makeTestVolume(const std::string& name, const std::string& capacity, bool available) {
  auto pv = MakePersistentVolume().Name(name).Capacity(capacity).AccessModes({v1::kReadWriteOnce, v1::kReadOnlyMany});
  if (available) pv.Phase("Available");
  return pv;
}

TEST(PVHelpersTest, TestFindMatchVolumeWithNode) {
  // (uid, volume)
  const std::vector<std::pair<std::string, v1::PersistentVolume>> volumes = {
      {"local-small", makeTestVolume("local001", "5G", true).Obj()},
      {"local-pd-very-large", makeTestVolume("local002", "200E", true).StorageClassName("large").Obj()},
      {"affinity-pv",
       makeTestVolume("affinity001", "100G", true).StorageClassName("wait").NodeAffinityIn("key1", {"value1"}).Obj()},
      {"affinity-pv2",
       makeTestVolume("affinity002", "150G", true).StorageClassName("wait").NodeAffinityIn("key1", {"value1"}).Obj()},
      {"affinity-prebound", makeTestVolume("affinity003", "100G", true)
                                .StorageClassName("wait")
                                .ClaimRef("myns", "claim02")
                                .NodeAffinityIn("key1", {"value1"})
                                .Obj()},
      {"affinity-pv3",
       makeTestVolume("affinity003", "200G", true).StorageClassName("wait").NodeAffinityIn("key1", {"value3"}).Obj()},
      {"affinity-pv4",
       makeTestVolume("affinity004", "200G", false).StorageClassName("wait").NodeAffinityIn("key1", {"value4"}).Obj()},
  };

  struct Case {
    std::string expectedMatch;  // a UID; "" for no match
    v1::PersistentVolumeClaim claim;
    std::string node;  // node1..node4, labelled key1=value1..value4
    std::vector<std::string> excludedVolumes;
  };
  const std::map<std::string, Case> scenarios = {
      {"success-match",
       {"affinity-pv", makeTestPersistentVolumeClaim("claim01", "100G", {v1::kReadWriteOnce}), "node1", {}}},
      {"success-prebound",
       {"affinity-prebound", makeTestPersistentVolumeClaim("claim02", "100G", {v1::kReadWriteOnce}), "node1", {}}},
      {"success-exclusion",
       {"affinity-pv2",
        makeTestPersistentVolumeClaim("claim01", "100G", {v1::kReadWriteOnce}),
        "node1",
        {"affinity001"}}},
      {"fail-exclusion",
       {"",
        makeTestPersistentVolumeClaim("claim01", "100G", {v1::kReadWriteOnce}),
        "node1",
        {"affinity001", "affinity002", "affinity002-vac"}}},
      {"fail-accessmode", {"", makeTestPersistentVolumeClaim("claim01", "100G", {v1::kReadWriteMany}), "node1", {}}},
      {"fail-nodeaffinity", {"", makeTestPersistentVolumeClaim("claim01", "100G", {v1::kReadWriteOnce}), "node2", {}}},
      {"fail-prebound-node-affinity",
       {"", makeTestPersistentVolumeClaim("claim02", "100G", {v1::kReadWriteOnce}), "node3", {}}},
      {"fail-nonavaliable", {"", makeTestPersistentVolumeClaim("claim04", "100G", {v1::kReadWriteOnce}), "node4", {}}},
      {"success-bad-and-good-node-affinity",
       {"affinity-pv3", makeTestPersistentVolumeClaim("claim03", "100G", {v1::kReadWriteOnce}), "node3", {}}},
  };

  Scenario storage;
  for (const auto& [uid, pv] : volumes) storage.persistentVolumes.push_back(pv);
  std::vector<v1::Node> nodes;
  for (int i = 1; i <= 4; ++i)
    nodes.push_back(MakeNode().Name("node" + std::to_string(i)).Label("key1", "value" + std::to_string(i)).Obj());
  PluginHarness h(
      nodes, {}, MakePod().Name("pod").Obj(), [](Handle hd) { return std::make_unique<plugins::VolumeBinding>(hd); },
      storage);
  Cluster& cluster = h.cluster();
  std::vector<volumebinding::CompiledVolume> compiled;
  for (size_t i = 0; i < volumes.size(); ++i)
    compiled.push_back(volumebinding::CompileVolume(cluster, static_cast<int32_t>(i), cluster.pool()));

  for (const auto& [name, scenario] : scenarios) {
    SCOPED_TRACE(name);
    std::vector<int32_t> excluded;
    for (size_t i = 0; i < volumes.size(); ++i)
      for (const std::string& n : scenario.excludedVolumes)
        if (volumes[i].second.metadata.name == n) excluded.push_back(static_cast<int32_t>(i));
    const NodeInfo& node = cluster.node(cluster.FindNode(scenario.node));
    const int32_t got =
        volumebinding::FindMatchingVolume(cluster, scenario.claim, compiled, node, excluded, cluster.pool());
    EXPECT_EQ(got < 0 ? "" : volumes[got].first, scenario.expectedMatch);
  }
}

}  // namespace
}  // namespace spreadlab
