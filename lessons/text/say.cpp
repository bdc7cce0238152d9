#include "text/say.h"

#include <atomic>
#include <string>
#include <vector>

#include "text/catalog.h"
#include "text/catalog_index.h"
#include "text/message.h"

namespace cudalab::lessons {

namespace {
std::atomic<Language> default_language{Language::en};
thread_local std::optional<Language> thread_language;
}  // namespace

Language speaking() { return thread_language.value_or(default_language.load(std::memory_order_relaxed)); }
void set_default_language(Language language) { default_language.store(language, std::memory_order_relaxed); }

SpeakIn::SpeakIn(Language language) : outer_(thread_language) { thread_language = language; }
SpeakIn::~SpeakIn() { thread_language = outer_; }

namespace text {
namespace {

// Whether every replacement field of `id` is already "{}" (the catalog's form): no copy needed.
bool plain_holes(std::string_view id) {
  for (std::size_t i = id.find('{'); i != std::string_view::npos; i = id.find('{', i + 2)) {
    if (i + 1 < id.size() && id[i + 1] != '}' && id[i + 1] != '{') return false;
  }
  return true;
}

}  // namespace

const Template* translation(std::string_view id) {
  if (speaking() == Language::en) return nullptr;
  if (plain_holes(id)) return find_template(id);
  return find_template(message_id(id));
}

namespace {

std::atomic<std::string (*)(std::string_view)> argument_words{nullptr};

// Whether a format argument is text (what fmt stores std::string, string_view and C strings as).
struct IsText {
  bool operator()(fmt::basic_string_view<char>) const { return true; }
  bool operator()(const char*) const { return true; }
  template <class T>
  bool operator()(const T&) const { return false; }
};

}  // namespace

std::string chinese_word(std::string english) {
  if (const Template* chinese = find_template(english)) {
    std::string out;
    for (const Template::Piece& piece : chinese->pieces) {
      if (piece.hole >= 0) return english;  // a message with holes is not a word
      out += piece.text;
    }
    return out;
  }
  if (auto* words = argument_words.load(std::memory_order_acquire)) return words(english);
  return english;
}

void set_argument_words(std::string (*chinese_of)(std::string_view english)) {
  argument_words.store(chinese_of, std::memory_order_release);
}

std::vector<Field> fields_of(std::string_view id) {
  // Numbered as fmt numbers them: the field's own argument first, then those its spec asks for (a
  // width, a precision), every index written out ("{:.{}f}" → "{0:.{1}f}").
  std::vector<Field> fields;
  int next_argument = 0;
  const auto numbered = [&](std::string_view index) {
    if (index.empty()) return next_argument++;
    int n = 0;
    for (const char c : index) {
      if (c < '0' || c > '9' || n > 1000) return -1;
      n = n * 10 + (c - '0');
    }
    return n;
  };
  for (std::size_t i = 0; i < id.size(); ++i) {
    if ((id[i] == '{' || id[i] == '}') && i + 1 < id.size() && id[i + 1] == id[i]) {
      ++i;
      continue;
    }
    if (id[i] != '{') continue;
    const std::size_t close = field_close(id, i);
    if (close == std::string_view::npos) break;
    const std::string_view inside = id.substr(i + 1, close - i - 1);
    const std::size_t colon = inside.find(':');
    const int argument = numbered(inside.substr(0, colon));
    std::string format = "{" + std::to_string(argument);
    if (colon != std::string_view::npos) {
      for (std::size_t at = colon; at < inside.size(); ++at) {
        if (inside[at] != '{') {
          format += inside[at];
          continue;
        }
        const std::size_t nested_close = inside.find('}', at);
        if (nested_close == std::string_view::npos) break;
        format += "{" + std::to_string(numbered(inside.substr(at + 1, nested_close - at - 1))) + "}";
        at = nested_close;
      }
    }
    fields.push_back({format + "}", argument, i, close});
    i = close;
  }
  return fields;
}

std::string fill(const Template& translation, std::string_view id, fmt::format_args args) {
  const std::vector<Field> fields = fields_of(id);
  std::string out;
  for (const Template::Piece& piece : translation.pieces) {
    if (piece.hole < 0) {
      out += piece.text;
      continue;
    }
    if (static_cast<std::size_t>(piece.hole) >= fields.size()) continue;
    const Field& field = fields[static_cast<std::size_t>(piece.hole)];
    std::string shown = fmt::vformat(field.format, args);
    if (!piece.as_it_came && fmt::visit_format_arg(IsText{}, args.get(field.argument))) shown = chinese_word(std::move(shown));
    out += shown;
  }
  return out;
}

std::vector<Message::Argument> formatted_arguments(std::string_view id, fmt::format_args args,
                                                   const std::vector<const Message*>& nested) {
  std::vector<Message::Argument> formatted;
  for (const Field& field : fields_of(id)) {
    Message::Argument argument{fmt::vformat(field.format, args), fmt::visit_format_arg(IsText{}, args.get(field.argument)), {}};
    const auto index = static_cast<std::size_t>(field.argument);
    if (index < nested.size() && nested[index] != nullptr) argument.nested.push_back(*nested[index]);
    formatted.push_back(std::move(argument));
  }
  return formatted;
}

}  // namespace text

std::string word(std::string_view english) {
  if (speaking() == Language::en) return std::string(english);
  return text::chinese_word(std::string(english));
}

}  // namespace cudalab::lessons
