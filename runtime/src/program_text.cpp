#include "cudalab/program_text.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "cudalab/message_format.h"

namespace cudalab {
namespace {

// True where the character is code: not inside a comment, a string or a character literal. One
// pass, linear; a raw string literal R"delim( … )delim" is followed to its own end.
std::vector<bool> code_mask(std::string_view s) {
  std::vector<bool> code(s.size(), true);
  std::size_t i = 0;
  auto mark = [&](std::size_t from, std::size_t to) {
    for (std::size_t k = from; k < to && k < s.size(); ++k) code[k] = false;
  };
  while (i < s.size()) {
    const char c = s[i];
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
      const std::size_t end = s.find('\n', i);
      const std::size_t stop = end == std::string_view::npos ? s.size() : end;
      mark(i, stop);
      i = stop;
    } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
      const std::size_t end = s.find("*/", i + 2);
      const std::size_t stop = end == std::string_view::npos ? s.size() : end + 2;
      mark(i, stop);
      i = stop;
    } else if (c == 'R' && i + 1 < s.size() && s[i + 1] == '"' &&
               (i == 0 || !(std::isalnum(static_cast<unsigned char>(s[i - 1])) || s[i - 1] == '_'))) {
      const std::size_t open = s.find('(', i + 2);
      if (open == std::string_view::npos) {
        mark(i, s.size());
        break;
      }
      const std::string closing = ")" + std::string(s.substr(i + 2, open - i - 2)) + "\"";
      const std::size_t end = s.find(closing, open);
      const std::size_t stop = end == std::string_view::npos ? s.size() : end + closing.size();
      mark(i, stop);
      i = stop;
    } else if (c == '"' || c == '\'') {
      std::size_t k = i + 1;
      while (k < s.size() && s[k] != c && s[k] != '\n') k += s[k] == '\\' ? 2 : 1;
      const std::size_t stop = std::min(s.size(), k + 1);
      mark(i, stop);
      i = stop;
    } else {
      ++i;
    }
  }
  return code;
}

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

int line_of(std::string_view s, std::size_t at) {
  return 1 + static_cast<int>(std::count(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

std::size_t newlines(std::string_view s) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')); }

// `replacement` with line breaks added at its end until it spans as many lines as `original`.
std::string keeping_lines(std::string replacement, std::string_view original) {
  const std::size_t have = newlines(replacement), want = newlines(original);
  if (have < want) replacement.append(want - have, '\n');
  return replacement;
}

// Where the expression that is launched begins: a name, qualified or not, with template
// arguments or not (`kernel`, `ns::kernel`, `kernel<float, 4>`), ending at `end`.
std::size_t callee_start(std::string_view s, std::size_t end) {
  std::size_t j = end;
  while (j > 0 && is_space(s[j - 1])) --j;
  if (j > 0 && s[j - 1] == '>') {  // template arguments: back to the matching '<'
    int depth = 0;
    while (j > 0) {
      --j;
      if (s[j] == '>') ++depth;
      if (s[j] == '<' && --depth == 0) break;
    }
    while (j > 0 && is_space(s[j - 1])) --j;
  }
  // A name, and before it what it is a member or an element of: `rung.kernel`, `p->kernel`,
  // `kernels[i]`, `table[i].kernel` are launched as the function pointers they hold.
  while (true) {
    while (j > 0 && s[j - 1] == ']') {
      int depth = 0;
      while (j > 0) {
        --j;
        if (s[j] == ']') ++depth;
        if (s[j] == '[' && --depth == 0) break;
      }
    }
    while (j > 0 && (is_name_char(s[j - 1]) || s[j - 1] == ':')) --j;
    if (j > 0 && s[j - 1] == '.') {
      --j;
    } else if (j > 1 && s[j - 1] == '>' && s[j - 2] == '-') {
      j -= 2;
    } else {
      return j;
    }
  }
}

// From `from` (just after an opening bracket), the index of `close` at depth 0, in code only;
// npos when there is none.
std::size_t matching(std::string_view s, const std::vector<bool>& code, std::size_t from, std::string_view close) {
  int depth = 0;
  for (std::size_t k = from; k < s.size(); ++k) {
    if (!code[k]) continue;
    if (depth == 0 && s.substr(k, close.size()) == close) return k;
    const char c = s[k];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if ((c == ')' || c == ']' || c == '}') && --depth < 0) return std::string_view::npos;
  }
  return std::string_view::npos;
}

std::string collapse_spaces(std::string_view s) {
  std::string out;
  for (char c : s)
    if (!is_space(c)) out += c;
  return out;
}

std::string trimmed(std::string_view s) {
  std::size_t a = 0, b = s.size();
  while (a < b && is_space(s[a])) ++a;
  while (b > a && is_space(s[b - 1])) --b;
  return std::string(s.substr(a, b - a));
}

// `extern __shared__ [attributes] T name[];` starting at `at` (the `extern`), or false.
bool read_extern_shared(std::string_view s, const std::vector<bool>& code, std::size_t at, std::size_t* end,
                        std::string* type, std::string* name) {
  auto token_at = [&](std::size_t k, std::string_view word) {
    return s.substr(k, word.size()) == word && (k + word.size() >= s.size() || !is_name_char(s[k + word.size()]));
  };
  if (!token_at(at, "extern") || (at > 0 && is_name_char(s[at - 1]))) return false;
  std::size_t k = at + 6;
  while (k < s.size() && is_space(s[k])) ++k;
  if (!token_at(k, "__shared__")) return false;
  k += 10;
  const std::size_t semicolon = matching(s, code, k, ";");
  if (semicolon == std::string_view::npos) return false;
  std::string_view declaration = s.substr(k, semicolon - k);
  // Attributes first: __align__(…), alignas(…), __attribute__((…)).
  while (true) {
    std::size_t a = 0;
    while (a < declaration.size() && is_space(declaration[a])) ++a;
    declaration.remove_prefix(a);
    std::size_t word = 0;
    while (word < declaration.size() && is_name_char(declaration[word])) ++word;
    const std::string_view first = declaration.substr(0, word);
    if (first != "__align__" && first != "alignas" && first != "__attribute__") break;
    std::size_t open = word;
    while (open < declaration.size() && is_space(declaration[open])) ++open;
    if (open >= declaration.size() || declaration[open] != '(') return false;
    int depth = 0;
    std::size_t close = open;
    for (; close < declaration.size(); ++close) {
      if (declaration[close] == '(') ++depth;
      if (declaration[close] == ')' && --depth == 0) break;
    }
    if (close >= declaration.size()) return false;
    declaration.remove_prefix(close + 1);
  }
  const std::string body = trimmed(declaration);
  if (body.size() < 3 || body.back() != ']') return false;
  const std::size_t open = body.rfind('[');
  if (open == std::string::npos || !trimmed(std::string_view(body).substr(open + 1, body.size() - open - 2)).empty())
    return false;
  std::size_t name_end = open;
  while (name_end > 0 && is_space(body[name_end - 1])) --name_end;
  std::size_t name_start = name_end;
  while (name_start > 0 && is_name_char(body[name_start - 1])) --name_start;
  if (name_start == name_end || name_start == 0) return false;
  *name = body.substr(name_start, name_end - name_start);
  *type = trimmed(std::string_view(body).substr(0, name_start));
  *end = semicolon + 1;
  return !type->empty();
}

// `asm [volatile] ("…" : outputs …);` starting at `at`: inline PTX. The one a teaching program
// uses to read a clock (%globaltimer, %clock64, %clock) becomes the emulator's clock; any other
// cannot run here (a static_assert that says so). Returns false when `at` starts no asm statement.
bool read_asm(std::string_view s, const std::vector<bool>& code, std::size_t at, std::size_t* end, std::string* replacement) {
  auto is_token = [&](std::size_t k, std::string_view word) {
    return s.substr(k, word.size()) == word && (k == 0 || !is_name_char(s[k - 1])) &&
           (k + word.size() >= s.size() || !is_name_char(s[k + word.size()]));
  };
  std::size_t k = at;
  if (is_token(k, "asm")) k += 3;
  else if (is_token(k, "__asm__")) k += 7;
  else return false;
  while (k < s.size() && is_space(s[k])) ++k;
  for (std::string_view qualifier : {"volatile", "__volatile__"})
    if (is_token(k, qualifier)) k += qualifier.size();
  while (k < s.size() && is_space(s[k])) ++k;
  if (k >= s.size() || s[k] != '(') return false;
  const std::size_t close = matching(s, code, k + 1, ")");
  if (close == std::string_view::npos) return false;
  const std::string_view inside = s.substr(k + 1, close - k - 1);
  *end = close + 1;
  const bool clock = inside.find("%globaltimer") != std::string_view::npos || inside.find("%clock") != std::string_view::npos;
  // The one output operand: `"=l"(now)` → now.
  const std::size_t colon = inside.find(':');
  const std::size_t open = colon == std::string_view::npos ? colon : inside.find('(', colon);
  const std::size_t shut = open == std::string_view::npos ? open : inside.find(')', open);
  if (!clock || shut == std::string_view::npos) {
    // Refused where it is compiled: PTX under `#if __CUDA_ARCH__ >= 800` (chapter 10's tensor-core
    // rungs) is gone before the compiler sees it, and the rest of the program runs.
    *replacement = keeping_lines(
        fmt::format("static_assert(false, \"line {}: inline PTX (asm) runs only on a GPU; the emulator cannot run it\");",
                    line_of(s, at)),
        s.substr(at, close + 1 - at));
    *end = close + 1;
    while (*end < s.size() && is_space(s[*end]) && s[*end] != '\n') ++*end;
    if (*end < s.size() && s[*end] == ';') ++*end;
    return true;
  }
  *replacement = keeping_lines(fmt::format("(({}) = ::cudalab::emu::clock_ns())", inside.substr(open + 1, shut - open - 1)),
                               s.substr(at, close + 1 - at));
  return true;
}

}  // namespace

ProgramText rewrite_for_emulator(std::string_view s) {
  ProgramText result;
  const std::vector<bool> code = code_mask(s);
  std::string out;
  out.reserve(s.size() + 256);
  std::size_t copied = 0;  // s[0, copied) is in `out` already
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (!code[i]) continue;
    if (s[i] == 'e' && s.substr(i, 6) == "extern") {
      std::size_t end = 0;
      std::string type, name;
      if (read_extern_shared(s, code, i, &end, &type, &name)) {
        out.append(s.substr(copied, i - copied));
        out += keeping_lines(fmt::format("CUDALAB_EXTERN_SHARED({}, {});", type, name),
                             s.substr(i, end - i));
        copied = end;
        i = end - 1;
      }
      continue;
    }
    if (s[i] == 'a' || s[i] == '_') {
      std::size_t end = 0;
      std::string replacement;
      if (read_asm(s, code, i, &end, &replacement)) {
        out.append(s.substr(copied, i - copied));
        out += replacement;
        copied = end;
        i = end - 1;
        continue;
      }
    }
    if (s[i] != '<' || s.substr(i, 3) != "<<<" || !code[i + 1] || !code[i + 2]) continue;
    const std::size_t start = callee_start(s, i);
    const std::string callee = trimmed(s.substr(start, i - start));
    if (callee.empty() || start < copied) {
      result.problem = message("line {}: `<<<` has no kernel before it", line_of(s, i));
      return result;
    }
    const std::size_t config_end = matching(s, code, i + 3, ">>>");
    if (config_end == std::string_view::npos) {
      result.problem = message("line {}: the launch's `<<<` has no matching `>>>`", line_of(s, i));
      return result;
    }
    std::size_t open = config_end + 3;
    while (open < s.size() && is_space(s[open])) ++open;
    if (open >= s.size() || s[open] != '(') {
      result.problem =
          message("line {}: a launch `{}<<<…>>>` must be followed by its arguments in parentheses", line_of(s, i), as_is(callee));
      return result;
    }
    const std::size_t close = matching(s, code, open + 1, ")");
    if (close == std::string_view::npos) {
      result.problem = message("line {}: the launch of `{}` has no closing parenthesis", line_of(s, i), as_is(callee));
      return result;
    }
    const std::string_view config = s.substr(i + 3, config_end - i - 3);
    const std::string_view args = s.substr(open + 1, close - open - 1);
    std::string call = fmt::format("::cudalab::emu::rt::launch_kernel(\"{}\", {}, {}, ::cudalab::emu::rt::launch_config({}){}{}{})",
                                   collapse_spaces(callee), line_of(s, i), callee, config,
                                   s.substr(config_end + 3, open - config_end - 3), trimmed(args).empty() ? "" : ", ", args);
    out.append(s.substr(copied, start - copied));
    out += keeping_lines(std::move(call), s.substr(start, close + 1 - start));
    copied = close + 1;
    i = close;
    ++result.launches;
  }
  out.append(s.substr(copied));
  result.text = std::move(out);
  return result;
}

}  // namespace cudalab
