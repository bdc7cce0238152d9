// Chapter 9's kernels compiled for the CPU emulator; their __host__ __device__ helpers double as
// the CPU references.
#include "cudalab/emu/bind.h"
#include "kernels.h"

namespace cudalab::lessons::six_rules {
namespace emu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "kernels.cuh"
}  // namespace emu_kernels
CUDALAB_SIX_RULES_KERNELS(CUDALAB_DEFINE_KERNEL)

float polynomial_reference(float x) { return emu_kernels::polynomial_at(x); }
float path_a_reference(float x, int rounds) { return emu_kernels::path_a(x, rounds); }
float path_b_reference(float x, int rounds) { return emu_kernels::path_b(x, rounds); }
}  // namespace cudalab::lessons::six_rules
