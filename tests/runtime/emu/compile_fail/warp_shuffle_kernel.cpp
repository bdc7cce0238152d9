// Compiled by compile_fail.cmake: with CUDALAB_USE_SHUFFLE this kernel must NOT compile with the
// emulation header (the emulator cannot run warp shuffles correctly); without it, it must compile,
// so that a failure is known to come from the shuffle and not from a broken include path.
#include "cudalab/emu/cuda_emu.h"

__global__ void warp_sum(float* values) {
  float value = values[threadIdx.x];
#ifdef CUDALAB_USE_SHUFFLE
  value += __shfl_down_sync(0xffffffffu, value, 16);
#endif
  values[threadIdx.x] = value;
}
