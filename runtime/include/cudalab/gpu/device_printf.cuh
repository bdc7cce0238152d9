#pragma once
// Kernel printf on the GPU that reaches the app (console pane, Run JSON) instead of the process's
// stdout. A kernel file calls plain `printf(...)`; CUDALAB_KERNEL_PRELUDE (bind.cuh) makes that
// name this template inside the kernel namespace. Each call encodes its format string and
// arguments (printf_record.h) into a channel in global memory that the CUDA device reads back and
// formats after synchronize().
//
// Why a channel per translation unit: lessons compile without -rdc, so every .cu is its own device
// module and cannot see another's __device__ variables. Each unit therefore has its own `static`
// pointer, and the host sets it (through printf_slot(), exported once per unit by
// CUDALAB_GPU_TRANSLATION_UNIT) before the first launch of that unit's kernels.
#include <cstdio>

#include "cudalab/gpu/printf_record.h"

namespace cudalab::gpu {

// This unit's channel; null until the host binds it (then printf falls back to CUDA's own).
static __device__ ::cudalab::printf_record::ChannelHeader* printf_channel = nullptr;

// Host side: the symbol's address for cudaMemcpyToSymbol. `static`: one per translation unit.
static inline const void* printf_slot() { return static_cast<const void*>(&printf_channel); }

// Returns the number of arguments recorded, or -1 when the record did not fit (as CUDA's printf
// returns -1 on failure).
template <class... Args>
__device__ int printf(const char* format, Args... args) {
  namespace rec = ::cudalab::printf_record;
  rec::ChannelHeader* channel = printf_channel;
  if (channel == nullptr) {
    // Not bound (a kernel launched outside CUDA Lab's Device): better on stdout than lost.
    return ::printf(format, args...);
  }
  constexpr std::uint32_t argument_count = sizeof...(Args);
  // One spare element: an array of zero elements is not C++.
  const rec::ArgValue values[argument_count + 1] = {rec::make_arg(args)..., rec::ArgValue{}};
  const std::uint32_t full_length = rec::bounded_length(format, rec::kMaxFormatBytes + 1);
  const bool truncated = full_length > rec::kMaxFormatBytes;
  const std::uint32_t format_bytes = truncated ? rec::kMaxFormatBytes : full_length;
  const std::uint64_t record_bytes = rec::record_size(format_bytes, values, argument_count);

  const unsigned long long offset = atomicAdd(&channel->reserved_bytes, static_cast<unsigned long long>(record_bytes));
  const unsigned long long capacity = channel->capacity_bytes;
  auto* records = reinterpret_cast<unsigned char*>(channel + 1);
  if (offset + record_bytes > capacity) {
    atomicAdd(&channel->dropped_records, 1ull);
    // Only the reservation that straddles the end starts inside: it marks where records stop.
    if (offset < capacity) reinterpret_cast<rec::RecordHeader*>(records + offset)->record_bytes = 0;
    return -1;
  }
  rec::write_record(records + offset, record_bytes, format, format_bytes, truncated, values, argument_count);
  return static_cast<int>(argument_count);
}

}  // namespace cudalab::gpu
