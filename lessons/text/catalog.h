#pragma once
// The lessons' message catalog: every chapter folder's strings.zh-CN.po (and common/'s), embedded at
// build time, read once. An entry's msgid is the English fmt string a lesson passes to say() or the
// fixed text it passes to word(); its msgstr is the Chinese, naming the English holes by position
// ("{0}", "{1}"; a hole may be left out, as a plural "s" is). Hole specs are ignored in ids: say()
// looks up "{:.2f} ms" as "{} ms".
#include <string>
#include <string_view>
#include <vector>

#include "cudalab/message.h"

namespace cudalab::lessons::text {

struct CatalogEntry {
  std::string_view id;       // normalised: every hole "{}"
  std::string_view chinese;  // as written in the .po file
  std::string_view file;     // "07_warps/strings.zh-CN.po"
  int line = 0;              // of the msgid
  bool has_holes = false;
};

// Every entry, in file order; ids are unique (a second entry for an id is a problem, not an entry).
const std::vector<CatalogEntry>& catalog();
// What is wrong with the .po files, one line each with file and line: a syntax error, an id given
// twice, a Chinese hole past the English holes, an entry without Chinese. Empty when all is well.
const std::vector<std::string>& catalog_problems();

// `fmt_string` with each replacement field reduced to "{}" ("{:>4}", "{0}" alike); "{{" and "}}" kept,
// and so is a named placeholder ("{threads_per_block}": a prediction question's, not an fmt hole).
std::string message_id(std::string_view fmt_string);
using cudalab::fmt_fields::field_close;  // where a replacement field closes (cudalab/message.h)
bool is_named_placeholder(std::string_view inside);  // "threads_per_block": letters, digits, _

// Entries of a .po text (msgid/msgstr pairs, "…" continuation lines, \" \\ \n \t escapes, # comments).
struct PoEntry {
  std::string id, text;
  int line = 0;
};
std::vector<PoEntry> parse_po(std::string_view po, std::string_view file, std::vector<std::string>* problems);

}  // namespace cudalab::lessons::text
