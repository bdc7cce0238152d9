#pragma once
// What chapter 2's kernels record in the trace buffer (the `kind` of each event), and the record
// the 2D kernel writes per thread. Shared by the kernel file and the host code reading them back.
namespace cudalab::lessons::threads {

enum ThreadsTraceKind : unsigned {
  kElementTouched = 1,  // covering an array: a thread added to an element (payload: the element)
  kBlockStarted = 2,    // blocks on SMs: a block's first moment, with its SM
  kBlockEnded = 3,      // blocks on SMs: its work is done
};

// Who a thread of a 2D launch is, as the thread itself wrote it.
struct ThreadIds2D {
  int thread_x, thread_y;  // threadIdx
  int block_x, block_y;    // blockIdx
  int warp;                // which warp of its block: linear thread id / warpSize
};

}  // namespace cudalab::lessons::threads
