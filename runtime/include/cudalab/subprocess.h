#pragma once
// Runs a program to completion with a time limit, its stdout and stderr captured together: the
// host compiler of the emulator's JIT, and a lesson's outside tool (chapter 6 runs a broken kernel
// under compute-sanitizer).
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cudalab {

struct ProcessResult {
  bool started = false;    // false: the program could not be started (why in `output`)
  bool timed_out = false;  // killed at the time limit
  int exit_code = -1;      // when it exited by itself
  int signal = 0;          // when a signal ended it
  std::string output;      // stdout and stderr, interleaved as written (capped at 1 MiB)
};

ProcessResult run_process(const std::vector<std::string>& argv, double time_limit_seconds);
// The same, and what the program writes goes to `on_output` as it comes (`output` keeps it too).
ProcessResult run_process(const std::vector<std::string>& argv, double time_limit_seconds,
                          const std::function<void(std::string_view)>& on_output);

// The first of `names` found as an executable file in $PATH ("" if none).
std::string find_in_path(const std::vector<std::string>& names);

}  // namespace cudalab
