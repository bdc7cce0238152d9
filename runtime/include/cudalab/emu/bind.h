#pragma once
// Everything an emulator translation unit of a lesson needs before it includes its kernel file.
// Include it first in kernels_emu.cpp: trace.cuh must see CUDALAB_EMU to define Trace::record.
#include "cudalab/kernel.h"
// After the ordinary headers: cuda_emu.h defines macros (threadIdx, assert) kernel code expects.
#include "cudalab/emu/cuda_emu.h"
#include "cudalab/trace.cuh"

// Put inside the kernel namespace before including the kernel file: kernel printf is captured.
#define CUDALAB_KERNEL_PRELUDE using ::cudalab::emu::printf;

// `extern __shared__ T name[];` in a kernel refers to this per-worker array (inside the kernel
// namespace). Its size is the emulator's dynamic shared memory limit, which launches are checked
// against; one array per name, so kernels that share a name share the storage, as on a GPU.
// Page-aligned and registered, so that each launch can fence off what it did not ask for
// (context.h, DynamicSharedArray).
#define CUDALAB_EMU_DYNAMIC_SHARED(type, name)                                                      \
  alignas(4096) thread_local type name[::cudalab::emu::kDynamicSharedBytes / sizeof(type)];        \
  static ::cudalab::emu::DynamicSharedArray name##_dynamic_shared{#name, []() -> void* { return name; }}; \
  static const ::cudalab::emu::DynamicSharedRegistration name##_dynamic_shared_registration{&name##_dynamic_shared};
