// The environment, rlimits and privileges (layers.h).
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "sandbox/layers.h"

extern char** environ;

namespace cudalab::app::sandbox {
namespace {

// What the worker itself reads (grep getenv in runtime/, lessons/, app/worker/): the compiler to
// use, the data folder, the test switches, and what the CUDA driver and the carried libraries of
// a GPU machine need. Nothing else of the teacher's environment reaches a submission.
constexpr const char* kPassedThrough[] = {
    "CUDALAB_CXX", "CXX", "CUDALAB_DATA_DIR", "CUDALAB_HIDE_CUDA_LIBRARIES", "CUDALAB_GPU_BACKEND",
    "CUDALAB_FAULT_DRILLS", "CUDALAB_UNSAFE_HOST_CALLS",
    "CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER", "CUDA_HOME", "CUDA_PATH", "LD_LIBRARY_PATH"};

constexpr rlim_t kMiB = rlim_t{1} << 20;
constexpr rlim_t kFileBytes = 64 * kMiB;  // one file; the private /tmp's own size bounds the sum
constexpr rlim_t kOpenFiles = 512;        // the CUDA driver opens a few dozen
constexpr rlim_t kProcesses = 1024;       // threads count: the emulator's pool, CUDA's helpers
constexpr rlim_t kCpuSeconds = 1800;      // a backstop: the app's time limit comes first
constexpr rlim_t kAddressSpace = rlim_t{16} << 30;

// Lowers a limit, never raises one the teacher set lower.
bool lower(int resource, rlim_t value) {
  rlimit now{};
  if (::getrlimit(resource, &now) != 0) return false;
  rlimit wanted{std::min(now.rlim_cur, value), std::min(now.rlim_max, value)};
  return ::setrlimit(resource, &wanted) == 0;
}

}  // namespace

void clear_environment(const std::string& home) {
  std::vector<std::pair<std::string, std::string>> kept;
  for (const char* name : kPassedThrough)
    if (const char* value = std::getenv(name); value != nullptr) kept.emplace_back(name, value);
  // clearenv() only forgets the strings: /proc/<pid>/environ still shows the block the process
  // was started with (the worker's own, readable by the submission it runs). Blank it first.
  std::vector<char*> original;
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) original.push_back(*entry);
  ::clearenv();
  for (char* text : original) std::memset(text, 0, std::strlen(text));
  ::setenv("PATH", "/usr/bin:/bin", 1);
  ::setenv("HOME", home.c_str(), 1);
  ::setenv("TMPDIR", home.c_str(), 1);
  ::setenv("LANG", "C.UTF-8", 1);
  for (const auto& [name, value] : kept) ::setenv(name.c_str(), value.c_str(), 1);
}

std::string apply_rlimits(bool count_processes, bool address_space) {
  std::vector<std::string> set;
  if (lower(RLIMIT_CORE, 0)) set.push_back("no core files");
  if (lower(RLIMIT_FSIZE, kFileBytes)) set.push_back("files ≤ " + std::to_string(kFileBytes / kMiB) + " MiB");
  if (lower(RLIMIT_NOFILE, kOpenFiles)) set.push_back(std::to_string(kOpenFiles) + " open files");
  // Counted per user, across the whole machine unless in a user namespace of its own: there, a
  // limit would count the teacher's other processes, so it is set only inside one.
  if (count_processes && lower(RLIMIT_NPROC, kProcesses)) set.push_back(std::to_string(kProcesses) + " processes");
  if (lower(RLIMIT_CPU, kCpuSeconds)) set.push_back(std::to_string(kCpuSeconds) + " CPU s");
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)  // their shadow memory is terabytes
  if (address_space && lower(RLIMIT_AS, kAddressSpace)) set.push_back(std::to_string(kAddressSpace >> 30) + " GiB of address space");
#endif
  std::string words;
  for (const std::string& part : set) words += (words.empty() ? "" : ", ") + part;
  return words;
}

bool drop_capabilities(std::string* why) {
  // The bounding set first (it needs CAP_SETPCAP, which the next step removes): a root teacher's
  // compiler, exec'd later, would otherwise get every capability back.
  for (int cap = 0; cap <= 63; ++cap) {
    if (::prctl(PR_CAPBSET_READ, cap) < 0) break;  // past the kernel's last capability
    ::prctl(PR_CAPBSET_DROP, cap);
  }
  ::prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct data[2]{};
  if (::syscall(SYS_capset, &header, data) != 0) {
    *why = std::string("capset: ") + std::strerror(errno);
    return false;
  }
  return true;
}

bool set_no_new_privs(std::string* why) {
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0) return true;
  *why = std::string("no_new_privs: ") + std::strerror(errno);
  return false;
}

}  // namespace cudalab::app::sandbox
