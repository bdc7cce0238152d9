// Rung 5's pipelined kernels (cp.async, STAGES buffers; A through a pass, 4-byte copies or in
// rows) compiled by nvcc for the GPU (the emulator build is kernels_emu.cpp). A unit of its own:
// nvcc is slow, and each unit compiles for every architecture (below sm_80 the copies are plain
// loads: cp.async needs 8.0).
#include "cudalab/gpu/bind.cuh"
#include "bind_gpu.cuh"
#include "kernels.h"

namespace cudalab::lessons::ladder::fp32_pipeline {
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "rung_fp32_pipeline.cuh"
#include "rung_fp32_rows.cuh"
}  // namespace gpu_kernels
CUDALAB_GPU_TRANSLATION_UNIT

#define CUDALAB_LADDER_BIND_PIPELINE_KERNEL(unit, name, bm, bn, bk, tm, tn, wm, wn, stages, at, ...)            \
  static_assert(std::is_same_v<decltype(&gpu_kernels::__VA_ARGS__), ::cudalab::Kernel<LadderMatmul>::EmuFn>, \
                "kernels.h and the kernel file disagree on the parameters of " #name);                      \
  CUDALAB_ADD_GPU_KERNEL(name, __VA_ARGS__)
CUDALAB_LADDER_FP32_PIPELINE_KERNELS(CUDALAB_LADDER_BIND_PIPELINE_KERNEL)
}  // namespace cudalab::lessons::ladder::fp32_pipeline
