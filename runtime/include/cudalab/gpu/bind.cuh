#pragma once
// Everything a GPU translation unit of a lesson needs before it includes its kernel file
// (compiled by nvcc). See cudalab/kernel.h for the binding pattern.
#include <cstdio>
#include <type_traits>

#include "cudalab/gpu/device_printf.cuh"
#include "cudalab/gpu/kernel_table.h"
#include "cudalab/kernel.h"
#include "cudalab/trace.cuh"

// Inside the kernel namespace, before the kernel file: kernel printf goes to the app, not stdout.
#define CUDALAB_KERNEL_PRELUDE using ::cudalab::gpu::printf;

// Once per GPU translation unit, in the lesson's namespace: where this unit's printf channel is.
#define CUDALAB_GPU_TRANSLATION_UNIT \
  const void* cudalab_gpu_printf_slot() { return ::cudalab::gpu::printf_slot(); }

// Per kernel, in the lesson's namespace, after CUDALAB_GPU_TRANSLATION_UNIT: adds the host stub of
// gpu_kernels::KERNEL (a template instance may follow the handle's name) to the backend's table
// under the handle's key, when the backend is loaded.
#define CUDALAB_ADD_GPU_KERNEL(name, ...)                                                          \
  [[maybe_unused]] static const bool name##_gpu_added = ::cudalab::gpu::add_kernel(                \
      &name##_kernel_tag::key, reinterpret_cast<const void*>(&gpu_kernels::__VA_ARGS__), &cudalab_gpu_printf_slot);

// Per kernel, in the lesson's namespace: the table entry, and a check that kernels.h declares the
// signature the kernel file defines.
#define CUDALAB_BIND_GPU_KERNEL(name, signature)                                                 \
  static_assert(std::is_same_v<decltype(&gpu_kernels::name), ::cudalab::Kernel<signature>::EmuFn>, \
                "kernels.h and the kernel file disagree on the parameters of " #name);            \
  CUDALAB_ADD_GPU_KERNEL(name, name)
