#include "cublas_sgemm.h"

#include <cstdlib>
#include <mutex>
#include <vector>

#include <fmt/format.h>

#include "cudalab/message_format.h"
#include "cudalab/toolkit_library.h"
#include "text/say.h"

namespace cudalab::lessons::matmul {
namespace {

// The few declarations of cublas_v2.h this file needs, so that it compiles without the toolkit's
// headers and links nothing. Values as in cublas_api.h / library_types.h.
using CublasHandle = void*;
using CublasStatus = int;
constexpr CublasStatus kCublasSuccess = 0;
constexpr int kCublasOpN = 0;          // CUBLAS_OP_N
constexpr int kCublasDefaultMath = 0;  // CUBLAS_DEFAULT_MATH: plain FP32, no TF32 tensor cores
constexpr int kCudaR32F = 0;                   // CUDA_R_32F
constexpr int kCublasComputeFastTf32 = 77;    // CUBLAS_COMPUTE_32F_FAST_TF32
constexpr int kCublasGemmDefault = -1;        // CUBLAS_GEMM_DEFAULT
enum LibraryProperty { kMajorVersion = 0, kMinorVersion = 1, kPatchLevel = 2 };

struct CublasApi {
  CublasStatus (*create)(CublasHandle*) = nullptr;
  CublasStatus (*set_math_mode)(CublasHandle, int) = nullptr;
  CublasStatus (*sgemm)(CublasHandle, int, int, int, int, int, const float*, const float*, int, const float*, int,
                        const float*, float*, int) = nullptr;
  // cublasGemmEx; optional (the TF32 row of `cudalab bench matmul` only).
  CublasStatus (*gemm_ex)(CublasHandle, int, int, int, int, int, const void*, const void*, int, int, const void*, int,
                          int, const void*, void*, int, int, int, int) = nullptr;
  CublasStatus (*get_property)(int, int*) = nullptr;
  const char* (*status_string)(CublasStatus) = nullptr;
};

struct Loaded {
  CublasLibrary library;
  CublasApi api;
};

Loaded load() {
  Loaded loaded;
  const ToolkitLibrary found = open_toolkit_library({"libcublas.so.13"});
  if (found.handle == nullptr) {
    loaded.library.why_not =
        message("cuBLAS ({}) is not installed here; looked for {}", as_is("libcublas.so.13"), as_is(found.tried));
    return loaded;
  }
  void* handle = found.handle;
  loaded.library.path = found.path;
  CublasApi& api = loaded.api;
  if (!find_symbol(handle, "cublasCreate_v2", &api.create) || !find_symbol(handle, "cublasSgemm_v2", &api.sgemm) ||
      !find_symbol(handle, "cublasSetMathMode", &api.set_math_mode)) {
    loaded.library.why_not =
        message("{} lacks the functions CUDA Lab calls (an unexpected cuBLAS build)", as_is(loaded.library.path));
    return loaded;
  }
  find_symbol(handle, "cublasGetStatusString", &api.status_string);
  find_symbol(handle, "cublasGemmEx", &api.gemm_ex);
  if (find_symbol(handle, "cublasGetProperty", &api.get_property)) {
    int major = 0, minor = 0, patch = 0;
    api.get_property(kMajorVersion, &major);
    api.get_property(kMinorVersion, &minor);
    api.get_property(kPatchLevel, &patch);
    loaded.library.version = say("{}.{}.{}", major, minor, patch);
  }
  loaded.library.loaded = true;
  // The library stays loaded for the life of the process: handles made from it may live as long.
  return loaded;
}

const Loaded& loaded_cublas() {
  static const Loaded loaded = load();
  return loaded;
}

// One cuBLAS handle per device and device generation: a handle belongs to a GPU context, and a
// reset (after a fault) replaces the context. Old handles are left alone, never destroyed: their
// context is gone, and destroying one at exit could race the CUDA runtime's own teardown.
struct HandleCache {
  std::mutex mutex;
  const Device* device = nullptr;
  std::uint64_t generation = 0;
  CublasHandle handle = nullptr;
};

Message describe_status(const CublasApi& api, CublasStatus status) {
  return api.status_string ? message("{} ({})", as_is(api.status_string(status)), status)
                           : message("status {}", status);
}

}  // namespace

const CublasLibrary& cublas_library() { return loaded_cublas().library; }

namespace {

// The handle for `device`, made on first use (and again after a reset); callers hold cache.mutex.
Status cublas_handle(Device& device, const Loaded& cublas, HandleCache& cache) {
  if (!cache.handle || cache.device != &device || cache.generation != device.generation()) {
    CublasHandle handle = nullptr;
    if (CublasStatus s = cublas.api.create(&handle); s != kCublasSuccess)
      return Status::error(StatusCode::launch_failed,
                           message("cublasCreate failed: {}", describe_status(cublas.api, s)));
    cublas.api.set_math_mode(handle, kCublasDefaultMath);
    cache.device = &device;
    cache.generation = device.generation();
    cache.handle = handle;
  }
  return Status::success();
}

HandleCache& handle_cache() {
  static HandleCache cache;
  return cache;
}

}  // namespace

Status cublas_sgemm(Device& device, const float* a, const float* b, float* c, int n) {
  if (!device.is_gpu())
    return Status::error(StatusCode::unsupported, message("cuBLAS runs on a GPU only; this is the emulator"));
  const Loaded& cublas = loaded_cublas();
  if (!cublas.library.loaded) return Status::error(StatusCode::unsupported, cublas.library.why_not);
  HandleCache& cache = handle_cache();
  std::lock_guard lock(cache.mutex);
  CUDALAB_RETURN_IF_ERROR(cublas_handle(device, cublas, cache));
  // cuBLAS counts in columns (Fortran order). A row-major matrix read as column-major is its
  // transpose, so asking for Bᵀ × Aᵀ = (A × B)ᵀ in column-major writes A × B in row-major.
  const float one = 1.0f, zero = 0.0f;
  if (CublasStatus s = cublas.api.sgemm(cache.handle, kCublasOpN, kCublasOpN, n, n, n, &one, b, n, a, n, &zero, c, n);
      s != kCublasSuccess)
    return Status::error(StatusCode::launch_failed, message("cublasSgemm failed: {}", describe_status(cublas.api, s)));
  return Status::success();
}

Status cublas_gemm_tf32(Device& device, const float* a, const float* b, float* c, int n) {
  if (!device.is_gpu())
    return Status::error(StatusCode::unsupported, message("cuBLAS runs on a GPU only; this is the emulator"));
  const Loaded& cublas = loaded_cublas();
  if (!cublas.library.loaded) return Status::error(StatusCode::unsupported, cublas.library.why_not);
  if (!cublas.api.gemm_ex)
    return Status::error(StatusCode::unsupported,
                         message("{} has no cublasGemmEx (needed for TF32)", as_is(cublas.library.path)));
  if (device.facts().cc_major < 8)
    return Status::error(StatusCode::unsupported,
                         message("TF32 tensor cores need compute capability 8.0 or newer; this GPU has {}.{}",
                                 device.facts().cc_major, device.facts().cc_minor));
  HandleCache& cache = handle_cache();
  std::lock_guard lock(cache.mutex);
  CUDALAB_RETURN_IF_ERROR(cublas_handle(device, cublas, cache));
  const float one = 1.0f, zero = 0.0f;  // row-major through column-major, as in cublas_sgemm
  if (CublasStatus s = cublas.api.gemm_ex(cache.handle, kCublasOpN, kCublasOpN, n, n, n, &one, b, kCudaR32F, n, a,
                                          kCudaR32F, n, &zero, c, kCudaR32F, n, kCublasComputeFastTf32,
                                          kCublasGemmDefault);
      s != kCublasSuccess)
    return Status::error(StatusCode::launch_failed,
                         message("cublasGemmEx (TF32) failed: {}", describe_status(cublas.api, s)));
  return Status::success();
}

}  // namespace cudalab::lessons::matmul
