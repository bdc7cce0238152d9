#pragma once
// Screenshot and tour modes. Both wait until the current step's run has finished and a few
// frames have shown its result, then read the back buffer. The tour moves on with the same
// navigation the → key triggers (AppShell::queue_navigation), so it exercises the real path.
#include <chrono>
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

  static constexpr int frames_after_run = 3;  // layout settles, canvases render, then capture
  static constexpr double run_timeout_seconds = 300;

 private:
  enum class Mode { none, shot, tour };
  Mode mode_ = Mode::none;
  std::string shot_path_, tour_dir_;
  int settled_frames_ = 0;
  int hold_frames_ = 0;
  int failed_runs_ = 0;
  int saved_ = 0;
  std::chrono::steady_clock::time_point waiting_since_ = std::chrono::steady_clock::now();
};

}  // namespace cudalab::app
