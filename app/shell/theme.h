#pragma once
// Dark, light and high-contrast looks: ImGui's style plus the colours widgets draw with. Sizes
// (padding, rounding) follow the font scale so 200 % keeps its proportions.
#include "settings/settings.h"
#include "widgets/widget_style.h"

namespace cudalab::app {

// Sets ImGui::GetStyle() for `theme` at `scale` and returns the widget colours that go with it.
widgets::Colours apply_theme(Theme theme, float scale);

}  // namespace cudalab::app
