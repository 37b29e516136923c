// [SECTION] Style and fonts
// [SECTION] Frame layout: menu bar, pod panel | toolbar + cluster + timeline | decision, status bar
// [SECTION] Helpers shared by the panels
#include "app/ui.h"

#include <algorithm>
#include <set>

#include "app/app.h"
#include "app/panels/panels.h"

namespace spreadlab::app {

std::map<std::string, WidgetRect>& WidgetRects() {
  static std::map<std::string, WidgetRect> rects;
  return rects;
}

void MarkItem(const std::string& id) { MarkRect(id, ImGui::GetItemRectMin(), ImGui::GetItemRectMax()); }

void MarkRect(const std::string& id, ImVec2 a, ImVec2 b) { WidgetRects()[id] = WidgetRect{a.x, a.y, b.x - a.x, b.y - a.y}; }

namespace {
std::vector<std::function<void()>>& Changes() {
  static std::vector<std::function<void()>> changes;
  return changes;
}
}  // namespace

void Later(std::function<void()> change) { Changes().push_back(std::move(change)); }

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

namespace colors {
namespace {
constexpr Palette kLight{IM_COL32(40, 40, 50, 255),    IM_COL32(20, 20, 30, 255),    IM_COL32(255, 255, 255, 255),
                         IM_COL32(255, 255, 255, 255), IM_COL32(236, 248, 238, 255), IM_COL32(246, 236, 236, 255),
                         IM_COL32(250, 250, 250, 255), IM_COL32(190, 195, 205, 255), IM_COL32(0, 0, 0, 40),
                         IM_COL32(232, 240, 252, 255), IM_COL32(238, 238, 238, 255), IM_COL32(170, 190, 220, 255),
                         IM_COL32(236, 238, 242, 255), IM_COL32(215, 218, 225, 255), IM_COL32(217, 222, 230, 255),
                         IM_COL32(170, 90, 0, 255),    IM_COL32(20, 30, 60, 255),    IM_COL32(200, 200, 205, 255),
                         IM_COL32(232, 232, 236, 255), IM_COL32(253, 236, 200, 255), IM_COL32(235, 247, 237, 255),
                         IM_COL32(252, 237, 237, 255), IM_COL32(64, 89, 140, 255)};
constexpr Palette kDark{IM_COL32(215, 218, 225, 255), IM_COL32(240, 242, 246, 255), IM_COL32(255, 255, 255, 255),
                        IM_COL32(40, 43, 50, 255),    IM_COL32(30, 58, 40, 255),    IM_COL32(66, 34, 36, 255),
                        IM_COL32(36, 38, 44, 255),    IM_COL32(85, 90, 102, 255),   IM_COL32(0, 0, 0, 90),
                        IM_COL32(30, 38, 54, 255),    IM_COL32(34, 35, 40, 255),    IM_COL32(70, 86, 120, 255),
                        IM_COL32(58, 62, 72, 255),    IM_COL32(90, 95, 108, 255),   IM_COL32(60, 64, 74, 255),
                        IM_COL32(240, 160, 60, 255),  IM_COL32(230, 235, 245, 255), IM_COL32(95, 98, 108, 255),
                        IM_COL32(55, 58, 66, 255),    IM_COL32(90, 70, 30, 255),    IM_COL32(30, 55, 38, 255),
                        IM_COL32(70, 36, 38, 255),    IM_COL32(150, 175, 225, 255)};
bool g_dark = false;
}  // namespace
const Palette& P() { return g_dark ? kDark : kLight; }
bool DarkTheme() { return g_dark; }
}  // namespace colors

void SetTheme(bool dark) {
  colors::g_dark = dark;
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
    ImGui::TextWrapped("No scenario loaded. Open one from the Examples menu or paste one (Scenario > Paste JSON or YAML).");
    ImGui::End();
  } else {
    if (!embed) {
      if (BeginPanel("Pending pod", ImVec2(0, top), ImVec2(leftW, bottom - top))) {
        DrawPodPanel(lab, ui);
        DrawWorkloadsPanel(lab, ui);
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
      if (BeginPanel("Placements over time", ImVec2(leftW, bottom - timelineH), ImVec2(centerW, timelineH)))
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
  auto changes = std::move(Changes());
  Changes().clear();
  for (auto& change : changes) change();
}

// [SECTION] Helpers

std::string GroupKey(const Lab& lab, const UiState& ui) {
  if (!ui.groupKey.empty()) return ui.groupKey;
  if (!lab.loaded()) return "";
  const Scenario& s = lab.doc().scenario();
  if (lab.pod() != kNone) {
    const auto& cs = s.pods[lab.podItem()].spec.topologySpreadConstraints;
    if (!cs.empty() && !cs.front().topologyKey.empty()) return cs.front().topologyKey;
    const CycleTrace& t = lab.trace();
    if (!t.spreadFilter.empty()) return t.spreadFilter.front().topologyKey;
    if (!t.spreadScore.empty()) return t.spreadScore.front().topologyKey;
  }
  for (const char* k : {kLabelTopologyZone, "zone"})
    for (const auto& n : s.nodes)
      if (n.metadata.labels.count(k)) return k;
  return "";
}

const std::vector<std::string>& NodeLabelKeys(const Lab& lab) {
  // Kept per revision: two panels ask every frame, and a big scenario has thousands of nodes.
  static uint64_t revision = ~uint64_t{0};
  static std::vector<std::string> out;
  if (revision == lab.revision()) return out;
  std::set<std::string> keys;
  if (lab.loaded())
    for (const auto& n : lab.doc().scenario().nodes)
      for (const auto& [k, v] : n.metadata.labels) keys.insert(k);
  out.assign(keys.begin(), keys.end());
  revision = lab.revision();
  return out;
}

void Section(const char* title) {
  ImGui::Spacing();
  ImGui::TextColored(colors::V(colors::P().heading), "%s", title);
  ImGui::Separator();
}

void HelpMarker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

}  // namespace spreadlab::app
