#pragma once
// Runs lesson steps off the UI thread. The runner thread drives a StepHost (normally a worker
// process that owns the Device: worker/step_host.h), turns each Run into views with Lesson::views,
// and hands both back; the UI thread only submits requests and polls. A request waiting while
// another runs is replaced by a newer one (dragging a slider queues one run, not a hundred).
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cudalab/device.h"
#include "lesson.h"
#include "text/say.h"
#include "worker/step_host.h"

namespace cudalab::app {

// How the runner reaches the runtime; tests pass fakes.
struct RunnerServices {
  // Where steps run. Unset: in this process, on devices from the two functions below.
  std::function<std::unique_ptr<worker::StepHost>()> make_host;
  std::function<std::vector<BackendChoice>()> list_backends;
  std::function<Status(BackendRequest, int gpu_index, std::unique_ptr<Device>*)> open_device;
  // Called from the runner's thread whenever something is ready to be taken (an outcome, a
  // partial one, a backend event), so a UI waiting for events wakes at once. May be empty.
  std::function<void()> wake_ui;
  // A worker process running `worker_executable` ("" = this executable) that owns the device.
  static RunnerServices real(std::string worker_executable = "");
};

struct BackendSelection {
  BackendRequest request = BackendRequest::automatic;
  int gpu_index = 0;
};

class LessonRunner {
 public:
  struct Request {
    int chapter = 0, step = 0;
    lessons::ParamValues values;
    // An exercise's check instead of a step: the student's file for exercise `exercise` (the
    // outcome's run carries the verdict; chapter and step are left as given).
    std::string exercise, source;
  };
  struct Outcome {
    std::uint64_t id = 0;  // submit()'s number
    int chapter = 0, step = 0;
    Run run;
    std::vector<lessons::View> views;
    // The language `views` speak (lessons/text/say.h): the app's when the request was taken.
    lessons::Language language = lessons::Language::en;
    double seconds = 0;  // wall time of run + views
    // A step still running handed over what it has so far (RunControl::publish): show it, but
    // the run is not finished.
    bool partial = false;
  };
  struct BackendEvent {
    Status status;               // opening the device
    DeviceFacts facts;           // of the open device, when status is ok
    std::vector<BackendChoice> choices;  // every backend on this machine (listed once, at start)
    bool has_choices = false;
  };

  // `lessons` must outlive the runner; the runner calls only run() and views() on them, and only
  // from its thread.
  LessonRunner(const std::vector<std::unique_ptr<lessons::Lesson>>* lessons, RunnerServices services);
  ~LessonRunner();
  LessonRunner(const LessonRunner&) = delete;
  LessonRunner& operator=(const LessonRunner&) = delete;

  // Starts the thread: lists backends and opens `initial` there (the first frame never waits).
  void start(BackendSelection initial);
  void switch_backend(BackendSelection selection);
  std::uint64_t submit(Request request);
  // Asks the running step to stop (RunControl::cancel) and drops a waiting request.
  void cancel();

  bool busy() const;          // a request waiting or running
  float progress() const;     // of the running request, 0..1
  std::uint64_t last_submitted() const;
  // The finished outcome when there is one, else the newest partial one of the running step.
  std::optional<Outcome> take_outcome();
  std::vector<BackendEvent> take_backend_events();

 private:
  void loop();
  void open_backend(BackendSelection selection, bool list_choices);
  Outcome execute(std::uint64_t id, const Request& request, lessons::RunControl& control);
  // The one place the runner tells the UI that take_outcome / take_backend_events have news.
  void wake_ui() const;

  const std::vector<std::unique_ptr<lessons::Lesson>>* lessons_;
  std::function<void()> wake_ui_;  // RunnerServices::wake_ui
  // Made by the constructor; used only by the runner thread, but for abandon() when quitting.
  std::unique_ptr<worker::StepHost> host_;
  bool backend_open_ = false;  // touched only by the runner thread
  std::thread thread_;

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::optional<BackendSelection> pending_backend_;
  std::optional<std::pair<std::uint64_t, Request>> pending_request_;
  std::shared_ptr<lessons::RunControl> running_control_;  // null when idle
  std::uint64_t next_id_ = 0;
  std::optional<Outcome> outcome_;
  std::optional<Outcome> partial_;  // newest partial outcome of the running request
  std::vector<BackendEvent> backend_events_;
};

}  // namespace cudalab::app
