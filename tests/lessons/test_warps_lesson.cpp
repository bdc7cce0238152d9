// Chapter 7, warps: every kernel against its CPU reference, and the warp-level facts the kernels
// record (the lanes __activemask() names in each branch, barriers and shuffles per block, the banks
// a warp's lanes hit) against hand-computed values. The same binary runs on the emulator and, as
// gpu.*, on a GPU.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "07_warps/warps_steps.h"
#include "common/hardware_counts.h"
#include "lesson_test_support.h"

using namespace cudalab;
using namespace cudalab::lessons;
using namespace cudalab::lessons::lesson_tests;

namespace {
struct WarpsLesson : ChapterTest {
  WarpsLesson() : ChapterTest("warps") {}
};
}  // namespace

TEST(WarpBanks, ConflictDegreeFromOffsets) {
  std::vector<int> column(32), padded_column(32), row(32), same_word(32, 64), half(32, -1);
  for (int lane = 0; lane < 32; ++lane) {
    column[std::size_t(lane)] = lane * 32 * 4;         // tile[lane][0] of float tile[32][32]
    padded_column[std::size_t(lane)] = lane * 33 * 4;  // tile[lane][0] of float tile[32][33]
    row[std::size_t(lane)] = lane * 4;                 // tile[0][lane]
  }
  for (int lane = 0; lane < 16; ++lane) half[std::size_t(lane)] = lane * 8;  // 16 lanes, every other word
  EXPECT_EQ(warps::banks_of(column).degree, 32);
  EXPECT_EQ(warps::banks_of(column).lane_bank[31], 0);
  EXPECT_EQ(warps::banks_of(padded_column).degree, 1);
  EXPECT_EQ(warps::banks_of(padded_column).lane_bank[5], 5);
  EXPECT_EQ(warps::banks_of(row).degree, 1);
  EXPECT_EQ(warps::banks_of(same_word).degree, 1) << "one word read by every lane is a broadcast";
  EXPECT_EQ(warps::banks_of(half).degree, 1);
  EXPECT_EQ(warps::banks_of(half).lane_bank[20], -1) << "a lane that made no access hits no bank";
}

TEST_F(WarpsLesson, DivergenceLaneMapsComeFromActivemask) {
  cudalab::Run run = run_step(0, {"elements=5000", "rounds=8", "k=4"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_TRUE(run.results["matches"].get<bool>());
  EXPECT_EQ(run.results["sweep"].size(), 7u);
  const auto& lane_map = run.results["lane_map"];
  EXPECT_TRUE(lane_map["masks_match_branches"].get<bool>());
  EXPECT_EQ(run.results["warps_with_both"], 8);
  for (const auto& warp : lane_map["warps"]) {
    EXPECT_EQ(warp["a"].get<unsigned>(), 0x11111111u);
    EXPECT_EQ(warp["b"].get<unsigned>(), 0xeeeeeeeeu);
  }
  const auto& warp_map = run.results["warp_map"];
  EXPECT_EQ(warp_map["warps_with_both"], 0);
  for (std::size_t w = 0; w < warp_map["warps"].size(); ++w) {
    EXPECT_EQ(warp_map["warps"][w]["a"].get<unsigned>(), w % 2 == 0 ? 0xffffffffu : 0u) << w;
    EXPECT_EQ(warp_map["warps"][w]["b"].get<unsigned>(), w % 2 == 0 ? 0u : 0xffffffffu) << w;
  }
  const auto views = lesson->views(0, run);
  EXPECT_EQ(find_views<CellGridView>(views).size(), 2u);
  ASSERT_NE(find_view<ChartView>(views), nullptr);
}

TEST_F(WarpsLesson, DivergenceAtEveryK) {
  for (const auto& [k, both] : {std::pair{1, 0}, std::pair{2, 8}, std::pair{32, 8}, std::pair{64, 4}}) {
    cudalab::Run run = run_step(0, {"elements=1024", "rounds=1", "k=" + std::to_string(k)});
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    EXPECT_EQ(run.results["warps_with_both"], both) << "k = " << k;
    EXPECT_TRUE(run.results["lane_map"]["masks_match_branches"].get<bool>()) << "k = " << k;
  }
}

TEST_F(WarpsLesson, EveryReductionRungSumsExactlyWithItsCountedBarriersAndShuffles) {
  // 5000 is no multiple of a block's 256 or 512 elements: the guards matter.
  cudalab::Run run = run_step(1, {"elements=5000"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  const auto& rungs = run.results["rungs"];
  ASSERT_EQ(rungs.size(), 5u);
  // Per block of 256 threads, by hand: one barrier after the load and one per tree step (8 steps
  // from 256, 2 steps down to 64 for the shuffle rungs); 5 shuffles (offsets 16, 8, 4, 2, 1); 255
  // adds in the full tree, 128 + 64 before the shuffles. Interleaved: 8 warps diverge at each of
  // s = 1..16, then 4, 2 and 1 warps at s = 32, 64, 128; sequential: warp 0 at s = 16..1.
  const int barriers[] = {9, 9, 9, 3, 3}, shuffles[] = {0, 0, 0, 5, 5}, adds[] = {255, 255, 255, 192, 192},
            divergent[] = {47, 5, 5, 0, 0};
  const unsigned blocks[] = {20, 20, 10, 10, 10};
  for (std::size_t r = 0; r < 5; ++r) {
    SCOPED_TRACE(rungs[r]["kernel"].get<std::string>());
    EXPECT_TRUE(rungs[r]["matches"].get<bool>());
    EXPECT_EQ(rungs[r]["sum"], run.results["cpu_sum"]);
    EXPECT_EQ(rungs[r]["barriers"], barriers[r]);
    EXPECT_EQ(rungs[r]["shuffles"], shuffles[r]);
    EXPECT_EQ(rungs[r]["shared_adds"], adds[r]);
    EXPECT_EQ(rungs[r]["divergent_warp_steps"], divergent[r]);
    EXPECT_EQ(rungs[r]["blocks"], blocks[r]);
  }
  // Block 0's steps, from the trace: interleaved strides 1, 2, ..., 128 with 128, 64, ..., 1 adders;
  // the shuffle rung's strides 128 and 64, then offsets 16 to 1, each with all 32 lanes of warp 0.
  const auto& interleaved = rungs[0]["block0_steps"];
  ASSERT_EQ(interleaved.size(), 8u);
  for (std::size_t k = 0; k < 8; ++k) {
    EXPECT_EQ(interleaved[k]["step"], 1 << k);
    EXPECT_EQ(interleaved[k]["threads"].size(), std::size_t(128 >> k));
    EXPECT_EQ(interleaved[k]["threads"][0], 0);
  }
  const auto& shuffled = rungs[3]["block0_steps"];
  ASSERT_EQ(shuffled.size(), 7u);
  EXPECT_EQ(shuffled[0]["step"], 128);
  EXPECT_EQ(shuffled[1]["threads"].size(), 64u);
  for (std::size_t k = 2; k < 7; ++k) {
    EXPECT_EQ(shuffled[k]["kind"], "offset");
    EXPECT_EQ(shuffled[k]["step"], 16 >> (k - 2));
    EXPECT_EQ(shuffled[k]["threads"].size(), 32u);
  }
  const auto views = lesson->views(1, run);
  const auto* table = find_view<TableView>(views);
  ASSERT_NE(table, nullptr);
  EXPECT_EQ(table->rows.size(), 5u);
  const auto* picture = find_view<CellGridView>(views);
  ASSERT_NE(picture, nullptr);
  EXPECT_EQ(picture->rows, 4 * 9 - 1) << "8 steps, two panels of 8 warps to a row";
  EXPECT_EQ(picture->cells.size(), 8u * 256u);
}

TEST_F(WarpsLesson, BankConflictsFromTheTracedOffsets) {
  // n = 100: ragged tiles at the edges, checked against the CPU transpose.
  cudalab::Run run = run_step(2, {"n=100", "warp=7"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_TRUE(run.results["matches"].get<bool>());
  EXPECT_EQ(run.results["column_read_degree"], 32);
  const auto& unpadded = run.results["unpadded"];
  const auto& padded = run.results["padded"];
  EXPECT_EQ(unpadded["load_degree"], 32);
  EXPECT_EQ(unpadded["store_degree"], 1);
  EXPECT_EQ(padded["load_degree"], 1);
  EXPECT_EQ(padded["store_degree"], 1);
  for (int degree : unpadded["load_degrees"]) EXPECT_EQ(degree, 32);
  // Warp 7 is the row threadIdx.y = 7: reading tile[lane][7], every lane is on bank 7 unpadded and
  // on bank (lane + 7) % 32 padded.
  const std::vector<int> unpadded_banks = unpadded["shown_load_banks"], padded_banks = padded["shown_load_banks"];
  ASSERT_EQ(unpadded_banks.size(), 32u);
  ASSERT_EQ(padded_banks.size(), 32u);
  for (int lane = 0; lane < 32; ++lane) {
    EXPECT_EQ(unpadded_banks[std::size_t(lane)], 7);
    EXPECT_EQ(padded_banks[std::size_t(lane)], (lane + 7) % 32);
  }
  const auto views = lesson->views(2, run);
  EXPECT_EQ(find_views<CellGridView>(views).size(), 2u);
}

// The GPU's own counters (CUPTI) against the trace's counts: one divergent branch target per warp
// whose lanes split, d wavefronts per shared load of a d-way conflict, 4 sectors per warp's row.
TEST_F(WarpsLesson, HardwareCountsAgreeWithTheTraceWhereTheyCanBeRead) {
  cudalab::Run divergence = run_step(0, {"elements=5000", "rounds=8", "k=4"});
  ASSERT_TRUE(divergence.status.ok()) << divergence.status.describe();
  cudalab::Run banks = run_step(2, {"n=64", "warp=0"});
  ASSERT_TRUE(banks.status.ok()) << banks.status.describe();
  const auto& branch_counts = divergence.results["hardware"];
  const auto& bank_counts = banks.results["hardware"];
  if (!lesson_test_on_gpu()) {
  for (const auto* counts : {&branch_counts, &bank_counts}) {
    EXPECT_FALSE((*counts)["read"].get<bool>());
    EXPECT_NE((*counts)["why"].get<std::string>().find("emulator has none"), std::string::npos) << *counts;
  }
  } else {
  if (!branch_counts["read"].get<bool>()) GTEST_SKIP() << "this GPU's counters cannot be read: " << branch_counts["why"];
  EXPECT_EQ(counted(branch_counts, "branch_on_lane", kDivergentBranchTargets), 8.0) << branch_counts;
  EXPECT_EQ(counted(branch_counts, "branch_on_warp", kDivergentBranchTargets), 0.0) << branch_counts;
  EXPECT_GT(counted(branch_counts, "branch_on_warp", kBranchTargets), 0.0) << branch_counts;
  ASSERT_TRUE(bank_counts["read"].get<bool>()) << bank_counts;
  for (const char* key : {"unpadded", "padded"}) {
    const std::string kernel = std::string("transpose_") + key;
    const double loads = counted(bank_counts, kernel, kSharedLoads);
    ASSERT_GT(loads, 0) << bank_counts;
    EXPECT_EQ(counted(bank_counts, kernel, kSharedLoadWavefronts) / loads, banks.results[key]["load_degree"].get<double>())
        << kernel << " " << bank_counts;
    const double stores = counted(bank_counts, kernel, kSharedStores);
    ASSERT_GT(stores, 0) << bank_counts;
    EXPECT_EQ(counted(bank_counts, kernel, kSharedStoreWavefronts) / stores, banks.results[key]["store_degree"].get<double>())
        << kernel << " " << bank_counts;
  }
  EXPECT_EQ(counted(bank_counts, "transpose_padded", kGlobalLoadSectors) / counted(bank_counts, "transpose_padded", kGlobalLoadRequests), 4.0);
  }
  // Either way the facts say where the counts came from, or why there are none.
  const auto views = lesson->views(2, banks);
  const FactsView* facts = find_view<FactsView>(views);
  ASSERT_NE(facts, nullptr);
  bool told = false;
  for (const auto& fact : facts->facts) told = told || fact.first.find("the GPU's own count") != std::string::npos;
  EXPECT_TRUE(told);
}

TEST_F(WarpsLesson, HistogramsMatchTheCpuForEveryKindOfData) {
  for (int data = 0; data < 3; ++data) {
    cudalab::Run run = run_step(3, {"elements=10000", "data=" + std::string(data == 0 ? "uniform" : data == 1 ? "skewed" : "single")});
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    EXPECT_TRUE(run.results["matches"].get<bool>()) << data;
    EXPECT_TRUE(run.results["global"]["matches"].get<bool>());
    EXPECT_TRUE(run.results["shared"]["matches"].get<bool>());
    const unsigned blocks = run.results["blocks"];
    // The privatized kernel adds each block's non-zero bins once: at most one add per block on any address.
    EXPECT_LE(run.results["shared"]["most_on_one_global_address"].get<int>(), int(blocks));
    EXPECT_LE(run.results["shared"]["global_atomics"].get<unsigned>(), blocks * 256);
    if (data == 2) {
      EXPECT_EQ(run.results["largest_bin"], 10000);
      EXPECT_EQ(run.results["shared"]["global_atomics"], blocks);
    }
    const auto views = lesson->views(3, run);
    EXPECT_NE(find_view<TableView>(views), nullptr);
  }
}

// A run recorded on a GPU machine is drawn on a laptop from its JSON: every step's pictures come
// back the same from a saved run.
TEST_F(WarpsLesson, EveryStepDrawsTheSameFromItsSavedRun) {
  const std::vector<std::vector<std::string>> light = {
      {"elements=1024", "rounds=1"}, {"elements=3000"}, {"n=40"}, {"elements=2048", "data=single"}};
  for (int step = 0; step < 4; ++step) {
    SCOPED_TRACE(step + 1);
    cudalab::Run run = run_step(step, light[std::size_t(step)]);
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    cudalab::Run loaded;
    ASSERT_TRUE(from_json(to_json(run), &loaded).ok());
    const auto direct = lesson->views(step, run), saved = lesson->views(step, loaded);
    ASSERT_FALSE(direct.empty());
    ASSERT_EQ(direct.size(), saved.size());
    for (std::size_t v = 0; v < direct.size(); ++v) {
      if (const auto* table = std::get_if<TableView>(&direct[v])) {
        EXPECT_EQ(table->rows, std::get<TableView>(saved[v]).rows);
      }
      if (const auto* grid = std::get_if<CellGridView>(&direct[v])) {
        ASSERT_EQ(grid->cells.size(), std::get<CellGridView>(saved[v]).cells.size());
        for (std::size_t c = 0; c < grid->cells.size(); ++c)
          EXPECT_EQ(grid->cells[c].group, std::get<CellGridView>(saved[v]).cells[c].group);
      }
    }
    // A step that has not run yet (a partial run with its header only) draws nothing, and does not fail.
    cudalab::Run empty;
    empty.device = run.device;
    EXPECT_NO_THROW(lesson->views(step, empty));
  }
}
