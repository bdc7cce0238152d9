// Present layout and the presenter view's teacher side. F5 presents: with one screen the window
// keeps the lesson text and the canvas large and the controls as one strip along the bottom (the
// chapter list, the bottom pane and the bars hidden until asked for); with a second screen the
// audience window takes the projector (gui.cpp, presenter_window.cpp) and this window becomes the
// teacher's: controls, the step's notes, what comes next and a clock. Esc returns to every pane.
#include <cstdio>
#include <ctime>
#include <string>

#include "input/key_events.h"
#include "shell/app_shell.h"
#include "widgets/markdown_view.h"
#include "widgets/param_controls.h"
#include "widgets/text_fit.h"

namespace cudalab::app {

using i18n::tr;

void AppShell::set_audience_window(bool open, std::string where) { presentation_.set_audience_window(open, std::move(where)); }

void AppShell::stop_presenting() { presentation_.stop(); }

void AppShell::handle_present_keys() {
  if (ImGui::GetIO().WantTextInput) return;
  using input::Key;
  const input::KeyEvents& keys = input::main_window_keys();
  if (keys.count({Key::f5}, false) > 0) {
    if (presentation_.on()) {
      stop_presenting();
    } else {
      start_presenting();
    }
  }
  // Esc first closes whatever popup is open (ImGui does that); only then does it leave.
  if (presentation_.on() && keys.count({Key::escape}, false) > 0 && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) {
    stop_presenting();
  }
  for (int n = keys.count({Key::p}, false); n > 0; --n) presentation_.marks().toggle_pen();
  if (keys.count({Key::c}, false) > 0) presentation_.marks().clear();
}

void AppShell::draw_present_strip() {
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(fonts().regular->FontSize * 0.5f, fonts().regular->FontSize * 0.3f));
  const bool open = begin_panel("##present_strip", layout().strip, ImGuiWindowFlags_NoScrollbar);
  ImGui::PopStyleVar();
  if (!open) {
    ImGui::End();
    return;
  }
  const PanelRect& strip = layout().strip;
  ImGui::GetWindowDrawList()->AddRectFilled(strip.position, ImVec2(strip.right(), strip.bottom()), colours().bar_background);
  const float em = fonts().regular->FontSize;
  const ImGuiStyle& look = ImGui::GetStyle();
  // Left: where we are and the buttons, in two rows; right: one column per parameter.
  const float buttons_width = std::min(ImGui::GetContentRegionAvail().x * 0.5f, em * 17.f);
  ImGui::BeginChild("##strip_buttons", ImVec2(buttons_width, 0.f), false, ImGuiWindowFlags_NoScrollbar);
  if (course_.chapter_count() > 0) {
    const int steps = static_cast<int>(course_.current().steps.size());
    if (ImGui::Button(tr("◀"))) navigation_.queue(NavAction::previous_step);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Previous step (←)"));
    ImGui::SameLine(0.f, look.ItemInnerSpacing.x);
    if (ImGui::Button(tr("▶"))) navigation_.queue(NavAction::next_step);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Next step (→)"));
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    char step_words[64];
    std::snprintf(step_words, sizeof(step_words), tr("Step %d/%d · "), course_.current_step() + 1, steps);
    const std::string where = step_words + std::to_string(course_.current_chapter()) + ". " +
                              texts_.chapter_title(course_.current_chapter());
    if (widgets::text_fitted(where, ImGui::GetContentRegionAvail().x) && ImGui::IsItemHovered()) {
      ImGui::SetTooltip("%s", where.c_str());
    }
  }
  if (ImGui::Button(tr("▶ Run"))) request_run();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Run this step again with these values"));
  ImGui::SameLine(0.f, look.ItemInnerSpacing.x);
  if (ImGui::Button(presentation_.bottom_shown() ? tr("Results ▾") : tr("Results ▸"))) presentation_.toggle_bottom();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Show or hide the results, console and code under the canvas"));
  ImGui::SameLine(0.f, look.ItemInnerSpacing.x);
  ImGui::PushStyleColor(ImGuiCol_Button, presentation_.marks().pen() ? ImGui::ColorConvertU32ToFloat4(colours().accent)
                                                      : look.Colors[ImGuiCol_Button]);
  if (ImGui::Button(tr("Pen"))) presentation_.marks().toggle_pen();
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", tr("Draw on the canvas (P), or drag with Shift held · C clears · hold L for a spotlight"));
  }
  ImGui::SameLine(0.f, look.ItemInnerSpacing.x);
  if (ImGui::Button(tr("Esc"))) stop_presenting();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Back to every pane (Esc or F5)"));
  ImGui::EndChild();

  ImGui::SameLine();
  ImGui::BeginChild("##strip_params", ImVec2(0.f, 0.f), false, ImGuiWindowFlags_HorizontalScrollbar);
  const lessons::Step* step = course_.current_step_outline();
  if (predictions_.asking()) {
    ImGui::AlignTextToFramePadding();
    widgets::text_fitted(tr("Answer the question on the canvas first, or skip it."), ImGui::GetContentRegionAvail().x);
  } else if (step != nullptr && !step->params.empty()) {
    const int count = static_cast<int>(step->params.size());
    // Each parameter gets a column at least 9 text heights wide; more scroll sideways.
    const float column = std::max(em * 9.f, (ImGui::GetContentRegionAvail().x - look.ItemSpacing.x * (count - 1)) / count);
    bool changed = false;
    for (int i = 0; i < count; ++i) {
      if (i > 0) ImGui::SameLine();
      ImGui::BeginGroup();
      ImGui::PushItemWidth(column);
      ImGui::BeginChild(ImGui::GetID(step->params[static_cast<std::size_t>(i)].name.c_str()),
                        ImVec2(column, ImGui::GetFrameHeightWithSpacing() + ImGui::GetTextLineHeightWithSpacing()), false,
                        ImGuiWindowFlags_NoScrollbar);
      const lessons::Param& param = step->params[static_cast<std::size_t>(i)];
      changed |= widgets::draw_param_compact(param, &course_.values()[param.name], style());
      ImGui::EndChild();
      ImGui::PopItemWidth();
      ImGui::EndGroup();
    }
    if (changed && run_.auto_run()) request_run();
  } else if (step != nullptr) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", tr("This step has nothing to set."));
  }
  ImGui::EndChild();
  ImGui::End();
}

void AppShell::draw_teacher_notes() {
  if (!begin_panel("##teacher_notes", layout().notes)) {
    ImGui::End();
    return;
  }
  const float em = fonts().regular->FontSize;
  // The clock: the time of day, and how long the class has been presenting.
  const std::time_t now = std::time(nullptr);
  char clock[16] = "--:--";
  if (const std::tm* local = std::localtime(&now); local != nullptr) std::strftime(clock, sizeof(clock), "%H:%M", local);
  const int minutes = static_cast<int>((ImGui::GetTime() - presentation_.since()) / 60.0);
  ImGui::PushFont(fonts().heading1);
  ImGui::TextUnformatted(clock);
  ImGui::PopFont();
  ImGui::SameLine(0.f, em);
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled(tr("presenting for %d min"), minutes);
  ImGui::SameLine(0.f, em);
  if (ImGui::Button(tr("Stop presenting"))) stop_presenting();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Close the audience window and show every pane here (Esc)"));
  if (!presentation_.audience_screen().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, colours().dim_text);
    ImGui::TextWrapped("The room sees the lesson text and the canvas on %s. Hold L for a spotlight there; "
                       "drag with Shift (or press P) to draw on the canvas.",
                       presentation_.audience_screen().c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Separator();
  if (course_.chapter_count() == 0) {
    ImGui::End();
    return;
  }
  const int chapter = course_.current_chapter(), step = course_.current_step();
  const int steps = static_cast<int>(course_.current().steps.size());
  const lessons::Step* outline = course_.current_step_outline();
  ImGui::PushFont(fonts().heading2);
  ImGui::TextWrapped(tr("Now: %d.%d %s"), chapter, step + 1,
                     outline != nullptr ? texts_.step_title(chapter, step, outline->title).c_str() : "");
  ImGui::PopFont();
  std::string next;
  if (step + 1 < steps) {
    next = chapter_label(course_.chapter(chapter), chapter) + "." + std::to_string(step + 2) + " " +
           texts_.step_title(chapter, step + 1, course_.current().steps[static_cast<std::size_t>(step + 1)].title);
  } else if (chapter + 1 < course_.chapter_count()) {
    const ChapterOutline& following = course_.chapter(chapter + 1);
    char chapter_words[64];
    std::snprintf(chapter_words, sizeof(chapter_words), tr("chapter %s, "), chapter_label(following, chapter + 1).c_str());
    next = chapter_words + texts_.chapter_title(chapter + 1) +
           (following.steps.empty() ? "" : " — 1. " + texts_.step_title(chapter + 1, 0, following.steps.front().title));
  } else {
    next = tr("the end of the course");
  }
  ImGui::PushStyleColor(ImGuiCol_Text, colours().dim_text);
  ImGui::TextWrapped(tr("Next (→): %s"), next.c_str());
  ImGui::PopStyleColor();
  ImGui::Spacing();
  ImGui::BeginChild("##notes_scroll", ImVec2(0.f, 0.f), false);
  panel_heading(tr("FOR THE TEACHER"));
  const markdown::LessonDocument& doc = texts_.document(chapter);
  const markdown::StepSection* section = doc.section_for(step);
  if (section != nullptr && !section->teacher_notes.empty()) {
    widgets::draw_markdown(section->teacher_notes, style());
  } else {
    ImGui::TextDisabled("%s", tr("lesson.md has no notes for the teacher at this step."));
  }
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace cudalab::app
