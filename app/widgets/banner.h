#pragma once
// A full-width coloured band of white, wrapped text above a picture: the failed-run warning, a
// prediction's verdict, "not live" over a recorded run. The cursor ends below it.
#include <string>

#include <imgui.h>

namespace cudalab::app::widgets {

// Returns whether the mouse is over its text (for a tooltip).
bool draw_banner(const std::string& text, ImU32 fill);

}  // namespace cudalab::app::widgets
