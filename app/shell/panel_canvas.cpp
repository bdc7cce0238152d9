// The canvas pane: an exercise's editor, the prediction card, or the step's pictures (drawn by
// app/panels/pictures_panel) under the recorded-run choice and the prediction's verdict. Without a
// picture it shows the facts in large type. A failed run keeps the last good picture under a red
// banner.
#include <string>
#include <variant>

#include "i18n/text_patterns.h"
#include "i18n/view_words.h"
#include "shell/app_shell.h"
#include "widgets/banner.h"
#include "widgets/results_widgets.h"

namespace cudalab::app {

using i18n::tr;

namespace {

void centred_text(const char* text, ImU32 colour) {
  const ImVec2 available = ImGui::GetContentRegionAvail();
  const float wrap = available.x * 0.8f;
  const ImVec2 size = ImGui::CalcTextSize(text, nullptr, false, wrap);
  ImGui::SetCursorPos(ImVec2(ImGui::GetCursorPosX() + (available.x - size.x) * 0.5f,
                             ImGui::GetCursorPosY() + (available.y - size.y) * 0.45f));
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

}  // namespace

void AppShell::draw_canvas_panel() {
  if (!begin_panel("##canvas", layout().canvas, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
    ImGui::End();
    return;
  }
  if (exercises_.current() != nullptr) {
    exercises_.draw_editor(exercise_shell(), style());
    ImGui::End();
    return;
  }
  if (predictions_.asking()) {
    const std::optional<std::optional<double>> submitted = predictions_.draw_card(course_, style());
    ImGui::End();
    if (submitted) submit_prediction(*submitted);
    return;
  }
  if (recorded_.draw_choice(recorded_shell(), backend_.facts)) pictures_.select_first();
  const ShownRun* shown = run_.shown_for_current(course_);
  const std::optional<Status>& last_status = run_.last_status();
  const float em = fonts().regular->FontSize;
  if (shown == nullptr) {
    if (last_status && !last_status->ok()) {
      centred_text((tr("This step did not run: ") + i18n::status_text(*last_status)).c_str(), colours().error);
    } else if (course_.current_step_outline() != nullptr) {
      centred_text(runner_.busy() ? tr("Running the step…") : tr("Press Run to run this step."), colours().dim_text);
    }
    ImGui::End();
    return;
  }

  const std::vector<int> pictures = canvas_pictures(shown->views);
  PredictionPanel::draw_verdict(shown->run, course_);
  if (last_status && !last_status->ok() && last_status->code != StatusCode::cancelled) {
    // Keep the last good picture, but never let it pass for the result of the failed run.
    widgets::draw_banner(tr("Last run failed: ") + i18n::status_text(*last_status) + tr(" (showing the last good run)"),
                         IM_COL32(150, 20, 20, 255));
  }

  if (pictures.empty()) {
    bool drew_facts = false;
    for (const lessons::View& view : shown->views) {
      if (const auto* facts = std::get_if<lessons::FactsView>(&view)) {
        widgets::draw_facts(*facts, style(), true);
        drew_facts = true;
      }
    }
    if (!drew_facts) centred_text(tr("This step has no picture: its results are in the pane below."), colours().dim_text);
    ImGui::End();
    return;
  }

  pictures_.draw(*shown, pictures, layout().canvas.size.y < em * 16.f, style());
  ImGui::End();
}

}  // namespace cudalab::app
