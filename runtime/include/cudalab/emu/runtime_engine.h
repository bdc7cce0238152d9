#pragma once
// The emulated CUDA runtime's engine side: what a whole program compiled for the emulator
// (cudalab/emu/program.h) calls in this executable (runtime/emu/host_runtime.cpp). Plain types
// only and no macros, like context.h: the engine includes it too. Every function returns a
// cudaError_t's number (0: cudaSuccess) and records it as the runtime's last error, as CUDA does;
// `line` is the program's line of the call, for the words a check says about it.
#include <cstddef>
#include <memory>

#include "cudalab/emu/context.h"

namespace cudalab::emu::rt {

int malloc_device(void** ptr, std::size_t bytes, int line);
int malloc_host(void** ptr, std::size_t bytes, int line);  // cudaMallocHost, cudaHostAlloc
int free_device(void* ptr, int line);
int free_host(void* ptr, int line);
// `kind` as cudaMemcpyKind numbers it; `stream` < 0: the synchronous cudaMemcpy.
int copy(void* dst, const void* src, std::size_t bytes, int kind, int stream, int line);
int fill(void* dst, int value, std::size_t bytes, int line);
// Enqueues `invoke(args)` for every thread of the grid; `name` is what the program launched.
int launch(const char* name, dim3 grid, dim3 block, std::size_t shared_bytes, int stream,
           std::shared_ptr<const void> args, void (*invoke)(const void*), int line);
int synchronize(int line);
int last_error(bool reset);
void note_error(int error);  // a wrapper's own refusal (a null pointer), kept as the last error
const char* error_name(int error);
const char* error_string(int error);

int event_create(int* id);
int event_record(int id, int stream);
int event_synchronize(int id);
int event_query(int id);
int event_elapsed(float* ms, int start, int end);
int event_destroy(int id);
int stream_create(int* id);
int stream_destroy(int id);
int stream_synchronize(int id);

// What cudaGetDeviceProperties and cudaDeviceGetAttribute read: the emulator's own limits.
struct DeviceProperties {
  char name[256];
  std::size_t global_mem, shared_per_block, shared_per_block_optin, shared_per_sm, l2_bytes;
  int regs_per_block, regs_per_sm, warp_size, max_threads_per_block, max_threads_dim[3], max_grid_size[3];
  int major, minor, sm_count, max_threads_per_sm, max_blocks_per_sm, clock_khz, mem_clock_khz, mem_bus_width;
};
int device_properties(DeviceProperties* out, int device);
int device_count(int* count);
int set_device(int device);
int get_device(int* device);
int reset_device();
// cudaOccupancyMaxActiveBlocksPerMultiprocessor on the emulator: it runs one block per worker.
int max_active_blocks(int* blocks, int block_threads, std::size_t shared_bytes);

// The calling worker's `extern __shared__` storage (program_text.h rewrites each such array to it).
void* dynamic_shared();

}  // namespace cudalab::emu::rt
