#pragma once
// The kernel source as the student would write it: CUDA Lab's plumbing is hidden, the other lines
// keep their file's line numbers so a CodeView's highlighted lines still point at the right place.
// Hidden: trace calls ("trace."), lines marked "// trace", includes of cudalab/… and of *trace*
// headers, `using cudalab::…;`, `template <class Trace>`; the recorder parameter leaves signatures
// (", cudalab::Trace trace", ", class Trace"); an `if`/`for` whose body was all hidden goes with
// it. Monospace, coloured by code_syntax.h (the editor colours the same way).
#include <string>
#include <string_view>
#include <vector>

#include "widgets/widget_style.h"

namespace cudalab::app::widgets {

struct CodeLine {
  int number = 0;  // 1-based line number in the file
  std::string text;
};

// Every line of `source`, verbatim but for tabs (expanded to 4 spaces) and carriage returns.
std::vector<CodeLine> code_lines(std::string_view source);
// The lines a student sees (tabs expanded to 4 spaces), in order (visible_code.cpp).
std::vector<CodeLine> visible_code_lines(std::string_view source);
// True for lines that exist only to record pictures: "trace." calls and the "// trace" marker.
bool is_trace_line(std::string_view line);
// The file line numbers of `kernel` among `lines`: its template line and `__global__` signature
// through its closing brace. Empty when no __global__ function has that name.
std::vector<int> kernel_line_numbers(const std::vector<CodeLine>& lines, std::string_view kernel);

// Draws `lines` (from visible_code_lines) in a scrolling region; `highlight` holds file line numbers.
// `scroll_to_line` > 0 scrolls the region once so that file line shows near its top.
void draw_code_listing(const std::vector<CodeLine>& lines, const std::vector<int>& highlight, const Style& style,
                       int scroll_to_line = 0);

}  // namespace cudalab::app::widgets
