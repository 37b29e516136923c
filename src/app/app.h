#pragma once
// What the platform mains, the panels and the JS bindings share: the one Lab and
// the services each platform provides (storage, downloads, clipboard, links).
#include <map>
#include <string>
#include <vector>

#include "app/model/lab.h"
#include "app/model/lessons.h"

namespace spreadlab::app {

// The lab the page (or window) shows; owned by the platform main.
Lab& TheLab();
// The guided lessons the page registered, and the learner's way through one.
LessonBook& TheLessons();

// Where named widgets were drawn in the last frame, in CSS pixels of the canvas
// (e.g. "maxSkew#0"): lets tests click and type on the real UI.
struct WidgetRect {
  float x = 0, y = 0, w = 0, h = 0;
};
std::map<std::string, WidgetRect>& WidgetRects();

// Facts about the last frame drawn, for the JS API (ui.cpp fills them).
struct FrameFacts {
  bool keyboardFocus = false;  // ImGui's keyboard navigation shows its focus rectangle
  bool dark = false;           // drawn in the dark theme
};
FrameFacts& LastFrame();

// The editors an embedding page asked for (?embed=1&controls=a,b): set by the page.
std::vector<std::string>& EmbedControls();

// Platform services, implemented by platform/main_web.cpp and main_desktop.cpp.
namespace host {
// Keeps the working scenario across reloads (web: localStorage).
void SaveScenario(const std::string& text, const std::string& source);
// Offers `text` as a file download (web) or writes it next to the binary (desktop).
void Download(const std::string& fileName, const std::string& text);
void CopyText(const std::string& text);
// Opens the platform's file picker; the chosen file arrives through Lab::Load.
void OpenFilePicker();
// Puts the scenario into the page URL (compressed fragment) and copies the link.
void Share(const std::string& text);
// Opens a gallery example whose text is not at hand yet (web: fetched, then loaded).
void OpenExample(const std::string& file);
// Opens a listed lesson whose text is not at hand yet (web: fetched with the files its
// steps open, then started).
void OpenLesson(const std::string& id);
// Keeps the lessons' progress across reloads (web: localStorage).
void SaveLessonProgress(const std::string& json);
// True in the compact embed layout (?embed=1).
bool Embedded();
}  // namespace host

}  // namespace spreadlab::app
