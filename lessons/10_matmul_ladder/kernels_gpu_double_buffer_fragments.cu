// Rung 5's kernel with double-buffered fragments, compiled by nvcc for the GPU (the emulator build is kernels_emu.cpp).
// One small unit per rung or two: nvcc is slow, and each unit compiles for every architecture.
#include "cudalab/gpu/bind.cuh"
#include "kernels.h"

namespace cudalab::lessons::ladder::double_buffer_fragments {
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "rung_double_buffer_fragments.cuh"
}  // namespace gpu_kernels
CUDALAB_GPU_TRANSLATION_UNIT

#define CUDALAB_LADDER_BIND_GPU_KERNEL(unit, name, rung, bm, bn, bk, tm, tn, wm, wn, wn_iter, stages, ...)                   \
  static_assert(std::is_same_v<decltype(&gpu_kernels::__VA_ARGS__), ::cudalab::Kernel<LadderMatmul>::EmuFn>, \
                "kernels.h and the kernel file disagree on the parameters of " #name);                      \
  const void* name##_gpu_stub() { return reinterpret_cast<const void*>(&gpu_kernels::__VA_ARGS__); }
CUDALAB_LADDER_DOUBLE_BUFFER_FRAGMENTS_KERNELS(CUDALAB_LADDER_BIND_GPU_KERNEL)
#undef CUDALAB_LADDER_BIND_GPU_KERNEL
}  // namespace cudalab::lessons::ladder::double_buffer_fragments
