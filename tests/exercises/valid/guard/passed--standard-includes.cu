// Valid CUDA that a grader must accept (issue #26, item 5): the headers students include out of
// habit. On the emulator they used to fail: <cuda_runtime.h> clashed with the emulation header
// where the toolkit's is on the include path, <cstdlib> with g++ 13.
#include <cuda_runtime.h>
#include <cstdlib>
#include <stdlib.h>
#include <cstdio>
#include <cstdint>
#include <cmath>
#include <device_launch_parameters.h>

// out[i] = a[i] + 10 for every i < n. Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void add_ten(const float* a, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + 10.f;
}
