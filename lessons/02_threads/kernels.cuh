// Chapter 2: threads, blocks, grids.
// Every kernel here works out "which thread am I?" from CUDA's built-in variables:
//   threadIdx  this thread's position in its block     blockDim  the size of a block
//   blockIdx   this block's position in the grid       gridDim   the size of the grid
#include <cudalab/device_time.cuh>
#include <cudalab/trace.cuh>

#include "thread_ids_2d.h"
#include "trace_kinds.h"
using cudalab::device_time_ns;

// 1D indexing: each thread computes its place in the whole grid and writes who it is there.
__global__ void who_am_i(int* thread_index, int* block_index, int* global_index) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  thread_index[i] = threadIdx.x;
  block_index[i] = blockIdx.x;
  global_index[i] = i;
}

// Covering an array of n elements with one thread per element. The grid is rounded up to whole
// blocks, so the last block may have threads past the end: the guard keeps them idle.
__global__ void add_one(int n, int* data, cudalab::Trace trace) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n) {
    data[i] += 1;
    trace.record(kElementTouched, i);
  }
}

// The grid-stride loop: any number of threads covers any n. Each thread starts at its global id
// and jumps ahead by the number of threads in the whole grid.
__global__ void add_one_grid_stride(int n, int* data, cudalab::Trace trace) {
  int stride = blockDim.x * gridDim.x;
  for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += stride) {
    data[i] += 1;
    trace.record(kElementTouched, i);
  }
}

// 2D: blocks and grids with x and y, laid over an image of width × height pixels.
__global__ void who_am_i_2d(int width, int height, ThreadIds2D* ids) {
  int col = threadIdx.x + blockIdx.x * blockDim.x;
  int row = threadIdx.y + blockIdx.y * blockDim.y;
  if (col < width && row < height) {
    // Threads are numbered x first: the neighbour along x is the next thread, and each run of 32
    // consecutive numbers is one warp.
    int linear_thread = threadIdx.x + threadIdx.y * blockDim.x;
    ThreadIds2D* me = &ids[row * width + col];
    me->thread_x = threadIdx.x;
    me->thread_y = threadIdx.y;
    me->block_x = blockIdx.x;
    me->block_y = blockIdx.y;
    me->warp = linear_thread / warpSize;
  }
}

// Blocks meet the hardware: every block works for `microseconds` (by device_time_ns(), the GPU's
// nanosecond clock, %globaltimer) while CUDA Lab notes its SM and the time for the picture.
__global__ void busy_blocks(unsigned int microseconds, cudalab::Trace trace) {
  if (threadIdx.x == 0) {
    trace.record(kBlockStarted);
    unsigned long long start = device_time_ns();
    while (device_time_ns() - start < microseconds * 1000ull) {
      // the block's "work"
    }
    trace.record(kBlockEnded);
  }
  __syncthreads();  // the whole block stays on its SM until the work is done
}
