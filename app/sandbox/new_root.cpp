// The new root (layers.h): what the compiler and the runtime need, read-only, and nothing else.
#include <fcntl.h>
#include <glob.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include "sandbox/layers.h"

namespace cudalab::app::sandbox {
namespace {

namespace fs = std::filesystem;

// mount_setattr(2) (Linux 5.12): makes a whole bound tree read-only in one call. Declared here:
// <linux/mount.h> and glibc's <sys/mount.h> clash on some versions.
struct MountAttr {
  std::uint64_t attr_set, attr_clr, propagation, userns_fd;
};
constexpr std::uint64_t kAttrReadOnly = 0x1, kAttrNoSuid = 0x2;
#ifndef SYS_mount_setattr
#define SYS_mount_setattr 442
#endif

bool fail(std::string* why, const std::string& what) {
  *why = what + ": " + std::strerror(errno);
  return false;
}

bool make_dirs(const std::string& path) {
  std::error_code error;
  fs::create_directories(path, error);
  return !error;
}

// Read-only, keeping the flags a mount namespace of a user namespace may not clear (locked).
bool make_read_only(const std::string& target, std::string* why) {
  MountAttr attr{kAttrReadOnly | kAttrNoSuid, 0, 0, 0};
  if (::syscall(SYS_mount_setattr, AT_FDCWD, target.c_str(), AT_RECURSIVE, &attr, sizeof attr) == 0) return true;
  if (errno != ENOSYS) return fail(why, "read-only " + target);
  struct statvfs facts {};
  unsigned long flags = MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID;
  if (::statvfs(target.c_str(), &facts) == 0) {
    if (facts.f_flag & ST_NODEV) flags |= MS_NODEV;
    if (facts.f_flag & ST_NOEXEC) flags |= MS_NOEXEC;
  }
  // Older kernels: the top mount only (system folders rarely have mounts inside).
  return ::mount(nullptr, target.c_str(), nullptr, flags, nullptr) == 0 || fail(why, "read-only " + target);
}

// Shows host `path` (reached under /oldroot) at the same path under /newroot. A link (/bin →
// usr/bin on merged-/usr systems) is made again as a link; its target is bound on its own.
bool bind(const std::string& path, bool read_only, std::string* why) {
  const std::string source = "/oldroot" + path, target = "/newroot" + path;
  struct stat facts {};
  if (::lstat(source.c_str(), &facts) != 0) return true;  // absent here: nothing to show
  if (!make_dirs(fs::path(target).parent_path().string())) return fail(why, "mkdir " + target);
  if (S_ISLNK(facts.st_mode)) {
    char link[4096];
    const ssize_t n = ::readlink(source.c_str(), link, sizeof link - 1);
    if (n <= 0) return true;
    link[n] = '\0';
    return ::symlink(link, target.c_str()) == 0 || errno == EEXIST || fail(why, "symlink " + target);
  }
  if (S_ISDIR(facts.st_mode)) {
    if (!make_dirs(target)) return fail(why, "mkdir " + target);
  } else {
    const int fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return fail(why, "create " + target);
    ::close(fd);
  }
  if (::mount(source.c_str(), target.c_str(), nullptr, MS_BIND | MS_REC, nullptr) != 0) return fail(why, "bind " + path);
  return !read_only || make_read_only(target, why);
}

bool mount_tmpfs(const std::string& target, const char* options, std::string* why) {
  if (!make_dirs(target)) return fail(why, "mkdir " + target);
  return ::mount("tmpfs", target.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, options) == 0 || fail(why, "tmpfs " + target);
}

}  // namespace

bool enter_new_root(const RootPlan& plan, bool fresh_proc, std::string* why, bool* proc_mounted) {
  *proc_mounted = false;
  // Nothing done here may reach the host's mounts.
  if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) return fail(why, "private mounts");
  // A scratch tmpfs becomes the root at once, the host's root under it at /oldroot: every host
  // path stays reachable as a bind source, even one under /tmp (bubblewrap does the same).
  if (!mount_tmpfs("/tmp", "size=1m,mode=0755", why)) return false;
  if (::chdir("/tmp") != 0) return fail(why, "chdir");
  if (!make_dirs("/tmp/oldroot")) return fail(why, "mkdir oldroot");
  if (::syscall(SYS_pivot_root, "/tmp", "/tmp/oldroot") != 0) return fail(why, "pivot_root");
  if (::chdir("/") != 0) return fail(why, "chdir");
  // The root the worker will see: its own tmpfs, made read-only at the end.
  if (!mount_tmpfs("/newroot", "size=4m,mode=0755", why)) return false;

  for (const std::string& path : plan.read_only)
    if (!bind(path, true, why)) return false;
  if (!make_dirs("/newroot/dev")) return fail(why, "mkdir /dev");
  for (const std::string& device : plan.devices)
    if (!bind(device, false, why)) return false;
  for (const auto& [link, target] : {std::pair{"fd", "/proc/self/fd"}, {"stdin", "/proc/self/fd/0"},
                                     {"stdout", "/proc/self/fd/1"}, {"stderr", "/proc/self/fd/2"}})
    (void)::symlink(target, (std::string("/newroot/dev/") + link).c_str());
  if (!mount_tmpfs("/newroot/dev/shm", "size=64m,mode=1777", why)) return false;
  if (plan.sys && !bind("/sys", true, why)) return false;
  // The private, writable, empty /tmp: the compiler's scratch and the working folder. Its size
  // bounds what a submission can fill (it is memory).
  if (!mount_tmpfs("/newroot/tmp", "size=256m,nr_inodes=16384,mode=1777", why)) return false;
  if (!make_dirs("/newroot/proc")) return fail(why, "mkdir /proc");
  // A fresh /proc shows this pid namespace only; where the kernel refuses it (a /proc with
  // masked parts, as in some containers) the worker goes without one rather than see the host's.
  if (fresh_proc)
    *proc_mounted = ::mount("proc", "/newroot/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr) == 0;

  // pivot_root(".", "."): the scratch root ends up on top of the new one and is detached with
  // the host's root under it.
  if (::chdir("/newroot") != 0) return fail(why, "chdir /newroot");
  if (::syscall(SYS_pivot_root, ".", ".") != 0) return fail(why, "pivot_root");
  if (::umount2(".", MNT_DETACH) != 0) return fail(why, "detach the old root");
  if (::chdir("/") != 0) return fail(why, "chdir /");
  if (::mount(nullptr, "/", nullptr, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, nullptr) != 0)
    return fail(why, "read-only root");
  if (::chdir("/tmp") != 0) return fail(why, "chdir /tmp");
  return true;
}

RootPlan plan_root(bool gpu) {
  RootPlan plan;
  for (const char* path : {"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc/alternatives",
                           "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/opt/cuda"})
    plan.read_only.emplace_back(path);
  std::error_code error;
  const fs::path cwd = fs::current_path(error);
  const char* home_env = std::getenv("HOME");
  const fs::path home = home_env != nullptr && *home_env != '\0' ? fs::weakly_canonical(home_env, error) : fs::path();
  // A folder that holds $HOME or the current directory (the class folder, the CSV's) is never
  // shown, whatever variable names it.
  auto holds = [](const fs::path& outer, const fs::path& inner) {
    if (inner.empty()) return false;
    auto o = outer.begin(), i = inner.begin();
    for (; o != outer.end() && i != inner.end(); ++o, ++i)
      if (*o != *i) return false;
    return o == outer.end();
  };
  auto add = [&](const fs::path& wanted) {
    if (wanted.empty() || !wanted.is_absolute()) return;
    std::error_code ignored;
    const fs::path path = fs::weakly_canonical(wanted, ignored);
    if (ignored || path == "/" || holds(path, home) || holds(path, cwd) || !fs::exists(path, ignored)) return;
    plan.read_only.push_back(path.string());
  };
  // The executable's folder and its data folder (session/paths.cpp finds them the same way); the
  // build tree links the data folder's parts to the source tree, so their targets come too.
  char exe[4096];
  const ssize_t n = ::readlink("/proc/self/exe", exe, sizeof exe - 1);
  const fs::path exe_dir = n > 0 ? fs::path(std::string(exe, static_cast<std::size_t>(n))).parent_path() : fs::path();
  const char* data_env = std::getenv("CUDALAB_DATA_DIR");
  const fs::path data = data_env != nullptr && *data_env != '\0' ? fs::path(data_env)
                                                                  : (exe_dir / ".." / "share" / "cudalab").lexically_normal();
  add(exe_dir);
  add(data);
  for (const auto& entry : fs::directory_iterator(data, error)) {
    std::error_code unreadable;
    if (!entry.is_symlink(unreadable)) continue;
    const fs::path target = fs::read_symlink(entry.path(), unreadable);
    if (!unreadable) add(target.is_absolute() ? target : entry.path().parent_path() / target);
  }
  // A GPU backend library named by path (cudalab/gpu_backend.h) is loaded inside, on first use.
  if (const char* backend = std::getenv("CUDALAB_GPU_BACKEND"); backend != nullptr && *backend == '/')
    add(fs::path(backend).parent_path());
  // The libraries the worker is run with (the GPU machine carries some) and the CUDA toolkit.
  for (const char* variable : {"LD_LIBRARY_PATH", "CUDA_HOME", "CUDA_PATH"}) {
    const char* value = std::getenv(variable);
    std::string list = value != nullptr ? value : "";
    for (std::size_t start = 0; start <= list.size();) {
      const std::size_t end = std::min(list.find(':', start), list.size());
      add(list.substr(start, end - start));
      start = end + 1;
    }
  }
  for (const char* device : {"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"})
    plan.devices.emplace_back(device);
  if (gpu) {
    glob_t found{};
    if (::glob("/dev/nvidia*", 0, nullptr, &found) == 0)
      for (std::size_t i = 0; i < found.gl_pathc; ++i) plan.devices.emplace_back(found.gl_pathv[i]);
    ::globfree(&found);
    plan.sys = true;  // the driver reads its PCI and NUMA facts there
  }
  return plan;
}

}  // namespace cudalab::app::sandbox
