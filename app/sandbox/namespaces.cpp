// Namespaces and the supervising parent (layers.h).
#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "sandbox/layers.h"

namespace cudalab::app::sandbox {
namespace {

bool write_proc_file(const char* path, const std::string& text) {
  const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  return written;
}

// The children of this (single-threaded) process, as the kernel lists them.
std::vector<pid_t> children_of_self() {
  std::vector<pid_t> children;
  std::ifstream list("/proc/self/task/" + std::to_string(::getpid()) + "/children");
  for (long pid = 0; list >> pid;) children.push_back(static_cast<pid_t>(pid));
  return children;
}

// Kills every process this subreaper was given (the child's orphans: a submission's process
// that left its group with setsid), until none is left. Without a pid namespace this is what
// stops a leftover process from rewriting a file after the check returned.
void kill_adopted() {
  for (int round = 0; round < 1000; ++round) {
    const std::vector<pid_t> children = children_of_self();
    for (pid_t child : children) ::kill(child, SIGKILL);
    while (::waitpid(-1, nullptr, WNOHANG) > 0) {
    }
    if (children.empty()) {
      if (::waitpid(-1, nullptr, 0) < 0 && errno == ECHILD) return;
    } else {
      ::usleep(1000);
    }
  }
}

[[noreturn]] void exit_as(int status) {
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    ::signal(signal, SIG_DFL);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, signal);
    ::sigprocmask(SIG_UNBLOCK, &unblock, nullptr);
    ::kill(::getpid(), signal);  // RLIMIT_CORE is 0 already: no core file
  }
  ::_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 1);
}

}  // namespace

std::string Namespaces::in_words() const {
  std::vector<std::string> names;
  if (user) names.push_back("user");
  if (pid) names.push_back("pid");
  if (net) names.push_back("network");
  if (mount) names.push_back("mount");
  if (ipc) names.push_back("IPC");
  if (uts) names.push_back("UTS");
  std::string words;
  for (std::size_t i = 0; i < names.size(); ++i)
    words += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return words + (names.size() == 1 ? " namespace" : " namespaces");
}

Namespaces unshare_namespaces(std::string* why) {
  const uid_t uid = ::getuid();
  const gid_t gid = ::getgid();
  constexpr int others = CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS;
  Namespaces got;
  if (::unshare(CLONE_NEWUSER | others) == 0) {
    // The same ids inside as outside: files keep their owners, and a compiler exec'd by a
    // non-root teacher gets no capabilities in the namespace.
    write_proc_file("/proc/self/setgroups", "deny");
    const bool mapped = write_proc_file("/proc/self/uid_map", std::to_string(uid) + " " + std::to_string(uid) + " 1") &&
                        write_proc_file("/proc/self/gid_map", std::to_string(gid) + " " + std::to_string(gid) + " 1");
    if (!mapped && why != nullptr) *why = std::string("uid map: ") + std::strerror(errno);
    got.user = got.pid = got.net = got.mount = got.ipc = got.uts = true;
    return got;
  }
  const int user_error = errno;
  // Without a user namespace: only a process with CAP_SYS_ADMIN (a root grader in a chroot) may.
  if (::unshare(others) == 0) {
    got.pid = got.net = got.mount = got.ipc = got.uts = true;
    if (why != nullptr) *why = std::string("user namespace refused (unshare: ") + std::strerror(user_error) + ")";
    return got;
  }
  if (why != nullptr) *why = std::string("unshare: ") + std::strerror(user_error);
  return got;
}

void split_supervisor(const std::string& private_folder) {
  const pid_t supervisor = ::getpid();
  const pid_t client = ::getppid();
  // The folder's parent, held open: if the worker moves this mount namespace to a new root, the
  // path no longer leads there, the descriptor still does.
  const std::filesystem::path folder(private_folder);
  const int parent_fd = private_folder.empty() ? -1 : ::open(folder.parent_path().c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  // Orphans of the child come here, not to the system's init, so they can be ended.
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  // Blocked before the fork: a stop request between fork and sigwait is kept, not lost.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  for (int signal : {SIGTERM, SIGINT, SIGHUP, SIGCHLD}) sigaddset(&stop_signals, signal);
  sigset_t previous;
  ::sigprocmask(SIG_BLOCK, &stop_signals, &previous);
  const pid_t child = ::fork();
  if (child < 0) {
    ::sigprocmask(SIG_SETMASK, &previous, nullptr);
    return;  // no supervisor: the worker goes on in this process (the report still holds)
  }
  if (child == 0) {
    ::sigprocmask(SIG_SETMASK, &previous, nullptr);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    // It died already: nothing to serve. (In a new pid namespace the parent shows as 0.)
    if (const pid_t parent = ::getppid(); parent != supervisor && parent != 0) ::_exit(1);
    ::setpgid(0, 0);  // the submission's group, apart from the supervisor's
    return;
  }
  // The app dying (killed, crashed) asks the supervisor to stop like the app would, so that it
  // still ends what the submission left behind; a signal that came before this is made up for.
  ::prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (::getppid() != client) ::kill(supervisor, SIGTERM);  // blocked: waits for sigwait below
  // The supervisor: no channel (its end of the app's socket closes with the worker), no output.
  for (int fd = 3; fd < 1024; ++fd)
    if (fd != parent_fd) ::close(fd);
  int status = 0;
  while (true) {
    int signal = 0;
    if (::sigwait(&stop_signals, &signal) != 0) continue;
    if (signal == SIGCHLD) {
      // Adopted orphans end too; only the worker's own end decides.
      bool worker_done = false;
      for (int ended = 0, done; (done = ::waitpid(-1, &ended, WNOHANG)) > 0;) {
        if (done == child) {
          status = ended;
          worker_done = true;
        }
      }
      if (worker_done) break;
      continue;
    }
    // Asked to stop: the worker's group first (in a pid namespace its init: all of it).
    ::kill(-child, SIGKILL);
    ::kill(child, SIGKILL);
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    break;
  }
  ::kill(-child, SIGKILL);
  kill_adopted();
  if (!private_folder.empty()) {
    std::error_code ignored;
    std::filesystem::remove_all(private_folder, ignored);  // used by the worker: the machine's root
    if (parent_fd >= 0) ::unlinkat(parent_fd, folder.filename().c_str(), AT_REMOVEDIR);  // unused and empty
  }
  exit_as(status);
}

}  // namespace cudalab::app::sandbox
