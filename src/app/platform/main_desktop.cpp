// The desktop platform: SDL2 + OpenGL3 in a window, for developing the UI with a
// debugger. Same UI as the web build; only setup, the loop and the host services
// differ. Usage: spreadlab_desktop [scenario.json]
#include <SDL.h>
#include <SDL_opengl.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/app.h"
#include "app/platform/input_queue.h"
#include "app/ui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"

namespace spreadlab::app {

namespace {
Lab g_lab;
LessonBook g_lessons;

std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

Lab& TheLab() { return g_lab; }
LessonBook& TheLessons() { return g_lessons; }

namespace host {
void SaveScenario(const std::string& text, const std::string&) { std::ofstream("spreadlab-saved.json") << text; }
void Download(const std::string& fileName, const std::string& text) {
  std::ofstream(fileName) << text;
  g_lab.SetStatus("Wrote " + fileName, false);
}
void CopyText(const std::string& text) { SDL_SetClipboardText(text.c_str()); }
void OpenFilePicker() { g_lab.SetStatus("Desktop build: pass a file on the command line, or paste JSON", true); }
void Share(const std::string&) { g_lab.SetStatus("Share links are a web feature", true); }
void OpenExample(const std::string&) {}  // the desktop reads every example's text at start
void OpenLesson(const std::string&) {}   // and every lesson's
void SaveLessonProgress(const std::string& json) { std::ofstream("spreadlab-lessons.json") << json; }
bool Embedded() { return false; }
}  // namespace host

}  // namespace spreadlab::app

int main(int argc, char** argv) {
  using namespace spreadlab::app;
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
    return 1;
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 2);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_Window* window = SDL_CreateWindow("spreadlab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1400, 860,
                                        SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  SDL_GLContext gl = window ? SDL_GL_CreateContext(window) : nullptr;
  if (!gl) {
    std::fprintf(stderr, "OpenGL 3.2 context: %s\n", SDL_GetError());
    return 1;
  }
  SDL_GL_MakeCurrent(window, gl);
  SDL_GL_SetSwapInterval(1);
  ImGui::CreateContext();
  std::string font = ReadFile(SPREADLAB_FONT_FILE);
  void* fontData = nullptr;
  if (!font.empty()) {
    fontData = IM_ALLOC(font.size());
    std::copy(font.begin(), font.end(), static_cast<char*>(fontData));
  }
  SetupStyle(fontData, static_cast<int>(font.size()), 15.0f, 1.0f);
  ImGui_ImplSDL2_InitForOpenGL(window, gl);
  ImGui_ImplOpenGL3_Init("#version 150");

  for (const auto& entry : std::filesystem::directory_iterator(SPREADLAB_EXAMPLES_DIR)) {
    if (entry.path().extension() != ".json") continue;
    spreadlab::controlplane::ScenarioDoc doc;
    std::string error, text = ReadFile(entry.path());
    Example e{entry.path().filename().string(), "", "", text};
    if (doc.Load(text, error)) {
      e.title = doc.Annotation("spreadlab.io/title");
      e.description = doc.Annotation("spreadlab.io/description");
    }
    g_lab.AddExample(std::move(e));
  }
  std::string first = argc > 1 ? argv[1] : std::string(SPREADLAB_EXAMPLES_DIR) + "/one-constraint.json";
  std::string error;
  if (!AddLessonsFromDirectory(g_lessons, SPREADLAB_EXAMPLES_DIR, error))
    std::fprintf(stderr, "lessons: %s\n", error.c_str());
  g_lessons.RestoreProgress(ReadFile("spreadlab-lessons.json"));
  error.clear();
  if (!g_lab.Load(ReadFile(first), first, error)) std::fprintf(stderr, "%s: %s\n", first.c_str(), error.c_str());

  UiState ui;
  InputQueue input;
  while (input.NewFrame()) {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    DrawFrame(g_lab, ui);
    ImGui::Render();
    const ImGuiIO& io = ImGui::GetIO();
    glViewport(0, 0, static_cast<int>(io.DisplaySize.x * io.DisplayFramebufferScale.x),
               static_cast<int>(io.DisplaySize.y * io.DisplayFramebufferScale.y));
    glClearColor(0.97f, 0.97f, 0.98f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    SDL_GL_SwapWindow(window);
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(gl);
  SDL_DestroyWindow(window);
  SDL_Quit();
  return 0;
}
