#pragma once
// The one place where the Dear ImGui versions CUDA Lab builds against differ for its code: 1.86
// (Debian 12) and 1.90.1 (Debian 13, Ubuntu 24.04). Everything else calls the API both share; a
// call whose name or meaning changed between them is wrapped here, never put behind an #if in a
// widget. tests/app/imgui_guard_test.cpp fails when a name from imgui_version_names.txt (the
// names that differ, each with its reason) appears anywhere else.
//
// Keys are not read through ImGui at all (1.86 keeps no input queue and names keys by the
// backend's codes, 1.87+ by ImGuiKey): the app reads GLFW's key events, input/key_events.h.

namespace cudalab::app::widgets {

// What ImGui's own text fields do while they have the keyboard, for a widget of ours that takes
// text (the code editor): io.WantTextInput now and next frame, so the shell's single-key
// shortcuts stand aside and the platform may show an input method; io.WantCaptureKeyboard next
// frame (1.86 CaptureKeyboardFromApp, renamed SetNextFrameWantCaptureKeyboard in 1.88).
void claim_text_input();

}  // namespace cudalab::app::widgets
