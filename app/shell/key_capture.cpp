#include "shell/key_capture.h"

#include <GLFW/glfw3.h>

#include "input/key_events.h"

namespace cudalab::app {

namespace {

using input::Key;

Key key_from_glfw(int glfw_key) {
  switch (glfw_key) {
    case GLFW_KEY_ENTER:
      return Key::enter;
    case GLFW_KEY_KP_ENTER:
      return Key::keypad_enter;
    case GLFW_KEY_TAB:
      return Key::tab;
    case GLFW_KEY_BACKSPACE:
      return Key::backspace;
    case GLFW_KEY_DELETE:
      return Key::del;
    case GLFW_KEY_ESCAPE:
      return Key::escape;
    case GLFW_KEY_LEFT:
      return Key::left;
    case GLFW_KEY_RIGHT:
      return Key::right;
    case GLFW_KEY_UP:
      return Key::up;
    case GLFW_KEY_DOWN:
      return Key::down;
    case GLFW_KEY_HOME:
      return Key::home;
    case GLFW_KEY_END:
      return Key::end;
    case GLFW_KEY_PAGE_UP:
      return Key::page_up;
    case GLFW_KEY_PAGE_DOWN:
      return Key::page_down;
    case GLFW_KEY_A:
      return Key::a;
    case GLFW_KEY_C:
      return Key::c;
    case GLFW_KEY_L:
      return Key::l;
    case GLFW_KEY_P:
      return Key::p;
    case GLFW_KEY_V:
      return Key::v;
    case GLFW_KEY_X:
      return Key::x;
    case GLFW_KEY_Y:
      return Key::y;
    case GLFW_KEY_Z:
      return Key::z;
    case GLFW_KEY_0:
      return Key::digit_0;
    case GLFW_KEY_EQUAL:
      return Key::equal;
    case GLFW_KEY_MINUS:
      return Key::minus;
    case GLFW_KEY_KP_ADD:
      return Key::keypad_add;
    case GLFW_KEY_KP_SUBTRACT:
      return Key::keypad_subtract;
    case GLFW_KEY_F5:
      return Key::f5;
    case GLFW_KEY_F11:
      return Key::f11;
    default:
      return Key::other;
  }
}

// The callbacks that were set before ours (the redraw schedule's): still called, after ours.
GLFWkeyfun previous_key = nullptr;
GLFWcharfun previous_char = nullptr;

}  // namespace

void record_glfw_key(input::KeyEvents& keys, int glfw_key, int action, int glfw_mods) {
  const Key key = key_from_glfw(glfw_key);
  if (key == Key::other) return;
  using Kind = input::KeyEvent::Kind;
  const Kind kind = action == GLFW_PRESS ? Kind::press : action == GLFW_REPEAT ? Kind::repeat : Kind::release;
  const input::KeyMods mods{(glfw_mods & GLFW_MOD_CONTROL) != 0, (glfw_mods & GLFW_MOD_SHIFT) != 0,
                            (glfw_mods & GLFW_MOD_ALT) != 0, (glfw_mods & GLFW_MOD_SUPER) != 0};
  keys.add_key(key, kind, mods);
}

void capture_keys(GLFWwindow* window) {
  previous_key = glfwSetKeyCallback(window, [](GLFWwindow* w, int key, int scancode, int action, int mods) {
    record_glfw_key(input::main_window_keys(), key, action, mods);
    if (previous_key != nullptr) previous_key(w, key, scancode, action, mods);
  });
  previous_char = glfwSetCharCallback(window, [](GLFWwindow* w, unsigned int codepoint) {
    input::main_window_keys().add_character(codepoint);
    if (previous_char != nullptr) previous_char(w, codepoint);
  });
}

}  // namespace cudalab::app
