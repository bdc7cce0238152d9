// Inline PTX the emulator cannot run, in a kernel that is compiled: refused in words at its line.
// The same statement under `#if __CUDA_ARCH__ >= 800` is dropped before the compiler sees it.
#include <cstdio>

__global__ void lane_id(unsigned* out) {
  unsigned lane = 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
#endif
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  out[threadIdx.x] = lane;
}

int main() {
  unsigned* out = nullptr;
  cudaMalloc(&out, 32 * sizeof(unsigned));
  lane_id<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
