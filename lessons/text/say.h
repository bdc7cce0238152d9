#pragma once
// What a lesson shows, in the language it is shown in. A lesson's run-time text is an English fmt
// string and its arguments, and that string is the message's id: say() formats it in English, or
// finds the id in the chapters' strings.zh-CN.po (catalog.h) and fills the Chinese template with the
// same arguments, each formatted as its English hole asks ("{:.2f}"). A table lookup and a format:
// finished text is never parsed back. Views are built from a Run in the language they are shown in
// (the app builds them again when the language changes), so a Run stays language-free data.
//
//   grid.title = say("Threads that ran");                      // a fixed text
//   fact = say("{} thread{} ran", n, n == 1 ? "" : "s");       // Chinese: "运行了 {0} 个线程"
//   cell.tooltip = say("{} of {}", word(kind_name), total);    // an argument that is itself words
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "text/message.h"

namespace cudalab::lessons {

enum class Language { en, zh_cn };

// The language say() speaks on the calling thread: the innermost SpeakIn's on this thread, else
// the process's default (English until set; the app sets it with its language selector).
Language speaking();
void set_default_language(Language language);

// Speaks `language` on this thread while it lives (a runner thread building one request's views).
class SpeakIn {
 public:
  explicit SpeakIn(Language language);
  ~SpeakIn();
  SpeakIn(const SpeakIn&) = delete;
  SpeakIn& operator=(const SpeakIn&) = delete;

 private:
  std::optional<Language> outer_;
};

namespace text {
struct Template;
// The translation of message `id` (an fmt string) in speaking(), or nullptr (English, or no entry).
const Template* translation(std::string_view id);
// The Chinese of `translation` with the arguments formatted as message `id`'s holes ask; an argument
// that is text (a std::string, a string_view, a C string) is shown in Chinese too: the catalog's
// word, else what set_argument_words() gives, unless the Chinese hole says "{N=}" (as it came).
std::string fill(const Template& translation, std::string_view id, fmt::format_args args);
// How text arguments that are no catalog word become Chinese: the app installs its tables and
// patterns for the English a Run carries (statuses, timing sources, recorded labels).
void set_argument_words(std::string (*chinese_of)(std::string_view english));

// Whether `text` was said in Chinese already (it holds CJK characters or full-width punctuation): what
// was made in Chinese is final, and tables run over it could only mangle the code and the kernel
// output it quotes. chinese_word() leaves such text as it is.
bool said_in_chinese(std::string_view text);

// While one lives on a thread, each text that say() makes there in English with arguments is also
// kept as its Message: the worker keeps those of a step's run, and the Run carries them (run.h:
// messages), so that its timing labels and the words in its results are said later, in the language
// they are shown in, by a lookup. At most kMaxKept distinct texts.
class KeepMessages {
 public:
  static constexpr std::size_t kMaxKept = 8192;
  KeepMessages();
  ~KeepMessages();
  KeepMessages(const KeepMessages&) = delete;
  KeepMessages& operator=(const KeepMessages&) = delete;
  std::vector<Message> take();  // in the order first said
  struct State;

 private:
  State* state_;
  State* outer_;
};
bool keeping_messages();
void keep_message(const std::string& english, Message message);

// While one lives on a thread, an English text that is one of `messages`' English is said as that
// message (chinese_word(), say()'s text arguments, the app's tables): the messages of the Run whose
// views are being made or shown.
class KnownMessages {
 public:
  explicit KnownMessages(const std::vector<Message>& messages);
  ~KnownMessages();
  KnownMessages(const KnownMessages&) = delete;
  KnownMessages& operator=(const KnownMessages&) = delete;
  struct Index;

 private:
  Index* index_;
  Index* outer_;
};
// The known message whose English is `english`, or nullptr.
const Message* known_message(std::string_view english);
}  // namespace text

template <class... Args>
std::string say(fmt::format_string<Args...> id, Args&&... args) {
  const fmt::string_view english = id;
  if (const text::Template* chinese = text::translation(std::string_view(english.data(), english.size())))
    return text::fill(*chinese, std::string_view(english.data(), english.size()), fmt::make_format_args(args...));
  const std::string_view id_text(english.data(), english.size());
  const auto arguments = fmt::make_format_args(args...);
  std::string out = fmt::vformat(english, arguments);
  if constexpr (sizeof...(Args) > 0) {
    if (text::keeping_messages())
      text::keep_message(out, Message{std::string(id_text), fmt_fields::formatted_arguments(
                                                                id_text, arguments, {fmt_fields::nested_message(args)...})});
  }
  return out;
}

// A message made elsewhere (a library's reason, a Status's words), said in speaking(); kept as the
// run's words when KeepMessages is on, as say() keeps its own.
std::string say(const Message& message);

// A fixed English text chosen at run time (a table's entry, a kind's name, a label a Run carries):
// its translation in speaking(), or itself.
std::string word(std::string_view english);

}  // namespace cudalab::lessons
