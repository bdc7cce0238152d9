// CUDA's names and words for the errors the emulated runtime answers with (cudaGetErrorName,
// cudaGetErrorString), as the CUDA runtime spells them: a program prints the same line on the
// emulator as on a GPU.
#include "cudalab/emulated_runtime.h"

namespace cudalab::emulated_runtime {

const char* error_name(int error) {
  switch (error) {
    case 0: return "cudaSuccess";
    case 1: return "cudaErrorInvalidValue";
    case 2: return "cudaErrorMemoryAllocation";
    case 3: return "cudaErrorInitializationError";
    case 9: return "cudaErrorInvalidConfiguration";
    case 13: return "cudaErrorInvalidSymbol";
    case 17: return "cudaErrorInvalidDevicePointer";
    case 21: return "cudaErrorInvalidMemcpyDirection";
    case 98: return "cudaErrorInvalidDeviceFunction";
    case 100: return "cudaErrorNoDevice";
    case 101: return "cudaErrorInvalidDevice";
    case 400: return "cudaErrorInvalidResourceHandle";
    case 600: return "cudaErrorNotReady";
    case 700: return "cudaErrorIllegalAddress";
    case 701: return "cudaErrorLaunchOutOfResources";
    case 702: return "cudaErrorLaunchTimeout";
    case 710: return "cudaErrorAssert";
    case 719: return "cudaErrorLaunchFailure";
    case 801: return "cudaErrorNotSupported";
    default: return "cudaErrorUnknown";
  }
}

// As the CUDA runtime words them (cudaGetErrorString).
const char* error_string(int error) {
  switch (error) {
    case 0: return "no error";
    case 1: return "invalid argument";
    case 2: return "out of memory";
    case 3: return "initialization error";
    case 9: return "invalid configuration argument";
    case 13: return "invalid device symbol";
    case 17: return "invalid device pointer";
    case 21: return "invalid copy direction for memcpy";
    case 98: return "invalid device function";
    case 100: return "no CUDA-capable device is detected";
    case 101: return "invalid device ordinal";
    case 400: return "invalid resource handle";
    case 600: return "device not ready";
    case 700: return "an illegal memory access was encountered";
    case 701: return "too many resources requested for launch";
    case 702: return "the launch timed out and was terminated";
    case 710: return "device-side assert triggered";
    case 719: return "unspecified launch failure";
    case 801: return "operation not supported";
    default: return "unknown error";
  }
}

}  // namespace cudalab::emulated_runtime
