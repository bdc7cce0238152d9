// Panel placement: the viewport is tiled (ImGui 1.86 has no docking) into a top bar, the chapter
// list, a text column (lesson text over the controls), the canvas over the bottom pane, and a
// status bar. Sizes are fractions of the window with limits in text heights, so 200 % text and a
// 1280 × 800 projector both work.
#include <algorithm>
#include <cmath>

#include "shell/app_shell.h"

namespace cudalab::app {

void AppShell::compute_layout() {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const ImVec2 origin = viewport->WorkPos, size = viewport->WorkSize;
  const float em = fonts_.regular->FontSize;
  const float top_height = std::round(em * 2.6f);
  const float status_height = std::round(em * 2.1f);
  const float middle_top = origin.y + top_height;
  const float middle_height = std::max(size.y - top_height - status_height, em * 4);

  const float chapters_width = std::round(std::min(std::clamp(size.x * 0.16f, em * 9.f, em * 15.f), size.x * 0.22f));
  const float text_width = std::round(std::min(std::clamp(size.x * 0.28f, em * 16.f, em * 30.f), size.x * 0.34f));
  const float text_height = std::round(middle_height * 0.6f);
  const float right_x = origin.x + chapters_width + text_width;
  const float right_width = std::max(size.x - chapters_width - text_width, em * 4);
  const float canvas_height = std::round(middle_height * 0.62f);

  layout_.top_bar = {origin, ImVec2(size.x, top_height)};
  layout_.status_bar = {ImVec2(origin.x, origin.y + size.y - status_height), ImVec2(size.x, status_height)};
  layout_.chapters = {ImVec2(origin.x, middle_top), ImVec2(chapters_width, middle_height)};
  layout_.text = {ImVec2(origin.x + chapters_width, middle_top), ImVec2(text_width, text_height)};
  layout_.controls = {ImVec2(origin.x + chapters_width, middle_top + text_height),
                      ImVec2(text_width, middle_height - text_height)};
  layout_.canvas = {ImVec2(right_x, middle_top), ImVec2(right_width, canvas_height)};
  layout_.bottom = {ImVec2(right_x, middle_top + canvas_height), ImVec2(right_width, middle_height - canvas_height)};
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
  ImGui::PushFont(fonts_.bold);
  ImGui::PushStyleColor(ImGuiCol_Text, colours_.dim_text);
  ImGui::TextUnformatted(text);
  ImGui::PopStyleColor();
  ImGui::PopFont();
}

}  // namespace cudalab::app
