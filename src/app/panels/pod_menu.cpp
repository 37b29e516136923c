// A pod on the cluster picture: its tooltip (a pending pod's button or a bound pod's
// chip), and a bound pod's menu (right-click its chip): labels, node, removal.
#include <cstdio>

#include "app/app.h"
#include "app/panels/cluster_parts.h"

namespace spreadlab::app {

void PodTooltip(const Lab& lab, const v1::Pod& p) {
  ImGui::BeginTooltip();
  ImGui::Text("%s/%s", p.metadata.ns.c_str(), p.metadata.name.c_str());
  ImGui::TextDisabled("labels: %s", p.metadata.labels.empty() ? "(none)" : FormatLabels(p.metadata.labels).c_str());
  ClaimsTooltip(lab, p);
  ImGui::EndTooltip();
}

void PodMenu(const CardContext& cx) {
  if (!ImGui::BeginPopup("##pod-menu")) return;
  Lab& lab = cx.lab;
  const PodIndex p = cx.ui.menuPod;
  if (p != kNone && p < static_cast<PodIndex>(cx.sc.pods.size())) {
    const v1::Pod& pod = cx.sc.pods[p];
    ImGui::TextDisabled("%s/%s on %s", pod.metadata.ns.c_str(), pod.metadata.name.c_str(), pod.spec.nodeName.c_str());
    if (v1::LabelMap labels; LabelsField("labels##pod", "pod labels", pod.metadata.labels, lab, labels)) {
      Later([=, &lab] {
        lab.Apply("pod labels",
                  [p, labels](controlplane::ScenarioDoc& d, std::string& e) { return d.SetPodLabels(p, labels, e); });
      });
      ImGui::CloseCurrentPopup();
    }
    MarkItem("podLabels");
    static char nodeBuf[256];
    if (ImGui::IsWindowAppearing()) std::snprintf(nodeBuf, sizeof nodeBuf, "%s", pod.spec.nodeName.c_str());
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22);
    if (ImGui::InputText("node (move to)##pod", nodeBuf, sizeof nodeBuf, ImGuiInputTextFlags_EnterReturnsTrue)) {
      const std::string nodeName = nodeBuf;
      Later([=, &lab] {
        lab.Apply("move pod", [p, nodeName](controlplane::ScenarioDoc& d, std::string& e) {
          return d.SetPodNodeName(p, nodeName, e);
        });
      });
      ImGui::CloseCurrentPopup();
    }
    MarkItem("podNode");
    ImGui::TextDisabled("or drag the pod onto another node");
    if (ImGui::MenuItem("Remove pod")) {
      Later([=, &lab] {
        lab.Apply("remove pod", [p](controlplane::ScenarioDoc& d, std::string& e) { return d.RemovePod(p, e); });
      });
    }
  }
  ImGui::EndPopup();
}

}  // namespace spreadlab::app
