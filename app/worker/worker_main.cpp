#include "worker/worker_main.h"

#include <sys/prctl.h>
#include <unistd.h>

#include <condition_variable>
#include <csignal>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <variant>

#include "cudalab/emulated_runtime.h"
#include "cudalab/jit.h"
#include "exercises/checker.h"
#include "exercises/precompiled_prefix.h"
#include "lesson.h"
#include "sandbox/sandbox.h"
#include "session/paths.h"
#include "worker/crash_report.h"
#include "worker/messages.h"
#include "worker/program_output.h"
#include "worker/protocol.h"
#include "worker/step_host.h"

namespace cudalab::app::worker {
namespace {

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
      Request request;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return !queue_.empty(); });
        request = std::move(queue_.front());
        queue_.pop_front();
      }
      if (const auto* open_request = std::get_if<ask::Open>(&request)) open(*open_request);
      if (const auto* run_request = std::get_if<ask::RunStep>(&request)) run(*run_request);
      if (const auto* check_request = std::get_if<ask::Check>(&request)) check(*check_request);
      if (const auto* exec_request = std::get_if<ask::Exec>(&request)) exec(*exec_request);
    }
  }

 private:
  void send(const Reply& reply) {
    std::lock_guard lock(write_mutex_);
    if (!worker::send(fd_, reply)) ::_exit(0);  // the app has gone: nobody to answer
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
      std::optional<Request> request;
      // Only the app writes here; what it sent that this worker cannot read is left unanswered.
      if (result == MessageReader::Result::message && decode(message, &request).ok() && request) {
        if (std::holds_alternative<ask::Cancel>(*request)) {
          if (control_) control_->cancel = true;
        } else {
          queue_.push_back(std::move(*request));
          wake_.notify_all();
        }
      }
      if (control_ && control_->progress.load() != reported) {
        reported = control_->progress.load();
        send(tell::Progress{running_id_, reported});
      }
      if (!control_) reported = -1.f;
    }
  }

  void open(const ask::Open& request) {
    tell::Opened opened;
    opened.status = host_->open(request.opening, request.list ? &opened.choices : nullptr, &opened.device);
    send(opened);
  }

  void run(const ask::RunStep& request) {
    const std::uint64_t id = request.id;
    const int chapter = request.chapter;
    const int step = request.step;
    const lessons::ParamValues& values = request.values;
    Run result;
    if (chapter < 0 || chapter >= static_cast<int>(lessons_.size())) {
      result.status = Status::error(StatusCode::invalid_argument, "no such chapter");
    } else {
      lessons::Lesson& lesson = *lessons_[static_cast<std::size_t>(chapter)];
      auto control = std::make_shared<lessons::RunControl>();
      control->on_partial = [&](const Run& partial) { send(tell::Partial{id, partial}); };
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
    send(tell::Done{id, std::move(result), retire});
    if (retire) ::_exit(0);
  }

  // Compiles and checks a student's kernel on the open device (lessons/exercises/checker.h).
  void check(const ask::Check& request) {
    namespace ex = lessons::exercises;
    const std::uint64_t id = request.id;
    Device* device = host_->device();
    ex::CheckHooks hooks;
    // The client's run-time clock starts here: compiling has a limit of its own. Said before the
    // seal and before any of the student's code is loaded, so this message is ours.
    // Host code prints with the C library (and its kernels' printf reach stdout at each
    // synchronisation): caught here, shown with the verdict, never on the checker's terminal.
    const ex::Exercise* exercise = ex::find_exercise(request.exercise);
    const bool host_code = exercise != nullptr && exercise->kind == ex::ExerciseKind::host;
    std::string printed;
    hooks.before_run = [&] {
      send(tell::Phase{id, std::nullopt});
      if (host_code)
        (void)output_.start([&printed](std::string text) { printed += text; }, 16 * 1024);
      sandbox::seal_run_phase();
    };
    // Which test runs, so that a crash or a hang that ends this process still names it.
    hooks.on_test = [&](int test) { send(tell::Phase{id, test}); };
    crash_report_set_step(request.exercise.c_str(), -1);  // "while checking map2d"
    ex::VerdictKind kind = ex::VerdictKind::cannot_run;
    Run result = ex::check_as_run(request.exercise, request.source, device, hooks, &kind);
    crash_report_set_step(nullptr, 0);
    output_.finish();
    if (auto verdict = result.results.find("verdict"); !printed.empty() && verdict != result.results.end() && verdict->is_object())
      (*verdict)["printed"] = (*verdict).value("printed", std::string()) + printed;
    // A kernel that faulted on a GPU (a trap, a device assert) leaves this process's context
    // unusable; a fresh process gets one at once (ARCHITECTURE.md, "The worker process"), as after a
    // lesson's fault.
    const bool retire = device != nullptr && device->is_gpu() && kind == ex::VerdictKind::kernel_fault;
    send(tell::Done{id, std::move(result), retire});
    if (retire) ::_exit(0);
  }

  // Compiles a whole program for the emulator and runs its main(): what it prints goes to the app
  // as it comes (tell::Output), its exit code in the Run's results["exit_code"]. Only in a
  // sandboxed worker (the client's choice), which ends after it: the program may have called
  // exit(), which ends this process through finish_program.
  void exec(const ask::Exec& request) {
    exec_id_ = request.id;
    Device* device = host_->device();
    Run result;
    result.lesson = "exec";
    if (device == nullptr) {
      result.status = Status::error(StatusCode::no_device, cudalab::message("no device is open to run the program on"));
      send(tell::Done{exec_id_, std::move(result), false});
      return;
    }
    JitSource source;
    source.text = request.source;
    source.file_name = request.file_name.empty() ? "program.cu" : request.file_name;
    source.headers = request.headers;
    // The program prefix, precompiled by the build beside the exercises' (cmake/ExercisePrefix.cmake).
    if (const std::string folder = lessons::exercises::precompiled_prefix_folder(); !folder.empty())
      source.include_first.push_back(folder);
    source.before_load = [&] {
      send(tell::Phase{exec_id_, std::nullopt});
      (void)output_.start([this](std::string text) { send(tell::Output{exec_id_, std::move(text)}); }, kOutputLimit);
      sandbox::seal_run_phase();
    };
    std::unique_ptr<JitProgram> program;
    JitOutput compiled;
    result.status = compile_program(*device, source, &program, &compiled);
    using MainFn = int (*)(int, char**, char**);
    MainFn main_fn = result.status.ok() ? reinterpret_cast<MainFn>(program->symbol("main")) : nullptr;
    if (result.status.ok() && main_fn == nullptr)
      result.status = Status::error(StatusCode::invalid_argument, cudalab::message("the program has no main()"));
    if (!result.status.ok()) {
      output_.finish();
      result.device = device->facts();
      result.results["compiler_log"] = compiled.log.substr(0, 64 * 1024);
      send(tell::Done{exec_id_, std::move(result), false});
      return;
    }
    emulated_runtime::bind(device);
    running_program_ = this;
    ::on_exit([](int code, void*) { running_program_->finish_program(code, /*called_exit=*/true); }, nullptr);
    std::string name = source.file_name;
    char* argv[] = {name.data(), nullptr};
    char* envp[] = {nullptr};
    finish_program(main_fn(1, argv, envp), /*called_exit=*/false);
  }

  void finish_program(int exit_code, bool called_exit) {
    if (std::exchange(program_finished_, true)) return;
    emulated_runtime::flush_printf();
    output_.finish();
    Run result;
    result.lesson = "exec";
    result.device = host_->device()->facts();
    result.results["exit_code"] = exit_code;
    if (called_exit) result.results["called_exit"] = true;
    const emulated_runtime::Record record = emulated_runtime::record();
    result.results["launches"] = record.launches.size();
    result.results["leaked_allocations"] = record.live.size();
    if (!record.last_failure.ok()) result.results["last_failure"] = record.last_failure.words_or_text().english();
    send(tell::Done{exec_id_, std::move(result), false});
  }

  static constexpr std::size_t kOutputLimit = 1 << 20;
  static inline Worker* running_program_ = nullptr;  // for the handler exit() runs
  ProgramOutput output_;
  std::uint64_t exec_id_ = 0;
  bool program_finished_ = false;

  int fd_;
  std::vector<std::unique_ptr<lessons::Lesson>> lessons_;
  std::unique_ptr<StepHost> host_;  // the device, in this process (the time limit is the app's)
  std::mutex mutex_, write_mutex_;
  std::condition_variable wake_;
  std::deque<Request> queue_;
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
