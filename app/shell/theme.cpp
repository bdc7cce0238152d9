#include "shell/theme.h"

#include <imgui.h>

namespace cudalab::app {

namespace {

ImVec4 rgb(int red, int green, int blue, float alpha = 1.f) { return ImVec4(red / 255.f, green / 255.f, blue / 255.f, alpha); }

void shape_style(ImGuiStyle* style) {
  style->WindowRounding = 0.f;  // panels tile the viewport: square corners meet cleanly
  style->ChildRounding = 4.f;
  style->FrameRounding = 4.f;
  style->GrabRounding = 4.f;
  style->PopupRounding = 4.f;
  style->TabRounding = 4.f;
  style->ScrollbarRounding = 6.f;
  style->WindowBorderSize = 1.f;
  style->FrameBorderSize = 0.f;
  style->WindowPadding = ImVec2(12, 10);
  style->FramePadding = ImVec2(8, 5);
  style->ItemSpacing = ImVec2(8, 7);
  style->ItemInnerSpacing = ImVec2(6, 5);
  style->ScrollbarSize = 16.f;
  style->GrabMinSize = 14.f;
  style->WindowTitleAlign = ImVec2(0.f, 0.5f);
}

widgets::Colours dark(ImGuiStyle* style) {
  ImGui::StyleColorsDark(style);
  ImVec4* c = style->Colors;
  c[ImGuiCol_WindowBg] = rgb(30, 32, 38);
  c[ImGuiCol_ChildBg] = rgb(30, 32, 38);
  c[ImGuiCol_PopupBg] = rgb(38, 41, 48, 0.98f);
  c[ImGuiCol_Border] = rgb(58, 62, 72);
  c[ImGuiCol_MenuBarBg] = rgb(24, 26, 31);
  c[ImGuiCol_TitleBg] = rgb(24, 26, 31);
  c[ImGuiCol_TitleBgActive] = rgb(24, 26, 31);
  c[ImGuiCol_FrameBg] = rgb(46, 50, 59);
  c[ImGuiCol_FrameBgHovered] = rgb(58, 63, 75);
  c[ImGuiCol_FrameBgActive] = rgb(66, 72, 86);
  c[ImGuiCol_Button] = rgb(48, 84, 122);
  c[ImGuiCol_ButtonHovered] = rgb(60, 105, 152);
  c[ImGuiCol_ButtonActive] = rgb(72, 122, 176);
  c[ImGuiCol_Header] = rgb(48, 84, 122, 0.8f);
  c[ImGuiCol_HeaderHovered] = rgb(60, 105, 152, 0.8f);
  c[ImGuiCol_HeaderActive] = rgb(72, 122, 176);
  c[ImGuiCol_SliderGrab] = rgb(86, 180, 233);
  c[ImGuiCol_SliderGrabActive] = rgb(130, 200, 240);
  c[ImGuiCol_CheckMark] = rgb(86, 180, 233);
  c[ImGuiCol_Tab] = rgb(38, 41, 48);
  c[ImGuiCol_TabHovered] = rgb(60, 105, 152);
  c[ImGuiCol_TabActive] = rgb(48, 84, 122);
  c[ImGuiCol_TabUnfocused] = rgb(38, 41, 48);
  c[ImGuiCol_TabUnfocusedActive] = rgb(48, 84, 122);
  c[ImGuiCol_PlotHistogram] = rgb(0, 158, 115);
  c[ImGuiCol_TableHeaderBg] = rgb(42, 46, 54);
  c[ImGuiCol_TableRowBgAlt] = rgb(255, 255, 255, 0.035f);
  c[ImGuiCol_Text] = rgb(232, 234, 238);
  c[ImGuiCol_TextDisabled] = rgb(150, 155, 165);
  return widgets::Colours{};
}

widgets::Colours light(ImGuiStyle* style) {
  ImGui::StyleColorsLight(style);
  ImVec4* c = style->Colors;
  c[ImGuiCol_WindowBg] = rgb(248, 248, 246);
  c[ImGuiCol_ChildBg] = rgb(248, 248, 246);
  c[ImGuiCol_MenuBarBg] = rgb(232, 233, 236);
  c[ImGuiCol_Border] = rgb(200, 202, 208);
  c[ImGuiCol_FrameBg] = rgb(228, 230, 235);
  c[ImGuiCol_Button] = rgb(196, 218, 240);
  c[ImGuiCol_ButtonHovered] = rgb(170, 202, 236);
  c[ImGuiCol_ButtonActive] = rgb(140, 184, 230);
  c[ImGuiCol_SliderGrab] = rgb(0, 114, 178);
  c[ImGuiCol_SliderGrabActive] = rgb(0, 90, 150);
  c[ImGuiCol_CheckMark] = rgb(0, 114, 178);
  c[ImGuiCol_PlotHistogram] = rgb(0, 158, 115);
  c[ImGuiCol_Text] = rgb(20, 22, 26);
  c[ImGuiCol_TextDisabled] = rgb(100, 104, 112);
  widgets::Colours colours;
  colours.text = IM_COL32(20, 22, 26, 255);
  colours.dim_text = IM_COL32(92, 96, 104, 255);
  colours.accent = IM_COL32(0, 100, 160, 255);
  colours.link = IM_COL32(0, 100, 160, 255);
  colours.error = IM_COL32(190, 30, 20, 255);
  colours.warning = IM_COL32(150, 100, 0, 255);
  colours.success = IM_COL32(0, 120, 80, 255);
  colours.code_background = IM_COL32(230, 232, 236, 255);
  colours.code_keyword = IM_COL32(120, 40, 160, 255);
  colours.code_comment = IM_COL32(110, 116, 124, 255);
  colours.code_highlight = IM_COL32(255, 236, 150, 255);
  colours.grid_line = IM_COL32(214, 216, 222, 255);
  colours.panel_background = IM_COL32(236, 237, 240, 255);
  colours.canvas_background = render::pack(236, 237, 240);
  colours.canvas_frame = render::pack(20, 22, 26);
  return colours;
}

widgets::Colours high_contrast(ImGuiStyle* style) {
  ImGui::StyleColorsDark(style);
  ImVec4* c = style->Colors;
  const ImVec4 black = rgb(0, 0, 0), white = rgb(255, 255, 255), yellow = rgb(255, 221, 0);
  c[ImGuiCol_WindowBg] = black;
  c[ImGuiCol_ChildBg] = black;
  c[ImGuiCol_PopupBg] = black;
  c[ImGuiCol_MenuBarBg] = black;
  c[ImGuiCol_Border] = white;
  c[ImGuiCol_Text] = white;
  c[ImGuiCol_TextDisabled] = rgb(210, 210, 210);
  c[ImGuiCol_FrameBg] = rgb(20, 20, 20);
  c[ImGuiCol_FrameBgHovered] = rgb(50, 50, 0);
  c[ImGuiCol_FrameBgActive] = rgb(80, 80, 0);
  c[ImGuiCol_Button] = rgb(0, 0, 0);
  c[ImGuiCol_ButtonHovered] = rgb(70, 70, 0);
  c[ImGuiCol_ButtonActive] = rgb(110, 110, 0);
  c[ImGuiCol_Header] = rgb(70, 70, 0);
  c[ImGuiCol_HeaderHovered] = rgb(90, 90, 0);
  c[ImGuiCol_HeaderActive] = rgb(120, 120, 0);
  c[ImGuiCol_SliderGrab] = yellow;
  c[ImGuiCol_SliderGrabActive] = white;
  c[ImGuiCol_CheckMark] = yellow;
  c[ImGuiCol_Tab] = black;
  c[ImGuiCol_TabHovered] = rgb(90, 90, 0);
  c[ImGuiCol_TabActive] = rgb(110, 110, 0);
  c[ImGuiCol_TabUnfocusedActive] = rgb(110, 110, 0);
  c[ImGuiCol_PlotHistogram] = yellow;
  c[ImGuiCol_TableHeaderBg] = rgb(40, 40, 40);
  c[ImGuiCol_TableBorderStrong] = white;
  c[ImGuiCol_TableBorderLight] = rgb(180, 180, 180);
  c[ImGuiCol_Separator] = white;
  style->FrameBorderSize = 1.f;  // every control outlined: no low-contrast fills to rely on
  style->TabBorderSize = 1.f;
  widgets::Colours colours;
  colours.text = IM_COL32(255, 255, 255, 255);
  colours.dim_text = IM_COL32(220, 220, 220, 255);
  colours.accent = IM_COL32(255, 221, 0, 255);
  colours.link = IM_COL32(120, 220, 255, 255);
  colours.error = IM_COL32(255, 90, 90, 255);
  colours.warning = IM_COL32(255, 221, 0, 255);
  colours.success = IM_COL32(100, 255, 160, 255);
  colours.code_background = IM_COL32(25, 25, 25, 255);
  colours.code_keyword = IM_COL32(255, 221, 0, 255);
  colours.code_comment = IM_COL32(200, 200, 200, 255);
  colours.code_highlight = IM_COL32(90, 80, 0, 255);
  colours.grid_line = IM_COL32(110, 110, 110, 255);
  colours.panel_background = IM_COL32(24, 24, 24, 255);
  colours.canvas_background = render::pack(0, 0, 0);
  colours.canvas_frame = render::pack(255, 255, 255);
  return colours;
}

}  // namespace

widgets::Colours apply_theme(Theme theme, float scale) {
  ImGuiStyle style;
  shape_style(&style);
  widgets::Colours colours;
  switch (theme) {
    case Theme::dark: colours = dark(&style); break;
    case Theme::light: colours = light(&style); break;
    case Theme::high_contrast: colours = high_contrast(&style); break;
  }
  // The panels tile the window: its clear colour is their background (see widget_style.h).
  colours.window_background = ImGui::ColorConvertFloat4ToU32(style.Colors[ImGuiCol_WindowBg]);
  colours.bar_background = ImGui::ColorConvertFloat4ToU32(style.Colors[ImGuiCol_MenuBarBg]);
  style.Colors[ImGuiCol_WindowBg].w = 0.f;
  style.Colors[ImGuiCol_ChildBg].w = 0.f;
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
  return colours;
}

}  // namespace cudalab::app
