#pragma once
// Screenshot and tour modes. Both wait until the current step's run has finished and a few
// frames have shown its result, then read the back buffer. The tour moves on with the same
// navigation the → key triggers (AppShell::queue_navigation), so it exercises the real path.
#include <chrono>
#include <functional>
#include <optional>
#include <string>

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

  static constexpr int frames_after_run = 3;  // layout settles, canvases render, then capture
  static constexpr double run_timeout_seconds = 300;

 private:
  enum class Mode { none, shot, tour };
  // The PNG (and the audience's, and with CUDALAB_LAYOUT_REPORT the panes' places as
  // NAME.layout.json for the per-pane checks). Returns "" or what went wrong.
  std::string save(AppShell& shell, int framebuffer_width, int framebuffer_height, const std::string& path);
  std::function<std::string(const std::string&)> capture_audience_;
  bool layout_report_ = false;
  Mode mode_ = Mode::none;
  std::string shot_path_, tour_dir_;
  int settled_frames_ = 0;
  int hold_frames_ = 0;
  int failed_runs_ = 0;
  int saved_ = 0;
  std::chrono::steady_clock::time_point waiting_since_ = std::chrono::steady_clock::now();
};

}  // namespace cudalab::app
