#pragma once
// The sandbox's layers, one file each (sandbox.h says what they make together). Each returns
// whether it held and, when not, why in the kernel's words, so that the report says what is in
// force rather than what was intended.
#include <string>
#include <vector>

#include "sandbox/sandbox.h"

namespace cudalab::app::sandbox {

// namespaces.cpp -------------------------------------------------------------------------------
struct Namespaces {
  bool user = false, pid = false, net = false, mount = false, ipc = false, uts = false;
  bool any() const { return user || pid || net || mount || ipc || uts; }
  std::string in_words() const;  // "user, pid, network and mount namespaces"
};
// unshare() with a user namespace (this uid and gid mapped to themselves), else without one
// (works only with CAP_SYS_ADMIN), else nothing; `why` gets the kernel's refusal.
Namespaces unshare_namespaces(std::string* why);
// Forks. The child returns (pid 1 of the new pid namespace when there is one) in a process group
// of its own. The parent never returns: it reaps orphans as a subreaper, ends the child's group
// when asked (SIGTERM/SIGINT/SIGHUP) or when the child ends, kills whatever the child left behind,
// removes `private_folder` (if any) and exits as the child did.
void split_supervisor(const std::string& private_folder);

// new_root.cpp ---------------------------------------------------------------------------------
struct RootPlan {
  std::vector<std::string> read_only;  // host paths shown at the same path, read-only
  std::vector<std::string> devices;    // files under /dev (and /dev/nvidia-caps) shown writable
  bool sys = false;                    // /sys read-only (the GPU driver reads its PCI topology)
};
// The paths a worker needs: system folders, the executable's and data folders, the library
// folders named by LD_LIBRARY_PATH/CUDA_HOME, and the GPU's files when `gpu`. Never $HOME, an
// ancestor of it, "/" or the current directory (or an ancestor of it).
RootPlan plan_root(bool gpu);
// In a fresh mount namespace: a tmpfs root holding `plan`, a fresh /proc (when in a new pid
// namespace), a private writable /tmp that is also the working folder, and the rest read-only.
// False with `why` when a step failed (the namespace is then left as it was where possible).
bool enter_new_root(const RootPlan& plan, bool fresh_proc, std::string* why, bool* proc_mounted);

// landlock.cpp ---------------------------------------------------------------------------------
// Without a mount namespace: confines this process (and what it execs) to `plan`'s paths, read-
// only, and `private_folder`, read-write; with newer kernels also no TCP and no signals out.
// Needs no_new_privs first. `words` says what held.
bool confine_files(const RootPlan& plan, const std::string& private_folder, std::string* words, std::string* why);

// limits.cpp -----------------------------------------------------------------------------------
// Clears the environment but PATH, HOME, TMPDIR, LANG and an allowlist; `home` becomes HOME/TMPDIR.
void clear_environment(const std::string& home);
// Core 0, file size, open files, processes (when `count_processes`), CPU seconds, and the address
// space when `address_space`; the words say which were set.
std::string apply_rlimits(bool count_processes, bool address_space);
// Empties the capability sets (and the bounding set, so an exec'd compiler gets none back).
bool drop_capabilities(std::string* why);
bool set_no_new_privs(std::string* why);

// seccomp.cpp ----------------------------------------------------------------------------------
// Whether this kernel takes seccomp filters (probed without installing one).
bool seccomp_available(std::string* why);
// Installs the run phase's filter on every thread. `gpu`: the driver is open here, so local
// (AF_UNIX) sockets and perf events stay allowed.
bool install_run_filter(bool gpu, std::string* why);

}  // namespace cudalab::app::sandbox
