#include "cli/exec_command.h"

#include <chrono>
#include <filesystem>
#include <iostream>

#include "cudalab/files.h"
#include "i18n/view_words.h"
#include "worker/worker_client.h"

namespace cudalab::app {
namespace {

// The files a program includes by a plain name (`#include "tile.cuh"`) from its own folder, and
// theirs in turn: read here, by the student's own hand, and handed to the sandbox with the program.
std::vector<std::pair<std::string, std::string>> local_headers(const std::string& source, const std::filesystem::path& folder) {
  std::vector<std::pair<std::string, std::string>> found;
  std::vector<std::string> texts{source};
  for (std::size_t t = 0; t < texts.size() && found.size() < 64; ++t) {
    const std::string text = texts[t];
    for (std::size_t at = text.find("#include"); at != std::string::npos; at = text.find("#include", at + 8)) {
      const std::size_t open = text.find_first_not_of(" \t", at + 8);
      if (open == std::string::npos || text[open] != '"') continue;
      const std::size_t close = text.find('"', open + 1);
      if (close == std::string::npos) continue;
      const std::string name = text.substr(open + 1, close - open - 1);
      if (name.empty() || name.find('/') != std::string::npos || name.find('\n') != std::string::npos) continue;
      bool seen = false;
      for (const auto& entry : found) seen = seen || entry.first == name;
      if (seen) continue;
      if (std::optional<std::string> header = read_whole_file(folder / name)) {
        found.emplace_back(name, *header);
        texts.push_back(*header);
      }
    }
  }
  return found;
}

}  // namespace

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
  const std::optional<std::string> source = read_whole_file(exec.file, &why);
  if (!source) {
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
  worker::ask::Exec program{0, std::filesystem::path(exec.file).filename().string(), *source, {}};
  program.headers = local_headers(*source, std::filesystem::path(exec.file).parent_path());
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
