#include "panels/pictures_panel.h"

#include <imgui.h>

#include <string>
#include <variant>

#include "i18n/language.h"
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

void PicturesPanel::draw(const ShownRun& shown, const std::vector<int>& pictures, bool short_canvas,
                         const widgets::Style& style) {
  if (selected_ >= static_cast<int>(pictures.size())) selected_ = 0;
  if (pictures.size() > 1 && ImGui::BeginTabBar("##pictures")) {
    for (int i = 0; i < static_cast<int>(pictures.size()); ++i) {
      std::string title = tab_label(title_of(shown.views[static_cast<std::size_t>(pictures[static_cast<std::size_t>(i)])]));
      if (title.empty()) title = tr("Picture ") + std::to_string(i + 1);
      const bool open = ImGui::BeginTabItem((title + "##picture" + std::to_string(i)).c_str());
      // A tab shows the title's head, squeezed further when tabs crowd: the whole title on hover.
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s", title_of(shown.views[static_cast<std::size_t>(pictures[static_cast<std::size_t>(i)])]).c_str());
      }
      if (open) {
        selected_ = i;
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  const int view_index = pictures[static_cast<std::size_t>(selected_)];
  const lessons::View& view = shown.views[static_cast<std::size_t>(view_index)];
  if (const std::string title = title_of(view); !title.empty()) {
    ImGui::PushFont(style.fonts.bold);
    // A short canvas (large text on a 720-line projector) keeps its height for the picture: the
    // title takes one line there, whole on hover.
    if (short_canvas) {
      if (widgets::text_fitted(title, ImGui::GetContentRegionAvail().x) && ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s", title.c_str());
      }
    } else {
      ImGui::TextWrapped("%s", title.c_str());
    }
    ImGui::PopFont();
  }

  if (const auto* grid = std::get_if<lessons::CellGridView>(&view)) {
    widgets::draw_legend(grid->legend, style);
    while (canvases_.size() <= static_cast<std::size_t>(view_index)) {
      canvases_.push_back(std::make_unique<widgets::CellGridCanvas>(shaders_dir_));
    }
    ImVec2 size = ImGui::GetContentRegionAvail();
    size.y -= ImGui::GetTextLineHeightWithSpacing();  // room for the hint line
    canvases_[static_cast<std::size_t>(view_index)]->draw(*grid, shown.version, size, style);
    ImGui::PushStyleColor(ImGuiCol_Text, style.colours.dim_text);
    const std::string hint = std::to_string(grid->cols) + " × " + std::to_string(grid->rows) +
                             tr(" cells · wheel: zoom · drag: pan · double-click: fit · hover a cell for its numbers");
    widgets::text_fitted(hint, ImGui::GetContentRegionAvail().x);
    ImGui::PopStyleColor();
  } else if (const auto* timeline = std::get_if<lessons::TimelineView>(&view)) {
    widgets::draw_timeline(*timeline, ImGui::GetContentRegionAvail(), style);
  } else if (const auto* chart = std::get_if<lessons::ChartView>(&view)) {
    widgets::draw_chart(*chart, ImGui::GetContentRegionAvail(), style);
  }
}

}  // namespace cudalab::app
