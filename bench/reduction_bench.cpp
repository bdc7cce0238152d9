#include "reduction_bench.h"

#include <algorithm>
#include <numeric>
#include <random>
#include <span>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "cudalab/timing.h"
#include "reduction_kernels.h"

namespace cudalab {

namespace {

using SumKernel = Kernel<void(const int*, int*, int)>;

// Median seconds of the kernel alone (device events around the launch), or a negative number when
// the launch failed or a block sum disagreed with the CPU (after saying so).
double time_block_sums(std::ostream& out, Device& device, const char* label, const SumKernel& kernel,
                       const std::vector<int>& input, const std::vector<int>& reference, int threads_per_block,
                       int repeats) {
  const int n = static_cast<int>(input.size());
  const LaunchConfig config{Dim3(static_cast<unsigned>(reference.size())), Dim3(static_cast<unsigned>(threads_per_block))};
  Buffer<int> in, sums;
  Status status = Buffer<int>::from_host(device, std::span<const int>(input), &in);
  if (status.ok()) status = Buffer<int>::create(device, reference.size(), &sums);
  if (status.ok()) status = launch(device, kernel, config, in.data(), sums.data(), n);  // warm-up, and the result to check
  if (status.ok()) status = device.synchronize();
  std::vector<int> result(reference.size());
  if (status.ok()) status = sums.download(std::span<int>(result));
  if (!status.ok()) {
    out << fmt::format("{}: {}\n", label, status.describe());
    return -1;
  }
  if (result != reference) {
    out << fmt::format("{}: WRONG RESULT (block sums differ from the CPU loop); no time shown\n", label);
    return -1;
  }
  std::vector<double> samples;
  for (int r = 0; r < repeats && status.ok(); ++r) {
    auto start = device.record_event();
    status = launch(device, kernel, config, in.data(), sums.data(), n);
    auto end = device.record_event();
    if (status.ok()) status = device.synchronize();
    samples.push_back(device.elapsed_ms(*start, *end) / 1e3);
  }
  if (!status.ok()) {
    out << fmt::format("{}: {}\n", label, status.describe());
    return -1;
  }
  return median(std::move(samples));
}

}  // namespace

bool print_reduction_rows(std::ostream& out, const std::vector<std::unique_ptr<Device>>& devices,
                          const std::vector<int>& worker_counts, int repeats, int elements, int threads_per_block,
                          FigureRounds& figures) {
  const int blocks = (elements + threads_per_block - 1) / threads_per_block;
  std::vector<int> input(static_cast<std::size_t>(elements));
  std::mt19937 random(2024);
  std::uniform_int_distribution<int> value(-100, 100);
  for (int& x : input) x = value(random);
  std::vector<int> reference(static_cast<std::size_t>(blocks));
  for (int b = 0; b < blocks; ++b) {
    const auto first = input.begin() + static_cast<std::ptrdiff_t>(b) * threads_per_block;
    reference[b] = std::accumulate(first, input.begin() + std::min(elements, (b + 1) * threads_per_block), 0);
  }

  out << fmt::format("\nBlock sums of {} ints, {} threads per block (chapter 7's reduction; every result checked):\n",
                     elements, threads_per_block);
  out << fmt::format("{:<26} {:>8} {:>12} {:>16}\n", "kernel", "workers", "seconds", "vs shared tree");
  bool all_right = true;
  for (std::size_t d = 0; d < devices.size(); ++d) {
    const double shared = time_block_sums(out, *devices[d], "shared_tree_sum", bench::shared_tree_sum, input, reference,
                                          threads_per_block, repeats);
    const double shuffle = time_block_sums(out, *devices[d], "warp_shuffle_sum", bench::warp_shuffle_sum, input,
                                           reference, threads_per_block, repeats);
    const std::string workers = workers_words(worker_counts[d]);
    if (shared >= 0) {
      out << fmt::format("{:<26} {:>8} {:>12.6f} {:>16}\n", "shared_tree_sum (barriers)", worker_counts[d], shared, "1.00x");
      figures.add("shared_tree_sum (barriers), " + workers, FigureUnit::seconds, shared);
    }
    if (shuffle >= 0) figures.add("warp_shuffle_sum (shuffles), " + workers, FigureUnit::seconds, shuffle);
    if (shuffle >= 0 && shared > 0) {
      out << fmt::format("{:<26} {:>8} {:>12.6f} {:>15.2f}x\n", "warp_shuffle_sum (shuffles)", worker_counts[d], shuffle,
                         shuffle / shared);
      figures.add("warp_shuffle_sum vs shared tree, " + workers, FigureUnit::ratio, shuffle / shared);
    }
    all_right = all_right && shared >= 0 && shuffle >= 0;
  }
  return all_right;
}

}  // namespace cudalab
