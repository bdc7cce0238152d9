#pragma once
// Words for the failures of one block: a divergent __syncthreads() and a faulting thread. Kept
// apart from the block runner so that the fast path stays small and the messages easy to change.
#include <cstring>
#include <source_location>
#include <string>
#include <vector>

#include "cudalab/emu/context.h"

namespace cudalab::emu {

// "(1, 0, 0)", as threadIdx and blockIdx are printed in lessons.
std::string coordinates(uint3 index);
// "kernels.cuh:42": the file's last path component and the line.
std::string short_site(const std::source_location& where);
// Inline: checked at every barrier arrival. The same call site gives the same file_name pointer.
inline bool same_site(const std::source_location& a, const std::source_location& b) {
  return a.line() == b.line() && a.column() == b.column() &&
         (a.file_name() == b.file_name() || std::strcmp(a.file_name(), b.file_name()) == 0);
}

// One thread's state when a barrier phase could not complete.
struct ThreadAtBarrier {
  bool waiting = false;          // false: the thread had returned
  std::source_location where;    // the __syncthreads() it waits at, when waiting
};

// "block (1, 0, 0): threads 16-63 wait at __syncthreads() (kernels.cuh:42), but threads 0-15
// returned without reaching it. ..." Thread ids are linear (x + y·blockDim.x + ...).
std::string describe_divergent_barrier(uint3 block, dim3 block_dim, const std::vector<ThreadAtBarrier>& threads);

}  // namespace cudalab::emu
