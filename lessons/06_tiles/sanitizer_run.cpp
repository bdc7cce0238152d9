#include "sanitizer_run.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>

#include "cudalab/subprocess.h"
#include "text/say.h"

namespace cudalab::lessons::tiles {
namespace fs = std::filesystem;

const char* sanitizer_tool_name(SanitizerTool tool) { return tool == SanitizerTool::memcheck ? "memcheck" : "racecheck"; }

std::string find_compute_sanitizer() {
  if (const char* chosen = std::getenv("CUDALAB_COMPUTE_SANITIZER"); chosen != nullptr && *chosen != '\0')
    return ::access(chosen, X_OK) == 0 ? std::string(chosen) : std::string();
  std::vector<std::string> candidates = {"compute-sanitizer", "/usr/local/cuda/bin/compute-sanitizer"};
  std::vector<std::string> versions;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator("/usr/local", error))
    if (entry.path().filename().string().starts_with("cuda-13")) versions.push_back(entry.path().string());
  std::sort(versions.rbegin(), versions.rend());
  for (const std::string& folder : versions) candidates.push_back(folder + "/bin/compute-sanitizer");
  return find_in_path(candidates);
}

std::string find_cudalab_program() {
  if (const char* chosen = std::getenv("CUDALAB_EXECUTABLE"); chosen != nullptr && *chosen != '\0') return chosen;
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (error || self.filename() != "cudalab") return "";
  return self.string();
}

SanitizerRun run_under_sanitizer(const std::string& sanitizer, SanitizerTool tool, const std::string& program,
                                 BrokenKernel kernel, int n, double time_limit_seconds) {
  SanitizerRun run;
  run.time_limit_seconds = time_limit_seconds;
  run.command = {sanitizer,
                 "--tool",
                 sanitizer_tool_name(tool),
                 // The host's call stack (the app's own functions) says nothing about the kernel.
                 "--show-backtrace",
                 "no",
                 "--print-limit",
                 std::to_string(kSanitizerPrintLimit),
                 "--error-exitcode",
                 std::to_string(kSanitizerFoundExitCode),
                 program,
                 "broken-kernel",
                 kernel == BrokenKernel::no_guard ? "no_guard" : "no_barrier",
                 std::to_string(n)};
  std::vector<std::string> argv;
  // A second bound that holds even if this process is killed while the tool runs (the app stops a
  // worker that does not stop when asked): `timeout` ends the tool and its program on its own.
  if (const std::string wrapper = find_in_path({"timeout"}); !wrapper.empty())
    argv = {wrapper, "--kill-after=2", say("{:.0f}", std::max(1.0, time_limit_seconds))};
  argv.insert(argv.end(), run.command.begin(), run.command.end());
  const auto started = std::chrono::steady_clock::now();
  const ProcessResult result = run_process(argv, time_limit_seconds + 5);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  run.started = result.started;
  // `timeout` says 124 when it stopped the tool at the limit (137 when it had to kill it).
  run.timed_out = result.timed_out || (argv.front() != sanitizer && (result.exit_code == 124 || result.exit_code == 137));
  run.exit_code = result.exit_code;
  run.signal = result.signal;
  run.output = result.output;
  run.report = parse_sanitizer_output(run.output);
  return run;
}

nlohmann::json to_json(const SanitizerRun& run) {
  std::string command;
  for (const std::string& part : run.command) command += (command.empty() ? "" : " ") + part;
  return {{"command", command},     {"started", run.started},         {"timed_out", run.timed_out},
          {"exit_code", run.exit_code}, {"signal", run.signal},       {"seconds", run.seconds},
          {"time_limit_seconds", run.time_limit_seconds}, {"output", run.output}, {"report", to_json(run.report)}};
}

}  // namespace cudalab::lessons::tiles
