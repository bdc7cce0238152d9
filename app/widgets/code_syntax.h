#pragma once
// CUDA C++ colouring, one line at a time: the read-only listing and the editor both colour with
// it. A line's spans depend on the lines above only through SyntaxState (inside a /* */ comment,
// inside a preprocessor line continued with '\'), so an editor recolours from any line given the
// state at its start. No ImGui here: the colours are the drawing's (code_paint.h).
#include <cstdint>
#include <string_view>
#include <vector>

namespace cudalab::app::widgets {

enum class SyntaxKind : std::uint8_t {
  plain,
  keyword,
  builtin,
  type,
  number,
  string,
  character,
  comment,
  preprocessor
};

struct SyntaxSpan {
  int begin = 0;  // byte offsets in the line, [begin, end)
  int end = 0;
  SyntaxKind kind = SyntaxKind::plain;
  bool operator==(const SyntaxSpan&) const = default;
};

struct SyntaxState {
  bool in_block_comment = false;
  bool in_preprocessor = false;  // the line above was a directive ending in '\'
  bool operator==(const SyntaxState&) const = default;
};

// The spans of `line`, covering it from start to end without gaps (neighbours of one kind merged);
// `state` is the state at the line's start on entry and at its end on return.
std::vector<SyntaxSpan> tokenize_line(std::string_view line, SyntaxState& state);

// Keywords of C++ and CUDA's qualifiers (__global__, __shared__, …); CUDA's built-in variables and
// functions (threadIdx, __syncthreads, atomicAdd, …); type names (int, float4, dim3, size_t, …).
SyntaxKind classify_word(std::string_view word);

}  // namespace cudalab::app::widgets
