#include "widgets/line_break.h"

#include <algorithm>

namespace cudalab::app::widgets {

bool is_cjk(char32_t c) {
  return (c >= 0x2E80 && c <= 0x2FFF) ||   // radicals, Kangxi
         (c >= 0x3000 && c <= 0x303F) ||   // CJK symbols and punctuation (、。「」…)
         (c >= 0x3040 && c <= 0x31FF) ||   // kana, bopomofo, strokes
         (c >= 0x3400 && c <= 0x4DBF) ||   // extension A
         (c >= 0x4E00 && c <= 0x9FFF) ||   // unified ideographs
         (c >= 0xF900 && c <= 0xFAFF) ||   // compatibility ideographs
         (c >= 0xFE30 && c <= 0xFE4F) ||   // vertical forms
         (c >= 0xFF00 && c <= 0xFFEF) ||   // fullwidth forms (，：（）！？)
         (c >= 0x20000 && c <= 0x3FFFF);   // extensions B and later
}

bool forbidden_at_line_start(char32_t c) {
  static constexpr char32_t closing[] = {
      U'，', U'。', U'、', U'；', U'：', U'！', U'？', U'）', U'】', U'》', U'」', U'』', U'〕', U'〉', U'〗', U'］',
      U'｝', U'’', U'”', U'…', U'·', U'～', U'％', U'〃', U'々', U'ー', U'．', U'｡', U'､',
      // ASCII forms after CJK text ("字," "字)") follow the same rule.
      U',', U'.', U';', U':', U'!', U'?', U')', U']', U'}', U'%'};
  return std::find(std::begin(closing), std::end(closing), c) != std::end(closing);
}

bool forbidden_at_line_end(char32_t c) {
  static constexpr char32_t opening[] = {U'（', U'【', U'《', U'「', U'『', U'〔', U'〈', U'〖', U'［', U'｛',
                                         U'‘', U'“', U'(', U'[', U'{'};
  return std::find(std::begin(opening), std::end(opening), c) != std::end(opening);
}

char32_t decode_utf8(std::string_view text, std::size_t at, std::size_t* length) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  std::size_t size = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
  if (size == 0 || at + size > text.size()) {
    *length = 1;
    return 0xFFFD;
  }
  char32_t c = size == 1 ? lead : size == 2 ? (lead & 0x1F) : size == 3 ? (lead & 0x0F) : (lead & 0x07);
  for (std::size_t k = 1; k < size; ++k) {
    if ((byte(at + k) >> 6) != 0x2) {
      *length = 1;
      return 0xFFFD;
    }
    c = (c << 6) | (byte(at + k) & 0x3F);
  }
  *length = size;
  return c;
}

std::vector<bool> break_opportunities(std::string_view text) {
  std::vector<bool> may_break(text.size() + 1, false);
  char32_t previous = 0;
  bool have_previous = false;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t length = 1;
    const char32_t current = decode_utf8(text, at, &length);
    if (current == U' ' || current == U'\n') {
      have_previous = false;  // the space itself is the break; the caller drops it
    } else {
      if (have_previous && (is_cjk(previous) || is_cjk(current)) && !forbidden_at_line_start(current) &&
          !forbidden_at_line_end(previous) &&
          // "——" and "……" are one mark drawn over two characters: never split.
          !(previous == current && (current == U'—' || current == U'…'))) {
        may_break[at] = true;
      }
      previous = current;
      have_previous = true;
    }
    at += length;
  }
  return may_break;
}

}  // namespace cudalab::app::widgets
