#pragma once
// The part of the CUDA runtime API a teaching program uses, over the emulator: the types and
// numbers are CUDA's (cudaError_t, cudaMemcpyKind, cudaDeviceProp's fields, cudaDeviceAttr), each
// call goes to the engine (runtime_engine.h). A launch `k<<<g, b>>>(args)` arrives here as
// rt::launch_kernel (cudalab/program_text.h rewrites it). What is not here does not compile, so a
// program outside the subset is refused by the compiler, naming the call and the line.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <source_location>
#include <tuple>
#include <type_traits>
#include <utility>

#include "cudalab/emu/runtime_engine.h"

enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorInvalidDeviceFunction = 98,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorNotReady = 600,
  cudaErrorIllegalAddress = 700,
  cudaErrorLaunchOutOfResources = 701,
  cudaErrorLaunchTimeout = 702,
  cudaErrorAssert = 710,
  cudaErrorLaunchFailure = 719,
  cudaErrorNotSupported = 801,
  cudaErrorUnknown = 999,
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4,
};

enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1,
  cudaDevAttrMaxBlockDimX = 2,
  cudaDevAttrMaxBlockDimY = 3,
  cudaDevAttrMaxBlockDimZ = 4,
  cudaDevAttrMaxGridDimX = 5,
  cudaDevAttrMaxGridDimY = 6,
  cudaDevAttrMaxGridDimZ = 7,
  cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrWarpSize = 10,
  cudaDevAttrMaxRegistersPerBlock = 12,
  cudaDevAttrClockRate = 13,
  cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrMemoryClockRate = 36,
  cudaDevAttrGlobalMemoryBusWidth = 37,
  cudaDevAttrL2CacheSize = 38,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39,
  cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cudaDevAttrMaxRegistersPerMultiprocessor = 82,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
  cudaDevAttrMaxBlocksPerMultiprocessor = 106,
};

enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
};

struct CUstream_st;
typedef CUstream_st* cudaStream_t;
struct CUevent_st;
typedef CUevent_st* cudaEvent_t;

#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaMemAttachGlobal 0x01
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00

struct cudaDeviceProp {
  char name[256];
  std::size_t totalGlobalMem, sharedMemPerBlock;
  int regsPerBlock, warpSize;
  std::size_t memPitch;
  int maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3];
  std::size_t totalConstMem;
  int major, minor;
  std::size_t textureAlignment;
  int multiProcessorCount, kernelExecTimeoutEnabled, integrated, canMapHostMemory, computeMode, concurrentKernels;
  int ECCEnabled, pciBusID, pciDeviceID, asyncEngineCount, unifiedAddressing, memoryBusWidth, l2CacheSize;
  int maxThreadsPerMultiProcessor;
  std::size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor, managedMemory, concurrentManagedAccess;
  std::size_t sharedMemPerBlockOptin;
  int maxBlocksPerMultiProcessor;
};

struct cudaFuncAttributes {
  std::size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
  int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA, maxDynamicSharedSizeBytes;
  int preferredShmemCarveout;
};

namespace cudalab::emu::rt {

using Where = std::source_location;
inline int stream_number(cudaStream_t stream) { return static_cast<int>(reinterpret_cast<std::intptr_t>(stream)); }
inline int event_number(cudaEvent_t event) { return static_cast<int>(reinterpret_cast<std::intptr_t>(event)); }

struct LaunchConfig {
  dim3 grid, block;
  std::size_t shared_bytes;
  cudaStream_t stream;
};
inline LaunchConfig launch_config(dim3 grid, dim3 block, std::size_t shared_bytes = 0, cudaStream_t stream = nullptr) {
  return {grid, block, shared_bytes, stream};
}

// `kernel<<<config>>>(args…)`: the arguments are converted to the kernel's parameter types and
// copied now (a launch is asynchronous), as CUDA does.
template <class... Params, class... Args>
void launch_kernel(const char* name, int line, void (*kernel)(Params...), const LaunchConfig& config, Args&&... args) {
  static_assert(sizeof...(Params) == sizeof...(Args), "this kernel takes a different number of arguments");
  struct Packed {
    void (*fn)(Params...);
    std::tuple<std::decay_t<Params>...> values;
  };
  auto packed = std::make_shared<Packed>(Packed{kernel, std::tuple<std::decay_t<Params>...>(std::forward<Args>(args)...)});
  launch(name, config.grid, config.block, config.shared_bytes, stream_number(config.stream), packed,
         [](const void* p) {
           const auto* pk = static_cast<const Packed*>(p);
           std::apply(pk->fn, pk->values);
         },
         line);
}

}  // namespace cudalab::emu::rt

#define CUDALAB_EXTERN_SHARED(type, name) type* const name = static_cast<type*>(::cudalab::emu::rt::dynamic_shared())

// --- memory ------------------------------------------------------------------------------------
inline cudaError_t cudaMalloc(void** ptr, std::size_t bytes, cudalab::emu::rt::Where w = cudalab::emu::rt::Where::current()) {
  return static_cast<cudaError_t>(cudalab::emu::rt::malloc_device(ptr, bytes, static_cast<int>(w.line())));
}
template <class T>
cudaError_t cudaMalloc(T** ptr, std::size_t bytes, cudalab::emu::rt::Where w = cudalab::emu::rt::Where::current()) {
  return cudaMalloc(reinterpret_cast<void**>(ptr), bytes, w);
}
template <class T>
cudaError_t cudaMallocManaged(T** ptr, std::size_t bytes, unsigned = cudaMemAttachGlobal,
                              cudalab::emu::rt::Where w = cudalab::emu::rt::Where::current()) {
  return cudaMalloc(reinterpret_cast<void**>(ptr), bytes, w);
}
template <class T>
cudaError_t cudaMallocHost(T** ptr, std::size_t bytes, cudalab::emu::rt::Where w = cudalab::emu::rt::Where::current()) {
  return static_cast<cudaError_t>(
      cudalab::emu::rt::malloc_host(reinterpret_cast<void**>(ptr), bytes, static_cast<int>(w.line())));
}
template <class T>
cudaError_t cudaHostAlloc(T** ptr, std::size_t bytes, unsigned, cudalab::emu::rt::Where w = cudalab::emu::rt::Where::current()) {
  return cudaMallocHost(ptr, bytes, w);
}
// The emulator's device memory is the host's: a mapped host allocation is its own device pointer.
template <class T>
cudaError_t cudaHostGetDevicePointer(T** device_ptr, void* host_ptr, unsigned) {
  *device_ptr = static_cast<T*>(host_ptr);
  return cudaSuccess;
}
inline cudaError_t cudaFree(void* ptr, cudalab::emu::rt::Where w = cudalab::emu::rt::Where::current()) {
  return static_cast<cudaError_t>(cudalab::emu::rt::free_device(ptr, static_cast<int>(w.line())));
}
inline cudaError_t cudaFreeHost(void* ptr, cudalab::emu::rt::Where w = cudalab::emu::rt::Where::current()) {
  return static_cast<cudaError_t>(cudalab::emu::rt::free_host(ptr, static_cast<int>(w.line())));
}
inline cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind,
                              cudalab::emu::rt::Where w = cudalab::emu::rt::Where::current()) {
  return static_cast<cudaError_t>(cudalab::emu::rt::copy(dst, src, bytes, kind, -1, static_cast<int>(w.line())));
}
inline cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind,
                                   cudaStream_t stream = nullptr,
                                   cudalab::emu::rt::Where w = cudalab::emu::rt::Where::current()) {
  return static_cast<cudaError_t>(cudalab::emu::rt::copy(dst, src, bytes, kind, cudalab::emu::rt::stream_number(stream),
                                                         static_cast<int>(w.line())));
}
inline cudaError_t cudaMemset(void* dst, int value, std::size_t bytes, cudalab::emu::rt::Where w = cudalab::emu::rt::Where::current()) {
  return static_cast<cudaError_t>(cudalab::emu::rt::fill(dst, value, bytes, static_cast<int>(w.line())));
}
// __constant__ and __device__ variables are the program's own globals on the emulator.
template <class T>
cudaError_t cudaMemcpyToSymbol(T& symbol, const void* src, std::size_t bytes, std::size_t offset = 0,
                               cudaMemcpyKind = cudaMemcpyHostToDevice) {
  if (offset + bytes > sizeof(T)) return cudalab::emu::rt::note_error(cudaErrorInvalidValue), cudaErrorInvalidValue;
  std::memcpy(reinterpret_cast<char*>(&symbol) + offset, src, bytes);
  return cudaSuccess;
}
template <class T>
cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, std::size_t bytes, std::size_t offset = 0,
                                 cudaMemcpyKind = cudaMemcpyDeviceToHost) {
  if (offset + bytes > sizeof(T)) return cudalab::emu::rt::note_error(cudaErrorInvalidValue), cudaErrorInvalidValue;
  cudalab::emu::rt::synchronize(0);
  std::memcpy(dst, reinterpret_cast<const char*>(&symbol) + offset, bytes);
  return cudaSuccess;
}

// --- errors and the device --------------------------------------------------------------------
inline cudaError_t cudaGetLastError() { return static_cast<cudaError_t>(cudalab::emu::rt::last_error(true)); }
inline cudaError_t cudaPeekAtLastError() { return static_cast<cudaError_t>(cudalab::emu::rt::last_error(false)); }
inline const char* cudaGetErrorString(cudaError_t error) { return cudalab::emu::rt::error_string(error); }
inline const char* cudaGetErrorName(cudaError_t error) { return cudalab::emu::rt::error_name(error); }
inline cudaError_t cudaDeviceSynchronize(cudalab::emu::rt::Where w = cudalab::emu::rt::Where::current()) {
  return static_cast<cudaError_t>(cudalab::emu::rt::synchronize(static_cast<int>(w.line())));
}
inline cudaError_t cudaDeviceReset() { return static_cast<cudaError_t>(cudalab::emu::rt::reset_device()); }
inline cudaError_t cudaGetDeviceCount(int* count) { return static_cast<cudaError_t>(cudalab::emu::rt::device_count(count)); }
inline cudaError_t cudaSetDevice(int device) { return static_cast<cudaError_t>(cudalab::emu::rt::set_device(device)); }
inline cudaError_t cudaGetDevice(int* device) { return static_cast<cudaError_t>(cudalab::emu::rt::get_device(device)); }
inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  cudalab::emu::rt::DeviceProperties p{};
  if (const int error = cudalab::emu::rt::device_properties(&p, device); error != 0) return static_cast<cudaError_t>(error);
  *prop = cudaDeviceProp{};
  std::memcpy(prop->name, p.name, sizeof prop->name);
  prop->totalGlobalMem = p.global_mem;
  prop->sharedMemPerBlock = p.shared_per_block;
  prop->sharedMemPerBlockOptin = p.shared_per_block_optin;
  prop->sharedMemPerMultiprocessor = p.shared_per_sm;
  prop->regsPerBlock = p.regs_per_block;
  prop->regsPerMultiprocessor = p.regs_per_sm;
  prop->warpSize = p.warp_size;
  prop->maxThreadsPerBlock = p.max_threads_per_block;
  for (int i = 0; i < 3; ++i) {
    prop->maxThreadsDim[i] = p.max_threads_dim[i];
    prop->maxGridSize[i] = p.max_grid_size[i];
  }
  prop->major = p.major;
  prop->minor = p.minor;
  prop->multiProcessorCount = p.sm_count;
  prop->maxThreadsPerMultiProcessor = p.max_threads_per_sm;
  prop->maxBlocksPerMultiProcessor = p.max_blocks_per_sm;
  prop->l2CacheSize = static_cast<int>(p.l2_bytes);
  prop->memoryBusWidth = p.mem_bus_width;
  prop->unifiedAddressing = 1;
  prop->managedMemory = 1;
  prop->canMapHostMemory = 1;
  return cudaSuccess;
}
inline cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device) {
  cudalab::emu::rt::DeviceProperties p{};
  if (const int error = cudalab::emu::rt::device_properties(&p, device); error != 0) return static_cast<cudaError_t>(error);
  switch (attribute) {
    case cudaDevAttrMaxThreadsPerBlock: *value = p.max_threads_per_block; break;
    case cudaDevAttrMaxBlockDimX: case cudaDevAttrMaxBlockDimY: case cudaDevAttrMaxBlockDimZ:
      *value = p.max_threads_dim[attribute - cudaDevAttrMaxBlockDimX]; break;
    case cudaDevAttrMaxGridDimX: case cudaDevAttrMaxGridDimY: case cudaDevAttrMaxGridDimZ:
      *value = p.max_grid_size[attribute - cudaDevAttrMaxGridDimX]; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: *value = static_cast<int>(p.shared_per_block); break;
    case cudaDevAttrWarpSize: *value = p.warp_size; break;
    case cudaDevAttrMaxRegistersPerBlock: *value = p.regs_per_block; break;
    case cudaDevAttrClockRate: *value = p.clock_khz; break;
    case cudaDevAttrMultiProcessorCount: *value = p.sm_count; break;
    case cudaDevAttrMemoryClockRate: *value = p.mem_clock_khz; break;
    case cudaDevAttrGlobalMemoryBusWidth: *value = p.mem_bus_width; break;
    case cudaDevAttrL2CacheSize: *value = static_cast<int>(p.l2_bytes); break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: *value = p.max_threads_per_sm; break;
    case cudaDevAttrComputeCapabilityMajor: *value = p.major; break;
    case cudaDevAttrComputeCapabilityMinor: *value = p.minor; break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *value = static_cast<int>(p.shared_per_sm); break;
    case cudaDevAttrMaxRegistersPerMultiprocessor: *value = p.regs_per_sm; break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = static_cast<int>(p.shared_per_block_optin); break;
    case cudaDevAttrMaxBlocksPerMultiprocessor: *value = p.max_blocks_per_sm; break;
    default: cudalab::emu::rt::note_error(cudaErrorInvalidValue); return cudaErrorInvalidValue;
  }
  return cudaSuccess;
}
// A kernel's attributes: the emulator compiles no registers or local memory to count.
template <class Kernel>
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attributes, Kernel*) {
  *attributes = cudaFuncAttributes{};
  attributes->maxThreadsPerBlock = 1024;
  attributes->maxDynamicSharedSizeBytes = 48 * 1024;
  return cudaSuccess;
}
template <class Kernel>
cudaError_t cudaFuncSetAttribute(Kernel*, cudaFuncAttribute attribute, int value) {
  if (attribute == cudaFuncAttributeMaxDynamicSharedMemorySize && value > 48 * 1024) {
    cudalab::emu::rt::note_error(cudaErrorInvalidValue);
    return cudaErrorInvalidValue;  // the emulator's dynamic shared memory is 48 KiB (context.h)
  }
  return cudaSuccess;
}
template <class Kernel>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, Kernel*, int block_threads, std::size_t shared_bytes) {
  return static_cast<cudaError_t>(cudalab::emu::rt::max_active_blocks(blocks, block_threads, shared_bytes));
}
template <class Kernel>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int* min_grid, int* block, Kernel*, std::size_t = 0, int limit = 0) {
  cudalab::emu::rt::DeviceProperties p{};
  cudalab::emu::rt::device_properties(&p, 0);
  *block = limit > 0 && limit < p.max_threads_per_block ? limit : p.max_threads_per_block;
  *min_grid = p.sm_count * p.max_blocks_per_sm;
  return cudaSuccess;
}

// --- streams and events -----------------------------------------------------------------------
inline cudaError_t cudaStreamCreate(cudaStream_t* stream) {
  int id = 0;
  const int error = cudalab::emu::rt::stream_create(&id);
  *stream = reinterpret_cast<cudaStream_t>(static_cast<std::intptr_t>(id));
  return static_cast<cudaError_t>(error);
}
inline cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned) { return cudaStreamCreate(stream); }
inline cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  return static_cast<cudaError_t>(cudalab::emu::rt::stream_destroy(cudalab::emu::rt::stream_number(stream)));
}
inline cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  return static_cast<cudaError_t>(cudalab::emu::rt::stream_synchronize(cudalab::emu::rt::stream_number(stream)));
}
inline cudaError_t cudaEventCreate(cudaEvent_t* event) {
  int id = 0;
  const int error = cudalab::emu::rt::event_create(&id);
  *event = reinterpret_cast<cudaEvent_t>(static_cast<std::intptr_t>(id));
  return static_cast<cudaError_t>(error);
}
inline cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned) { return cudaEventCreate(event); }
inline cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = nullptr) {
  return static_cast<cudaError_t>(
      cudalab::emu::rt::event_record(cudalab::emu::rt::event_number(event), cudalab::emu::rt::stream_number(stream)));
}
inline cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  return static_cast<cudaError_t>(cudalab::emu::rt::event_synchronize(cudalab::emu::rt::event_number(event)));
}
inline cudaError_t cudaEventQuery(cudaEvent_t event) {
  return static_cast<cudaError_t>(cudalab::emu::rt::event_query(cudalab::emu::rt::event_number(event)));
}
inline cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  return static_cast<cudaError_t>(
      cudalab::emu::rt::event_elapsed(ms, cudalab::emu::rt::event_number(start), cudalab::emu::rt::event_number(end)));
}
inline cudaError_t cudaEventDestroy(cudaEvent_t event) {
  return static_cast<cudaError_t>(cudalab::emu::rt::event_destroy(cudalab::emu::rt::event_number(event)));
}
