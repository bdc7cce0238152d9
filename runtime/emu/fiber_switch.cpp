#include "emu/fiber_switch.h"

#ifdef CUDALAB_EMU_OWN_JUMP

// Modified from Boost.Context 1.74's make_ and jump_x86_64_sysv_elf_gas.S, (C) Oliver Kowalke
// 2009, under the Boost Software License 1.0 (runtime/emu/LICENSE-Boost.txt). One frame of 0x40
// bytes: [0x00] FPU control words (unused here), [0x08..0x30] r12 r13 r14 r15 rbx rbp,
// [0x38] return address; without stmxcsr/fnstcw/ldmxcsr/fldcw (fiber_switch.h says why).
//
// The jump ends with `ret`, where Boost pops the return address and jumps to it. A fiber parked at
// a barrier or a warp meeting resumes at the very call of this jump that the running fiber has
// just made, and then returns through the same frames to the same kernel line: `ret` keeps the
// CPU's return-address predictor in step with that, so the resumed fiber's returns are predicted.
// Boost's indirect jump leaves one stale entry per switch, and every return after it
// mispredicted: measured here, a thread's __syncthreads() took 30 ns with the jump and 12.5 ns
// with the `ret` (256-thread blocks, one worker).
//
// The block runner itself switches with cudalab_emu_swap_context and starts fibers with
// cudalab_emu_start_context (below; fiber_switch.h says why they save so little): a fiber started
// so costs no mispredicted return into a trampoline. Make and jump remain for AddressSanitizer
// builds, whose switches go through the sanitizer's fiber hooks.
//
// make: the first frame below the 16-byte-aligned top holds the entry function in the rbx slot,
// `finish` in the rbp slot and the trampoline as the return address. The first jump "returns"
// into the trampoline, which pushes `finish` as the entry's return address (re-aligning the stack
// as a call would) and jumps to the entry with the transfer in rdi:rsi.
asm(R"(
    .text
    .globl cudalab_emu_make_fcontext
    .type cudalab_emu_make_fcontext,@function
    .align 16
cudalab_emu_make_fcontext:
    movq  %rdi, %rax
    andq  $-16, %rax
    leaq  -0x40(%rax), %rax
    movq  %rdx, 0x28(%rax)
    leaq  cudalab_emu_fiber_trampoline(%rip), %rcx
    movq  %rcx, 0x38(%rax)
    leaq  cudalab_emu_fiber_finish(%rip), %rcx
    movq  %rcx, 0x30(%rax)
    ret
cudalab_emu_fiber_trampoline:
    push  %rbp
    jmp   *%rbx
cudalab_emu_fiber_finish:
    xorq  %rdi, %rdi
    call  _exit@PLT
    hlt
    .size cudalab_emu_make_fcontext,.-cudalab_emu_make_fcontext

    .globl cudalab_emu_jump_fcontext
    .type cudalab_emu_jump_fcontext,@function
    .align 16
cudalab_emu_jump_fcontext:
    leaq  -0x38(%rsp), %rsp
    movq  %r12, 0x8(%rsp)
    movq  %r13, 0x10(%rsp)
    movq  %r14, 0x18(%rsp)
    movq  %r15, 0x20(%rsp)
    movq  %rbx, 0x28(%rsp)
    movq  %rbp, 0x30(%rsp)
    movq  %rsp, %rax
    movq  %rdi, %rsp
    movq  0x8(%rsp), %r12
    movq  0x10(%rsp), %r13
    movq  0x18(%rsp), %r14
    movq  0x20(%rsp), %r15
    movq  0x28(%rsp), %rbx
    movq  0x30(%rsp), %rbp
    leaq  0x38(%rsp), %rsp
    movq  %rsi, %rdx
    movq  %rax, %rdi
    ret
    .size cudalab_emu_jump_fcontext,.-cudalab_emu_jump_fcontext

    # The block runner's switch (fiber_switch.h, switch_fiber): the caller's asm statement has
    # declared every other register clobbered. rdi = where to file this context, rsi = the one to
    # resume; a context is a stack pointer to [rbp, return address].
    .globl cudalab_emu_swap_context
    .hidden cudalab_emu_swap_context
    .type cudalab_emu_swap_context,@function
    .align 16
cudalab_emu_swap_context:
    pushq %rbp
    movq  %rsp, (%rdi)
    movq  %rsi, %rsp
    popq  %rbp
    ret
    .size cudalab_emu_swap_context,.-cudalab_emu_swap_context

    # start_fiber: files the caller's context as the swap does, moves to the new stack's 16-byte-
    # aligned top and calls the entry (rdx) with {the context, where it was filed} in rdi:rsi.
    .globl cudalab_emu_start_context
    .hidden cudalab_emu_start_context
    .type cudalab_emu_start_context,@function
    .align 16
cudalab_emu_start_context:
    pushq %rbp
    movq  %rsp, (%rdi)
    andq  $-16, %rsi
    movq  %rsi, %rsp
    movq  %rdi, %rsi
    movq  (%rsi), %rdi
    call  *%rdx
    ud2
    .size cudalab_emu_start_context,.-cudalab_emu_start_context
)");

#endif
