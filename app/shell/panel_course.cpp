// The chapter list (with each chapter's progress and the current chapter's steps) and the lesson
// text pane (the chapter's intro plus the current step's section of lesson.md, its teacher's notes
// folded, and the chapter's recap after the last step).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "shell/app_shell.h"
#include "widgets/markdown_view.h"
#include "widgets/text_fit.h"

namespace cudalab::app {

using i18n::tr;

void AppShell::draw_chapter_strip() {
  if (begin_panel("##chapters", layout().chapters, ImGuiWindowFlags_NoScrollbar)) {
    // Folded: one button to unfold, then the chapters' numbers (the whole title on hover).
    const float width = ImGui::GetContentRegionAvail().x;
    if (ImGui::Button("»", ImVec2(width, 0.f))) {
      panes_.sizes.chapters_collapsed = false;
      settings_.changed();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Show the chapter list"));
    ImGui::Spacing();
    ImGui::BeginChild("##chapter_numbers", ImVec2(0.f, 0.f), false, ImGuiWindowFlags_NoScrollbar);
    for (int chapter = 0; chapter < course_.chapter_count(); ++chapter) {
      const bool current = chapter == course_.current_chapter();
      const std::string number = chapter_label(course_.chapter(chapter), chapter) + "##strip" + std::to_string(chapter);
      ImGui::PushFont(current ? fonts().bold : fonts().regular);
      if (ImGui::Selectable(number.c_str(), current, 0, ImVec2(0.f, fonts().regular->FontSize * 1.6f))) {
        if (course_.go_to(chapter, 0)) on_position_changed();
      }
      ImGui::PopFont();
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s. %s", chapter_label(course_.chapter(chapter), chapter).c_str(),
                          texts_.chapter_title(chapter).c_str());
      }
    }
    ImGui::EndChild();
  }
  ImGui::End();
}

void AppShell::draw_chapter_panel() {
  if (panes_.sizes.chapters_collapsed) {
    draw_chapter_strip();
    return;
  }
  if (begin_panel("##chapters", layout().chapters)) {
    panel_heading(tr("CHAPTERS"));
    const float em = fonts().regular->FontSize;
    // Fold to a strip of numbers: the room gets the width back.
    ImGui::SameLine();
    ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize("«").x -
                                                              ImGui::GetStyle().FramePadding.x * 2.f));
    if (ImGui::SmallButton("«")) {
      panes_.sizes.chapters_collapsed = true;
      settings_.changed();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Fold the chapter list to a strip of numbers"));
    ImGui::Spacing();
    for (int chapter = 0; chapter < course_.chapter_count(); ++chapter) {
      const ChapterOutline& outline = course_.chapter(chapter);
      const int step_count = static_cast<int>(outline.steps.size());
      const int seen = static_cast<int>(course_.visited(chapter).size());
      const bool current = chapter == course_.current_chapter();
      ImGui::PushID(chapter);
      const std::string title = chapter_label(outline, chapter) + ". " + texts_.chapter_title(chapter);
      ImGui::PushFont(current ? fonts().bold : fonts().regular);
      const ImVec2 top = ImGui::GetCursorScreenPos();
      const float width = ImGui::GetContentRegionAvail().x;
      // A long title takes up to four lines before it is cut ("2. Threads, bl…" told nobody anything).
      bool cut = false;
      const std::vector<std::string> lines = widgets::wrap_lines(title, width - em * 0.5f, 4, &cut);
      const bool words_fit = !cut || widgets::every_word_fits(title, width - em * 0.5f);  // in this row's font
      const float line_count = static_cast<float>(lines.size());
      const float row_height = em * (1.3f + line_count);
      if (ImGui::Selectable("##chapter", current, 0, ImVec2(0.f, row_height))) {
        if (course_.go_to(chapter, 0)) on_position_changed();
      }
      const bool hovered = ImGui::IsItemHovered();
      ImDrawList* draw = ImGui::GetWindowDrawList();
      for (std::size_t line = 0; line < lines.size(); ++line) {
        draw->AddText(ImVec2(top.x + em * 0.3f, top.y + em * (0.15f + static_cast<float>(line))), colours().text,
                      lines[line].c_str());
      }
      ImGui::PopFont();
      // A cut the wrapping could have avoided is a layout fault (the GUI tests fail on it); a word
      // wider than the list is the list's width (the tooltip has it whole).
      if (cut) panes_.report.title_cut(title, words_fit);
      if (hovered && (cut || lines.size() > 1)) ImGui::SetTooltip("%s", title.c_str());
      // Progress: steps seen of steps, as a thin bar and in words.
      const std::string progress = std::to_string(seen) + "/" + std::to_string(step_count);
      const float progress_width = ImGui::CalcTextSize(progress.c_str()).x;
      const float bar_y = top.y + em * (0.55f + line_count);
      const float bar_left = top.x + em * 0.3f, bar_right = top.x + width - progress_width - em * 0.8f;
      draw->AddRectFilled(ImVec2(bar_left, bar_y), ImVec2(bar_right, bar_y + em * 0.28f), colours().grid_line, em * 0.14f);
      if (step_count > 0 && seen > 0) {
        const float done = bar_left + (bar_right - bar_left) * static_cast<float>(seen) / static_cast<float>(step_count);
        draw->AddRectFilled(ImVec2(bar_left, bar_y), ImVec2(done, bar_y + em * 0.28f),
                            seen >= step_count ? colours().success : colours().accent, em * 0.14f);
      }
      draw->AddText(ImVec2(bar_right + em * 0.4f, bar_y - em * 0.38f), colours().dim_text, progress.c_str());

      if (current) {
        // The current chapter's steps, one click away; ✓ marks the ones seen.
        for (int step = 0; step < step_count; ++step) {
          ImGui::PushID(step);
          const bool here = step == course_.current_step() && !exercises_.open_one();
          const bool visited = course_.visited(chapter).count(step) > 0;
          const std::string& english = outline.steps[static_cast<std::size_t>(step)].title;
          const std::string label = std::string(visited ? "✓ " : "    ") + std::to_string(step + 1) + ". " +
                                    texts_.step_title(chapter, step, english);
          ImGui::Indent(em * 0.6f);
          ImGui::PushStyleColor(ImGuiCol_Text, here ? colours().text : colours().dim_text);
          const std::string shown_label = widgets::fit_text(label, ImGui::GetContentRegionAvail().x);
          if (ImGui::Selectable((shown_label + "##step").c_str(), here)) {
            if (course_.go_to(chapter, step) || exercises_.open_one()) on_position_changed();
          }
          if (shown_label != label && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", label.c_str());
          ImGui::PopStyleColor();
          ImGui::Unindent(em * 0.6f);
          ImGui::PopID();
        }
        exercises_.draw_entries(chapter, exercise_shell(), style());
        ImGui::Spacing();
      }
      ImGui::PopID();
    }
    if (course_.chapter_count() == 0) ImGui::TextDisabled("%s", tr("No chapters."));
  }
  ImGui::End();
}

void AppShell::draw_text_panel() {
  if (begin_panel("##lesson_text", layout().text)) {
    if (course_.chapter_count() == 0) {
      ImGui::TextWrapped("%s", tr("This build has no lessons."));
      ImGui::End();
      return;
    }
    if (exercises_.current() != nullptr) {
      exercises_.draw_text(exercise_shell(), style());
      ImGui::End();
      return;
    }
    const int chapter = course_.current_chapter();
    const int step = course_.current_step();
    const markdown::LessonDocument& doc = texts_.document(chapter);
    ImGui::BeginChild("##text_scroll", ImVec2(0, 0), false);
    if (navigation_.take_scroll_text_to_top()) ImGui::SetScrollY(0.f);
    const widgets::Style look = style();
    // Titles wrap as lesson text does: a Chinese title has no spaces to break at.
    widgets::draw_wrapped_text(doc.title.empty() ? course_.current().title : doc.title, look, fonts().heading1,
                               colours().text);
    if (!doc.language_note.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, colours().dim_text);
      ImGui::TextWrapped("%s", doc.language_note.c_str());
      ImGui::PopStyleColor();
    }
    if (!doc.problem.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, colours().warning);
      ImGui::TextWrapped("%s", doc.problem.c_str());
      ImGui::PopStyleColor();
      const lessons::Step* outline = course_.current_step_outline();
      if (outline != nullptr) {
        ImGui::PushFont(fonts().heading2);
        ImGui::TextWrapped("%d. %s", step + 1, outline->title.c_str());
        ImGui::PopFont();
      }
    } else {
      if (!doc.intro.empty()) {
        // The intro matters on arrival; later steps keep it folded away under one line.
        ImGui::SetNextItemOpen(step == 0, ImGuiCond_Appearing);
        ImGui::PushID(chapter);
        if (ImGui::CollapsingHeader(tr("About this chapter"))) widgets::draw_markdown(doc.intro, look);
        ImGui::PopID();
      }
      const markdown::StepSection* section = doc.section_for(step);
      const lessons::Step* outline = course_.current_step_outline();
      const std::string heading = section != nullptr ? section->title : outline != nullptr ? outline->title : "";
      char step_heading[512];
      std::snprintf(step_heading, sizeof(step_heading), tr("Step %d · %s"), step + 1, heading.c_str());
      widgets::draw_wrapped_text(step_heading, look, fonts().heading2, colours().accent);
      if (section != nullptr) {
        widgets::draw_markdown(section->blocks, look);
        // The projector's window of the presenter view never carries them: the laptop shows them open.
        if (!section->teacher_notes.empty() && layout().mode != LayoutMode::audience) {
          // Notes for whoever runs the room: folded, so the projector shows the student's text.
          // The id names the step, so every step's notes start closed.
          ImGui::PushID(chapter * 1000 + step);
          ImGui::Spacing();
          if (ImGui::CollapsingHeader(tr("For the teacher"))) widgets::draw_markdown(section->teacher_notes, look);
          ImGui::PopID();
        }
      } else {
        ImGui::PushStyleColor(ImGuiCol_Text, colours().warning);
        ImGui::TextWrapped("lesson.md has no section \"## %d. …\" for this step.", step + 1);
        ImGui::PopStyleColor();
      }
      // The chapter's recap closes its last step.
      const int step_count = static_cast<int>(course_.chapter(chapter).steps.size());
      if (doc.has_recap && step == step_count - 1) {
        ImGui::Spacing();
        ImGui::Separator();
        ImGui::PushFont(fonts().heading2);
        ImGui::PushStyleColor(ImGuiCol_Text, colours().accent);
        ImGui::TextWrapped("%s", tr("You can now"));
        ImGui::PopStyleColor();
        ImGui::PopFont();
        widgets::draw_markdown(doc.recap, look);
      }
    }
    ImGui::Dummy(ImVec2(1.f, fonts().regular->FontSize));
    ImGui::EndChild();
  }
  ImGui::End();
}

}  // namespace cudalab::app
