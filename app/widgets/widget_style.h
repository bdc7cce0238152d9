#pragma once
// What every widget draws with: the fonts (built by shell/fonts.cpp at the current scale) and the
// theme's colours (shell/theme.cpp). Passed in, never global, so a test can draw a widget too.
#include <imgui.h>

#include "render/palette.h"

namespace cudalab::app::widgets {

struct Fonts {
  ImFont* regular = nullptr;
  ImFont* bold = nullptr;
  ImFont* italic = nullptr;
  ImFont* mono = nullptr;
  ImFont* heading1 = nullptr;
  ImFont* heading2 = nullptr;
  ImFont* heading3 = nullptr;
  ImFont* large = nullptr;  // facts in large type
  float scale = 1.f;        // the user's font scale: pixel sizes of hand-drawn things follow it
};

struct Colours {
  ImU32 text = IM_COL32(230, 230, 230, 255);
  ImU32 dim_text = IM_COL32(160, 164, 172, 255);
  ImU32 accent = IM_COL32(86, 180, 233, 255);
  ImU32 link = IM_COL32(86, 180, 233, 255);
  ImU32 error = IM_COL32(255, 110, 100, 255);
  ImU32 warning = IM_COL32(240, 200, 80, 255);
  ImU32 success = IM_COL32(90, 200, 140, 255);
  ImU32 code_background = IM_COL32(40, 44, 52, 255);
  ImU32 code_keyword = IM_COL32(198, 160, 246, 255);
  ImU32 code_comment = IM_COL32(130, 140, 150, 255);
  ImU32 code_highlight = IM_COL32(90, 80, 30, 255);
  ImU32 grid_line = IM_COL32(80, 84, 92, 255);
  ImU32 panel_background = IM_COL32(40, 43, 50, 255);  // cards, alternate timeline lanes
  // The panels' own background: the frame is cleared to it, and ImGui's window backgrounds are
  // left transparent (a software GL then fills each pixel once, not three times).
  ImU32 window_background = IM_COL32(30, 32, 38, 255);
  ImU32 bar_background = IM_COL32(24, 26, 31, 255);  // top bar and status bar
  render::PackedColour canvas_background = render::pack(22, 24, 29);
  render::PackedColour canvas_frame = render::pack(245, 245, 245);
};

struct Style {
  const Fonts& fonts;
  const Colours& colours;
};

}  // namespace cudalab::app::widgets
