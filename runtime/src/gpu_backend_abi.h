#pragma once
// What the GPU backend library (libcudalab-gpu.so: the CUDA device and every kernel compiled by
// nvcc) gives the executable that loads it: one C function returning this table (runtime-internal).
// Both sides are built from the same sources by the same compiler — the build id says so, and a
// library whose id differs is refused before anything else of it is used — so C++ types cross.
#include <memory>
#include <string>
#include <vector>

#include "cudalab/device.h"

namespace cudalab::gpu_backend {

inline constexpr int kAbiVersion = 1;
inline constexpr const char* kEntryName = "cudalab_gpu_backend";
inline constexpr const char* kFileName = "libcudalab-gpu.so";

struct Table {
  int abi_version = kAbiVersion;  // first, and checked first: any other layout is refused unread
  const char* build_id = "";      // CUDALAB_GPU_BUILD_ID of the sources it was built from
  std::vector<DeviceFacts> (*query_devices)(Message* why_none) = nullptr;
  Status (*make_device)(int index, std::unique_ptr<Device>* out) = nullptr;
};

using EntryFn = const Table* (*)();

}  // namespace cudalab::gpu_backend
