#pragma once
// Switching between fibers. Boost.Context's fcontext model: make_fcontext lays out a fiber's first
// frame on its stack, a jump saves the callee-saved registers, changes stacks and hands over a
// pointer; the resumed side learns who jumped to it (transfer.fctx) and what they passed.
//
// On x86-64 the jump is our own copy of Boost's jump_fcontext minus the four instructions that
// save and restore the MXCSR and x87 control words. Those wait for every floating-point operation
// in flight, and a block of a float kernel switches right after a burst of them: measured here,
// 256 fibers doing 16 dependent float ops between switches took 266 ns per round trip with
// Boost's jump against 24 ns with this one. Dropping them is safe because the floating-point
// control state belongs to the worker's OS thread and emulated kernels never change it (CUDA's
// rounding-mode intrinsics are functions, not mode switches). Other architectures use Boost's own
// jump unchanged. The frame layout is Boost's, so fibers start through make_fcontext as usual.
#include <cstddef>

#include <boost/context/detail/fcontext.hpp>

namespace cudalab::emu {

using FiberContext = boost::context::detail::fcontext_t;
using FiberTransfer = boost::context::detail::transfer_t;

// A context that, when first jumped to, calls `entry` on the stack below `stack_top`.
inline FiberContext make_fiber_context(void* stack_top, std::size_t size, void (*entry)(FiberTransfer)) {
  return boost::context::detail::make_fcontext(stack_top, size, entry);
}

}  // namespace cudalab::emu

#if defined(__x86_64__) && defined(__ELF__)
#define CUDALAB_EMU_OWN_JUMP 1
extern "C" boost::context::detail::transfer_t cudalab_emu_jump_fcontext(void* to, void* data);  // fiber_switch.cpp
#endif

namespace cudalab::emu {

// Suspends the caller and resumes `to`, passing `data`. Returns when someone jumps back: the
// transfer says from where (their context) and with what.
inline FiberTransfer jump_to_fiber(FiberContext to, void* data) {
#ifdef CUDALAB_EMU_OWN_JUMP
  return cudalab_emu_jump_fcontext(to, data);
#else
  return boost::context::detail::jump_fcontext(to, data);
#endif
}

}  // namespace cudalab::emu
