// CodeText's cursor: where each move lands, selections, and the byte <-> screen cell mapping.
// (Edits and undo are in code_text.cpp.)
#include <algorithm>

#include "widgets/code_text.h"

namespace cudalab::app::widgets {

namespace {

bool is_continuation(char byte) {
  return (static_cast<unsigned char>(byte) & 0xC0u) == 0x80u;
}

enum class CharClass { space, word, punctuation };

CharClass class_of(char byte) {
  const auto c = static_cast<unsigned char>(byte);
  if (c == ' ' || c == '\t') return CharClass::space;
  // Bytes of multi-byte characters count as word characters: a Greek or Chinese word in a comment
  // moves and double-click-selects like an English one.
  if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80) {
    return CharClass::word;
  }
  return CharClass::punctuation;
}

int leading_whitespace(std::string_view line) {
  int count = 0;
  while (count < static_cast<int>(line.size()) && (line[count] == ' ' || line[count] == '\t')) ++count;
  return count;
}

}  // namespace

int previous_char_column(std::string_view line, int column) {
  column = std::min(column, static_cast<int>(line.size()));
  if (column <= 0) return 0;
  --column;
  while (column > 0 && is_continuation(line[column])) --column;
  return column;
}

int next_char_column(std::string_view line, int column) {
  const auto size = static_cast<int>(line.size());
  if (column >= size) return size;
  ++column;
  while (column < size && is_continuation(line[column])) ++column;
  return column;
}

TextPos CodeText::clamp(TextPos pos) const {
  pos.line = std::clamp(pos.line, 0, line_count() - 1);
  const std::string& text = line(pos.line);
  pos.column = std::clamp(pos.column, 0, static_cast<int>(text.size()));
  while (pos.column > 0 && pos.column < static_cast<int>(text.size()) && is_continuation(text[pos.column]))
    --pos.column;
  return pos;
}

void CodeText::set_cursor(TextPos pos, bool extend_selection) {
  cursor_ = clamp(pos);
  if (!extend_selection) anchor_ = cursor_;
  preferred_display_column_ = -1;
  group_open_ = false;
}

void CodeText::select(TextPos anchor, TextPos cursor) {
  anchor_ = clamp(anchor);
  cursor_ = clamp(cursor);
  preferred_display_column_ = -1;
  group_open_ = false;
}

void CodeText::select_all() {
  select({0, 0}, {line_count() - 1, static_cast<int>(lines_.back().size())});
}

void CodeText::select_word_at(TextPos pos) {
  pos = clamp(pos);
  const std::string& text = line(pos.line);
  if (text.empty()) return select(pos, pos);
  int probe = pos.column < static_cast<int>(text.size()) ? pos.column : previous_char_column(text, pos.column);
  const CharClass kind = class_of(text[probe]);
  int begin = probe, end = probe;
  while (begin > 0 && class_of(text[previous_char_column(text, begin)]) == kind)
    begin = previous_char_column(text, begin);
  while (end < static_cast<int>(text.size()) && class_of(text[end]) == kind) end = next_char_column(text, end);
  select({pos.line, begin}, {pos.line, end});
}

int CodeText::display_column(TextPos pos) const {
  pos = clamp(pos);
  const std::string& text = line(pos.line);
  int cells = 0;
  for (int i = 0; i < pos.column; ++i) {
    if (text[i] == '\t') {
      cells += tab_display_width;
    } else if (!is_continuation(text[i])) {
      ++cells;
    }
  }
  return cells;
}

int CodeText::column_at_display(int line_index, int wanted) const {
  const std::string& text = line(std::clamp(line_index, 0, line_count() - 1));
  int column = 0, cells = 0;
  while (column < static_cast<int>(text.size())) {
    const int width = text[column] == '\t' ? tab_display_width : 1;
    if (cells + width > wanted) break;
    cells += width;
    column = next_char_column(text, column);
  }
  return column;
}

TextPos CodeText::char_left(TextPos pos) const {
  if (pos.column > 0) return {pos.line, previous_char_column(line(pos.line), pos.column)};
  if (pos.line > 0) return {pos.line - 1, static_cast<int>(line(pos.line - 1).size())};
  return pos;
}

TextPos CodeText::char_right(TextPos pos) const {
  if (pos.column < static_cast<int>(line(pos.line).size()))
    return {pos.line, next_char_column(line(pos.line), pos.column)};
  if (pos.line + 1 < line_count()) return {pos.line + 1, 0};
  return pos;
}

TextPos CodeText::word_left(TextPos pos) const {
  if (pos.column == 0) return char_left(pos);
  const std::string& text = line(pos.line);
  int column = pos.column;
  while (column > 0 && class_of(text[previous_char_column(text, column)]) == CharClass::space) {
    column = previous_char_column(text, column);
  }
  if (column == 0) return {pos.line, 0};
  const CharClass kind = class_of(text[previous_char_column(text, column)]);
  while (column > 0 && class_of(text[previous_char_column(text, column)]) == kind)
    column = previous_char_column(text, column);
  return {pos.line, column};
}

TextPos CodeText::word_right(TextPos pos) const {
  const std::string& text = line(pos.line);
  const auto size = static_cast<int>(text.size());
  if (pos.column >= size) return char_right(pos);
  int column = pos.column;
  while (column < size && class_of(text[column]) == CharClass::space) column = next_char_column(text, column);
  if (column >= size) return {pos.line, size};
  const CharClass kind = class_of(text[column]);
  while (column < size && class_of(text[column]) == kind) column = next_char_column(text, column);
  return {pos.line, column};
}

TextPos CodeText::vertical(TextPos pos, int lines) {
  if (preferred_display_column_ < 0) preferred_display_column_ = display_column(pos);
  const int target = pos.line + lines;
  if (target < 0) return {0, 0};
  if (target >= line_count()) return {line_count() - 1, static_cast<int>(lines_.back().size())};
  return {target, column_at_display(target, preferred_display_column_)};
}

void CodeText::move(TextMove move, bool extend_selection, int page_lines) {
  const bool keeps_column = move == TextMove::line_up || move == TextMove::line_down || move == TextMove::page_up ||
                            move == TextMove::page_down;
  if (!keeps_column) preferred_display_column_ = -1;
  page_lines = std::max(page_lines, 1);
  TextPos target = cursor_;
  const std::string& text = line(cursor_.line);
  switch (move) {
    case TextMove::char_left:
      target = !extend_selection && has_selection() ? selection_begin() : char_left(cursor_);
      break;
    case TextMove::char_right:
      target = !extend_selection && has_selection() ? selection_end() : char_right(cursor_);
      break;
    case TextMove::word_left:
      target = word_left(cursor_);
      break;
    case TextMove::word_right:
      target = word_right(cursor_);
      break;
    case TextMove::line_up:
      target = vertical(cursor_, -1);
      break;
    case TextMove::line_down:
      target = vertical(cursor_, 1);
      break;
    case TextMove::page_up:
      target = vertical(cursor_, -page_lines);
      break;
    case TextMove::page_down:
      target = vertical(cursor_, page_lines);
      break;
    case TextMove::line_home: {
      // First to the code, then to the margin: the indentation is rarely where one wants to be.
      const int code = leading_whitespace(text);
      target = {cursor_.line, cursor_.column == code ? 0 : code};
      break;
    }
    case TextMove::line_end:
      target = {cursor_.line, static_cast<int>(text.size())};
      break;
    case TextMove::text_home:
      target = {0, 0};
      break;
    case TextMove::text_end:
      target = {line_count() - 1, static_cast<int>(lines_.back().size())};
      break;
  }
  cursor_ = target;
  if (!extend_selection) anchor_ = target;
  group_open_ = false;
}

}  // namespace cudalab::app::widgets
