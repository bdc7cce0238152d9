// The controls panel: the step's parameters (generated from Step::params), Run / Cancel / Reset,
// "run on change", the progress of a long run and the last run's outcome in words.
#include <cstdio>
#include <string>

#include <fmt/format.h>

#include "i18n/text_patterns.h"
#include "i18n/view_words.h"
#include "shell/app_shell.h"
#include "widgets/param_controls.h"

namespace cudalab::app {

using i18n::tr;

void AppShell::draw_controls_panel() {
  if (begin_panel("##controls", layout().controls)) {
    panel_heading(tr("CONTROLS"));
    ImGui::Spacing();
    if (exercises_.current() != nullptr) {
      exercises_.draw_controls(exercise_shell(), style());
      ImGui::End();
      return;
    }
    const lessons::Step* step = course_.current_step_outline();
    const float em = fonts().regular->FontSize;
    if (step == nullptr) {
      ImGui::TextDisabled("%s", tr("Nothing to run here."));
      ImGui::End();
      return;
    }
    // Buttons first: they stay in view however many parameters the step has.
    const bool busy = runner_.busy();
    if (ImGui::Button(tr("▶ Run"), ImVec2(em * 5.f, 0.f))) request_run();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Run this step again with these values"));
    ImGui::SameLine();
    ImGui::BeginDisabled(!busy);
    if (ImGui::Button(tr("Cancel"))) runner_.cancel();
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button(tr("Reset"))) {
      course_.reset_values();
      if (run_.auto_run()) request_run();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Back to this step's starting values"));
    if (step->prediction && !predictions_.asking()) {
      ImGui::SameLine();
      if (ImGui::Button(tr("Predict"))) {
        predictions_.ask_again(course_.current_chapter(), course_.current_step());
        request_run();  // asks first: the question takes the canvas until it is answered
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Ask this step's question again, then run"));
    }
    if (bool auto_run = run_.auto_run(); ImGui::Checkbox(tr("Run on change"), &auto_run)) run_.set_auto_run(auto_run);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Run again as soon as a value changes"));
    // A short outcome sits beside the checkbox when it fits, else on its own line.
    auto beside_if_it_fits = [&](const char* text) {
      ImGui::SameLine(0.f, em);
      if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(text).x) ImGui::NewLine();
    };
    if (predictions_.asking()) {
      ImGui::PushStyleColor(ImGuiCol_Text, colours().accent);
      ImGui::TextWrapped("%s", tr("Answer the question on the canvas first, or skip it."));
      ImGui::PopStyleColor();
    } else if (busy) {
      const float progress = runner_.progress();
      char overlay[32];
      std::snprintf(overlay, sizeof(overlay), progress > 0.f ? tr("Running… %.0f %%") : tr("Running…"), progress * 100.f);
      // Without reported progress, the bar sweeps so a long run still looks alive.
      const float sweep = static_cast<float>(ImGui::GetTime() * 0.5 - static_cast<int>(ImGui::GetTime() * 0.5));
      ImGui::ProgressBar(progress > 0.f ? progress : sweep, ImVec2(-1.f, 0.f), overlay);
    } else if (const std::optional<Status>& last_status = run_.last_status(); last_status && !last_status->ok()) {
      // A message in words needs the whole width.
      ImGui::PushStyleColor(ImGuiCol_Text, last_status->code == StatusCode::cancelled ? colours().warning : colours().error);
      ImGui::TextWrapped("%s", i18n::status_text(*last_status).c_str());
      ImGui::PopStyleColor();
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", last_status->describe().c_str());
    } else if (const ShownRun* shown = run_.shown_for_current(course_)) {
      char took[48];
      if (shown->seconds < 0.001) {
        std::snprintf(took, sizeof(took), "%s", tr("✓ Ran in < 1 ms"));
      } else {
        std::snprintf(took, sizeof(took), tr("✓ Ran in %.0f ms"), shown->seconds * 1000.0);
      }
      beside_if_it_fits(took);
      ImGui::PushStyleColor(ImGuiCol_Text, colours().success);
      ImGui::TextUnformatted(took);
      ImGui::PopStyleColor();
    } else {
      beside_if_it_fits(tr("Not run yet."));
      ImGui::TextDisabled("%s", tr("Not run yet."));
    }
    ImGui::Separator();

    ImGui::BeginChild("##params", ImVec2(0, 0), false);
    if (widgets::draw_param_controls(*step, &course_.values(), style()) && run_.auto_run()) request_run();
    // A size the emulator starts smaller than a GPU does (lessons::Param::emulator_default) says so.
    if (course_.on_emulator()) {
      for (const lessons::Param& param : step->params) {
        if (!param.emulator_default) continue;
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("%s", fmt::format(fmt::runtime(tr("On the emulator, {} starts at {} ({} on a GPU): a CPU "
                                                             "answers in seconds.")),
                                             i18n::tr_text(param.label), *param.emulator_default, param.default_value)
                                     .c_str());
        ImGui::PopStyleColor();
      }
    }
    ImGui::EndChild();
  }
  ImGui::End();
}

}  // namespace cudalab::app
