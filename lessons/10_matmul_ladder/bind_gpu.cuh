#pragma once
// Binds one instance listed in kernels.h to its GPU stub (the backend's table); used inside each kernels_gpu_*.cu unit,
// in the rung's namespace, after the rung's kernel file was included into gpu_kernels. The
// static_assert keeps the list and the kernel file agreeing on the parameters.
#include <type_traits>

#define CUDALAB_LADDER_BIND_GPU_KERNEL(unit, name, rung, bm, bn, bk, tm, tn, wm, wn, wn_iter, stages, ...)                   \
  static_assert(std::is_same_v<decltype(&gpu_kernels::__VA_ARGS__), ::cudalab::Kernel<LadderMatmul>::EmuFn>, \
                "kernels.h and the kernel file disagree on the parameters of " #name);                      \
  CUDALAB_ADD_GPU_KERNEL(name, __VA_ARGS__)
