#pragma once
// The sandbox a student's submission is checked in (ARCHITECTURE.md, "Student code is hostile").
// `cudalab worker --sandbox` calls enter_sandbox() first thing, while it is still single-threaded:
// its own session, namespaces where the kernel allows them (user, pid, network, mount, IPC, UTS),
// a new root holding only the compiler's and runtime's files read-only and a private /tmp, a
// cleared environment, rlimits, no capabilities, no_new_privs. The worker then compiles the
// submission and, before the first test runs, calls seal_run_phase(): a seccomp filter that
// refuses exec, fork, ptrace, sockets and signals to other processes.
//
// Each layer is probed; what a kernel refuses (a chroot, a distro without unprivileged user
// namespaces) is said, and the layers that remain still apply. The report says which held.
#include <string>
#include <vector>

namespace cudalab::app::sandbox {

struct Options {
  bool namespaces = true;  // false: skip unshare (tests of the fallback; CUDALAB_SANDBOX_NAMESPACES=0)
  // false: namespaces but no new root, as where the kernel refuses the mounts (CUDALAB_SANDBOX_NEW_ROOT=0)
  bool new_root = true;
  // The backend the worker will open ("emu", "gpu" or "auto"): the GPU's driver reserves huge
  // virtual ranges, so the address-space limit applies only when no GPU can be opened.
  std::string backend = "auto";
};

struct Report {
  std::vector<std::string> layers;   // in effect, in words: "user, pid, network and mount namespaces"
  std::vector<std::string> refused;  // what was tried and refused, with the kernel's words
  bool gpu_possible = false;         // the GPU's device files were kept visible
  std::string private_folder;        // in the machine's /tmp; the supervisor removes it at the end
  // "Sandbox: …; …" — one line for a console or a report's head.
  std::string line() const;
};

// Applies every layer it can to this process; never throws. With a pid namespace it forks: the
// child (pid 1 of the new namespace) returns and goes on as the worker, the parent stays outside,
// waits and exits with the child's status (so killing either ends both, and everything the
// submission started dies with the namespace's init). Call it while single-threaded.
Report enter_sandbox(const Options& options);

// The run phase: installs the seccomp filter on every thread of the process (TSYNC). A no-op in
// a process that did not enter the sandbox, and after the first call. Threads keep working.
void seal_run_phase();

// What enter_sandbox() and seal_run_phase() did here ("" when not sandboxed).
std::string current_line();

// Options from the worker's command line (`--sandbox`, `--backend=emu`) and the environment
// (CUDALAB_SANDBOX_NAMESPACES=0 turns the namespaces off, CUDALAB_SANDBOX_NEW_ROOT=0 the new root:
// to test the fallbacks, or where a layer misbehaves).
Options options_from(int argc, char** argv);

}  // namespace cudalab::app::sandbox
