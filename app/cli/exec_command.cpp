#include "cli/exec_command.h"

#include <chrono>
#include <iostream>

#include "cli/exec_on_gpu.h"
#include "i18n/view_words.h"
#include "session/program_run.h"
#include "worker/worker_client.h"

namespace cudalab::app {

void add_exec_command(CLI::App& cli, ExecCommand* exec) {
  exec->command = cli.add_subcommand(
      "exec", "Run a whole CUDA program (main, kernels, printf) on the emulator, in the sandbox");
  exec->command->add_option("file", exec->file, "The program: one .cu file")->required();
  exec->command->add_option("--time-limit", exec->time_limit_seconds, "Stop the program after SECONDS (default 60)")
      ->check(CLI::Range(0.1, 3600.0));
  exec->command
      ->add_option("--backend", exec->backend,
                   "emu (default: the emulator, in the sandbox), gpu (nvcc and this machine's GPU) or auto")
      ->check(CLI::IsMember({"gpu", "emu", "auto"}));
}

namespace {

// The GPU and nvcc, when the backend asks for them: 0 to run there, -1 to run on the emulator
// (auto without them), else the exit code of a refusal said on stderr.
int open_gpu(const ExecCommand& exec, DeviceFacts* facts, std::string* nvcc) {
  const bool required = exec.backend == "gpu";
  worker::WorkerClient client("", /*sandboxed=*/false);
  if (Status s = client.open({BackendRequest::gpu, 0}, nullptr, facts); !s.ok()) {
    if (!required) {
      std::cerr << "[cudalab exec: " << i18n::status_text(s) << "]\n";
      return -1;
    }
    std::cerr << "cudalab exec: " << i18n::status_text(s) << "\n(--backend emu runs the program on the emulator)\n";
    return 1;
  }
  *nvcc = find_nvcc();
  if (nvcc->empty()) {
    if (!required) {
      std::cerr << "[cudalab exec: " << facts->label() << ", but no nvcc to build the program for it]\n";
      return -1;
    }
    std::cerr << "cudalab exec: --backend gpu builds the program with nvcc, the CUDA Toolkit's compiler, and there is "
                 "none on PATH, in /usr/local/cuda/bin or in $CUDALAB_NVCC\n(--backend emu runs the program on the "
                 "emulator)\n";
    return 1;
  }
  return 0;
}

}  // namespace

int run_exec_command(const ExecCommand& exec) {
  if (exec.command == nullptr || !*exec.command) return -1;
  std::string why;
  worker::ask::Exec program;
  if (!read_program(exec.file, &program, &why)) {
    std::cerr << "cudalab exec: " << exec.file << ": " << why << "\n";
    return 2;
  }
  if (exec.backend != "emu") {
    DeviceFacts gpu;
    std::string nvcc;
    if (const int opened = open_gpu(exec, &gpu, &nvcc); opened >= 0)
      return opened > 0 ? opened : exec_on_gpu({exec.file, exec.time_limit_seconds, nvcc}, gpu);
  }
  worker::WorkerClient client("", /*sandboxed=*/true);
  DeviceFacts facts;
  if (Status s = client.open({BackendRequest::emulator, 0}, nullptr, &facts); !s.ok()) {
    std::cerr << "cudalab exec: " << i18n::status_text(s) << "\n";
    return 1;
  }
  lessons::RunControl control;
  const auto limit = std::chrono::milliseconds(static_cast<long long>(exec.time_limit_seconds * 1000));
  std::cerr << "[cudalab exec: " << facts.label() << "; times are the CPU's, not a GPU's]\n";
  const Run run = client.exec(program, [](const std::string& text) { std::cout << text << std::flush; }, control, limit);
  if (!run.status.ok()) {
    if (const auto log = run.results.find("compiler_log"); log != run.results.end() && log->is_string())
      std::cerr << log->get<std::string>();
    std::cerr << "cudalab exec: " << exec.file << ": " << i18n::status_text(run.status) << "\n";
    return 1;
  }
  const auto code = run.results.find("exit_code");
  return code != run.results.end() && code->is_number_integer() ? code->get<int>() : 1;
}

}  // namespace cudalab::app
