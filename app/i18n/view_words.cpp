#include "i18n/view_words.h"

#include "i18n/language.h"
#include "i18n/text_patterns.h"
#include "common/in_words.h"
#include "text/message.h"
#include "text/say.h"

namespace cudalab::app::i18n {

std::vector<lessons::View> localized_views(const std::vector<lessons::View>& english,
                                           const std::vector<Message>& run_messages) {
  std::vector<lessons::View> views = english;
  if (current_language() == Language::en) return views;
  const lessons::text::KnownMessages known(run_messages);
  for (lessons::View& view : views) {
    for_each_text(view, [](std::string& text) {
      if (!text.empty()) text = tr_text(text);
    });
  }
  return views;
}

std::string message_text(const Message& message) {
  const lessons::SpeakIn speak(current_language());
  return lessons::said(message);
}

std::string device_label(const DeviceFacts& facts) {
  const lessons::SpeakIn speak(current_language());
  return lessons::device_label(facts);
}

std::string status_text(const Status& status) {
  if (status.words.empty()) return tr_text(status.message);
  const lessons::SpeakIn speak(current_language());
  return lessons::said(status.words);
}

std::string status_described(const Status& status) {
  std::string described = status.describe();
  if (!status.message.empty() && described.starts_with(status.message))
    return status_text(status) + described.substr(status.message.size());
  return tr_text(described);
}

}  // namespace cudalab::app::i18n
