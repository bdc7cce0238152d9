#include "session/program_run.h"

#include <chrono>

#include "cudalab/files.h"
#include "worker/worker_client.h"

namespace cudalab::app {

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

bool read_program(const std::filesystem::path& file, worker::ask::Exec* program, std::string* why) {
  const std::optional<std::string> source = read_whole_file(file, why);
  if (!source) return false;
  program->file_name = file.filename().string();
  program->source = *source;
  program->headers = local_headers(*source, file.parent_path());
  return true;
}

ProgramRun::~ProgramRun() {
  control_.cancel = true;
  join();
}

void ProgramRun::join() {
  if (thread_.joinable()) thread_.join();
}

void ProgramRun::start(worker::ask::Exec program, std::string worker_executable, double time_limit_seconds) {
  stop();
  {
    std::lock_guard lock(mutex_);
    state_ = Snapshot{};
    state_.running = true;
  }
  control_.cancel = false;
  thread_ = std::thread([this, program = std::move(program), worker_executable = std::move(worker_executable),
                         time_limit_seconds] {
    worker::WorkerClient client(worker_executable, /*sandboxed=*/true);
    DeviceFacts facts;
    Run run;
    if (Status s = client.open({BackendRequest::emulator, 0}, nullptr, &facts); !s.ok()) {
      run.status = s;
    } else {
      constexpr std::size_t kKept = 1 << 20;  // the worker cuts at this too; a second wall here
      run = client.exec(
          program,
          [this](const std::string& text) {
            std::lock_guard lock(mutex_);
            if (state_.output.size() < kKept) state_.output += text.substr(0, kKept - state_.output.size());
          },
          control_, std::chrono::milliseconds(static_cast<long long>(time_limit_seconds * 1000)));
    }
    std::lock_guard lock(mutex_);
    state_.running = false;
    state_.status = run.status;
    if (const auto code = run.results.find("exit_code"); code != run.results.end() && code->is_number_integer())
      state_.exit_code = code->get<int>();
    if (const auto log = run.results.find("compiler_log"); log != run.results.end() && log->is_string())
      state_.compiler_log = log->get<std::string>();
  });
}

void ProgramRun::stop() {
  control_.cancel = true;
  join();
}

ProgramRun::Snapshot ProgramRun::snapshot() const {
  std::lock_guard lock(mutex_);
  return state_;
}

}  // namespace cudalab::app
