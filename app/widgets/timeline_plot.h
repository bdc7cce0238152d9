#pragma once
// A TimelineView drawn with ImGui's draw list: one row per lane (an SM, a stream), bars coloured
// by group, a time axis in the view's unit, marker lines, and a tooltip for the bar under the mouse.
#include "views.h"
#include "widgets/widget_style.h"

namespace cudalab::app::widgets {

void draw_timeline(const lessons::TimelineView& view, ImVec2 size, const Style& style);

}  // namespace cudalab::app::widgets
