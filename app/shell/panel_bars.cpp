// The top bar (where am I, step buttons, theme, text size, fullscreen) and the status bar (the
// backend in words, the backend selector, the run's state, key hints).
#include <algorithm>
#include <cstdio>
#include <string>

#include "i18n/text_patterns.h"
#include "i18n/view_words.h"
#include "shell/app_shell.h"
#include "shell/backend_words.h"
#include "widgets/text_fit.h"

namespace cudalab::app {
namespace {

// The language names are written in their own language, so a student finds theirs either way.
// Without a CJK font "简体中文" would be drawn as "????": the code stands in.
const char* language_word(i18n::Language language, bool cjk_font_found) {
  return language == i18n::Language::zh_cn && !cjk_font_found ? i18n::code_of(language) : i18n::name_of(language);
}

}  // namespace

using i18n::tr;


void AppShell::draw_top_bar() {
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(fonts().regular->FontSize * 0.7f, 0.f));
  const bool open = begin_panel("##top_bar", layout().top_bar);
  ImGui::PopStyleVar();
  if (open) {
    ImGui::GetWindowDrawList()->AddRectFilled(layout().top_bar.position,
                                              ImVec2(layout().top_bar.position.x + layout().top_bar.size.x,
                                                     layout().top_bar.position.y + layout().top_bar.size.y),
                                              colours().bar_background);
    const float bar_height = layout().top_bar.size.y;
    const float button_height = ImGui::GetFrameHeight();
    ImGui::SetCursorPosY((bar_height - button_height) * 0.5f);
    ImGui::PushFont(fonts().heading3);
    ImGui::AlignTextToFramePadding();
    ImGui::PushStyleColor(ImGuiCol_Text, colours().accent);
    ImGui::TextUnformatted(tr("CUDA Lab"));
    ImGui::PopStyleColor();
    ImGui::PopFont();
    ImGui::SameLine(0.f, fonts().regular->FontSize * 1.2f);

    // Right side: theme, text size, fullscreen.
    const char* size_text_format = "%d %%";
    char size_text[16];
    std::snprintf(size_text, sizeof(size_text), size_text_format, static_cast<int>(looks_.font_scale() * 100.f + 0.5f));
    const ImGuiStyle& style = ImGui::GetStyle();
    auto button_width = [&](const char* label) { return ImGui::CalcTextSize(label).x + style.FramePadding.x * 2; };
    const float theme_width = ImGui::CalcTextSize(tr("High contrast")).x + ImGui::GetFrameHeight() + style.FramePadding.x * 2;
    auto language_name = [&](i18n::Language language) { return language_word(language, looks_.cjk_font_found()); };
    const float language_width =
        std::max(ImGui::CalcTextSize(language_name(i18n::Language::en)).x, ImGui::CalcTextSize(language_name(i18n::Language::zh_cn)).x) +
        style.FramePadding.x * 2;
    const float right_width = language_width + style.ItemSpacing.x + theme_width + button_width("A−") + button_width("A+") + ImGui::CalcTextSize(size_text).x +
                              button_width(tr("Present")) + button_width(tr("Fullscreen")) + style.ItemSpacing.x * 6 +
                              fonts().regular->FontSize * 1.7f;
    // What the left side cannot do without: Back, Next and a few words of the breadcrumb. When the
    // controls on the right would cover them (200 % on a 1280-pixel projector), the controls move
    // into a popup behind one button.
    const float em = fonts().regular->FontSize;
    const float left_needed = ImGui::GetCursorPosX() + button_width(tr("◀ Back")) + button_width(tr("Next ▶")) + style.ItemSpacing.x + em * 8.f;
    const bool compact = ImGui::GetWindowWidth() - right_width < left_needed;
    const char* view_label = tr("View…");
    const float right_x = ImGui::GetWindowWidth() - (compact ? button_width(view_label) + em * 0.7f : right_width);
    if (course_.chapter_count() > 0) {
      const int steps = static_cast<int>(course_.current().steps.size());
      const bool first = course_.current_chapter() == 0 && course_.current_step() == 0;
      const bool last = course_.current_chapter() == course_.chapter_count() - 1 && course_.current_step() >= steps - 1;
      ImGui::BeginDisabled(first);
      if (ImGui::Button(tr("◀ Back"))) navigation_.queue(NavAction::previous_step);
      ImGui::EndDisabled();
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", tr("Previous step (←)"));
      ImGui::SameLine();
      ImGui::BeginDisabled(last);
      if (ImGui::Button(tr("Next ▶"))) navigation_.queue(NavAction::next_step);
      ImGui::EndDisabled();
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", tr("Next step (→)"));
      ImGui::SameLine(0.f, fonts().regular->FontSize);
      const lessons::Step* step = course_.current_step_outline();
      std::string where = chapter_label(course_.current(), course_.current_chapter()) + ". " +
                          texts_.chapter_title(course_.current_chapter());
      if (const lessons::exercises::Exercise* exercise = exercises_.current()) {
        where += std::string("  ›  ") + tr("Exercise: ") +
                 exercise->title_in(i18n::current_language() == i18n::Language::zh_cn ? "zh-CN" : "en");
      } else if (step != nullptr) {
        char step_words[64];
        std::snprintf(step_words, sizeof(step_words), tr("Step %d of %d: "), course_.current_step() + 1, steps);
        where += std::string("  ›  ") + step_words +
                 texts_.step_title(course_.current_chapter(), course_.current_step(), step->title);
      }
      ImGui::AlignTextToFramePadding();
      // The breadcrumb gives way to the buttons on the right.
      if (widgets::text_fitted(where, right_x - ImGui::GetCursorPosX() - fonts().regular->FontSize) && ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s", where.c_str());
      }
    }


    ImGui::SameLine(std::max(right_x, ImGui::GetCursorPosX()));
    const ViewControlSizes sizes{language_width, theme_width, size_text};
    if (!compact) {
      draw_view_controls(false, sizes);
    } else {
      if (ImGui::Button(view_label)) ImGui::OpenPopup("##view_controls");
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Language, colours, text size, Present and Fullscreen"));
      if (ImGui::BeginPopup("##view_controls")) {
        draw_view_controls(true, sizes);
        ImGui::EndPopup();
      }
    }
  }
  ImGui::End();
}

void AppShell::draw_view_controls(bool in_popup, const ViewControlSizes& sizes) {
  // In the bar the controls follow one another on a line; in the popup each group has its own.
  auto next_group = [&](float spacing) {
    if (!in_popup) ImGui::SameLine(0.f, spacing);
  };
  auto language_name = [&](i18n::Language language) { return language_word(language, looks_.cjk_font_found()); };
  ImGui::SetNextItemWidth(sizes.language_width);
  // No arrow: the bar is already full at 200 % on a 1280-pixel projector.
  if (ImGui::BeginCombo("##language", language_name(looks_.language()), ImGuiComboFlags_NoArrowButton)) {
    for (i18n::Language language : {i18n::Language::en, i18n::Language::zh_cn}) {
      if (ImGui::Selectable(language_name(language), language == looks_.language())) set_language(language);
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Language of the lesson text and the interface"));
  next_group(-1.f);
  ImGui::SetNextItemWidth(sizes.theme_width);
  const char* theme_names[] = {tr("Dark"), tr("Light"), tr("High contrast")};
  if (ImGui::BeginCombo("##theme", theme_names[static_cast<int>(looks_.theme())])) {
    for (Theme theme : {Theme::dark, Theme::light, Theme::high_contrast}) {
      const bool chosen = ImGui::Selectable(theme_names[static_cast<int>(theme)], theme == looks_.theme());
      if (chosen && looks_.set_theme(theme)) settings_.changed();
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Colours: dark, light, or high contrast for a washed-out projector"));
  next_group(fonts().regular->FontSize);
  if (ImGui::Button(tr("A−")) && looks_.smaller_text()) settings_.changed();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Smaller text (Ctrl+-)"));
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(sizes.size_text);
  ImGui::SameLine();
  if (ImGui::Button(tr("A+")) && looks_.larger_text()) settings_.changed();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Larger text (Ctrl+=)"));
  next_group(-1.f);
  if (ImGui::Button(presentation_.on() ? tr("Stop") : tr("Present"))) {
    if (in_popup) ImGui::CloseCurrentPopup();
    if (presentation_.on()) {
      stop_presenting();
    } else {
      start_presenting();
    }
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", presentation_.on() ? tr("Back to every pane (Esc)")
                                        : tr("Present (F5): text and canvas large; on a second screen, the presenter view"));
  }
  next_group(-1.f);
  if (ImGui::Button(tr("Fullscreen"))) {
    if (in_popup) ImGui::CloseCurrentPopup();
    toggle_fullscreen();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Fullscreen on and off (F11)"));
}

void AppShell::draw_status_bar() {
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(fonts().regular->FontSize * 0.7f, 0.f));
  const bool open = begin_panel("##status_bar", layout().status_bar);
  ImGui::PopStyleVar();
  if (open) {
    ImGui::GetWindowDrawList()->AddRectFilled(layout().status_bar.position,
                                              ImVec2(layout().status_bar.position.x + layout().status_bar.size.x,
                                                     layout().status_bar.position.y + layout().status_bar.size.y),
                                              colours().bar_background);
    ImGui::SetCursorPosY((layout().status_bar.size.y - ImGui::GetFrameHeight()) * 0.5f);
    // A coloured dot says at a glance what runs the kernels: green GPU, amber emulator, red none.
    const float em = fonts().regular->FontSize;
    const ImU32 dot = backend_.facts ? (backend_.facts->is_gpu() ? colours().success : colours().warning) : colours().error;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddCircleFilled(ImVec2(at.x + em * 0.4f, at.y + ImGui::GetFrameHeight() * 0.5f), em * 0.32f, dot);
    ImGui::Dummy(ImVec2(em * 0.8f, ImGui::GetFrameHeight()));
    ImGui::SameLine();
    // Words for the room; the technical reason (a CUDA error name) waits in the tooltip.
    const BackendWords words = backend_.facts ? backend_words(*backend_.facts) : BackendWords{};
    const std::string label = backend_.opening ? std::string(tr("Opening the backend…"))
                              : backend_.facts ? words.label
                                               : tr("No backend could be opened: choose one on the right");
    ImGui::AlignTextToFramePadding();
    // The words give way to the selector: without a backend, the selector is how to get one.
    // So does the Open run… button after it.
    const float selector_room = (backend_.choices.empty() ? 0.f : em * 13.f) + ImGui::CalcTextSize(tr("Open run…")).x +
                                ImGui::GetStyle().FramePadding.x * 2 + ImGui::GetStyle().ItemSpacing.x;
    const bool cut = widgets::text_fitted(label, ImGui::GetWindowWidth() - ImGui::GetCursorPosX() - selector_room - em);
    if (ImGui::IsItemHovered() && backend_.facts) {
      ImGui::SetTooltip("%s%s%s", cut ? label.c_str() : "", cut ? "\n" : "", words.detail.c_str());
    } else if (ImGui::IsItemHovered() && !backend_.opening) {
      ImGui::SetTooltip("%s%s", cut ? (label + "\n").c_str() : "", backend_.problem.c_str());
    }
    if (!backend_.choices.empty()) {
      ImGui::SameLine(0.f, em);
      ImGui::SetNextItemWidth(em * 12.f);
      std::string current_id = backend_.facts ? (backend_.facts->is_gpu() ? "gpu:" + std::to_string(backend_.facts->index) : "emu") : "";
      std::string preview = tr("Switch backend");
      for (const BackendChoice& choice : backend_.choices) {
        if (choice.id == current_id) preview = choice.facts.name.empty() ? choice.id : i18n::tr_text(choice.facts.name);
      }
      if (ImGui::BeginCombo("##backend", preview.c_str())) {
        for (const BackendChoice& choice : backend_.choices) {
          const std::string item = i18n::device_label(choice.facts) + "##" + choice.id;
          if (ImGui::Selectable(item.c_str(), choice.id == current_id) && choice.id != current_id) {
            BackendSelection selection;
            selection.request = choice.facts.is_gpu() ? BackendRequest::gpu : BackendRequest::emulator;
            selection.gpu_index = choice.facts.index;
            backend_.opening = true;
            runner_.switch_backend(selection);
            console_.add(ConsoleLog::Kind::info, tr("Switching to ") + i18n::device_label(choice.facts) + "…");
          }
        }
        ImGui::EndCombo();
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Which device runs the lesson's kernels"));
    }
    ImGui::SameLine();
    if (ImGui::Button(tr("Open run…"))) ImGui::OpenPopup("Open a saved run");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Show a run saved by `cudalab run --json` or `cudalab record`"));
    recorded_.draw_open_popup(recorded_shell(), style());

    const char* hint = tr("← → steps · PgUp PgDn chapters · Ctrl+= Ctrl+- text · F5 present · F11 fullscreen");
    const float hint_width = ImGui::CalcTextSize(hint).x;
    const float hint_x = ImGui::GetWindowWidth() - hint_width - em * 0.7f;
    ImGui::SameLine();
    if (hint_x > ImGui::GetCursorPosX() + em) {
      ImGui::SameLine(hint_x);
      ImGui::PushStyleColor(ImGuiCol_Text, colours().dim_text);
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(hint);
      ImGui::PopStyleColor();
    }
  }
  ImGui::End();
}

}  // namespace cudalab::app
