#include "shell/imgui_compat.h"

#include <imgui.h>

#if IMGUI_VERSION_NUM < 18700
#include <GLFW/glfw3.h>
#endif

namespace cudalab::app {

namespace {

#if IMGUI_VERSION_NUM >= 18700
using KeyCode = ImGuiKey;
KeyCode code_of(ShortcutKey key) {
  switch (key) {
    case ShortcutKey::f11: return ImGuiKey_F11;
    case ShortcutKey::equal: return ImGuiKey_Equal;
    case ShortcutKey::keypad_add: return ImGuiKey_KeypadAdd;
    case ShortcutKey::minus: return ImGuiKey_Minus;
    case ShortcutKey::keypad_subtract: return ImGuiKey_KeypadSubtract;
    case ShortcutKey::digit_0: return ImGuiKey_0;
    case ShortcutKey::left: return ImGuiKey_LeftArrow;
    case ShortcutKey::right: return ImGuiKey_RightArrow;
    case ShortcutKey::page_up: return ImGuiKey_PageUp;
    case ShortcutKey::page_down: return ImGuiKey_PageDown;
    case ShortcutKey::f5: return ImGuiKey_F5;
    case ShortcutKey::escape: return ImGuiKey_Escape;
    case ShortcutKey::spotlight: return ImGuiKey_L;
    case ShortcutKey::pen: return ImGuiKey_P;
    case ShortcutKey::clear_marks: return ImGuiKey_C;
  }
  return ImGuiKey_None;
}
#else
// 1.86's GLFW backend fills io.KeysDown[] by GLFW key code, and IsKeyPressed reads that index.
using KeyCode = int;
KeyCode code_of(ShortcutKey key) {
  switch (key) {
    case ShortcutKey::f11: return GLFW_KEY_F11;
    case ShortcutKey::equal: return GLFW_KEY_EQUAL;
    case ShortcutKey::keypad_add: return GLFW_KEY_KP_ADD;
    case ShortcutKey::minus: return GLFW_KEY_MINUS;
    case ShortcutKey::keypad_subtract: return GLFW_KEY_KP_SUBTRACT;
    case ShortcutKey::digit_0: return GLFW_KEY_0;
    case ShortcutKey::left: return GLFW_KEY_LEFT;
    case ShortcutKey::right: return GLFW_KEY_RIGHT;
    case ShortcutKey::page_up: return GLFW_KEY_PAGE_UP;
    case ShortcutKey::page_down: return GLFW_KEY_PAGE_DOWN;
    case ShortcutKey::f5: return GLFW_KEY_F5;
    case ShortcutKey::escape: return GLFW_KEY_ESCAPE;
    case ShortcutKey::spotlight: return GLFW_KEY_L;
    case ShortcutKey::pen: return GLFW_KEY_P;
    case ShortcutKey::clear_marks: return GLFW_KEY_C;
  }
  return -1;
}
#endif

}  // namespace

bool shortcut_pressed(ShortcutKey key, bool repeat) { return ImGui::IsKeyPressed(code_of(key), repeat); }

bool shortcut_down(ShortcutKey key) { return ImGui::IsKeyDown(code_of(key)); }

}  // namespace cudalab::app
