#include "emu/fiber_switch.h"

#ifdef CUDALAB_EMU_OWN_JUMP

// Modified from Boost.Context 1.74's make_ and jump_x86_64_sysv_elf_gas.S, (C) Oliver Kowalke
// 2009, under the Boost Software License 1.0 (runtime/emu/LICENSE-Boost.txt). One frame of 0x40
// bytes: [0x00] FPU control words (unused here), [0x08..0x30] r12 r13 r14 r15 rbx rbp,
// [0x38] return address; without stmxcsr/fnstcw/ldmxcsr/fldcw (fiber_switch.h says why).
//
// The block runner switches with the asm statements of fiber_switch.h instead (it says why they
// save so little and call nothing); make and jump remain for AddressSanitizer builds, whose
// switches go through the sanitizer's fiber hooks.
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
)");

#endif
