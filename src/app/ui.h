#pragma once
// The lab's UI: one frame, drawn top to bottom from the Lab, by both platform
// mains. Each panel is its own file under panels/ (declared in panels/panels.h), the
// helpers they share in panels/widgets.h and what the UI remembers between frames in
// panels/ui_state.h; the panels never include this header.
#include "app/model/lab.h"
#include "app/panels/ui_state.h"

namespace spreadlab::app {

// Light or dark: ImGui's style and the picture's palette (colors::P(), panels/widgets.h).
void SetTheme(bool dark);
// Fonts and colours. `fontData` is a TTF of `fontBytes` bytes allocated with
// IM_ALLOC (ImGui takes it over), or null for ImGui's built-in font; text is
// `pixelSize` logical pixels, rasterized at `dpiScale` times that.
void SetupStyle(void* fontData, int fontBytes, float pixelSize, float dpiScale);

// One frame of the whole UI.
void DrawFrame(Lab& lab, UiState& ui);

}  // namespace spreadlab::app
