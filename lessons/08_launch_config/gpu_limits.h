#pragma once
// Chapter 8: the limits of one SM that decide occupancy, for the GPUs a student may reason about,
// and the occupancy calculation itself (the arithmetic of the CUDA Occupancy Calculator and of
// cuda_occupancy.h, done in the open so the app can name the limit that binds).
#include <cstddef>
#include <string>
#include <vector>

#include "cudalab/device_facts.h"

namespace cudalab::lessons::launch_config {

// One architecture's per-SM limits. Sources (each value): the CUDA C++ Programming Guide,
// "Compute Capabilities" (technical specifications per compute capability: resident blocks,
// threads, registers and shared memory per SM, registers per thread, shared memory per block with
// opt-in), cross-checked against NVIDIA's libcu++ cuda::arch_traits; the allocation granularities
// and the per-block reserve from the toolkit's cuda_occupancy.h (the CUDA Occupancy Calculator's
// own code: cudaOccRegAllocationGranularity, cudaOccSubPartitionsPerMultiprocessor,
// cudaOccSMemAllocationGranularity, cudaDevAttrReservedSharedMemoryPerBlock).
struct GpuLimits {
  std::string arch;             // "sm_90"
  std::string example;          // "H100 / H200"
  int max_threads_per_sm = 0;   // resident threads
  int max_blocks_per_sm = 0;    // resident blocks
  int registers_per_sm = 0;     // 32-bit registers
  int registers_per_block = 0;
  int max_registers_per_thread = 0;
  std::size_t shared_per_sm = 0;          // the largest shared-memory carveout
  std::size_t shared_per_block_optin = 0; // the most one block may use (opt-in past 48 KiB)
  std::size_t reserved_shared_per_block = 0;  // the driver's own per block (1 KiB from sm_80)
  int register_allocation_unit = 256;   // registers are handed to a warp in multiples of this
  int register_sub_partitions = 4;      // the register file is split in 4: warps fit per quarter
  int shared_allocation_unit = 0;       // bytes: a block's shared memory is rounded up to this
  int warp_size = 32;
};

// sm_75, sm_80, sm_86, sm_89, sm_90, in that order.
const std::vector<GpuLimits>& known_gpus();
// Where the values of known_gpus() come from, in words (shown under the table).
std::string limits_source();  // in the language spoken (say.h)
// The row for an architecture ("sm_90"), or null.
const GpuLimits* limits_for_arch(const std::string& arch);
// The limits of a real device: its own facts, with the granularities of its architecture's row
// (or of the nearest older one). False when the device is not a GPU.
bool limits_of_device(const DeviceFacts& facts, GpuLimits* out);

enum class Limiter { threads, blocks, registers, shared_memory, none };
const char* to_string(Limiter limiter);  // "threads per SM", "blocks per SM", ...

struct Occupancy {
  int blocks_per_sm = 0;  // resident blocks: the smallest of the four below
  int by_threads = 0, by_blocks = 0, by_registers = 0, by_shared = 0;  // each limit alone
  Limiter limiter = Limiter::none;  // the one that gives blocks_per_sm (first in the order above on a tie)
  int warps_per_block = 0;
  int warps_per_sm = 0;      // resident warps
  int max_warps_per_sm = 0;
  double occupancy = 0;      // warps_per_sm / max_warps_per_sm
  int registers_per_warp = 0;          // after rounding up to the allocation unit
  std::size_t shared_per_block = 0;    // after the reserve and rounding
  std::string refused;       // why no block fits at all ("" when one does)
};

// Resident blocks per SM for blocks of `threads_per_block` threads using `registers_per_thread`
// registers and `shared_per_block` bytes of shared memory (static + dynamic).
Occupancy occupancy(const GpuLimits& gpu, int threads_per_block, int registers_per_thread, std::size_t shared_per_block);

}  // namespace cudalab::lessons::launch_config
