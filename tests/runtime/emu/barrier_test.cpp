// __syncthreads(): values written before a barrier are visible after it, phase after phase.
#include <numeric>

#include "emu/stack_pool.h"
#include "emu_test_support.h"

namespace cudalab::emu_test {
namespace {

TEST(EmuBarrier, WritesBeforeABarrierAreSeenAfterIt) {
  auto device = emulator(2);
  for (unsigned threads : {32u, 100u, 256u, 1024u}) {
    const unsigned blocks = 4;
    Buffer<int> wrong_reads = filled(*device, blocks * threads, -1);
    ASSERT_OK(launch(*device, test_kernels::barrier_rounds, {Dim3(blocks), Dim3(threads)}, wrong_reads.data(), 12));
    ASSERT_OK(device->synchronize());
    EXPECT_EQ(download(wrong_reads), std::vector<int>(blocks * threads, 0)) << threads << " threads per block";
  }
}

// A 64-core machine: one worker per core, 1024-thread blocks that wait at barriers. Each worker
// would keep 1024 guarded stacks (two memory mappings each) and the process would run out of
// mappings at ~32 k; the stack budget runs such launches on fewer workers instead.
TEST(EmuBarrier, SixtyFourWorkersRunThousandThreadBlocks) {
  auto device = emulator(64);
  const unsigned blocks = 64, threads = 1024;
  for (int launch_number = 0; launch_number < 2; ++launch_number) {
    Buffer<int> wrong_reads = filled(*device, blocks * threads, -1);
    ASSERT_OK(launch(*device, test_kernels::barrier_rounds, {Dim3(blocks), Dim3(threads)}, wrong_reads.data(), 2));
    ASSERT_OK(device->synchronize());
    EXPECT_EQ(download(wrong_reads), std::vector<int>(blocks * threads, 0));
    EXPECT_LE(emu::fiber_stacks_mapped(), 2 * emu::fiber_stack_budget());
  }
}

std::vector<int> cpu_block_prefix_sums(const std::vector<int>& in, unsigned threads) {
  std::vector<int> out(in.size());
  for (std::size_t base = 0; base < in.size(); base += threads)
    std::inclusive_scan(in.begin() + base, in.begin() + base + threads, out.begin() + base);
  return out;
}

TEST(EmuBarrier, PrefixSumOverManyBarriersMatchesTheCpu) {
  auto device = emulator(2);
  const unsigned blocks = 5, threads = 512;
  std::vector<int> in(blocks * threads);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<int>(i % 7) - 3;
  Buffer<int> input = upload(*device, in);
  Buffer<int> output = filled(*device, in.size(), 0);
  ASSERT_OK(launch(*device, test_kernels::block_prefix_sum, {Dim3(blocks), Dim3(threads)}, input.data(), output.data()));
  EXPECT_EQ(download(output), cpu_block_prefix_sums(in, threads));
}

TEST(EmuBarrier, ResultsAreIdenticalOnOneAndManyWorkers) {
  auto one = emulator(1);
  auto many = emulator(4);
  const unsigned blocks = 9, threads = 256;
  std::vector<int> in(blocks * threads);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<int>((i * 37) % 101);
  std::vector<int> sums[2], wrong[2];
  Device* devices[2] = {one.get(), many.get()};
  for (int d = 0; d < 2; ++d) {
    Buffer<int> input = upload(*devices[d], in);
    Buffer<int> output = filled(*devices[d], in.size(), 0);
    Buffer<int> wrong_reads = filled(*devices[d], in.size(), -1);
    ASSERT_OK(launch(*devices[d], test_kernels::block_prefix_sum, {Dim3(blocks), Dim3(threads)}, input.data(), output.data()));
    ASSERT_OK(launch(*devices[d], test_kernels::barrier_rounds, {Dim3(blocks), Dim3(threads)}, wrong_reads.data(), 5));
    sums[d] = download(output);
    wrong[d] = download(wrong_reads);
  }
  EXPECT_EQ(sums[0], sums[1]);
  EXPECT_EQ(sums[0], cpu_block_prefix_sums(in, threads));
  EXPECT_EQ(wrong[0], wrong[1]);
}

TEST(EmuBarrier, SyncthreadsCountAndOr) {
  auto device = emulator(2);
  struct Case {
    unsigned threads;
    int multiples_of_three, all_below_1000, any_is_seven;
  };
  for (const Case& c : {Case{100, 34, 1, 1}, Case{5, 2, 1, 0}, Case{1024, 342, 0, 1}}) {
    const unsigned blocks = 3;
    Buffer<int> out = filled(*device, 3 * blocks * c.threads, -1);
    ASSERT_OK(launch(*device, test_kernels::barrier_votes, {Dim3(blocks), Dim3(c.threads)}, out.data()));
    const std::vector<int> votes = download(out);
    for (unsigned t = 0; t < blocks * c.threads; ++t) {
      ASSERT_EQ(votes[3 * t + 0], c.multiples_of_three) << "thread " << t << " of blocks of " << c.threads;
      ASSERT_EQ(votes[3 * t + 1], c.all_below_1000) << "thread " << t;
      ASSERT_EQ(votes[3 * t + 2], c.any_is_seven) << "thread " << t;
    }
  }
}

}  // namespace
}  // namespace cudalab::emu_test
