// Block sums two ways, compiled for the emulator only: what a warp-shuffle reduction costs on the
// emulator against the shared-memory tree it replaces (chapter 7's last rungs). Both want
// blockDim.x a power of two from 32 to 1024.
#include "cudalab/emu/bind.h"
#include "reduction_kernels.h"

namespace cudalab::bench {
namespace emu_kernels {

__global__ void shared_tree_sum(const int* in, int* block_sums, int n) {
  __shared__ int partial[1024];
  const unsigned thread = threadIdx.x;
  const unsigned i = blockIdx.x * blockDim.x + thread;
  partial[thread] = static_cast<int>(i) < n ? in[i] : 0;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (thread < stride) partial[thread] += partial[thread + stride];
    __syncthreads();
  }
  if (thread == 0) block_sums[blockIdx.x] = partial[0];
}

__global__ void warp_shuffle_sum(const int* in, int* block_sums, int n) {
  __shared__ int warp_sums[32];
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int sum = static_cast<int>(i) < n ? in[i] : 0;
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = sum;
  __syncthreads();
  if (threadIdx.x < 32) {
    sum = threadIdx.x < blockDim.x / 32 ? warp_sums[threadIdx.x] : 0;
    for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
    if (threadIdx.x == 0) block_sums[blockIdx.x] = sum;
  }
}

}  // namespace emu_kernels

// Built like CUDALAB_DEFINE_KERNEL builds a handle, minus the key: these kernels have no GPU half.
const Kernel<void(const int*, int*, int)> shared_tree_sum{{"shared_tree_sum"}, &emu_kernels::shared_tree_sum};
const Kernel<void(const int*, int*, int)> warp_shuffle_sum{{"warp_shuffle_sum"}, &emu_kernels::warp_shuffle_sum};
}  // namespace cudalab::bench
