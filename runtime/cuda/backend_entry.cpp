// The GPU backend library's one exported symbol: the table the executable reads
// (src/gpu_backend_abi.h). Everything else in the library is hidden.
#include "cudalab_gpu_build_id.h"
#include "cuda/cuda_device.h"
#include "cuda/cuda_facts.h"
#include "src/gpu_backend_abi.h"

extern "C" __attribute__((visibility("default"))) const cudalab::gpu_backend::Table* cudalab_gpu_backend() {
  static const cudalab::gpu_backend::Table table{cudalab::gpu_backend::kAbiVersion, CUDALAB_GPU_BUILD_ID,
                                                 &cudalab::cuda::query_devices, &cudalab::cuda::make_device};
  return &table;
}
