#include "app/platform/input_queue.h"

#include <cfloat>

#include "imgui.h"
#include "imgui_impl_sdl.h"

namespace spreadlab::app {

namespace {
// ImGui's io.MouseDown index of an SDL button; -1 for the buttons it does not read.
int ButtonIndex(Uint8 button) {
  switch (button) {
    case SDL_BUTTON_LEFT:
      return 0;
    case SDL_BUTTON_RIGHT:
      return 1;
    case SDL_BUTTON_MIDDLE:
      return 2;
    default:
      return -1;
  }
}
}  // namespace

bool InputQueue::NewFrame() {
  SDL_Event e;
  while (SDL_PollEvent(&e)) {
    if (e.type == SDL_QUIT) quit_ = true;
    waiting_.push_back(e);
  }
  for (bool& c : mouseChanged_) c = false;
  buttonChanged_ = false;
  keyChanged_.reset();
  while (!waiting_.empty() && FitsThisFrame(waiting_.front())) {
    Feed(waiting_.front());
    waiting_.pop_front();
  }
  ImGui_ImplSDL2_NewFrame();
  // The backend reads the buttons and the pointer from SDL's state now, past the events
  // still waiting: ImGui gets them as the events fed so far left them.
  ImGuiIO& io = ImGui::GetIO();
  for (int b = 0; b < 3; ++b) io.MouseDown[b] = mouseDown_[b];
  if (mouseSeen_ && io.MousePos.x != -FLT_MAX) io.MousePos = ImVec2(mouseX_, mouseY_);
  return !quit_;
}

bool InputQueue::FitsThisFrame(const SDL_Event& e) {
  // After a button changed, the pointer stays where it did: ImGui reads one position a
  // frame, and a click released over a button must be seen over it.
  auto pointerStays = [&](Sint32 x, Sint32 y) {
    return !buttonChanged_ || (static_cast<float>(x) == mouseX_ && static_cast<float>(y) == mouseY_);
  };
  switch (e.type) {
    case SDL_MOUSEMOTION:
      return pointerStays(e.motion.x, e.motion.y);
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP: {
      const int b = ButtonIndex(e.button.button);
      if (!pointerStays(e.button.x, e.button.y)) return false;
      if (b < 0 || (e.type == SDL_MOUSEBUTTONDOWN) == mouseDown_[b]) return true;
      if (mouseChanged_[b]) return false;
      mouseChanged_[b] = buttonChanged_ = true;
      return true;
    }
    case SDL_KEYDOWN:
    case SDL_KEYUP: {
      const size_t k = e.key.keysym.scancode;
      if (k >= SDL_NUM_SCANCODES || (e.type == SDL_KEYDOWN) == keyDown_[k]) return true;
      if (keyChanged_[k]) return false;
      keyChanged_[k] = true;
      return true;
    }
    default:
      return true;
  }
}

void InputQueue::Feed(const SDL_Event& e) {
  ImGui_ImplSDL2_ProcessEvent(&e);
  ImGuiIO& io = ImGui::GetIO();
  switch (e.type) {
    case SDL_MOUSEMOTION:
      mouseX_ = static_cast<float>(e.motion.x), mouseY_ = static_cast<float>(e.motion.y), mouseSeen_ = true;
      break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
      if (const int b = ButtonIndex(e.button.button); b >= 0) mouseDown_[b] = e.type == SDL_MOUSEBUTTONDOWN;
      mouseX_ = static_cast<float>(e.button.x), mouseY_ = static_cast<float>(e.button.y), mouseSeen_ = true;
      break;
    case SDL_KEYDOWN:
    case SDL_KEYUP: {
      if (const size_t k = e.key.keysym.scancode; k < SDL_NUM_SCANCODES) keyDown_[k] = e.type == SDL_KEYDOWN;
      // The modifiers as they were at this key (the backend asks SDL for them now, when a
      // Ctrl held for Ctrl+Z may already be released).
      const Uint16 mod = e.key.keysym.mod;
      io.KeyShift = (mod & KMOD_SHIFT) != 0;
      io.KeyCtrl = (mod & KMOD_CTRL) != 0;
      io.KeyAlt = (mod & KMOD_ALT) != 0;
#ifndef _WIN32
      io.KeySuper = (mod & KMOD_GUI) != 0;  // the backend leaves it off on Windows
#endif
      break;
    }
    default:
      break;
  }
}

}  // namespace spreadlab::app
