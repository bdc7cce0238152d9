// Chapter 8: launch configuration. The same small job three ways, to measure how the launch
// (threads per block, blocks per grid) decides how full the GPU is.
//   y[i] = x[i] * a + b, repeated `rounds` times: enough arithmetic per element that the SMs,
//   not memory, set the pace, so waves of blocks show in the time.

// One thread per element; the grid is rounded up to whole blocks, so the guard idles the extra threads.
__global__ void scale_repeatedly(int n, const float* x, float* y, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float value = x[i];
    for (int r = 0; r < rounds; ++r) value = value * 0.999f + 0.001f;
    y[i] = value;
  }
}

// Any grid covers any n: each thread jumps ahead by the number of threads in the whole grid.
__global__ void scale_repeatedly_grid_stride(int n, const float* x, float* y, int rounds) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float value = x[i];
    for (int r = 0; r < rounds; ++r) value = value * 0.999f + 0.001f;
    y[i] = value;
  }
}

// A kernel with 8 KiB of static shared memory per block: each block reverses its piece of x
// through shared memory. Shared memory per SM can limit how many such blocks fit at once.
constexpr int kReverseBlock = 1024;  // the block size this kernel is written for: launch it with 1024 threads or fewer
__global__ void reverse_each_block(int n, const float* x, float* y) {
  __shared__ float piece[2 * kReverseBlock];  // 8 KiB: two floats per thread
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  piece[threadIdx.x] = i < n ? x[i] : 0.0f;
  piece[kReverseBlock + threadIdx.x] = piece[threadIdx.x] * 2.0f;
  __syncthreads();
  int mirrored = blockDim.x - 1 - threadIdx.x;
  if (i < n) y[i] = piece[mirrored] + piece[kReverseBlock + mirrored];
}
