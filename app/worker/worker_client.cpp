#include "worker/worker_client.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <variant>

#include <fmt/format.h>

#include "cudalab/backend_request.h"
#include "cudalab/message_format.h"
#include "worker/crash_report.h"

extern char** environ;

namespace cudalab::app::worker {
namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

// Opening a GPU initialises CUDA in the worker: seconds on a big machine, never minutes.
constexpr std::chrono::seconds open_time_limit{60};

std::string seconds_in_words(Clock::duration elapsed) {
  return fmt::format("{:.1f} s", std::chrono::duration<double>(elapsed).count());
}

// "SIGKILL": a name, the same in every language (strsignal's "Killed" is English).
std::string signal_name(int signal) {
  const char* abbreviation = sigabbrev_np(signal);
  return abbreviation != nullptr ? std::string("SIG") + abbreviation : std::string("?");
}

}  // namespace

std::string own_executable() {
  char path[4096];
  const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
  return n > 0 ? std::string(path, static_cast<std::size_t>(n)) : std::string();
}

std::string worker_executable() {
  const std::filesystem::path own = own_executable();
  const std::filesystem::path command_line = own.parent_path() / "cudalab";
  if (own.filename() != "cudalab" && ::access(command_line.c_str(), X_OK) == 0) return command_line.string();
  return own.string();
}

WorkerClient::WorkerClient(std::string executable, bool sandboxed)
    : executable_(executable.empty() ? worker_executable() : std::move(executable)), sandboxed_(sandboxed) {}

WorkerClient::~WorkerClient() { kill_worker(); }

Status WorkerClient::ensure_started() {
  if (pid_ > 0) return Status::success();
  int pair[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
    return Status::error(StatusCode::internal, fmt::format("could not make the worker's channel: {}", std::strerror(errno)));
  int child_end = pair[1];
  if (child_end == worker_channel_fd) {  // dup2 onto itself would keep close-on-exec: move it first
    child_end = ::fcntl(pair[1], F_DUPFD_CLOEXEC, 10);
    ::close(pair[1]);
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, child_end, worker_channel_fd);
  // A sandboxed worker starts in a session of its own, so that its whole group can be ended
  // even before it reached its first instruction; it is told the backend it will open (the
  // address-space limit is for the emulator only).
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  if (sandboxed_) posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID);
  std::string backend_arg = std::string("--backend=") + backend_name(opened_ ? opened_->request : BackendRequest::automatic);
  char arg0[] = "cudalab", arg1[] = "worker", arg2[] = "--sandbox";
  char* plain_argv[] = {arg0, arg1, nullptr};
  char* sandbox_argv[] = {arg0, arg1, arg2, backend_arg.data(), nullptr};
  pid_t pid = -1;
  const int error = ::posix_spawn(&pid, executable_.c_str(), &actions, &attributes, sandboxed_ ? sandbox_argv : plain_argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  ::close(child_end);
  if (error != 0) {
    ::close(pair[0]);
    return Status::error(StatusCode::internal,
                         fmt::format("could not start the worker process {}: {}", executable_, std::strerror(error)));
  }
  pid_ = pid;
  fd_ = pair[0];
  reader_.emplace(fd_);
  if (sandboxed_) return read_sandbox_line();
  return Status::success();
}

// A sandboxed worker's first message, written before any student code exists in it: the only
// one of its kind this client believes.
Status WorkerClient::read_sandbox_line() {
  json hello;
  const auto deadline = Clock::now() + std::chrono::seconds(30);
  MessageReader::Result result = MessageReader::Result::timeout;
  while (result == MessageReader::Result::timeout && Clock::now() < deadline && !abandoned_)
    result = reader_->read(&hello, std::chrono::milliseconds(50));
  std::optional<Reply> reply;
  if (result == MessageReader::Result::message && decode(hello, &reply).ok() && reply) {
    if (const auto* said = std::get_if<tell::Sandbox>(&*reply)) {
      sandbox_line_ = said->line;
      return Status::success();
    }
  }
  kill_worker();
  return Status::error(StatusCode::internal, "the sandboxed worker did not start (it did not say which sandbox holds)");
}

void WorkerClient::kill_worker() {
  if (pid_ <= 0) return;
  // A sandboxed worker's supervisor ends the submission's processes, then itself (reap() makes
  // sure); a plain worker is killed at once.
  ::kill(pid_, sandboxed_ ? SIGTERM : SIGKILL);
  (void)reap();
}

// The ids are the CUDA backend's (runtime/cuda/cuda_device.cpp) and a catalog entry of the app's.
bool advise_a_fresh_worker(Message* words) {
  constexpr std::string_view restart =
      "{}; the GPU was reset and every buffer on it was lost, but this process cannot use it again ({}): "
      "restart CUDA Lab to run on the GPU, or switch to the emulator";
  constexpr std::string_view fresh =
      "{}; the GPU was reset and every buffer on it was lost, but this process cannot use it again ({}): "
      "the next run starts in a fresh worker process with a fresh GPU context";
  if (words->id == restart) {
    words->id = fresh;
    return true;
  }
  for (Message::Argument& argument : words->args)
    for (Message& nested : argument.nested)
      if (advise_a_fresh_worker(&nested)) {
        argument.text = nested.english();  // an argument's text is its message's English
        return true;
      }
  return false;
}

Message WorkerClient::reap() {
  if (pid_ <= 0) return cudalab::message("the worker was not running");
  int status = 0;
  pid_t done = -1;
  // The channel closed, so the worker is exiting; give it a moment, then make sure.
  for (int i = 0; i < 100 && (done = ::waitpid(pid_, &status, WNOHANG)) == 0; ++i) ::usleep(10'000);
  if (done == 0) {
    if (sandboxed_) ::kill(-pid_, SIGKILL);  // its session's group: the supervisor (the worker dies with it)
    ::kill(pid_, SIGKILL);
    done = ::waitpid(pid_, &status, 0);
  }
  pid_ = -1;
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  reader_.reset();
  if (done < 0) return cudalab::message("the worker process is gone");
  if (WIFSIGNALED(status))
    return cudalab::message("the worker process was killed by signal {} ({})", WTERMSIG(status), as_is(signal_name(WTERMSIG(status))));
  return cudalab::message("the worker process exited with code {}", WEXITSTATUS(status));
}

Status WorkerClient::open(BackendOpening opening, std::vector<BackendChoice>* choices, DeviceFacts* facts) {
  opened_ = opening;
  return send_open(opening, choices != nullptr, choices, facts);
}

Status WorkerClient::send_open(BackendOpening opening, bool list, std::vector<BackendChoice>* choices, DeviceFacts* facts) {
  CUDALAB_RETURN_IF_ERROR(ensure_started());
  if (!send(fd_, ask::Open{opening, list})) {
    return Status::error(StatusCode::internal, reap());
  }
  const auto deadline = Clock::now() + open_time_limit;
  while (true) {
    json reply;
    const auto result = reader_->read(&reply, std::chrono::milliseconds(50));
    if (abandoned_) {
      kill_worker();
      return Status::error(StatusCode::cancelled, cudalab::message("the app is closing"));
    }
    if (result == MessageReader::Result::timeout) {
      if (Clock::now() < deadline) continue;
      kill_worker();
      return Status::error(StatusCode::timeout, cudalab::message("the worker process did not open the backend within a minute"));
    }
    if (result != MessageReader::Result::message) {
      return Status::error(StatusCode::internal, cudalab::message("opening the backend: {}", reap()));
    }
    std::optional<Reply> decoded;
    if (Status s = decode(reply, &decoded); !s.ok()) {
      kill_worker();
      return Status::error(StatusCode::internal, cudalab::message("the worker's reply could not be read: {}", s.words_or_text()));
    }
    auto* opened = decoded ? std::get_if<tell::Opened>(&*decoded) : nullptr;
    if (opened == nullptr) continue;
    if (choices != nullptr) *choices = std::move(opened->choices);
    if (facts != nullptr) *facts = opened->device;
    return opened->status;
  }
}

Run WorkerClient::run(int chapter, int step, const lessons::ParamValues& values, lessons::RunControl& control,
                      std::chrono::milliseconds time_limit) {
  return exchange(ask::RunStep{0, chapter, step, values}, control, time_limit);
}

Run WorkerClient::check(const std::string& exercise, const std::string& source, lessons::RunControl& control,
                        std::chrono::milliseconds time_limit) {
  return exchange(ask::Check{0, exercise, source}, control, time_limit);
}

Run WorkerClient::exec(const ask::Exec& program, const std::function<void(const std::string&)>& on_output,
                       lessons::RunControl& control, std::chrono::milliseconds time_limit) {
  return exchange(program, control, time_limit, on_output);
}

Run WorkerClient::exchange(Request request, lessons::RunControl& control, std::chrono::milliseconds time_limit,
                           const std::function<void(const std::string&)>& on_output) {
  Run result;
  // Whose limit it is, in the words a timeout gives: a step's, an exercise's check's, a program's.
  const bool program = std::holds_alternative<ask::Exec>(request);
  const bool checking = program || std::holds_alternative<ask::Check>(request);
  const auto started = Clock::now();
  // A check runs under its time limit from when it compiled (the first "phase" message, sent
  // before any student code is loaded); until then under the compile limit.
  std::optional<Clock::time_point> run_started;
  if (!checking) run_started = started;
  int test_running = -1;  // the check's test the worker last said it started
  if (pid_ <= 0 && opened_) {
    // A fresh worker (the last one died or retired): the backend it had comes back first.
    if (Status s = send_open(*opened_, false, nullptr, nullptr); !s.ok()) {
      result.status = s;
      return result;
    }
  }
  if (Status s = ensure_started(); !s.ok()) {
    result.status = s;
    return result;
  }
  const std::uint64_t id = ++next_id_;
  std::visit([id](auto& asked) {
    if constexpr (requires { asked.id; }) asked.id = id;
  }, request);
  std::optional<Run> last_partial;
  Message fault;  // the worker's last words, if it crashed
  std::optional<Clock::time_point> asked_to_stop;
  bool over_time = false;
  bool compiling = false;  // the limit that fired was the compile's
  auto stopped = [&](StatusCode code, Message why) {
    Run out = last_partial.value_or(Run{});
    out.status = Status::error(code, last_partial ? cudalab::message("{}; partial results are shown", why) : why);
    // A check that never said its verdict: how far it got, for the verdict's words.
    if (checking && test_running >= 0) out.results["stopped_in_test"] = test_running;
    if (checking && run_started) out.results["compile_seconds"] = std::chrono::duration<double>(*run_started - started).count();
    return out;
  };
  if (!send(fd_, request)) return stopped(StatusCode::internal, reap());
  const std::uint64_t bytes_before = reader_->bytes_read();

  while (true) {
    json message;
    const auto result_kind = reader_->read(&message, std::chrono::milliseconds(20));
    if (abandoned_) {
      kill_worker();
      return stopped(StatusCode::cancelled, cudalab::message("stopped: the app is closing"));
    }
    std::optional<Reply> reply;
    if (result_kind == MessageReader::Result::message) {
      if (Status s = decode(message, &reply); !s.ok()) {
        kill_worker();
        return stopped(StatusCode::internal, cudalab::message("the worker sent a message this app cannot read: {}", s.words_or_text()));
      }
    }
    if (reply) {
      if (const auto* progress = std::get_if<tell::Progress>(&*reply)) control.progress = progress->value;
      if (const auto* said = std::get_if<tell::Fault>(&*reply)) fault = said->words.empty() ? Message::text(said->message) : said->words;
      if (const auto* phase = std::get_if<tell::Phase>(&*reply); phase != nullptr && phase->id == id) {
        if (!run_started) run_started = Clock::now();
        if (phase->test) test_running = *phase->test;
      }
      if (auto* output = std::get_if<tell::Output>(&*reply); output != nullptr && output->id == id && on_output)
        on_output(output->text);
      if (auto* partial = std::get_if<tell::Partial>(&*reply); partial != nullptr && partial->id == id) {
        control.publish(partial->run);
        last_partial = std::move(partial->run);
      }
      if (auto* done = std::get_if<tell::Done>(&*reply); done != nullptr && done->id == id) {
        Run& run = done->run;
        if (done->retire) {
          (void)reap();  // it exits by itself after a sticky GPU error
          // The backend's words say this process cannot use the GPU again; the app can, at once.
          if (!run.status.ok()) {
            if (advise_a_fresh_worker(&run.status.words)) {
              run.status.message = run.status.words.english();
            } else {
              run.status = Status::error(run.status.code, cudalab::message("{}; {}", run.status.words_or_text(),
                                                                  cudalab::message("the next run starts in a fresh worker process "
                                                                          "with a fresh GPU context")));
            }
          }
        }
        if (over_time) {
          run.status = Status::error(
              StatusCode::timeout,
              checking ? cudalab::message("stopped after {} (the check's time limit); partial results are shown", seconds_in_words(time_limit))
                       : cudalab::message("stopped after {} (the step's time limit); partial results are shown", seconds_in_words(time_limit)));
        }
        return std::move(run);
      }
    }
    if (result_kind != MessageReader::Result::message && result_kind != MessageReader::Result::timeout) {
      // The channel closed (the worker died) or carried what no worker of ours sends.
      const std::string after = seconds_in_words(Clock::now() - started);
      if (result_kind == MessageReader::Result::corrupt) {
        kill_worker();
        return stopped(StatusCode::internal,
                       cudalab::message("the worker sent a message this app refuses (too large, nested too deep, or not JSON) "
                               "after {}; it was stopped",
                               after));
      }
      const Message how = reap();
      if (asked_to_stop) return stopped(over_time ? StatusCode::timeout : StatusCode::cancelled, cudalab::message("stopped after {}", after));
      const Message what = fault.empty() ? how : fault;  // the fault's words, or how the process ended
      return stopped(StatusCode::kernel_fault,
                     checking ? cudalab::message("{} after {}", what, after)  // each check has its own worker
                              : cudalab::message("{} after {}. A fresh worker will run the next step", what, after));
    }
    // The limits, on every pass whatever arrived: a worker that floods the channel with messages
    // (a student's code may write to it) cannot keep the time limit from firing.
    if (reader_->bytes_read() - bytes_before > max_bytes_per_request) {
      kill_worker();
      return stopped(StatusCode::internal, cudalab::message("the worker sent more than {} GiB for one request; it was stopped",
                                                   max_bytes_per_request >> 30));
    }
    const auto now = Clock::now();
    const bool past_limit = run_started ? now - *run_started > time_limit : now - started > compile_limit;
    if (!asked_to_stop && (control.cancel || past_limit)) {
      over_time = !control.cancel;
      compiling = over_time && !run_started;
      asked_to_stop = now;
      if (!send(fd_, ask::Cancel{})) asked_to_stop = now - grace;  // gone already: no need to wait
    }
    if (asked_to_stop && now - *asked_to_stop >= grace) {
      // It did not answer: a kernel is still running (nothing inside a process can stop one).
      kill_worker();
      const std::string after = seconds_in_words(now - started);
      if (compiling) {
        return stopped(StatusCode::timeout, cudalab::message("stopped after {}: the compiler did not finish within {} (the "
                                                    "check's compile limit)",
                                                    after, seconds_in_words(compile_limit)));
      }
      if (over_time && program) {
        return stopped(StatusCode::timeout, cudalab::message("stopped after {} (the program's time limit is {}): it was still running",
                                                             after, seconds_in_words(time_limit)));
      }
      if (over_time) {
        return stopped(StatusCode::timeout,
                       checking ? cudalab::message("stopped after {} (the check's time limit is {}): the kernel was still running", after,
                                          seconds_in_words(time_limit))
                                : cudalab::message("stopped after {} (the step's time limit is {}): the kernel was still running", after,
                                          seconds_in_words(time_limit)));
      }
      return stopped(StatusCode::cancelled, cudalab::message("stopped after {}: the kernel was still running", after));
    }
  }
}

}  // namespace cudalab::app::worker
