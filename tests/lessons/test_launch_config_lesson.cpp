// Chapter 8, launch configuration: the occupancy calculator against a table worked by hand for
// several GPUs and every kind of limit, then the chapter's steps. In the GPU run (gpu.*) the
// calculator is also checked against cudaOccupancyMaxActiveBlocksPerMultiprocessor for every kernel
// the chapter lists, with their real register counts.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "08_launch_config/gpu_limits.h"
#include "08_launch_config/kernels.h"
#include "lesson_test_support.h"

using namespace cudalab;
using namespace cudalab::lessons;
using namespace cudalab::lessons::launch_config;
using namespace cudalab::lessons::lesson_tests;

namespace {

struct HandWorked {
  const char* arch;
  int threads, registers;
  std::size_t shared;
  int blocks;
  Limiter limiter;
  const char* why;
};

// Worked by hand from the limits (Programming Guide) and the allocation rules (cuda_occupancy.h).
const HandWorked kTable[] = {
    {"sm_90", 256, 32, 0, 8, Limiter::threads, "64 warps / 8 per block"},
    {"sm_90", 256, 64, 0, 4, Limiter::registers, "2048 registers per warp: 8 warps per quarter, 32 per SM, / 8"},
    {"sm_90", 256, 32, 100 * 1024, 2, Limiter::shared_memory, "101 KiB per block in 228 KiB"},
    {"sm_90", 32, 32, 0, 32, Limiter::blocks, "64 one-warp blocks would fit; 32 is the block limit"},
    {"sm_75", 256, 32, 0, 4, Limiter::threads, "32 warps / 8"},
    {"sm_75", 32, 32, 0, 16, Limiter::blocks, "Turing holds 16 blocks"},
    {"sm_86", 128, 48, 0, 10, Limiter::registers, "1536 per warp: 10 warps per quarter, 40 per SM, / 4"},
    {"sm_89", 1024, 32, 0, 1, Limiter::threads, "48 warps / 32"},
    {"sm_89", 32, 32, 0, 24, Limiter::blocks, "Ada holds 24 blocks (48 one-warp blocks would fit)"},
    {"sm_80", 128, 32, 48 * 1024, 3, Limiter::shared_memory, "49 KiB per block (with the reserve) in 164 KiB"},
    {"sm_90", 256, 255, 0, 1, Limiter::registers, "8192 per warp: 2 warps per quarter, 8 per SM"},
};

}  // namespace

TEST(LaunchConfig, CalculatorMatchesTheHandWorkedTable) {
  for (const HandWorked& row : kTable) {
    SCOPED_TRACE(std::string(row.arch) + ": " + row.why);
    const GpuLimits* gpu = limits_for_arch(row.arch);
    ASSERT_NE(gpu, nullptr);
    const Occupancy o = occupancy(*gpu, row.threads, row.registers, row.shared);
    EXPECT_TRUE(o.refused.empty()) << o.refused;
    EXPECT_EQ(o.blocks_per_sm, row.blocks);
    EXPECT_EQ(o.limiter, row.limiter) << to_string(o.limiter);
    EXPECT_EQ(o.warps_per_sm, row.blocks * ((row.threads + 31) / 32));
  }
}

TEST(LaunchConfig, ImpossibleBlocksAreRefusedInWords) {
  const GpuLimits& sm86 = *limits_for_arch("sm_86");
  EXPECT_NE(occupancy(sm86, 256, 32, 100 * 1024).refused.find("shared memory"), std::string::npos)
      << "sm_86 allows 99 KiB per block";
  EXPECT_NE(occupancy(*limits_for_arch("sm_90"), 1024, 65, 0).refused.find("registers"), std::string::npos)
      << "1024 × 65 registers is past 65 536 per block";
  EXPECT_FALSE(occupancy(sm86, 1025, 32, 0).refused.empty());
}

TEST(LaunchConfig, TheTableHoldsTheFiveArchitecturesWithTheirResidentLimits) {
  ASSERT_EQ(known_gpus().size(), 5u);
  EXPECT_EQ(limits_for_arch("sm_75")->max_blocks_per_sm, 16);
  EXPECT_EQ(limits_for_arch("sm_90")->max_blocks_per_sm, 32);
  EXPECT_EQ(limits_for_arch("sm_86")->max_threads_per_sm, 1536);
  EXPECT_EQ(limits_for_arch("sm_90")->shared_per_block_optin, 227u * 1024);
}

struct LaunchConfigChapter : ChapterTest {
  LaunchConfigChapter() : ChapterTest("launch") {}
};

TEST_F(LaunchConfigChapter, CalculatorStepAnswersAndDrawsOneSm) {
  cudalab::Run run = run_step(0);
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_EQ(run.results["blocks_per_sm"], 8);
  EXPECT_EQ(run.results["limiter"], "threads per SM");
  auto views = lesson->views(0, run);
  const auto* sm = find_view<CellGridView>(views);
  ASSERT_NE(sm, nullptr);
  EXPECT_EQ(sm->cells.size(), 64u);
  ASSERT_EQ(run.results["kernels"].size(), 3u);
  cudalab::Run shared = run_step(0, {"shared_kib_per_block=100"});
  EXPECT_EQ(shared.results["limiter"], "shared memory per SM");
  EXPECT_FALSE(run_step(0, {"gpu=sm_86 (RTX 30xx, A40)", "shared_kib_per_block=100"}).status.ok()) << "sm_86: 99 KiB at most";
}

TEST_F(LaunchConfigChapter, EveryListedKernelAgreesWithTheRuntime) {
  if (!device->is_gpu()) {
    cudalab::Run run = run_step(0, {"gpu=this GPU (its own limits)"});
    EXPECT_FALSE(run.status.ok()) << "the emulator has no SM limits of its own";
    int blocks = 0;
    EXPECT_EQ(device->max_active_blocks_per_sm(scale_repeatedly.entry, 256, 0, &blocks).code, StatusCode::unsupported);
    return;
  }
  for (int threads : {32, 64, 128, 256, 512, 1024}) {
    cudalab::Run run = run_step(0, {"gpu=this GPU (its own limits)", "threads_per_block=" + std::to_string(threads)});
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    for (const auto& k : run.results["kernels"]) {
      SCOPED_TRACE(k.dump());
      ASSERT_TRUE(k.contains("cuda_occupancy"));
      EXPECT_EQ(k["calculator"], k["cuda_occupancy"]);
    }
  }
}

TEST_F(LaunchConfigChapter, SweepCountsWavesAndTheTail) {
  cudalab::Run run = run_step(1, {"elements=16384", "threads_per_block=256"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  ASSERT_EQ(run.results["rows"].size(), 6u);
  for (const auto& row : run.results["rows"]) {
    const long long blocks = row["blocks"], slots = row["slots"], waves = row["waves"], last = row["last_wave_blocks"];
    EXPECT_EQ(blocks, (16384 + row["threads_per_block"].get<long long>() - 1) / row["threads_per_block"].get<long long>());
    EXPECT_EQ((waves - 1) * slots + last, blocks);
    EXPECT_GE(last, 1);
    EXPECT_LE(last, slots);
  }
  EXPECT_LT(run.results["worst_relative_error"].get<double>(), 1e-4);
  if (!device->is_gpu()) {
    EXPECT_EQ(run.results["slots"], 2);  // two workers, one block each
    EXPECT_EQ(run.results["waves"], 32);
    EXPECT_EQ(run.results["last_wave_blocks"], 2);
  }
  EXPECT_NE(find_view<CellGridView>(lesson->views(1, run)), nullptr);
}

TEST_F(LaunchConfigChapter, GridSizeFindsTheBlocksThatFillTheDevice) {
  cudalab::Run run = run_step(2, {"elements=16384"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  const int per_sm = run.results["blocks_per_sm"];
  EXPECT_EQ(run.results["blocks_to_fill"], per_sm * device->facts().sm_count);
  if (!device->is_gpu()) EXPECT_EQ(per_sm, 1);
  EXPECT_GE(run.results["rows"].size(), 2u);
}
