#pragma once
// NodeVolumeLimits (pkg/scheduler/framework/plugins/nodevolumelimits/csi.go, CSILimits):
// a node's CSINode says how many volumes of each CSI driver it can attach
// (drivers[].allocatable.count); the pod's new volumes plus those already there (its bound
// pods' volumes, unique by driver and handle, and from 1.32 the node's VolumeAttachments)
// must fit. Volumes are found through claims (bound: the PV's csi source; unbound: the
// StorageClass's provisioner), generic ephemeral claims, and in-tree volumes migrated to
// CSI (core/plugins/nodevolumelimits/translation.h).
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/framework/interface.h"

namespace spreadlab::plugins {

class NodeVolumeLimits final : public PreFilterPlugin, public FilterPlugin {
 public:
  static constexpr std::string_view kName = "NodeVolumeLimits";
  static constexpr std::string_view kErrReasonMaxVolumeCountExceeded = "node(s) exceed max volume count";

  explicit NodeVolumeLimits(Handle h) : h_(h) {}
  std::string_view Name() const override { return kName; }
  Status PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult& result, CycleTrace* trace) override;
  Status Filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node, CycleTrace* trace) override;

 private:
  // An error of filterAttachableVolumes; `notFound` for a missing claim of the new pod.
  struct Error {
    std::string message;
    bool notFound = false;
  };
  // "driver/handle" -> driver.
  using Volumes = std::map<std::string, std::string>;

  std::optional<Error> FilterAttachableVolumes(const v1::Pod& pod, const v1::CSINode* csiNode, bool newPod,
                                               Volumes& result) const;
  std::optional<Error> CheckAttachableInlineVolume(const v1::Volume& volume, const v1::CSINode* csiNode,
                                                   Volumes& result) const;
  std::pair<std::string, std::string> CSIDriverInfo(const v1::CSINode* csiNode,
                                                    const v1::PersistentVolumeClaim& claim) const;
  std::pair<std::string, std::string> CSIDriverInfoFromSC(const v1::CSINode* csiNode,
                                                          const v1::PersistentVolumeClaim& claim) const;
  bool CSIDriverOnNode(const std::string& driver, const v1::CSINode* csiNode) const;
  bool CSIMigrationOn(const v1::CSINode* csiNode, std::string_view pluginName) const;
  Volumes NodeVolumeAttachments(const std::string& nodeName) const;

  ReasonTexts reasons_;
  Handle h_;
};

}  // namespace spreadlab::plugins
