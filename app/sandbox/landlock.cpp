// Landlock (layers.h): where namespaces are refused, the kernel can still confine a process to the
// files it names, without privileges (Linux 5.13+, enabled on Ubuntu 24.04 and Debian 12 kernels).
// Declared here rather than taken from <linux/landlock.h>: older headers lack the later ABIs'
// fields (networking in 4, signal scoping in 6), and the kernel reads a smaller struct from an
// older header anyway.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>

#include "sandbox/layers.h"

namespace cudalab::app::sandbox {
namespace {

// Numbered alike on every architecture (new system calls share one table since Linux 5.1).
constexpr long kCreateRuleset = 444, kAddRule = 445, kRestrictSelf = 446;
constexpr std::uint32_t kCreateRulesetVersion = 1u << 0;
constexpr int kRulePathBeneath = 1;

struct RulesetAttr {
  std::uint64_t handled_access_fs = 0;
  std::uint64_t handled_access_net = 0;  // ABI 4
  std::uint64_t scoped = 0;              // ABI 6
};
struct __attribute__((packed)) PathBeneathAttr {
  std::uint64_t allowed_access;
  std::int32_t parent_fd;
};

// Filesystem rights (LANDLOCK_ACCESS_FS_*), by the ABI that brought them.
constexpr std::uint64_t kExecute = 1ull << 0, kWriteFile = 1ull << 1, kReadFile = 1ull << 2, kReadDir = 1ull << 3;
constexpr std::uint64_t kAbi1All = (1ull << 13) - 1;           // execute … make_sym
constexpr std::uint64_t kRefer = 1ull << 13;                   // ABI 2
constexpr std::uint64_t kTruncate = 1ull << 14;                // ABI 3
constexpr std::uint64_t kIoctlDev = 1ull << 15;                // ABI 5
constexpr std::uint64_t kNetBindTcp = 1ull << 0, kNetConnectTcp = 1ull << 1;  // ABI 4
constexpr std::uint64_t kScopeAbstractUnix = 1ull << 0, kScopeSignal = 1ull << 1;  // ABI 6

std::uint64_t fs_rights(long abi) {
  std::uint64_t rights = kAbi1All;
  if (abi >= 2) rights |= kRefer;
  if (abi >= 3) rights |= kTruncate;
  if (abi >= 5) rights |= kIoctlDev;
  return rights;
}

bool allow(int ruleset, const std::string& path, std::uint64_t access, std::uint64_t handled) {
  const int fd = ::open(path.c_str(), O_PATH | O_CLOEXEC);
  if (fd < 0) return true;  // absent here: nothing to allow
  PathBeneathAttr rule{access & handled, fd};
  // A file (not a folder) takes only the rights that apply to files.
  struct stat facts {};
  if (::fstat(fd, &facts) == 0 && !S_ISDIR(facts.st_mode))
    rule.allowed_access &= kExecute | kWriteFile | kReadFile | kTruncate | kIoctlDev;
  const bool added = ::syscall(kAddRule, ruleset, kRulePathBeneath, &rule, 0) == 0;
  ::close(fd);
  return added;
}

}  // namespace

bool confine_files(const RootPlan& plan, const std::string& private_folder, std::string* words, std::string* why) {
  const long abi = ::syscall(kCreateRuleset, nullptr, 0, kCreateRulesetVersion);
  if (abi < 0) {
    *why = std::string("Landlock: ") + std::strerror(errno);
    return false;
  }
  RulesetAttr attr;
  attr.handled_access_fs = fs_rights(abi);
  std::size_t size = sizeof attr.handled_access_fs;
  if (abi >= 4) {
    attr.handled_access_net = kNetBindTcp | kNetConnectTcp;  // no rule allows any: no TCP at all
    size += sizeof attr.handled_access_net;
  }
  if (abi >= 6) {
    // No signal to, and no abstract Unix socket of, any process outside this sandbox.
    attr.scoped = kScopeAbstractUnix | kScopeSignal;
    size += sizeof attr.scoped;
  }
  const int ruleset = static_cast<int>(::syscall(kCreateRuleset, &attr, size, 0));
  if (ruleset < 0) {
    *why = std::string("Landlock ruleset: ") + std::strerror(errno);
    return false;
  }
  const std::uint64_t handled = attr.handled_access_fs;
  const std::uint64_t read_only = kExecute | kReadFile | kReadDir;
  bool ok = true;
  for (const std::string& path : plan.read_only) ok = ok && allow(ruleset, path, read_only, handled);
  for (const std::string& device : plan.devices)
    ok = ok && allow(ruleset, device, kReadFile | kWriteFile | kTruncate | kIoctlDev | kReadDir, handled);
  // /proc: the worker reads its own entries; another process's environment stays closed, as
  // Landlock refuses ptrace-like access to processes outside the sandbox.
  ok = ok && allow(ruleset, "/proc", kReadFile | kReadDir, handled);
  if (plan.sys) {
    ok = ok && allow(ruleset, "/sys", kReadFile | kReadDir, handled);
    // The CUDA driver rewrites its own process's entries (fopen "w": write and truncate) as it
    // initialises; without them cuInit fails ("OS call failed", seen on an H200). This process only.
    ok = ok && allow(ruleset, "/proc/self", kReadFile | kWriteFile | kTruncate | kReadDir, handled);
  }
  ok = ok && allow(ruleset, private_folder, handled, handled);
  if (!ok || ::syscall(kRestrictSelf, ruleset, 0) != 0) {
    *why = std::string("Landlock: ") + std::strerror(errno);
    ::close(ruleset);
    return false;
  }
  ::close(ruleset);
  *words = "Landlock (ABI " + std::to_string(abi) + "): only the system folders read-only and the private folder";
  if (abi >= 4) *words += "; no TCP";
  if (abi >= 6) *words += "; no signals out of the sandbox";
  return true;
}

}  // namespace cudalab::app::sandbox
