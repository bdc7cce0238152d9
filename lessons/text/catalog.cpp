#include "text/catalog.h"

#include <fmt/format.h>

#include <cctype>
#include <unordered_map>

#include "text/catalog_index.h"
#include "text/embedded_strings.h"

namespace cudalab::lessons::text {

bool is_named_placeholder(std::string_view inside) {
  if (inside.empty() || !(std::isalpha(static_cast<unsigned char>(inside[0])) || inside[0] == '_')) return false;
  for (const char c : inside)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

std::string message_id(std::string_view fmt_string) {
  std::string id;
  id.reserve(fmt_string.size());
  for (std::size_t i = 0; i < fmt_string.size(); ++i) {
    const char c = fmt_string[i];
    if ((c == '{' || c == '}') && i + 1 < fmt_string.size() && fmt_string[i + 1] == c) {
      id += c;
      id += c;
      ++i;
    } else if (c == '{') {
      const std::size_t close = field_close(fmt_string, i);
      if (close == std::string_view::npos) return std::string(fmt_string);  // not an fmt string: as it is
      const std::string_view inside = fmt_string.substr(i + 1, close - i - 1);
      id += is_named_placeholder(inside) ? fmt_string.substr(i, close - i + 1) : std::string_view("{}");
      i = close;
    } else {
      id += c;
    }
  }
  return id;
}

namespace {

// One "…" literal of a .po line, escapes undone; false on a syntax error.
bool read_quoted(std::string_view line, std::string* out) {
  const std::size_t open = line.find('"');
  const std::size_t close = line.rfind('"');
  if (open == std::string_view::npos || close == open) return false;
  for (std::size_t i = open + 1; i < close; ++i) {
    if (line[i] != '\\') {
      *out += line[i];
      continue;
    }
    if (++i >= close) return false;
    switch (line[i]) {
      case 'n': *out += '\n'; break;
      case 't': *out += '\t'; break;
      case '"': *out += '"'; break;
      case '\\': *out += '\\'; break;
      default: return false;
    }
  }
  return true;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::vector<PoEntry> parse_po(std::string_view po, std::string_view file, std::vector<std::string>* problems) {
  std::vector<PoEntry> entries;
  enum class In { nothing, id, text } in = In::nothing;
  int line_number = 0;
  auto complain = [&](const std::string& what) { problems->push_back(fmt::format("{}:{}: {}", file, line_number, what)); };
  for (std::size_t start = 0; start <= po.size();) {
    std::size_t end = po.find('\n', start);
    if (end == std::string_view::npos) end = po.size();
    const std::string_view line = trimmed(po.substr(start, end - start));
    start = end + 1;
    ++line_number;
    if (line.empty() || line.front() == '#') {
      in = In::nothing;
      continue;
    }
    std::string* target = nullptr;
    if (line.starts_with("msgid ")) {
      entries.push_back({.line = line_number});
      in = In::id;
      target = &entries.back().id;
    } else if (line.starts_with("msgstr ")) {
      if (in != In::id) {
        complain("msgstr without a msgid before it");
        in = In::nothing;
        continue;
      }
      in = In::text;
      target = &entries.back().text;
    } else if (line.front() == '"' && in != In::nothing) {
      target = in == In::id ? &entries.back().id : &entries.back().text;
    } else {
      complain(fmt::format("cannot read \"{}\"", line));
      continue;
    }
    if (!read_quoted(line.substr(line.front() == '"' ? 0 : line.find(' ')), target)) complain("a bad \"…\" literal");
  }
  return entries;
}

namespace {

// Chinese "{0}", "{1=}" (shown as it came: a compiler's words) or "{{"/"}}" into pieces; a named
// placeholder the English has too ("{threads_per_block}", filled later by the prediction's own
// values) is text. False when a hole is neither a number below `holes` nor such a name.
bool compile_chinese(std::string_view chinese, std::string_view english, int holes, Template* out) {
  std::string literal;
  for (std::size_t i = 0; i < chinese.size(); ++i) {
    const char c = chinese[i];
    if ((c == '{' || c == '}') && i + 1 < chinese.size() && chinese[i + 1] == c) {
      literal += c;
      ++i;
      continue;
    }
    if (c != '{') {
      literal += c;
      continue;
    }
    const std::size_t close = chinese.find('}', i);
    if (close == std::string_view::npos) return false;
    std::string_view number = chinese.substr(i + 1, close - i - 1);
    if (is_named_placeholder(number)) {
      const std::string_view placeholder = chinese.substr(i, close - i + 1);
      if (english.find(placeholder) == std::string_view::npos) return false;
      literal += placeholder;
      i = close;
      continue;
    }
    const bool as_it_came = number.ends_with('=');
    if (as_it_came) number.remove_suffix(1);
    int hole = 0;
    if (number.empty()) return false;
    for (const char digit : number) {
      if (digit < '0' || digit > '9') return false;
      hole = hole * 10 + (digit - '0');
    }
    if (hole >= holes) return false;
    if (!literal.empty()) out->pieces.push_back({std::move(literal), -1});
    literal.clear();
    out->pieces.push_back({"", hole, as_it_came});
    i = close;
  }
  if (!literal.empty()) out->pieces.push_back({std::move(literal), -1});
  return true;
}

int holes_in(std::string_view id) {
  int holes = 0;
  for (std::size_t at = id.find("{}"); at != std::string_view::npos; at = id.find("{}", at + 2)) {
    // "{{}}" is an escaped pair, not a hole.
    if (at > 0 && id[at - 1] == '{') continue;
    ++holes;
  }
  return holes;
}

struct Loaded {
  std::vector<std::string> ids, texts;  // owners of CatalogEntry's views
  std::vector<CatalogEntry> entries;
  std::vector<std::string> problems;
  std::unordered_map<std::string_view, Template> templates;  // by id
};

const Loaded& loaded() {
  static const Loaded* const catalog = [] {
    auto* out = new Loaded;
    // The embedded table is static: file names and .po texts outlive the catalog's views of them.
    std::vector<std::pair<std::string_view, PoEntry>> all;
    for (const auto& [file, text] : embedded_string_files())
      for (PoEntry& entry : parse_po(text, file, &out->problems)) all.emplace_back(file, std::move(entry));
    out->ids.reserve(all.size());  // no reallocation: entries and templates keep views into these
    out->texts.reserve(all.size());
    for (auto& [file, entry] : all) {
      std::string id = message_id(entry.id);
      const std::string where = fmt::format("{}:{}", file, entry.line);
      if (entry.text.empty()) {
        out->problems.push_back(where + ": no Chinese for \"" + entry.id + "\"");
        continue;
      }
      if (out->templates.contains(id)) {
        out->problems.push_back(where + ": \"" + entry.id + "\" is already in the catalog");
        continue;
      }
      const int holes = holes_in(id);
      Template compiled;
      if (!compile_chinese(entry.text, id, holes, &compiled)) {
        out->problems.push_back(where + ": the Chinese names a hole the English does not have: " + entry.text);
        continue;
      }
      out->ids.push_back(std::move(id));
      out->texts.push_back(std::move(entry.text));
      out->templates.emplace(out->ids.back(), std::move(compiled));
      out->entries.push_back({out->ids.back(), out->texts.back(), file, entry.line, holes > 0});
    }
    return out;
  }();
  return *catalog;
}

}  // namespace

const std::vector<CatalogEntry>& catalog() { return loaded().entries; }
const std::vector<std::string>& catalog_problems() { return loaded().problems; }

const Template* find_template(std::string_view id) {
  const auto& templates = loaded().templates;
  const auto it = templates.find(id);
  return it == templates.end() ? nullptr : &it->second;
}

}  // namespace cudalab::lessons::text
