// Dragging a bound pod's chip from its node card onto another node moves the pod there
// (spec.nodeName) as one undoable edit; hovering the chip shows the pod, right-clicking
// it opens its menu (pod_menu.cpp).
#include "app/app.h"
#include "app/panels/cluster_parts.h"

namespace spreadlab::app {

void DragBoundPod(const CardContext& cx, ImDrawList* dl) {
  Lab& lab = cx.lab;
  UiState& ui = cx.ui;
  const Scenario& sc = cx.sc;
  const PodIndex hoveredPod = cx.hoveredPod;
  if (hoveredPod != kNone && ui.dragPod == kNone) {
    PodTooltip(lab, sc.pods[hoveredPod]);
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) ui.dragPod = hoveredPod;
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
      ui.menuPod = hoveredPod;
      ImGui::OpenPopup("##pod-menu");
    }
  }
  if (ui.dragPod == kNone || ui.dragPod >= static_cast<PodIndex>(sc.pods.size())) {
    ui.dragPod = kNone;
    return;
  }
  const PodIndex p = ui.dragPod;
  const NodeIndex from = cx.cluster.pod(p).node;
  const NodeIndex to = ui.hoveredNode;
  if (ImGui::IsMouseDown(ImGuiMouseButton_Left)) {  // dragging: the chip follows the mouse
    const float chip = cx.font * 0.95f;
    const ImVec2 mouse = cx.mouse;
    dl->AddRectFilled(ImVec2(mouse.x - chip / 2, mouse.y - chip / 2), ImVec2(mouse.x + chip / 2, mouse.y + chip / 2),
                      colors::kAccent, 3);
    if (to != kNone && to != from)
      ImGui::SetTooltip("move %s to %s", sc.pods[p].metadata.name.c_str(), sc.nodes[to].metadata.name.c_str());
    return;
  }
  if (to != kNone && to != from && from != kNone) {  // dropped on another node
    const std::string nodeName = sc.nodes[to].metadata.name;
    Later([&lab, p, nodeName] {
      lab.Apply("move pod", [p, nodeName](controlplane::ScenarioDoc& d, std::string& e) {
        return d.SetPodNodeName(p, nodeName, e);
      });
    });
    ui.selectedNode = to;
  }
  ui.dragPod = kNone;
}

}  // namespace spreadlab::app
