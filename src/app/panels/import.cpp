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
  ui.importOpen = ImGui::BeginPopupModal("Paste a scenario");
  if (!ui.importOpen) return;
  ImGui::TextWrapped(
      "Paste `kubectl get nodes,pods -o json` (or -o yaml) output, YAML manifests (Deployments too) or a spreadlab "
      "scenario (Ctrl+V), then Load.");
  // Manifests without nodes (a Deployment from the docs) go onto the cluster, as
  // `kubectl apply -f` puts them; a dump with its nodes replaces the scenario. Told once
  // per change of the text (a pasted dump may be megabytes).
  // The text area leaves room for the two choices, the error (wrapped to the dialog's
  // width) and the buttons.
  const float width = ImGui::GetContentRegionAvail().x;
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* kApply = "Apply to this cluster (kubectl apply -f)";
  const char* kReplace = "Replace the scenario";
  const float radio = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x;
  const bool choicesOnOneLine =
      ImGui::CalcTextSize(kApply).x + ImGui::CalcTextSize(kReplace).x + 2 * radio + style.ItemSpacing.x <= width;
  const float choicesH = ImGui::GetFrameHeightWithSpacing() * (choicesOnOneLine ? 1 : 2);
  const float errorH = ui.importError.empty()
                           ? 0
                           : ImGui::CalcTextSize(ui.importError.c_str(), nullptr, false, width).y + style.ItemSpacing.y;
  if (ImGui::InputTextMultiline(
          "##json", &ui.importText,
          ImVec2(-1, -(choicesH + errorH + ImGui::GetFrameHeightWithSpacing() + style.ItemSpacing.y))) ||
      ImGui::IsWindowAppearing() || ui.importText.size() != ui.importDefaultFor) {
    ui.importDefault = lab.PasteAppliesByDefault(ui.importText) ? 0 : 1;
    ui.importDefaultFor = ui.importText.size();
  }
  MarkItem("importText");
  const int mode = ui.importMode >= 0 ? ui.importMode : ui.importDefault;
  if (ImGui::RadioButton(kApply, mode == 0)) ui.importMode = 0;
  MarkItem("importApply");
  if (choicesOnOneLine) ImGui::SameLine();
  if (ImGui::RadioButton(kReplace, mode == 1)) ui.importMode = 1;
  MarkItem("importReplace");
  if (!ui.importError.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, colors::V(colors::kRejected));
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
    ImGui::TextUnformatted(ui.importError.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    MarkItem("importError");
  }
  // Escape closes the dialog as Cancel does (ImGui closes only popups that are not modal).
  if (ui.closeImport || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) {
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
