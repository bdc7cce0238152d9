#pragma once
// The compiled catalog say() reads (say.cpp, catalog.cpp): each id's Chinese as pieces.
#include <string>
#include <string_view>
#include <vector>

#include "cudalab/message.h"

namespace cudalab::lessons::text {

struct Template {
  struct Piece {
    std::string text;  // literal text, when hole < 0
    int hole = -1;     // else the English replacement field it shows (0 = the first)
    bool as_it_came = false;  // "{N=}": a text argument shown untranslated (a compiler's words)
  };
  std::vector<Piece> pieces;
};

// The Chinese of normalised `id` (message_id), or nullptr.
const Template* find_template(std::string_view id);

// An fmt string's replacement fields (cudalab/message.h).
using cudalab::fmt_fields::Field;
using cudalab::fmt_fields::fields_of;

// A fixed text in Chinese: the catalog's word, else the app's tables (set_argument_words), else
// the text itself.
std::string chinese_word(std::string english);

}  // namespace cudalab::lessons::text
