#pragma once
// VolumeRestrictions (pkg/scheduler/framework/plugins/volumerestrictions): a claim with
// the ReadWriteOncePod access mode already used by a pod on any node stops the pod
// everywhere, and an in-tree disk (GCE PD, AWS EBS, iSCSI, Ceph RBD) mounted by a pod on
// a node stops the pod on that node unless both mount it read-only.
#include <string>
#include <string_view>
#include <vector>

#include "core/framework/interface.h"

namespace spreadlab::plugins {

// isVolumeConflict: whether `volume` conflicts with a volume of `existing`.
bool IsVolumeConflict(const v1::Volume& volume, const v1::Pod& existing);

class VolumeRestrictions final : public PreFilterPlugin, public FilterPlugin {
 public:
  static constexpr std::string_view kName = "VolumeRestrictions";
  static constexpr std::string_view kErrReasonDiskConflict = "node(s) had no available disk";
  static constexpr std::string_view kErrReasonReadWriteOncePodConflict =
      "node(s) unavailable due to PersistentVolumeClaim with ReadWriteOncePod access mode already in-use by another "
      "pod";

  explicit VolumeRestrictions(Handle h) : h_(h) {}
  std::string_view Name() const override { return kName; }
  Status PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult& result, CycleTrace* trace) override;
  Status Filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node, CycleTrace* trace) override;

 private:
  ReasonTexts reasons_;
  Handle h_;
};

}  // namespace spreadlab::plugins
