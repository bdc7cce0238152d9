#pragma once
// The code editor's parts, internal to it: code_editor.cpp lays it out and handles the mouse,
// code_editor_keys.cpp applies the keyboard, code_editor_paint.cpp draws the text and the marks.
#include <imgui.h>

#include <cstdint>
#include <string>
#include <vector>

#include "widgets/code_editor.h"
#include "widgets/code_syntax.h"

namespace cudalab::app::widgets {

// What the editor remembers between frames, per ImGui id (the text itself is the caller's).
struct EditorState {
  std::uint64_t syntax_revision = ~std::uint64_t{0};
  const CodeText* syntax_text = nullptr;
  std::vector<SyntaxState> line_starts;  // colouring state at each line's start
  int widest_cells = 0;                  // the longest line, in cells: the horizontal scroll range
  double blink_start = 0;                // the cursor shows solid for a while after each move
  TextPos last_cursor{-1, -1};
  double last_typing_time = -10;
  int drag_clicks = 0;  // 1 char, 2 words, 3 lines: what a drag extends by; 0 no drag
  TextPos drag_begin, drag_end;
};

// Where things are on screen this frame; every length comes from the mono font's size.
struct EditorLayout {
  const ImFont* font = nullptr;
  float line_height = 0, cell = 0, gutter = 0;
  ImVec2 window;         // the child window's top-left on screen
  ImVec2 text;           // where line 0, cell 0 is drawn (scroll applied)
  float view_width = 0;  // the visible text area, gutter and scrollbars excluded
  float view_height = 0;

  ImVec2 at(const CodeText& code, TextPos pos) const;
  TextPos pos_at(const CodeText& code, ImVec2 point) const;
};

struct EditorKeyOutcome {
  bool moved_or_edited = false;  // the cursor should be kept in view
  bool compile_requested = false;
};

// This frame's keys and typed characters (input::main_window_keys(), in the order they happened)
// applied to `text`. `page_lines`: lines a Page Up/Down
// moves; `last_typing_time`: ImGui time of the last typed character (a pause of a second or more
// starts a new undo step).
EditorKeyOutcome handle_editor_keys(CodeText& text, bool read_only, int page_lines, double* last_typing_time);
// `codepoint` as UTF-8 appended to `out` (nothing for lone surrogates and invalid values).
void append_utf8(std::string& out, unsigned int codepoint);

// The visible lines: highlights, selection, text, diagnostics, gutter, cursor; tooltips on hover.
void draw_editor_body(const CodeText& text, const EditorState& state, const EditorLayout& layout,
                      const CodeEditorOptions& opts, const Colours& colours, bool focused);
// The one-line strip under the editor: the cursor line's message, or a count of them.
void draw_message_strip(const CodeText& text, const CodeEditorOptions& opts, const Colours& colours, float width);

}  // namespace cudalab::app::widgets
