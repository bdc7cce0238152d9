// The sandbox's layers (app/sandbox/sandbox.h), each seen from inside: a child of this test
// enters the sandbox as `cudalab worker --sandbox` does, tries what a hostile submission would,
// and reports over a pipe what it could do. Every case runs with the namespaces (root here, so
// unshare works) and, where it means something, without them (the fallback a machine that refuses
// unshare gets).
#include <dirent.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "namespaces_here.h"
#include "sandbox/sandbox.h"

namespace cudalab::app::sandbox {
namespace {

namespace fs = std::filesystem;

// What the sandboxed child found: name → "1"/"0" or a value.
using Findings = std::map<std::string, std::string>;

struct Sandboxed {
  pid_t supervisor = -1;  // the test's child: outside the namespaces, it waits for the worker
  int results = -1;       // read end of the pipe the worker reports on
};

// Which layers a case asks for: all, namespaces whose new root the kernel refused (as on Ubuntu
// with restricted user namespaces), or none of the namespaces.
enum class Mode { namespaces, no_new_root, fallback };

// Forks a child that enters the sandbox and runs `probe` in it (the worker's side); `probe`
// writes "name=value" lines to the fd it is given.
Sandboxed start(Mode mode, const std::function<void(int)>& probe) {
  int pipe_fds[2];
  EXPECT_EQ(::pipe(pipe_fds), 0);
  Sandboxed s;
  s.results = pipe_fds[0];
  s.supervisor = ::fork();
  if (s.supervisor == 0) {
    ::close(pipe_fds[0]);
    Options options;
    options.namespaces = mode != Mode::fallback;
    options.new_root = mode == Mode::namespaces;
    options.backend = "emu";
    const Report report = enter_sandbox(options);
    const std::string line = "report=" + report.line() + "\nfolder=" + report.private_folder + "\n";
    (void)!::write(pipe_fds[1], line.data(), line.size());
    probe(pipe_fds[1]);
    ::_exit(0);
  }
  ::close(pipe_fds[1]);
  return s;
}

Findings finish(Sandboxed s) {
  std::string text;
  char buffer[4096];
  for (ssize_t n; (n = ::read(s.results, buffer, sizeof buffer)) > 0;) text.append(buffer, static_cast<std::size_t>(n));
  ::close(s.results);
  int status = 0;
  ::waitpid(s.supervisor, &status, 0);
  Findings found;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (const auto eq = line.find('='); eq != std::string::npos) found[line.substr(0, eq)] = line.substr(eq + 1);
  return found;
}

void say(int fd, const std::string& name, const std::string& value) {
  const std::string line = name + "=" + value + "\n";
  (void)!::write(fd, line.data(), line.size());
}
void say(int fd, const std::string& name, bool yes) { say(fd, name, std::string(yes ? "1" : "0")); }

bool readable(const std::string& path) {
  std::ifstream in(path);
  std::string text;
  return in && std::getline(in, text);
}

// A teacher's world: a secret in the environment, a $HOME with a private file, a class folder
// (the current directory) with a classmate's submission.
class SandboxTest : public ::testing::TestWithParam<Mode> {
 protected:
  void SetUp() override {
    if (std::string why; GetParam() != Mode::fallback && !user_namespaces_here(&why)) GTEST_SKIP() << why;
    root_ = fs::temp_directory_path() / ("sandbox-test-" + std::to_string(::getpid()));
    fs::create_directories(root_ / "home");
    fs::create_directories(root_ / "class");
    std::ofstream(root_ / "home" / "secret.txt") << "hunter2-home\n";
    std::ofstream(root_ / "class" / "classmate.cu") << "hunter2-classmate\n";
    old_cwd_ = fs::current_path();
    old_home_ = std::getenv("HOME") ? std::getenv("HOME") : "";
    ::setenv("HOME", (root_ / "home").c_str(), 1);
    ::setenv("CUDALAB_TEST_SECRET", "hunter2-env", 1);
    fs::current_path(root_ / "class");
  }
  void TearDown() override {
    if (old_cwd_.empty()) return;  // skipped before anything was set up
    fs::current_path(old_cwd_);
    ::setenv("HOME", old_home_.c_str(), 1);
    ::unsetenv("CUDALAB_TEST_SECRET");
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }
  fs::path root_, old_cwd_;
  std::string old_home_;
};

INSTANTIATE_TEST_SUITE_P(Modes, SandboxTest, ::testing::Values(Mode::namespaces, Mode::no_new_root, Mode::fallback),
                         [](const auto& info) {
                           return info.param == Mode::namespaces ? "namespaces"
                                  : info.param == Mode::no_new_root ? "no_new_root" : "fallback";
                         });

TEST_P(SandboxTest, TheTeachersEnvironmentAndFilesAreOutOfReach) {
  const std::string home_secret = (root_ / "home" / "secret.txt").string();
  const std::string classmate = (root_ / "class" / "classmate.cu").string();
  const Findings found = finish(start(GetParam(), [&](int out) {
    say(out, "env_secret", std::getenv("CUDALAB_TEST_SECRET") != nullptr);
    say(out, "home", std::string(std::getenv("HOME") ? std::getenv("HOME") : ""));
    say(out, "tmpdir", std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : ""));
    say(out, "path", std::string(std::getenv("PATH") ? std::getenv("PATH") : ""));
    say(out, "cwd", fs::current_path().string());
    say(out, "cwd_empty", fs::is_empty(fs::current_path()));
    say(out, "home_secret", readable(home_secret));
    say(out, "classmate", readable(classmate));
    say(out, "compiler", ::access("/usr/bin/g++", X_OK) == 0 || ::access("/usr/bin/c++", X_OK) == 0);
    const int fd = ::open("/usr/sandbox-test-file", O_WRONLY | O_CREAT, 0600);
    say(out, "usr_writable", fd >= 0);
    say(out, "tmp_writable", static_cast<bool>(std::ofstream("scratch.txt") << "x"));
    say(out, "pid", std::to_string(::getpid()));
  }));
  const std::string report = found.count("report") ? found.at("report") : "";
  EXPECT_EQ(found.at("env_secret"), "0");
  EXPECT_EQ(found.at("home_secret"), "0") << report;
  EXPECT_EQ(found.at("path"), "/usr/bin:/bin");
  EXPECT_EQ(found.at("home"), found.at("cwd"));
  EXPECT_EQ(found.at("tmpdir"), found.at("cwd"));
  EXPECT_EQ(found.at("cwd_empty"), "1");
  EXPECT_EQ(found.at("compiler"), "1");
  EXPECT_EQ(found.at("usr_writable"), "0");
  EXPECT_EQ(found.at("tmp_writable"), "1");
  EXPECT_NE(report.find("cleared environment"), std::string::npos) << report;
  EXPECT_NE(report.find("no_new_privs"), std::string::npos) << report;
  EXPECT_EQ(found.at("classmate"), "0");
  if (GetParam() != Mode::fallback) {
    EXPECT_EQ(found.at("pid"), "1");  // init of its own pid namespace
    EXPECT_NE(report.find("user, pid, network, mount, IPC and UTS namespaces"), std::string::npos) << report;
  }
  if (GetParam() == Mode::namespaces) {
    EXPECT_EQ(found.at("cwd"), "/tmp");
    EXPECT_NE(report.find("new root: read-only system folders"), std::string::npos) << report;
  } else {
    // Without a new root, Landlock (this machine's kernel has it) hides the same files.
    EXPECT_NE(report.find(GetParam() == Mode::fallback ? "namespaces turned off" : "new root turned off"),
              std::string::npos) << report;
    EXPECT_NE(report.find("Landlock (ABI"), std::string::npos) << report;
  }
  // The machine's /tmp keeps nothing of it (the private folder, used or not).
  EXPECT_EQ(found.at("folder").rfind("/tmp/cudalab-sandbox-", 0), 0u);
  EXPECT_FALSE(fs::exists(found.at("folder"))) << "the private folder outlived the worker";
}

TEST_P(SandboxTest, RlimitsHold) {
  const Findings found = finish(start(GetParam(), [](int out) {
    rlimit core{}, file{};
    ::getrlimit(RLIMIT_CORE, &core);
    ::getrlimit(RLIMIT_FSIZE, &file);
    say(out, "core", std::to_string(core.rlim_cur));
    ::signal(SIGXFSZ, SIG_IGN);  // so the write fails instead of the process ending
    const int fd = ::open("big.bin", O_WRONLY | O_CREAT | O_TRUNC, 0600);
    std::string chunk(1 << 20, 'x');
    ssize_t written = 0;
    int error = 0;
    for (int i = 0; i < 80; ++i) {
      const ssize_t n = ::write(fd, chunk.data(), chunk.size());
      if (n < 0) {
        error = errno;
        break;
      }
      written += n;
    }
    say(out, "written_mib", std::to_string(written >> 20));
    say(out, "efbig", error == EFBIG);
  }));
  EXPECT_EQ(found.at("core"), "0");
  EXPECT_EQ(found.at("written_mib"), "64");
  EXPECT_EQ(found.at("efbig"), "1");
}

TEST_P(SandboxTest, TheSealRefusesExecForkSocketsAndSignalsButNotThreads) {
  const pid_t test_pid = ::getpid();
  const Findings found = finish(start(GetParam(), [&](int out) {
    seal_run_phase();
    say(out, "line", current_line());
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    say(out, "fork", child >= 0);
    say(out, "fork_eperm", child < 0 && errno == EPERM);
    char sh[] = "/bin/sh";
    char* argv[] = {sh, nullptr};
    say(out, "exec", ::execve("/bin/sh", argv, environ) == 0 || errno != EPERM);
    say(out, "socket_inet", ::socket(AF_INET, SOCK_STREAM, 0) >= 0);
    say(out, "socket_unix", ::socket(AF_UNIX, SOCK_STREAM, 0) >= 0);
    std::atomic<int> ran{0};
    std::thread worker([&] { ran = 42; });
    worker.join();
    say(out, "thread", ran.load() == 42);
    say(out, "kill_other", ::kill(test_pid, 0) == 0);
    static std::atomic<bool> raised{false};
    ::signal(SIGUSR1, [](int) { raised = true; });
    ::raise(SIGUSR1);
    say(out, "raise_self", raised.load());
  }));
  EXPECT_EQ(found.at("fork"), "0");
  EXPECT_EQ(found.at("fork_eperm"), "1");
  EXPECT_EQ(found.at("exec"), "0");
  EXPECT_EQ(found.at("socket_inet"), "0");
  EXPECT_EQ(found.at("socket_unix"), "0");
  EXPECT_EQ(found.at("thread"), "1");
  EXPECT_EQ(found.at("raise_self"), "1");
  EXPECT_EQ(found.at("kill_other"), "0");
  EXPECT_NE(found.at("line").find("seccomp in the run phase"), std::string::npos);
}

// No process of this name left anywhere on the machine.
bool process_named(const std::string& name) {
  for (const auto& entry : fs::directory_iterator("/proc")) {
    std::ifstream comm(entry.path() / "comm");
    std::string found;
    if (comm && std::getline(comm, found) && found == name) return true;
  }
  return false;
}

// A submission's static constructor runs before the seal: it forks a process that leaves the
// worker's group (setsid), waits until the check is over, then rewrites the grades. Ending the
// worker as WorkerClient does (SIGTERM to the supervisor) must end that process too.
TEST_P(SandboxTest, NothingOutlivesTheCheck) {
  const std::string grades = (root_ / "grades.csv").string();
  std::ofstream(grades) << "alice,passed\n";
  const std::string name = "sbxl-" + std::to_string(::getpid() % 100000);  // comm: 15 bytes at most
  Sandboxed s = start(GetParam(), [&](int out) {
    if (::fork() == 0) {
      ::setsid();
      ::prctl(PR_SET_NAME, name.c_str());
      std::this_thread::sleep_for(std::chrono::milliseconds(1500));
      std::ofstream(grades) << "alice,failed\n";
      ::_exit(0);
    }
    say(out, "ready", true);
    ::pause();
  });
  char byte;
  std::string seen;
  while (seen.find("ready=1") == std::string::npos && ::read(s.results, &byte, 1) == 1) seen += byte;
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the grandchild is named by now
  EXPECT_TRUE(process_named(name));
  ::kill(s.supervisor, SIGTERM);
  (void)finish(s);
  std::this_thread::sleep_for(std::chrono::milliseconds(2000));
  EXPECT_FALSE(process_named(name)) << "a process the submission started outlived the check";
  std::ifstream in(grades);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "alice,passed");
}

// The same leftover, but the app itself dies (SIGKILL) instead of ending the check: the
// supervisor hears it (its parent-death signal) and still ends everything.
TEST_P(SandboxTest, NothingOutlivesTheAppDying) {
  const std::string name = "sbxd-" + std::to_string(::getpid() % 100000);
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  const pid_t app = ::fork();
  if (app == 0) {
    ::close(ready[0]);
    Sandboxed s = start(GetParam(), [&](int) {
      if (::fork() == 0) {
        ::setsid();
        ::prctl(PR_SET_NAME, name.c_str());
        std::this_thread::sleep_for(std::chrono::seconds(30));
        ::_exit(0);
      }
      (void)!::write(ready[1], "r", 1);
      ::pause();
    });
    ::pause();
    ::_exit(0);
  }
  ::close(ready[1]);
  char byte = 0;
  ASSERT_EQ(::read(ready[0], &byte, 1), 1);
  ::close(ready[0]);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_TRUE(process_named(name));
  ::kill(app, SIGKILL);
  ::waitpid(app, nullptr, 0);
  for (int i = 0; i < 200 && process_named(name); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_FALSE(process_named(name)) << "a process the submission started outlived the app";
}

}  // namespace
}  // namespace cudalab::app::sandbox
