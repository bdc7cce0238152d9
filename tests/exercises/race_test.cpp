// Issue #26: the emulator's race detector (lessons/exercises/race_shadow.cuh, shared_probe.cuh)
// through the real executable's worker, as `cudalab check` runs it: what is a race and what is not,
// what the verdict says about one, and valid CUDA its proxies cannot stand in for still checked.
// The exercises' own wrong variants (variants/*/data_race--*.cu) are in exercises_check_test.
#include <gtest/gtest.h>

#include "check_support.h"
#include "exercises/shared_arrays.h"

namespace cudalab::exercise_tests {
namespace {

class Races : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(checker.opened()) << checker.open_status().describe(); }
  std::string details(const ex::Verdict& verdict) {
    std::string out;
    for (const cudalab::lessons::Message& line : verdict.details) out += line.english() + "\n";
    return out;
  }
  Checker checker{BackendRequest::emulator};
};

const char* kReverseHead = "__global__ void reverse_blocks(const float* a, float* out, int n) {\n";

TEST_F(Races, AMissingBarrierIsARaceWithBothThreadsElementAndLines) {
  const std::string source = std::string(kReverseHead) +    // line 1
                             "  __shared__ float chunk[256];\n"  // 2
                             "  const int t = threadIdx.x;\n"
                             "  const int start = blockIdx.x * blockDim.x;\n"
                             "  const int i = start + t;\n"  // 5
                             "  const int length = min(static_cast<int>(blockDim.x), n - start);\n"
                             "  if (i < n) chunk[t] = a[i];\n"  // 7
                             "  if (t < length) out[i] = chunk[length - 1 - t];\n"  // 8
                             "}\n";
  const ex::Verdict verdict = checker.check("reverse_block", source);
  ASSERT_EQ(verdict.kind, ex::VerdictKind::data_race) << verdict.text();
  ASSERT_FALSE(verdict.details.empty());
  // Threads run in order on the emulator: thread 127 is the first to read a slot (chunk[128], line
  // 8) that a later thread then writes (line 7).
  EXPECT_EQ(verdict.details[0].english(),
            "thread (127,0,0) of block (0,0,0) read chunk[128] at line 8 while thread (128,0,0) of block (0,0,0) wrote "
            "it at line 7, with no __syncthreads() between them")
      << verdict.text();
  EXPECT_NE(verdict.headline.english().find("Data race"), std::string::npos) << verdict.headline.english();
  // Threads 127 and 128 are in different warps: the block's barrier is the advice.
  ASSERT_GE(verdict.details.size(), 2u);
  EXPECT_NE(verdict.details[1].english().find("Is a __syncthreads() missing"), std::string::npos) << verdict.text();
}

TEST_F(Races, TwoDimensionalTilesAreNamedByRowAndColumn) {
  std::string source = std::string(ex::find_exercise("matmul_tiled")->solution());
  // Drop the first barrier (after the copies).
  const std::size_t barrier = source.find("__syncthreads();");
  ASSERT_NE(barrier, std::string::npos);
  source.erase(barrier, std::string("__syncthreads();").size());
  const ex::Verdict verdict = checker.check("matmul_tiled", source);
  ASSERT_EQ(verdict.kind, ex::VerdictKind::data_race) << verdict.text();
  EXPECT_NE(verdict.details[0].english().find("tile_a[0]["), std::string::npos) << details(verdict);
}

TEST_F(Races, ManyReadersOwnElementsAndAtomicsAreNoRaces) {
  // Every thread reads chunk[0] (many readers), rewrites its own slot twice without a barrier,
  // and adds to a shared counter atomically: none of it is a race.
  const std::string source = std::string(kReverseHead) +
                             "  __shared__ float chunk[256];\n"
                             "  __shared__ int counter[1];\n"
                             "  const int t = threadIdx.x;\n"
                             "  const int start = blockIdx.x * blockDim.x;\n"
                             "  const int i = start + t;\n"
                             "  const int length = min(static_cast<int>(blockDim.x), n - start);\n"
                             "  if (t == 0) counter[0] = 0;\n"
                             "  chunk[t] = 0.f;\n"
                             "  if (i < n) chunk[t] = a[i];\n"
                             "  chunk[t] *= 1.f;\n"
                             "  __syncthreads();\n"
                             "  atomicAdd(&counter[0], 1);\n"
                             "  const float first = chunk[0];\n"
                             "  if (t < length) out[i] = chunk[length - 1 - t] + first * 0.f;\n"
                             "}\n";
  const ex::Verdict verdict = checker.check("reverse_block", source);
  EXPECT_TRUE(verdict.passed()) << verdict.text();
}

TEST_F(Races, WarpMeetingsOrderTheirLanes) {
  // Lanes exchange through shared memory after __syncwarp(), then reduce with shuffles: no race.
  const std::string source =
      "__global__ void dot(const float* a, const float* b, float* out, int n) {\n"
      "  __shared__ float lane_values[256];\n"
      "  __shared__ float warp_sums[8];\n"
      "  const int t = threadIdx.x;\n"
      "  const int i = blockIdx.x * blockDim.x + t;\n"
      "  float v = (i < n) ? a[i] * b[i] : 0.f;\n"
      "  lane_values[t] = v;\n"
      "  __syncwarp();\n"
      "  v = (t % 2 == 0) ? v + lane_values[t + 1] : 0.f;\n"
      "  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);\n"
      "  if (t % 32 == 0) warp_sums[t / 32] = v;\n"
      "  __syncthreads();\n"
      "  if (t < 32) {\n"
      "    float s = (t < 8) ? warp_sums[t] : 0.f;\n"
      "    for (int offset = 16; offset > 0; offset /= 2) s += __shfl_down_sync(0xffffffffu, s, offset);\n"
      "    if (t == 0) atomicAdd(&out[0], s);\n"
      "  }\n"
      "}\n";
  const ex::Verdict verdict = checker.check("dot", source);
  EXPECT_TRUE(verdict.passed()) << verdict.text();
  // Without the __syncwarp(), lane 0 reads lane_values[1] before lane 1 has written it.
  std::string unsynced = source;
  unsynced.erase(unsynced.find("  __syncwarp();\n"), std::string("  __syncwarp();\n").size());
  const ex::Verdict racy = checker.check("dot", unsynced);
  ASSERT_EQ(racy.kind, ex::VerdictKind::data_race) << racy.text();
  EXPECT_NE(racy.details[0].english().find("read lane_values[1] at line 8"), std::string::npos) << details(racy);
  // Two lanes of one warp: the advice is __syncwarp(), not only __syncthreads().
  ASSERT_GE(racy.details.size(), 2u) << details(racy);
  EXPECT_NE(racy.details[1].english().find("Both threads are in warp 0 of their block"), std::string::npos) << details(racy);
  EXPECT_NE(racy.details[1].english().find("__syncwarp()"), std::string::npos) << details(racy);
}

TEST_F(Races, BlocksWritingOneGlobalElementRace) {
  // Every block writes out[0..255]: right with one block (the first test), a race between blocks
  // with more, found before the wrong numbers are.
  const std::string source = std::string(kReverseHead) +
                             "  __shared__ float chunk[256];\n"
                             "  const int t = threadIdx.x;\n"
                             "  const int start = blockIdx.x * blockDim.x;\n"
                             "  const int i = start + t;\n"
                             "  const int length = min(static_cast<int>(blockDim.x), n - start);\n"
                             "  if (i < n) chunk[t] = a[i];\n"
                             "  __syncthreads();\n"
                             "  if (t < length) out[t] = chunk[length - 1 - t];\n"
                             "}\n";
  const ex::Verdict verdict = checker.check("reverse_block", source);
  ASSERT_EQ(verdict.kind, ex::VerdictKind::data_race) << verdict.text();
  EXPECT_EQ(verdict.tests_passed, 1) << verdict.text();
  EXPECT_NE(verdict.details[0].english().find(" wrote out["), std::string::npos) << details(verdict);
  EXPECT_NE(verdict.details[0].english().find("wrote it too at line 9; threads of different blocks are never ordered"), std::string::npos)
      << details(verdict);
}

TEST_F(Races, ValidCudaTheProxiesCannotStandInForIsCheckedWithoutThem) {
  // A template deducing its type from an element, and `auto&` bound to one: the detector's proxies
  // make both fail to compile, so the file is checked without them, never "does not compile".
  const std::string source = "template <class T> __device__ T same(T v) { return v; }\n" + std::string(kReverseHead) +
                             "  __shared__ float chunk[256];\n"
                             "  const int t = threadIdx.x;\n"
                             "  const int start = blockIdx.x * blockDim.x;\n"
                             "  const int i = start + t;\n"
                             "  const int length = min(static_cast<int>(blockDim.x), n - start);\n"
                             "  float& mine = chunk[t];\n"
                             "  if (i < n) mine = a[i];\n"
                             "  __syncthreads();\n"
                             "  if (t < length) out[i] = same(chunk[length - 1 - t]);\n"
                             "}\n";
  const ex::Verdict verdict = checker.check("reverse_block", source);
  EXPECT_TRUE(verdict.passed()) << verdict.text();
  // A real error is still one, with the student's line.
  const ex::Verdict broken = checker.check("reverse_block", std::string(kReverseHead) +
                                                                "  __shared__ float chunk[256];\n"
                                                                "  chunk[threadIdx.x] = undeclared;\n"
                                                                "}\n");
  ASSERT_EQ(broken.kind, ex::VerdictKind::does_not_compile) << broken.text();
  ASSERT_FALSE(broken.diagnostics.empty());
  EXPECT_EQ(broken.diagnostics.front().line, 3) << broken.text();
}

TEST_F(Races, RowsPassedToDeviceFunctionsAndCompoundAssignmentsCompile) {
  const std::string source = "__device__ float first_of(const float* row) { return row[0]; }\n" + std::string(kReverseHead) +
                             "  __shared__ float chunk[2][256];\n"
                             "  const int t = threadIdx.x;\n"
                             "  const int start = blockIdx.x * blockDim.x;\n"
                             "  const int i = start + t;\n"
                             "  const int length = min(static_cast<int>(blockDim.x), n - start);\n"
                             "  chunk[1][t] = 0.f;\n"
                             "  chunk[1][t] += (i < n) ? a[i] : 0.f;\n"
                             "  chunk[0][t] = 1.f;\n"
                             "  __syncthreads();\n"
                             "  float* mirrored = &chunk[1][length - 1 - t];\n"
                             "  if (t < length) out[i] = first_of(mirrored) * first_of(chunk[0]);\n"
                             "}\n";
  const ex::Verdict verdict = checker.check("reverse_block", source);
  EXPECT_TRUE(verdict.passed()) << verdict.text();
}

// The rewrite itself: lines kept, what it cannot express left alone.
TEST(SharedArrays, DeclarationsAreWrappedOnTheirOwnLines) {
  const std::string source =
      "__global__ void k(float* out) {\n"
      "  __shared__ float tile[16][16 + 1];  // __shared__ float in_a_comment[3];\n"
      "  __shared__ unsigned int sums[\n"
      "      256];\n"
      "  extern __shared__ float dynamic[];\n"
      "  volatile __shared__ float flags[32];\n"
      "  __shared__ float2 pairs[32];\n"
      "  __shared__ int one, two[2];\n"
      "  __shared__ int copied[8];\n"
      "  static __shared__ int kept[4];\n"
      "  auto value = copied[threadIdx.x];\n"
      "}\n";
  const lessons::exercises::InstrumentedSource result = lessons::exercises::instrument_shared_arrays(source);
  EXPECT_EQ(result.arrays, (std::vector<std::string>{"tile", "sums", "dynamic", "flags", "one", "two"}));
  EXPECT_NE(result.text.find("__shared__ CUDALAB_PROBE::Shared<float, CUDALAB_PROBE::Label{0, \"tile\"}, (16), (16 + 1)> tile;"),
            std::string::npos)
      << result.text;
  EXPECT_NE(result.text.find("Shared<unsigned int, CUDALAB_PROBE::Label{1, \"sums\"}"), std::string::npos) << result.text;
  EXPECT_EQ(std::count(result.text.begin(), result.text.end(), '\n'), std::count(source.begin(), source.end(), '\n'));
  EXPECT_NE(result.text.find("in_a_comment[3]"), std::string::npos);  // comments untouched
  // An extern array: the launch gives it no bytes, so it has no elements; `extern` goes with it.
  EXPECT_NE(result.text.find("  __shared__ CUDALAB_PROBE::Shared<float, CUDALAB_PROBE::Label{2, \"dynamic\"}, (0)> dynamic;"),
            std::string::npos)
      << result.text;
  // volatile orders nothing between threads: the array is watched as any other.
  EXPECT_NE(result.text.find("  __shared__ CUDALAB_PROBE::Shared<float, CUDALAB_PROBE::Label{3, \"flags\"}, (32)> flags;"),
            std::string::npos)
      << result.text;
  // One statement per declarator, on the declaration's line; a scalar is an array of one.
  EXPECT_NE(result.text.find("Label{4, \"one\", true}, (1)> one; __shared__ CUDALAB_PROBE::Shared<int, "
                             "CUDALAB_PROBE::Label{5, \"two\"}, (2)> two;\n"),
            std::string::npos)
      << result.text;
  EXPECT_NE(result.text.find("__shared__ float2 pairs[32];"), std::string::npos);
  EXPECT_NE(result.text.find("__shared__ int copied[8];"), std::string::npos);
  EXPECT_NE(result.text.find("static __shared__ int kept[4];"), std::string::npos);
}

TEST(SharedArrays, AScalarsUsesBecomeItsElementToTheEndOfItsBlock) {
  const std::string source =
      "struct Pair { float total; };\n"
      "__device__ float helper(float total) { return total; }\n"
      "__global__ void k(float* out) {\n"
      "  __shared__ float total;\n"
      "  if (threadIdx.x == 0) total = 0.f;  // total in a comment\n"
      "  Pair p{1.f};\n"
      "  atomicAdd(&total, p.total);\n"
      "  printf(\"total\\n\");\n"
      "  out[0] = total;\n"
      "}\n"
      "__device__ float after(float total) { return total; }\n";
  const std::string text = lessons::exercises::instrument_shared_arrays(source).text;
  EXPECT_NE(text.find("__device__ float helper(float total) { return total; }"), std::string::npos) << text;
  EXPECT_NE(text.find("if (threadIdx.x == 0) total[0] = 0.f;  // total in a comment"), std::string::npos) << text;
  EXPECT_NE(text.find("atomicAdd(&total[0], p.total);"), std::string::npos) << text;
  EXPECT_NE(text.find("printf(\"total\\n\");"), std::string::npos) << text;
  EXPECT_NE(text.find("out[0] = total[0];"), std::string::npos) << text;
  EXPECT_NE(text.find("__device__ float after(float total) { return total; }"), std::string::npos) << text;
  // Asked for its size or copied by `auto`, a scalar is left as it is (the proxy would show).
  const std::string sized = "__global__ void k() {\n  __shared__ int n;\n  int bytes = sizeof(n);\n}\n";
  EXPECT_EQ(lessons::exercises::instrument_shared_arrays(sized).text, sized);
}

}  // namespace
}  // namespace cudalab::exercise_tests
