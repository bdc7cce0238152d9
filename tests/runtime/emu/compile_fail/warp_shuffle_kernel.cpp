// Compiled by compile_fail.cmake: with CUDALAB_USE_LEGACY_SHUFFLE this kernel must NOT compile with
// the emulation header (__shfl_down without a mask was deprecated in CUDA 9 and is gone on Volta
// and later); without it, the same kernel with __shfl_down_sync must compile, so that a failure is
// known to come from the legacy form and not from a broken include path.
#include "cudalab/emu/cuda_emu.h"

__global__ void warp_sum(float* values) {
  float value = values[threadIdx.x];
#ifdef CUDALAB_USE_LEGACY_SHUFFLE
  value += __shfl_down(value, 16);
#else
  value += __shfl_down_sync(0xffffffffu, value, 16);
#endif
  values[threadIdx.x] = value;
}
