#include "widgets/code_paint.h"

#include <cfloat>

#include "widgets/code_text.h"

namespace cudalab::app::widgets {

ImU32 syntax_colour(SyntaxKind kind, const Colours& colours) {
  // Few colours, each one the theme already tunes for contrast against code_background.
  switch (kind) {
    case SyntaxKind::keyword:
    case SyntaxKind::builtin:
    case SyntaxKind::preprocessor:
      return colours.code_keyword;
    case SyntaxKind::type:
      return colours.link;
    case SyntaxKind::number:
      return colours.success;
    case SyntaxKind::string:
    case SyntaxKind::character:
      return colours.warning;
    case SyntaxKind::comment:
      return colours.code_comment;
    case SyntaxKind::plain:
      break;
  }
  return colours.text;
}

float code_cell_width(const ImFont* font) {
  return font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.f, " ").x;
}

void draw_code_line(ImDrawList* draw, const ImFont* font, ImVec2 at, std::string_view line,
                    const std::vector<SyntaxSpan>& spans, const Colours& colours) {
  const float cell = code_cell_width(font);
  int cells = 0;  // cells before the span being drawn
  int counted = 0;
  for (const SyntaxSpan& span : spans) {
    for (; counted < span.begin; ++counted) {
      const char c = line[static_cast<std::size_t>(counted)];
      if (c == '\t') {
        cells += CodeText::tab_display_width;
      } else if ((static_cast<unsigned char>(c) & 0xC0u) != 0x80u) {
        ++cells;
      }
    }
    // Spaces draw nothing: skip the call.
    if (line.find_first_not_of(" \t", static_cast<std::size_t>(span.begin)) < static_cast<std::size_t>(span.end)) {
      draw->AddText(font, font->FontSize, ImVec2(at.x + cell * static_cast<float>(cells), at.y),
                    syntax_colour(span.kind, colours), line.data() + span.begin, line.data() + span.end);
    }
  }
}

}  // namespace cudalab::app::widgets
