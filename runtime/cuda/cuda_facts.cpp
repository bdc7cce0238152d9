// cuda::query_devices(): the deviceQuery numbers of every CUDA device, or none and why. Runs on
// machines with no NVIDIA driver at all (cudart is linked statically, libcuda never directly).
#include <cuda_runtime_api.h>

#include <string>
#include <thread>
#include <vector>

#include "cuda/cuda_check.h"
#include "cuda/cuda_facts.h"
#include "cudalab/device_facts.h"
#include "cudalab/message_format.h"

namespace cudalab {
namespace cuda {

Status read_device_facts(int index, DeviceFacts* out) {
  cudaDeviceProp prop{};
  CUDALAB_CUDA_TRY(cudaGetDeviceProperties(&prop, index));
  // CUDA 13 took the clocks out of cudaDeviceProp: they are attributes now.
  int clock_khz = 0, mem_clock_khz = 0, bus_width_bits = 0;
  CUDALAB_CUDA_TRY(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, index));
  CUDALAB_CUDA_TRY(cudaDeviceGetAttribute(&mem_clock_khz, cudaDevAttrMemoryClockRate, index));
  CUDALAB_CUDA_TRY(cudaDeviceGetAttribute(&bus_width_bits, cudaDevAttrGlobalMemoryBusWidth, index));
  int max_blocks_per_sm = 0;
  CUDALAB_CUDA_TRY(cudaDeviceGetAttribute(&max_blocks_per_sm, cudaDevAttrMaxBlocksPerMultiprocessor, index));

  DeviceFacts facts;
  facts.backend = BackendKind::gpu;
  facts.index = index;
  facts.name = prop.name;
  facts.cc_major = prop.major;
  facts.cc_minor = prop.minor;
  facts.sm_count = prop.multiProcessorCount;
  facts.warp_size = prop.warpSize;
  facts.max_threads_per_block = prop.maxThreadsPerBlock;
  for (int d = 0; d < 3; ++d) {
    facts.max_block_dim[d] = static_cast<unsigned>(prop.maxThreadsDim[d]);
    facts.max_grid_dim[d] = static_cast<unsigned>(prop.maxGridSize[d]);
  }
  facts.shared_per_block = prop.sharedMemPerBlock;
  facts.shared_per_block_optin = prop.sharedMemPerBlockOptin;
  facts.shared_per_sm = prop.sharedMemPerMultiprocessor;
  facts.regs_per_block = prop.regsPerBlock;
  facts.regs_per_sm = prop.regsPerMultiprocessor;
  facts.max_threads_per_sm = prop.maxThreadsPerMultiProcessor;
  facts.max_blocks_per_sm = max_blocks_per_sm;
  facts.l2_bytes = static_cast<std::size_t>(prop.l2CacheSize);
  facts.global_mem_bytes = prop.totalGlobalMem;
  facts.clock_khz = clock_khz;
  facts.mem_clock_khz = mem_clock_khz;
  facts.mem_bus_width_bits = bus_width_bits;
  facts.host_cpu = host_cpu_model();
  facts.host_cores = static_cast<int>(std::thread::hardware_concurrency());
  *out = std::move(facts);
  return Status::success();
}

std::vector<DeviceFacts> query_devices(Message* why_none) {
  std::vector<DeviceFacts> devices;
  Message reason;
  int count = 0;
  const cudaError_t error = cudaGetDeviceCount(&count);
  if (error != cudaSuccess) {
    // Without a driver the count is left untouched, and the error would stay as the "last error"
    // for the next unrelated call to find.
    count = 0;
    (void)cudaGetLastError();
    // The error's name is code; CUDA's sentence for it is words (the app's tables have them).
    const std::string name = cudaGetErrorName(error), words = cudaGetErrorString(error);
    reason = error == cudaErrorInsufficientDriver ? message("no NVIDIA driver found ({}: {})", as_is(name), words)
                                                  : message("CUDA found no usable GPU ({}: {})", as_is(name), words);
  } else if (count == 0) {
    reason = message("the NVIDIA driver reports no CUDA GPU");
  }
  for (int index = 0; index < count; ++index) {
    DeviceFacts facts;
    if (Status status = read_device_facts(index, &facts); status.ok()) {
      devices.push_back(std::move(facts));
    } else {
      (void)cudaGetLastError();
      reason = message("GPU {} could not be queried: {}", index, status.words_or_text());
    }
  }
  if (why_none != nullptr) *why_none = devices.empty() ? reason : Message{};
  return devices;
}

}  // namespace cuda
}  // namespace cudalab
