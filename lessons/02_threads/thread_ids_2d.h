#pragma once
// Who a thread of a 2D launch is, as the thread itself wrote it (who_am_i_2d in kernels.cuh);
// the host reads the records back.
namespace cudalab::lessons::threads {

struct ThreadIds2D {
  int thread_x, thread_y;  // threadIdx
  int block_x, block_y;    // blockIdx
  int warp;                // which warp of its block: linear thread id / warpSize
};

}  // namespace cudalab::lessons::threads
