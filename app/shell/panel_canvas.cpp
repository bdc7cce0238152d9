// The canvas: the step's pictures (cell grids through the GL renderer, timelines and charts with
// draw lists), one at a time under tabs when a step has several. Without a picture it shows the
// facts in large type. A failed run keeps the last good picture under a red banner.
#include <string>
#include <variant>

#include "i18n/text_patterns.h"
#include "shell/app_shell.h"
#include "widgets/banner.h"
#include "widgets/chart_plot.h"
#include "widgets/results_widgets.h"
#include "widgets/text_fit.h"
#include "widgets/timeline_plot.h"

namespace cudalab::app {

using i18n::tr;

namespace {


std::string title_of(const lessons::View& view) {
  return std::visit([](const auto& picture) { return picture.title; }, view);
}

// A tab shows the title's head ("Threads launched" of "Threads launched (grey: idle, …)"); the
// whole title is written out under the tabs.
std::string tab_label(const std::string& title) {
  for (const char* cut : {" (", ": ", " — ", ", "}) {
    const auto at = title.find(cut);
    if (at != std::string::npos && at >= 8) return title.substr(0, at);
  }
  return title;
}

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

std::vector<int> canvas_pictures(const std::vector<lessons::View>& views) {
  std::vector<int> pictures, charts;
  for (int i = 0; i < static_cast<int>(views.size()); ++i) {
    const lessons::View& view = views[static_cast<std::size_t>(i)];
    if (std::holds_alternative<lessons::CellGridView>(view) || std::holds_alternative<lessons::TimelineView>(view)) {
      pictures.push_back(i);
    } else if (std::holds_alternative<lessons::ChartView>(view)) {
      charts.push_back(i);
    }
  }
  return pictures.empty() ? charts : pictures;
}

void AppShell::draw_canvas_panel() {
  if (!begin_panel("##canvas", layout_.canvas, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
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
  if (recorded_.draw_choice(recorded_shell(), backend_.facts)) selected_picture_ = 0;
  const bool current = shown_ && shown_->chapter == course_.current_chapter() && shown_->step == course_.current_step();
  const float em = atlas_.fonts().regular->FontSize;
  if (!current) {
    if (last_status_ && !last_status_->ok()) {
      centred_text((tr("This step did not run: ") + i18n::tr_text(last_status_->message)).c_str(), colours_.error);
    } else if (course_.current_step_outline() != nullptr) {
      centred_text(runner_.busy() ? tr("Running the step…") : tr("Press Run to run this step."), colours_.dim_text);
    }
    ImGui::End();
    return;
  }

  const std::vector<int> pictures = canvas_pictures(shown_->views);
  PredictionPanel::draw_verdict(shown_->run, course_);
  if (last_status_ && !last_status_->ok() && last_status_->code != StatusCode::cancelled) {
    // Keep the last good picture, but never let it pass for the result of the failed run.
    widgets::draw_banner(tr("Last run failed: ") + i18n::tr_text(last_status_->message) + tr(" (showing the last good run)"),
                         IM_COL32(150, 20, 20, 255));
  }

  if (pictures.empty()) {
    bool drew_facts = false;
    for (const lessons::View& view : shown_->views) {
      if (const auto* facts = std::get_if<lessons::FactsView>(&view)) {
        widgets::draw_facts(*facts, style(), true);
        drew_facts = true;
      }
    }
    if (!drew_facts) centred_text(tr("This step has no picture: its results are in the pane below."), colours_.dim_text);
    ImGui::End();
    return;
  }

  if (selected_picture_ >= static_cast<int>(pictures.size())) selected_picture_ = 0;
  if (pictures.size() > 1 && ImGui::BeginTabBar("##pictures")) {
    for (int i = 0; i < static_cast<int>(pictures.size()); ++i) {
      std::string title = tab_label(title_of(shown_->views[static_cast<std::size_t>(pictures[static_cast<std::size_t>(i)])]));
      if (title.empty()) title = tr("Picture ") + std::to_string(i + 1);
      const bool open = ImGui::BeginTabItem((title + "##picture" + std::to_string(i)).c_str());
      // A tab shows the title's head, squeezed further when tabs crowd: the whole title on hover.
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s", title_of(shown_->views[static_cast<std::size_t>(pictures[static_cast<std::size_t>(i)])]).c_str());
      }
      if (open) {
        selected_picture_ = i;
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  const int view_index = pictures[static_cast<std::size_t>(selected_picture_)];
  const lessons::View& view = shown_->views[static_cast<std::size_t>(view_index)];
  if (const std::string title = title_of(view); !title.empty()) {
    ImGui::PushFont(atlas_.fonts().bold);
    // A short canvas (large text on a 720-line projector) keeps its height for the picture: the
    // title takes one line there, whole on hover.
    if (layout_.canvas.size.y < em * 16.f) {
      if (widgets::text_fitted(title, ImGui::GetContentRegionAvail().x) && ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s", title.c_str());
      }
    } else {
      ImGui::TextWrapped("%s", title.c_str());
    }
    ImGui::PopFont();
  }

  if (const auto* grid = std::get_if<lessons::CellGridView>(&view)) {
    widgets::draw_legend(grid->legend, style());
    while (canvases_.size() <= static_cast<std::size_t>(view_index)) {
      canvases_.push_back(std::make_unique<widgets::CellGridCanvas>(data_dir_ / "shaders"));
    }
    ImVec2 size = ImGui::GetContentRegionAvail();
    size.y -= ImGui::GetTextLineHeightWithSpacing();  // room for the hint line
    canvases_[static_cast<std::size_t>(view_index)]->draw(*grid, shown_->version, size, style());
    ImGui::PushStyleColor(ImGuiCol_Text, colours_.dim_text);
    const std::string hint = std::to_string(grid->cols) + " × " + std::to_string(grid->rows) +
                             tr(" cells · wheel: zoom · drag: pan · double-click: fit · hover a cell for its numbers");
    widgets::text_fitted(hint, ImGui::GetContentRegionAvail().x);
    ImGui::PopStyleColor();
  } else if (const auto* timeline = std::get_if<lessons::TimelineView>(&view)) {
    widgets::draw_timeline(*timeline, ImGui::GetContentRegionAvail(), style());
  } else if (const auto* chart = std::get_if<lessons::ChartView>(&view)) {
    widgets::draw_chart(*chart, ImGui::GetContentRegionAvail(), style());
  }
  ImGui::End();
}

}  // namespace cudalab::app
