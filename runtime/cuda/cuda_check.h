#pragma once
// The one place a cudaError_t becomes a Status: every CUDA call of the runtime goes through
// CUDALAB_CUDA_TRY, which returns the Status (never exit(), never abort()). Sticky errors come
// back as kernel_fault; CudaDevice resets the GPU on those (cuda_device.cpp).
#include <cuda_runtime_api.h>

#include "cudalab/status.h"

namespace cudalab::cuda {

// A Status naming the failed call, where it was, and CUDA's words for the error.
Status to_status(cudaError_t error, const char* expression, const char* file, int line);

// True for errors that leave the CUDA context unusable until cudaDeviceReset().
bool is_sticky(cudaError_t error);

// "cudaErrorIllegalAddress: an illegal memory access was encountered"
std::string error_in_words(cudaError_t error);

}  // namespace cudalab::cuda

// Evaluates a CUDA runtime call; on failure returns its Status from the enclosing function.
#define CUDALAB_CUDA_TRY(expr)                                                                \
  do {                                                                                        \
    if (const cudaError_t cudalab_error_ = (expr); cudalab_error_ != cudaSuccess)             \
      return ::cudalab::cuda::to_status(cudalab_error_, #expr, __FILE__, __LINE__);           \
  } while (0)
