#pragma once
// How code looks on screen, shared by the read-only listing and the editor: the colour of each
// syntax kind (from the theme's Colours, so dark, light and high contrast all hold) and one line
// drawn in monospace cells.
#include <string_view>
#include <vector>

#include "widgets/code_syntax.h"
#include "widgets/widget_style.h"

namespace cudalab::app::widgets {

ImU32 syntax_colour(SyntaxKind kind, const Colours& colours);

// The width of one cell of the monospace `font` (a space's advance).
float code_cell_width(const ImFont* font);

// Draws `line` at `at` (its first cell's top-left), coloured by `spans`; tabs take
// CodeText::tab_display_width cells, like ImGui's own tab glyph.
void draw_code_line(ImDrawList* draw, const ImFont* font, ImVec2 at, std::string_view line,
                    const std::vector<SyntaxSpan>& spans, const Colours& colours);

}  // namespace cudalab::app::widgets
