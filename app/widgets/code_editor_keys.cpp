#include "widgets/code_editor_parts.h"

#include <imgui.h>

#include "input/key_events.h"

namespace cudalab::app::widgets {

void append_utf8(std::string& out, unsigned int c) {
  if (c < 0x80) {
    out.push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (c >> 6)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c >= 0xD800 && c <= 0xDFFF) {
    return;  // half of a UTF-16 pair, never a character: the window system joins pairs
  } else if (c < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (c >> 12)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x110000) {
    out.push_back(static_cast<char>(0xF0 | (c >> 18)));
    out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

namespace {

// The keys that change the text (the caller knows it is not read-only).
void apply_edit_key(CodeText& text, input::Key key, bool ctrl, bool shift, bool once) {
  using input::Key;
  switch (key) {
    case Key::x:
      if (ctrl && once && text.has_selection()) ImGui::SetClipboardText(text.cut().c_str());
      break;
    case Key::v:
      if (!ctrl || !once) break;
      if (const char* clipboard = ImGui::GetClipboardText(); clipboard != nullptr) text.paste(clipboard);
      break;
    case Key::z:
      if (ctrl) shift ? text.redo() : text.undo();
      break;
    case Key::y:
      if (ctrl) text.redo();
      break;
    case Key::backspace: ctrl ? text.delete_word_left() : text.backspace(); break;
    case Key::del: text.delete_forward(); break;
    case Key::tab:
      if (!ctrl) shift ? text.unindent() : text.indent();
      break;
    default: break;
  }
}

}  // namespace

EditorKeyOutcome handle_editor_keys(CodeText& text, bool read_only, int page_lines, double* last_typing_time) {
  using input::Key;
  using input::KeyEvent;
  EditorKeyOutcome outcome;
  const std::uint64_t revision = text.revision();
  const TextPos cursor = text.cursor(), anchor = text.anchor();

  // Characters typed one after the other are one edit (and one undo step unless the student
  // paused); a key between them ends the run, so "a", Enter, "b" in one frame is "a\nb".
  std::string typed;
  auto type_run = [&] {
    if (typed.empty()) return;
    if (read_only) {
      typed.clear();
      return;
    }
    const double now = ImGui::GetTime();
    if (now - *last_typing_time > 1.0) text.break_undo_group();  // a pause: a new undo step
    *last_typing_time = now;
    text.type(typed);
    typed.clear();
  };

  for (const KeyEvent& event : input::main_window_keys().frame_events()) {
    if (event.kind == KeyEvent::Kind::character) {
      // GLFW types nothing for Ctrl and Alt chords (AltGr characters do arrive).
      if (event.character >= 0x20 && event.character != 0x7F) append_utf8(typed, static_cast<unsigned>(event.character));
      continue;
    }
    type_run();
    if (!event.is_press()) continue;
    const bool ctrl = event.mods.ctrl, shift = event.mods.shift;
    if (event.mods.alt || event.mods.super) continue;  // the window manager's, not the editor's
    const bool once = event.kind == KeyEvent::Kind::press;  // commands do not auto-repeat
    switch (event.key) {
      case Key::left: text.move(ctrl ? TextMove::word_left : TextMove::char_left, shift, page_lines); break;
      case Key::right: text.move(ctrl ? TextMove::word_right : TextMove::char_right, shift, page_lines); break;
      case Key::up: text.move(TextMove::line_up, shift, page_lines); break;
      case Key::down: text.move(TextMove::line_down, shift, page_lines); break;
      case Key::page_up: text.move(TextMove::page_up, shift, page_lines); break;
      case Key::page_down: text.move(TextMove::page_down, shift, page_lines); break;
      case Key::home: text.move(ctrl ? TextMove::text_home : TextMove::line_home, shift, page_lines); break;
      case Key::end: text.move(ctrl ? TextMove::text_end : TextMove::line_end, shift, page_lines); break;
      case Key::escape:
        if (once) text.set_cursor(text.cursor());
        break;
      case Key::a:
        if (ctrl && once) text.select_all();
        break;
      case Key::c:
        if (ctrl && once && text.has_selection()) ImGui::SetClipboardText(text.selected_text().c_str());
        break;
      case Key::enter:
      case Key::keypad_enter:
        if (ctrl) {
          outcome.compile_requested |= once;
        } else if (!read_only) {
          text.new_line();
        }
        break;
      default:
        if (!read_only) apply_edit_key(text, event.key, ctrl, shift, once);
        break;
    }
  }
  type_run();
  // Taken: ImGui's own copy of the characters must not type into another widget too.
  ImGui::GetIO().InputQueueCharacters.resize(0);

  outcome.moved_or_edited = text.revision() != revision || text.cursor() != cursor || text.anchor() != anchor;
  return outcome;
}

}  // namespace cudalab::app::widgets
