#pragma once
// cuBLAS's SGEMM, the "end of this road" row of the race: what NVIDIA's own library does with the
// same product. Loaded at run time (dlopen), never linked: CUDA Lab starts and runs on machines
// without it, and says so in words.
#include <string>

#include "cudalab/message.h"

#include "cudalab/device.h"

namespace cudalab::lessons::matmul {

struct CublasLibrary {
  bool loaded = false;
  std::string path;     // the file that was loaded
  std::string version;  // "13.0.2"
  Message why_not;      // when not loaded: what was tried, in words (say(why_not) in a run)
};
// Looks for libcublas.so.13 once (the loader's search path, then the usual CUDA folders).
const CublasLibrary& cublas_library();

// C = A × B for n × n row-major matrices in device memory, enqueued on the device's default
// stream (so the device's events time it). A GPU device only; fails in words otherwise.
Status cublas_sgemm(Device& device, const float* a, const float* b, float* c, int n);
// The same product on the tensor cores in TF32 (cublasGemmEx, CUBLAS_COMPUTE_32F_FAST_TF32): inputs
// keep 10 mantissa bits, sums stay FP32. Needs compute capability 8.0 or newer.
Status cublas_gemm_tf32(Device& device, const float* a, const float* b, float* c, int n);

}  // namespace cudalab::lessons::matmul
