// Every matmul variant of chapters 5 and 6 against a float64 reference at sizes that are and are
// not multiples of the tiles; the broken-barrier kernels giving wrong answers; the traces (each
// tile of A and B copied exactly once per block per k-step); bad input refused in words. Run twice
// (one binary): on the emulator, and as gpu.* on a GPU (label gpu).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "05_matmul/traced_naive.h"
#include "06_tiles/traced_tiles.h"
#include "common/matmul/contenders.h"
#include "common/matmul/cpu_matmul.h"
#include "common/matmul/cublas_sgemm.h"
#include "common/matmul/host_matmul.h"
#include "common/matmul/kernels.h"
#include "cudalab/device.h"
#include "lesson_test_support.h"

using namespace cudalab;
using cudalab::lessons::lesson_tests::open_test_device;
using namespace cudalab::lessons;
using namespace cudalab::lessons::matmul;

namespace {

const int kSizes[] = {1, 17, 64, 100, 129};
// Float sums of up to 129 products of numbers in [-1, 1): rounding stays far below this.
constexpr double kTolerance = 2e-6;

struct MatmulKernels : ::testing::Test {
  void SetUp() override { open_test_device(&device); }
  struct Problem {
    Matrix a, b;
    Reference reference;
  };
  static Problem problem(int n) {
    Problem p{random_matrix(n, 11), random_matrix(n, 12), {}};
    EXPECT_TRUE(make_reference(p.a, p.b, n, nullptr, &p.reference).ok());
    EXPECT_TRUE(p.reference.every_row());
    return p;
  }
  std::unique_ptr<Device> device;
};

}  // namespace

TEST_F(MatmulKernels, CpuFunctionsMatchFloat64) {
  for (int n : kSizes) {
    SCOPED_TRACE(fmt::format("n = {}", n));
    Problem p = problem(n);
    Matrix loop(p.a.size(), -7.f), optimized(p.a.size(), -7.f), one_thread(p.a.size(), -7.f);
    cpu_mat_mul(p.a.data(), p.b.data(), loop.data(), n);
    cpu_mat_mul_optimized(p.a.data(), p.b.data(), optimized.data(), n);
    cpu_mat_mul_optimized(p.a.data(), p.b.data(), one_thread.data(), n, 1);
    EXPECT_LE(relative_error(loop, p.reference), kTolerance);
    EXPECT_LE(relative_error(optimized, p.reference), kTolerance);
    EXPECT_LE(relative_error(one_thread, p.reference), kTolerance);
  }
}

TEST_F(MatmulKernels, HostNaiveBothMappingsEveryBlockEdge) {
  for (int n : kSizes)
    for (NaiveMapping mapping : {NaiveMapping::row_from_x, NaiveMapping::column_from_x})
      for (unsigned edge : {8u, 16u, 32u}) {
        SCOPED_TRACE(fmt::format("n = {}, {}, {} × {}", n, mapping == NaiveMapping::row_from_x ? "row from x" : "column from x",
                                 edge, edge));
        Problem p = problem(n);
        Matrix c(p.a.size(), -7.f);
        HostTimes times;
        const Status s = host_naive(*device, p.a.data(), p.b.data(), c.data(), n, mapping, edge, &times);
        ASSERT_TRUE(s.ok()) << s.describe();
        EXPECT_LE(relative_error(c, p.reference), kTolerance);
        EXPECT_GT(times.with_copies_ms, 0);
        EXPECT_GE(times.with_copies_ms, times.kernel_ms);
      }
}

TEST_F(MatmulKernels, HostOptimizedEveryTile) {
  for (int n : kSizes)
    for (int tile : kCompiledTiles) {
      SCOPED_TRACE(fmt::format("n = {}, tile {}", n, tile));
      Problem p = problem(n);
      Matrix c(p.a.size(), -7.f);
      const Status s = host_optimized(*device, p.a.data(), p.b.data(), c.data(), n, tile);
      ASSERT_TRUE(s.ok()) << s.describe();
      EXPECT_LE(relative_error(c, p.reference), kTolerance);
    }
}

TEST_F(MatmulKernels, TracedKernelsComputeTheSameNumbers) {
  for (int n : kSizes) {
    SCOPED_TRACE(fmt::format("n = {}", n));
    for (NaiveMapping mapping : {NaiveMapping::row_from_x, NaiveMapping::column_from_x}) {
      if (n > kLargestTracedNaiveN) continue;
      TracedNaiveRun run;
      ASSERT_TRUE(run_traced_naive(*device, n, 8, mapping, &run).ok());
      Reference reference;
      ASSERT_TRUE(make_reference(run.a, run.b, n, nullptr, &reference).ok());
      EXPECT_LE(relative_error(run.c, reference), kTolerance);
    }
    for (int tile : kCompiledTiles) {
      tiles::TracedTilesRun run;
      ASSERT_TRUE(tiles::run_traced_tiles(*device, n, tile, tiles::Barriers::both, &run).ok());
      Reference reference;
      ASSERT_TRUE(make_reference(run.a, run.b, n, nullptr, &reference).ok());
      EXPECT_LE(relative_error(run.c, reference), kTolerance) << "tile " << tile;
      EXPECT_TRUE(tiles::wrong_elements(run.c, reference).empty()) << "tile " << tile;
    }
  }
}

TEST_F(MatmulKernels, ContendersAgreeAndCublasWhenPresent) {
  const int n = 100;
  Problem p = problem(n);
  const RaceInputs inputs{n, &p.a, &p.b, &p.reference};
  for (ContenderSpec spec : {ContenderSpec{Contender::cpu_loop_unoptimized}, ContenderSpec{Contender::cpu_loop},
                             ContenderSpec{Contender::cpu_optimized},
                             ContenderSpec{Contender::naive_row_from_x, 16}, ContenderSpec{Contender::naive_coalesced, 32},
                             ContenderSpec{Contender::shared_tiles, 8}, ContenderSpec{Contender::cublas}}) {
    SCOPED_TRACE(contender_name(spec));
    const ContenderResult result = measure_contender(*device, spec, inputs, nullptr);
    if (spec.contender == Contender::cublas && !(device->is_gpu() && cublas_library().loaded)) {
      EXPECT_EQ(result.outcome, ContenderResult::Outcome::skipped);
      EXPECT_FALSE(result.note.empty());
      continue;
    }
    ASSERT_EQ(result.outcome, ContenderResult::Outcome::measured) << result.note;
    EXPECT_LE(result.error, kTolerance);
    EXPECT_GT(result.compute.ms, 0);
    EXPECT_GE(result.compute.repeats, 1);
    EXPECT_GT(result.gflops(), 0);
    EXPECT_EQ(result.with_copies.repeats > 0, runs_on_device(spec.contender));
  }
}

// On the emulator a block's threads take turns in thread order and switch only at barriers, so a
// missing barrier always shows: most of C comes out wrong, on every run, with one worker or two.
TEST_F(MatmulKernels, SkippingABarrierGivesAWrongAnswerEveryTime) {
  CUDALAB_EMULATOR_ONLY("a GPU may hide a missing barrier (chapter 6, step 1)");
  std::unique_ptr<Device> one_worker;
  ASSERT_TRUE(open_device(BackendRequest::emulator, &one_worker, 0, 1).ok());
  for (Device* emulator : {device.get(), one_worker.get()})
    for (auto barriers : {tiles::Barriers::without_first, tiles::Barriers::without_second})
      for (int tile : {8, 16})
        for (int n : {17, 64, 100, 129}) {
          SCOPED_TRACE(fmt::format("{} worker(s), without barrier {}, tile {}, n = {}", emulator->facts().sm_count,
                                   static_cast<int>(barriers), tile, n));
          for (int attempt = 0; attempt < 2; ++attempt) {
            tiles::TracedTilesRun run;
            ASSERT_TRUE(tiles::run_traced_tiles(*emulator, n, tile, barriers, &run).ok());
            Reference reference;
            ASSERT_TRUE(make_reference(run.a, run.b, n, nullptr, &reference).ok());
            EXPECT_GT(relative_error(run.c, reference), 1e-2) << "attempt " << attempt;
            EXPECT_GT(tiles::wrong_elements(run.c, reference).size(), std::size_t(n) * n / 2) << "attempt " << attempt;
            // And the trace says why: threads multiplied before the copies ended, or after the next began.
            const auto records = tiles::step_records(run.trace, run.config.grid.volume(), int(run.config.grid.x));
            int early = 0, late = 0;
            for (const auto& block : records)
              for (const auto& step : block) early += step.early_starts, late += step.late_finishes;
            if (barriers == tiles::Barriers::without_first) EXPECT_GT(early, 0);
            else EXPECT_GT(late, 0);
          }
        }
}

TEST_F(MatmulKernels, EveryTileLoadedExactlyOncePerBlockPerStep) {
  for (int tile : kCompiledTiles)
    for (int n : {1, 17, 64, 100}) {
      SCOPED_TRACE(fmt::format("tile {}, n = {}", tile, n));
      tiles::TracedTilesRun run;
      ASSERT_TRUE(tiles::run_traced_tiles(*device, n, tile, tiles::Barriers::both, &run).ok());
      const int blocks = int(run.config.grid.x), steps = blocks;
      // (kind, block, step, row, col) → copies, and whether the guard said in range.
      std::map<std::tuple<unsigned, unsigned, int, int, int>, int> copies;
      std::map<std::pair<unsigned, int>, int> starts;
      for (const TraceEvent& e : run.trace) {
        if (e.kind == kTileLoadA || e.kind == kTileLoadB) {
          ++copies[{e.kind, e.block, e.payload[0], e.payload[1], e.payload[2]}];
          EXPECT_EQ(e.payload[3] != 0, e.payload[1] < n && e.payload[2] < n);
        }
        if (e.kind == kMultiplyStarted) ++starts[{e.block, e.payload[0]}];
      }
      for (int by = 0; by < blocks; ++by)
        for (int bx = 0; bx < blocks; ++bx) {
          const unsigned block = unsigned(bx + by * blocks);
          for (int step = 0; step < steps; ++step) {
            for (int ty = 0; ty < tile; ++ty)
              for (int tx = 0; tx < tile; ++tx) {
                ASSERT_EQ((copies[{kTileLoadA, block, step, by * tile + ty, step * tile + tx}]), 1)
                    << "A tile of block (" << bx << ", " << by << ") at step " << step;
                ASSERT_EQ((copies[{kTileLoadB, block, step, step * tile + ty, bx * tile + tx}]), 1)
                    << "B tile of block (" << bx << ", " << by << ") at step " << step;
              }
            EXPECT_EQ((starts[{block, step}]), tile * tile);
          }
        }
      EXPECT_EQ(copies.size(), std::size_t(2) * blocks * blocks * steps * tile * tile) << "copies outside the tiles";
      // With both barriers, no thread ever multiplied too early or too late.
      for (const auto& block : tiles::step_records(run.trace, run.config.grid.volume(), steps))
        for (const auto& step : block) {
          EXPECT_EQ(step.early_starts, 0);
          EXPECT_EQ(step.late_finishes, 0);
          EXPECT_EQ(step.loads + step.padded, 2 * tile * tile);
        }
    }
}

TEST_F(MatmulKernels, NaiveThreadsReadTheirRowAndColumnOnce) {
  for (NaiveMapping mapping : {NaiveMapping::row_from_x, NaiveMapping::column_from_x}) {
    const int n = 17;
    TracedNaiveRun run;
    ASSERT_TRUE(run_traced_naive(*device, n, 8, mapping, &run).ok());
    std::map<std::pair<unsigned, unsigned>, std::pair<int, int>> element_of;  // (block, thread) → (row, col)
    for (const TraceEvent& e : run.trace)
      if (e.kind == kWroteC) element_of[{e.block, e.thread}] = {e.payload[0], e.payload[1]};
    ASSERT_EQ(element_of.size(), std::size_t(n) * n);
    std::map<std::pair<unsigned, unsigned>, std::multiset<int>> reads_a, reads_b;
    for (const TraceEvent& e : run.trace) {
      if (e.kind == kReadA) reads_a[{e.block, e.thread}].insert(e.payload[0]);
      if (e.kind == kReadB) reads_b[{e.block, e.thread}].insert(e.payload[0]);
    }
    for (const auto& [who, element] : element_of) {
      std::multiset<int> row, col;
      for (int k = 0; k < n; ++k) row.insert(element.first * n + k), col.insert(k * n + element.second);
      ASSERT_EQ(reads_a[who], row) << "C[" << element.first << "][" << element.second << "]";
      ASSERT_EQ(reads_b[who], col) << "C[" << element.first << "][" << element.second << "]";
      // The mapping decides which thread computes which element.
      const ThreadPlace place = place_of(TraceEvent{kWroteC, who.first, who.second}, run.config);
      const int x = int(place.block_x * 8 + place.thread_x), y = int(place.block_y * 8 + place.thread_y);
      if (mapping == NaiveMapping::row_from_x) EXPECT_EQ(std::pair(x, y), element);
      else EXPECT_EQ(std::pair(y, x), element);
    }
  }
}

TEST_F(MatmulKernels, BadInputIsRefusedInWordsAndTheNextCallWorks) {
  float one = 1.f, out = 0.f;
  Status s = host_naive(*device, &one, &one, &out, 0);
  EXPECT_EQ(s.code, StatusCode::invalid_argument);
  EXPECT_NE(s.message.find("n must be at least 1"), std::string::npos) << s.message;
  s = host_optimized(*device, &one, &one, &out, -3);
  EXPECT_EQ(s.code, StatusCode::invalid_argument);
  s = host_naive(*device, &one, &one, &out, kLargestN + 1);
  EXPECT_EQ(s.code, StatusCode::invalid_argument);
  EXPECT_NE(s.message.find("too large"), std::string::npos) << s.message;
  // Too large for the device: refused before anything is allocated (the host arrays are never read).
  s = check_problem_fits(*device, kLargestN);
  if (3.0 * kLargestN * kLargestN * 4 > double(device->free_memory())) {
    EXPECT_EQ(s.code, StatusCode::out_of_memory);
    EXPECT_NE(s.message.find("of device memory"), std::string::npos) << s.message;
  }
  s = host_optimized(*device, &one, &one, &out, 1, 64);
  EXPECT_EQ(s.code, StatusCode::invalid_config);
  EXPECT_NE(s.message.find("1024 threads per block"), std::string::npos) << s.message;
  s = host_optimized(*device, &one, &one, &out, 1, 4);
  EXPECT_EQ(s.code, StatusCode::unsupported);
  EXPECT_NE(s.message.find("8, 16 and 32"), std::string::npos) << s.message;
  s = host_naive(*device, &one, &one, &out, 1, NaiveMapping::row_from_x, 64);
  EXPECT_EQ(s.code, StatusCode::invalid_config);
  // And the device works on.
  s = host_optimized(*device, &one, &one, &out, 1, 16);
  ASSERT_TRUE(s.ok()) << s.describe();
  EXPECT_EQ(out, 1.f);
}

TEST_F(MatmulKernels, TripleLoopStoppedEarlyKeepsAnEstimate) {
  CUDALAB_EMULATOR_ONLY("the CPU loop is timed once, on the emulator's run");
  const int n = 256;
  Problem p = problem(n);
  RunControl control;
  const RaceInputs inputs{n, &p.a, &p.b, &p.reference};
  double last = 0;
  const ContenderResult result = measure_contender(*device, {Contender::cpu_loop}, inputs, &control, [&](double part) {
    EXPECT_GE(part, last);
    last = part;
    if (part >= 0.25) control.cancel = true;  // stop it a quarter of the way
  });
  EXPECT_EQ(result.outcome, ContenderResult::Outcome::cancelled);
  EXPECT_GT(result.estimate_ms, 0);
  EXPECT_NE(result.note.find("stopped after"), std::string::npos) << result.note;
  EXPECT_LT(last, 1.0);
}
