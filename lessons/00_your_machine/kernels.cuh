// Chapter 0: a first look at a kernel.
// The host (the CPU) launches `where_am_i` on the device (the GPU). Every block runs on one
// streaming multiprocessor (SM); the first thread of each block marks its block as run.
#include <cudalab/trace.cuh>

// A device function: runs on the device, called from a kernel (or another device function).
__device__ bool is_first_thread_of_block() {
  return threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
}

// A kernel: runs on the device, launched by the host with <<<blocks, threads>>>.
// block_ran has one slot per block, in device memory; the host copies it back and counts the marks.
// Which SM ran the block (the %smid register) CUDA Lab reads out of sight, for the picture.
__global__ void where_am_i(int* block_ran, cudalab::Trace trace) {
  if (is_first_thread_of_block()) {
    block_ran[blockIdx.x] = 1;
    trace.record(0);  // records this block, its SM (%smid) and the time: the picture
  }
}
