// The open lesson's step as a window over the picture: its text, the widgets to look at
// (outlined), the prediction (click a node, or answer yes/no) answered by the real cycle,
// and the task with its live state, hint and "show me".
#include <cmath>

#include "app/app.h"
#include "app/panels/panels.h"

namespace spreadlab::app {

namespace {

// Outlines the step's widgets, pulsing, over the other windows but not over the lesson
// window (`over`, `overSize`), which hides what lies under it: around it, in four clips.
void Highlight(const std::vector<std::string>& look, ImVec2 over, ImVec2 overSize) {
  const float pulse = 0.5f + 0.5f * std::sin(static_cast<float>(ImGui::GetTime()) * 4.0f);
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const ImVec2 end(over.x + overSize.x, over.y + overSize.y);
  const ImVec4 around[] = {
      {0, 0, d.x, over.y}, {0, end.y, d.x, d.y}, {0, over.y, over.x, end.y}, {end.x, over.y, d.x, end.y}};
  for (const std::string& id : look) {
    auto it = WidgetRects().find(id);
    if (it == WidgetRects().end()) continue;
    const WidgetRect& r = it->second;
    for (const ImVec4& clip : around) {
      if (clip.z <= clip.x || clip.w <= clip.y) continue;
      dl->PushClipRect(ImVec2(clip.x, clip.y), ImVec2(clip.z, clip.w));
      dl->AddRect(ImVec2(r.x - 4, r.y - 4), ImVec2(r.x + r.w + 4, r.y + r.h + 4),
                  IM_COL32(240, 140, 0, static_cast<int>(120 + 135 * pulse)), 6, 0, 3);
      dl->PopClipRect();
    }
  }
}

void Prediction(Lab& lab, LessonBook& book) {
  const LessonStep& step = book.step();
  ImGui::Separator();
  ImGui::TextColored(colors::V(colors::kAccent), "Predict: %s", step.question.c_str());
  const LessonBook::Prediction& p = book.prediction();
  if (!p.answered) {
    auto answer = [&](const char* label, const char* value) {
      if (ImGui::Button(label))
        Later([&lab, &book, v = std::string(value)] {
          std::string error;
          if (!book.Predict(lab, v, error)) lab.SetStatus(error, true);
        });
      MarkItem(std::string("predict:") + value);
    };
    if (step.predict == "node") {
      ImGui::TextDisabled("Click the node card you think the pod goes to, or");
      SameLineIfFits(ButtonWidth("it stays Pending"));
      answer("it stays Pending", "Pending");
    } else {
      answer("Yes, it gets a node", "yes");
      SameLineIfFits(ButtonWidth("No, it stays Pending"));
      answer("No, it stays Pending", "no");
    }
    return;
  }
  // The answer waits until the cycle's animation has selected the host: no spoilers.
  if (!lab.playback.Reached(Phase::Select)) {
    ImGui::TextDisabled("You said %s. Watch the cycle decide... (%s)", p.said.c_str(), PhaseName(lab.playback.phase));
    return;
  }
  ImGui::TextColored(colors::V(p.correct ? colors::kFeasible : colors::kRejected),
                     "%s You said %s; kube-scheduler: %s.", p.correct ? "\xE2\x9C\x94" : "\xE2\x9C\x98", p.said.c_str(),
                     p.actual.c_str());
  MarkItem("lessonAnswer");
  if (!step.after.empty()) ImGui::TextWrapped("%s", step.after.c_str());
}

void Task(Lab& lab, LessonBook& book) {
  const LessonTask& task = *book.step().task;
  ImGui::Separator();
  ImGui::TextColored(colors::V(colors::kAccent), "Task:");
  ImGui::SameLine();
  ImGui::TextWrapped("%s", task.text.c_str());
  const TaskCheck c = book.Check(lab);
  if (c.done)
    ImGui::TextColored(colors::V(colors::kFeasible), "\xE2\x9C\x94 Done.");
  else
    ImGui::TextColored(colors::V(colors::kMuted), "Not yet: %s.", c.missing.c_str());
  MarkItem("lessonTask");
  static bool hint = false;
  if (!task.hint.empty()) {
    ImGui::Checkbox("hint", &hint);
    if (hint) {
      ImGui::SameLine();
      ImGui::TextWrapped("%s", task.hint.c_str());
    }
  }
  if (!c.done && ImGui::Button("Show me"))
    Later([&lab, &book] {
      std::string error;
      if (!book.Solve(lab, error)) lab.SetStatus(error, true);
    });
  MarkItem("lessonSolve");
}

}  // namespace

void DrawLessonPanel(Lab& lab, UiState& ui, ImVec2 pos, float width) {
  LessonBook& book = TheLessons();
  // The progress is kept whenever it changes.
  static std::string saved;
  if (std::string now = book.ProgressJson(); now != saved) {
    if (!saved.empty()) host::SaveLessonProgress(now);
    saved = std::move(now);
  }
  if (!book.active()) return;
  const Lesson& lesson = book.lesson();
  const LessonStep& step = book.step();
  ImGui::SetNextWindowPos(pos, ImGuiCond_Appearing);
  ImGui::SetNextWindowSize(ImVec2(width, 0), ImGuiCond_Appearing);
  ImGui::SetNextWindowBgAlpha(0.97f);
  bool open = true;
  const std::string title = "Lesson: " + lesson.title + "###lesson";
  const bool shown =
      ImGui::Begin(title.c_str(), &open, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
  const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();  // the outlines stay off it
  MarkRect("lesson", at, ImVec2(at.x + size.x, at.y + size.y));
  if (shown) {
    ImGui::TextDisabled("Step %d of %d", static_cast<int>(book.stepIndex() + 1), static_cast<int>(lesson.steps.size()));
    ImGui::SameLine();
    ImGui::TextUnformatted(step.title.c_str());
    MarkItem("lessonStep");
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width - 24);
    ImGui::TextUnformatted(step.text.c_str());
    if (!step.predict.empty()) Prediction(lab, book);
    if (step.task) Task(lab, book);
    ImGui::PopTextWrapPos();
    ImGui::Separator();
    if (ImGui::Button("Back"))
      Later([&lab, &book] {
        std::string error;
        if (!book.Back(lab, error)) lab.SetStatus(error, true);
      });
    MarkItem("lessonBack");
    ImGui::SameLine();
    const bool last = book.stepIndex() + 1 == lesson.steps.size();
    if (ImGui::Button(last ? "Finish" : "Next"))
      Later([&lab, &book, &ui] {
        std::string error;
        if (!book.Next(lab, error)) lab.SetStatus(error, true);
        ui.selectedNode = kNone;
      });
    MarkItem("lessonNext");
  }
  ImGui::End();
  if (!open) Later([&book] { book.Stop(); });
  if (book.active()) Highlight(step.look, at, size);
}

}  // namespace spreadlab::app
