#pragma once
// The code editor's model, free of ImGui so every editing rule is testable: the text as lines, a
// cursor and a selection, the edits a student makes (typing, paste, auto-indent, Tab/Shift+Tab,
// delete), the moves (char, word, line, page, home, end) and undo/redo. Columns are byte offsets
// into a line, always on a UTF-8 character boundary; the drawing turns them into screen cells with
// display_column (monospace: one cell per character, a tab as wide as ImGui draws it).
#include <compare>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cudalab::app::widgets {

struct TextPos {
  int line = 0;    // 0-based
  int column = 0;  // byte offset in the line
  auto operator<=>(const TextPos&) const = default;
};

enum class TextMove {
  char_left,
  char_right,
  word_left,
  word_right,
  line_up,
  line_down,
  page_up,
  page_down,
  line_home,
  line_end,
  text_home,
  text_end
};

class CodeText {
 public:
  static constexpr int indent_width = 2;       // Tab inserts this many spaces; Shift+Tab removes them
  static constexpr int tab_display_width = 4;  // ImGui's fonts draw a tab as four spaces

  explicit CodeText(std::string_view text = {});

  // The whole text, lines joined by '\n'. set_text replaces it (carriage returns dropped), puts
  // the cursor at the start, clears undo and counts as unmodified.
  std::string text() const;
  void set_text(std::string_view text);
  int line_count() const { return static_cast<int>(lines_.size()); }
  const std::string& line(int index) const { return lines_[static_cast<std::size_t>(index)]; }

  // Cursor and selection: the selection runs between the anchor and the cursor (empty when equal).
  TextPos cursor() const { return cursor_; }
  TextPos anchor() const { return anchor_; }
  bool has_selection() const { return cursor_ != anchor_; }
  TextPos selection_begin() const { return cursor_ < anchor_ ? cursor_ : anchor_; }
  TextPos selection_end() const { return cursor_ < anchor_ ? anchor_ : cursor_; }
  std::string selected_text() const;
  // Both clamp to the text and to a character boundary; moving the cursor ends an undo group.
  void set_cursor(TextPos pos, bool extend_selection = false);
  void select(TextPos anchor, TextPos cursor);
  void select_all();
  // The word (or run of spaces, or of punctuation) around `pos`, as a double-click selects it.
  void select_word_at(TextPos pos);
  void move(TextMove move, bool extend_selection, int page_lines = 20);

  // Edits; each replaces the selection when there is one. Consecutive type() calls (and
  // consecutive backspace / delete_forward calls) merge into one undo step until the cursor moves,
  // another kind of edit comes or break_undo_group() is called (the widget does after a pause).
  void type(std::string_view typed);  // typed characters; control characters are dropped
  void paste(std::string_view text);  // newlines kept, "\r\n" read as "\n"; one undo step
  void new_line();                    // Enter: the current line's leading whitespace carries over
  void backspace();                   // at a line start, joins the line to the one above
  void delete_forward();              // at a line end, joins the next line to this one
  void delete_word_left();            // Ctrl+Backspace
  void indent();                      // Tab: 2 spaces, or every selected line indented when it spans lines
  void unindent();                    // Shift+Tab: up to 2 leading spaces (or a tab) off each selected line
  std::string cut();                  // removes the selection and returns it ("" when none)

  bool can_undo() const { return undo_index_ > 0; }
  bool can_redo() const { return undo_index_ < records_.size(); }
  bool undo();
  bool redo();
  void break_undo_group() { group_open_ = false; }
  // Oldest steps are dropped once either limit is passed (the text itself always stays).
  void set_undo_limits(std::size_t max_bytes, std::size_t max_steps);
  std::size_t undo_steps() const { return records_.size(); }

  // Changes on every change of the text (edits, undo, redo, set_text): autosave compares it. Drawn
  // from one counter for all texts, so no two texts ever show the same revision.
  std::uint64_t revision() const { return revision_; }
  // Differs from the text at the last set_text / mark_saved (undoing back to it counts as equal).
  bool modified() const { return current_state() != saved_state_; }
  void mark_saved() { saved_state_ = current_state(); }

  // Screen cell of a column (characters before it, tabs counting tab_display_width), and back.
  int display_column(TextPos pos) const;
  int column_at_display(int line, int display_column) const;
  TextPos clamp(TextPos pos) const;

 private:
  enum class EditKind { typing, deleting, other };
  struct Record {
    TextPos at;  // where `removed` was and `inserted` now is
    std::string removed, inserted;
    TextPos cursor_before, anchor_before, cursor_after, anchor_after;
    EditKind kind = EditKind::other;
    std::uint64_t state_before = 0, state_after = 0;
  };

  TextPos replace(TextPos begin, TextPos end, std::string_view text);  // returns the end of `text`
  std::string text_between(TextPos begin, TextPos end) const;
  // Replaces [begin, end) with `text` as one undoable step (merged into the last where `kind` allows).
  void edit(TextPos begin, TextPos end, std::string_view text, EditKind kind);
  void replace_lines(int first, int last, const std::vector<std::string>& new_lines, TextPos cursor, TextPos anchor);
  void apply_limits();
  void bump_revision();
  std::uint64_t current_state() const;
  TextPos char_left(TextPos pos) const;
  TextPos char_right(TextPos pos) const;
  TextPos word_left(TextPos pos) const;
  TextPos word_right(TextPos pos) const;
  TextPos vertical(TextPos pos, int lines);

  std::vector<std::string> lines_{std::string()};
  TextPos cursor_, anchor_;
  int preferred_display_column_ = -1;  // kept across up/down moves through short lines
  std::vector<Record> records_;
  std::size_t undo_index_ = 0;  // records_[0, undo_index_) are done
  bool group_open_ = false;
  std::size_t max_undo_bytes_ = 8u << 20, max_undo_steps_ = 2000;
  std::uint64_t revision_ = 0;
  std::uint64_t next_state_ = 1, base_state_ = 0, saved_state_ = 0;
};

// UTF-8: the byte offset of the character before / after `column` in `line`.
int previous_char_column(std::string_view line, int column);
int next_char_column(std::string_view line, int column);

}  // namespace cudalab::app::widgets
