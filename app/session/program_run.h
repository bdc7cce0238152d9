#pragma once
// One whole CUDA program run on the emulator, off the UI thread: the Code tab's "Run on the
// emulator" and `cudalab exec` (cli/exec_command.cpp) give it a chapter's program.cu or a
// student's file. It runs in a sandboxed worker (worker/worker_client.h: WorkerClient::exec); what
// it prints is gathered as it comes, bounded, for the window to show while it runs.
#include <atomic>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "cudalab/status.h"
#include "lesson.h"
#include "worker/messages.h"

namespace cudalab::app {

// The files a program includes by a plain name (`#include "tile.cuh"`) from `folder`, and theirs in
// turn: read here, by the student's own hand, and handed to the sandbox with the program.
std::vector<std::pair<std::string, std::string>> local_headers(const std::string& source, const std::filesystem::path& folder);

// The program `file` (its name, its text and its folder's headers), ready for WorkerClient::exec.
// False, with `why`, when the file cannot be read.
bool read_program(const std::filesystem::path& file, worker::ask::Exec* program, std::string* why);

class ProgramRun {
 public:
  struct Snapshot {
    bool running = false;
    std::string output;              // stdout and stderr, in order (the first 1 MiB)
    std::optional<int> exit_code;    // when main returned or exit() was called
    Status status;                   // why it did not run to its end (compile errors, time limit…)
    std::string compiler_log;
  };

  ProgramRun() = default;
  ~ProgramRun();
  ProgramRun(const ProgramRun&) = delete;
  ProgramRun& operator=(const ProgramRun&) = delete;

  // Starts `program` (a run still going is stopped first); `worker_executable` "" = the default.
  void start(worker::ask::Exec program, std::string worker_executable = "", double time_limit_seconds = 60);
  void stop();  // the worker is killed; what was printed stays
  Snapshot snapshot() const;
  bool running() const {
    std::lock_guard lock(mutex_);
    return state_.running;
  }

 private:
  void join();

  mutable std::mutex mutex_;
  Snapshot state_;
  lessons::RunControl control_;
  std::thread thread_;
};

}  // namespace cudalab::app
