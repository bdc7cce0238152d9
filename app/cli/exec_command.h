#pragma once
// `cudalab exec FILE.cu`: one whole CUDA program — its main(), its kernels, its printf — run on
// the emulator, in a sandboxed worker (the program may be anyone's), printing what it prints as it
// prints it and exiting with its exit code. What the emulated runtime lacks is refused in words
// (cudalab/emu/runtime_api.h). `--backend gpu` builds it with nvcc and runs it on this machine's
// GPU with the real runtime instead (exec_on_gpu.h); `auto` takes the GPU where both are there.
#include <string>

#include <CLI/CLI.hpp>

namespace cudalab::app {

struct ExecCommand {
  CLI::App* command = nullptr;
  std::string file;
  double time_limit_seconds = 60;
  std::string backend = "emu";
};

void add_exec_command(CLI::App& cli, ExecCommand* exec);
// -1 when `exec` was not given; else the program's exit code, or 1 when it could not run (said on
// stderr), 2 for bad usage.
int run_exec_command(const ExecCommand& exec);

}  // namespace cudalab::app
