// The menu bar: the example gallery, scenario in/out, undo/redo, view options.
#include <algorithm>

#include "app/app.h"
#include "app/panels/panels.h"

namespace spreadlab::app {

namespace {

// The pending pod's constraints as YAML for a manifest.
std::string ConstraintsYaml(const Lab& lab) {
  if (lab.pod() == kNone) return "";
  const auto& cs = lab.doc().scenario().pods[lab.podItem()].spec.topologySpreadConstraints;
  std::string y = "topologySpreadConstraints:\n";
  auto q = [](const std::string& s) { return "\"" + s + "\""; };
  for (const auto& c : cs) {
    y += "- maxSkew: " + std::to_string(c.maxSkew) + "\n";
    y += "  topologyKey: " + q(c.topologyKey) + "\n";
    y += "  whenUnsatisfiable: " + c.whenUnsatisfiable + "\n";
    if (c.labelSelector) {
      y += "  labelSelector:\n";
      if (!c.labelSelector->matchLabels.empty()) {
        y += "    matchLabels:\n";
        for (const auto& [k, v] : c.labelSelector->matchLabels) y += "      " + q(k) + ": " + q(v) + "\n";
      }
      if (!c.labelSelector->matchExpressions.empty()) {
        y += "    matchExpressions:\n";
        for (const auto& r : c.labelSelector->matchExpressions) {
          y += "    - key: " + q(r.key) + "\n      operator: " + r.op + "\n";
          if (!r.values.empty()) {
            y += "      values:";
            for (const auto& v : r.values) y += "\n      - " + q(v);
            y += "\n";
          }
        }
      }
      if (c.labelSelector->matchLabels.empty() && c.labelSelector->matchExpressions.empty())
        y.replace(y.size() - 1, 1, " {}\n");
    }
    if (c.minDomains) y += "  minDomains: " + std::to_string(*c.minDomains) + "\n";
    if (c.nodeAffinityPolicy) y += "  nodeAffinityPolicy: " + *c.nodeAffinityPolicy + "\n";
    if (c.nodeTaintsPolicy) y += "  nodeTaintsPolicy: " + *c.nodeTaintsPolicy + "\n";
    if (!c.matchLabelKeys.empty()) {
      y += "  matchLabelKeys:\n";
      for (const auto& k : c.matchLabelKeys) y += "  - " + q(k) + "\n";
    }
  }
  return y;
}

}  // namespace

void DrawMenuBar(Lab& lab, UiState& ui) {
  if (!ImGui::BeginMainMenuBar()) return;
  // On a phone's width every menu is needed more than the name (Help would not fit).
  if (!NarrowDisplay()) ImGui::TextColored(colors::V(colors::kAccent), "spreadlab");
  if (ImGui::BeginMenu("Examples")) {
    for (const Example& e : lab.examples()) {
      if (ImGui::MenuItem(e.title.empty() ? e.file.c_str() : e.title.c_str(), e.file.c_str())) {
        Later([&lab, &e] {
          std::string error;
          if (e.text.empty())
            host::OpenExample(e.file);  // fetched first
          else
            lab.Load(e.text, "examples/" + e.file, error);
        });
        ui.selectedNode = kNone;
      }
      MarkItem("example:" + e.file);
      if (ImGui::IsItemHovered() && !e.description.empty()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
        ImGui::TextUnformatted(e.description.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
    }
    if (lab.examples().empty()) ImGui::TextDisabled("(no examples found)");
    ImGui::EndMenu();
  }
  MarkItem("menu:Examples");
  if (ImGui::BeginMenu("Scenario")) {
    if (ImGui::MenuItem("Paste JSON or YAML...")) ui.showImport = true;
    MarkItem("menu:paste");
    if (ImGui::MenuItem("Open file...")) host::OpenFilePicker();
    ImGui::Separator();
    if (ImGui::MenuItem("Export JSON", nullptr, false, lab.loaded()))
      host::Download("scenario.json", lab.doc().Dump(2));
    if (ImGui::MenuItem("Export YAML", nullptr, false, lab.loaded()))
      host::Download("scenario.yaml", lab.doc().DumpYaml());
    if (ImGui::MenuItem("Copy constraints as YAML", nullptr, false, lab.pod() != kNone)) {
      host::CopyText(ConstraintsYaml(lab));
      lab.SetStatus("Copied the pending pod's topologySpreadConstraints as YAML", false);
    }
    if (ImGui::MenuItem("Copy share link", nullptr, false, lab.loaded())) host::Share(lab.doc().Dump());
    ImGui::EndMenu();
  }
  MarkItem("menu:Scenario");
  if (ImGui::BeginMenu("Lessons")) {
    const LessonBook& book = TheLessons();
    for (const LessonEntry& l : book.listed()) {
      auto it = book.progress().find(l.id);
      const size_t done = it == book.progress().end() ? 0 : it->second;
      const std::string mark = done >= l.steps ? "done"
                               : done          ? std::to_string(done) + "/" + std::to_string(l.steps)
                                               : "";
      if (ImGui::MenuItem(l.title.c_str(), mark.c_str()))
        Later([&lab, id = l.id] {
          std::string error;
          if (!TheLessons().Find(id))
            host::OpenLesson(id);  // fetched first, then started
          else if (!TheLessons().Start(lab, id, 0, error))
            lab.SetStatus(error, true);
        });
      MarkItem("lesson:" + l.id);
      if (ImGui::IsItemHovered() && !l.summary.empty()) ImGui::SetTooltip("%s", l.summary.c_str());
    }
    if (book.listed().empty()) ImGui::TextDisabled("(loading the lessons...)");
    ImGui::EndMenu();
  }
  MarkItem("menu:Lessons");
  if (ImGui::BeginMenu("Edit")) {
    std::string u = "Undo " + lab.undoLabel(), r = "Redo " + lab.redoLabel();
    if (ImGui::MenuItem(u.c_str(), "Ctrl+Z", false, lab.CanUndo())) Later([=, &lab] { lab.Undo(); });
    if (ImGui::MenuItem(r.c_str(), "Ctrl+Y", false, lab.CanRedo())) Later([=, &lab] { lab.Redo(); });
    ImGui::EndMenu();
  }
  MarkItem("menu:Edit");
  if (ImGui::BeginMenu("Compare")) {
    ImGui::MenuItem("Compare with another scenario...", nullptr, &ui.showCompare, lab.pod() != kNone);
    ImGui::EndMenu();
  }
  MarkItem("menu:Compare");
  if (ImGui::BeginMenu("Help")) {
    ImGui::PushTextWrapPos(std::min(ImGui::GetFontSize() * 32, ImGui::GetIO().DisplaySize.x - 32));
    ImGui::TextUnformatted(
        "spreadlab runs kube-scheduler's scheduling cycle for the pending pod in your browser and explains it.\n\n"
        "- Edit a constraint on the left: the cycle re-runs at once.\n"
        "- Green nodes are feasible, red ones were rejected: hover one for the arithmetic\n"
        "  matchNum + selfMatch - minMatchNum = skew, compared with maxSkew.\n"
        "- The gold node is where the pod goes; the Decision panel shows kube-scheduler's message.\n"
        "- Right-click a node to edit its labels, cordon, taint, copy or remove it; right-click a\n"
        "  zone's free space to add a node to it or remove it.\n"
        "- Drag a pod onto another node to move it; right-click it to edit its labels.\n"
        "- Play animates the phases; Schedule next binds the pod and moves to the next one.\n"
        "- Every change can be undone (Ctrl+Z) and is kept in this browser.");
    ImGui::PopTextWrapPos();
    ImGui::EndMenu();
  }
  MarkItem("menu:Help");
  // Keyboard shortcuts for undo/redo, unless a text field has the keyboard.
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.WantTextInput && (io.KeyCtrl || io.KeySuper)) {
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z)) && !io.KeyShift) Later([=, &lab] { lab.Undo(); });
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Y)) ||
        (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z)) && io.KeyShift))
      Later([=, &lab] { lab.Redo(); });
  }
  if (lab.loaded()) {
    std::string title = lab.doc().Annotation("spreadlab.io/title");
    const std::string right = lab.source() + (title.empty() ? "" : "  \xE2\x80\x94  " + title);
    // Right-aligned after the menus; a title too long for the bar ends in an ellipsis, whole
    // in its tooltip.
    const float x = ImGui::GetCursorPosX() + 20;
    const std::string shown = FitText(right, ImGui::GetWindowWidth() - x - 16);
    ImGui::SameLine(std::max(x, ImGui::GetWindowWidth() - ImGui::CalcTextSize(shown.c_str()).x - 16));
    ImGui::TextDisabled("%s", shown.c_str());
    if (shown != right && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", right.c_str());
  }
  ImGui::EndMainMenuBar();
}

}  // namespace spreadlab::app
