#pragma once
// The kernel source as the student would write it: lines that feed CUDA Lab's pictures (the
// trace calls: "trace." or "// trace") are hidden, the others keep their file's line numbers so a
// CodeView's highlighted lines still point at the right place. Monospace, with light colouring of
// comments and CUDA keywords.
#include <string>
#include <string_view>
#include <vector>

#include "widgets/widget_style.h"

namespace cudalab::app::widgets {

struct CodeLine {
  int number = 0;  // 1-based line number in the file
  std::string text;
};

// The lines a student sees (tabs expanded to 4 spaces), in order.
std::vector<CodeLine> visible_code_lines(std::string_view source);
// True for lines that exist only to record pictures.
bool is_trace_line(std::string_view line);

// Draws `lines` (from visible_code_lines) in a scrolling region; `highlight` holds file line numbers.
void draw_code_listing(const std::vector<CodeLine>& lines, const std::vector<int>& highlight, const Style& style);

}  // namespace cudalab::app::widgets
