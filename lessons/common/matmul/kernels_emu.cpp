// The matmul kernels compiled for the CPU emulator (the GPU build is kernels_gpu.cu).
#include "cudalab/emu/bind.h"
#include "kernels.h"

namespace cudalab::lessons::matmul {
namespace emu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "kernels.cuh"
}  // namespace emu_kernels

// As CUDALAB_DEFINE_KERNEL, for a handle bound to a template instance of a kernel.
#define CUDALAB_MATMUL_DEFINE_KERNEL(name, signature, ...) \
  const ::cudalab::Kernel<signature> name{{CUDALAB_KERNEL_ENTRY(name)}, &emu_kernels::__VA_ARGS__};
CUDALAB_MATMUL_KERNELS(CUDALAB_MATMUL_DEFINE_KERNEL)
#undef CUDALAB_MATMUL_DEFINE_KERNEL

const SharedTileKernels* shared_tile_kernels(int tile) {
  static const SharedTileKernels kernels[] = {
      {8, &matmul_shared_tile8, &matmul_shared_tile8_traced, &matmul_skipping_barrier_tile8},
      {16, &matmul_shared, &matmul_shared_traced, &matmul_skipping_barrier_tile16},
      {32, &matmul_shared_tile32, &matmul_shared_tile32_traced, &matmul_skipping_barrier_tile32},
  };
  for (const SharedTileKernels& k : kernels)
    if (k.tile == tile) return &k;
  return nullptr;
}

}  // namespace cudalab::lessons::matmul
