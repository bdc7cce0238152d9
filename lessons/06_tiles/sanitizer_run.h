#pragma once
// Runs one of chapter 6's broken kernels under NVIDIA compute-sanitizer, from the step: the tool
// starts `cudalab broken-kernel KERNEL N` (broken_kernels.h) as its child, with a time limit, and
// its whole output comes back with what parse_sanitizer_output() read from it.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "broken_kernels.h"
#include "sanitizer_report.h"

namespace cudalab::lessons::tiles {

enum class SanitizerTool { racecheck = 0, memcheck = 1 };
const char* sanitizer_tool_name(SanitizerTool tool);  // "racecheck", "memcheck"

// compute-sanitizer ships with the CUDA toolkit. Looked for as CUDALAB_COMPUTE_SANITIZER names it
// (a path), else on PATH, else in /usr/local/cuda/bin and /usr/local/cuda-13*/bin (newest first);
// "" when there is none.
std::string find_compute_sanitizer();

// The program the tool starts: CUDALAB_EXECUTABLE when set, else this process's own executable
// when it is cudalab (the app's worker and the CLI are); "" otherwise (a test binary).
std::string find_cudalab_program();

// How many reports the tool prints in full (--print-limit); it still counts the rest.
inline constexpr int kSanitizerPrintLimit = 10;
// The exit code the tool is asked to give when it found something (--error-exitcode).
inline constexpr int kSanitizerFoundExitCode = 99;

struct SanitizerRun {
  std::vector<std::string> command;  // as started (the time-limit wrapper left out)
  bool started = false;
  bool timed_out = false;
  int exit_code = -1;
  int signal = 0;
  double seconds = 0;
  double time_limit_seconds = 0;
  std::string output;  // stdout and stderr of the tool and the program, as printed
  SanitizerReport report;
};

// Runs `sanitizer --tool TOOL --show-backtrace no --print-limit 10 --error-exitcode 99 PROGRAM
// broken-kernel KERNEL N`.
// The tool and the program it starts are one process group, killed at the time limit (and bounded
// by coreutils' `timeout` as well, where there is one, should this process die first).
SanitizerRun run_under_sanitizer(const std::string& sanitizer, SanitizerTool tool, const std::string& program,
                                 BrokenKernel kernel, int n, double time_limit_seconds);

nlohmann::json to_json(const SanitizerRun& run);

}  // namespace cudalab::lessons::tiles
