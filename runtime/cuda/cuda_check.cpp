#include "cuda/cuda_check.h"

#include <string>

namespace cudalab::cuda {

std::string error_in_words(cudaError_t error) {
  return std::string(cudaGetErrorName(error)) + ": " + cudaGetErrorString(error);
}

bool is_sticky(cudaError_t error) {
  switch (error) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorMisalignedAddress:
    case cudaErrorIllegalInstruction:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorAssert:
    case cudaErrorHardwareStackError:
    case cudaErrorLaunchTimeout:
    case cudaErrorECCUncorrectable:
    case cudaErrorNvlinkUncorrectable:
    case cudaErrorContained:
    case cudaErrorTensorMemoryLeak:
      return true;
    default:
      return false;
  }
}

namespace {

// What the student should read first: the error in plain words, before CUDA's own text.
const char* explanation(cudaError_t error) {
  switch (error) {
    case cudaErrorIllegalAddress: return "the kernel read or wrote memory it does not own";
    case cudaErrorMisalignedAddress: return "the kernel accessed memory at an address not aligned to the size of the access";
    case cudaErrorIllegalInstruction: return "the kernel executed an illegal instruction";
    case cudaErrorAssert: return "an assert() in the kernel failed";
    case cudaErrorHardwareStackError: return "the kernel overflowed its stack (deep recursion or large local arrays)";
    case cudaErrorLaunchFailure: return "the kernel faulted (for example __trap() or a bad memory access)";
    case cudaErrorLaunchTimeout: return "the kernel ran past the time the display driver allows";
    case cudaErrorMemoryAllocation: return "the GPU has not enough free memory for this";
    case cudaErrorInvalidConfiguration: return "the launch configuration is outside what this GPU allows";
    case cudaErrorLaunchOutOfResources: return "the kernel needs more registers or shared memory per block than this GPU has for that block size";
    case cudaErrorNoKernelImageForDevice: return "this program holds no code for this GPU's architecture (rebuild with its sm_XY in CMAKE_CUDA_ARCHITECTURES)";
    case cudaErrorInsufficientDriver: return "no NVIDIA driver found, or one older than this program's CUDA runtime";
    case cudaErrorNoDevice: return "no CUDA-capable GPU found";
    default: return nullptr;
  }
}

StatusCode code_for(cudaError_t error) {
  if (error == cudaErrorLaunchTimeout) return StatusCode::timeout;
  if (is_sticky(error)) return StatusCode::kernel_fault;
  switch (error) {
    case cudaErrorMemoryAllocation: return StatusCode::out_of_memory;
    case cudaErrorInvalidConfiguration: return StatusCode::invalid_config;
    case cudaErrorLaunchOutOfResources:
    case cudaErrorNoKernelImageForDevice:
    case cudaErrorInvalidDeviceFunction:
    case cudaErrorInvalidKernelImage:
    case cudaErrorCooperativeLaunchTooLarge: return StatusCode::launch_failed;
    case cudaErrorInsufficientDriver:
    case cudaErrorNoDevice:
    case cudaErrorInvalidDevice:
    case cudaErrorDevicesUnavailable:
    case cudaErrorSystemDriverMismatch: return StatusCode::no_device;
    case cudaErrorInvalidValue: return StatusCode::invalid_argument;
    case cudaErrorNotSupported: return StatusCode::unsupported;
    default: return StatusCode::internal;
  }
}

}  // namespace

Status to_status(cudaError_t error, const char* expression, const char* file, int line) {
  // The runtime also keeps the error as its "last error": cleared here, so the cudaGetLastError()
  // after a later launch does not blame that launch for it. (Sticky errors stay regardless.)
  (void)cudaGetLastError();
  std::string message;
  if (const char* words = explanation(error)) message = std::string(words) + " (" + error_in_words(error) + ")";
  else message = error_in_words(error);
  Status status = Status::error(code_for(error), std::move(message));
  status.at(expression, file, line);
  return status;
}

}  // namespace cudalab::cuda
