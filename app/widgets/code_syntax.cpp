#include "widgets/code_syntax.h"

#include <algorithm>
#include <iterator>

namespace cudalab::app::widgets {

namespace {

// Sorted, for binary search. (Packed by hand: clang-format would give each word its own line.)
// clang-format off
constexpr std::string_view keywords[] = {
    "__align__", "__constant__", "__device__", "__forceinline__", "__global__", "__host__", "__launch_bounds__",
    "__managed__", "__noinline__", "__restrict__", "__shared__", "alignas", "alignof", "auto", "break", "case",
    "catch", "class", "const", "const_cast", "consteval", "constexpr", "constinit", "continue", "decltype", "default",
    "delete", "do", "dynamic_cast", "else", "enum", "explicit", "extern", "false", "for", "friend", "goto", "if",
    "inline", "mutable", "namespace", "new", "noexcept", "nullptr", "operator", "private", "protected", "public",
    "register", "reinterpret_cast", "return", "sizeof", "static", "static_assert", "static_cast", "struct", "switch",
    "template", "this", "thread_local", "throw", "true", "try", "typedef", "typename", "union", "using", "virtual",
    "volatile", "while"};

constexpr std::string_view builtins[] = {
    "__activemask", "__ballot_sync", "__ldg", "__shfl_down_sync", "__shfl_sync", "__shfl_up_sync", "__shfl_xor_sync",
    "__syncthreads", "__syncthreads_and", "__syncthreads_count", "__syncthreads_or", "__syncwarp", "__threadfence",
    "__threadfence_block", "atomicAdd", "atomicAnd", "atomicCAS", "atomicDec", "atomicExch", "atomicInc", "atomicMax",
    "atomicMin", "atomicOr", "atomicSub", "atomicXor", "blockDim", "blockIdx", "gridDim", "printf", "threadIdx",
    "warpSize"};

constexpr std::string_view types[] = {
    "__half", "bool", "char", "char16_t", "char32_t", "char8_t", "dim3", "double", "double2", "float", "float2",
    "float3", "float4", "half", "int", "int16_t", "int2", "int3", "int32_t", "int4", "int64_t", "int8_t", "long",
    "ptrdiff_t", "short", "signed", "size_t", "uint16_t", "uint2", "uint3", "uint32_t", "uint4", "uint64_t", "uint8_t",
    "unsigned", "void", "wchar_t"};
// clang-format on

static_assert(std::is_sorted(std::begin(keywords), std::end(keywords)) &&
              std::is_sorted(std::begin(builtins), std::end(builtins)) &&
              std::is_sorted(std::begin(types), std::end(types)));

template <std::size_t N>
bool contains(const std::string_view (&sorted)[N], std::string_view word) {
  return std::binary_search(std::begin(sorted), std::end(sorted), word);
}

bool is_word_char(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

class SpanList {
 public:
  void add(int begin, int end, SyntaxKind kind) {
    if (end <= begin) return;
    if (!spans.empty() && spans.back().kind == kind && spans.back().end == begin) {
      spans.back().end = end;
    } else {
      spans.push_back({begin, end, kind});
    }
  }
  std::vector<SyntaxSpan> spans;
};

// From `at` (just past an opening quote) to just past the closing `quote`, or the line's end.
int quoted_end(std::string_view line, int at, char quote) {
  const auto size = static_cast<int>(line.size());
  while (at < size) {
    if (line[at] == '\\') {
      at += 2;
      continue;
    }
    if (line[at++] == quote) return at;
  }
  return size;
}

int number_end(std::string_view line, int at) {
  const auto size = static_cast<int>(line.size());
  while (at < size) {
    const char c = line[at];
    // An exponent's sign belongs to the number: 1e-5, 0x1p+3.
    if ((c == '+' || c == '-') &&
        (line[at - 1] == 'e' || line[at - 1] == 'E' || line[at - 1] == 'p' || line[at - 1] == 'P')) {
      ++at;
    } else if (is_word_char(c) || c == '.' || (c == '\'' && at + 1 < size && is_word_char(line[at + 1]))) {
      ++at;  // digits, suffixes (1.5f, 10u), hex letters and 1'000 separators
    } else {
      break;
    }
  }
  return at;
}

}  // namespace

SyntaxKind classify_word(std::string_view word) {
  if (contains(keywords, word)) return SyntaxKind::keyword;
  if (contains(builtins, word)) return SyntaxKind::builtin;
  if (contains(types, word)) return SyntaxKind::type;
  return SyntaxKind::plain;
}

std::vector<SyntaxSpan> tokenize_line(std::string_view line, SyntaxState& state) {
  SpanList out;
  const auto size = static_cast<int>(line.size());
  int at = 0;
  // A directive: the whole line (and its continuations) in one colour, comments excepted.
  bool directive = state.in_preprocessor;
  if (!directive) {
    const std::size_t first = line.find_first_not_of(" \t");
    directive = !state.in_block_comment && first != std::string_view::npos && line[first] == '#';
  }
  while (at < size) {
    if (state.in_block_comment) {
      const std::size_t close = line.find("*/", static_cast<std::size_t>(at));
      const int end = close == std::string_view::npos ? size : static_cast<int>(close) + 2;
      out.add(at, end, SyntaxKind::comment);
      if (close != std::string_view::npos) state.in_block_comment = false;
      at = end;
      continue;
    }
    const char c = line[at];
    const char next = at + 1 < size ? line[at + 1] : '\0';
    if (c == '/' && next == '/') {
      out.add(at, size, SyntaxKind::comment);
      at = size;
      break;
    }
    if (c == '/' && next == '*') {
      out.add(at, at + 2, SyntaxKind::comment);
      state.in_block_comment = true;
      at += 2;
      continue;
    }
    if (directive) {
      out.add(at, at + 1, SyntaxKind::preprocessor);
      ++at;
      continue;
    }
    int end = at + 1;
    SyntaxKind kind = SyntaxKind::plain;
    if (c == '"') {
      end = quoted_end(line, at + 1, '"');
      kind = SyntaxKind::string;
    } else if (c == '\'') {
      end = quoted_end(line, at + 1, '\'');
      kind = SyntaxKind::character;
    } else if (is_digit(c) || (c == '.' && is_digit(next))) {
      end = number_end(line, at + 1);
      kind = SyntaxKind::number;
    } else if (is_word_char(c)) {
      while (end < size && is_word_char(line[end])) ++end;
      kind = classify_word(line.substr(static_cast<std::size_t>(at), static_cast<std::size_t>(end - at)));
    }
    out.add(at, end, kind);
    at = end;
  }
  // A directive continues on the next line after a trailing backslash.
  state.in_preprocessor = directive && !line.empty() && line.back() == '\\';
  return std::move(out.spans);
}

}  // namespace cudalab::app::widgets
