#pragma once
// Frame pacing and the hidden measurement switch. Normally: vsync, plus a sleep up to the
// monitor's refresh interval where vsync does nothing (Xvfb), so frames drawn back to back (a run
// in progress, a drag) come at the refresh rate, not as fast as a shared classroom CPU allows; when
// nothing changes, about one frame a second is drawn (redraw_schedule.h). With CUDALAB_FRAME_STATS=N
// (N frames, 1 = 300) pacing is off, every frame is drawn, and every N frames one line goes to
// stderr: time from process start to the first frame, and the frame rate.
#include <chrono>

namespace cudalab::app {

class FramePacing {
 public:
  FramePacing();
  bool measuring() const { return report_every_ > 0; }
  int report_every() const { return report_every_; }
  // Swap interval to ask GLFW for (0 while measuring).
  int swap_interval() const { return measuring() ? 0 : 1; }
  void set_refresh_rate(int hertz);
  // Call once per frame after the swap: sleeps when pacing, prints when measuring.
  void frame_shown();
  double first_frame_seconds() const { return first_frame_seconds_; }

 private:
  using Clock = std::chrono::steady_clock;
  int report_every_ = 0;
  double frame_interval_ = 1.0 / 60.0;
  double process_age_at_start_ = 0;  // seconds between process start and this object
  Clock::time_point created_;
  Clock::time_point last_frame_, window_start_;
  double first_frame_seconds_ = -1;
  double worst_frame_ = 0;
  double window_cpu_seconds_ = 0;  // process CPU time (all threads, the GL rasteriser's too) at window start
  long frames_ = 0, window_frames_ = 0;
};

// Seconds since this process started (from /proc/self/stat and /proc/uptime); 0 if unknown.
double process_age_seconds();
// CPU seconds this process used so far, all threads (user + system).
double process_cpu_seconds();

}  // namespace cudalab::app
