// What the Code tab shows of a kernel file: the kernel as a student writes it. CUDA Lab's plumbing
// (trace calls, the recorder parameter, its headers) is taken out line by line, and whatever that
// leaves behind that a student would never write (an `if` with an empty body, a doubled blank
// line) goes too. Every line kept keeps its number in the file.
#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

#include "widgets/code_listing.h"

namespace cudalab::app::widgets {

bool is_trace_line(std::string_view line) {
  return line.find("trace.") != std::string_view::npos || line.find("// trace") != std::string_view::npos;
}

namespace {

bool contains(std::string_view text, std::string_view piece) {
  return text.find(piece) != std::string_view::npos;
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

// The code of a line without its `//` comment, trimmed.
std::string_view code_part(std::string_view line) {
  const std::size_t comment = line.find("//");
  return trimmed(comment == std::string_view::npos ? line : line.substr(0, comment));
}

// Lines that exist only for CUDA Lab: trace calls and lines marked "// trace", the includes of its
// headers (cudalab/…, trace_kinds.h, no_trace.h), using-declarations of its names, and a template
// line whose only parameter is the recorder's type.
bool is_plumbing_line(std::string_view line) {
  if (is_trace_line(line)) return true;
  const std::string_view code = trimmed(line);
  if (code.starts_with("#include") && (contains(code, "cudalab/") || contains(code, "trace"))) return true;
  if (code.starts_with("using cudalab::") || code.starts_with("using namespace cudalab")) return true;
  return code == "template <class Trace>" || code == "template <typename Trace>";
}

// The recorder leaves the signature: `(int n, cudalab::Trace trace)` reads `(int n)`, and
// `template <int TILE, class Trace>` reads `template <int TILE>`. Longest pieces first, so that
// "cudalab::Trace trace" is not half-removed as "Trace trace".
std::string without_recorder(std::string line) {
  static constexpr std::array<std::string_view, 8> pieces = {", cudalab::Trace trace", "cudalab::Trace trace, ",
                                                             "cudalab::Trace trace",   ", Trace trace",
                                                             "Trace trace, ",          "Trace trace",
                                                             ", class Trace",          ", typename Trace"};
  for (std::string_view piece : pieces) {
    for (std::size_t at = line.find(piece); at != std::string::npos; at = line.find(piece, at))
      line.erase(at, piece.size());
  }
  return line;
}

std::string expand_tabs(std::string_view line) {
  std::string text;
  for (char c : line) {
    if (c == '\t') {
      text.append(4 - text.size() % 4, ' ');
    } else {
      text += c;
    }
  }
  return text;
}

bool starts_control_block(std::string_view code) {
  for (std::string_view keyword : {"if", "for", "while", "else", "do"}) {
    if (code.starts_with(keyword) && code.size() > keyword.size() &&
        !(std::isalnum(static_cast<unsigned char>(code[keyword.size()])) || code[keyword.size()] == '_')) {
      return true;
    }
  }
  return false;
}

// `if (...) {` directly followed by `}`, with hidden lines between them: the body was all
// plumbing, and an empty `if` would only puzzle the reader. Both lines go (nested ones too).
void drop_emptied_blocks(std::vector<CodeLine>* lines) {
  std::size_t i = 0;
  while (i + 1 < lines->size()) {
    const CodeLine& opener = (*lines)[i];
    const CodeLine& closer = (*lines)[i + 1];
    const std::string_view open_code = code_part(opener.text);
    if (closer.number - opener.number > 1 && open_code.ends_with("{") && starts_control_block(open_code) &&
        code_part(closer.text) == "}") {
      lines->erase(lines->begin() + static_cast<std::ptrdiff_t>(i),
                   lines->begin() + static_cast<std::ptrdiff_t>(i) + 2);
      i = i > 0 ? i - 1 : 0;  // the enclosing block may be empty now
    } else {
      ++i;
    }
  }
}

// True when `line` names `kernel` as a __global__ function: `__global__ void kernel(`.
// `kernel(` as a whole word on the line.
bool names_kernel(std::string_view line, std::string_view kernel) {
  for (std::size_t at = line.find(kernel); at != std::string_view::npos; at = line.find(kernel, at + 1)) {
    const bool starts_word =
        at == 0 || !(std::isalnum(static_cast<unsigned char>(line[at - 1])) || line[at - 1] == '_');
    std::size_t after = at + kernel.size();
    while (after < line.size() && line[after] == ' ') ++after;
    if (starts_word && after < line.size() && line[after] == '(') return true;
  }
  return false;
}

// The line of `__global__` that declares `kernel`: the same line, or the one above when the
// declaration is split after its attributes (`__global__ void __launch_bounds__(256)` then the name).
std::optional<std::size_t> kernel_declaration(const std::vector<CodeLine>& lines, std::size_t at, std::string_view kernel) {
  if (!names_kernel(lines[at].text, kernel)) return std::nullopt;
  if (contains(lines[at].text, "__global__")) return at;
  if (at > 0 && contains(lines[at - 1].text, "__global__") && code_part(lines[at - 1].text).find(';') == std::string_view::npos &&
      code_part(lines[at - 1].text).find('{') == std::string_view::npos)
    return at - 1;
  return std::nullopt;
}

}  // namespace

std::vector<CodeLine> code_lines(std::string_view source) {
  std::vector<CodeLine> lines;
  int number = 0;
  std::size_t position = 0;
  while (true) {
    const std::size_t end = std::min(source.find('\n', position), source.size());
    std::string_view line = source.substr(position, end - position);
    ++number;
    const bool last = end == source.size();
    if (last && line.empty() && number > 1) break;  // the file's final newline ends a line, not starts one
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back({number, expand_tabs(line)});
    if (last) break;
    position = end + 1;
  }
  return lines;
}

std::vector<CodeLine> visible_code_lines(std::string_view source) {
  std::vector<CodeLine> lines;
  bool hidden_since_last = false;  // a line was hidden since the last one kept
  for (CodeLine& line : code_lines(source)) {
    if (is_plumbing_line(line.text)) {
      hidden_since_last = true;
      continue;
    }
    std::string text = without_recorder(std::move(line.text));
    // A parameter list broken before the recorder: `int n,` / `Trace trace) {` leaves `) {`.
    if (trimmed(text).starts_with(")") && !lines.empty() && trimmed(lines.back().text).ends_with(",")) {
      std::string& previous = lines.back().text;
      previous.erase(previous.find_last_of(','), 1);
    }
    // Hiding an include block leaves a blank line on each side of it: keep one.
    const bool blank = trimmed(text).empty();
    const bool doubled_blank = blank && hidden_since_last && (lines.empty() || trimmed(lines.back().text).empty());
    if (!doubled_blank) lines.push_back({line.number, std::move(text)});
    hidden_since_last = false;
  }
  drop_emptied_blocks(&lines);
  return lines;
}

std::vector<int> kernel_line_numbers(const std::vector<CodeLine>& lines, std::string_view kernel) {
  std::vector<int> numbers;
  if (kernel.empty()) return numbers;
  for (std::size_t at = 0; at < lines.size(); ++at) {
    const std::optional<std::size_t> declaration = kernel_declaration(lines, at, kernel);
    if (!declaration) continue;
    const std::size_t start = *declaration;
    // Its template line belongs to it: `template <int TILE>` above `__global__ void ...`.
    if (start > 0 && code_part(lines[start - 1].text).starts_with("template"))
      numbers.push_back(lines[start - 1].number);
    int depth = 0;
    bool opened = false;
    for (std::size_t index = start; index < lines.size(); ++index) {
      numbers.push_back(lines[index].number);
      for (char c : code_part(lines[index].text)) {
        if (c == '{') {
          ++depth;
          opened = true;
        } else if (c == '}') {
          --depth;
        }
      }
      if ((opened && depth <= 0) || (!opened && code_part(lines[index].text).ends_with(";"))) break;
    }
    break;
  }
  return numbers;
}

}  // namespace cudalab::app::widgets
