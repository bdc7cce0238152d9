// Compiled by compile_fail.cmake: CUDA has no atomicMin on float, so the emulator refuses it too
// (a kernel that compiles here must compile with nvcc). Without CUDALAB_USE_FLOAT_MIN it compiles.
#include "cudalab/emu/cuda_emu.h"

__global__ void smallest(float* result, const float* values) {
#ifdef CUDALAB_USE_FLOAT_MIN
  atomicMin(result, values[threadIdx.x]);
#else
  atomicMin(reinterpret_cast<int*>(result), __float_as_int(values[threadIdx.x]));
#endif
}
