#include "emulator_bench.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <sstream>
#include <span>
#include <string>
#include <limits>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "common/matmul/kernels.h"
#include "cudalab/buffer.h"
#include "cudalab/device.h"
#include "cudalab/timing.h"
#include "empty_kernel.h"
#include "figure_rounds.h"
#include "reduction_bench.h"
#include "wait_kernels.h"

namespace cudalab {

namespace {

using Matrix = std::vector<float>;
namespace matmul = lessons::matmul;

// The same arithmetic as the kernels, in the same order, on one core.
void plain_loop_matmul(const Matrix& a, const Matrix& b, Matrix& c, int n) {
  for (int row = 0; row < n; ++row)
    for (int col = 0; col < n; ++col) {
      float sum = 0.0f;
      for (int k = 0; k < n; ++k) sum += a[row * n + k] * b[k * n + col];
      c[row * n + col] = sum;
    }
}

template <class Body>
double median_seconds(int repeats, Body body) {
  std::vector<double> samples;
  for (int r = 0; r < repeats; ++r) {
    const auto start = std::chrono::steady_clock::now();
    body();
    samples.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return median(std::move(samples));
}

// Largest difference relative to the magnitude of the reference (0 when identical).
double worst_relative_error(const Matrix& result, const Matrix& reference) {
  double worst = 0;
  for (std::size_t i = 0; i < result.size(); ++i)
    worst = std::max(worst, std::abs(double(result[i]) - reference[i]) / (std::abs(double(reference[i])) + 1.0));
  return worst;
}

struct KernelRow {
  const char* label;
  const Kernel<matmul::TimedMatmul>* kernel;
};

// Runs one matmul kernel on `device`; returns the median seconds of the kernel alone (device
// events around the launch), or a negative number when the result is wrong (after saying so).
double time_matmul(std::ostream& out, Device& device, const KernelRow& row, const Matrix& a, const Matrix& b,
                   const Matrix& reference, int n, int repeats) {
  Buffer<float> da, db, dc;
  Status status = Buffer<float>::from_host(device, std::span<const float>(a), &da);
  if (status.ok()) status = Buffer<float>::from_host(device, std::span<const float>(b), &db);
  if (status.ok()) status = Buffer<float>::create(device, a.size(), &dc);
  const unsigned tile = matmul::kMatmulTile;
  const unsigned blocks = (static_cast<unsigned>(n) + tile - 1) / tile;
  const LaunchConfig config{Dim3(blocks, blocks), Dim3(tile, tile)};

  auto run_once = [&] {
    if (!status.ok()) return;
    status = launch(device, *row.kernel, config, da.data(), db.data(), dc.data(), n, matmul::NoTrace{});
    if (status.ok()) status = device.synchronize();
  };
  run_once();  // warm-up, and the result to check
  Matrix result(a.size());
  if (status.ok()) status = dc.download(std::span<float>(result));
  if (!status.ok()) {
    out << fmt::format("{} at n = {}: {}\n", row.label, n, status.describe());
    return -1;
  }
  if (const double error = worst_relative_error(result, reference); error > 1e-5) {
    out << fmt::format("{} at n = {}: WRONG RESULT (worst relative error {:.3g} against the CPU loop); no time shown\n",
                       row.label, n, error);
    return -1;
  }
  std::vector<double> samples;
  for (int r = 0; r < repeats && status.ok(); ++r) {
    auto start = device.record_event();
    status = launch(device, *row.kernel, config, da.data(), db.data(), dc.data(), n, matmul::NoTrace{});
    auto end = device.record_event();
    if (status.ok()) status = device.synchronize();
    samples.push_back(device.elapsed_ms(*start, *end) / 1e3);
  }
  if (!status.ok()) {
    out << fmt::format("{} at n = {}: {}\n", row.label, n, status.describe());
    return -1;
  }
  return median(std::move(samples));
}

// Nanoseconds per thread of an empty kernel on `device` (median of `repeats` launches).
double empty_kernel_ns_per_thread(Device& device, long long threads, int repeats) {
  const unsigned threads_per_block = 256;
  const unsigned blocks = static_cast<unsigned>((threads + threads_per_block - 1) / threads_per_block);
  const LaunchConfig config{Dim3(blocks), Dim3(threads_per_block)};
  std::vector<double> samples;
  for (int r = 0; r < repeats + 1; ++r) {
    auto start = device.record_event();
    Status status = launch(device, bench::empty_kernel, config);
    auto end = device.record_event();
    if (status.ok()) status = device.synchronize();
    if (!status.ok()) return -1;
    if (r > 0) samples.push_back(device.elapsed_ms(*start, *end) * 1e6 / config.total_threads());  // r = 0: warm-up
  }
  return median(std::move(samples));
}

// Nanoseconds one thread spends per wait of `kernel` (`waits_per_loop` waits per loop): launches of
// 1 and 9 loops, the difference over the 8 loops, so that starting and ending the threads (and
// each thread's first wait, which starts its fiber) is left out. With `rest_ns`, also what a thread
// of the 1-loop launch costs beyond its waits: that start, first wait and end. Negative when a
// launch failed; NaN when the machine was too busy to tell (9 loops took no longer than 1).
double ns_per_wait(Device& device, const Kernel<void(int, int*)>& kernel, int waits_per_loop, int repeats,
                   double* rest_ns = nullptr) {
  const LaunchConfig config{Dim3(1024), Dim3(256)};
  Buffer<int> sink;
  if (!Buffer<int>::create(device, 1, &sink).ok()) return -1;
  auto median_ms = [&](int loops) {
    std::vector<double> samples;
    for (int r = 0; r < repeats + 1; ++r) {
      auto start = device.record_event();
      Status status = launch(device, kernel, config, loops, sink.data());
      auto end = device.record_event();
      if (status.ok()) status = device.synchronize();
      if (!status.ok()) return -1.0;
      if (r > 0) samples.push_back(device.elapsed_ms(*start, *end));  // r = 0: warm-up
    }
    return median(std::move(samples));
  };
  const double one = median_ms(1), nine = median_ms(9);
  if (one < 0 || nine < 0) return -1;
  // On a busy machine one sample each can come out backwards: no figure, and no failure either.
  if (nine <= one) return std::numeric_limits<double>::quiet_NaN();
  const double per_wait = (nine - one) * 1e6 / (8.0 * waits_per_loop * config.total_threads());
  if (rest_ns != nullptr) *rest_ns = one * 1e6 / config.total_threads() - waits_per_loop * per_wait;
  return per_wait;
}

// One round: every row of the table, printed to `out` and added to `figures`. Returns 0, or 1 when
// a row failed (said in `out`).
int measure_round(std::ostream& out, const std::vector<std::unique_ptr<Device>>& devices,
                  const std::vector<int>& worker_counts, const EmulatorBenchOptions& options, int repeats,
                  FigureRounds& figures) {
  out << fmt::format("{:<26} {:>5} {:>8} {:>12} {:>16}\n", "kernel", "n", "workers", "seconds", "vs plain loop");
  const KernelRow rows[] = {{"matmul_shared (16x16)", &matmul::matmul_shared},
                            {"matmul_naive", &matmul::matmul_naive},
                            {"matmul_coalesced", &matmul::matmul_coalesced}};
  int exit_code = 0;
  std::mt19937 random(12345);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  for (int n : options.sizes) {
    Matrix a(std::size_t(n) * n), b(a.size()), reference(a.size());
    for (float& x : a) x = value(random);
    for (float& x : b) x = value(random);
    const double loop_seconds = median_seconds(repeats, [&] { plain_loop_matmul(a, b, reference, n); });
    out << fmt::format("{:<26} {:>5} {:>8} {:>12.6f} {:>16}\n", "plain C++ loop", n, 1, loop_seconds, "1.00x");
    figures.add(fmt::format("plain C++ loop, n = {}", n), FigureUnit::seconds, loop_seconds);
    for (const KernelRow& row : rows)
      for (std::size_t d = 0; d < devices.size(); ++d) {
        const double seconds = time_matmul(out, *devices[d], row, a, b, reference, n, repeats);
        if (seconds < 0) {
          exit_code = 1;
          continue;
        }
        out << fmt::format("{:<26} {:>5} {:>8} {:>12.6f} {:>15.2f}x\n", row.label, n, worker_counts[d], seconds,
                           seconds / loop_seconds);
        const std::string label = fmt::format("{}, n = {}, {}", row.label, n, workers_words(worker_counts[d]));
        figures.add(label, FigureUnit::seconds, seconds);
        figures.add(label + ", vs plain loop", FigureUnit::ratio, seconds / loop_seconds);
      }
  }

  if (options.matmul_only) return exit_code;
  if (!print_reduction_rows(out, devices, worker_counts, repeats, options.reduction_elements,
                            options.reduction_threads_per_block, figures))
    exit_code = 1;

  out << "\nEmpty kernel (no barrier), per-thread overhead:\n";
  for (std::size_t d = 0; d < devices.size(); ++d) {
    const double ns = empty_kernel_ns_per_thread(*devices[d], options.empty_kernel_threads, repeats);
    if (ns < 0) {
      out << fmt::format("  {} workers: the launch failed\n", worker_counts[d]);
      exit_code = 1;
      continue;
    }
    out << fmt::format("  {}: {:.2f} ns per thread ({} threads)\n", workers_words(worker_counts[d]), ns,
                       options.empty_kernel_threads);
    figures.add(fmt::format("empty thread, {}", workers_words(worker_counts[d])), FigureUnit::nanoseconds, ns);
  }

  // What a barrier or a warp meeting costs a thread: the fiber switch and the bookkeeping around it.
  out << "\nA thread's wait (256-thread blocks; one fiber switch each):\n";
  const struct {
    const char* label;
    const Kernel<void(int, int*)>* kernel;
    int waits_per_loop;
    bool rest;  // also print what a thread costs beyond its waits
  } waits[] = {{"__syncthreads(), one call site", &bench::barrier_loop, 1, true},
               {"__syncthreads(), two call sites", &bench::two_barrier_loop, 2, false},
               {"__shfl_down_sync()", &bench::shuffle_loop, 1, false}};
  for (const auto& wait : waits)
    for (std::size_t d = 0; d < devices.size(); ++d) {
      double rest = 0;
      const double ns = ns_per_wait(*devices[d], *wait.kernel, wait.waits_per_loop, repeats, wait.rest ? &rest : nullptr);
      if (ns < 0) {
        out << fmt::format("  {}, {} workers: the launch failed\n", wait.label, worker_counts[d]);
        exit_code = 1;
        continue;
      }
      if (std::isnan(ns)) {
        out << fmt::format("  {}, {} workers: not measured (the machine was too busy: 9 loops took no longer than 1)\n",
                           wait.label, worker_counts[d]);
        continue;
      }
      out << fmt::format("  {:<32} {}: {:.1f} ns per thread and wait\n", wait.label, workers_words(worker_counts[d]), ns);
      figures.add(fmt::format("a thread's wait at {}, {}", wait.label, workers_words(worker_counts[d])),
                  FigureUnit::nanoseconds, ns);
      if (!wait.rest) continue;
      // What a thread costs once, however often it waits: small kernels with few waits pay it
      // for every thread (chapter 6's tiles at n = 128: 16 waits a thread).
      out << fmt::format("  {:<32} {}: {:.1f} ns per thread\n", "its start, first wait and end", workers_words(worker_counts[d]),
                         rest);
      figures.add(fmt::format("a waiting thread's start, first wait and end, {}", workers_words(worker_counts[d])),
                  FigureUnit::nanoseconds, rest);
    }
  return exit_code;
}

}  // namespace

int run_emulator_bench(std::ostream& out, const EmulatorBenchOptions& options) {
  const int repeats = std::max(1, options.repeats);
  const int rounds = std::max(1, options.rounds);
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int all_workers = options.all_workers > 0 ? options.all_workers : cores;
  std::vector<int> worker_counts{1};
  if (all_workers > 1) worker_counts.push_back(all_workers);

  std::vector<std::unique_ptr<Device>> devices;
  for (int workers : worker_counts) {
    std::unique_ptr<Device> device;
    if (Status status = open_device(BackendRequest::emulator, &device, 0, workers); !status.ok()) {
      out << "cannot open the emulator: " << status.describe() << "\n";
      return 1;
    }
    devices.push_back(std::move(device));
  }
  const DeviceFacts& facts = devices.front()->facts();
  out << fmt::format("CPU emulator benchmark: {} ({} cores). Times are CPU times (steady clock), not GPU times;\n",
                     facts.host_cpu, facts.host_cores);
  out << fmt::format("each is the median of {} runs; every result was checked against the plain C++ loop first.\n\n",
                     repeats);
  FigureRounds figures;
  if (rounds == 1) return measure_round(out, devices, worker_counts, options, repeats, figures);
  // Only the summary is worth reading after several rounds; a round's table is shown when a row failed.
  int exit_code = 0;
  for (int round = 1; round <= rounds; ++round) {
    std::ostringstream table;
    const int code = measure_round(table, devices, worker_counts, options, repeats, figures);
    out << fmt::format("round {} of {}{}\n", round, rounds, code == 0 ? "" : ": a row failed; its table:") << std::flush;
    if (code != 0) out << table.str();
    exit_code = std::max(exit_code, code);
  }
  figures.print_summary(out, rounds);
  return exit_code;
}

}  // namespace cudalab
