#include "text/message.h"

#include "text/catalog.h"
#include "text/catalog_index.h"
#include "text/say.h"

namespace cudalab::lessons {

namespace {

// `id` with its fields replaced by `shown(k)` for the k-th field and "{{" "}}" by single braces. A
// field that does not close (a stranger's id) is shown as it is, with what follows it.
template <class Shown>
std::string substitute_fields(std::string_view id, Shown shown) {
  std::string out;
  std::size_t field = 0;
  for (std::size_t i = 0; i < id.size(); ++i) {
    const char c = id[i];
    if ((c == '{' || c == '}') && i + 1 < id.size() && id[i + 1] == c) {
      out += c;
      ++i;
      continue;
    }
    if (c == '{') {
      const std::size_t close = text::field_close(id, i);
      if (close == std::string_view::npos) {
        out += id.substr(i);
        break;
      }
      out += shown(field++);
      i = close;
      continue;
    }
    out += c;
  }
  return out;
}

std::string escape_braces(std::string_view words) {
  std::string out;
  for (const char c : words) {
    out += c;
    if (c == '{' || c == '}') out += c;
  }
  return out;
}

constexpr std::size_t kMaxId = 4096, kMaxArgument = 4096, kMaxArguments = 64;
constexpr int kMaxDepth = 4;

}  // namespace

Message Message::text(std::string_view words) { return Message{escape_braces(words), {}}; }

std::string Message::english() const {
  return substitute_fields(id, [&](std::size_t k) { return k < args.size() ? args[k].text : std::string(); });
}

std::string Message::said() const {
  if (speaking() == Language::en) return english();
  const text::Template* chinese = text::find_template(text::message_id(id));
  // A message the catalog lacks (English from elsewhere: a compiler's, an older file's) is shown
  // by the app's tables when it has them (say.h: set_argument_words), else as it came.
  if (chinese == nullptr) return text::chinese_word(english());
  std::string out;
  for (const text::Template::Piece& piece : chinese->pieces) {
    if (piece.hole < 0) {
      out += piece.text;
    } else if (static_cast<std::size_t>(piece.hole) < args.size()) {
      const Argument& argument = args[static_cast<std::size_t>(piece.hole)];
      if (piece.as_it_came) {
        out += argument.text;
      } else if (!argument.nested.empty()) {
        out += argument.nested.front().said();
      } else {
        out += argument.words ? text::chinese_word(argument.text) : argument.text;
      }
    }
  }
  return out;
}

nlohmann::json to_json(const Message& message) {
  nlohmann::json args = nlohmann::json::array();
  for (const Message::Argument& argument : message.args) {
    nlohmann::json written = {argument.text, argument.words};
    if (!argument.nested.empty()) written.push_back(to_json(argument.nested.front()));
    args.push_back(std::move(written));
  }
  return {{"id", message.id}, {"args", std::move(args)}};
}

namespace {
Status message_from_json(const nlohmann::json& j, Message* out, int depth) {
  const auto bad = [](const char* what) {
    return Status::error(StatusCode::invalid_argument, std::string("a message this app cannot read: ") + what);
  };
  if (!j.is_object()) return bad("not an object");
  if (depth > kMaxDepth) return bad("messages nested too deep");
  const auto id = j.find("id");
  if (id == j.end() || !id->is_string() || id->get_ref<const std::string&>().size() > kMaxId) return bad("no id");
  Message message{id->get<std::string>(), {}};
  if (const auto args = j.find("args"); args != j.end()) {
    if (!args->is_array() || args->size() > kMaxArguments) return bad("args is not a short list");
    for (const nlohmann::json& argument : *args) {
      if (!argument.is_array() || argument.size() < 2 || argument.size() > 3 || !argument[0].is_string() ||
          !argument[1].is_boolean() || argument[0].get_ref<const std::string&>().size() > kMaxArgument)
        return bad("an argument is not [text, words] or [text, words, message]");
      Message::Argument read{argument[0].get<std::string>(), argument[1].get<bool>(), {}};
      if (argument.size() == 3) {
        Message nested;
        CUDALAB_RETURN_IF_ERROR(message_from_json(argument[2], &nested, depth + 1));
        read.nested.push_back(std::move(nested));
      }
      message.args.push_back(std::move(read));
    }
  }
  *out = std::move(message);
  return Status::success();
}
}  // namespace

Status from_json(const nlohmann::json& j, Message* out) { return message_from_json(j, out, 0); }

}  // namespace cudalab::lessons
