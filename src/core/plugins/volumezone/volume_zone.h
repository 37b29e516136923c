#pragma once
// VolumeZone (pkg/scheduler/framework/plugins/volumezone): a pod whose bound
// PersistentVolumes carry zone or region labels (topology.kubernetes.io/zone|region and
// the beta failure-domain.beta.kubernetes.io/* ones, several zones joined by "__") fits
// only nodes in those zones. Claims of a WaitForFirstConsumer class that are not bound yet
// are left to VolumeBinding.
#include <string>
#include <string_view>
#include <vector>

#include "core/framework/interface.h"

namespace spreadlab::plugins {

// volumehelpers.LabelZonesToSet: a zone label's zones, joined by "__" and trimmed; false
// (and `out` partly filled) when one is empty.
bool LabelZonesToSet(const std::string& value, std::vector<std::string>& out);

class VolumeZone final : public PreFilterPlugin, public FilterPlugin {
 public:
  static constexpr std::string_view kName = "VolumeZone";
  static constexpr std::string_view kErrReasonConflict = "node(s) had no available volume zone";
  // topologyLabels: the zone and region labels it reads on a volume, beta ones first.
  static constexpr const char* kBetaZone = "failure-domain.beta.kubernetes.io/zone";
  static constexpr const char* kBetaRegion = "failure-domain.beta.kubernetes.io/region";
  static constexpr const char* kZone = "topology.kubernetes.io/zone";
  static constexpr const char* kRegion = "topology.kubernetes.io/region";
  static constexpr const char* kTopologyLabels[] = {kBetaZone, kBetaRegion, kZone, kRegion};

  explicit VolumeZone(Handle h);
  std::string_view Name() const override { return kName; }
  Status PreFilter(CycleState& state, const PodInfo& pod, PreFilterResult& result, CycleTrace* trace) override;
  Status Filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node, CycleTrace* trace) override;

  // pvTopology: one zone or region label of a bound volume and the values it allows.
  struct PVTopology {
    std::string pvName;
    int32_t claim = -1, volume = -1;  // in the Scenario's lists, for the explanation (VolumeCheck)
    Sym key = kNoSym;                 // the label as the volume has it
    Sym gaKey = kNoSym;               // translateToGALabel(key)
    std::vector<Sym> values;
  };

 private:
  // getPVbyPod: the topologies of the pod's bound volumes, or the status that stops the pod.
  Status GetPVByPod(const PodInfo& pod, std::vector<PVTopology>& out);
  ReasonTexts reasons_;
  Handle h_;
  std::vector<Sym> topologyLabels_;  // topologyLabels, interned
};

}  // namespace spreadlab::plugins
