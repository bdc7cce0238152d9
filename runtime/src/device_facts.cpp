#include "cudalab/device_facts.h"

#include <fstream>
#include <string>
#include <thread>

#include <fmt/format.h>

#include "cudalab/message_format.h"

namespace cudalab {

const char* to_string(BackendKind kind) { return kind == BackendKind::gpu ? "gpu" : "emu"; }

std::string DeviceFacts::arch() const { return fmt::format("sm_{}{}", cc_major, cc_minor); }

double DeviceFacts::theoretical_bandwidth_gbs() const {
  // Double data rate: two transfers per memory clock, bus width in bits.
  return 2.0 * mem_clock_khz * 1e3 * (mem_bus_width_bits / 8.0) / 1e9;
}

std::string DeviceFacts::label() const {
  if (is_gpu()) return fmt::format("{} · {} · real GPU", name, arch());
  const std::string reason = why_no_gpu.empty() ? "chosen by you" : why_no_gpu.english();
  return fmt::format("CPU emulator · {} · {} workers", reason, sm_count);
}

std::string host_cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0) {
      auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(" \t", colon + 1));
    }
  }
  return "unknown CPU";
}

namespace {
std::size_t host_available_memory() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::size_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemAvailable:") return kib * 1024;
  }
  return std::size_t(1) << 30;
}
}  // namespace

DeviceFacts emulator_facts(int workers) {
  DeviceFacts f;
  f.backend = BackendKind::emulator;
  f.name = "CPU emulator";
  int cores = static_cast<int>(std::thread::hardware_concurrency());
  if (cores <= 0) cores = 1;
  f.sm_count = workers > 0 ? workers : cores;
  f.warp_size = 32;
  f.max_threads_per_block = 1024;
  f.max_block_dim = {1024, 1024, 64};
  f.max_grid_dim = {2147483647u, 65535u, 65535u};
  f.shared_per_block = 48 * 1024;  // the emulator's dynamic shared array (emu/bind.h)
  f.shared_per_block_optin = 48 * 1024;
  f.max_threads_per_sm = 1024;  // one block at a time per worker
  f.max_blocks_per_sm = 1;
  // Memory is the host's: half of what is available, so the app itself keeps room.
  f.global_mem_bytes = host_available_memory() / 2;
  f.host_cpu = host_cpu_model();
  f.host_cores = cores;
  return f;
}

namespace {
std::string bytes_in_words(std::size_t bytes) {
  if (bytes >= (std::size_t(1) << 20) && bytes % (std::size_t(1) << 20) == 0) return fmt::format("{} MiB", bytes >> 20);
  if (bytes >= 1024 && bytes % 1024 == 0) return fmt::format("{} KiB", bytes >> 10);
  return fmt::format("{} bytes", bytes);
}
}  // namespace

// What validate_launch says after the limit: the limit's words, then kSilentLaunchNote.
constexpr std::string_view kRefusedLaunch =
    "{}. In your own program this launch would fail silently: call cudaGetLastError() after <<<>>> to see it.";
static_assert(kRefusedLaunch.substr(3) == std::string_view(kSilentLaunchNote));

Status validate_launch(const LaunchConfig& config, const DeviceFacts& facts) {
  const char* who = facts.is_gpu() ? "this GPU" : "the emulator";
  // A launch CUDA itself would refuse: say so, and how a real program finds out.
  auto fail = [](Message limit) {
    return Status::error(StatusCode::invalid_config, message(kRefusedLaunch, std::move(limit)));
  };
  const unsigned block[3] = {config.block.x, config.block.y, config.block.z};
  const unsigned grid[3] = {config.grid.x, config.grid.y, config.grid.z};
  const char* axis[3] = {"x", "y", "z"};

  for (int d = 0; d < 3; ++d)
    if (block[d] == 0)
      return fail(message("a block needs at least one thread in each dimension; you asked for blockDim.{} = 0",
                          as_is(axis[d])));
  for (int d = 0; d < 3; ++d)
    if (grid[d] == 0)
      return fail(
          message("a grid needs at least one block in each dimension; you asked for gridDim.{} = 0", as_is(axis[d])));

  std::uint64_t threads = config.block.volume();
  if (threads > static_cast<std::uint64_t>(facts.max_threads_per_block))
    return fail(config.block.y == 1 && config.block.z == 1
                    ? message("{} allows at most {} threads per block; you asked for {}", who, facts.max_threads_per_block,
                              threads)
                    : message("{} allows at most {} threads per block; you asked for {} ({} × {} × {})", who,
                              facts.max_threads_per_block, threads, block[0], block[1], block[2]));
  for (int d = 0; d < 3; ++d)
    if (block[d] > facts.max_block_dim[d])
      return fail(message("{} allows blockDim.{} up to {}; you asked for {}", who, as_is(axis[d]),
                          facts.max_block_dim[d], block[d]));
  for (int d = 0; d < 3; ++d)
    if (grid[d] > facts.max_grid_dim[d])
      return fail(message("{} allows gridDim.{} up to {}; you asked for {}", who, as_is(axis[d]), facts.max_grid_dim[d],
                          grid[d]));

  if (config.stream < 0 || config.stream > kLastStream)
    return Status::error(StatusCode::invalid_config,
                         message("streams are numbered 0 to {}; you asked for stream {}", kLastStream, config.stream));

  std::size_t shared_limit = std::max(facts.shared_per_block, facts.shared_per_block_optin);
  if (config.dynamic_shared_bytes > shared_limit)
    return fail(message("{} allows at most {} of shared memory per block; you asked for {} of dynamic shared memory",
                        who, bytes_in_words(shared_limit), bytes_in_words(config.dynamic_shared_bytes)));
  return Status::success();
}

}  // namespace cudalab
