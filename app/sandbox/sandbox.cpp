// The sandbox's order of layers and its report (sandbox.h); each layer is in its own file.
#include "sandbox/sandbox.h"

#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string_view>

#include "sandbox/layers.h"
#include "worker/protocol.h"

namespace cudalab::app::sandbox {
namespace {

struct State {
  bool entered = false, sealed = false;
  Report report;
};

State& state() {
  static State s;
  return s;
}

// Whether the CUDA driver is open in this process: it holds /dev/nvidiactl once initialised.
bool gpu_open_here() {
  DIR* fds = ::opendir("/proc/self/fd");
  if (fds == nullptr) return state().report.gpu_possible;  // cannot tell: the permissive filter
  bool open = false;
  while (dirent* entry = ::readdir(fds)) {
    char target[256];
    const std::string link = std::string("/proc/self/fd/") + entry->d_name;
    const ssize_t n = ::readlink(link.c_str(), target, sizeof target - 1);
    if (n > 0 && std::string_view(target, static_cast<std::size_t>(n)).starts_with("/dev/nvidia")) open = true;
  }
  ::closedir(fds);
  return open;
}

std::string join(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : "; ") + part;
  return out;
}

}  // namespace

std::string Report::line() const {
  std::vector<std::string> parts = refused;
  parts.insert(parts.end(), layers.begin(), layers.end());
  return "Sandbox: " + join(parts);
}

Report enter_sandbox(const Options& options) {
  State& s = state();
  Report& report = s.report;
  s.entered = true;
  // Its own session: the app ends the check by its group, and no terminal signal reaches it.
  const bool own_session = ::setsid() >= 0 || ::getsid(0) == ::getpid();
  const bool dies_with_app = ::prctl(PR_SET_PDEATHSIG, SIGKILL) == 0;
  report.gpu_possible = options.backend != "emu" && ::access("/dev/nvidiactl", F_OK) == 0;
  // Planned before the environment is cleared: it reads HOME, LD_LIBRARY_PATH and the folders.
  const RootPlan plan = plan_root(report.gpu_possible);

  Namespaces ns;
  std::string ns_why;
  if (options.namespaces) {
    ns = unshare_namespaces(&ns_why);
  } else {
    report.refused.push_back("namespaces turned off (CUDALAB_SANDBOX_NAMESPACES=0)");
  }
  if (options.namespaces && !ns.any()) report.refused.push_back("namespaces refused here (" + ns_why + ")");
  else if (!ns_why.empty()) report.refused.push_back(ns_why);

  // Without a new root /tmp is the machine's: a fresh folder in it stands in, removed by the
  // supervisor when the check ends. Made before the new root is tried: that can fail too (Ubuntu
  // lets an unprivileged process create a user namespace but have no capabilities in it).
  std::string private_folder;
  std::string pattern = "/tmp/cudalab-sandbox-XXXXXX";
  if (::mkdtemp(pattern.data()) != nullptr) private_folder = pattern;
  report.private_folder = private_folder;
  const std::string limits = apply_rlimits(ns.user, !report.gpu_possible);
  split_supervisor(private_folder);  // from here on: the worker (pid 1 of its namespace, if any)

  if (own_session) report.layers.push_back(dies_with_app ? "own session and process group, ended with the app"
                                                         : "own session and process group");
  if (ns.any()) report.layers.push_back(ns.in_words());
  bool new_root = false;
  if (ns.mount && !options.new_root) report.refused.push_back("new root turned off (CUDALAB_SANDBOX_NEW_ROOT=0)");
  if (ns.mount && options.new_root) {
    std::string why;
    bool proc = false;
    new_root = enter_new_root(plan, ns.pid, &why, &proc);
    if (new_root) {
      report.layers.push_back(std::string("new root: read-only system folders") + (proc ? ", own /proc" : ", no /proc") +
                              (report.gpu_possible ? ", the GPU's device files" : "") + "; private /tmp");
    } else {
      report.refused.push_back("new root refused here (" + why + ")");
    }
  }
  if (!new_root && ns.pid && ns.mount &&
      ::mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr) == 0) {
    // The machine's /proc does not match a pid namespace of its own: the CUDA driver, opening
    // /proc/<its pid>/…, fails there ("OS call failed", seen on an H200). Fresh, where mounts work.
    report.layers.push_back("own /proc");
  }
  std::string home = "/tmp";
  bool have_private = false;
  if (!new_root) {
    // (After a new root failed half-way the folder is out of reach: Landlock below then allows
    // nothing at all, and the check fails closed rather than see the machine.)
    if (private_folder.empty() || ::chdir(private_folder.c_str()) != 0) {
      report.refused.push_back("no private folder (" + std::string(std::strerror(errno)) + ")");
    } else {
      home = private_folder;
      have_private = true;
    }
  }
  clear_environment(home);
  report.layers.push_back("cleared environment");
  if (!limits.empty()) report.layers.push_back("rlimits (" + limits + ")");
  std::string why;
  if (ns.any() || ::geteuid() == 0) {  // otherwise there were none to drop
    if (drop_capabilities(&why)) report.layers.push_back("no capabilities");
    else report.refused.push_back("capabilities kept (" + why + ")");
  }
  const bool no_new_privs = set_no_new_privs(&why);
  if (!no_new_privs) report.refused.push_back(why);
  if (!new_root) {
    // No new root: Landlock, where the kernel has it, hides the rest of the machine instead.
    std::string words;
    if (no_new_privs && confine_files(plan, have_private ? private_folder : std::string(), &words, &why)) {
      if (have_private) report.layers.push_back("private folder as HOME, TMPDIR and working folder");
      report.layers.push_back(words);
    } else {
      report.refused.push_back("Landlock refused here (" + (no_new_privs ? why : "no no_new_privs") + ")");
      if (have_private)
        report.layers.push_back("private folder as HOME, TMPDIR and working folder (the system's files stay visible)");
    }
  }
  if (no_new_privs) report.layers.push_back("no_new_privs");
  if (seccomp_available(&why)) {
    report.layers.push_back(report.gpu_possible ? "seccomp in the run phase (with the GPU open: Unix sockets allowed)"
                                                : "seccomp in the run phase");
  } else {
    report.refused.push_back("seccomp refused here (" + why + ")");
  }
  return report;
}

void seal_run_phase() {
  State& s = state();
  if (!s.entered || s.sealed) return;
  s.sealed = true;
  std::string why;
  if (install_run_filter(gpu_open_here(), &why)) return;
  // The report promised the filter: a submission never runs without it. The app reads this
  // message as the worker's last words.
  (void)worker::write_message(worker::worker_channel_fd,
                              {{"op", "fault"}, {"message", "the sandbox could not seal the run phase (" + why + ")"}});
  ::_exit(70);
}

std::string current_line() { return state().entered ? state().report.line() : std::string(); }

Options options_from(int argc, char** argv) {
  Options options;
  for (int i = 0; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.starts_with("--backend=")) options.backend = std::string(arg.substr(10));
  }
  if (const char* value = std::getenv("CUDALAB_SANDBOX_NAMESPACES"); value != nullptr && std::string_view(value) == "0")
    options.namespaces = false;
  if (const char* value = std::getenv("CUDALAB_SANDBOX_NEW_ROOT"); value != nullptr && std::string_view(value) == "0")
    options.new_root = false;
  return options;
}

}  // namespace cudalab::app::sandbox
