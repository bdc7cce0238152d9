#pragma once
// A ChartView drawn with ImGui's draw list: line or grouped-bar charts, linear or log axes, a
// legend, and the value under the mouse in a tooltip.
#include "views.h"
#include "widgets/widget_style.h"

namespace cudalab::app::widgets {

void draw_chart(const lessons::ChartView& view, ImVec2 size, const Style& style);

}  // namespace cudalab::app::widgets
