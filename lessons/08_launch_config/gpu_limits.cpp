#include "gpu_limits.h"

#include <algorithm>
#include <climits>

#include <fmt/format.h>

#include "text/say.h"

namespace cudalab::lessons::launch_config {

namespace {
constexpr std::size_t KiB = 1024;

GpuLimits row(std::string arch, std::string example, int threads, int blocks, std::size_t shared_sm_kib,
              std::size_t optin_kib_times_4, std::size_t reserved, int shared_unit) {
  GpuLimits g;
  g.arch = std::move(arch);
  g.example = std::move(example);
  g.max_threads_per_sm = threads;
  g.max_blocks_per_sm = blocks;
  g.registers_per_sm = 64 * 1024;
  g.registers_per_block = 64 * 1024;
  g.max_registers_per_thread = 255;
  g.shared_per_sm = shared_sm_kib * KiB;
  g.shared_per_block_optin = optin_kib_times_4 * KiB / 4;
  g.reserved_shared_per_block = reserved;
  g.shared_allocation_unit = shared_unit;
  return g;
}
}  // namespace

const std::vector<GpuLimits>& known_gpus() {
  // arch, example, threads/SM, blocks/SM, shared/SM (KiB), opt-in per block (KiB × 4), reserve, shared unit
  static const std::vector<GpuLimits> gpus = {
      row("sm_75", "Turing: T4, RTX 20xx", 1024, 16, 64, 64 * 4, 0, 256),
      row("sm_80", "A100", 2048, 32, 164, 163 * 4, 1024, 128),
      row("sm_86", "RTX 30xx, A40", 1536, 16, 100, 99 * 4, 1024, 128),
      row("sm_89", "RTX 40xx, L4, L40", 1536, 24, 100, 99 * 4, 1024, 128),
      row("sm_90", "H100, H200", 2048, 32, 228, 227 * 4, 1024, 128),
  };
  return gpus;
}

std::string limits_source() {
  return say("CUDA C++ Programming Guide, \"Compute Capabilities\" (technical specifications per compute capability), "
             "as in NVIDIA's libcu++ cuda::arch_traits; allocation units and the {} KiB per-block reserve from the "
             "toolkit's cuda_occupancy.h (the CUDA Occupancy Calculator)",
             1);
}

const GpuLimits* limits_for_arch(const std::string& arch) {
  for (const GpuLimits& g : known_gpus())
    if (g.arch == arch) return &g;
  return nullptr;
}

bool limits_of_device(const DeviceFacts& facts, GpuLimits* out) {
  if (!facts.is_gpu()) return false;
  // Granularities of the same architecture, else of the newest older one in the table.
  const int cc = facts.cc_major * 10 + facts.cc_minor;
  const GpuLimits* base = &known_gpus().front();
  for (const GpuLimits& g : known_gpus())
    if (std::stoi(g.arch.substr(3)) <= cc) base = &g;
  GpuLimits g = *base;
  g.arch = facts.arch();
  g.example = facts.name;
  g.max_threads_per_sm = facts.max_threads_per_sm;
  if (facts.max_blocks_per_sm > 0) g.max_blocks_per_sm = facts.max_blocks_per_sm;
  g.registers_per_sm = facts.regs_per_sm;
  g.registers_per_block = facts.regs_per_block;
  g.shared_per_sm = facts.shared_per_sm;
  g.shared_per_block_optin = facts.shared_per_block_optin;
  g.warp_size = facts.warp_size;
  *out = g;
  return true;
}

const char* to_string(Limiter limiter) {
  switch (limiter) {
    case Limiter::threads: return "threads per SM";
    case Limiter::blocks: return "blocks per SM";
    case Limiter::registers: return "registers per SM";
    case Limiter::shared_memory: return "shared memory per SM";
    case Limiter::none: break;
  }
  return "nothing fits";
}

Occupancy occupancy(const GpuLimits& gpu, int threads_per_block, int registers_per_thread, std::size_t shared_per_block) {
  Occupancy o;
  const int warp = std::max(gpu.warp_size, 1);
  o.max_warps_per_sm = gpu.max_threads_per_sm / warp;
  o.warps_per_block = (std::max(threads_per_block, 1) + warp - 1) / warp;
  if (threads_per_block < 1 || threads_per_block > 1024) {
    o.refused = say("a block holds 1 to 1024 threads; you asked for {}", threads_per_block);
    return o;
  }
  // Threads: whole warps are allocated, so 48 threads take 2 warps' places.
  o.by_threads = o.max_warps_per_sm / o.warps_per_block;
  o.by_blocks = gpu.max_blocks_per_sm;
  // Registers: a warp gets registers × 32 rounded up to the allocation unit (256), in one quarter
  // of the register file; whole warps fit per quarter.
  o.registers_per_warp = (registers_per_thread * warp + gpu.register_allocation_unit - 1) /
                         gpu.register_allocation_unit * gpu.register_allocation_unit;
  if (registers_per_thread > gpu.max_registers_per_thread) {
    o.refused = say("a thread may use at most {} registers; you asked for {}", gpu.max_registers_per_thread,
                    registers_per_thread);
  } else if (o.registers_per_warp == 0) {
    o.by_registers = INT_MAX;
  } else {
    const int warps_per_quarter = (gpu.registers_per_sm / gpu.register_sub_partitions) / o.registers_per_warp;
    const int block_registers = o.registers_per_warp * o.warps_per_block;
    // The hardware checks a block against the per-block limit as if its warps filled all quarters evenly.
    const int assumed = o.registers_per_warp * ((o.warps_per_block + gpu.register_sub_partitions - 1) /
                                                gpu.register_sub_partitions * gpu.register_sub_partitions);
    if (block_registers > gpu.registers_per_block || assumed > gpu.registers_per_block)
      o.refused = say("{} threads × {} registers need {} registers, more than a block may have ({})",
                      threads_per_block, registers_per_thread, std::max(block_registers, assumed),
                      gpu.registers_per_block);
    else
      o.by_registers = warps_per_quarter * gpu.register_sub_partitions / o.warps_per_block;
  }
  // Shared memory: the driver's reserve (1 KiB per block from sm_80) is added, then the sum is rounded
  // up to the allocation unit, as cuda_occupancy.h does.
  const std::size_t used = shared_per_block + gpu.reserved_shared_per_block;
  const std::size_t unit = static_cast<std::size_t>(std::max(gpu.shared_allocation_unit, 1));
  o.shared_per_block = (used + unit - 1) / unit * unit;
  if (shared_per_block > gpu.shared_per_block_optin)
    o.refused = say("a block may use at most {} bytes of shared memory (with opt-in); you asked for {}",
                    gpu.shared_per_block_optin, shared_per_block);
  else
    o.by_shared = o.shared_per_block == 0 ? INT_MAX : static_cast<int>(gpu.shared_per_sm / o.shared_per_block);
  if (!o.refused.empty()) return o;
  o.blocks_per_sm = o.by_threads, o.limiter = Limiter::threads;
  const std::pair<int, Limiter> others[] = {
      {o.by_blocks, Limiter::blocks}, {o.by_registers, Limiter::registers}, {o.by_shared, Limiter::shared_memory}};
  for (const auto& [blocks, limiter] : others)
    if (blocks < o.blocks_per_sm) o.blocks_per_sm = blocks, o.limiter = limiter;
  if (o.blocks_per_sm == 0) {
    o.limiter = Limiter::none;
    o.refused = "no block of this size fits on one SM";
  }
  o.warps_per_sm = o.blocks_per_sm * o.warps_per_block;
  o.occupancy = o.max_warps_per_sm > 0 ? double(o.warps_per_sm) / o.max_warps_per_sm : 0;
  return o;
}

}  // namespace cudalab::lessons::launch_config
