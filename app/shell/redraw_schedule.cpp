#include "shell/redraw_schedule.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>

#include "shell/frame_pacing.h"

namespace cudalab::app {

namespace {

RedrawSchedule* watched = nullptr;  // the one window's schedule; GLFW callbacks carry no context
std::atomic<bool> woken{false};     // set by wake_main_loop, from any thread

void event_arrived() {
  if (watched != nullptr) watched->something_happened();
}

}  // namespace

void RedrawSchedule::frame_drawn(bool moving) {
  if (moving) {
    frames_due_ = settle_frames;  // and the frames after it stops
  } else if (frames_due_ > 0) {
    --frames_due_;
  }
}

double RedrawSchedule::wait_seconds(bool text_cursor_shown) const {
  if (every_frame_ || frames_due_ > 0) return 0;
  return text_cursor_shown ? text_cursor_seconds : idle_seconds;
}

void watch_window_events(GLFWwindow* window, RedrawSchedule* schedule) {
  watched = schedule;
  // ImGui 1.86 reads the pointer's position by polling, so motion needs its own callback here.
  glfwSetCursorPosCallback(window, [](GLFWwindow*, double, double) { event_arrived(); });
  glfwSetCursorEnterCallback(window, [](GLFWwindow*, int) { event_arrived(); });
  glfwSetMouseButtonCallback(window, [](GLFWwindow*, int, int, int) { event_arrived(); });
  glfwSetScrollCallback(window, [](GLFWwindow*, double, double) { event_arrived(); });
  glfwSetKeyCallback(window, [](GLFWwindow*, int, int, int, int) { event_arrived(); });
  glfwSetCharCallback(window, [](GLFWwindow*, unsigned int) { event_arrived(); });
  glfwSetWindowFocusCallback(window, [](GLFWwindow*, int) { event_arrived(); });
  // Resize and expose: the window size callback belongs to the shell (remembered size), so the
  // framebuffer's is used here; a window shown again after being covered or minimised gets a
  // refresh.
  glfwSetFramebufferSizeCallback(window, [](GLFWwindow*, int, int) { event_arrived(); });
  glfwSetWindowRefreshCallback(window, [](GLFWwindow*) { event_arrived(); });
}

void wait_for_events(RedrawSchedule& schedule, bool text_cursor_shown) {
  if (const double seconds = schedule.wait_seconds(text_cursor_shown); seconds > 0) {
    glfwWaitEventsTimeout(seconds);
  } else {
    glfwPollEvents();
  }
  if (woken.exchange(false)) schedule.something_happened();
}

void wake_main_loop() {
  woken.store(true);  // before the event, so the loop that wakes for it sees the flag
  glfwPostEmptyEvent();
}

IdleStats::IdleStats() {
  if (const char* value = std::getenv("CUDALAB_IDLE_STATS"); value != nullptr && *value != '\0') {
    seconds_ = std::max(std::strtod(value, nullptr), 0.0);
  }
}

bool IdleStats::frame_drawn(bool settled) {
  if (!active()) return false;
  const Clock::time_point now = Clock::now();
  if (!settled_) {
    if (!settled) return false;
    settled_ = true;
    settled_at_ = now;
    return false;
  }
  if (!counting_) {
    if (std::chrono::duration<double>(now - settled_at_).count() < grace_seconds) return false;
    counting_ = true;
    counting_since_ = now;
    cpu_at_start_ = process_cpu_seconds();
    return false;
  }
  ++frames_;  // frames after the one that started the count
  const double elapsed = std::chrono::duration<double>(now - counting_since_).count();
  if (elapsed < seconds_) return false;
  const double cpu = process_cpu_seconds() - cpu_at_start_;
  // CPU of all threads (the GL rasteriser's too), as a share of one core over the same time.
  std::fprintf(stderr, "cudalab: idle %.1f s: %ld frames drawn (%.1f per second), %.1f %% of one core\n", elapsed,
               frames_, frames_ / elapsed, 100.0 * cpu / elapsed);
  return true;
}

}  // namespace cudalab::app
