// The bottom pane: Results (facts, tables, charts of the shown run), Console (kernel printf output
// and status messages, errors in red), Code (app/panels/code_panel.cpp: the chapter's kernels as the student
// would write them, and its whole program).
#include <algorithm>
#include <string>
#include <variant>

#include "shell/app_shell.h"
#include "widgets/chart_plot.h"
#include "widgets/results_widgets.h"

namespace cudalab::app {

using i18n::tr;

void AppShell::draw_bottom_panel() {
  if (begin_panel("##bottom", layout().bottom)) {
    if (ImGui::BeginTabBar("##bottom_tabs")) {
      const auto flags_for = [&](BottomTabs::Tab tab) {
        return bottom_tabs_.requested(tab) ? ImGuiTabItemFlags_SetSelected : ImGuiTabItemFlags_None;
      };
      // Tabs shrink with the pane (their labels cut short): each says what it holds on hover.
      const auto hint = [](const char* text) {
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
      };
      const bool results_open = ImGui::BeginTabItem(tr("Results"), nullptr, flags_for(BottomTabs::Tab::results));
      hint(tr("Results: the run's facts, tables, charts and timings"));
      if (results_open) {
        draw_results_tab();
        ImGui::EndTabItem();
      }
      const std::string console_label =
          console_.errors() == 0   ? std::string(tr("Console")) + "###console"
          : console_.errors() == 1 ? std::string(tr("Console (1 error)")) + "###console"
                                   : tr("Console (") + std::to_string(console_.errors()) + tr(" errors)") + "###console";
      const bool console_open = ImGui::BeginTabItem(console_label.c_str(), nullptr, flags_for(BottomTabs::Tab::console));
      hint(tr("Console: kernel printf output and messages"));
      if (console_open) {
        draw_console_tab();
        ImGui::EndTabItem();
      }
      const bool code_open = ImGui::BeginTabItem(tr("Code"), nullptr, flags_for(BottomTabs::Tab::code));
      hint(tr("Code: the chapter's kernels and its whole program"));
      if (code_open) {
        const std::optional<ShownRun>& shown = run_.shown();
        code_panel_.draw(course_, shown && shown->chapter == course_.current_chapter() ? &shown->views : nullptr,
                         style());
        ImGui::EndTabItem();
      }
      bottom_tabs_.tabs_drawn();
      ImGui::EndTabBar();
    }
  }
  ImGui::End();
}

void AppShell::draw_results_tab() {
  ImGui::BeginChild("##results", ImVec2(0, 0), false);
  const ShownRun* shown = run_.shown_for_current(course_);
  if (shown == nullptr) {
    ImGui::TextDisabled("%s", runner_.busy() ? tr("Running…") : tr("No results for this step yet."));
    ImGui::EndChild();
    return;
  }
  const float em = fonts().regular->FontSize;
  bool any = false;
  const std::vector<int> on_canvas = canvas_pictures(shown->views);
  for (int index = 0; index < static_cast<int>(shown->views.size()); ++index) {
    const lessons::View& view = shown->views[static_cast<std::size_t>(index)];
    if (std::find(on_canvas.begin(), on_canvas.end(), index) != on_canvas.end()) continue;  // shown above
    if (const auto* facts = std::get_if<lessons::FactsView>(&view)) {
      widgets::draw_facts(*facts, style(), false);
    } else if (const auto* table = std::get_if<lessons::TableView>(&view)) {
      widgets::draw_table(*table, style());
    } else if (const auto* chart = std::get_if<lessons::ChartView>(&view)) {
      if (!chart->title.empty()) {
        ImGui::PushFont(fonts().bold);
        ImGui::TextUnformatted(chart->title.c_str());
        ImGui::PopFont();
      }
      widgets::draw_chart(*chart, ImVec2(ImGui::GetContentRegionAvail().x, em * 14.f), style());
    } else if (const auto* code = std::get_if<lessons::CodeView>(&view); code != nullptr && !code->text.empty()) {
      // Code the run produced or picked (a kernel's PTX line, a host snippet): its own listing.
      if (!code->title.empty()) {
        ImGui::PushFont(fonts().bold);
        ImGui::TextUnformatted(code->title.c_str());
        ImGui::PopFont();
      }
      const auto lines = widgets::visible_code_lines(code->text);
      const float height = std::min(static_cast<float>(lines.size()) + 1.f, 16.f) * fonts().mono->FontSize * 1.3f;
      ImGui::BeginChild(ImGui::GetID(code), ImVec2(0, height), true, ImGuiWindowFlags_HorizontalScrollbar);
      widgets::draw_code_listing(lines, code->highlight, style());
      ImGui::EndChild();
    } else {
      continue;
    }
    any = true;
    ImGui::Spacing();
  }
  // Timings always say how they were measured (a CPU emulator time is not a GPU time).
  if (!shown->run.timings.empty()) {
    ImGui::PushFont(fonts().bold);
    ImGui::TextUnformatted(tr("Timings"));
    ImGui::PopFont();
    for (const Timing& timing : shown->run.timings) {
      ImGui::BulletText("%s: %.3f ms (%s%s)", timing.label.c_str(), timing.ms, describe(timing.source),
                        timing.repeats > 1 ? (", median of " + std::to_string(timing.repeats)).c_str() : "");
    }
    any = true;
  }
  if (!any) ImGui::TextDisabled("%s", tr("This step's results are in the picture above."));
  ImGui::EndChild();
}

void AppShell::draw_console_tab() {
  if (ImGui::SmallButton(tr("Clear"))) console_.clear();
  ImGui::SameLine();
  ImGui::TextDisabled("%s", tr("kernel printf output and messages"));
  ImGui::BeginChild("##console", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::PushFont(fonts().mono);
  for (const ConsoleLog::Entry& entry : console_.entries()) {
    ImU32 colour = colours().text;
    switch (entry.kind) {
      case ConsoleLog::Kind::info: colour = colours().dim_text; break;
      case ConsoleLog::Kind::output: colour = colours().text; break;
      case ConsoleLog::Kind::success: colour = colours().success; break;
      case ConsoleLog::Kind::warning: colour = colours().warning; break;
      case ConsoleLog::Kind::error: colour = colours().error; break;
    }
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    if (entry.kind == ConsoleLog::Kind::output) {
      ImGui::TextUnformatted(entry.text.c_str());  // kernel output keeps its columns
    } else {
      ImGui::TextWrapped("%s", entry.text.c_str());  // messages are read in full
    }
    ImGui::PopStyleColor();
  }
  ImGui::PopFont();
  if (bottom_tabs_.console_grew(console_.version())) ImGui::SetScrollHereY(1.f);  // follow new output
  ImGui::EndChild();
}

}  // namespace cudalab::app
