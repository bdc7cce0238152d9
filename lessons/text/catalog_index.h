#pragma once
// The compiled catalog say() reads (say.cpp, catalog.cpp): each id's Chinese as pieces.
#include <string>
#include <string_view>
#include <vector>

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

// A replacement field of an fmt string: as a format of its own argument with every index written
// out ("{:.{}f}" → "{0:.{1}f}"), where it opens and closes in the string. An index that is not a
// number (a stranger's id) is -1.
struct Field {
  std::string format;
  int argument = 0;
  std::size_t open = 0, close = 0;
};
std::vector<Field> fields_of(std::string_view id);

// A fixed text in Chinese: the catalog's word, else the app's tables (set_argument_words), else
// the text itself.
std::string chinese_word(std::string english);

}  // namespace cudalab::lessons::text
