#include "cli/exec_command.h"

#include <chrono>
#include <iostream>

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
}

int run_exec_command(const ExecCommand& exec) {
  if (exec.command == nullptr || !*exec.command) return -1;
  std::string why;
  worker::ask::Exec program;
  if (!read_program(exec.file, &program, &why)) {
    std::cerr << "cudalab exec: " << exec.file << ": " << why << "\n";
    return 2;
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
