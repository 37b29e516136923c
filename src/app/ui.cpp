// [SECTION] Style and fonts
// [SECTION] Frame layout: menu bar, pod panel | toolbar + cluster + timeline | decision, status bar
// This file uses the panels (panels/panels.h) and the helpers they share
// (panels/widgets.h); they never use it.
#include "app/ui.h"

#include <algorithm>

#include "app/app.h"
#include "app/panels/panels.h"
#include "app/panels/widgets.h"

namespace spreadlab::app {

FrameFacts& LastFrame() {
  static FrameFacts facts;
  return facts;
}

std::vector<std::string>& EmbedControls() {
  static std::vector<std::string> controls;
  return controls;
}

// [SECTION] Style and fonts

void SetupStyle(void* fontData, int fontBytes, float pixelSize, float dpiScale) {
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  // Keyboard navigation: Tab between fields, arrows between widgets, Space/Enter to activate,
  // with ImGui's visible focus rectangle.
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  if (fontData) {
    ImFontConfig cfg;
    cfg.OversampleH = 2;
    // Latin-1 and Greek for the user's text, and the few symbols the UI draws (— … → − ≤ ≥
    // ✔ ✘): whole blocks of arrows, math and dingbats would rasterize ~1,000 more glyphs
    // before the first frame. The web build serves a font subset to the same list.
    static const ImWchar ranges[] = {
#include "ui_glyph_ranges.inc"
    };
    io.Fonts->AddFontFromMemoryTTF(fontData, fontBytes, pixelSize * dpiScale, &cfg, ranges);
    io.FontGlobalScale = 1.0f / dpiScale;
  }
  ImGuiStyle& s = ImGui::GetStyle();
  s.WindowRounding = 0;
  s.FrameRounding = 4;
  s.GrabRounding = 4;
  s.WindowBorderSize = 1;
  s.FramePadding = ImVec2(6, 4);
  s.ItemSpacing = ImVec2(8, 6);
  SetTheme(colors::DarkTheme());
}

void SetTheme(bool dark) {
  colors::UsePalette(dark);
  ImGuiStyle& s = ImGui::GetStyle();
  if (dark) {
    ImGui::StyleColorsDark();
    s.Colors[ImGuiCol_WindowBg] = ImVec4(0.11f, 0.12f, 0.14f, 1);
  } else {
    ImGui::StyleColorsLight();
    s.Colors[ImGuiCol_WindowBg] = ImVec4(0.97f, 0.97f, 0.98f, 1);
    s.Colors[ImGuiCol_TitleBg] = ImVec4(0.88f, 0.90f, 0.94f, 1);
    s.Colors[ImGuiCol_TitleBgActive] = ImVec4(0.80f, 0.86f, 0.96f, 1);
  }
}

// [SECTION] Frame layout

namespace {
constexpr ImGuiWindowFlags kPanel = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                    ImGuiWindowFlags_NoBringToFrontOnFocus;

bool BeginPanel(const char* name, ImVec2 pos, ImVec2 size, ImGuiWindowFlags extra = 0) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  MarkRect(std::string("panel:") + name, pos, ImVec2(pos.x + size.x, pos.y + size.y));
  return ImGui::Begin(name, nullptr, kPanel | extra);
}
// On a phone's width, buttons that choose the lab's one view, as tabs would (ImGui's tab
// bar would add 10 KB to the wasm); returns their height.
float DrawViewTabs(UiState& ui, float top, float width) {
  const float height = ImGui::GetFrameHeight() + ImGui::GetStyle().WindowPadding.y * 2;
  if (BeginPanel("##views", ImVec2(0, top), ImVec2(width, height),
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar)) {
    const char* names[] = {"Pending pod", "Cluster", "Decision"};
    for (int v = 0; v < 3; ++v) {
      if (v > 0) ImGui::SameLine();
      const bool shown = ui.narrowView == v;
      if (shown) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
      if (ImGui::Button(names[v])) ui.narrowView = v;
      if (shown) ImGui::PopStyleColor();
      MarkItem(std::string("view:") + names[v]);
    }
  }
  ImGui::End();
  return height;
}
// Presenting: how much larger the text is drawn.
constexpr float kPresentScale = 1.3f;

// A side column folded away while presenting: a strip with the button that opens it again.
void FoldedColumn(const char* id, ImVec2 pos, ImVec2 size, const char* arrow, const char* name, bool& folded) {
  if (BeginPanel(id, pos, size, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar)) {
    if (ImGui::Button(arrow)) folded = false;
    MarkItem(std::string("unfold:") + name);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Open the %s panel", name);
  }
  ImGui::End();
}

// The button at the top of a side column that folds it (while presenting).
void FoldButton(const char* id, const char* label, bool& folded) {
  if (ImGui::SmallButton(label)) folded = true;
  MarkItem(id);
}
}  // namespace

void DrawFrame(Lab& lab, UiState& ui) {
  WidgetRects().clear();  // only what this frame draws
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const bool embed = host::Embedded();
  // A phone's width has no room for the panels side by side: the lab shows one view at a
  // time, an embed its decision under the picture (and grows its iframe to fit both).
  const bool narrow = NarrowDisplay();
  float top = 0;
  if (!embed) {
    DrawMenuBar(lab, ui);
    top = ImGui::GetFrameHeight();
  }
  // The status bar grows (up to three lines) to show a long status whole: an error message
  // cut at the window's edge told nothing.
  const float statusText = ImGui::CalcTextSize(lab.status().c_str(), nullptr, false, display.x - 24).y;
  const float statusH = std::max(ImGui::GetFrameHeight(), std::min(statusText, ImGui::GetTextLineHeight() * 3) +
                                                              ImGui::GetStyle().FramePadding.y * 2) +
                        6;
  const float bottom = display.y - statusH;
  if (narrow && !embed && lab.loaded()) top += DrawViewTabs(ui, top, display.x);
  // Where each panel goes: side by side, or one above the other (a compact embed) or on a
  // phone's width one at a time (the lab; a panel not shown has no width).
  const bool stacked = CompactEmbed();
  const bool one = narrow && !embed;
  // Presenting, the text is larger (read from the back of a room) and a side column the
  // teacher folds leaves its width to the picture.
  ImGui::GetIO().FontGlobalScale = (ui.present && !embed ? kPresentScale : 1.0f) / ui.dpiScale;
  const bool leftFolded = ui.present && ui.foldLeft && !embed, rightFolded = ui.present && ui.foldRight && !embed;
  const float fold = ImGui::GetFrameHeight() + 8;  // a folded column's strip
  float leftW = embed ? 0 : leftFolded ? fold : std::clamp(display.x * 0.25f, 280.0f, 380.0f);
  float centerW = 0;
  if (one) {
    leftW = ui.narrowView == 0 ? display.x : 0;
    centerW = ui.narrowView == 1 ? display.x : 0;
  } else if (stacked) {
    centerW = display.x;
  } else {
    const float rightW = rightFolded ? fold : std::clamp(display.x * (embed ? 0.36f : 0.3f), 300.0f, 460.0f);
    centerW = std::max(200.0f, display.x - leftW - rightW);
  }
  // Stacked, the picture takes the height it needed last frame (within bounds: a big
  // cluster scrolls) and the decision the rest.
  const float clusterBottom = stacked ? std::clamp(ui.pictureBottom + 8, top + 240, top + 1600) : bottom;
  const ImVec2 decisionPos = stacked ? ImVec2(0, clusterBottom) : ImVec2(leftW + centerW, top);
  const ImVec2 decisionSize(display.x - decisionPos.x, std::max(bottom - decisionPos.y, 80.0f));
  const float timelineH = lab.timeline().empty() ? 0 : std::min(190.0f, (clusterBottom - top) * 0.3f);

  if (!lab.loaded()) {
    BeginPanel("spreadlab", ImVec2(0, top), ImVec2(display.x, bottom - top));
    ImGui::TextWrapped(
        "No scenario loaded. Open one from the Examples menu or paste one (Scenario > Paste JSON or YAML).");
    ImGui::End();
  } else {
    if (leftFolded && !one) {
      FoldedColumn("##left-folded", ImVec2(0, top), ImVec2(leftW, bottom - top), ">", "Pending pod", ui.foldLeft);
    } else if (leftW > 0) {
      if (BeginPanel("Pending pod", ImVec2(0, top), ImVec2(leftW, bottom - top))) {
        if (ui.present && !one) FoldButton("fold:left", "< fold", ui.foldLeft);
        DrawPodPanel(lab, ui);
        DrawWorkloadsPanel(lab, ui);
        DrawEventsPanel(lab, ui);
        DrawProfilePanel(lab, ui);
      }
      ImGui::End();
    }
    if (centerW > 0) {
      if (BeginPanel("Cluster", ImVec2(leftW, top), ImVec2(centerW, clusterBottom - top - timelineH),
                     ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
        if (embed) DrawEmbedControls(lab, ui, EmbedControls());
        DrawToolbar(lab, ui);
        DrawCluster(lab, ui);
      }
      ImGui::End();
      if (timelineH > 0) {
        if (BeginPanel("Timeline: placements and events", ImVec2(leftW, clusterBottom - timelineH),
                       ImVec2(centerW, timelineH)))
          DrawTimeline(lab, ui);
        ImGui::End();
      }
    }
    ui.contentBottom = ui.pictureBottom;
    if (rightFolded && !stacked && !one) {
      FoldedColumn("##right-folded", decisionPos, decisionSize, "<", "Decision", ui.foldRight);
    } else if (decisionSize.x > 0) {
      if (BeginPanel("Decision", decisionPos, decisionSize)) {
        if (ui.present && !stacked && !one) FoldButton("fold:right", "fold >", ui.foldRight);
        DrawDecision(lab, ui);
      }
      if (stacked) ui.contentBottom = decisionPos.y + ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y;
      ImGui::End();
    }
  }
  if (BeginPanel("##status", ImVec2(0, bottom), ImVec2(display.x, statusH),
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar))
    DrawStatusBar(lab, ui);
  ImGui::End();
  DrawImportDialog(lab, ui);
  DrawAddNodeDialog(lab, ui);
  if (lab.loaded()) {
    // Over the Decision panel, which a prediction keeps unanswered anyway (and which
    // Compare's table repeats): the picture (where the learner clicks) and the editors stay
    // in view; on a phone's one view, over whichever view is shown. A folded Decision column
    // leaves them the right of the picture.
    const float overW = one ? display.x : std::max(decisionSize.x, std::min(420.0f, display.x * 0.35f));
    const ImVec2 overAt = one ? ImVec2(0, top) : ImVec2(display.x - overW, decisionPos.y);
    const ImVec2 overSize = one ? ImVec2(display.x, bottom - top) : ImVec2(overW, decisionSize.y);
    DrawComparePanel(lab, ui, ImVec2(overAt.x + 6, overAt.y + 26),
                     ImVec2(overSize.x - 12, std::max(overSize.y - 32, ImGui::GetFontSize() * 12)));
    DrawLessonPanel(lab, ui, ImVec2(overAt.x + 6, overAt.y + 26), overSize.x - 12);
  }
  LastFrame().keyboardFocus = ImGui::GetIO().NavVisible;
  LastFrame().dark = colors::DarkTheme();
  // Edits asked for during the frame, now that nothing refers into the old state.
  RunLater();
}

}  // namespace spreadlab::app
