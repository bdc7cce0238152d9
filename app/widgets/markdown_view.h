#pragma once
// Draws lesson text (markdown::Block) with ImGui: wrapped to the panel, mixed fonts (bold, italic,
// inline code), lists with bullets, fenced code on a tinted background, links as underlined text
// (their address in a tooltip).
#include <string_view>
#include <vector>

#include "markdown/markdown.h"
#include "widgets/widget_style.h"

namespace cudalab::app::widgets {

void draw_markdown(const std::vector<markdown::Block>& blocks, const Style& style);
// One plain text (a title) wrapped to the panel by the same rules as lesson text: at spaces and
// between CJK characters (line_break.h), where ImGui's TextWrapped breaks only at spaces.
void draw_wrapped_text(std::string_view text, const Style& style, ImFont* font, ImU32 colour);

}  // namespace cudalab::app::widgets
