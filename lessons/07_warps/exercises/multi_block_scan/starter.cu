// out[i] = in[0] + in[1] + … + in[i] (an inclusive scan) of n ints, 1 <= n <= 65536, on the device:
// three launches — scan each block's chunk, scan the chunks' totals, add them back.
#include <cuda_runtime.h>

// 1. Each block scans its chunk of 256 elements of in into out (chapter 3's prefix_sum), and
//    writes the chunk's total into sums[blockIdx.x].
__global__ void scan_blocks(const int* in, int* out, int* sums, int n) {
  // TODO
}

// 3. Every element of chunk b > 0 gets the total of all the chunks before it.
__global__ void add_sums(int* out, const int* sums, int n) {
  // TODO
}

// in and out are host arrays of n ints. Copy in to the device once, make the three launches
// (blocks of 256 threads; step 2 scans the chunks' totals in one block), check each launch, copy
// the result into out once, and free what you allocated.
// Return cudaSuccess, or the first error a call returned.
cudaError_t scan(const int* in, int* out, int n) {
  // TODO
  return cudaSuccess;
}
