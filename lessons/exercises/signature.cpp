#include "exercises/signature.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <utility>

#include <fmt/format.h>

namespace cudalab::lessons::exercises {
namespace {

// The text with comments and string literals blanked out (same length, newlines kept), so that a
// search for the kernel cannot land in a comment.
std::string blank_comments(std::string_view text) {
  std::string out(text);
  enum { code, line_comment, block_comment, string_literal, char_literal } state = code;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const char c = text[i];
    const char next = i + 1 < text.size() ? text[i + 1] : '\0';
    switch (state) {
      case code:
        if (c == '/' && next == '/') state = line_comment, out[i] = ' ';
        else if (c == '/' && next == '*') state = block_comment, out[i] = ' ';
        else if (c == '"') state = string_literal;
        else if (c == '\'') state = char_literal;
        break;
      case line_comment:
        if (c == '\n') state = code;
        else out[i] = ' ';
        break;
      case block_comment:
        if (c == '*' && next == '/') {
          out[i] = out[i + 1] = ' ';
          ++i;
          state = code;
        } else if (c != '\n') {
          out[i] = ' ';
        }
        break;
      case string_literal:
      case char_literal:
        if (c == '\\') {
          out[i] = ' ';
          if (i + 1 < out.size() && out[i + 1] != '\n') out[++i] = ' ';
        } else if ((state == string_literal && c == '"') || (state == char_literal && c == '\'') || c == '\n') {
          state = code;
        } else {
          out[i] = ' ';
        }
        break;
    }
  }
  return out;
}

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      word += c;
    } else {
      if (!word.empty()) words.push_back(std::exchange(word, ""));
      if (c == '*' || c == '&') words.emplace_back(1, c);
    }
  }
  if (!word.empty()) words.push_back(word);
  return words;
}

std::string trim(std::string_view text) {
  std::size_t begin = 0, end = text.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
  return std::string(text.substr(begin, end - begin));
}

}  // namespace

std::string normalize_type(std::string_view type) {
  bool is_const = false;
  int pointers = 0;
  std::string base;
  for (const std::string& word : words_of(type)) {
    if (word == "const") is_const = true;
    else if (word == "*") ++pointers;
    else if (word == "__restrict__" || word == "__restrict" || word == "restrict") continue;
    else base += (base.empty() ? "" : " ") + word;
  }
  return (is_const ? "const " : "") + base + std::string(static_cast<std::size_t>(pointers), '*');
}

RewrittenSource rewrite_kernel_parameters(std::string_view source, const Exercise& exercise) {
  RewrittenSource result;
  const std::string code = blank_comments(source);
  const std::regex kernel_head("__global__\\s+(?:__launch_bounds__\\s*\\([^)]*\\)\\s*)?void\\s+" + exercise.kernel_name + "\\s*\\(");
  std::smatch match;
  if (!std::regex_search(code, match, kernel_head)) {
    const bool has_name = std::regex_search(code, std::regex("\\b" + exercise.kernel_name + "\\s*\\("));
    result.problem = has_name ? fmt::format("{} must be a kernel: declare it `{}`", exercise.kernel_name, exercise.signature())
                              : fmt::format("there is no kernel named {}: the exercise checks `{}`", exercise.kernel_name,
                                            exercise.signature());
    return result;
  }
  const std::size_t open = static_cast<std::size_t>(match.position(0) + match.length(0)) - 1;
  result.line = 1 + static_cast<int>(std::count(code.begin(), code.begin() + static_cast<long>(open), '\n'));
  std::size_t close = open + 1;
  int depth = 1;
  for (; close < code.size() && depth > 0; ++close) {
    if (code[close] == '(') ++depth;
    if (code[close] == ')') --depth;
  }
  if (depth != 0) {
    result.problem = fmt::format("the parameter list of {} on line {} is not closed", exercise.kernel_name, result.line);
    return result;
  }
  --close;  // at ')'
  std::vector<std::string> params;
  {
    std::size_t begin = open + 1;
    int nested = 0;
    for (std::size_t i = open + 1; i <= close; ++i) {
      if (code[i] == '(' || code[i] == '<') ++nested;
      if (code[i] == ')' || code[i] == '>') --nested;
      if ((code[i] == ',' && nested == 0) || i == close) {
        params.push_back(trim(std::string_view(code).substr(begin, i - begin)));
        begin = i + 1;
      }
    }
  }
  if (params.size() == 1 && (params[0].empty() || params[0] == "void")) params.clear();
  auto mismatch = [&](const std::string& what) {
    result.problem = fmt::format("{} on line {}: the exercise checks `{}`; keep the starter's parameters", what, result.line,
                                 exercise.signature());
    return result;
  };
  if (params.size() != exercise.params.size())
    return mismatch(fmt::format("{} has {} parameter{} instead of {}", exercise.kernel_name, params.size(),
                                params.size() == 1 ? "" : "s", exercise.params.size()));
  std::vector<std::string> rewritten;
  for (std::size_t i = 0; i < params.size(); ++i) {
    std::vector<std::string> words = words_of(params[i]);
    if (words.size() < 2 || words.back() == "*") return mismatch(fmt::format("parameter {} has no name", i + 1));
    const std::string name = words.back();
    const std::string type = normalize_type(std::string_view(params[i]).substr(0, params[i].rfind(name)));
    const ParamSpec& spec = exercise.params[i];
    if (type != normalize_type(spec.type))
      return mismatch(fmt::format("parameter {} ({}) is `{}` instead of `{}`", i + 1, name, type, normalize_type(spec.type)));
    if (spec.is_pointer()) {
      std::string element = type.substr(0, type.size() - 1);
      rewritten.push_back(fmt::format("::cudalab_probe::Ptr<{}> {}", element, name));
    } else {
      rewritten.push_back(type + " " + name);
    }
  }
  // Same number of lines inside the parentheses as before: messages keep their line numbers.
  const std::string original(source.substr(open + 1, close - open - 1));
  std::string replacement;
  for (std::size_t i = 0; i < rewritten.size(); ++i) replacement += (i ? ", " : "") + rewritten[i];
  replacement += std::string(static_cast<std::size_t>(std::count(original.begin(), original.end(), '\n')), '\n');
  result.text = std::string(source.substr(0, open + 1)) + replacement + std::string(source.substr(close));
  result.ok = true;
  return result;
}

}  // namespace cudalab::lessons::exercises
