#pragma once
// Switching between fibers. Boost.Context's fcontext model: making a context lays out a fiber's
// first frame on its stack, a jump saves the callee-saved registers, changes stacks and hands
// over a pointer; the resumed side learns who jumped to it (transfer.fctx) and what they passed.
//
// On x86-64 both halves are our own copy of Boost 1.74's make/jump_fcontext, minus the four
// instructions that save and restore the MXCSR and x87 control words. Those wait for every
// floating-point operation in flight, and a block of a float kernel switches right after a burst
// of them: measured here, 256 fibers doing 16 dependent float ops between switches took 266 ns per
// round trip with Boost's jump against 24 ns with this one. Dropping them is safe because the
// floating-point control state belongs to the worker's OS thread and emulated kernels never change
// it (CUDA's rounding-mode intrinsics are functions, not mode switches).
// We own the *make* half too because the frame layout is Boost's private detail, not a promise:
// Boost 1.83 (Debian 13, Ubuntu 24.04) grew the frame by a shadow-stack slot (0x48 bytes, r12 at
// 0x10), so a jump of ours into a frame laid out by the installed Boost would restore the wrong
// registers. With both halves here, the layout is whatever this file says on every Boost.
// Other architectures use Boost's own make and jump unchanged.
#include <cstddef>

#include <boost/context/detail/fcontext.hpp>

namespace cudalab::emu {

using FiberContext = boost::context::detail::fcontext_t;
using FiberTransfer = boost::context::detail::transfer_t;

}  // namespace cudalab::emu

#if defined(__x86_64__) && defined(__ELF__)
#define CUDALAB_EMU_OWN_JUMP 1
// fiber_switch.cpp. `entry` must never return: a fiber ends by jumping away for good.
extern "C" void* cudalab_emu_make_fcontext(void* stack_top, std::size_t size, void (*entry)(boost::context::detail::transfer_t));
extern "C" boost::context::detail::transfer_t cudalab_emu_jump_fcontext(void* to, void* data);
#endif

namespace cudalab::emu {

// A context that, when first jumped to, calls `entry` on the stack below `stack_top`.
inline FiberContext make_fiber_context(void* stack_top, std::size_t size, void (*entry)(FiberTransfer)) {
#ifdef CUDALAB_EMU_OWN_JUMP
  return cudalab_emu_make_fcontext(stack_top, size, entry);
#else
  return boost::context::detail::make_fcontext(stack_top, size, entry);
#endif
}

}  // namespace cudalab::emu

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#endif

namespace cudalab::emu {

// Where a jump's target stack lies. Only AddressSanitizer builds use it (to follow the switch);
// elsewhere it costs nothing.
struct StackBounds {
  const void* bottom = nullptr;
  std::size_t size = 0;
};

// Suspends the caller and resumes `to`, passing `data`. Returns when someone jumps back: the
// transfer says from where (their context) and with what. `ending`: the caller never runs again.
inline FiberTransfer jump_to_fiber(FiberContext to, void* data, StackBounds target, bool ending = false) {
#if defined(__SANITIZE_ADDRESS__)
  void* fake_stack = nullptr;
  __sanitizer_start_switch_fiber(ending ? nullptr : &fake_stack, target.bottom, target.size);
#else
  (void)target;
  (void)ending;
#endif
#ifdef CUDALAB_EMU_OWN_JUMP
  const FiberTransfer back = cudalab_emu_jump_fcontext(to, data);
#else
  const FiberTransfer back = boost::context::detail::jump_fcontext(to, data);
#endif
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_finish_switch_fiber(fake_stack, nullptr, nullptr);
#endif
  return back;
}

}  // namespace cudalab::emu

#if defined(CUDALAB_EMU_OWN_JUMP) && !defined(__SANITIZE_ADDRESS__)
#define CUDALAB_EMU_OWN_SWITCH 1
#endif

// The block runner's switches: the leaving fiber files its own context in `*save` (its thread's
// slot, say), so no message crosses the switch and the resumed side has nothing to file.
//
// On x86-64 (without AddressSanitizer) the switch is an asm statement that declares every
// register clobbered: the compiler then keeps nothing in registers across it, and the callee-
// saved registers the kernel's frames need are the ones the runner's own frames already saved in
// their prologues and restore in their epilogues. The asm itself saves rbp (which a frame pointer
// may not let us name as clobbered) and where to resume, its own end: a context is a stack
// pointer to [rbp, resume address]. It pushes below the stack pointer, into the 128-byte red zone
// where the compiler may keep data of a function that makes no call: it skips the red zone first,
// unless the unit is compiled with -mno-red-zone and says so with CUDALAB_EMU_NO_RED_ZONE
// (block_runner.cpp is: its parked threads then keep the two words next to their frames, one
// cache line less each; runtime/CMakeLists.txt).
//
// The switch calls nothing and returns nowhere: it pushes its resume address and ends with an
// indirect jump to the other fiber's. So it leaves the CPU's return-address predictor alone, and
// the resumed fiber goes on with the return stack of the fiber that parked, which is its own
// whenever both waited in the same function (a barrier phase, a warp's meetings). A switch
// between different places (a thread's end in the start loop resuming a thread parked at a
// barrier; a thread parked by starting a fiber, resumed by one that switched) costs at most that
// jump's prediction, which learns the pattern; through a call and a `ret` it cost a mispredicted
// return and the returns after it (a thread of a kernel with one wait measured ~51 -> ~43 ns, two
// waits ~72 -> ~56 ns; see runtime/emu/README.md, "Speed").
#ifdef CUDALAB_EMU_OWN_SWITCH
// The first and last lines of both switches: file [rbp, label 1] at *save (%0), and label 1.
#define CUDALAB_EMU_PARK                                                              \
  "leaq 1f(%%rip), %%rax\n\t"                                                         \
  "pushq %%rax\n\t"                                                                   \
  "pushq %%rbp\n\t"                                                                   \
  "movq %%rsp, (%0)\n\t"
#define CUDALAB_EMU_RESUMED_HERE "1:\n\t"
#ifdef CUDALAB_EMU_NO_RED_ZONE  // the unit is compiled with -mno-red-zone: nothing lives below rsp
#define CUDALAB_EMU_SKIP_RED_ZONE ""
#define CUDALAB_EMU_BACK_OVER_RED_ZONE ""
#else
#define CUDALAB_EMU_SKIP_RED_ZONE "leaq -128(%%rsp), %%rsp\n\t"
#define CUDALAB_EMU_BACK_OVER_RED_ZONE "leaq 128(%%rsp), %%rsp"
#endif
// Every register but rdi, rsi and rdx (operands or clobbered by name where used).
#define CUDALAB_EMU_SWITCH_CLOBBERS                                                                               \
  "rax", "rbx", "rcx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "xmm0", "xmm1", "xmm2", "xmm3", \
      "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "memory", \
      "cc"
#endif

namespace cudalab::emu {

// Bytes from a parked fiber's context up to the frames of the code that parked it: the asm's two
// words and the red zone it skipped, or the jump's frame.
// (Internal linkage, like switch_fiber and start_fiber: the red-zone choice may differ by unit.)
#if defined(CUDALAB_EMU_OWN_SWITCH) && defined(CUDALAB_EMU_NO_RED_ZONE)
constexpr std::size_t kParkedContextBytes = 16;
#elif defined(CUDALAB_EMU_OWN_SWITCH)
constexpr std::size_t kParkedContextBytes = 16 + 128;
#else
constexpr std::size_t kParkedContextBytes = 0x40;
#endif

// What a new fiber's entry does first: the jump that started it carries the starter's context
// and the slot it goes in (Boost's jump), or the starting asm has filed it already.
inline void fiber_entered(FiberTransfer from) {
#ifndef CUDALAB_EMU_OWN_SWITCH
  *static_cast<FiberContext*>(from.data) = from.fctx;
#else
  (void)from;
#endif
}

// Files the caller's context in *save and resumes `to`, a context filed by switch_fiber or
// start_fiber. Returns when some fiber resumes *save. `ending`: the caller never runs again.
static inline void switch_fiber(FiberContext* save, FiberContext to, StackBounds target, bool ending = false) {
#ifdef CUDALAB_EMU_OWN_SWITCH
  (void)target;
  (void)ending;
  asm volatile(CUDALAB_EMU_SKIP_RED_ZONE CUDALAB_EMU_PARK
               "movq %1, %%rsp\n\t"
               "popq %%rbp\n\t"
               "popq %%rax\n\t"
               "jmp *%%rax\n" CUDALAB_EMU_RESUMED_HERE CUDALAB_EMU_BACK_OVER_RED_ZONE
               : "+D"(save), "+S"(to)
               :
               : "rdx", CUDALAB_EMU_SWITCH_CLOBBERS);
#else
  fiber_entered(jump_to_fiber(to, save, target, ending));  // the resumed side files what it left
#endif
}

// Files the caller's context in *save and starts a new fiber that calls entry({context, save})
// on the stack of `size` bytes below `stack_top`; `entry` never returns. Returns when some fiber
// resumes *save. On x86-64 the entry is called, not "returned" into through a made frame, so the
// CPU predicts it.
static inline void start_fiber(FiberContext* save, void* stack_top, std::size_t size, void (*entry)(FiberTransfer)) {
#ifdef CUDALAB_EMU_OWN_SWITCH
  (void)size;
  asm volatile(CUDALAB_EMU_SKIP_RED_ZONE CUDALAB_EMU_PARK
               "andq $-16, %1\n\t"
               "movq %1, %%rsp\n\t"
               "movq %0, %%rsi\n\t"
               "movq (%%rsi), %%rdi\n\t"
               "call *%2\n\t"
               "ud2\n" CUDALAB_EMU_RESUMED_HERE CUDALAB_EMU_BACK_OVER_RED_ZONE
               : "+D"(save), "+S"(stack_top), "+d"(entry)
               :
               : CUDALAB_EMU_SWITCH_CLOBBERS);
#else
  switch_fiber(save, make_fiber_context(stack_top, size, entry),
               StackBounds{static_cast<const char*>(stack_top) - size, size});
#endif
}

// The first call of a new fiber: returns the bounds of the stack that started it (ASan builds).
inline StackBounds fiber_started() {
  StackBounds from;
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_finish_switch_fiber(nullptr, &from.bottom, &from.size);
#endif
  return from;
}

}  // namespace cudalab::emu
