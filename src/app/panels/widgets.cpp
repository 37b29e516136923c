// What every panel shares (declared in panels/widgets.h).
#include "app/panels/widgets.h"

#include <set>

#include "app/app.h"
#include "misc/cpp/imgui_stdlib.h"

namespace spreadlab::app {

std::map<std::string, WidgetRect>& WidgetRects() {
  static std::map<std::string, WidgetRect> rects;
  return rects;
}

void MarkItem(const std::string& id) { MarkRect(id, ImGui::GetItemRectMin(), ImGui::GetItemRectMax()); }

void MarkRect(const std::string& id, ImVec2 a, ImVec2 b) {
  WidgetRects()[id] = WidgetRect{a.x, a.y, b.x - a.x, b.y - a.y};
}

namespace {
std::vector<std::function<void()>>& Changes() {
  static std::vector<std::function<void()>> changes;
  return changes;
}
}  // namespace

bool CompactEmbed() { return host::Embedded() && ImGui::GetIO().DisplaySize.x < 1000; }

void Later(std::function<void()> change) { Changes().push_back(std::move(change)); }

void RunLater() {
  auto changes = std::move(Changes());
  Changes().clear();
  for (auto& change : changes) change();
}

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

std::string PodColorValue(const v1::Pod& pod, const std::string& key) {
  if (key == kColorByWorkload) {
    for (const v1::OwnerReference& r : pod.metadata.ownerReferences)
      if (r.controller) return r.kind + "/" + r.name;
    return "";
  }
  auto it = pod.metadata.labels.find(key);
  return it == pod.metadata.labels.end() ? "" : it->first + "=" + it->second;
}

void SameLineIfFits(float width, float spacing) {
  const float gap = spacing < 0 ? ImGui::GetStyle().ItemSpacing.x : spacing;
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + gap + width <= right) ImGui::SameLine(0, gap);
}

float ButtonWidth(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

std::string FitText(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  const std::string ellipsis = "\xE2\x80\xA6";
  const float room = width - ImGui::CalcTextSize(ellipsis.c_str()).x;
  // The longest prefix that fits, found by bisection over byte lengths.
  size_t lo = 0, hi = text.size();
  while (lo < hi) {
    const size_t mid = (lo + hi + 1) / 2;
    if (ImGui::CalcTextSize(text.data(), text.data() + mid).x <= room)
      lo = mid;
    else
      hi = mid - 1;
  }
  while (lo > 0 && (static_cast<unsigned char>(text[lo]) & 0xC0) == 0x80) --lo;  // not inside a character
  return text.substr(0, lo) + ellipsis;
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

bool EditText(const char* label, const std::string& id, const std::string& current, std::string& out,
              const char* hint) {
  return EditHeld(id, current, out, [&](std::string& buf) {
    const bool enter = hint ? ImGui::InputTextWithHint(label, hint, &buf, ImGuiInputTextFlags_EnterReturnsTrue)
                            : ImGui::InputText(label, &buf, ImGuiInputTextFlags_EnterReturnsTrue);
    // A value longer than its field (a pod's labels) is shown whole on hover.
    if (!ImGui::IsItemActive() && ImGui::IsItemHovered() &&
        ImGui::CalcTextSize(buf.c_str()).x > ImGui::GetItemRectSize().x - ImGui::CalcTextSize(label, nullptr, true).x -
                                                 ImGui::GetStyle().FramePadding.x * 2 -
                                                 ImGui::GetStyle().ItemInnerSpacing.x)
      ImGui::SetTooltip("%s", buf.c_str());
    return enter;
  });
}

bool EditInt(const char* label, const std::string& id, int current, int& out) {
  return EditHeld(id, current, out,
                  [&](int& buf) { return ImGui::InputInt(label, &buf, 0, 0, ImGuiInputTextFlags_EnterReturnsTrue); });
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
void UsePalette(bool dark) { g_dark = dark; }
}  // namespace colors

}  // namespace spreadlab::app
