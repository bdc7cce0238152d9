#pragma once
// Making a Message (cudalab/message.h): message(fmt string, arguments…) keeps the fmt string as the
// id and formats each argument as its hole asks. A std::string argument is words, to be said in
// Chinese where a catalog has them; as_is() marks code that never is; a Message argument is kept
// whole and said in the language it is shown in.
//
//   return Status::error(StatusCode::invalid_config, message("{} threads per block is more than {}", n, max));
//   message("{} read {}", thread_words(rank), as_is(element));
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "cudalab/message.h"

namespace cudalab {

// An argument that is code, never words to translate: an array's name, an element `tile[2][5]`, a
// launch `<<<4, 256>>>`.
struct AsIs {
  std::string_view text;
};
inline AsIs as_is(std::string_view text) { return {text}; }

}  // namespace cudalab

// A Message as an fmt argument is its English (message() keeps it whole, to be said when shown).
template <>
struct fmt::formatter<cudalab::Message> : fmt::formatter<fmt::string_view> {
  template <class FormatContext>
  auto format(const cudalab::Message& message, FormatContext& context) const {
    const std::string english = message.english();
    return fmt::formatter<fmt::string_view>::format(fmt::string_view(english), context);
  }
};

template <>
struct fmt::formatter<cudalab::AsIs> : fmt::formatter<fmt::string_view> {
  template <class FormatContext>
  auto format(const cudalab::AsIs& code, FormatContext& context) const {
    return fmt::formatter<fmt::string_view>::format(fmt::string_view(code.text.data(), code.text.size()), context);
  }
};

namespace cudalab {

namespace fmt_fields {
// Each argument of `args` as the replacement field of `id` that shows it formats it (message());
// nested[i] is argument i when that was a Message, else null.
std::vector<Message::Argument> formatted_arguments(std::string_view id, fmt::format_args args,
                                                   const std::vector<const Message*>& nested);
// Whether a format argument is text (what fmt stores std::string, string_view and C strings as).
bool is_text(const fmt::basic_format_arg<fmt::format_context>& argument);
inline const Message* nested_message(const Message& message) { return &message; }
template <class T>
const Message* nested_message(const T&) {
  return nullptr;
}
}  // namespace fmt_fields

template <class... Args>
Message message(fmt::format_string<Args...> id, Args&&... args) {
  const fmt::string_view english = id;
  const std::string_view id_text(english.data(), english.size());
  return Message{std::string(id_text), fmt_fields::formatted_arguments(id_text, fmt::make_format_args(args...),
                                                                       {fmt_fields::nested_message(args)...})};
}

}  // namespace cudalab
