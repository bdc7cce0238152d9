#pragma once
// The GPU backend's table of kernels compiled by nvcc: each GPU translation unit adds its kernels
// when the backend is loaded (bind.cuh), and the CUDA device finds a handle's GPU half here by the
// kernel's key (kernel.h: CUDALAB_KERNEL_TAG). Plain C++: the .cu units and the device share it.
namespace cudalab::gpu {

struct CompiledKernel {
  const void* stub = nullptr;              // the __global__ function's host stub, for cudaLaunchKernel
  const void* (*printf_slot)() = nullptr;  // where its translation unit's printf channel is
};

// Adds a kernel under `key()`; returns true (for a static initializer to hold). A key added twice
// keeps the first: two units that bound one handle are a build mistake, said by find_kernel's caller.
bool add_kernel(const char* (*key)(), const void* stub, const void* (*printf_slot)());
// The kernel under `key`, or null when no unit of this backend compiled it.
const CompiledKernel* find_kernel(const char* key);

}  // namespace cudalab::gpu
