#include "widgets/chart_plot.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include "widgets/axis_ticks.h"

namespace cudalab::app::widgets {

namespace {

struct Axis {
  double low = 0, high = 1;
  bool log = false;
  float from = 0, to = 1;  // screen pixels of low and high
  float map(double value) const {
    const double t = log ? (std::log10(value) - std::log10(low)) / (std::log10(high) - std::log10(low))
                         : (value - low) / (high - low);
    return from + static_cast<float>(t) * (to - from);
  }
  bool usable(double value) const { return std::isfinite(value) && (!log || value > 0); }
};

// Widens [low, high] so data does not touch the frame, and makes it valid for the scale.
void settle_range(Axis* axis, bool from_zero) {
  if (axis->low > axis->high) {
    axis->low = axis->log ? 1 : 0;
    axis->high = axis->log ? 10 : 1;
    return;
  }
  if (axis->log) {
    axis->low = std::pow(10.0, std::floor(std::log10(axis->low)));
    axis->high = std::pow(10.0, std::ceil(std::log10(axis->high)));
    if (axis->high <= axis->low) axis->high = axis->low * 10;
    return;
  }
  if (from_zero && axis->low > 0) axis->low = 0;
  if (axis->high == axis->low) axis->high = axis->low + 1;
  const double pad = (axis->high - axis->low) * 0.05;
  axis->high += pad;
  if (!from_zero || axis->low < 0) axis->low -= pad;
}

}  // namespace

void draw_chart(const lessons::ChartView& view, ImVec2 size, const Style& style) {
  const ImVec2 requested = size;
  const bool bars = view.kind == lessons::ChartView::Kind::bar;
  const float em = style.fonts.regular->FontSize;
  Axis x_axis{DBL_MAX, -DBL_MAX, view.log_x && !bars};
  Axis y_axis{DBL_MAX, -DBL_MAX, view.log_y};
  std::size_t category_count = view.categories.size();
  for (const auto& series : view.series) {
    category_count = std::max(category_count, series.y.size());
    for (std::size_t i = 0; i < series.y.size(); ++i) {
      if (y_axis.usable(series.y[i])) {
        y_axis.low = std::min(y_axis.low, series.y[i]);
        y_axis.high = std::max(y_axis.high, series.y[i]);
      }
      if (!bars && i < series.x.size() && x_axis.usable(series.x[i])) {
        x_axis.low = std::min(x_axis.low, series.x[i]);
        x_axis.high = std::max(x_axis.high, series.x[i]);
      }
    }
  }
  if (view.series.empty() || y_axis.low > y_axis.high) {
    ImGui::TextDisabled("No data to plot.");
    return;
  }
  settle_range(&y_axis, bars);
  if (!bars) settle_range(&x_axis, false);

  // Legend: one swatch and name per series, wrapping, on its own rows above the plot.
  ImVec2 origin = ImGui::GetCursorScreenPos();
  const float legend_top = origin.y;
  {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    float x = origin.x, y = origin.y;
    for (std::size_t s = 0; s < view.series.size(); ++s) {
      const char* name = view.series[s].name.c_str();
      const float width = em * 1.1f + ImGui::CalcTextSize(name).x;
      if (x > origin.x && x + width > origin.x + size.x) {
        x = origin.x;
        y += em * 1.3f;
      }
      draw->AddRectFilled(ImVec2(x, y + em * 0.2f), ImVec2(x + em * 0.7f, y + em * 0.9f), render::group_colour(static_cast<int>(s)), 2.f);
      draw->AddText(ImVec2(x + em * 1.0f, y), style.colours.text, name);
      x += width + em;
    }
    if (view.series.size() > 1 || !view.series.front().name.empty()) origin.y = y + em * 1.4f;
  }
  size.y -= origin.y - legend_top;
  const auto y_ticks = y_axis.log ? log_ticks(y_axis.low, y_axis.high, 6) : linear_ticks(y_axis.low, y_axis.high, 6);
  float tick_width = 0.f;
  for (double tick : y_ticks) tick_width = std::max(tick_width, ImGui::CalcTextSize(format_tick(tick).c_str()).x);
  const float left = origin.x + tick_width + em * 0.8f;
  const float right = origin.x + size.x - em;
  const float top = origin.y + em * 1.6f;  // the y label lives above the plot
  const float bottom = origin.y + size.y - em * 2.6f;
  if (right - left < em * 4 || bottom - top < em * 3) {
    ImGui::Dummy(requested);
    return;
  }
  x_axis.from = left;
  x_axis.to = right;
  y_axis.from = bottom;
  y_axis.to = top;

  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddText(ImVec2(origin.x, origin.y), style.colours.dim_text, view.y_label.c_str());
  for (double tick : y_ticks) {
    const float y = y_axis.map(tick);
    draw->AddLine(ImVec2(left, y), ImVec2(right, y), style.colours.grid_line);
    const std::string text = format_tick(tick);
    draw->AddText(ImVec2(left - em * 0.4f - ImGui::CalcTextSize(text.c_str()).x, y - em * 0.5f), style.colours.dim_text, text.c_str());
  }
  draw->AddLine(ImVec2(left, bottom), ImVec2(right, bottom), style.colours.dim_text);
  draw->AddLine(ImVec2(left, top), ImVec2(left, bottom), style.colours.dim_text);
  const float x_label_width = ImGui::CalcTextSize(view.x_label.c_str()).x;
  draw->AddText(ImVec2((left + right - x_label_width) * 0.5f, bottom + em * 1.35f), style.colours.dim_text, view.x_label.c_str());

  const ImVec2 mouse = ImGui::GetIO().MousePos;
  std::string hover_text;
  float best_distance = em * 1.2f;
  const float line_width = std::max(2.f, 2.f * style.fonts.scale);
  if (bars) {
    const float slot = (right - left) / static_cast<float>(std::max<std::size_t>(category_count, 1));
    const float bar_width = slot * 0.8f / static_cast<float>(view.series.size());
    for (std::size_t category = 0; category < category_count; ++category) {
      const float slot_left = left + slot * category;
      const std::string name = category < view.categories.size() ? view.categories[category] : std::to_string(category);
      const float name_width = ImGui::CalcTextSize(name.c_str()).x;
      if (name_width < slot) draw->AddText(ImVec2(slot_left + (slot - name_width) * 0.5f, bottom + em * 0.2f), style.colours.dim_text, name.c_str());
      for (std::size_t s = 0; s < view.series.size(); ++s) {
        const auto& series = view.series[s];
        if (category >= series.y.size() || !y_axis.usable(series.y[category])) continue;
        const float x0 = slot_left + slot * 0.1f + bar_width * s;
        const float y0 = y_axis.map(series.y[category]);
        const float base = y_axis.log ? bottom : y_axis.map(std::max(y_axis.low, 0.0));
        draw->AddRectFilled(ImVec2(x0, std::min(y0, base)), ImVec2(x0 + bar_width - 1.f, std::max(y0, base)),
                            render::group_colour(static_cast<int>(s)), 2.f);
        if (mouse.x >= x0 && mouse.x < x0 + bar_width && mouse.y >= top && mouse.y <= bottom) {
          hover_text = series.name + "\n" + name + ": " + format_tick(series.y[category]);
          best_distance = 0;
        }
      }
    }
  } else {
    const auto x_ticks = x_axis.log ? log_ticks(x_axis.low, x_axis.high, 8) : linear_ticks(x_axis.low, x_axis.high, 8);
    for (double tick : x_ticks) {
      const float x = x_axis.map(tick);
      draw->AddLine(ImVec2(x, top), ImVec2(x, bottom), style.colours.grid_line);
      const std::string text = format_tick(tick);
      draw->AddText(ImVec2(x - ImGui::CalcTextSize(text.c_str()).x * 0.5f, bottom + em * 0.2f), style.colours.dim_text, text.c_str());
    }
    for (std::size_t s = 0; s < view.series.size(); ++s) {
      const auto& series = view.series[s];
      const ImU32 colour = render::group_colour(static_cast<int>(s));
      ImVec2 previous;
      bool has_previous = false;
      for (std::size_t i = 0; i < series.y.size() && i < series.x.size(); ++i) {
        if (!x_axis.usable(series.x[i]) || !y_axis.usable(series.y[i])) {
          has_previous = false;
          continue;
        }
        const ImVec2 point(x_axis.map(series.x[i]), y_axis.map(series.y[i]));
        if (has_previous) draw->AddLine(previous, point, colour, line_width);
        draw->AddCircleFilled(point, line_width * 1.8f, colour);
        const float distance = std::hypot(mouse.x - point.x, mouse.y - point.y);
        if (distance < best_distance) {
          best_distance = distance;
          hover_text = series.name + "\n" + view.x_label + " = " + format_tick(series.x[i]) + "\n" + view.y_label + " = " +
                       format_tick(series.y[i]);
        }
        previous = point;
        has_previous = true;
      }
    }
  }

  ImGui::SetCursorScreenPos(ImVec2(origin.x, legend_top));
  ImGui::Dummy(requested);
  if (!hover_text.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", hover_text.c_str());
}

}  // namespace cudalab::app::widgets
