#pragma once
// The app's side of the worker process (protocol.h): starts `cudalab worker` lazily, keeps it warm
// between runs, stops a run that is cancelled or past its time limit — asking first, killing the
// worker if it does not answer within `grace` — and starts a fresh one after it died, re-opening
// the backend it had. Every way a run can end comes back as a Run whose status says it in words.
#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cudalab/device.h"
#include "cudalab/run.h"
#include "lesson.h"
#include "worker/messages.h"
#include "worker/protocol.h"

namespace cudalab::app::worker {

class WorkerClient {
 public:
  // `executable`: the cudalab binary to start as the worker ("" = worker_executable()).
  // `sandboxed`: the worker enters the sandbox (sandbox/sandbox.h) as it starts — for one
  // student's check; stopping it ends everything the submission started.
  explicit WorkerClient(std::string executable = "", bool sandboxed = false);
  ~WorkerClient();
  WorkerClient(const WorkerClient&) = delete;
  WorkerClient& operator=(const WorkerClient&) = delete;

  // Opens `opening` in the worker (starting it if needed); `choices` (optional) gets every backend.
  Status open(BackendOpening opening, std::vector<BackendChoice>* choices, DeviceFacts* facts);

  // Runs one step. Reads control.cancel and writes control.progress; partial runs go to
  // control.publish, from the calling thread.
  Run run(int chapter, int step, const lessons::ParamValues& values, lessons::RunControl& control,
          std::chrono::milliseconds time_limit);

  // Checks a student's kernel for an exercise (lessons/exercises) in the worker: the Run's
  // results["verdict"] holds the verdict; a kernel that hangs or kills the worker comes back as a
  // Run whose status says so (the caller turns it into a verdict).
  Run check(const std::string& exercise, const std::string& source, lessons::RunControl& control,
            std::chrono::milliseconds time_limit);

  // Runs a whole CUDA program's main() (`cudalab exec`): compiled for the emulator under the
  // compile limit, then run under `time_limit`. What it prints reaches `on_output` as it comes (on
  // the calling thread); the Run's results["exit_code"] says how main ended. For a sandboxed
  // client, and once: the worker ends after it.
  Run exec(const ask::Exec& program, const std::function<void(const std::string&)>& on_output, lessons::RunControl& control,
           std::chrono::milliseconds time_limit);

  // Any thread: the app is quitting; whatever runs is killed at once, not asked.
  void abandon() { abandoned_ = true; }

  pid_t worker_pid() const { return pid_; }  // -1 when none runs (tests)
  // A sandboxed worker's first words: which layers hold ("Sandbox: …"); "" before it started.
  const std::string& sandbox_line() const { return sandbox_line_; }
  std::chrono::milliseconds grace{500};      // how long a cancelled worker may take to answer
  // A check's compile has a limit of its own, apart from the time limit its tests run under
  // (which starts when the worker says the submission compiled). Above the worker's own limit
  // for the compiler (jit.h, 30 s), so that the worker can say that one in words first.
  std::chrono::milliseconds compile_limit{45'000};

 private:
  // `request` is an ask::RunStep or an ask::Check; its id is set here.
  Run exchange(Request request, lessons::RunControl& control, std::chrono::milliseconds time_limit,
               const std::function<void(const std::string&)>& on_output = {});
  Status ensure_started();
  Status read_sandbox_line();
  Status send_open(BackendOpening opening, bool list, std::vector<BackendChoice>* choices, DeviceFacts* facts);
  void kill_worker();
  Message reap();  // waits for the worker; how it ended, in words

  std::string executable_;
  bool sandboxed_ = false;
  std::string sandbox_line_;
  pid_t pid_ = -1;
  int fd_ = -1;
  std::optional<MessageReader> reader_;
  std::optional<BackendOpening> opened_;  // re-opened in a fresh worker
  std::atomic<bool> abandoned_{false};
  std::uint64_t next_id_ = 0;
};

// This process's executable (/proc/self/exe).
std::string own_executable();
// The executable a worker is started from by default: this one, or — in the window, cudalab-app —
// cudalab beside it, which links no GUI library (cli/commands.h).
std::string worker_executable();

// After a sticky GPU fault the worker retires and the next run gets a fresh one: the backend's
// advice to restart CUDA Lab (wherever it sits in `words`) becomes that, its arguments kept.
// False when `words` holds no such advice.
bool advise_a_fresh_worker(Message* words);

}  // namespace cudalab::app::worker
