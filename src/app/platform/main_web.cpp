// The web platform: SDL2 + WebGL2 in the page's canvas. main() sets up, then hands
// the frame to the browser (emscripten_set_main_loop). The page's side, which
// fetches the font and the examples, stores the scenario and exposes
// window.spreadlab, is web/spreadlab-page.js; the JS API is src/bindings/.
#include <SDL.h>
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <algorithm>
#include <cstdio>
#include <vector>
#include <cstdlib>

#include "app/app.h"
#include "app/panels/widgets.h"  // colors::DarkTheme
#include "app/platform/input_queue.h"
#include "app/ui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"

namespace spreadlab::app {

namespace {
Lab g_lab;
LessonBook g_lessons;
UiState g_ui;
InputQueue g_input;
SDL_Window* g_window = nullptr;
SDL_GLContext g_gl = nullptr;
uint64_t g_savedRevision = 0;
double g_changedAt = 0;
int g_frames = 0;
// The undo history and the timeline a reload keeps (sessionStorage), at most this many bytes
// of JSON: the newest steps that fit (Lab::HistoryJson).
constexpr size_t kHistoryBytes = 2'000'000;
// CPU time of the last frames (events, UI, render submission), for spreadlab_platform_stats.
constexpr int kFrameSamples = 240;
float g_frameMs[kFrameSamples] = {};
float g_uiMs[kFrameSamples] = {};  // the UI alone: events, panels, ImGui::Render (no GL)
}  // namespace

Lab& TheLab() { return g_lab; }
LessonBook& TheLessons() { return g_lessons; }

// SDL looks up a few optional EGL/GL extension entry points through eglGetProcAddress and
// copes with null. Emscripten's own eglGetProcAddress is a table of every WebGL entry point,
// which links all of them into the module and the JS glue (~50 KB of JS, ~5 KB of wasm);
// the lab calls GL directly, so this definition takes its place.
extern "C" __eglMustCastToProperFunctionPointerType eglGetProcAddress(const char*) { return nullptr; }

// ---- the page's services (web/spreadlab-page.js) ----
EM_JS(int, js_font_size, (), { return Module.spreadlabFont ? Module.spreadlabFont.length : 0; });
EM_JS(void, js_font_copy, (void* dst), {
  HEAPU8.set(Module.spreadlabFont, dst);
  Module.spreadlabFont = null;
});
EM_JS(void, js_boot, (), { Module.spreadlabBoot(); });
EM_JS(void, js_first_frame, (), { Module.spreadlabFirstFrame(); });
EM_JS(void, js_no_webgl, (), { Module.spreadlabNoWebGL(); });
EM_JS(void, js_save, (const char* text, const char* source),
      { Module.spreadlabSave(UTF8ToString(text), UTF8ToString(source)); });
EM_JS(void, js_download, (const char* name, const char* text),
      { Module.spreadlabDownload(UTF8ToString(name), UTF8ToString(text)); });
EM_JS(void, js_copy, (const char* text), { Module.spreadlabCopy(UTF8ToString(text)); });
EM_JS(void, js_pick_file, (), { Module.spreadlabPickFile(); });
EM_JS(void, js_share, (const char* text), { Module.spreadlabShare(UTF8ToString(text)); });
EM_JS(void, js_save_history, (const char* json), { Module.spreadlabSaveHistory(UTF8ToString(json)); });
EM_JS(void, js_save_lessons, (const char* json), { Module.spreadlabSaveLessons(UTF8ToString(json)); });
EM_JS(void, js_open_example, (const char* file), { Module.spreadlabOpenExample(UTF8ToString(file)); });
EM_JS(void, js_open_lesson, (const char* id), { Module.spreadlabOpenLesson(UTF8ToString(id)); });
EM_JS(int, js_dark, (), { return Module.spreadlabDark && Module.spreadlabDark() ? 1 : 0; });
EM_JS(void, js_decision_text, (const char* text), { Module.spreadlabDecisionText(UTF8ToString(text)); });
EM_JS(void, js_content_height, (int height), { Module.spreadlabContentHeight(height); });
EM_JS(int, js_embedded, (), { return Module.spreadlabEmbed ? 1 : 0; });

namespace host {
void SaveScenario(const std::string& text, const std::string& source) { js_save(text.c_str(), source.c_str()); }
void Download(const std::string& fileName, const std::string& text) { js_download(fileName.c_str(), text.c_str()); }
void CopyText(const std::string& text) { js_copy(text.c_str()); }
void OpenFilePicker() { js_pick_file(); }
void Share(const std::string& text) { js_share(text.c_str()); }
void SaveLessonProgress(const std::string& json) { js_save_lessons(json.c_str()); }
void OpenExample(const std::string& file) { js_open_example(file.c_str()); }
void OpenLesson(const std::string& id) { js_open_lesson(id.c_str()); }
bool Embedded() {
  static int embedded = js_embedded();
  return embedded != 0;
}
}  // namespace host

namespace {

// The decision as HTML text beside the canvas (aria-live), after each re-run of the cycle.
void ShowDecisionText() {
  // Rebuilt only when the cycle or the scenario changed: at 5,000 nodes it is 5,000 lines.
  static std::pair<uint64_t, uint64_t> shownFor{~uint64_t{0}, 0};
  const std::pair<uint64_t, uint64_t> now{g_lab.trace().cycle, g_lab.revision()};
  if (now == shownFor) return;
  shownFor = now;
  js_decision_text(g_lab.DecisionText().c_str());
}

void Frame() {
  const double begin = emscripten_get_now();
  // ?theme=dark|light|auto (auto follows prefers-color-scheme, also when it changes).
  if (const bool dark = js_dark() != 0; dark != colors::DarkTheme()) SetTheme(dark);
  g_input.NewFrame();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
  DrawFrame(g_lab, g_ui);
  ImGui::Render();
  g_uiMs[g_frames % kFrameSamples] = static_cast<float>(emscripten_get_now() - begin);
  const ImGuiIO& io = ImGui::GetIO();
  glViewport(0, 0, static_cast<int>(io.DisplaySize.x * io.DisplayFramebufferScale.x),
             static_cast<int>(io.DisplaySize.y * io.DisplayFramebufferScale.y));
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(bg.x, bg.y, bg.z, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  g_frameMs[g_frames % kFrameSamples] = static_cast<float>(emscripten_get_now() - begin);
  if (++g_frames == 2) js_first_frame();  // the first frame with laid-out windows is on screen
  ShowDecisionText();
  // An embed tells its page how tall its content is (the picture, or on a phone's width the
  // decision under it, then the status bar), so that the iframe can fit it.
  static int postedHeight = 0;
  if (host::Embedded() && g_frames >= 2) {
    const int height = static_cast<int>(g_ui.contentBottom + ImGui::GetFrameHeight() + 16);
    if (std::abs(height - postedHeight) > 2) js_content_height(postedHeight = height);
  }
  // Save the working scenario half a second after the last change.
  const double now = emscripten_get_now();
  if (g_lab.loaded() && g_lab.revision() != g_savedRevision) {
    if (g_changedAt == 0) g_changedAt = now;
    if (now - g_changedAt > 500) {
      host::SaveScenario(g_lab.doc().Dump(), g_lab.source());
      if (!host::Embedded()) js_save_history(g_lab.HistoryJson(kHistoryBytes).c_str());
      g_savedRevision = g_lab.revision();
      g_changedAt = 0;
    }
  }
}

}  // namespace
}  // namespace spreadlab::app

// Ctrl+V in the page (the browser's clipboard is not SDL's): into the active text
// field, or the open Paste dialog's text (at its end, as a paste into it there would go;
// its Apply or Load takes it), or else the text is opened as a scenario (manifests
// without a node are applied to the cluster: Lab::Paste).
extern "C" EMSCRIPTEN_KEEPALIVE void spreadlab_platform_paste(const char* text) {
  using namespace spreadlab::app;
  if (ImGui::GetIO().WantTextInput) {
    ImGui::GetIO().AddInputCharactersUTF8(text);
    return;
  }
  if (g_ui.importOpen) {
    g_ui.importText += text;
    return;
  }
  std::string error;
  g_lab.Paste(text, error);
}

// After a reload, the undo history and the timeline kept with the saved scenario
// (ignored when they were kept with another one).
extern "C" EMSCRIPTEN_KEEPALIVE void spreadlab_platform_restore_history(const char* json) {
  spreadlab::app::g_lab.RestoreHistory(json);
}

// Frame CPU times over the last frames, in ms: the whole frame (with the WebGL
// calls) and the UI alone. {"frames", "p50", "p95", "max", "uiP50", "uiP95"}.
extern "C" EMSCRIPTEN_KEEPALIVE const char* spreadlab_platform_stats() {
  using namespace spreadlab::app;
  static char out[200];
  const int n = std::min(g_frames, kFrameSamples);
  std::vector<float> v(g_frameMs, g_frameMs + n), u(g_uiMs, g_uiMs + n);
  std::sort(v.begin(), v.end());
  std::sort(u.begin(), u.end());
  auto at = [](const std::vector<float>& x, double q) {
    return x.empty() ? 0.0 : x[std::min<size_t>(x.size() - 1, static_cast<size_t>(q * x.size()))];
  };
  std::snprintf(out, sizeof out, "{\"frames\":%d,\"p50\":%.3f,\"p95\":%.3f,\"max\":%.3f,\"uiP50\":%.3f,\"uiP95\":%.3f}",
                g_frames, at(v, 0.5), at(v, 0.95), v.empty() ? 0.0 : v.back(), at(u, 0.5), at(u, 0.95));
  return out;
}

int main(int, char**) {
  using namespace spreadlab::app;
  SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
    return 1;
  }
  // An embed leaves a swipe to the browser, so that a reader on a phone scrolls the page
  // past it: SDL stops the page's scrolling on a touch only while its finger events are
  // on (Emscripten_HandleTouch). ImGui reads none of them; a tap still arrives as SDL's
  // mouse click. The lab's own page has nothing to scroll: its touches drag sliders and pods.
  if (host::Embedded())
    for (Uint32 type : {SDL_FINGERDOWN, SDL_FINGERUP, SDL_FINGERMOTION}) SDL_EventState(type, SDL_DISABLE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  g_window = SDL_CreateWindow("spreadlab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1280, 800,
                              SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  g_gl = g_window ? SDL_GL_CreateContext(g_window) : nullptr;
  if (!g_gl) {
    std::fprintf(stderr, "WebGL2 context: %s\n", SDL_GetError());
    js_no_webgl();
    // The lab cannot draw, but it can still say what kube-scheduler decides, as text.
    js_boot();
    ShowDecisionText();
    return 1;
  }
  SDL_GL_MakeCurrent(g_window, g_gl);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  const float dpi = static_cast<float>(emscripten_get_device_pixel_ratio());
  g_ui.dpiScale = dpi;
  void* font = nullptr;
  if (int size = js_font_size(); size > 0) {
    font = IM_ALLOC(size);
    js_font_copy(font);
    SetupStyle(font, size, 15.0f, dpi);
    // ImGui owns `font` now (FontDataOwnedByAtlas).
  } else {
    SetupStyle(nullptr, 0, 13.0f, 1.0f);
  }
  ImGui_ImplSDL2_InitForOpenGL(g_window, g_gl);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  js_boot();  // registers the examples and loads the first scenario through the JS API
  emscripten_set_main_loop(Frame, 0, false);
  return 0;
}
