#pragma once
// A kernel compiled twice from one source file: by nvcc for the GPU and by the host compiler (with
// cudalab/emu/cuda_emu.h) for the emulator. Host code holds a `Kernel<void(params...)>` and calls
// `launch(device, kernel, {grid, block}, args...)`; the Device picks the right body.
//
// How a lesson binds its kernels (see lessons/README.md for a full example):
//   kernels.cuh      plain CUDA: __global__ functions, what the student reads
//   kernels.h        #define MY_KERNELS(X) X(hello, void(int* out, cudalab::Trace trace)) ...
//                    namespace ... { MY_KERNELS(CUDALAB_DECLARE_KERNEL) }
//   kernels_emu.cpp  #include <cudalab/emu/bind.h>, then the kernel file inside
//                    `namespace emu_kernels { CUDALAB_KERNEL_PRELUDE #include "kernels.cuh" }`
//                    and MY_KERNELS(CUDALAB_DEFINE_KERNEL)
//   kernels_gpu.cu   #include <cudalab/gpu/bind.cuh>, the same inside `namespace gpu_kernels`,
//                    CUDALAB_GPU_TRANSLATION_UNIT and MY_KERNELS(CUDALAB_BIND_GPU_KERNEL)
#include <array>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>

#include "cudalab/device.h"

namespace cudalab {

template <class Signature>
struct Kernel;

template <class... Params>
struct Kernel<void(Params...)> {
  using EmuFn = void (*)(Params...);
  KernelEntry entry;
  EmuFn emu_fn = nullptr;
  const char* name() const { return entry.name; }
};

// Launches `kernel` with `config` on `device`. Asynchronous: call device.synchronize() (or copy
// results back, which waits) before reading what it wrote.
template <class... Params, class... Args>
Status launch(Device& device, const Kernel<void(Params...)>& kernel, const LaunchConfig& config,
              Args&&... args) {
  static_assert(sizeof...(Params) == sizeof...(Args), "wrong number of kernel arguments");
  using Pack = std::tuple<std::decay_t<Params>...>;
  struct Packed {
    void (*fn)(Params...);
    Pack values;
  };
  auto packed = std::make_shared<Packed>(Packed{kernel.emu_fn, Pack(std::forward<Args>(args)...)});
  // cudaLaunchKernel wants one pointer per argument; it copies the values at launch time.
  std::array<void*, sizeof...(Params) + 1> gpu_args = std::apply(
      [](auto&... v) { return std::array<void*, sizeof...(Params) + 1>{static_cast<void*>(&v)..., nullptr}; },
      packed->values);
  EmuInvocation emu{packed, [](const void* p) {
                      const auto* pk = static_cast<const Packed*>(p);
                      std::apply(pk->fn, pk->values);
                    }};
  return device.launch(kernel.entry, config, gpu_args.data(), emu);
}

}  // namespace cudalab

// Declares a kernel handle in a lesson's kernels.h.
#define CUDALAB_DECLARE_KERNEL(name, signature) extern const ::cudalab::Kernel<signature> name;

// A kernel's KernelEntry, in the emulator translation unit: CUDALAB_GPU_HALF_DECLARE(name) before
// it, then {CUDALAB_KERNEL_ENTRY(name)}. The GPU unit provides name##_gpu_stub; a build without the
// CUDA toolkit has no GPU unit, so the GPU half is absent (null), which KernelEntry already means
// "not built", and only the emulator can launch the kernel.
#if defined(CUDALAB_NO_GPU_BACKEND)
#define CUDALAB_GPU_HALF_DECLARE(name)
#define CUDALAB_KERNEL_ENTRY(name) #name, nullptr, nullptr
#else
#define CUDALAB_GPU_HALF_DECLARE(name) \
  const void* name##_gpu_stub();       \
  const void* cudalab_gpu_printf_slot();
#define CUDALAB_KERNEL_ENTRY(name) #name, &name##_gpu_stub, &cudalab_gpu_printf_slot
#endif

// Defines a kernel handle, in the emulator translation unit.
#define CUDALAB_DEFINE_KERNEL(name, signature) \
  CUDALAB_GPU_HALF_DECLARE(name)               \
  const ::cudalab::Kernel<signature> name{{CUDALAB_KERNEL_ENTRY(name)}, &emu_kernels::name};
