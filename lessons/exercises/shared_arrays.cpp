#include "exercises/shared_arrays.h"

#include <algorithm>
#include <regex>
#include <set>

#include <fmt/format.h>

#include "exercises/signature.h"

namespace cudalab::lessons::exercises {
namespace {

// Element types the wrapper stands in for exactly (arithmetic: every operator a kernel applies to
// an element is one the proxy forwards). Vector types, structs, `volatile`, `__align__`: left alone.
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
// later and writable. Such an array is left unchecked.
bool copied_by_auto(const std::string& code, const std::string& name) {
  const std::regex auto_declaration("\\bauto\\b[^;]*;");
  const std::regex use("\\b" + name + "\\s*\\[");
  for (auto it = std::sregex_iterator(code.begin(), code.end(), auto_declaration); it != std::sregex_iterator(); ++it)
    if (std::regex_search(it->str(), use)) return true;
  return false;
}

}  // namespace

InstrumentedSource instrument_shared_arrays(std::string_view source) {
  InstrumentedSource result;
  const std::string code = blank_comments(source);
  // `__shared__ <type words> <name> [A][B]… ;` — one declarator, 1 to 3 extents, no initializer.
  const std::regex declaration(
      "\\b__shared__\\s+([A-Za-z_][A-Za-z_0-9 \\t\\n]*?)\\s+([A-Za-z_][A-Za-z_0-9]*)\\s*((?:\\[[^\\[\\];{}]+\\]\\s*){1,3});");
  const std::regex extent("\\[([^\\]]+)\\]");
  std::string out;
  std::size_t copied = 0;
  for (auto it = std::sregex_iterator(code.begin(), code.end(), declaration); it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    const std::string type = m[1].str(), name = m[2].str(), extents = m[3].str();
    const auto begin = static_cast<std::size_t>(m.position(0));
    // `extern __shared__` is bound at link time (bind.h) and `static`/`volatile` change meaning.
    const std::size_t line_start = code.rfind('\n', begin) == std::string::npos ? 0 : code.rfind('\n', begin) + 1;
    const std::string before = code.substr(line_start, begin - line_start);
    if (std::regex_search(before, std::regex("\\b(extern|volatile|static)\\b")) || !plain_type(type) ||
        copied_by_auto(code, name))
      continue;
    std::string wrapper = fmt::format("__shared__ ::cudalab_probe::Shared<{}, ::cudalab_probe::Label{{{}, \"{}\"}}",
                                      std::regex_replace(type, std::regex("\\s+"), " "), result.arrays.size(), name);
    for (auto e = std::sregex_iterator(extents.begin(), extents.end(), extent); e != std::sregex_iterator(); ++e)
      wrapper += ", (" + std::regex_replace((*e)[1].str(), std::regex("\\n"), " ") + ")";
    wrapper += "> " + name + ";";
    // The statement's own line breaks after it: the lines below keep their numbers.
    const std::string original(source.substr(begin, static_cast<std::size_t>(m.length(0))));
    wrapper += std::string(static_cast<std::size_t>(std::count(original.begin(), original.end(), '\n')), '\n');
    out += std::string(source.substr(copied, begin - copied)) + wrapper;
    copied = begin + static_cast<std::size_t>(m.length(0));
    result.arrays.push_back(name);
  }
  out += std::string(source.substr(copied));
  result.text = std::move(out);
  return result;
}

}  // namespace cudalab::lessons::exercises
