#include "exercises/shared_arrays.h"

#include <algorithm>
#include <regex>
#include <set>

#include <fmt/format.h>

#include "exercises/signature.h"

namespace cudalab::lessons::exercises {
namespace {

// Element types the wrapper stands in for exactly (arithmetic: every operator a kernel applies to
// an element is one the proxy forwards). Vector types, structs, `__align__`: left alone.
// `volatile` is dropped: it orders nothing between threads on a GPU, and on the emulator, where
// a block's threads take turns only inside calls, it changes nothing either.
bool plain_type(const std::string& type) {
  static const std::set<std::string> words{"unsigned", "signed",  "int",      "long",     "short",    "char",
                                           "float",    "double",  "bool",     "size_t",   "int8_t",   "int16_t",
                                           "int32_t",  "int64_t", "uint8_t",  "uint16_t", "uint32_t", "uint64_t"};
  static const std::regex word("\\S+");
  int count = 0;
  for (auto it = std::sregex_iterator(type.begin(), type.end(), word); it != std::sregex_iterator(); ++it, ++count)
    if (!words.contains(it->str())) return false;
  return count > 0;
}

// `auto v = tile[i][j];` copies the element in CUDA; with the wrapper, v would be the proxy, read
// later and writable. Such an array is left unchecked, as is a scalar whose size or type the
// kernel asks for (`sizeof(total)` would be the proxy's).
bool proxy_would_show(const std::string& code, const std::string& name, bool scalar) {
  const std::regex auto_declaration("\\bauto\\b[^;]*;");
  const std::regex use(scalar ? "\\b" + name + "\\b" : "\\b" + name + "\\s*\\[");
  for (auto it = std::sregex_iterator(code.begin(), code.end(), auto_declaration); it != std::sregex_iterator(); ++it)
    if (std::regex_search(it->str(), use)) return true;
  return scalar && std::regex_search(code, std::regex("\\b(sizeof|decltype|alignof)\\s*\\(?\\s*" + name + "\\b"));
}

// The top-level pieces of `a[2], b[N], c` (commas inside brackets or parentheses do not split).
std::vector<std::string> declarators(const std::string& text) {
  std::vector<std::string> pieces(1);
  int depth = 0;
  for (char c : text) {
    if (c == '[' || c == '(') ++depth;
    if (c == ']' || c == ')') --depth;
    if (c == ',' && depth == 0) {
      pieces.emplace_back();
    } else {
      pieces.back() += c;
    }
  }
  return pieces;
}

// Where the block that holds `from` ends: the `}` closing it, or the end of the file.
std::size_t scope_end(const std::string& code, std::size_t from) {
  int depth = 0;
  for (std::size_t i = from; i < code.size(); ++i) {
    if (code[i] == '{') ++depth;
    if (code[i] == '}' && depth-- == 0) return i;
  }
  return code.size();
}

struct Edit {
  std::size_t at, length;
  std::string text;
};

struct Declarator {
  std::string name;
  std::vector<std::string> extents;  // none: a scalar; one empty: `extern __shared__ T name[]`
};

// One `[extern] [volatile] __shared__ type a[..], b, …;` statement: its declarators, or false
// when the statement is not one the wrapper stands in for.
bool parse_statement(const std::string& body, std::string* type, std::vector<Declarator>* out) {
  static const std::regex first("^\\s*([A-Za-z_][A-Za-z_0-9 \\t\\n]*?)\\s+([A-Za-z_][A-Za-z_0-9]*)\\s*((?:\\[[^\\[\\];{}]*\\]\\s*){0,3})$");
  static const std::regex other("^\\s*([A-Za-z_][A-Za-z_0-9]*)\\s*((?:\\[[^\\[\\];{}]*\\]\\s*){0,3})$");
  static const std::regex extent("\\[([^\\]]*)\\]");
  const std::vector<std::string> pieces = declarators(body);
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    std::smatch m;
    if (!std::regex_match(pieces[k], m, k == 0 ? first : other)) return false;
    Declarator d;
    d.name = m[k == 0 ? 2 : 1].str();
    const std::string extents = m[k == 0 ? 3 : 2].str();
    for (auto e = std::sregex_iterator(extents.begin(), extents.end(), extent); e != std::sregex_iterator(); ++e)
      d.extents.push_back(std::regex_replace((*e)[1].str(), std::regex("\\n"), " "));
    if (k == 0) *type = std::regex_replace(std::regex_replace(m[1].str(), std::regex("\\bvolatile\\b"), " "), std::regex("\\s+"), " ");
    out->push_back(std::move(d));
  }
  *type = std::regex_replace(*type, std::regex("^ | $"), "");
  return plain_type(*type);
}

// What stands for one declarator: the wrapper (array number `id`), or the plain declaration
// where the proxy would show.
std::string declaration_text(const std::string& type, const Declarator& d, std::size_t id, bool wrapped) {
  if (!wrapped) {
    std::string text = fmt::format("__shared__ {} {}", type, d.name);
    for (const std::string& e : d.extents) text += "[" + e + "]";
    return text + ";";
  }
  // An extern array gets the launch's dynamic shared memory, and an exercise's launch asks for
  // none: an array of no elements, every access to which is out of bounds.
  const bool scalar = d.extents.empty();
  std::string text = fmt::format("__shared__ CUDALAB_PROBE::Shared<{}, CUDALAB_PROBE::Label{{{}, \"{}\"{}}}", type, id,
                                 d.name, scalar ? ", true" : "");
  if (scalar) text += ", (1)";
  for (const std::string& e : d.extents) text += ", (" + (e.empty() ? std::string("0") : e) + ")";
  return text + "> " + d.name + ";";
}

// A scalar is a one-element array: each use of `name` from `from` to the end of the block that
// declares it becomes its element `name[0]` (not after `.`, `->` or `::`: a member of that name).
void use_as_element(const std::string& code, const std::string& name, std::size_t from, std::vector<Edit>* edits) {
  const std::size_t to = scope_end(code, from);
  const std::regex use("\\b" + name + "\\b");
  for (auto u = std::sregex_iterator(code.begin() + static_cast<long>(from), code.begin() + static_cast<long>(to), use);
       u != std::sregex_iterator(); ++u) {
    const std::size_t at = from + static_cast<std::size_t>(u->position(0));
    const std::size_t p = end_of_code_before(code, at);
    if (p > 0 && (code[p - 1] == '.' || (p > 1 && (code.compare(p - 2, 2, "->") == 0 || code.compare(p - 2, 2, "::") == 0))))
      continue;
    edits->push_back({at + name.size(), 0, "[0]"});
  }
}

// The source with the edits made (sorted by place; none overlaps another in code that compiles).
std::string apply(std::string_view source, std::vector<Edit> edits) {
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.at < b.at; });
  std::string out;
  std::size_t copied = 0;
  for (const Edit& e : edits) {
    if (e.at < copied) continue;
    out += std::string(source.substr(copied, e.at - copied)) + e.text;
    copied = e.at + e.length;
  }
  return out + std::string(source.substr(copied));
}

}  // namespace

InstrumentedSource instrument_shared_arrays(std::string_view source) {
  InstrumentedSource result;
  const std::string code = blank_comments(source);  // comments and string contents blanked
  // `… __shared__ <rest> ;` — the rest parsed by parse_statement.
  const std::regex statement("\\b__shared__\\b([^;{}]*);");
  std::vector<Edit> edits;
  for (auto it = std::sregex_iterator(code.begin(), code.end(), statement); it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    const auto begin = static_cast<std::size_t>(m.position(0));
    const std::size_t line_start = code.rfind('\n', begin) == std::string::npos ? 0 : code.rfind('\n', begin) + 1;
    const std::string before = code.substr(line_start, begin - line_start);
    std::string type;
    std::vector<Declarator> parsed;
    // `static` changes meaning; `volatile` may stand before `__shared__` or in the type.
    if (std::regex_search(before, std::regex("\\bstatic\\b")) || !parse_statement(m[1].str(), &type, &parsed)) continue;
    const bool dynamic = std::regex_search(before, std::regex("\\bextern\\b"));
    if (dynamic && (parsed.size() != 1 || parsed[0].extents.size() != 1 || !parsed[0].extents[0].empty() ||
                    proxy_would_show(code, parsed[0].name, false)))
      continue;
    if (!dynamic && std::any_of(parsed.begin(), parsed.end(), [](const Declarator& d) {
          return std::any_of(d.extents.begin(), d.extents.end(), [](const std::string& e) { return e.empty(); });
        }))
      continue;
    // The statement is replaced from its `extern` or `volatile` on, if it starts with them.
    std::smatch qualifiers;
    const std::size_t start =
        std::regex_search(before, qualifiers, std::regex("(?:\\b(?:extern|volatile)\\s+)+$")) ? line_start + static_cast<std::size_t>(qualifiers.position(0)) : begin;
    // One statement per declarator, all on the statement's first line; its own line breaks after
    // it, so that the lines below keep their numbers.
    const std::size_t end = begin + static_cast<std::size_t>(m.length(0));
    std::string text;
    for (const Declarator& d : parsed) {
      const bool scalar = d.extents.empty();
      const bool wrapped = !proxy_would_show(code, d.name, scalar);
      text += declaration_text(type, d, result.arrays.size(), wrapped) + " ";
      if (!wrapped) continue;
      result.arrays.push_back(d.name);
      if (scalar) use_as_element(code, d.name, end, &edits);
    }
    const std::string original(source.substr(start, end - start));
    text.pop_back();
    text += std::string(static_cast<std::size_t>(std::count(original.begin(), original.end(), '\n')), '\n');
    edits.push_back({start, end - start, text});
  }
  result.text = apply(source, std::move(edits));
  return result;
}

}  // namespace cudalab::lessons::exercises
