#pragma once
// The presenter view's second window: the audience's, on the projector. Dear ImGui 1.86 (Debian
// 12) has no multi-viewport support (that lives on the docking branch), so the audience window is
// a second GLFW window with
//  - a GL context that shares objects with the main one (textures, buffers, shader programs): the
//    canvas's offscreen picture and the font atlas's texture are drawn in both without copies;
//  - a second ImGui context sharing the main one's font atlas (the same ImFont pointers work in
//    both, so every panel function of AppShell draws unchanged into either window).
// Both contexts are built in one pass of the main loop from the one AppShell: the same run, the
// same step, the same values; either window's keys drive it. Frames of both are *built* with the
// main GL context current, because the canvas renders into framebuffer objects, which GL does not
// share between contexts; only the audience window's final draw switches to its own context.
// ImGui's GLFW backend routes an event to whichever ImGui context is current, so the audience
// window's callbacks are wrapped to make its own context current first.
#include <functional>
#include <optional>
#include <string>

#include <imgui.h>

struct GLFWwindow;
struct GLFWmonitor;

namespace cudalab::app {

class RedrawSchedule;

struct AudienceScreen {
  GLFWmonitor* monitor = nullptr;  // nullptr: the fake screen (tests)
  int x = 0, y = 0, width = 0, height = 0;
  std::string name;                // "HDMI-1 (1920 × 1080)", in words for the teacher's view
};

// The screen for the audience: a monitor the main window is not on (GLFW lists the primary
// first), or, when CUDALAB_FAKE_SECOND_SCREEN=WxH is set (hidden, for the GUI tests under Xvfb,
// which has one monitor), a window of that size beside the main one. None with one screen.
std::optional<AudienceScreen> find_audience_screen(GLFWwindow* main_window);
// The fake screen's size from "1280x720" (or "1280x720+1280+0" with a position); false when the
// text is not one. Exposed for tests.
bool parse_fake_screen(const char* text, AudienceScreen* screen);

class PresenterWindow {
 public:
  PresenterWindow() = default;
  PresenterWindow(const PresenterWindow&) = delete;
  PresenterWindow& operator=(const PresenterWindow&) = delete;
  ~PresenterWindow() { close(); }

  // Opens the window on `screen`, borderless over the whole screen. Returns "" or why not.
  std::string open(GLFWwindow* main_window, const AudienceScreen& screen, RedrawSchedule* redraw);
  void close();
  bool is_open() const { return window_ != nullptr; }
  bool close_requested() const;
  const AudienceScreen& screen() const { return screen_; }

  // Builds a frame with the audience's ImGui context (`build` draws it; `hide_mouse`: screenshots
  // without hover) and draws it into the window's back buffer. On return the main window's GL
  // context and ImGui context are current again.
  void render(const std::function<void()>& build, ImVec4 clear_colour, bool hide_mouse);
  // After render(), before swap(): the back buffer as a PNG. Returns "" or the problem.
  std::string save_png(const std::string& path);
  void swap();

 private:
  GLFWwindow* window_ = nullptr;
  GLFWwindow* main_ = nullptr;
  ImGuiContext* context_ = nullptr;
  AudienceScreen screen_;
  int framebuffer_width_ = 0, framebuffer_height_ = 0;
};

}  // namespace cudalab::app
