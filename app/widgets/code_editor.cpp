#include "widgets/code_editor.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>
#include <vector>

#include "widgets/code_editor_parts.h"
#include "widgets/code_paint.h"
#include "widgets/imgui_compat.h"

namespace cudalab::app::widgets {

namespace {

std::unordered_map<ImGuiID, EditorState>& states() {
  static std::unordered_map<ImGuiID, EditorState> all;
  return all;
}

void refresh_syntax(const CodeText& text, EditorState& state) {
  // Revisions are unique across texts (code_text.h), and the address guards a copied text.
  if (state.syntax_revision == text.revision() && state.syntax_text == &text &&
      state.line_starts.size() == static_cast<std::size_t>(text.line_count())) {
    return;
  }
  state.syntax_revision = text.revision();
  state.syntax_text = &text;
  state.line_starts.assign(static_cast<std::size_t>(text.line_count()), SyntaxState{});
  state.widest_cells = 0;
  SyntaxState syntax;
  for (int i = 0; i < text.line_count(); ++i) {
    state.line_starts[static_cast<std::size_t>(i)] = syntax;
    (void)tokenize_line(text.line(i), syntax);
    state.widest_cells = std::max(state.widest_cells, text.display_column({i, static_cast<int>(text.line(i).size())}));
  }
}

// Mouse: a click places the cursor (Shift extends), a double click takes a word, a triple click a
// line; dragging extends by what the click took. Returns true while a drag goes on.
bool handle_mouse(CodeText& text, EditorState& state, const EditorLayout& layout) {
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemHovered()) ImGui::SetMouseCursor(ImGuiMouseCursor_TextInput);
  const TextPos under = layout.pos_at(text, io.MousePos);
  if (ImGui::IsItemActivated()) {
    state.drag_clicks = std::clamp(ImGui::GetMouseClickedCount(ImGuiMouseButton_Left), 1, 3);
    if (state.drag_clicks == 1) {
      text.set_cursor(under, io.KeyShift);
      state.drag_begin = state.drag_end = text.anchor();
    } else if (state.drag_clicks == 2) {
      text.select_word_at(under);
    } else {
      text.select({under.line, 0}, {under.line + 1, 0});
      if (under.line + 1 >= text.line_count())
        text.select({under.line, 0}, {under.line, static_cast<int>(text.line(under.line).size())});
    }
    if (state.drag_clicks > 1) {
      state.drag_begin = text.selection_begin();
      state.drag_end = text.selection_end();
    }
    return true;
  }
  if (state.drag_clicks == 0) return false;
  if (!ImGui::IsItemActive() || !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    state.drag_clicks = 0;
    return false;
  }
  if (state.drag_clicks == 1) {
    text.select(state.drag_begin, under);
  } else {
    // Extend by whole words (or lines) from the ones first taken, on whichever side the mouse is.
    TextPos begin = under, end = under;
    if (state.drag_clicks == 2) {
      const TextPos anchor = text.anchor(), cursor = text.cursor();
      text.select_word_at(under);
      begin = text.selection_begin();
      end = text.selection_end();
      text.select(anchor, cursor);
    } else {
      begin = {under.line, 0};
      end = under.line + 1 < text.line_count() ? TextPos{under.line + 1, 0}
                                               : TextPos{under.line, static_cast<int>(text.line(under.line).size())};
    }
    if (begin < state.drag_begin) {
      text.select(state.drag_end, begin);
    } else {
      text.select(state.drag_begin, std::max(end, state.drag_end));
    }
  }
  // Past the top or bottom edge, the view follows the mouse.
  const float top = layout.window.y, bottom = layout.window.y + layout.view_height;
  if (io.MousePos.y < top) ImGui::SetScrollY(ImGui::GetScrollY() - layout.line_height);
  if (io.MousePos.y > bottom) ImGui::SetScrollY(ImGui::GetScrollY() + layout.line_height);
  return true;
}

void scroll_to_cursor(const CodeText& text, const EditorLayout& layout) {
  const float y = layout.line_height * static_cast<float>(text.cursor().line);
  const float scroll_y = ImGui::GetScrollY();
  if (y < scroll_y) ImGui::SetScrollY(y);
  if (y + layout.line_height > scroll_y + layout.view_height)
    ImGui::SetScrollY(y + layout.line_height - layout.view_height);
  const float x = layout.cell * static_cast<float>(text.display_column(text.cursor()));
  const float scroll_x = ImGui::GetScrollX(), margin = layout.cell * 4.f;
  if (x < scroll_x) ImGui::SetScrollX(std::max(0.f, x - margin));
  if (x > scroll_x + layout.view_width - layout.cell * 2.f) ImGui::SetScrollX(x - layout.view_width + margin);
}

}  // namespace

ImVec2 EditorLayout::at(const CodeText& code, TextPos pos) const {
  return ImVec2(text.x + cell * static_cast<float>(code.display_column(pos)),
                text.y + line_height * static_cast<float>(pos.line));
}

TextPos EditorLayout::pos_at(const CodeText& code, ImVec2 point) const {
  const int line = std::clamp(static_cast<int>(std::floor((point.y - text.y) / line_height)), 0, code.line_count() - 1);
  const int cells = std::max(0, static_cast<int>(std::floor((point.x - text.x) / cell + 0.5f)));
  return {line, code.column_at_display(line, cells)};
}

bool draw_code_editor(const char* id, CodeText& text, const CodeEditorOptions& opts, CodeEditorEvents* out) {
  static const Colours default_colours;
  const Colours& colours = opts.style != nullptr ? opts.style->colours : default_colours;
  const ImFont* font =
      opts.style != nullptr && opts.style->fonts.mono != nullptr ? opts.style->fonts.mono : ImGui::GetFont();
  CodeEditorEvents events;
  const std::uint64_t revision_before = text.revision();

  const ImGuiID key = ImGui::GetID(id);
  EditorState& state = states()[key];

  // The strip below for the cursor line's message is there whenever there are messages, so the
  // editor does not jump when the compiler answers.
  const float strip_height = opts.diagnostics.empty() ? 0.f : ImGui::GetFrameHeightWithSpacing();
  ImVec2 size = opts.size;
  const ImVec2 available = ImGui::GetContentRegionAvail();
  if (size.x <= 0.f) size.x = std::max(available.x + size.x, 1.f);
  if (size.y <= 0.f) size.y = std::max(available.y + size.y - strip_height, ImGui::GetFrameHeight() * 3.f);

  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0.f, 0.f));
  const bool open =
      ImGui::BeginChild(key, size, false, ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_NoNavInputs);
  ImGui::PopStyleVar();
  if (open) {
    if (opts.take_focus) ImGui::SetWindowFocus();
    const bool focused = ImGui::IsWindowFocused();
    refresh_syntax(text, state);

    EditorLayout layout;
    layout.font = font;
    layout.line_height = font->FontSize * 1.3f;  // as the read-only listing
    layout.cell = code_cell_width(font);
    layout.window = ImGui::GetWindowPos();
    const int digits = static_cast<int>(std::to_string(text.line_count()).size());
    layout.gutter = layout.cell * static_cast<float>(std::max(digits, 2) + 3);  // mark, digits, gap
    const ImVec2 region_min = ImGui::GetWindowContentRegionMin(), region_max = ImGui::GetWindowContentRegionMax();
    layout.view_width = std::max(region_max.x - region_min.x - layout.gutter, layout.cell);
    layout.view_height = std::max(region_max.y - region_min.y, layout.line_height);
    const ImVec2 content = ImGui::GetCursorScreenPos();  // scroll applied
    layout.text = ImVec2(content.x + layout.gutter + layout.cell * 0.5f, content.y);

    // Content size, then the input catcher over the visible part (it must not scroll away).
    ImGui::Dummy(ImVec2(layout.gutter + layout.cell * static_cast<float>(state.widest_cells + 4),
                        layout.line_height * static_cast<float>(text.line_count() + 1)));
    ImGui::SetCursorScreenPos(ImVec2(layout.window.x, layout.window.y));
    ImGui::InvisibleButton("##text", ImVec2(std::max(region_max.x - region_min.x, 1.f), layout.view_height));
    const TextPos before_mouse = text.cursor();
    const bool dragging = handle_mouse(text, state, layout);
    const bool moved_by_mouse = text.cursor() != before_mouse;

    EditorKeyOutcome keys;
    if (focused) {
      const int page_lines = std::max(1, static_cast<int>(layout.view_height / layout.line_height) - 1);
      keys = handle_editor_keys(text, opts.read_only, page_lines, &state.last_typing_time);
      claim_text_input();  // as ImGui's own text fields: the shell's shortcuts stand aside
    }
    refresh_syntax(text, state);  // the keys may have changed it

    // Keys, edits, and the caller (say, putting the cursor on the first error) move the view to the
    // cursor; a click is where the student already looks.
    const bool cursor_moved = text.cursor() != state.last_cursor;
    if ((cursor_moved || keys.moved_or_edited) && !moved_by_mouse && !dragging) scroll_to_cursor(text, layout);
    if (cursor_moved || text.revision() != revision_before) {
      state.last_cursor = text.cursor();
      state.blink_start = ImGui::GetTime();
    }
    events.focused = focused;
    events.compile_requested = keys.compile_requested;
    events.animating = dragging || keys.moved_or_edited || cursor_moved;  // scrolls land next frame

    draw_editor_body(text, state, layout, opts, colours, focused);
  }
  ImGui::EndChild();

  if (strip_height > 0.f) draw_message_strip(text, opts, colours, size.x);
  events.changed = text.revision() != revision_before;
  if (out != nullptr) *out = events;
  return events.changed;
}

}  // namespace cudalab::app::widgets
