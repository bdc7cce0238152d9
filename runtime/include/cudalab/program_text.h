#pragma once
// A whole CUDA program's text made ready for the emulator's host compiler (`cudalab exec`, and
// exercises whose student writes the host side): the two things a C++ compiler cannot read are
// rewritten into calls of the emulated runtime (cudalab/emu/program.h), everything else is left as
// it is. Line breaks are kept, so the compiler's messages name the student's lines.
//   kernel<<<grid, block[, shared bytes[, stream]]>>>(args…)   (kernel: a name, a member, an element)
//       → ::cudalab::emu::rt::launch_kernel("kernel", LINE, kernel, ::cudalab::emu::rt::launch_config(grid, block…), args…)
//   extern __shared__ T name[];   (any attributes, at any scope)
//       → CUDALAB_EXTERN_SHARED(T, name);
//   asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));   (a clock read in inline PTX)
//       → ((now) = ::cudalab::emu::clock_ns());   any other inline PTX becomes a static_assert that
//         says in words that it runs only on a GPU: an error where it is compiled, nothing where
//         the preprocessor drops it (`#if __CUDA_ARCH__ >= 800`, as chapter 10's tensor-core rungs)
// Comments, string and character literals are never touched.
#include <string>
#include <string_view>

#include "cudalab/message.h"

namespace cudalab {

struct ProgramText {
  std::string text;  // the rewritten program (valid only when `problem` is empty)
  int launches = 0;  // how many `<<<…>>>` were rewritten
  Message problem;   // a launch that cannot be read ("line 12: `<<<` has no matching `>>>`")
};

ProgramText rewrite_for_emulator(std::string_view source);

}  // namespace cudalab
