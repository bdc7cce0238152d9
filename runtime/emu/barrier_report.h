#pragma once
// Words for the failures of one block: a divergent __syncthreads() and a faulting thread. Kept
// apart from the block runner so that the fast path stays small and the messages easy to change.
#include <cstring>
#include <source_location>
#include <string>
#include <vector>

#include "cudalab/emu/context.h"
#include "cudalab/message.h"

namespace cudalab::emu {

// "(1, 0, 0)", as threadIdx and blockIdx are printed in lessons.
std::string coordinates(uint3 index);
// "kernels.cuh:42": the file's last path component and the line.
std::string short_site(const std::source_location& where);
// Inline: checked at every barrier arrival and warp meeting. One call site evaluated twice gives
// the same location object (libstdc++ and libc++ hold a single pointer to a static record), so
// comparing those first settles the common case in one instruction; copies of one inline function
// in several objects have records of their own, compared field by field.
inline bool same_site(const std::source_location& a, const std::source_location& b) {
  if constexpr (sizeof(std::source_location) == sizeof(const void*)) {
    const void* a_record;
    const void* b_record;
    std::memcpy(&a_record, &a, sizeof a_record);
    std::memcpy(&b_record, &b, sizeof b_record);
    if (a_record == b_record) [[likely]]
      return true;
  }
  return a.line() == b.line() && a.column() == b.column() &&
         (a.file_name() == b.file_name() || std::strcmp(a.file_name(), b.file_name()) == 0);
}

// One thread's state when a barrier phase could not complete.
struct ThreadAtBarrier {
  bool waiting = false;          // false: the thread had returned
  std::source_location where;    // the __syncthreads() it waits at, when waiting
};

// Parts of a report joined with "; ".
Message joined(const std::vector<Message>& parts);

// "block (1, 0, 0): threads 16-63 wait at __syncthreads() (kernels.cuh:42), but threads 0-15
// returned without reaching it. ..." Thread ids are linear (x + y·blockDim.x + ...).
Message describe_divergent_barrier(uint3 block, dim3 block_dim, const std::vector<ThreadAtBarrier>& threads);

}  // namespace cudalab::emu
