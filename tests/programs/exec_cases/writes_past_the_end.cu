// A kernel that writes far past its allocation: the worker's last words name the kernel and the
// buffer, and `cudalab exec` says so instead of crashing.
#include <cstdio>
__global__ void overrun(float* data) { data[threadIdx.x * (1 << 22)] = 1.0f; }
int main() {
  float* data;
  cudaMalloc(&data, 256 * sizeof(float));
  overrun<<<1, 64>>>(data);
  cudaDeviceSynchronize();
  std::printf("should not get here\n");
  return 0;
}
