#pragma once
// SDL's events, handed to Dear ImGui a frame's worth at a time. ImGui 1.86 reads the mouse
// buttons, the keys and the pointer once per frame (1.87 added an input queue), so a press
// and release that arrive within one slow frame (a phone, a projector laptop, a busy page)
// would cancel out: Ctrl+Z pressed and released, or a tap, did nothing. Here, once a
// button or key has changed in a frame, the event that would change it again waits for the
// next frame, with every event after it (their order is kept): press on frame N, release
// on frame N+1. The web and desktop mains share it.
#include <SDL.h>

#include <bitset>
#include <deque>

namespace spreadlab::app {

class InputQueue {
 public:
  // Takes SDL's new events and gives ImGui this frame's share of the queue, then runs
  // ImGui_ImplSDL2_NewFrame (call it where that would be called). Returns false once SDL
  // asked to quit.
  bool NewFrame();

 private:
  // Whether `e` may still go to ImGui this frame (nothing it changes has changed yet);
  // marks what it changes.
  bool FitsThisFrame(const SDL_Event& e);
  void Feed(const SDL_Event& e);

  std::deque<SDL_Event> waiting_;
  bool quit_ = false;
  // The state as the events fed so far left it: ImGui sees this, not SDL's state now.
  bool mouseDown_[3] = {};
  float mouseX_ = 0, mouseY_ = 0;
  bool mouseSeen_ = false;
  std::bitset<SDL_NUM_SCANCODES> keyDown_;
  // What changed in the frame being fed.
  bool mouseChanged_[3] = {};
  bool buttonChanged_ = false;  // any button: the pointer stays where the change happened
  std::bitset<SDL_NUM_SCANCODES> keyChanged_;
};

}  // namespace spreadlab::app
