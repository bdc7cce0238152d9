#pragma once
// Draws lesson text (markdown::Block) with ImGui: wrapped to the panel, mixed fonts (bold, italic,
// inline code), lists with bullets, fenced code on a tinted background, links as underlined text
// (their address in a tooltip).
#include <vector>

#include "markdown/markdown.h"
#include "widgets/widget_style.h"

namespace cudalab::app::widgets {

void draw_markdown(const std::vector<markdown::Block>& blocks, const Style& style);

}  // namespace cudalab::app::widgets
