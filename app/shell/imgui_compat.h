#pragma once
// The one place where the two Dear ImGui versions we build against differ for this app: 1.86
// (Debian 12) takes the backend's key codes in IsKeyPressed, 1.87 and later (1.90.1 on Debian 13
// and Ubuntu 24.04) take ImGuiKey values and no longer accept GLFW codes. Everything else the app
// calls is written to the API both share; add a function here rather than an #if in a widget.
namespace cudalab::app {

// The keys the shell binds (README's table), named independently of any ImGui version.
enum class ShortcutKey {
  f11, equal, keypad_add, minus, keypad_subtract, digit_0, left, right, page_up, page_down,
  f5, escape, spotlight /* L */, pen /* P */, clear_marks /* C */
};

// ImGui::IsKeyPressed for one of them, in this frame; `repeat`: count the key's auto-repeat.
bool shortcut_pressed(ShortcutKey key, bool repeat = true);
// ImGui::IsKeyDown for one of them: held now (the spotlight shows while its key is held).
bool shortcut_down(ShortcutKey key);

}  // namespace cudalab::app
