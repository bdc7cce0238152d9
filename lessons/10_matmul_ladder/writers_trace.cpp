#include "writers_trace.h"

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "text/say.h"

namespace cudalab::lessons::ladder {

void set_writers_traced(bool traced);  // kernels_emu.cpp

namespace {

// Sets who_writes.cuh's switch for one launch, and clears it however the launch ends.
struct WritersTracedScope {
  WritersTracedScope() { set_writers_traced(true); }
  ~WritersTracedScope() { set_writers_traced(false); }
  WritersTracedScope(const WritersTracedScope&) = delete;
  WritersTracedScope& operator=(const WritersTracedScope&) = delete;
};

// The traced picture decodes at most this many threads exactly (floats hold integers to 2²⁴).
constexpr long long kLargestTracedElements = 1 << 20;

}  // namespace

Writers::Writer Writers::at(int row, int col) const {
  Writer writer;
  if (row < 0 || row >= m || col < 0 || col >= n || threads_per_block == 0 || grid_x == 0) return writer;
  const int number = thread[std::size_t(row) * std::size_t(n) + std::size_t(col)];
  if (number < 0) return writer;
  const int block = number / int(threads_per_block);
  writer.block_x = block % int(grid_x);
  writer.block_y = block / int(grid_x);
  writer.thread = number % int(threads_per_block);
  writer.warp = writer.thread / 32;
  writer.lane = traced ? writer.thread % 32 : -1;
  return writer;
}

Status trace_writers(const LadderKernel& kernel, int m, int n, int k, Writers* out) {
  if (m < 1 || n < 1 || k < 1 || 1LL * m * n > kLargestTracedElements)
    return Status::error(StatusCode::invalid_argument,
                         say("the writers' picture traces at most {} elements of C; asked for {} × {}",
                             kLargestTracedElements, m, n));
  std::unique_ptr<Device> emulator;
  CUDALAB_RETURN_IF_ERROR(open_device(BackendRequest::emulator, &emulator));
  CUDALAB_RETURN_IF_ERROR(check_ladder_kernel(*emulator, kernel));
  const std::vector<float> a(std::size_t(m) * k, 1.0f), b(std::size_t(k) * n, 1.0f);
  const std::vector<float> nobody(std::size_t(m) * n, -1.0f);
  Buffer<float> device_a, device_b, device_c;
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(*emulator, a, &device_a));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(*emulator, b, &device_b));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(*emulator, nobody, &device_c));
  {
    WritersTracedScope traced;
    CUDALAB_RETURN_IF_ERROR(
        launch_ladder_kernel(*emulator, kernel, device_a.data(), device_b.data(), device_c.data(), m, n, k));
    CUDALAB_RETURN_IF_ERROR(emulator->synchronize());
  }
  std::vector<float> numbers(std::size_t(m) * n);
  CUDALAB_RETURN_IF_ERROR(device_c.download(numbers));
  Writers writers;
  writers.m = m;
  writers.n = n;
  writers.threads_per_block = kernel.threads_per_block();
  writers.grid_x = unsigned((n + kernel.bn - 1) / kernel.bn);
  writers.traced = true;
  writers.thread.reserve(numbers.size());
  for (float number : numbers) writers.thread.push_back(static_cast<int>(number));
  *out = std::move(writers);
  return Status::success();
}

Writers model_warp_tiles(const LadderKernel& kernel, int m, int n) {
  Writers writers;
  writers.m = m;
  writers.n = n;
  writers.threads_per_block = kernel.threads_per_block();
  writers.grid_x = unsigned((n + kernel.bn - 1) / kernel.bn);
  writers.thread.assign(std::size_t(m) * n, -1);
  const int warps_across = kernel.wn > 0 ? kernel.bn / kernel.wn : 1;
  for (int row = 0; row < m; ++row)
    for (int col = 0; col < n; ++col) {
      const int block = (row / kernel.bm) * int(writers.grid_x) + col / kernel.bn;
      if (kernel.rung == Rung::tf32_wgmma) {
        // Exact, from the layout of wgmma's sums (rung_tf32_wgmma.cuh): warp group g has rows
        // 64g …, its warp w rows 16w …, and lane 4 · (row % 8) + (col % 8) / 2 two neighbouring
        // columns of each 8, in rows r and r + 8.
        const int r = row % kernel.bm, c = col % kernel.bn;
        const int thread = (r / 64) * 128 + ((r % 64) / 16) * 32 + (r % 8) * 4 + (c % 8) / 2;
        writers.thread[std::size_t(row) * n + col] = block * int(writers.threads_per_block) + thread;
        continue;
      }
      const int warp = kernel.wm > 0 ? ((row % kernel.bm) / kernel.wm) * warps_across + (col % kernel.bn) / kernel.wn : 0;
      writers.thread[std::size_t(row) * n + col] = block * int(writers.threads_per_block) + warp * 32;
    }
  return writers;
}

}  // namespace cudalab::lessons::ladder
