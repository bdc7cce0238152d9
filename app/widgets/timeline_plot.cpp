#include "widgets/timeline_plot.h"

#include <algorithm>
#include <cfloat>
#include <string>

#include "widgets/axis_ticks.h"

namespace cudalab::app::widgets {

void draw_timeline(const lessons::TimelineView& view, ImVec2 size, const Style& style) {
  ImFont* font = style.fonts.regular;
  const float em = font->FontSize;
  double start = DBL_MAX, end = -DBL_MAX;
  for (const auto& bar : view.bars) {
    start = std::min(start, bar.start);
    end = std::max(end, bar.end);
  }
  for (const auto& marker : view.markers) {
    start = std::min(start, marker.first);
    end = std::max(end, marker.first);
  }
  if (view.bars.empty() && view.markers.empty()) {
    ImGui::TextDisabled("No events in this timeline.");
    return;
  }
  if (start > 0 && start < (end - start) * 0.2) start = 0;  // an axis from 0 reads easier
  if (end <= start) end = start + 1;

  float label_width = 0.f;
  for (const auto& row : view.rows) label_width = std::max(label_width, ImGui::CalcTextSize(row.c_str()).x);
  label_width = std::min(label_width + em * 0.8f, size.x * 0.3f);

  const int row_count = std::max(static_cast<int>(view.rows.size()), 1);
  const float axis_height = em * 2.2f;
  const float row_height = std::clamp((size.y - axis_height - em * 2) / row_count, 3.f, em * 3.f);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float plot_left = origin.x + label_width;
  const float plot_right = origin.x + size.x - em * 0.8f;
  const float plot_top = origin.y + em * 1.2f;  // room for marker names
  const float plot_bottom = plot_top + row_height * row_count;
  const double span = end - start;
  auto x_of = [&](double time) { return plot_left + static_cast<float>((time - start) / span) * (plot_right - plot_left); };

  ImDrawList* draw = ImGui::GetWindowDrawList();
  // Lanes: alternate shading so 132 SMs stay followable; names when a row can hold text.
  for (int row = 0; row < row_count; ++row) {
    const float y = plot_top + row * row_height;
    if (row % 2 == 1) draw->AddRectFilled(ImVec2(plot_left, y), ImVec2(plot_right, y + row_height), style.colours.panel_background);
    if (row < static_cast<int>(view.rows.size()) && row_height >= em * 0.9f) {
      draw->AddText(ImVec2(origin.x, y + (row_height - em) * 0.5f), style.colours.dim_text, view.rows[static_cast<std::size_t>(row)].c_str());
    }
  }
  // Time axis.
  draw->AddLine(ImVec2(plot_left, plot_bottom), ImVec2(plot_right, plot_bottom), style.colours.dim_text);
  for (double tick : linear_ticks(start, end, std::max(2, static_cast<int>((plot_right - plot_left) / (em * 6))))) {
    const float x = x_of(tick);
    draw->AddLine(ImVec2(x, plot_top), ImVec2(x, plot_bottom), style.colours.grid_line);
    const std::string text = format_tick(tick);
    const float width = ImGui::CalcTextSize(text.c_str()).x;
    draw->AddText(ImVec2(x - width * 0.5f, plot_bottom + em * 0.2f), style.colours.dim_text, text.c_str());
  }
  const std::string unit_text = "time (" + view.unit + ")";
  draw->AddText(ImVec2(plot_right - ImGui::CalcTextSize(unit_text.c_str()).x, plot_bottom + em * 1.2f), style.colours.dim_text,
                unit_text.c_str());

  // Bars, then the hovered one's tooltip.
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const lessons::TimelineView::Bar* hovered = nullptr;
  const float inset = row_height >= 8.f ? row_height * 0.12f : 0.f;
  for (const auto& bar : view.bars) {
    const float y = plot_top + bar.row * row_height;
    const ImVec2 a(x_of(bar.start), y + inset);
    const ImVec2 b(std::max(x_of(bar.end), a.x + 1.f), y + row_height - inset);
    const render::PackedColour fill = render::group_colour(bar.group);
    draw->AddRectFilled(a, b, fill, row_height >= 8.f ? 2.f : 0.f);
    if (!bar.label.empty() && row_height >= em) {
      const ImVec2 text_size = ImGui::CalcTextSize(bar.label.c_str());
      if (text_size.x + 6.f < b.x - a.x) {
        draw->AddText(ImVec2(a.x + 3.f, a.y + (b.y - a.y - text_size.y) * 0.5f), render::text_colour_on(fill), bar.label.c_str());
      }
    }
    if (mouse.x >= a.x && mouse.x <= b.x && mouse.y >= y && mouse.y < y + row_height) hovered = &bar;
  }
  // Marker lines; a name only where it does not run into the previous one (a step may mark every
  // block's start), placed left of its line near the right edge.
  auto markers = view.markers;
  std::sort(markers.begin(), markers.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  const bool crowded = markers.size() > 12;
  float free_from = -FLT_MAX;
  for (const auto& [time, name] : markers) {
    const float x = x_of(time);
    draw->AddLine(ImVec2(x, plot_top - em * 0.2f), ImVec2(x, plot_bottom), crowded ? (style.colours.accent & 0x80FFFFFFu) : style.colours.accent,
                  crowded ? 1.f : 2.f);
    const float width = ImGui::CalcTextSize(name.c_str()).x;
    const float text_x = x + 3.f + width > plot_right ? x - 3.f - width : x + 3.f;
    if (text_x < free_from || name.empty()) continue;
    draw->AddText(ImVec2(text_x, origin.y), style.colours.accent, name.c_str());
    free_from = text_x + width + em * 0.5f;
  }
  ImGui::Dummy(ImVec2(size.x, plot_bottom - origin.y + axis_height));
  if (hovered != nullptr && ImGui::IsWindowHovered()) {
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(!hovered->tooltip.empty() ? hovered->tooltip.c_str() : hovered->label.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, style.colours.dim_text);
    ImGui::Text("%s … %s %s", format_tick(hovered->start).c_str(), format_tick(hovered->end).c_str(), view.unit.c_str());
    ImGui::PopStyleColor();
    ImGui::EndTooltip();
  }
}

}  // namespace cudalab::app::widgets
