#pragma once
// Device memory on the emulator, laid out so that overruns fault instead of corrupting: each
// allocation ends exactly at an inaccessible guard page (the first byte past the end faults) and
// starts one page after another (reads a page or more before the start fault). Its start is then
// aligned to the largest power of two dividing its size, which is at least the alignment of the
// element type an array of that size holds (sizeof(T) is a multiple of alignof(T)).
//
// Every live allocation is also noted in a fixed table that a crash handler may read without
// locks or allocation (find_emulated_fault, cudalab/emu_fault.h).
#include <cstddef>

namespace cudalab::emu {

// Null when the host refuses the memory.
void* guarded_allocate(std::size_t bytes);
// `bytes` as allocated.
void guarded_release(void* memory, std::size_t bytes) noexcept;

}  // namespace cudalab::emu
