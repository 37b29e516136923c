// A node from a few fields (the picture's right-click "Add a node…", and what an empty
// cluster offers beside the sample cluster). Both go in as manifests through
// Lab::ApplyManifests, so the API server's validation words a bad name or quantity.
#include "app/app.h"
#include "app/model/new_names.h"
#include "app/panels/panels.h"
#include "app/panels/widgets.h"
#include "misc/cpp/imgui_stdlib.h"

namespace spreadlab::app {

void OpenAddNode(const Lab& lab, UiState& ui, const std::string& zone) {
  NodeDraft draft;
  draft.zone = zone;
  const auto taken = [&](const std::string& n) { return lab.loaded() && lab.cluster().FindNode(n) != kNone; };
  size_t inZone = 0;
  if (lab.loaded())
    for (const v1::Node& n : lab.doc().scenario().nodes) {
      auto z = n.metadata.labels.find("topology.kubernetes.io/zone");
      inZone += zone.empty() || (z != n.metadata.labels.end() && z->second == zone);
    }
  draft.name = NodeNameInDomain(zone, inZone, taken);
  ui.nodeDraft = std::move(draft);
  ui.addNodeError.clear();
  ui.showAddNode = true;
}

void DrawAddNodeDialog(Lab& lab, UiState& ui) {
  if (ui.showAddNode) {
    ImGui::OpenPopup("Add a node");
    ui.showAddNode = false;
  }
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(ImVec2(std::min(d.x - 40, 560.0f), 0), ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.4f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal("Add a node", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  NodeDraft& n = ui.nodeDraft;
  ImGui::PushItemWidth(std::min(d.x - 200, 320.0f));
  ImGui::InputText("name", &n.name);
  MarkItem("addNode:name");
  ImGui::InputText("zone", &n.zone);
  MarkItem("addNode:zone");
  HelpMarker("The node's topology.kubernetes.io/zone label (empty: none).");
  ImGui::InputText("labels", &n.labels);
  MarkItem("addNode:labels");
  HelpMarker("More labels, as key=value,key=value. kubernetes.io/hostname is the name.");
  ImGui::InputText("cpu", &n.cpu);
  MarkItem("addNode:cpu");
  ImGui::InputText("memory", &n.memory);
  MarkItem("addNode:memory");
  ImGui::InputText("pods", &n.pods);
  MarkItem("addNode:pods");
  HelpMarker("status.allocatable (and capacity): CPUs, memory and the most pods it runs.");
  ImGui::InputText("taints", &n.taints);
  MarkItem("addNode:taints");
  HelpMarker("As kubectl taint writes them: key=value:NoSchedule; key:NoExecute");
  ImGui::PopItemWidth();
  if (!ui.addNodeError.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(colors::V(colors::kRejected), "%s", ui.addNodeError.c_str());
    ImGui::PopTextWrapPos();
  }
  if (ui.closeAddNode) {
    ui.closeAddNode = false;
    ImGui::CloseCurrentPopup();
  }
  if (ImGui::Button("Add")) {
    std::string manifest;
    if (NodeManifest(n, manifest, ui.addNodeError))
      Later([&lab, &ui, manifest] {
        std::string error;
        ui.closeAddNode = lab.ApplyManifests(manifest, "node " + ui.nodeDraft.name, error);
        ui.addNodeError = error;
      });
  }
  MarkItem("addNode:add");
  ImGui::SameLine();
  if (ImGui::Button("Close") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void DrawEmptyClusterOffer(Lab& lab, UiState& ui) {
  ImGui::Spacing();
  ImGui::TextWrapped(
      "This cluster has no node, so every pod stays Pending. Start from the sample cluster (three zones, zone-a to "
      "zone-c, of two nodes each: 4 CPUs, 8Gi, 110 pods) or add nodes of your own; your objects stay.");
  if (ImGui::Button("Add the sample cluster (3 zones x 2 nodes)")) {
    Later([&lab] {
      std::string error;
      lab.ApplyManifests(SampleClusterManifest(), "the sample cluster", error);
    });
  }
  MarkItem("addSampleCluster");
  SameLineIfFits(ButtonWidth("Add a node..."));
  if (ImGui::Button("Add a node...")) OpenAddNode(lab, ui, "");
  MarkItem("addNodeOpen");
}

}  // namespace spreadlab::app
