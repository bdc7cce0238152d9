#pragma once
// Whether this machine lets a process make a user namespace at all: a chroot (the distro check's
// Debian 13) refuses it with EPERM, as Ubuntu 24.04 does for unprivileged users (AppArmor). There
// the sandbox falls back to Landlock and says so (sandbox_test.cpp's fallback cases check that);
// the cases that need the namespaces skip, naming why, rather than fail on what the machine
// forbids. Asked of a child, directly of the kernel, not through the sandbox under test.
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace cudalab::app::sandbox {

inline bool user_namespaces_here(std::string* why) {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(::unshare(CLONE_NEWUSER) == 0 ? 0 : errno);
  int status = 0;
  if (child < 0 || ::waitpid(child, &status, 0) != child || !WIFEXITED(status)) {
    *why = "could not ask a child process";
    return false;
  }
  if (WEXITSTATUS(status) == 0) return true;
  *why = std::string("this machine refuses user namespaces (unshare: ") + std::strerror(WEXITSTATUS(status)) + ")";
  return false;
}

}  // namespace cudalab::app::sandbox
