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
  // Manifests without nodes (a Deployment from the docs) go onto the cluster, as
  // `kubectl apply -f` puts them; a dump with its nodes replaces the scenario. Told once
  // per change of the text (a pasted dump may be megabytes).
  if (ImGui::InputTextMultiline("##json", &ui.importText, ImVec2(-1, -ImGui::GetFrameHeightWithSpacing() * 4.4f)) ||
      ImGui::IsWindowAppearing())
    ui.importDefault = lab.PasteAppliesByDefault(ui.importText) ? 0 : 1;
  MarkItem("importText");
  const int mode = ui.importMode >= 0 ? ui.importMode : ui.importDefault;
  if (ImGui::RadioButton("Apply to this cluster (kubectl apply -f)", mode == 0)) ui.importMode = 0;
  MarkItem("importApply");
  SameLineIfFits(ImGui::CalcTextSize("Replace the scenario").x + ImGui::GetFrameHeight() * 2);
  if (ImGui::RadioButton("Replace the scenario", mode == 1)) ui.importMode = 1;
  MarkItem("importReplace");
  if (!ui.importError.empty()) ImGui::TextColored(colors::V(colors::kRejected), "%s", ui.importError.c_str());
  if (ui.closeImport) {
    ui.closeImport = false;
    ImGui::CloseCurrentPopup();
  }
  if (ImGui::Button(mode == 0 ? "Apply" : "Load")) {
    Later([&lab, &ui, mode] {
      std::string error;
      const bool ok = mode == 0 ? lab.ApplyManifests(ui.importText, "pasted manifests", error)
                                : lab.Load(ui.importText, "pasted scenario", error);
      if (ok) {
        ui.importText.clear();
        ui.importMode = -1;
        ui.closeImport = true;
      } else {
        ui.importError = error + (mode == 0 ? "\nNothing was applied." : "\nThe current scenario is kept.");
      }
    });
  }
  MarkItem("importLoad");
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace spreadlab::app
