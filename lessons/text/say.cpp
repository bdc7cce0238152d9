#include "text/say.h"

#include <atomic>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
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

}  // namespace

namespace {
std::optional<std::string> said_if_known(std::string_view english);
}  // namespace

bool said_in_chinese(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0xE3 && byte <= 0xE9) return true;  // U+3000 … U+9FFF: CJK punctuation, kana, ideographs
    if (byte == 0xEF && i + 1 < text.size() && (static_cast<unsigned char>(text[i + 1]) & 0xFE) == 0xBC)
      return true;  // U+FF00 … U+FF7F: full-width forms ("，" "：" "（")
  }
  return false;
}

std::string chinese_word(std::string english) {
  if (said_in_chinese(english)) return english;
  if (std::optional<std::string> said = said_if_known(english)) return *std::move(said);
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

// --- messages kept while a run is made, and known while it is shown ---------------------------

struct KeepMessages::State {
  std::unordered_set<std::string> seen;
  std::vector<Message> kept;
};

namespace {
thread_local KeepMessages::State* keeping = nullptr;
}  // namespace

KeepMessages::KeepMessages() : state_(new State), outer_(keeping) { keeping = state_; }
KeepMessages::~KeepMessages() {
  keeping = outer_;
  delete state_;
}
std::vector<Message> KeepMessages::take() { return std::exchange(state_->kept, {}); }

bool keeping_messages() { return keeping != nullptr; }

void keep_message(const std::string& english, Message message) {
  // A message of holes only ("{}", "{} {}") says nothing of its own, and its English may be its
  // argument's: as a known message it would be said as itself, forever.
  const std::vector<Field> fields = fields_of(message.id);
  std::size_t holes = 0;
  for (const Field& field : fields) holes += field.close - field.open + 1;
  if (keeping == nullptr || holes == message.id.size() || keeping->kept.size() >= KeepMessages::kMaxKept) return;
  if (keeping->seen.insert(english).second) keeping->kept.push_back(std::move(message));
}

struct KnownMessages::Index {
  std::unordered_map<std::string, const Message*> by_english;
};

namespace {
thread_local KnownMessages::Index* known = nullptr;
thread_local int saying_known = 0;  // how deep known messages are being said in each other
}  // namespace

KnownMessages::KnownMessages(const std::vector<Message>& messages) : index_(new Index), outer_(known) {
  for (const Message& message : messages) index_->by_english.emplace(message.english(), &message);
  known = index_;
}
KnownMessages::~KnownMessages() {
  known = outer_;
  delete index_;
}

const Message* known_message(std::string_view english) {
  if (known == nullptr || saying_known > 4) return nullptr;
  const auto found = known->by_english.find(std::string(english));
  return found == known->by_english.end() ? nullptr : found->second;
}

namespace {
std::optional<std::string> said_if_known(std::string_view english) {
  const Message* message = known_message(english);
  if (message == nullptr) return std::nullopt;
  ++saying_known;
  std::string out = said(*message);
  --saying_known;
  return out;
}
}  // namespace

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
    if (!piece.as_it_came && cudalab::fmt_fields::is_text(args.get(field.argument))) shown = chinese_word(std::move(shown));
    out += shown;
  }
  return out;
}

}  // namespace text

std::string say(const Message& message) {
  std::string out = said(message);
  if (text::keeping_messages() && speaking() == Language::en && !message.args.empty()) text::keep_message(out, message);
  return out;
}

std::string word(std::string_view english) {
  if (speaking() == Language::en) return std::string(english);
  return text::chinese_word(std::string(english));
}

}  // namespace cudalab::lessons
