#include "worker/worker_main.h"

#include <sys/prctl.h>
#include <unistd.h>

#include <condition_variable>
#include <csignal>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

#include "exercises/checker.h"
#include "exercises/precompiled_prefix.h"
#include "lesson.h"
#include "sandbox/sandbox.h"
#include "shell/paths.h"
#include "worker/crash_report.h"
#include "worker/protocol.h"
#include "worker/step_host.h"

namespace cudalab::app::worker {
namespace {

BackendRequest request_named(const std::string& name) {
  if (name == "gpu") return BackendRequest::gpu;
  if (name == "emu") return BackendRequest::emulator;
  return BackendRequest::automatic;
}

// One worker: the lessons, an in-process host with the open device, and the run in progress.
class Worker {
 public:
  explicit Worker(int fd)
      : fd_(fd),
        lessons_(lessons::make_lessons()),
        host_(make_in_process_host([] { return list_backends(); },
                                   [](BackendRequest request, int gpu_index, std::unique_ptr<Device>* device) {
                                     return open_device(request, device, gpu_index);
                                   })) {}

  int serve() {
    std::thread reader([this] { read_loop(); });
    reader.detach();  // it ends the process when the app goes (see read_loop)
    while (true) {
      nlohmann::json request;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return !queue_.empty(); });
        request = std::move(queue_.front());
        queue_.pop_front();
      }
      const std::string op = request.value("op", "");
      if (op == "open") open(request);
      if (op == "run") run(request);
      if (op == "check") check(request);
    }
  }

 private:
  void send(const nlohmann::json& message) {
    std::lock_guard lock(write_mutex_);
    if (!write_message(fd_, message)) ::_exit(0);  // the app has gone: nobody to answer
  }

  // Reads every message as it arrives, so a cancel reaches a run that is still going. Between
  // messages it reports the running step's progress.
  void read_loop() {
    MessageReader reader(fd_);
    float reported = -1.f;
    while (true) {
      nlohmann::json message;
      const auto result = reader.read(&message, std::chrono::milliseconds(100));
      if (result == MessageReader::Result::closed || result == MessageReader::Result::corrupt) {
        ::_exit(0);  // the app closed the channel (or died): stop whatever kernel is running
      }
      std::lock_guard lock(mutex_);
      if (result == MessageReader::Result::message) {
        if (message.value("op", "") == "cancel") {
          if (control_) control_->cancel = true;
        } else {
          queue_.push_back(std::move(message));
          wake_.notify_all();
        }
      }
      if (control_ && control_->progress.load() != reported) {
        reported = control_->progress.load();
        send({{"op", "progress"}, {"id", running_id_}, {"value", reported}});
      }
      if (!control_) reported = -1.f;
    }
  }

  void open(const nlohmann::json& request) {
    const bool list = request.value("list", false);
    std::vector<BackendChoice> choices;
    // The reply carries the status and the facts as a Run without a step: one parser for both.
    Run opened;
    opened.status = host_->open({request_named(request.value("backend", "auto")), request.value("gpu", 0)},
                                list ? &choices : nullptr, &opened.device);
    nlohmann::json reply = {{"op", "opened"}, {"choices", nlohmann::json::array()}, {"run", to_json(opened)}};
    for (const BackendChoice& choice : choices)
      reply["choices"].push_back({{"id", choice.id}, {"device", to_json(choice.facts)}});
    send(reply);
  }

  void run(const nlohmann::json& request) {
    const std::uint64_t id = request.value("id", std::uint64_t{0});
    const int chapter = request.value("chapter", -1);
    const int step = request.value("step", 0);
    lessons::ParamValues values;
    if (const auto found = request.find("values"); found != request.end() && found->is_object()) {
      for (const auto& [name, value] : found->items())
        if (value.is_number()) values[name] = value.get<double>();
    }
    Run result;
    if (chapter < 0 || chapter >= static_cast<int>(lessons_.size())) {
      result.status = Status::error(StatusCode::invalid_argument, "no such chapter");
    } else {
      lessons::Lesson& lesson = *lessons_[static_cast<std::size_t>(chapter)];
      auto control = std::make_shared<lessons::RunControl>();
      control->on_partial = [&](const Run& partial) { send({{"op", "partial"}, {"id", id}, {"run", to_json(partial)}}); };
      {
        std::lock_guard lock(mutex_);
        control_ = control;
        running_id_ = id;
      }
      running_lesson_id_ = lesson.id();
      crash_report_set_step(running_lesson_id_.c_str(), step);
      result = host_->run(lesson, chapter, step, values, *control, std::chrono::milliseconds::max());
      crash_report_set_step(nullptr, 0);
      std::lock_guard lock(mutex_);
      control_.reset();
    }
    // After a sticky GPU fault this process may get no new context for a long time, while a new
    // process gets one at once (ARCHITECTURE.md, "The worker process"): hand back this run, then make way.
    const bool retire = result.status.device_was_reset;
    send({{"op", "done"}, {"id", id}, {"run", to_json(result)}, {"retire", retire}});
    if (retire) ::_exit(0);
  }

  // Compiles and checks a student's kernel on the open device (lessons/exercises/checker.h).
  void check(const nlohmann::json& request) {
    const std::uint64_t id = request.value("id", std::uint64_t{0});
    Run result;
    bool retire = false;
    const std::string exercise_id = request.value("exercise", "");
    result.lesson = "exercise:" + exercise_id;
    const lessons::exercises::Exercise* exercise = lessons::exercises::find_exercise(exercise_id);
    Device* device = host_->device();
    if (exercise == nullptr) {
      result.status = Status::error(StatusCode::invalid_argument, "no exercise named " + exercise_id);
    } else if (device == nullptr) {
      result.status = Status::error(StatusCode::no_device, "no backend is open");
    } else {
      result.device = device->facts();
      crash_report_set_step(exercise->id.c_str(), -1);  // "while checking map2d"
      lessons::exercises::CheckEvidence evidence;
      // The client's run-time clock starts here: compiling has a limit of its own. Said before
      // the seal and before any of the student's code is loaded, so this message is ours.
      const auto compiled = [&] {
        send({{"op", "phase"}, {"id", id}, {"phase", "run"}});
        sandbox::seal_run_phase();
      };
      // Which test runs, so that a crash or a hang that ends this process still names it.
      const auto on_test = [&](int test) { send({{"op", "phase"}, {"id", id}, {"phase", "test"}, {"test", test}}); };
      const auto verdict = lessons::exercises::check_submission(*exercise, request.value("source", ""), *device, &evidence,
                                                                compiled, on_test);
      crash_report_set_step(nullptr, 0);
      result.results["verdict"] = lessons::exercises::to_json(verdict);
      result.results["evidence"] = lessons::exercises::to_json(evidence);
      // A kernel that faulted on a GPU (a trap, a device assert) leaves this process's context
      // unusable; a fresh process gets one at once (ARCHITECTURE.md, "The worker process"), as after a
      // lesson's fault.
      retire = device->is_gpu() && verdict.kind == lessons::exercises::VerdictKind::kernel_fault;
    }
    send({{"op", "done"}, {"id", id}, {"run", to_json(result)}, {"retire", retire}});
    if (retire) ::_exit(0);
  }

  int fd_;
  std::vector<std::unique_ptr<lessons::Lesson>> lessons_;
  std::unique_ptr<StepHost> host_;  // the device, in this process (the time limit is the app's)
  std::mutex mutex_, write_mutex_;
  std::condition_variable wake_;
  std::deque<nlohmann::json> queue_;
  std::shared_ptr<lessons::RunControl> control_;
  std::uint64_t running_id_ = 0;
  std::string running_lesson_id_;  // what the crash report names
};

}  // namespace

int run_worker(int channel_fd) {
  // If the app dies without closing the channel (SIGKILL), take the worker with it.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  install_crash_report(channel_fd);
  // Checks on the emulator compile after the exercise prefix the build precompiled there.
  lessons::exercises::use_precompiled_prefix(find_data_dir().path / "jit");
  return Worker(channel_fd).serve();
}

}  // namespace cudalab::app::worker
