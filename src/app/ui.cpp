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
  return ImGui::Begin(name, nullptr, kPanel | extra);
}
}  // namespace

void DrawFrame(Lab& lab, UiState& ui) {
  WidgetRects().clear();  // only what this frame draws
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const bool embed = host::Embedded();
  float top = 0;
  if (!embed) {
    DrawMenuBar(lab, ui);
    top = ImGui::GetFrameHeight();
  }
  const float statusH = ImGui::GetFrameHeight() + 6;
  const float bottom = display.y - statusH;
  const float leftW = embed ? 0 : std::clamp(display.x * 0.25f, 280.0f, 380.0f);
  const float rightW = std::clamp(display.x * (embed ? 0.36f : 0.3f), 300.0f, 460.0f);
  const float centerW = std::max(200.0f, display.x - leftW - rightW);
  const float timelineH = lab.timeline().empty() ? 0 : std::min(190.0f, (bottom - top) * 0.3f);

  if (!lab.loaded()) {
    BeginPanel("spreadlab", ImVec2(0, top), ImVec2(display.x, bottom - top));
    ImGui::TextWrapped(
        "No scenario loaded. Open one from the Examples menu or paste one (Scenario > Paste JSON or YAML).");
    ImGui::End();
  } else {
    if (!embed) {
      if (BeginPanel("Pending pod", ImVec2(0, top), ImVec2(leftW, bottom - top))) {
        DrawPodPanel(lab, ui);
        DrawWorkloadsPanel(lab, ui);
        DrawEventsPanel(lab, ui);
        DrawProfilePanel(lab, ui);
      }
      ImGui::End();
    }
    if (BeginPanel("Cluster", ImVec2(leftW, top), ImVec2(centerW, bottom - top - timelineH),
                   ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
      if (embed) DrawEmbedControls(lab, EmbedControls());
      DrawToolbar(lab, ui);
      DrawCluster(lab, ui);
    }
    ImGui::End();
    if (timelineH > 0) {
      if (BeginPanel("Timeline: placements and events", ImVec2(leftW, bottom - timelineH), ImVec2(centerW, timelineH)))
        DrawTimeline(lab, ui);
      ImGui::End();
    }
    if (BeginPanel("Decision", ImVec2(leftW + centerW, top), ImVec2(display.x - leftW - centerW, bottom - top)))
      DrawDecision(lab, ui);
    ImGui::End();
  }
  if (BeginPanel("##status", ImVec2(0, bottom), ImVec2(display.x, statusH),
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar))
    DrawStatusBar(lab, ui);
  ImGui::End();
  DrawImportDialog(lab, ui);
  if (lab.loaded()) {
    DrawComparePanel(lab, ui);
    // Over the Decision panel, which a prediction keeps unanswered anyway: the picture
    // (where the learner clicks) and the editors stay in view.
    DrawLessonPanel(lab, ui, ImVec2(leftW + centerW + 6, top + 26), display.x - leftW - centerW - 12);
  }
  LastFrame().keyboardFocus = ImGui::GetIO().NavVisible;
  LastFrame().dark = colors::DarkTheme();
  // Edits asked for during the frame, now that nothing refers into the old state.
  RunLater();
}

}  // namespace spreadlab::app
