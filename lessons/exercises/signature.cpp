#include "exercises/signature.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <utility>

#include <fmt/format.h>

namespace cudalab::lessons::exercises {

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

std::size_t end_of_code_before(const std::string& code, std::size_t at) {
  while (at > 0 && std::isspace(static_cast<unsigned char>(code[at - 1]))) --at;
  return at;
}

namespace {

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
  // `const` before the `*` makes the element const (part of the signature); after it, or on a
  // by-value parameter, it only makes the parameter itself const, which the caller never sees
  // (`float* const out`, `const int n` are the starter's `float* out`, `int n`).
  bool element_const = false;
  int pointers = 0;
  std::string base;
  for (const std::string& word : words_of(type)) {
    if (word == "const") element_const = element_const || pointers == 0;
    else if (word == "*") ++pointers;
    else if (word == "__restrict__" || word == "__restrict" || word == "restrict") continue;
    else base += (base.empty() ? "" : " ") + word;
  }
  return (element_const && pointers > 0 ? "const " : "") + base + std::string(static_cast<std::size_t>(pointers), '*');
}

namespace {

// Words that end a parameter declared without a name (a prototype's `const float*, int`).
bool is_type_word(const std::string& word) {
  for (const char* type : {"int", "float", "double", "unsigned", "signed", "char", "long", "short", "bool", "size_t", "const"})
    if (word == type) return true;
  return false;
}

// The parameter list opening at `open` (its '('), checked against the exercise and rewritten to
// the probe's pointers; `named` is false for a declaration that may leave names out.
bool rewrite_parameter_list(std::string_view source, const std::string& code, std::size_t open, const Exercise& exercise,
                            RewrittenSource* result, std::size_t* close_out, std::string* replacement) {
  const int line = 1 + static_cast<int>(std::count(code.begin(), code.begin() + static_cast<long>(open), '\n'));
  std::size_t close = open + 1;
  int depth = 1;
  for (; close < code.size() && depth > 0; ++close) {
    if (code[close] == '(') ++depth;
    if (code[close] == ')') --depth;
  }
  if (depth != 0) {
    result->problem = message("the parameter list of {} on line {} is not closed", as_is(exercise.kernel_name), line);
    return false;
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
  auto mismatch = [&](const Message& what) {
    result->line = line;
    result->problem = message("{} on line {}: the exercise checks `{}`; keep the starter's parameters", what, line,
                              as_is(exercise.signature()));
    return false;
  };
  if (params.size() != exercise.params.size())
    return mismatch(message("{} has {} parameter{} instead of {}", as_is(exercise.kernel_name), params.size(),
                            as_is(params.size() == 1 ? "" : "s"), exercise.params.size()));
  // A definition names every parameter; a prototype before it may leave the names out.
  const std::size_t after = code.find_first_not_of(" \t\r\n", close + 1);
  const bool definition = after != std::string::npos && code[after] == '{';
  std::vector<std::string> rewritten;
  for (std::size_t i = 0; i < params.size(); ++i) {
    // `const float a[]` (or `a[256]`) declares a pointer parameter, as `const float* a` does.
    if (const std::size_t bracket = params[i].find('['); bracket != std::string::npos && params[i].back() == ']') {
      const std::string name_part = trim(std::string_view(params[i]).substr(0, bracket));
      const std::size_t last_space = name_part.find_last_of(" \t\n*&");
      const std::string last = last_space == std::string::npos ? name_part : name_part.substr(last_space + 1);
      params[i] = last_space == std::string::npos || is_type_word(last)
                      ? name_part + "*"  // unnamed (a prototype's `const float[]`)
                      : name_part.substr(0, last_space + 1) + "* " + last;
    }
    std::vector<std::string> words = words_of(params[i]);
    const bool unnamed = words.empty() || words.back() == "*" || words.size() == 1 || is_type_word(words.back());
    if (unnamed && (definition || words.empty())) return mismatch(message("parameter {} has no name", i + 1));
    const std::string name = unnamed ? "" : words.back();
    const std::string type =
        normalize_type(unnamed ? std::string_view(params[i]) : std::string_view(params[i]).substr(0, params[i].rfind(name)));
    const ParamSpec& spec = exercise.params[i];
    if (type != normalize_type(spec.type))
      return mismatch(message("parameter {} ({}) is `{}` instead of `{}`", i + 1, as_is(unnamed ? spec.name : name),
                              as_is(type), as_is(normalize_type(spec.type))));
    const std::string held =
        spec.is_pointer() ? fmt::format("CUDALAB_PROBE::Ptr<{}>", type.substr(0, type.size() - 1)) : type;
    rewritten.push_back(name.empty() ? held : held + " " + name);
    if (definition && spec.is_pointer() && !name.empty()) result->pointer_names.push_back(name);
  }
  // Same number of lines inside the parentheses as before: messages keep their line numbers.
  const std::string original(source.substr(open + 1, close - open - 1));
  replacement->clear();
  for (std::size_t i = 0; i < rewritten.size(); ++i) *replacement += (i ? ", " : "") + rewritten[i];
  *replacement += std::string(static_cast<std::size_t>(std::count(original.begin(), original.end(), '\n')), '\n');
  *close_out = close;
  if (definition || result->line == 0) result->line = line;
  return true;
}

}  // namespace

RewrittenSource rewrite_kernel_parameters(std::string_view source, const Exercise& exercise) {
  RewrittenSource result;
  const std::string code = blank_comments(source);
  // `__launch_bounds__(…)` may stand before or after `void` (the Programming Guide writes
  // `__global__ void __launch_bounds__(256) kernel(…)`).
  const std::string bounds = "(?:__launch_bounds__\\s*\\([^)]*\\)\\s*)?";
  const std::regex kernel_head("__global__\\s+" + bounds + "void\\s+" + bounds + exercise.kernel_name + "\\s*\\(");
  std::vector<std::size_t> opens;
  for (auto it = std::sregex_iterator(code.begin(), code.end(), kernel_head); it != std::sregex_iterator(); ++it)
    opens.push_back(static_cast<std::size_t>(it->position(0) + it->length(0)) - 1);
  if (opens.empty()) {
    const bool has_name = std::regex_search(code, std::regex("\\b" + exercise.kernel_name + "\\s*\\("));
    result.problem = has_name ? message("{} must be a kernel: declare it `{}`", as_is(exercise.kernel_name),
                                        as_is(exercise.signature()))
                              : message("there is no kernel named {}: the exercise checks `{}`", as_is(exercise.kernel_name),
                                        as_is(exercise.signature()));
    return result;
  }
  // Every declaration of the kernel (a prototype, then the definition) gets the same parameters,
  // or the definition and the prototype would be two overloads.
  std::string text;
  std::size_t copied = 0;
  for (const std::size_t open : opens) {
    std::size_t close = 0;
    std::string replacement;
    if (!rewrite_parameter_list(source, code, open, exercise, &result, &close, &replacement)) return result;
    text += std::string(source.substr(copied, open + 1 - copied)) + replacement;
    copied = close;
  }
  result.text = text + std::string(source.substr(copied));
  result.ok = true;
  return result;
}

}  // namespace cudalab::lessons::exercises
