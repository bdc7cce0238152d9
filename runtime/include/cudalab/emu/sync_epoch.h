#pragma once
// What the exercise checker's race detector (lessons/exercises/race_shadow.cuh) asks the engine
// about the running emulated thread, in one call per checked access (a kernel compiled at run time
// reaches the engine's thread-locals only through __tls_get_addr: asked here, they cost one call).
// Not included by cuda_emu.h: only checked kernels call it, and lesson kernels need not rebuild
// when it changes.
#include <cstdint>

namespace cudalab::emu {

struct SyncPoint {
  // The running thread's rank in the launch (blocks in linear order, x fastest; threads likewise)
  // and in its block.
  std::uint64_t rank;
  unsigned thread;
  unsigned threads_per_block;
  // Its synchronization epoch inside the block: how many barrier phases (and warp meetings) the
  // block has completed. A block runs phase by phase, so two accesses by threads of one block in
  // the same epoch have no __syncthreads() between them; in different epochs, one does. A warp
  // meeting (__syncwarp, a shuffle…) also starts an epoch: it orders its lanes, and counting it for
  // the whole block can only hide a race between warps, never invent one.
  unsigned epoch;
  // A number this worker thread never gives two block runs: the block's `__shared__` memory is the
  // worker's (thread_local), so what a detector remembers about it is stale once this changes.
  std::uint64_t block_run;
};

SyncPoint sync_point();

}  // namespace cudalab::emu
