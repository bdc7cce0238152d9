// Panel placement: the viewport is tiled (ImGui 1.86 has no docking) into a top bar, the chapter
// list, a text column (lesson text over the controls), the canvas over the bottom pane, and a
// status bar; pane_layout.cpp does the arithmetic for each layout mode.

#include "input/key_events.h"
#include "shell/app_shell.h"

namespace cudalab::app {

void AppShell::draw_panes() {
  handle_present_keys();
  // Presenting with the audience window open: this window is the teacher's; with one screen, the
  // present layout; otherwise every pane.
  const LayoutMode mode = presentation_.mode();
  panes_.lay_out(mode, fonts().regular->FontSize, presentation_.bottom_shown());
  // An exercise's editor and verdict take the bottom pane's room too: a step's results have
  // nothing to show there, and the kernel's printf comes with the verdict.
  const bool editor_tall = mode == LayoutMode::normal && exercises_.current() != nullptr && layout().bottom.shown();
  if (editor_tall) panes_.give_bottom_to_canvas();
  // What the layout report says of chapter titles is this frame's: none when no list is drawn
  // (presenting), not what the list said before F5.
  panes_.report.new_frame();
  switch (mode) {
    case LayoutMode::normal:
      draw_top_bar();
      draw_chapter_panel();
      draw_text_panel();
      draw_controls_panel();
      draw_canvas_panel();
      if (!editor_tall) draw_bottom_panel();
      draw_status_bar();
      break;
    case LayoutMode::present:
      draw_text_panel();
      draw_canvas_panel();
      if (layout().bottom.shown()) draw_bottom_panel();
      draw_present_strip();
      break;
    case LayoutMode::teacher:
      draw_top_bar();
      draw_controls_panel();
      draw_teacher_notes();
      draw_status_bar();
      break;
    case LayoutMode::audience: break;
  }
  const float em = fonts().regular->FontSize;
  presentation_.marks().draw_marks(layout().canvas, em);
  if (panes_.draw_splitters(colours().accent)) settings_.changed();
  presentation_.marks().draw_spotlight(input::main_window_keys().down(input::Key::l) && !ImGui::GetIO().WantTextInput, em);
  panes_.report.drawn(layout(), false);
}

void AppShell::audience_frame() {
  handle_keys();  // the room's window answers the same keys (a remote's arrows, Esc, F5)
  handle_present_keys();
  while (const std::optional<NavAction> action = navigation_.next()) apply_navigation(*action);
  panes_.lay_out(LayoutMode::audience, fonts().regular->FontSize, presentation_.bottom_shown());
  draw_text_panel();
  draw_canvas_panel();
  const float em = fonts().regular->FontSize;
  presentation_.marks().draw_marks(layout().canvas, em);
  if (panes_.draw_splitters(colours().accent)) settings_.changed();
  presentation_.marks().draw_spotlight(input::main_window_keys().down(input::Key::l) && !ImGui::GetIO().WantTextInput, em);
  panes_.report.drawn(layout(), true);
}

std::string AppShell::layout_report(bool audience) const {
  return panes_.json(audience, fonts().regular != nullptr ? fonts().regular->FontSize : 0.f);
}

bool AppShell::begin_panel(const char* name, const PanelRect& rect, int extra_flags) {
  constexpr ImGuiWindowFlags fixed = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                     ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                     ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::SetNextWindowPos(rect.position);
  ImGui::SetNextWindowSize(rect.size);
  return ImGui::Begin(name, nullptr, fixed | extra_flags);
}

void AppShell::panel_heading(const char* text) const {
  ImGui::PushFont(fonts().bold);
  ImGui::PushStyleColor(ImGuiCol_Text, colours().dim_text);
  ImGui::TextUnformatted(text);
  ImGui::PopStyleColor();
  ImGui::PopFont();
}

}  // namespace cudalab::app
