// The paste dialog: any scenario JSON, including raw `kubectl get nodes,pods -o json`.
// A bad one shows the core's error and the current scenario stays.
#include "app/app.h"
#include "app/panels/panels.h"
#include "misc/cpp/imgui_stdlib.h"

namespace spreadlab::app {

void DrawImportDialog(Lab& lab, UiState& ui) {
  if (ui.showImport) {
    ImGui::OpenPopup("Paste a scenario");
    ui.showImport = false;
    ui.importError.clear();
  }
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(ImVec2(std::min(d.x - 40, 760.0f), std::min(d.y - 60, 560.0f)), ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal("Paste a scenario")) return;
  ImGui::TextWrapped(
      "Paste `kubectl get nodes,pods -o json` (or -o yaml) output, YAML manifests (Deployments too) or a spreadlab "
      "scenario (Ctrl+V), then Load.");
  ImGui::InputTextMultiline("##json", &ui.importText, ImVec2(-1, -ImGui::GetFrameHeightWithSpacing() * 3.2f));
  MarkItem("importText");
  if (!ui.importError.empty()) ImGui::TextColored(colors::V(colors::kRejected), "%s", ui.importError.c_str());
  if (ui.closeImport) {
    ui.closeImport = false;
    ImGui::CloseCurrentPopup();
  }
  if (ImGui::Button("Load")) {
    Later([&lab, &ui] {
      std::string error;
      if (lab.Load(ui.importText, "pasted scenario", error)) {
        ui.importText.clear();
        ui.closeImport = true;
      } else {
        ui.importError = error + "\nThe current scenario is kept.";
      }
    });
  }
  MarkItem("importLoad");
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace spreadlab::app
