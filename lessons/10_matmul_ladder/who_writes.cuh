// What the ladder's kernels store into C: the sum they computed. The chapter's pictures of which
// thread computes which element come from a real run of the same kernel on the CPU emulator, at a
// small n, where stored_value() stores instead the number of the thread that computed the element,
// (blockIdx.y × gridDim.x + blockIdx.x) × blockDim.x + threadIdx.x. A GPU build always stores the
// sum, and so does the chapter's whole program on the emulator (`cudalab exec`).
#pragma once

#if defined(__CUDACC__) || defined(CUDALAB_WHOLE_PROGRAM)
__device__ inline float stored_value(float sum) { return sum; }
#else
bool ladder_writers_traced();  // kernels_emu.cpp: true only inside a WritersTraced scope
inline float stored_value(float sum) {
  if (!ladder_writers_traced()) return sum;
  return static_cast<float>((blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x);
}
#endif
