// The matmul ladder (lessons/10_matmul_ladder): every compiled instance of every rung against a
// float64 CPU reference, at square sizes and at ragged m × n × k (not multiples of any tile, of 4,
// or of each other); the TF32 rungs refused in words where they cannot run; bad sizes refused; the
// autotuner's file written and read back. Run twice (one binary): on the emulator, and as gpu.* on
// a GPU (label gpu; skipped without one).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string_view>

#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "10_matmul_ladder/ladder.h"
#include "cudalab/buffer.h"
#include "cudalab/device.h"
#include "cudalab/kernel.h"
#include "lesson_test_support.h"
#include "matmul_ladder_bench.h"

using namespace cudalab;
using namespace cudalab::lessons::ladder;
using cudalab::lessons::lesson_tests::open_test_device;

namespace {

struct Shape {
  int m, n, k;
};
// Square, then ragged: odd sizes (scalar loads at every edge), multiples of 4 that are not
// multiples of a tile (128-bit loads inside, guards at the edge), k shorter than one BK step.
const Shape kShapes[] = {{64, 64, 64}, {129, 129, 129}, {67, 45, 33}, {100, 132, 68}, {131, 36, 5}, {1, 1, 1}};
// FP32 sums of at most 129 products of numbers in [-1, 1) stay orders of magnitude below this.
constexpr double kFp32Tolerance = 2e-6;

std::vector<float> random_values(std::size_t count, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  std::vector<float> values(count);
  for (float& x : values) x = value(random);
  return values;
}

// The largest |c − reference| over C, divided by the largest |reference| (as measure.h's
// relative_error), with the reference summed in float64.
double relative_error(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c,
                      const Shape& s) {
  double worst = 0, largest = 0;
  for (int row = 0; row < s.m; ++row)
    for (int col = 0; col < s.n; ++col) {
      double sum = 0;
      for (int i = 0; i < s.k; ++i) sum += double(a[std::size_t(row) * s.k + i]) * double(b[std::size_t(i) * s.n + col]);
      const float got = c[std::size_t(row) * s.n + col];
      worst = std::max(worst, std::isfinite(got) ? std::abs(got - sum) : INFINITY);
      largest = std::max(largest, std::abs(sum));
    }
  return largest > 0 ? worst / largest : worst;
}

struct MatmulLadder : ::testing::Test {
  void SetUp() override { open_test_device(&device); }
  std::unique_ptr<Device> device;
};

}  // namespace

TEST_F(MatmulLadder, EveryRungHasInstancesWithDistinctKeys) {
  std::set<std::string> keys;
  for (Rung rung : kRungs) {
    ASSERT_FALSE(kernels_of(rung).empty()) << rung_key(rung);
    EXPECT_EQ(default_kernel(rung), kernels_of(rung).front());
  }
  for (const LadderKernel& kernel : ladder_kernels()) {
    EXPECT_TRUE(keys.insert(kernel.key).second) << kernel.key;
    EXPECT_EQ(find_ladder_kernel(kernel.key), &kernel);
    EXPECT_GE(kernel.threads_per_block(), 32u) << kernel.key;
    EXPECT_LE(kernel.threads_per_block(), 1024u) << kernel.key;
  }
  EXPECT_EQ(find_ladder_kernel("no_such_kernel"), nullptr);
}

// Rounding to TF32 is each TF32 rung's default accuracy: its first instance rounds where any of
// its instances does, and the tuner keeps to rounding instances even when a truncating one is
// faster (the bench shows that one beside its pick). Rungs without a rounding instance (7) and
// the FP32 rungs get their fastest.
TEST(MatmulLadderTuning, TunerPicksTheFastestRoundingInstanceOverAFasterTruncatedOne) {
  for (Rung rung : kRungs) {
    const std::vector<const LadderKernel*> kernels = kernels_of(rung);
    const bool any_rounds = std::any_of(kernels.begin(), kernels.end(), [](auto* k) { return !k->truncates_inputs(); });
    if (any_rounds) EXPECT_FALSE(default_kernel(rung)->truncates_inputs()) << rung_key(rung);
    // The slowest instance first and the truncating ones fastest: the pick must still round.
    std::vector<TimedInstance> timed;
    double tflops = 1;
    for (const LadderKernel* k : kernels) timed.push_back({k, k->truncates_inputs() ? 1000 + tflops : tflops}), tflops += 1;
    const LadderKernel* pick = tuned_pick(timed);
    ASSERT_NE(pick, nullptr) << rung_key(rung);
    if (any_rounds) {
      EXPECT_FALSE(pick->truncates_inputs()) << rung_key(rung) << " picked " << pick->key;
      const LadderKernel* last_rounding = nullptr;
      for (const LadderKernel* k : kernels)
        if (!k->truncates_inputs()) last_rounding = k;
      EXPECT_EQ(pick, last_rounding) << rung_key(rung);  // the fastest of them
    } else {
      EXPECT_EQ(pick, kernels.back()) << rung_key(rung);
    }
  }
  EXPECT_TRUE(find_ladder_kernel("tf32_128x128x16_w64x32_2stage_truncated")->truncates_inputs());
  EXPECT_FALSE(find_ladder_kernel("tf32_128x128x16_w64x32_2stage")->truncates_inputs());
  EXPECT_TRUE(find_ladder_kernel("wgmma_128x256x32_4stage_truncated")->truncates_inputs());
  EXPECT_FALSE(find_ladder_kernel("wgmma_128x256x32_4stage")->truncates_inputs());
  EXPECT_FALSE(find_ladder_kernel("dbfrag_128x128x8_w64x32_8x8_g8")->truncates_inputs());
  EXPECT_EQ(tuned_pick({}), nullptr);
}

// Before tuning each rung runs its first instance, except rung 7 on a GPU that holds its faster
// 128 × 256 tiles (153 KiB of shared memory): what the tuner picked on an H100 and an H200.
TEST_F(MatmulLadder, UntunedShapesAreTheFirstOrRung7sFasterOneWhereItFits) {
  const std::filesystem::path nowhere = std::filesystem::temp_directory_path() / "cudalab-no-such-tuning.json";
  const LadderChoice choice = load_ladder_choice(*device, nowhere);
  EXPECT_FALSE(choice.tuned);
  EXPECT_NE(choice.source.find("default shape"), std::string::npos) << choice.source;
  const LadderKernel* wide = find_ladder_kernel("mma_128x256x32_w64x64_3stage");
  ASSERT_NE(wide, nullptr);
  for (Rung rung : kRungs) {
    const bool wide_fits = rung == Rung::tf32_mma && device->is_gpu() && check_ladder_kernel(*device, *wide).ok();
    EXPECT_EQ(choice.of(rung), wide_fits ? wide : default_kernel(rung)) << rung_key(rung);
    EXPECT_EQ(untuned_kernel(*device, rung), choice.of(rung)) << rung_key(rung);
  }
}

TEST_F(MatmulLadder, EveryInstanceMatchesFloat64AtSquareAndRaggedSizes) {
  for (const LadderKernel& kernel : ladder_kernels()) {
    if (Status s = check_ladder_kernel(*device, kernel); !s.ok()) {
      // Only the tensor cores' rungs and shapes that take more shared memory than a block gets here.
      const std::size_t limit = std::max(device->facts().shared_per_block, device->facts().shared_per_block_optin);
      EXPECT_TRUE(uses_tensor_cores(kernel.rung) || kernel.dynamic_shared_bytes() > limit) << kernel.key << ": " << s.message;
      EXPECT_NE(s.message.find(device->is_gpu() ? "this GPU" : "emulator"), std::string::npos) << s.message;
      continue;
    }
    for (const Shape& shape : kShapes) {
      SCOPED_TRACE(fmt::format("{} ({}), m = {}, n = {}, k = {}", kernel.key, kernel.shape_in_words(), shape.m, shape.n,
                               shape.k));
      const auto a = random_values(std::size_t(shape.m) * shape.k, 21);
      const auto b = random_values(std::size_t(shape.k) * shape.n, 22);
      std::vector<float> c(std::size_t(shape.m) * shape.n, -7.0f);
      const Status s = ladder_mat_mul(*device, kernel, a.data(), b.data(), c.data(), shape.m, shape.n, shape.k);
      ASSERT_TRUE(s.ok()) << s.describe();
      const double error = relative_error(a, b, c, shape);
      EXPECT_LE(error, uses_tensor_cores(kernel.rung) ? rung_tolerance(kernel.rung) : kFp32Tolerance);
    }
  }
}

// Rung 5's kernels all add a thread's products in k's order into one sum per result, however they
// bring the tiles in: through registers, from Aᵀ written by a pass, from A one float per 4-byte
// copy (`_a_direct`), or with A's tile in rows, 4 steps of k per load (`rows_`). So every
// pipelined instance gives the bits of the rung's first kernel (ragged sizes: the zeros past the
// edges too), and each `_a_direct` shape has a twin with the pass.
TEST_F(MatmulLadder, PipelinedInstancesGiveTheBitsOfTheRegisterStagedKernel) {
  const LadderKernel& first = *default_kernel(Rung::double_buffer);
  int compared = 0;
  for (const LadderKernel& kernel : ladder_kernels()) {
    if (!kernel.fp32_pipeline) continue;
    const std::string_view key = kernel.key;
    if (key.ends_with("_a_direct")) {
      const LadderKernel* with_pass = find_ladder_kernel(key.substr(0, key.size() - std::string_view("_a_direct").size()));
      ASSERT_NE(with_pass, nullptr) << key << ": each direct shape has a twin with the pass (kernels.h)";
      EXPECT_TRUE(with_pass->transposes_a) << with_pass->key;
      EXPECT_FALSE(kernel.transposes_a) << key;
    }
    if (!check_ladder_kernel(*device, kernel).ok()) continue;  // more shared memory than a block gets here
    ++compared;
    for (const Shape& shape : {Shape{129, 129, 129}, Shape{67, 45, 33}, Shape{260, 200, 75}}) {
      SCOPED_TRACE(fmt::format("{}, m = {}, n = {}, k = {}", key, shape.m, shape.n, shape.k));
      const auto a = random_values(std::size_t(shape.m) * shape.k, 41);
      const auto b = random_values(std::size_t(shape.k) * shape.n, 42);
      std::vector<float> c1(std::size_t(shape.m) * shape.n, -7.0f), c2(c1.size(), 7.0f);
      ASSERT_TRUE(ladder_mat_mul(*device, kernel, a.data(), b.data(), c1.data(), shape.m, shape.n, shape.k).ok());
      ASSERT_TRUE(ladder_mat_mul(*device, first, a.data(), b.data(), c2.data(), shape.m, shape.n, shape.k).ok());
      std::size_t differ = 0;
      for (std::size_t i = 0; i < c1.size(); ++i) differ += std::bit_cast<std::uint32_t>(c1[i]) != std::bit_cast<std::uint32_t>(c2[i]);
      EXPECT_EQ(differ, 0u) << "of " << c1.size() << " results, against " << first.key;
      EXPECT_LE(relative_error(a, b, c1, shape), kFp32Tolerance);
    }
  }
  EXPECT_GE(compared, 4);  // the emulator runs the BK = 8 shapes, their direct twin and rows_64x64
}

TEST_F(MatmulLadder, Tf32RungsRunOnlyWithTensorCores) {
  for (Rung rung : {Rung::tf32_wmma, Rung::tf32_mma}) {
    SCOPED_TRACE(rung_key(rung));
    const LadderKernel& kernel = *default_kernel(rung);
    const Status s = check_ladder_kernel(*device, kernel);
    if (!device->is_gpu()) {
      EXPECT_EQ(s.code, StatusCode::unsupported);
      EXPECT_NE(s.message.find("emulator"), std::string::npos) << s.message;
      std::vector<float> a(16, 1.0f), b(16, 1.0f), c(16, 0.0f);
      EXPECT_EQ(ladder_mat_mul(*device, kernel, a.data(), b.data(), c.data(), 4, 4, 4).code, StatusCode::unsupported);
      continue;
    }
    if (device->facts().cc_major < 8) {
      EXPECT_EQ(s.code, StatusCode::unsupported);
      continue;
    }
    ASSERT_TRUE(s.ok()) << s.message;
    // TF32 keeps 10 mantissa bits: the answer is close, but not FP32-close (it did use tensor cores).
    const Shape shape{256, 256, 256};
    const auto a = random_values(std::size_t(shape.m) * shape.k, 31);
    const auto b = random_values(std::size_t(shape.k) * shape.n, 32);
    std::vector<float> c(std::size_t(shape.m) * shape.n);
    ASSERT_TRUE(ladder_mat_mul(*device, kernel, a.data(), b.data(), c.data(), shape.m, shape.n, shape.k).ok());
    const double error = relative_error(a, b, c, shape);
    EXPECT_LE(error, rung_tolerance(rung));
    EXPECT_GT(error, 1e-5);
  }
}

// Rung 7's instances on sizes whose tiles are mostly whole (the copies without checks, several
// trips round the ring of stages) and end in a partial step along k and partial blocks.
TEST_F(MatmulLadder, MmaRungMatchesFloat64WithWholeTilesAndPartialEnds) {
  const Shape shapes[] = {{256, 512, 200}, {384, 260, 100}};
  for (const LadderKernel* kernel : kernels_of(Rung::tf32_mma)) {
    if (!check_ladder_kernel(*device, *kernel).ok()) continue;  // refused: see the test above
    for (const Shape& shape : shapes) {
      SCOPED_TRACE(fmt::format("{}, m = {}, n = {}, k = {}", kernel->key, shape.m, shape.n, shape.k));
      const auto a = random_values(std::size_t(shape.m) * shape.k, 41);
      const auto b = random_values(std::size_t(shape.k) * shape.n, 42);
      std::vector<float> c(std::size_t(shape.m) * shape.n, -7.0f);
      const Status s = ladder_mat_mul(*device, *kernel, a.data(), b.data(), c.data(), shape.m, shape.n, shape.k);
      ASSERT_TRUE(s.ok()) << s.describe();
      EXPECT_LE(relative_error(a, b, c, shape), rung_tolerance(Rung::tf32_mma));
    }
  }
}

// Rung 8's operand passes, on whichever device the test has: A rounded to TF32 as cvt.rna.tf32
// rounds (the 13 low bits to nearest, ties away from zero; infinities and NaN untouched) and padded
// with zeros to kp columns; B transposed, padded the same way. Round = 0 copies the bits as they are.
TEST_F(MatmulLadder, OperandPassesRoundAsCvtRnaAndTransposeWithZeros) {
  auto bits = [](std::uint32_t b) { return std::bit_cast<float>(b); };
  // One row of A (k = 7, kp = 8): a tie, just below and above it, a negative tie, infinity, NaN, 1.5.
  const std::vector<float> a = {bits(0x3F801000), bits(0x3F800FFF), bits(0x3F801001), bits(0xBF801000),
                                bits(0x7F800000), bits(0x7FC00001), 1.5f};
  const std::uint32_t rounded[] = {0x3F802000, 0x3F800000, 0x3F802000, 0xBF802000, 0x7F800000, 0x7FC00001, 0x3FC00000, 0};
  Buffer<float> device_a, out;
  ASSERT_TRUE(Buffer<float>::from_host(*device, a, &device_a).ok());
  ASSERT_TRUE(Buffer<float>::create(*device, 8, &out).ok());
  for (int round : {1, 0}) {
    ASSERT_TRUE(launch_tf32_operand_a(*device, device_a.data(), out.data(), 1, 7, 8, round).ok());
    std::vector<float> got(8);
    ASSERT_TRUE(device->synchronize().ok());
    ASSERT_TRUE(out.download(got).ok());
    for (int i = 0; i < 8; ++i) {
      const std::uint32_t want = round ? rounded[i] : (i < 7 ? std::bit_cast<std::uint32_t>(a[std::size_t(i)]) : 0u);
      EXPECT_EQ(std::bit_cast<std::uint32_t>(got[std::size_t(i)]), want) << "round " << round << ", element " << i;
    }
  }
  // Rows that need no padding go four values at a time: 3 rows of k = kp = 8 (two float4s a row),
  // the values above (row 1 with its sign bits flipped) and one more column.
  const int rows = 3;
  std::vector<float> wide;
  std::vector<std::uint32_t> wide_rounded;
  for (int row = 0; row < rows; ++row)
    for (int i = 0; i < 8; ++i) {
      wide.push_back(i < 7 ? bits(std::bit_cast<std::uint32_t>(a[std::size_t(i)]) ^ (row == 1 ? 0x80000000u : 0u)) : float(row));
      wide_rounded.push_back(i < 7 ? rounded[i] ^ (row == 1 ? 0x80000000u : 0u) : std::bit_cast<std::uint32_t>(float(row)));
    }
  Buffer<float> device_wide, wide_out;
  ASSERT_TRUE(Buffer<float>::from_host(*device, wide, &device_wide).ok());
  ASSERT_TRUE(Buffer<float>::create(*device, wide.size(), &wide_out).ok());
  ASSERT_TRUE(launch_tf32_operand_a(*device, device_wide.data(), wide_out.data(), rows, 8, 8, 1).ok());
  std::vector<float> wide_got(wide.size());
  ASSERT_TRUE(device->synchronize().ok());
  ASSERT_TRUE(wide_out.download(wide_got).ok());
  for (std::size_t i = 0; i < wide.size(); ++i)
    EXPECT_EQ(std::bit_cast<std::uint32_t>(wide_got[i]), wide_rounded[i]) << "k = kp = 8, element " << i;

  // B: 3 × 2 (k = 3, n = 2) into Bᵀ: 2 × 4 (kp = 4), the last column zeros.
  const std::vector<float> b = {1, 2, 3, 4, 5, 6};
  Buffer<float> device_b, bt;
  ASSERT_TRUE(Buffer<float>::from_host(*device, b, &device_b).ok());
  ASSERT_TRUE(Buffer<float>::create(*device, 8, &bt).ok());
  ASSERT_TRUE(launch(*device, tf32_wgmma::tf32_operand_bt_kernel, LaunchConfig{Dim3(1, 1), Dim3(32, 8)},
                     static_cast<const float*>(device_b.data()), bt.data(), 3, 2, 4, 0)
                  .ok());
  std::vector<float> got(8);
  ASSERT_TRUE(device->synchronize().ok());
  ASSERT_TRUE(bt.download(got).ok());
  EXPECT_EQ(got, (std::vector<float>{1, 3, 5, 0, 2, 4, 6, 0}));
}

TEST_F(MatmulLadder, BadSizesAreRefusedInWords) {
  const LadderKernel& kernel = *default_kernel(Rung::tiling_2d);
  float one = 1.0f, out = 0.0f;
  const Status s = ladder_mat_mul(*device, kernel, &one, &one, &out, 0, 1, 1);
  EXPECT_EQ(s.code, StatusCode::invalid_argument);
  EXPECT_NE(s.message.find("at least 1"), std::string::npos) << s.message;
}

TEST_F(MatmulLadder, TunerSavesTheFastestRightInstanceAndTheBenchReadsIt) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / fmt::format("cudalab_ladder_tuning_{}.json", ::getpid());
  std::filesystem::remove(path);
  EXPECT_NE(load_ladder_choice(*device, path).source.find("no tuning saved"), std::string::npos);

  std::ostringstream table;
  nlohmann::json rows = nlohmann::json::array();
  EXPECT_EQ(tune_ladder(table, *device, 48, path, &rows), 0) << table.str();
  EXPECT_EQ(rows.size(), ladder_kernels().size());
  std::ifstream file(path);
  const nlohmann::json saved = nlohmann::json::parse(file);
  EXPECT_EQ(saved["device"], device->facts().name);
  const LadderChoice choice = load_ladder_choice(*device, path);
  EXPECT_NE(choice.source.find("tuned on"), std::string::npos) << choice.source;
  for (Rung rung : kRungs) {
    if (!check_ladder_kernel(*device, *default_kernel(rung)).ok()) continue;
    ASSERT_TRUE(saved["chosen"].contains(rung_key(rung))) << rung_key(rung);
    EXPECT_EQ(choice.of(rung)->key, saved["chosen"][rung_key(rung)].get<std::string>());
    EXPECT_EQ(choice.of(rung)->rung, rung);
    if (!default_kernel(rung)->truncates_inputs()) EXPECT_FALSE(choice.of(rung)->truncates_inputs()) << rung_key(rung);
  }
  std::filesystem::remove(path);
}
