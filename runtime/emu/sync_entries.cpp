// The calls a kernel makes to wait: __syncthreads() and its _count/_and/_or forms (context.h) and
// every warp intrinsic (warp_call.h). Each parks the calling thread's fiber in its block runner.
//
// Why the x86-64 entries are a few lines of assembly: a thread that waits resumes another thread
// parked at its own call site, and "return to the caller" is then a return to a different place
// in the kernel than the one the CPU's return-address predictor holds (the parking thread's call
// site). A kernel with two barriers (chapter 6's tiles: load, barrier, multiply, barrier)
// mispredicts that return at every switch. So the entry keeps the kernel's return address, calls
// the engine, and goes back with an indirect jump, which the branch predictor learns (within a
// barrier phase every thread goes back to the same place). The return-address predictor keeps
// one stale entry per wait, which costs one mispredicted return when the thread's kernel returns.
// Measured here (one worker, 256-thread blocks): two barriers per loop 69 → 34 ns per thread and
// loop. With the rest of this engine's work, old and new run alternately (medians of 5): a barrier
// 37.5 → 19.5 ns, chapter 6's shared-memory matmul at n = 128 from 5.2× to 3.5× the plain loop.
// Elsewhere (other architectures, AddressSanitizer builds) the entries are plain functions.
#include "emu/block_runner.h"

#if defined(CUDALAB_EMU_OWN_JUMP) && !defined(__SANITIZE_ADDRESS__)

// ENTRY(symbol, impl): keeps the stack aligned for the call, then jumps back to the kernel. The
// CFI tells the unwinder where the return address is, so that exceptions (a fiber being unwound,
// a trap) pass through.
#define CUDALAB_EMU_SYNC_ENTRY(symbol, impl) \
  "    .globl " #symbol "\n"                   \
  "    .type " #symbol ",@function\n"          \
  "    .align 16\n"                            \
  #symbol ":\n"                                \
  "    .cfi_startproc\n"                       \
  "    subq  $8, %rsp\n"                       \
  "    .cfi_adjust_cfa_offset 8\n"             \
  "    call  " #impl "\n"                      \
  "    addq  $8, %rsp\n"                       \
  "    .cfi_adjust_cfa_offset -8\n"            \
  "    popq  %rcx\n"                           \
  "    .cfi_adjust_cfa_offset -8\n"            \
  "    .cfi_register rip, rcx\n"               \
  "    jmp   *%rcx\n"                          \
  "    .cfi_endproc\n"                         \
  "    .size " #symbol ",.-" #symbol "\n"

// The mangled names of context.h's and warp_call.h's declarations: every emulator kernel links
// against them, so a declaration renamed there fails to link rather than bypass these entries.
asm(".text\n"
    CUDALAB_EMU_SYNC_ENTRY(_ZN7cudalab3emu11syncthreadsESt15source_location, cudalab_emu_syncthreads_impl)
    CUDALAB_EMU_SYNC_ENTRY(_ZN7cudalab3emu17syncthreads_countESt15source_locationi, cudalab_emu_syncthreads_count_impl)
    CUDALAB_EMU_SYNC_ENTRY(_ZN7cudalab3emu9warp_meetENS0_6WarpOpEjmiiSt15source_location, cudalab_emu_warp_meet_impl));

#else

namespace cudalab::emu {
void syncthreads(std::source_location where) { cudalab_emu_syncthreads_impl(where); }
int syncthreads_count(std::source_location where, int predicate) {
  return cudalab_emu_syncthreads_count_impl(where, predicate);
}
std::uint64_t warp_meet(WarpOp op, std::uint32_t mask, std::uint64_t value, int lane_arg, int width,
                        std::source_location where) {
  return cudalab_emu_warp_meet_impl(op, mask, value, lane_arg, width, where);
}
}  // namespace cudalab::emu

#endif
