#pragma once
// Screenshot and tour modes. Both wait until the current step's run has finished and a few
// frames have shown its result, then read the back buffer. The tour moves on with the same
// navigation the → key triggers (AppShell::queue_navigation), so it exercises the real path.
// A combined tour (GuiOptions::tour_faces) shoots each settled step in every face before moving on.
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "shell/gui.h"

namespace cudalab::app {

class AppShell;

class Automation {
 public:
  explicit Automation(const GuiOptions& options);
  bool active() const { return mode_ != Mode::none; }
  // Call after rendering a frame, before the swap. Returns the exit code once the mode is done.
  std::optional<int> after_render(AppShell& shell, int framebuffer_width, int framebuffer_height);
  // Measuring (CUDALAB_FRAME_STATS): keep showing the settled step for this many frames before
  // capturing, so a shot of any step doubles as an idle frame-rate measurement.
  void hold_for_frames(int frames) { hold_frames_ = frames; }
  // The presenter view's audience window, while it is open: saved beside each screenshot as
  // NAME.audience.png. `capture` writes its back buffer to the path and returns "" or the problem.
  void set_audience_capture(std::function<std::string(const std::string&)> capture) { capture_audience_ = std::move(capture); }
  // The combined tour's faces change the window's size through this (gui.cpp: glfwSetWindowSize).
  void set_window_resizer(std::function<void(int, int)> resize) { resize_window_ = std::move(resize); }

  static constexpr int frames_after_run = 3;  // layout settles, canvases render, then capture
  static constexpr double run_timeout_seconds = 300;
  // A face's window size and fonts must be in place by then (X resizes asynchronously).
  static constexpr double face_timeout_seconds = 20;
  // After a face arrived, at most this many frames wait for the picture to stop changing.
  static constexpr int face_frame_limit = 30;

 private:
  enum class Mode { none, shot, tour };
  // The PNG (and the audience's, and with CUDALAB_LAYOUT_REPORT the panes' places as
  // NAME.layout.json for the per-pane checks). Returns "" or what went wrong.
  std::string save(AppShell& shell, int framebuffer_width, int framebuffer_height, const std::string& path);
  // The combined tour: the face to shoot next, asked for once, then waited for until the window
  // has its size and the atlas its fonts.
  enum class FaceState { on_its_way, shown, never_came };
  FaceState bring_face(AppShell& shell, int framebuffer_width, int framebuffer_height);
  const TourFace& face() const;
  // Where this step's picture goes (the face's folder, or tour_dir_).
  std::string tour_file(const AppShell& shell) const;
  std::function<void(int, int)> resize_window_;
  std::function<std::string(const std::string&)> capture_audience_;
  bool layout_report_ = false;
  Mode mode_ = Mode::none;
  std::string shot_path_, tour_dir_;
  std::vector<TourFace> faces_;
  int face_turn_ = 0;             // how many of this step's faces are shot
  bool faces_reversed_ = false;   // odd steps visit the faces backwards: no change between steps
  bool face_asked_ = false;       // the face to shoot next was applied
  std::chrono::steady_clock::time_point face_asked_at_;
  std::uint64_t last_draw_hash_ = 0;  // of the frame before: the picture has stopped changing
  int settled_frames_ = 0;
  int hold_frames_ = 0;
  int failed_runs_ = 0;
  int saved_ = 0;
  std::chrono::steady_clock::time_point waiting_since_ = std::chrono::steady_clock::now();
};

}  // namespace cudalab::app
