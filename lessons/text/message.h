#pragma once
// Words made in one place and shown in another, or later: a check's verdict, made in the sandboxed
// worker and shown by the app or `cudalab check` in the language of that moment. A Message keeps
// say()'s id (the English fmt string) and its arguments, each already formatted as its English hole
// asks, and is said when shown: the catalog's Chinese template filled with those arguments (say.h),
// or the English. A lookup and a format; finished text is never parsed back.
//
//   verdict.headline = message("Passed all {} tests", n);
//   banner(verdict.headline.said());
//   message("{} read {}", thread_words(rank), element);   // an argument that is a Message: said whole
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cudalab/status.h"

namespace cudalab::lessons {

struct Message {
  struct Argument {
    std::string text;    // formatted as its English hole asks ("{:.2f}" → "0.25")
    bool words = false;  // text to say in Chinese too (an argument that was a string)
    std::vector<Message> nested;  // an argument that was a Message (one): said in the language shown
    bool operator==(const Argument&) const = default;
  };
  std::string id;               // the English fmt string; "{{" and "}}" are literal braces
  std::vector<Argument> args;   // one per replacement field of id, in order

  // A text with no holes, shown as it is in English and, in Chinese, as the catalog's word for it
  // (or the app's tables for English that came from elsewhere: a compiler, an older file).
  static Message text(std::string_view words);

  std::string english() const;
  std::string said() const;  // in speaking() (say.h)
  bool empty() const { return id.empty(); }
  bool operator==(const Message&) const = default;
};

// An argument that is code, never words to translate: an array's name, an element `tile[2][5]`, a
// launch `<<<4, 256>>>`. (A std::string argument is words: said in Chinese where the catalog has it.)
struct AsIs {
  std::string_view text;
};
inline AsIs as_is(std::string_view text) { return {text}; }

}  // namespace cudalab::lessons

// A Message as an fmt argument is its English (message() keeps it whole, to be said when shown).
template <>
struct fmt::formatter<cudalab::lessons::Message> : fmt::formatter<fmt::string_view> {
  template <class FormatContext>
  auto format(const cudalab::lessons::Message& message, FormatContext& context) const {
    const std::string english = message.english();
    return fmt::formatter<fmt::string_view>::format(fmt::string_view(english), context);
  }
};

template <>
struct fmt::formatter<cudalab::lessons::AsIs> : fmt::formatter<fmt::string_view> {
  template <class FormatContext>
  auto format(const cudalab::lessons::AsIs& code, FormatContext& context) const {
    return fmt::formatter<fmt::string_view>::format(fmt::string_view(code.text.data(), code.text.size()), context);
  }
};

namespace cudalab::lessons {

namespace text {
// Each argument of `args` as the replacement field of `id` that shows it formats it (message());
// nested[i] is argument i when that was a Message, else null.
std::vector<Message::Argument> formatted_arguments(std::string_view id, fmt::format_args args,
                                                   const std::vector<const Message*>& nested);
inline const Message* nested_message(const Message& message) { return &message; }
template <class T>
const Message* nested_message(const T&) {
  return nullptr;
}
}  // namespace text

template <class... Args>
Message message(fmt::format_string<Args...> id, Args&&... args) {
  const fmt::string_view english = id;
  const std::string_view id_text(english.data(), english.size());
  return Message{std::string(id_text), text::formatted_arguments(id_text, fmt::make_format_args(args...),
                                                                 {text::nested_message(args)...})};
}

// {"id": "...", "args": [["0.25", false], ["thread (1,0,0) …", true, {nested message}], …]}.
// from_json never throws: a Message from a file or a sandboxed worker is a stranger's data (at most
// 64 arguments of 4 KiB, an id of 4 KiB, messages nested 4 deep).
nlohmann::json to_json(const Message& message);
Status from_json(const nlohmann::json& j, Message* out);
// Its English (a log, a test's failure message).
inline std::ostream& operator<<(std::ostream& out, const Message& message) { return out << message.english(); }

}  // namespace cudalab::lessons
