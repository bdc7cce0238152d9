#pragma once
// The main window's keyboard into input::main_window_keys(), from GLFW's own key and character
// callbacks: each event in order, with the modifiers GLFW reports for it.
struct GLFWwindow;

namespace cudalab::app {

namespace input {
class KeyEvents;
}

// Chains the window's key and character callbacks (the ones set before are still called). Call it
// after watch_window_events and before ImGui_ImplGlfw_InitForOpenGL, whose callbacks chain to these.
void capture_keys(GLFWwindow* window);

// One GLFW key event (GLFW_KEY_*, GLFW_PRESS / REPEAT / RELEASE, GLFW_MOD_* bits) into `keys`;
// keys CUDA Lab does not bind are left out. What the callback does, apart for tests.
void record_glfw_key(input::KeyEvents& keys, int glfw_key, int action, int glfw_mods);

}  // namespace cudalab::app
