#include "cudalab/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>

extern char** environ;

namespace cudalab {

namespace {
constexpr std::size_t kOutputCap = 1u << 20;
}

ProcessResult run_process(const std::vector<std::string>& argv, double time_limit_seconds) {
  return run_process(argv, time_limit_seconds, nullptr);
}

ProcessResult run_process(const std::vector<std::string>& argv, double time_limit_seconds,
                          const std::function<void(std::string_view)>& on_output) {
  ProcessResult result;
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) {
    result.output = std::string("could not create a pipe: ") + std::strerror(errno);
    return result;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 1);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 2);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  // Its own process group, so a timeout kills the compiler's children (cc1plus, as) too.
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int error = ::posix_spawn(&pid, argv.at(0).c_str(), &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  ::close(pipe_fds[1]);
  if (error != 0) {
    ::close(pipe_fds[0]);
    result.output = "could not start " + argv[0] + ": " + std::strerror(error);
    return result;
  }
  result.started = true;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(time_limit_seconds);
  char buffer[4096];
  bool open = true;
  while (open) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      ::kill(-pid, SIGKILL);
      result.timed_out = true;
      break;
    }
    pollfd poll_fd{pipe_fds[0], POLLIN, 0};
    if (::poll(&poll_fd, 1, static_cast<int>(std::min<long long>(left.count(), 100))) <= 0) continue;
    const ssize_t got = ::read(pipe_fds[0], buffer, sizeof buffer);
    if (got <= 0) {
      open = false;
      continue;
    }
    if (on_output) on_output(std::string_view(buffer, static_cast<std::size_t>(got)));
    if (result.output.size() < kOutputCap) result.output.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(pipe_fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  return result;
}

std::string find_in_path(const std::vector<std::string>& names) {
  const char* path = std::getenv("PATH");
  std::istringstream folders(path != nullptr ? path : "/usr/bin:/bin");
  std::vector<std::string> list;
  for (std::string folder; std::getline(folders, folder, ':');) list.push_back(folder.empty() ? "." : folder);
  for (const std::string& name : names) {
    if (name.find('/') != std::string::npos) {
      if (::access(name.c_str(), X_OK) == 0) return name;
      continue;
    }
    for (const std::string& folder : list) {
      const std::string candidate = folder + "/" + name;
      if (::access(candidate.c_str(), X_OK) == 0 && !std::filesystem::is_directory(candidate)) return candidate;
    }
  }
  return "";
}

}  // namespace cudalab
