#include "cli/exec_on_gpu.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <system_error>

#include "cudalab/subprocess.h"

namespace cudalab::app {
namespace fs = std::filesystem;

namespace {

// A private folder for the built program, gone when the run ends.
class BuildFolder {
 public:
  BuildFolder() {
    std::error_code error;
    std::string pattern = (fs::temp_directory_path(error) / "cudalab-exec-XXXXXX").string();
    if (!error && ::mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  ~BuildFolder() {
    std::error_code ignored;
    if (!path_.empty()) fs::remove_all(path_, ignored);
  }
  BuildFolder(const BuildFolder&) = delete;
  BuildFolder& operator=(const BuildFolder&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// nvcc compiles the large chapter programs (templates of every rung) in well under a minute;
// a cold first run on a loaded machine may take several.
constexpr double kCompileSeconds = 300;

}  // namespace

std::string find_nvcc() {
  if (const char* chosen = std::getenv("CUDALAB_NVCC"); chosen != nullptr && *chosen != '\0') return chosen;
  if (std::string on_path = find_in_path({"nvcc"}); !on_path.empty()) return on_path;
  std::error_code error;
  const fs::path usual = "/usr/local/cuda/bin/nvcc";
  return fs::is_regular_file(usual, error) ? usual.string() : std::string();
}

int exec_on_gpu(const GpuExec& exec, const DeviceFacts& facts) {
  BuildFolder folder;
  if (folder.path().empty()) {
    std::cerr << "cudalab exec: could not create a folder to build the program in\n";
    return 1;
  }
  const std::string binary = (folder.path() / "program").string();
  // As a student builds it (the chapter programs' first lines): the file alone, optimised, for
  // the GPU in this machine; its own #include "…" files are found beside it.
  std::cerr << "[cudalab exec: " << facts.label() << "; compiling with " << exec.nvcc << " -O3 -arch=native]\n";
  const ProcessResult built = run_process({exec.nvcc, "-O3", "-arch=native", exec.file, "-o", binary}, kCompileSeconds);
  if (!built.started || built.timed_out || built.exit_code != 0) {
    std::cerr << built.output;
    if (!built.started)
      std::cerr << "cudalab exec: " << exec.nvcc << " could not be started\n";
    else if (built.timed_out)
      std::cerr << "cudalab exec: nvcc did not finish within " << kCompileSeconds << " s\n";
    else
      std::cerr << "cudalab exec: " << exec.file << " does not compile with nvcc (its messages above)\n";
    return 1;
  }
  const ProcessResult ran = run_process({binary}, exec.time_limit_seconds, [](std::string_view text) {
    std::cout << text << std::flush;
  });
  if (!ran.started) {
    std::cerr << "cudalab exec: " << ran.output << "\n";
    return 1;
  }
  if (ran.timed_out) {
    std::cerr << "cudalab exec: the program was stopped at its time limit of " << exec.time_limit_seconds
              << " s (--time-limit)\n";
    return 1;
  }
  if (ran.signal != 0) {
    std::cerr << "cudalab exec: the program was ended by signal " << ran.signal << " (" << ::strsignal(ran.signal)
              << ")\n";
    return 128 + ran.signal;
  }
  return ran.exit_code;
}

}  // namespace cudalab::app
