#include "widgets/code_editor_parts.h"

#include <imgui.h>

#include <array>

namespace cudalab::app::widgets {

namespace {

// ImGuiKey_* through GetKeyIndex: ImGui 1.86 maps them to the backend's key codes (io.KeyMap, an
// int), later versions take them as they are (an ImGuiKey); the same calls work on both. Only
// keys 1.86's ImGuiKey_ names are used (its KeyMap has arrows, paging, editing keys, A C V X Y Z).
using KeyIndex = decltype(ImGui::GetKeyIndex(ImGuiKey_Tab));
KeyIndex key_index(ImGuiKey key) {
  return ImGui::GetKeyIndex(key);
}
bool mapped(KeyIndex index) {
  return static_cast<int>(index) >= 0;
}  // 1.86: -1 when the backend set none

// How many times `key` fired this frame: its press and its auto-repeats. More than one when a
// slow frame spans several repeat periods, so a held arrow moves as far as the time held says.
int presses(ImGuiKey key) {
  const ImGuiIO& io = ImGui::GetIO();
  const KeyIndex index = key_index(key);
  return mapped(index) ? ImGui::GetKeyPressedAmount(index, io.KeyRepeatDelay, io.KeyRepeatRate) : 0;
}

bool pressed_once(ImGuiKey key) {
  const KeyIndex index = key_index(key);
  return mapped(index) && ImGui::IsKeyPressed(index, false);
}

constexpr std::array held_keys = {ImGuiKey_LeftArrow, ImGuiKey_RightArrow, ImGuiKey_UpArrow,   ImGuiKey_DownArrow,
                                  ImGuiKey_PageUp,    ImGuiKey_PageDown,   ImGuiKey_Backspace, ImGuiKey_Delete,
                                  ImGuiKey_Enter,     ImGuiKey_Tab};

}  // namespace

void append_utf8(std::string& out, unsigned int c) {
  if (c < 0x80) {
    out.push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (c >> 6)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c >= 0xD800 && c <= 0xDFFF) {
    return;  // half of a UTF-16 pair: ImGui 1.86 joins pairs before queueing, so none is whole
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

EditorKeyOutcome handle_editor_keys(CodeText& text, bool read_only, int page_lines, double* last_typing_time) {
  ImGuiIO& io = ImGui::GetIO();
  EditorKeyOutcome outcome;
  const bool ctrl = io.ConfigMacOSXBehaviors ? io.KeySuper : io.KeyCtrl;
  const bool shift = io.KeyShift;
  const std::uint64_t revision = text.revision();
  const TextPos cursor = text.cursor(), anchor = text.anchor();

  auto repeat_move = [&](ImGuiKey key, TextMove move) {
    for (int n = presses(key); n > 0; --n) text.move(move, shift, page_lines);
  };
  repeat_move(ImGuiKey_LeftArrow, ctrl ? TextMove::word_left : TextMove::char_left);
  repeat_move(ImGuiKey_RightArrow, ctrl ? TextMove::word_right : TextMove::char_right);
  repeat_move(ImGuiKey_UpArrow, TextMove::line_up);
  repeat_move(ImGuiKey_DownArrow, TextMove::line_down);
  repeat_move(ImGuiKey_PageUp, TextMove::page_up);
  repeat_move(ImGuiKey_PageDown, TextMove::page_down);
  repeat_move(ImGuiKey_Home, ctrl ? TextMove::text_home : TextMove::line_home);
  repeat_move(ImGuiKey_End, ctrl ? TextMove::text_end : TextMove::line_end);
  if (pressed_once(ImGuiKey_Escape)) text.set_cursor(text.cursor());

  if (ctrl && pressed_once(ImGuiKey_A)) text.select_all();
  if (ctrl && pressed_once(ImGuiKey_C) && text.has_selection()) ImGui::SetClipboardText(text.selected_text().c_str());

  const bool enter = presses(ImGuiKey_Enter) > 0 || presses(ImGuiKey_KeyPadEnter) > 0;
  if (ctrl && enter) outcome.compile_requested = true;

  if (!read_only) {
    if (ctrl && pressed_once(ImGuiKey_X) && text.has_selection()) ImGui::SetClipboardText(text.cut().c_str());
    if (ctrl && pressed_once(ImGuiKey_V)) {
      if (const char* clipboard = ImGui::GetClipboardText(); clipboard != nullptr) text.paste(clipboard);
    }
    for (int n = ctrl ? presses(ImGuiKey_Z) : 0; n > 0; --n) shift ? text.redo() : text.undo();
    for (int n = ctrl ? presses(ImGuiKey_Y) : 0; n > 0; --n) text.redo();
    for (int n = presses(ImGuiKey_Backspace); n > 0; --n) ctrl ? text.delete_word_left() : text.backspace();
    for (int n = presses(ImGuiKey_Delete); n > 0; --n) text.delete_forward();
    for (int n = ctrl ? 0 : presses(ImGuiKey_Enter) + presses(ImGuiKey_KeyPadEnter); n > 0; --n) text.new_line();
    for (int n = ctrl ? 0 : presses(ImGuiKey_Tab); n > 0; --n) shift ? text.unindent() : text.indent();

    // Every character typed since the last frame, in order: the queue is how a slow frame keeps
    // them all. Ctrl chords type nothing (AltGr arrives as Ctrl+Alt and does type).
    if (!io.InputQueueCharacters.empty() && (!ctrl || io.KeyAlt)) {
      std::string typed;
      for (const ImWchar c : io.InputQueueCharacters) {
        if (c >= 0x20 && c != 0x7F) append_utf8(typed, c);
      }
      if (!typed.empty()) {
        const double now = ImGui::GetTime();
        if (now - *last_typing_time > 1.0) text.break_undo_group();  // a pause: a new undo step
        *last_typing_time = now;
        text.type(typed);
      }
    }
    io.InputQueueCharacters.resize(0);  // taken: no other widget types them too
  }

  outcome.moved_or_edited = text.revision() != revision || text.cursor() != cursor || text.anchor() != anchor;
  for (const ImGuiKey key : held_keys) {
    const KeyIndex index = key_index(key);
    if (mapped(index) && ImGui::IsKeyDown(index)) outcome.key_held = true;
  }
  return outcome;
}

}  // namespace cudalab::app::widgets
