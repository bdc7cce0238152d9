#include "cudalab/message.h"

#include <nlohmann/json.hpp>

#include "cudalab/message_format.h"
#include "cudalab/status.h"

namespace cudalab {

namespace fmt_fields {

std::size_t field_close(std::string_view fmt_string, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < fmt_string.size(); ++i) {
    if (fmt_string[i] == '{') {
      ++depth;
    } else if (fmt_string[i] == '}' && --depth == 0) {
      return i;
    }
  }
  return std::string_view::npos;
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

namespace {
struct IsText {
  bool operator()(fmt::basic_string_view<char>) const { return true; }
  bool operator()(const char*) const { return true; }
  template <class T>
  bool operator()(const T&) const { return false; }
};
}  // namespace

bool is_text(const fmt::basic_format_arg<fmt::format_context>& argument) {
  return fmt::visit_format_arg(IsText{}, argument);
}

std::vector<Message::Argument> formatted_arguments(std::string_view id, fmt::format_args args,
                                                   const std::vector<const Message*>& nested) {
  std::vector<Message::Argument> formatted;
  for (const Field& field : fields_of(id)) {
    Message::Argument argument{fmt::vformat(field.format, args), is_text(args.get(field.argument)), {}};
    const auto index = static_cast<std::size_t>(field.argument);
    if (index < nested.size() && nested[index] != nullptr) argument.nested.push_back(*nested[index]);
    formatted.push_back(std::move(argument));
  }
  return formatted;
}

}  // namespace fmt_fields

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
      const std::size_t close = fmt_fields::field_close(id, i);
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
constexpr int kMaxDepth = 12;  // a report of a dozen parts, joined by halves, nests 9 deep

}  // namespace

Message Message::text(std::string_view words) { return Message{escape_braces(words), {}}; }

std::string Message::english() const {
  return substitute_fields(id, [&](std::size_t k) { return k < args.size() ? args[k].text : std::string(); });
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

}  // namespace cudalab
