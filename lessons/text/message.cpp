#include "text/message.h"

#include "text/catalog.h"
#include "text/catalog_index.h"
#include "text/say.h"

namespace cudalab::lessons {

std::string said(const Message& message) {
  if (speaking() == Language::en) return message.english();
  const text::Template* chinese = text::find_template(text::message_id(message.id));
  // A message the catalog lacks (English from elsewhere: a compiler's, an older file's) is shown
  // by the app's tables when it has them (say.h: set_argument_words), else as it came.
  if (chinese == nullptr) return text::chinese_word(message.english());
  std::string out;
  for (const text::Template::Piece& piece : chinese->pieces) {
    if (piece.hole < 0) {
      out += piece.text;
    } else if (static_cast<std::size_t>(piece.hole) < message.args.size()) {
      const Message::Argument& argument = message.args[static_cast<std::size_t>(piece.hole)];
      if (piece.as_it_came) {
        out += argument.text;
      } else if (!argument.nested.empty()) {
        out += said(argument.nested.front());
      } else {
        out += argument.words ? text::chinese_word(argument.text) : argument.text;
      }
    }
  }
  return out;
}

}  // namespace cudalab::lessons
