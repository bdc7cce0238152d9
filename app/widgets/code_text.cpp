#include "widgets/code_text.h"

#include <algorithm>
#include <atomic>

namespace cudalab::app::widgets {

namespace {

// Where the cursor lands after `text` is inserted at `at`.
TextPos end_of_insert(TextPos at, std::string_view text) {
  const std::size_t last_newline = text.rfind('\n');
  if (last_newline == std::string_view::npos) return {at.line, at.column + static_cast<int>(text.size())};
  const auto newlines = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  return {at.line + newlines, static_cast<int>(text.size() - last_newline - 1)};
}

// Text from outside (a paste, set_text): line ends as '\n', no control characters but tabs.
std::string clean_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\r') {
      if (i + 1 >= text.size() || text[i + 1] != '\n') out.push_back('\n');  // a lone CR ends a line too
      continue;
    }
    if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') continue;
    if (c == 0x7F) continue;
    out.push_back(c);
  }
  return out;
}

int leading_whitespace(std::string_view line) {
  int count = 0;
  while (count < static_cast<int>(line.size()) && (line[count] == ' ' || line[count] == '\t')) ++count;
  return count;
}

}  // namespace

void CodeText::bump_revision() {
  // One counter for every CodeText: a revision number never belongs to two texts, so a cache
  // keyed by it (the editor's colouring) cannot mistake a new text for an old one.
  static std::atomic<std::uint64_t> last{0};
  revision_ = ++last;
}

CodeText::CodeText(std::string_view text) {
  set_text(text);
}

std::string CodeText::text() const {
  std::string out;
  for (std::size_t i = 0; i < lines_.size(); ++i) {
    if (i > 0) out.push_back('\n');
    out += lines_[i];
  }
  return out;
}

void CodeText::set_text(std::string_view text) {
  lines_.assign(1, std::string());
  replace({0, 0}, {0, 0}, clean_text(text));
  cursor_ = anchor_ = {0, 0};
  preferred_display_column_ = -1;
  records_.clear();
  undo_index_ = 0;
  group_open_ = false;
  base_state_ = saved_state_ = next_state_++;
  bump_revision();
}

std::string CodeText::selected_text() const {
  return text_between(selection_begin(), selection_end());
}

std::string CodeText::text_between(TextPos begin, TextPos end) const {
  begin = clamp(begin);
  end = clamp(end);
  if (end < begin) std::swap(begin, end);
  if (begin.line == end.line) return line(begin.line).substr(begin.column, end.column - begin.column);
  std::string out = line(begin.line).substr(begin.column);
  for (int i = begin.line + 1; i < end.line; ++i) out += "\n" + line(i);
  out += "\n" + line(end.line).substr(0, end.column);
  return out;
}

TextPos CodeText::replace(TextPos begin, TextPos end, std::string_view text) {
  const std::string prefix = line(begin.line).substr(0, begin.column);
  const std::string suffix = line(end.line).substr(end.column);
  std::vector<std::string> pieces;
  std::size_t start = 0;
  for (std::size_t newline = text.find('\n'); newline != std::string_view::npos; newline = text.find('\n', start)) {
    pieces.emplace_back(text.substr(start, newline - start));
    start = newline + 1;
  }
  pieces.emplace_back(text.substr(start));
  const TextPos text_end = end_of_insert(begin, text);
  pieces.front().insert(0, prefix);
  pieces.back() += suffix;
  const auto first = lines_.begin() + begin.line;
  lines_.erase(first, lines_.begin() + end.line + 1);
  lines_.insert(lines_.begin() + begin.line, pieces.begin(), pieces.end());
  return text_end;
}

std::uint64_t CodeText::current_state() const {
  if (undo_index_ > 0) return records_[undo_index_ - 1].state_after;
  return records_.empty() ? base_state_ : records_.front().state_before;
}

void CodeText::edit(TextPos begin, TextPos end, std::string_view text, EditKind kind) {
  begin = clamp(begin);
  end = clamp(end);
  if (end < begin) std::swap(begin, end);
  std::string removed = text_between(begin, end);
  if (removed == text) return;  // nothing changes: no undo step, no new revision
  const TextPos cursor_before = cursor_, anchor_before = anchor_;
  const TextPos text_end = replace(begin, end, text);
  cursor_ = anchor_ = text_end;
  preferred_display_column_ = -1;
  bump_revision();

  // Typing after typing, or deleting next to deleting, extends the last step instead of adding one.
  if (group_open_ && kind != EditKind::other && undo_index_ == records_.size() && !records_.empty()) {
    Record& last = records_.back();
    bool merged = false;
    if (last.kind == EditKind::typing && kind == EditKind::typing && removed.empty() &&
        begin == end_of_insert(last.at, last.inserted)) {
      last.inserted += text;
      merged = true;
    } else if (last.kind == EditKind::deleting && kind == EditKind::deleting && text.empty() && last.inserted.empty()) {
      if (end == last.at) {  // backspace
        last.at = begin;
        last.removed.insert(0, removed);
        merged = true;
      } else if (begin == last.at) {  // delete
        last.removed += removed;
        merged = true;
      }
    }
    if (merged) {
      last.cursor_after = cursor_;
      last.anchor_after = anchor_;
      last.state_after = next_state_++;  // a save in between must see this as a change
      return;
    }
  }
  records_.resize(undo_index_);  // a new edit drops what could have been redone
  Record record{begin, std::move(removed), std::string(text), cursor_before, anchor_before, cursor_, anchor_,
                kind,  current_state(),    next_state_++};
  records_.push_back(std::move(record));
  undo_index_ = records_.size();
  group_open_ = kind != EditKind::other;
  apply_limits();
}

void CodeText::set_undo_limits(std::size_t max_bytes, std::size_t max_steps) {
  max_undo_bytes_ = max_bytes;
  max_undo_steps_ = std::max<std::size_t>(max_steps, 1);
  apply_limits();
}

void CodeText::apply_limits() {
  std::size_t bytes = 0;
  for (const Record& record : records_) bytes += sizeof(Record) + record.removed.size() + record.inserted.size();
  // The newest step always stays: a paste larger than the limit can still be undone.
  while (records_.size() > 1 && undo_index_ > 1 && (records_.size() > max_undo_steps_ || bytes > max_undo_bytes_)) {
    bytes -= sizeof(Record) + records_.front().removed.size() + records_.front().inserted.size();
    base_state_ = records_.front().state_after;
    records_.erase(records_.begin());
    --undo_index_;
  }
}

bool CodeText::undo() {
  if (!can_undo()) return false;
  const Record& record = records_[--undo_index_];
  replace(record.at, end_of_insert(record.at, record.inserted), record.removed);
  cursor_ = record.cursor_before;
  anchor_ = record.anchor_before;
  preferred_display_column_ = -1;
  group_open_ = false;
  bump_revision();
  return true;
}

bool CodeText::redo() {
  if (!can_redo()) return false;
  const Record& record = records_[undo_index_++];
  replace(record.at, end_of_insert(record.at, record.removed), record.inserted);
  cursor_ = record.cursor_after;
  anchor_ = record.anchor_after;
  preferred_display_column_ = -1;
  group_open_ = false;
  bump_revision();
  return true;
}

void CodeText::type(std::string_view typed) {
  std::string text;
  for (const char c : typed) {
    if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7F) text.push_back(c);
  }
  if (text.empty()) return;
  // Typing over a selection is one step with the characters typed after it.
  edit(selection_begin(), selection_end(), text, EditKind::typing);
}

void CodeText::paste(std::string_view text) {
  edit(selection_begin(), selection_end(), clean_text(text), EditKind::other);
}

void CodeText::new_line() {
  const TextPos begin = selection_begin();
  const std::string& text = line(begin.line);
  const int indent = std::min(leading_whitespace(text), begin.column);
  std::string inserted = "\n" + text.substr(0, indent);
  // After an opening brace the block's body goes one level deeper.
  int before = begin.column;
  while (before > 0 && (text[before - 1] == ' ' || text[before - 1] == '\t')) --before;
  if (before > 0 && text[before - 1] == '{') inserted.append(indent_width, ' ');
  edit(begin, selection_end(), inserted, EditKind::other);
}

void CodeText::backspace() {
  if (has_selection()) return edit(selection_begin(), selection_end(), "", EditKind::other);
  TextPos begin = char_left(cursor_);
  // In the indentation, one press takes back one indent level, as Tab put it there.
  const std::string& text = line(cursor_.line);
  if (cursor_.column > 0 && leading_whitespace(text) >= cursor_.column &&
      text.find('\t') >= static_cast<std::size_t>(cursor_.column)) {
    begin.column = (cursor_.column - 1) / indent_width * indent_width;
  }
  edit(begin, cursor_, "", EditKind::deleting);
}

void CodeText::delete_forward() {
  if (has_selection()) return edit(selection_begin(), selection_end(), "", EditKind::other);
  edit(cursor_, char_right(cursor_), "", EditKind::deleting);
}

void CodeText::delete_word_left() {
  if (has_selection()) return edit(selection_begin(), selection_end(), "", EditKind::other);
  edit(word_left(cursor_), cursor_, "", EditKind::other);
}

std::string CodeText::cut() {
  if (!has_selection()) return {};
  std::string removed = selected_text();
  edit(selection_begin(), selection_end(), "", EditKind::other);
  return removed;
}

void CodeText::replace_lines(int first, int last, const std::vector<std::string>& new_lines, TextPos cursor,
                             TextPos anchor) {
  std::string joined;
  for (std::size_t i = 0; i < new_lines.size(); ++i) joined += (i > 0 ? "\n" : "") + new_lines[i];
  group_open_ = false;
  const std::uint64_t revision = revision_;
  edit({first, 0}, {last, static_cast<int>(line(last).size())}, joined, EditKind::other);
  if (revision_ == revision) return;  // nothing changed
  cursor_ = clamp(cursor);
  anchor_ = clamp(anchor);
  records_.back().cursor_after = cursor_;  // edit() just added it: redo restores the same selection
  records_.back().anchor_after = anchor_;
}

void CodeText::indent() {
  const TextPos begin = selection_begin(), end = selection_end();
  if (begin.line == end.line) {
    edit(begin, end, std::string(indent_width, ' '), EditKind::typing);
    return;
  }
  // A selection ending at a line's start does not take that line along.
  const int last = end.column == 0 ? end.line - 1 : end.line;
  std::vector<std::string> lines;
  for (int i = begin.line; i <= last; ++i)
    lines.push_back(line(i).empty() ? line(i) : std::string(indent_width, ' ') + line(i));
  auto shifted = [&](TextPos pos) {
    if (pos.line >= begin.line && pos.line <= last && pos.column > 0 && !line(pos.line).empty())
      pos.column += indent_width;
    return pos;
  };
  const TextPos cursor = shifted(cursor_), anchor = shifted(anchor_);
  replace_lines(begin.line, last, lines, cursor, anchor);
}

void CodeText::unindent() {
  const TextPos begin = selection_begin(), end = selection_end();
  const int last = end.line > begin.line && end.column == 0 ? end.line - 1 : end.line;
  std::vector<std::string> lines;
  std::vector<int> removed;
  for (int i = begin.line; i <= last; ++i) {
    const std::string& text = line(i);
    int count = 0;
    if (!text.empty() && text[0] == '\t') {
      count = 1;
    } else {
      while (count < indent_width && count < static_cast<int>(text.size()) && text[count] == ' ') ++count;
    }
    removed.push_back(count);
    lines.push_back(text.substr(static_cast<std::size_t>(count)));
  }
  auto shifted = [&](TextPos pos) {
    if (pos.line >= begin.line && pos.line <= last) pos.column -= std::min(pos.column, removed[pos.line - begin.line]);
    return pos;
  };
  const TextPos cursor = shifted(cursor_), anchor = shifted(anchor_);
  replace_lines(begin.line, last, lines, cursor, anchor);
}

}  // namespace cudalab::app::widgets
