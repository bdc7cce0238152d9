#pragma once
// What a backend is: the numbers deviceQuery prints that lessons use, for a CUDA device or for
// the CPU emulator (which reports its own honest limits, the ones it enforces).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cudalab/dim.h"
#include "cudalab/status.h"
#include "cudalab/message.h"

namespace cudalab {

enum class BackendKind { gpu, emulator };
const char* to_string(BackendKind kind);  // "gpu" / "emu"

struct DeviceFacts {
  BackendKind backend = BackendKind::emulator;
  int index = 0;                 // CUDA ordinal; 0 for the emulator
  std::string name;              // "NVIDIA H200" / "CPU emulator"
  int cc_major = 0, cc_minor = 0;
  int sm_count = 0;              // emulator: worker threads
  int warp_size = 32;
  int max_threads_per_block = 1024;
  std::array<unsigned, 3> max_block_dim{1024, 1024, 64};
  std::array<unsigned, 3> max_grid_dim{2147483647u, 65535u, 65535u};
  std::size_t shared_per_block = 48 * 1024;        // without opt-in
  std::size_t shared_per_block_optin = 48 * 1024;  // with cudaFuncSetAttribute
  std::size_t shared_per_sm = 0;
  int regs_per_block = 0;
  int regs_per_sm = 0;
  int max_threads_per_sm = 0;
  int max_blocks_per_sm = 0;     // resident blocks one SM holds at most (16 on sm_75, 32 on sm_90); 0: unknown
  std::size_t l2_bytes = 0;
  std::size_t global_mem_bytes = 0;
  int clock_khz = 0;
  int mem_clock_khz = 0;
  int mem_bus_width_bits = 0;
  Message why_no_gpu;            // emulator: why no GPU is used, in words (empty: chosen by you)
  std::string host_cpu;          // CPU model, for both
  int host_cores = 0;

  bool is_gpu() const { return backend == BackendKind::gpu; }
  // "sm_90"
  std::string arch() const;
  // Memory clock × bus width × 2 (DDR), in GB/s; 0 when unknown.
  double theoretical_bandwidth_gbs() const;
  // The status bar's words: "NVIDIA H200 · sm_90 · real GPU" / "CPU emulator · <why>".
  std::string label() const;
};

// Facts of every CUDA device, or none with the reason in `why_none` ("no NVIDIA driver found").
std::vector<DeviceFacts> query_cuda_devices(Message* why_none);
// The emulator's facts on this machine (workers = cores unless `workers` > 0).
DeviceFacts emulator_facts(int workers = 0);
// The host CPU model from /proc/cpuinfo and the core count.
std::string host_cpu_model();

// What the same launch does in a program of the student's own: the refusal is CUDA Lab's check;
// plain CUDA reports it only to a program that asks. Every refusal by CUDA's limits ends with it.
inline constexpr const char* kSilentLaunchNote =
    " In your own program this launch would fail silently: call cudaGetLastError() after <<<>>> to see it.";

// Checks a launch configuration against a device's limits. The message names the limit in words,
// then kSilentLaunchNote: "this GPU allows at most 1024 threads per block; you asked for 2048. In
// your own program …". (A stream number past CUDA Lab's own streams is not CUDA's limit: no note.)
Status validate_launch(const LaunchConfig& config, const DeviceFacts& facts);

}  // namespace cudalab
