#pragma once
// Words made in one place and shown in another, or later: a Status made in the emulator, a label a
// Run carries, a check's verdict made in the sandboxed worker. A Message keeps the English fmt
// string (its id) and its arguments, each already formatted as its English hole asks, so that it
// can be said when it is shown, in the language of that moment: a catalog lookup and a format
// (lessons/text/message.h: said()). Finished text is never parsed back.
//
// This header is the data only, light enough for the CUDA backend's units; messages are made with
// message() (cudalab/message_format.h).
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace cudalab {

struct Status;

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
  bool empty() const { return id.empty(); }
  bool operator==(const Message&) const = default;
};

// {"id": "...", "args": [["0.25", false], ["thread (1,0,0) …", true, {nested message}], …]}.
// from_json never throws: a Message from a file or a sandboxed worker is a stranger's data (at most
// 64 arguments of 4 KiB, an id of 4 KiB, messages nested 12 deep).
nlohmann::json to_json(const Message& message);
Status from_json(const nlohmann::json& j, Message* out);
// Its English (a log, a test's failure message).
inline std::ostream& operator<<(std::ostream& out, const Message& message) { return out << message.english(); }

namespace fmt_fields {
// A replacement field of an fmt string: as a format of its own argument with every index written
// out ("{:.{}f}" → "{0:.{1}f}"), where it opens and closes in the string. An index that is not a
// number (a stranger's id) is -1.
struct Field {
  std::string format;
  int argument = 0;
  std::size_t open = 0, close = 0;
};
std::vector<Field> fields_of(std::string_view id);
// Where the replacement field opening at `open` closes, nested fields ("{:.{}f}") included; npos
// when it does not.
std::size_t field_close(std::string_view fmt_string, std::size_t open);
}  // namespace fmt_fields

}  // namespace cudalab
