// The run phase's seccomp filter (layers.h), written as BPF by hand: a list of refused system
// calls, plus argument checks for clone (threads yes, processes no) and for the calls that send
// signals (to this process only).
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "sandbox/layers.h"

namespace cudalab::app::sandbox {
namespace {

#if defined(__x86_64__)
constexpr std::uint32_t kArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr std::uint32_t kArch = AUDIT_ARCH_AARCH64;
#else
#error "the sandbox's seccomp filter knows x86-64 and AArch64"
#endif

constexpr std::uint32_t kAllow = SECCOMP_RET_ALLOW;
constexpr std::uint32_t refuse(int error) { return SECCOMP_RET_ERRNO | (static_cast<std::uint32_t>(error) & SECCOMP_RET_DATA); }
// The low 32 bits of an argument: pids, flags and socket families are ints, and the kernel
// reads only those (little-endian on both architectures).
constexpr std::uint32_t arg_low(int index) {
  return static_cast<std::uint32_t>(offsetof(seccomp_data, args) + sizeof(std::uint64_t) * static_cast<unsigned>(index));
}

class Program {
 public:
  void load_nr() { add(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr))); }
  // nr == call → return `action`.
  void refuse_call(long call, std::uint32_t action) {
    add(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(call), 0, 1));
    add(BPF_STMT(BPF_RET | BPF_K, action));
  }
  // nr == call → allowed only when argument `index` == `value`, else EPERM.
  void only_when_equal(long call, int index, std::uint32_t value) {
    add(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(call), 0, 4));
    add(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, arg_low(index)));
    add(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, value, 0, 1));
    add(BPF_STMT(BPF_RET | BPF_K, kAllow));
    add(BPF_STMT(BPF_RET | BPF_K, refuse(EPERM)));
  }
  // nr == call → allowed only when argument `index` has `bits` set, else EPERM.
  void only_when_bits(long call, int index, std::uint32_t bits) {
    add(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(call), 0, 4));
    add(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, arg_low(index)));
    add(BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, bits, 0, 1));
    add(BPF_STMT(BPF_RET | BPF_K, kAllow));
    add(BPF_STMT(BPF_RET | BPF_K, refuse(EPERM)));
  }
  void add(sock_filter instruction) { code_.push_back(instruction); }
  std::vector<sock_filter>& code() { return code_; }

 private:
  std::vector<sock_filter> code_;
};

std::vector<sock_filter> run_filter(bool gpu) {
  Program p;
  // Another architecture's numbers mean other calls: such a call ends the process.
  p.add(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)));
  p.add(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, kArch, 1, 0));
  p.add(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
  p.load_nr();
#if defined(__x86_64__)
  // x32 calls (bit 30) reach the same kernel code under other numbers.
  p.add(BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1));
  p.add(BPF_STMT(BPF_RET | BPF_K, refuse(EPERM)));
  for (long call : {SYS_fork, SYS_vfork}) p.refuse_call(call, refuse(EPERM));
#endif
  // No new programs and no new processes; glibc's pthread_create falls back from clone3 (whose
  // flags sit in memory a filter cannot read) to clone when told ENOSYS.
  p.refuse_call(SYS_clone3, refuse(ENOSYS));
  for (long call : {SYS_execve, SYS_execveat, SYS_ptrace, SYS_process_vm_readv, SYS_process_vm_writev, SYS_tkill,
                    SYS_pidfd_open, SYS_pidfd_send_signal, SYS_pidfd_getfd,
                    // the namespace and mount machinery a leftover capability could use
                    SYS_mount, SYS_umount2, SYS_pivot_root, SYS_chroot, SYS_unshare, SYS_setns, SYS_open_tree, SYS_move_mount,
                    SYS_fsopen, SYS_fsconfig, SYS_fsmount, SYS_fspick, SYS_mount_setattr, SYS_name_to_handle_at,
                    SYS_open_by_handle_at,
                    // kernel surfaces a kernel's exercise never needs
                    SYS_bpf, SYS_keyctl, SYS_add_key, SYS_request_key, SYS_userfaultfd, SYS_io_uring_setup,
                    SYS_io_uring_enter, SYS_io_uring_register, SYS_kexec_load, SYS_init_module, SYS_finit_module,
                    SYS_delete_module, SYS_reboot, SYS_swapon, SYS_swapoff, SYS_acct})
    p.refuse_call(call, refuse(EPERM));
  p.only_when_bits(SYS_clone, 0, CLONE_THREAD);
  // Signals: to this process only (raise, abort and pthread_kill use these with its own pid).
  const auto self = static_cast<std::uint32_t>(::getpid());
  for (long call : {SYS_kill, SYS_tgkill, SYS_rt_sigqueueinfo, SYS_rt_tgsigqueueinfo}) p.only_when_equal(call, 0, self);
  if (gpu) {
    // The CUDA driver may talk to local daemons (MPS) over Unix sockets and to the profiler
    // interface through perf events: kept; no other socket family.
    p.only_when_equal(SYS_socket, 0, AF_UNIX);
  } else {
    for (long call : {SYS_socket, SYS_socketpair, SYS_connect, SYS_bind, SYS_listen, SYS_accept, SYS_accept4,
                      SYS_perf_event_open})
      p.refuse_call(call, refuse(EPERM));
  }
  p.add(BPF_STMT(BPF_RET | BPF_K, kAllow));
  return std::move(p.code());
}

}  // namespace

bool seccomp_available(std::string* why) {
  // With filter mode compiled in, a null program is refused as a bad address (libseccomp's probe).
  if (::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, nullptr) != 0 && errno == EFAULT) return true;
  *why = std::string("seccomp: ") + std::strerror(errno);
  return false;
}

bool install_run_filter(bool gpu, std::string* why) {
  std::vector<sock_filter> code = run_filter(gpu);
  sock_fprog program{static_cast<unsigned short>(code.size()), code.data()};
  // TSYNC: the filter covers the threads already running (the emulator's pool, the channel's
  // reader, CUDA's helpers), not only the caller.
  const long failed = ::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &program);
  if (failed == 0) return true;
  *why = failed > 0 ? "seccomp: thread " + std::to_string(failed) + " could not take the filter"
                    : std::string("seccomp: ") + std::strerror(errno);
  return false;
}

}  // namespace cudalab::app::sandbox
