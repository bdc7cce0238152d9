#pragma once
// When the main loop draws a frame. Drawing every frame costs ~73 % of a core under Xvfb/llvmpipe
// although nothing changes, and a classroom PC is shared; so the loop waits for events and draws
//  - on input (mouse, keys, scroll, text), resize, expose and focus events;
//  - when the runner hands over something new: it calls wake_main_loop() from its thread;
//  - every frame while the picture changes by itself (a run in progress, a mouse button held);
//  - for a few frames after any of these: ImGui settles layouts, auto-sized windows and hover
//    states a frame or two after the change that caused them;
//  - otherwise on a slow timer, so whatever changes with time still shows within a second.
// Screenshots, the tour and CUDALAB_FRAME_STATS draw every frame: they never wait.
//
// CUDALAB_IDLE_STATS=SECONDS (hidden) measures the idle window: once the start step's run has
// shown and settled, it counts the frames drawn and the CPU used for SECONDS, prints one line
// ("cudalab: idle 10.0 s: 10 frames drawn (1.0 per second), 0.9 % of one core") and closes the
// window. The gui.idle test reads that line.
#include <chrono>

struct GLFWwindow;

namespace cudalab::app {

class RedrawSchedule {
 public:
  static constexpr int settle_frames = 3;
  static constexpr double idle_seconds = 1.0;
  // ImGui blinks a text field's cursor on a 1.2 s period (0.8 s on, 0.4 s off).
  static constexpr double text_cursor_seconds = 0.4;

  // `every_frame`: never wait (automation, frame-rate measurement).
  explicit RedrawSchedule(bool every_frame) : every_frame_(every_frame) {}
  // An event that may change what is drawn: draw at once, then let it settle.
  void something_happened() { frames_due_ = settle_frames; }
  // After each frame; `moving`: the picture changes without input (a run in progress, say).
  void frame_drawn(bool moving);
  // How long the loop may wait for an event before it draws the next frame; 0: draw at once.
  double wait_seconds(bool text_cursor_shown) const;

 private:
  bool every_frame_;
  int frames_due_ = settle_frames;  // frames to draw before waiting again (the first ones too)
};

// Points the window's input, resize, expose and focus events at schedule->something_happened().
// Call before ImGui_ImplGlfw_InitForOpenGL: ImGui's callbacks keep these and call them too. One
// window per process.
void watch_window_events(GLFWwindow* window, RedrawSchedule* schedule);
// Waits for events as long as the schedule allows (or only polls them) and handles them.
void wait_for_events(RedrawSchedule& schedule, bool text_cursor_shown);
// From any thread: the main loop draws a frame at once. The runner calls it when a result, a
// partial result or an opened backend is ready to be taken.
void wake_main_loop();

// CUDALAB_IDLE_STATS (see above).
class IdleStats {
 public:
  IdleStats();  // reads the environment
  bool active() const { return seconds_ > 0; }
  // After each frame; `settled`: the start step's result is on screen and nothing moves.
  // Returns true once the line is printed: time to close the window.
  bool frame_drawn(bool settled);

  // After the first settled frame, the settle frames and a timer frame go by before counting.
  static constexpr double grace_seconds = 1.5;

 private:
  using Clock = std::chrono::steady_clock;
  double seconds_ = 0;
  bool settled_ = false, counting_ = false;
  Clock::time_point settled_at_, counting_since_;
  double cpu_at_start_ = 0;
  long frames_ = 0;
};

}  // namespace cudalab::app
