#include "text/say.h"

#include <atomic>

#include "text/catalog.h"
#include "text/catalog_index.h"

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

std::string fill(const Template& translation, std::string_view id, fmt::format_args args) {
  // The English replacement fields in order, each as a format of its own argument: "{1:.2f}".
  std::vector<std::string> fields;
  for (std::size_t i = 0; i < id.size(); ++i) {
    if ((id[i] == '{' || id[i] == '}') && i + 1 < id.size() && id[i + 1] == id[i]) {
      ++i;
      continue;
    }
    if (id[i] != '{') continue;
    const std::size_t close = id.find('}', i);
    const std::string_view inside = id.substr(i + 1, close - i - 1);
    const std::size_t colon = inside.find(':');
    const std::string_view index = inside.substr(0, colon);
    const std::string_view spec = colon == std::string_view::npos ? std::string_view() : inside.substr(colon);
    fields.push_back("{" + (index.empty() ? std::to_string(fields.size()) : std::string(index)) + std::string(spec) + "}");
    i = close;
  }
  std::string out;
  for (const Template::Piece& piece : translation.pieces) {
    if (piece.hole < 0) {
      out += piece.text;
    } else if (static_cast<std::size_t>(piece.hole) < fields.size()) {
      out += fmt::vformat(fields[static_cast<std::size_t>(piece.hole)], args);
    }
  }
  return out;
}

}  // namespace text

std::string word(std::string_view english) {
  if (speaking() == Language::en) return std::string(english);
  const text::Template* chinese = text::find_template(english);
  if (chinese == nullptr) return std::string(english);
  std::string out;
  for (const text::Template::Piece& piece : chinese->pieces) {
    if (piece.hole >= 0) return std::string(english);  // a message with holes is not a word
    out += piece.text;
  }
  return out;
}

}  // namespace cudalab::lessons
