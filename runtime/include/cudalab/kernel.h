#pragma once
// A kernel compiled twice from one source file: by nvcc for the GPU and by the host compiler (with
// cudalab/emu/cuda_emu.h) for the emulator. Host code holds a `Kernel<void(params...)>` and calls
// `launch(device, kernel, {grid, block}, args...)`; the Device picks the right body.
//
// How a lesson binds its kernels (lessons/01_hello_kernel is the smallest whole example):
//   kernels.cuh      plain CUDA: __global__ functions, what the student reads
//   kernels.h        #define MY_KERNELS(X) X(hello, void(int* out, cudalab::Trace trace)) ...
//                    namespace ... { MY_KERNELS(CUDALAB_DECLARE_KERNEL) }
//   kernels_emu.cpp  #include <cudalab/emu/bind.h>, then the kernel file inside
//                    `namespace emu_kernels { CUDALAB_KERNEL_PRELUDE #include "kernels.cuh" }`
//                    and MY_KERNELS(CUDALAB_DEFINE_KERNEL)
//   kernels_gpu.cu   #include <cudalab/gpu/bind.cuh>, the same inside `namespace gpu_kernels`,
//                    CUDALAB_GPU_TRANSLATION_UNIT and MY_KERNELS(CUDALAB_BIND_GPU_KERNEL)
// The emulator units go into the executable; the GPU units into the GPU backend, a library the
// executable loads at run time (cudalab/gpu_backend.h). The two halves meet by the kernel's key.
#include <array>
#include <memory>
#include <tuple>
#include <type_traits>
#include <typeinfo>
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

// A kernel's tag: a type named after the kernel, in the kernel's namespace. Its mangled name is the
// kernel's key, one string made by the compiler from the namespace and the name, the same in the
// executable (emulator unit) and in the GPU backend (GPU unit). key() is a function so that a
// handle stays a constant: typeid's name is not one.
#define CUDALAB_KERNEL_TAG(kernel) \
  struct kernel##_kernel_tag {      \
    static const char* key() { return typeid(kernel##_kernel_tag).name(); } \
  };
// A handle's KernelEntry, for a kernel whose tag is in scope: {CUDALAB_KERNEL_ENTRY(kernel)}.
#define CUDALAB_KERNEL_ENTRY(kernel) #kernel, &kernel##_kernel_tag::key

// Declares a kernel handle (and its tag) in a lesson's kernels.h.
#define CUDALAB_DECLARE_KERNEL(kernel, signature) \
  CUDALAB_KERNEL_TAG(kernel)                      \
  extern const ::cudalab::Kernel<signature> kernel;

// Defines a kernel handle, in the emulator translation unit.
#define CUDALAB_DEFINE_KERNEL(kernel, signature) \
  const ::cudalab::Kernel<signature> kernel{{CUDALAB_KERNEL_ENTRY(kernel)}, &emu_kernels::kernel};
