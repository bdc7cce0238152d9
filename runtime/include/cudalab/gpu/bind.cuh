#pragma once
// Everything a GPU translation unit of a lesson needs before it includes its kernel file
// (compiled by nvcc). See cudalab/kernel.h for the binding pattern.
#include <cstdio>
#include <type_traits>

#include "cudalab/gpu/device_printf.cuh"
#include "cudalab/kernel.h"
#include "cudalab/trace.cuh"

// Inside the kernel namespace, before the kernel file: kernel printf goes to the app, not stdout.
#define CUDALAB_KERNEL_PRELUDE using ::cudalab::gpu::printf;

// Once per GPU translation unit, in the lesson's namespace: where this unit's printf channel is.
#define CUDALAB_GPU_TRANSLATION_UNIT \
  const void* cudalab_gpu_printf_slot() { return ::cudalab::gpu::printf_slot(); }

// Per kernel, in the lesson's namespace: the host stub cudaLaunchKernel needs, and a check that
// kernels.h declares the signature the kernel file defines.
#define CUDALAB_BIND_GPU_KERNEL(name, signature)                                                 \
  static_assert(std::is_same_v<decltype(&gpu_kernels::name), ::cudalab::Kernel<signature>::EmuFn>, \
                "kernels.h and the kernel file disagree on the parameters of " #name);            \
  const void* name##_gpu_stub() { return reinterpret_cast<const void*>(&gpu_kernels::name); }
