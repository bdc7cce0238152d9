#pragma once
// The kernel editor of an exercise: a CodeText drawn in monospace with line numbers, CUDA colours,
// a blinking cursor, mouse and keyboard selection, the clipboard, and the compiler's errors marked
// at their lines. Everything is measured from the mono font's size, so 200 % text stays crisp.
//
// Keys: arrows, Ctrl+arrows (words), Home /
// End, Ctrl+Home / Ctrl+End, Page Up / Down, with Shift to select; Ctrl+A, Ctrl+C / X / V,
// Ctrl+Z, Ctrl+Y or Ctrl+Shift+Z; Tab / Shift+Tab indent; Ctrl+Backspace; Ctrl+Enter compiles.
//
// While it has focus the editor sets io.WantTextInput (as ImGui's own text fields do): the shell's
// single-key shortcuts stand aside, and the redraw schedule wakes in time for the cursor's blink.
// It reads keys and typed characters from input::main_window_keys(), which queues every event
// between two frames in order, with the modifiers of its moment: nothing typed is lost or misread
// at a low frame rate (a quick Ctrl+Enter is Ctrl+Enter, not Enter).
//
// In a pane (the text and its autosave belong to the caller):
//   CodeEditorOptions opts{.style = &style(), .diagnostics = errors, .highlight_lines = wrong_lines};
//   CodeEditorEvents events;
//   draw_code_editor("##kernel", student_text, opts, &events);
//   if (events.compile_requested) check_now();
//   if (student_text.revision() != saved_revision) autosave_soon();
//   moving |= events.animating;  // into what RedrawSchedule::frame_drawn is given
#include <span>
#include <string>

#include "widgets/code_text.h"
#include "widgets/widget_style.h"

namespace cudalab::app::widgets {

enum class DiagnosticSeverity { error, warning };

struct CodeDiagnostic {
  int line = 0;    // 1-based, as compilers report it
  int column = 0;  // 1-based byte column; 0 marks the whole line
  DiagnosticSeverity severity = DiagnosticSeverity::error;
  std::string message;
};

struct CodeEditorOptions {
  const Style* style = nullptr;                 // fonts and colours; ImGui's font and default colours when null
  std::span<const CodeDiagnostic> diagnostics;  // marks in the gutter, underlines, the strip below
  std::span<const int> highlight_lines;         // 1-based lines with a tinted background (say, a wrong read)
  bool read_only = false;                       // moves, selection and copy still work
  // The text area, as ImGui::BeginChild: 0 (or less) fills the space left, keeping room for the
  // one-line message strip that follows it while there are diagnostics.
  ImVec2 size{0.f, 0.f};
  bool take_focus = false;  // give the editor the keyboard this frame
};

struct CodeEditorEvents {
  bool changed = false;            // the text changed this frame (text.revision() tells autosave the same)
  bool compile_requested = false;  // Ctrl+Enter
  bool focused = false;            // the editor has the keyboard
  // Frames are needed without input: a drag selects past the edge, a scroll to the cursor is under
  // way (a held key needs none: its auto-repeats arrive as events). The caller's redraw schedule should
  // count this as moving (RedrawSchedule::frame_drawn).
  bool animating = false;
};

// Draws the editor with ImGui id `id`, applying this frame's input to `text`. Returns
// events.changed; `out` may be null. A cursor moved from outside (text.set_cursor, say to the
// first error) is scrolled into view, as one moved by the keys.
bool draw_code_editor(const char* id, CodeText& text, const CodeEditorOptions& opts, CodeEditorEvents* out = nullptr);

}  // namespace cudalab::app::widgets
