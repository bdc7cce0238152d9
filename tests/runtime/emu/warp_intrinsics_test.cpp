// Warp intrinsics on the emulator against hand-computed expectations: the four shuffles with every
// width, each operand type, partial masks, votes, __activemask() per branch, the sm_80 reductions,
// a partial last warp, and two whole reductions against a CPU loop.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <numeric>
#include <random>

#include "emu_test_support.h"
#include "warp_kernels.h"

namespace cudalab::emu_test {
namespace {

namespace warp = cudalab::warp_test_kernels;

// The lane a shuffle reads, as the CUDA Programming Guide words it (not as the emulator computes
// it, from PTX's bit arithmetic): a segment of `width` lanes behaves as its own warp; up/down
// past the segment's ends read the caller's own value; idx reads srcLane modulo width; xor may
// read an earlier segment but a later one gives the caller's own value.
int expected_source(int mode, int lane, int arg, int width) {
  const int base = lane - lane % width;
  switch (mode) {
    case 0: return base + arg % width;
    case 1: return lane % width - arg >= 0 ? lane - arg : lane;
    case 2: return lane % width + arg < width ? lane + arg : lane;
    default: {
      const int source = lane ^ arg;
      return source < base + width ? source : lane;
    }
  }
}

TEST(EmuWarpShuffle, EveryModeWidthAndOffsetMatchesTheGuide) {
  auto device = emulator(2);
  const int blocks = 2, threads = 96;
  for (int width : {1, 2, 4, 8, 16, 32})
    for (int arg : {0, 1, 3, 5, 8, 17, 31}) {
      Buffer<int> out = filled(*device, 4 * blocks * threads, -1);
      ASSERT_OK(launch(*device, warp::warp_shuffle_int, {Dim3(blocks), Dim3(threads)}, out.data(), arg, width));
      ASSERT_OK(device->synchronize());
      const std::vector<int> got = download(out);
      for (int t = 0; t < blocks * threads; ++t) {
        const int lane = t % threads % 32;
        const int warp_first = t - lane;
        for (int mode = 0; mode < 4; ++mode)
          ASSERT_EQ(got[4 * t + mode], 1000 + warp_first + expected_source(mode, lane, arg, width))
              << "mode " << mode << " (idx, up, down, xor), width " << width << ", arg " << arg << ", thread " << t;
      }
    }
}

TEST(EmuWarpShuffle, EachTypeMovesAllItsBits) {
  auto device = emulator(1);
  const int threads = 64;
  Buffer<unsigned> u = filled(*device, threads, 0u);
  Buffer<float> f = filled(*device, threads, 0.0f);
  Buffer<long long> ll = filled(*device, threads, 0ll);
  Buffer<unsigned long long> ull = filled(*device, threads, 0ull);
  Buffer<double> d = filled(*device, threads, 0.0);
  ASSERT_OK(launch(*device, warp::warp_shuffle_types, {Dim3(1), Dim3(threads)}, u.data(), f.data(), ll.data(),
                   ull.data(), d.data()));
  ASSERT_OK(device->synchronize());
  const auto got_u = download(u);
  const auto got_f = download(f);
  const auto got_ll = download(ll);
  const auto got_ull = download(ull);
  const auto got_d = download(d);
  for (int t = 0; t < threads; ++t) {
    const unsigned lane = t % 32;
    const unsigned source = lane == 31 ? 31 : lane + 1;  // down by 1: lane 31 keeps its own
    EXPECT_EQ(got_u[t], 0x80000000u | (source << 20) | source);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(got_f[t]),
              std::bit_cast<std::uint32_t>(-1.5f * static_cast<float>(source) + 0.125f));
    EXPECT_EQ(got_ll[t], -(static_cast<long long>(source) << 40) - 7);
    EXPECT_EQ(got_ull[t], (0xfedcull << 48) | (static_cast<unsigned long long>(source) << 33) | source);
    EXPECT_EQ(std::bit_cast<std::uint64_t>(got_d[t]),
              std::bit_cast<std::uint64_t>(1099511627776.0 * static_cast<double>(source) + 0.25));
  }
}

TEST(EmuWarpShuffle, PartialMasksMeetOnlyTheirLanes) {
  auto device = emulator(2);
  const int threads = 64;
  Buffer<unsigned> out = filled(*device, 3 * threads, 0xdeadu);
  ASSERT_OK(launch(*device, warp::warp_partial_masks, {Dim3(1), Dim3(threads)}, out.data()));
  ASSERT_OK(device->synchronize());
  const auto got = download(out);
  for (int t = 0; t < threads; ++t) {
    const unsigned lane = t % 32;
    EXPECT_EQ(got[3 * t], lane < 16 ? 100u + 15 : 100u + (lane ^ 1)) << "thread " << t;
    EXPECT_EQ(got[3 * t + 1], lane % 2 == 0 ? 0x11111111u : 0u) << "thread " << t;
    EXPECT_EQ(got[3 * t + 2], 1u);
  }
}

TEST(EmuWarpVote, BallotAnyAllAndMatchAny) {
  auto device = emulator(2);
  const int threads = 128;
  for (int n : {0, 1, 40, 64, 100, 128}) {
    Buffer<unsigned> out = filled(*device, 5 * threads, 0xdeadu);
    ASSERT_OK(launch(*device, warp::warp_votes, {Dim3(1), Dim3(threads)}, out.data(), n));
    ASSERT_OK(device->synchronize());
    const auto got = download(out);
    for (int t = 0; t < threads; ++t) {
      const int warp_first = t - t % 32;
      std::uint32_t ballot = 0;
      for (int lane = 0; lane < 32; ++lane)
        if (warp_first + lane < n) ballot |= 1u << lane;
      EXPECT_EQ(got[5 * t], ballot) << "n " << n << ", thread " << t;
      EXPECT_EQ(got[5 * t + 1], (n - 1 >= warp_first && n - 1 < warp_first + 32) ? 1u : 0u) << "n " << n << ", thread " << t;
      EXPECT_EQ(got[5 * t + 2], ballot == 0xffffffffu ? 1u : 0u) << "n " << n << ", thread " << t;
      EXPECT_EQ(got[5 * t + 3], static_cast<unsigned>(std::popcount(ballot)));
      EXPECT_EQ(got[5 * t + 4], 0xffu << (t % 32 / 8 * 8)) << "thread " << t;
    }
  }
}

TEST(EmuWarpVote, TwoDimensionalBlocksFormWarpsInLinearOrder) {
  auto device = emulator(1);
  Buffer<unsigned> out = filled(*device, 64, 0u);
  ASSERT_OK(launch(*device, warp::warp_ballot_2d, {Dim3(1), Dim3(8, 8)}, out.data()));
  ASSERT_OK(device->synchronize());
  // Lanes 8-15 and 24-31 of each warp are rows 1 and 3 (or 5 and 7).
  EXPECT_EQ(download(out), std::vector<unsigned>(64, 0xff00ff00u));
}

TEST(EmuWarpSync, SyncwarpOrdersSharedMemoryWithinAWarp) {
  auto device = emulator(2);
  const int blocks = 2, threads = 64;
  Buffer<int> out = filled(*device, blocks * threads, 0);
  ASSERT_OK(launch(*device, warp::warp_syncwarp_exchange, {Dim3(blocks), Dim3(threads)}, out.data()));
  ASSERT_OK(device->synchronize());
  const auto got = download(out);
  for (int g = 0; g < blocks * threads; ++g) {
    const int lane = g % 32;
    auto seen_by = [&](int other_lane) { return 7 * (g - lane + (other_lane ^ 1)) + 1; };
    EXPECT_EQ(got[g], seen_by(lane) + 1000000 * seen_by(31 - lane)) << "thread " << g;
  }
}

// What chapter 7 draws: for a branch on threadIdx.x % k, __activemask() in each branch gives the
// lanes of the warp that took it; lanes that returned are in neither.
TEST(EmuWarpActiveMask, EachBranchSeesTheLanesThatTookIt) {
  auto device = emulator(2);
  const int threads = 80;  // warp 2 is partial: lanes 0-15
  for (int k : {1, 2, 3, 4, 32, 33})
    for (int n : {80, 70}) {
      Buffer<unsigned> out = filled(*device, threads, 0xdeadu);
      ASSERT_OK(launch(*device, warp::warp_active_lanes, {Dim3(1), Dim3(threads)}, out.data(), k, n));
      ASSERT_OK(device->synchronize());
      const auto got = download(out);
      for (int t = 0; t < threads; ++t) {
        if (t >= n) {
          EXPECT_EQ(got[t], 0xdeadu);
          continue;
        }
        const int warp_first = t - t % 32;
        std::uint32_t same_branch = 0;
        for (int lane = 0; lane < 32; ++lane) {
          const int other = warp_first + lane;
          if (other < n && (other % k == 0) == (t % k == 0)) same_branch |= 1u << lane;
        }
        EXPECT_EQ(got[t], t % k == 0 ? same_branch : ~same_branch) << "k " << k << ", n " << n << ", thread " << t;
      }
    }
}

TEST(EmuWarpActiveMask, TheLanesStillRunningVoteWithIt) {
  auto device = emulator(1);
  const int threads = 64;
  for (int n : {64, 45, 7}) {
    Buffer<unsigned> out = filled(*device, threads, 0xdeadu);
    ASSERT_OK(launch(*device, warp::warp_vote_among_active, {Dim3(1), Dim3(threads)}, out.data(), n));
    ASSERT_OK(device->synchronize());
    const auto got = download(out);
    for (int t = 0; t < threads; ++t) {
      const int alive = std::clamp(n - (t - t % 32), 0, 32);
      const std::uint32_t active = alive == 32 ? ~0u : (1u << alive) - 1;
      EXPECT_EQ(got[t], t < n ? active & 0xaaaaaaaau : 0xdeadu) << "n " << n << ", thread " << t;
    }
  }
}

TEST(EmuWarpReduce, AddMinMaxAndBitwiseOverTheWarp) {
  auto device = emulator(1);
  const int threads = 64;
  Buffer<unsigned> out = filled(*device, 8 * threads, 0u);
  ASSERT_OK(launch(*device, warp::warp_reductions, {Dim3(1), Dim3(threads)}, out.data()));
  ASSERT_OK(device->synchronize());
  const auto got = download(out);
  int sum = 0, smin = INT32_MAX, smax = INT32_MIN;
  unsigned umin = ~0u, umax = 0, band = ~0u, bor = 0, bxor = 0;
  for (unsigned lane = 0; lane < 32; ++lane) {
    const int s = static_cast<int>(lane * 7 % 23) - 11;
    const unsigned u = 0x9e3779b9u * (lane + 1);
    sum += s;
    smin = std::min(smin, s);
    smax = std::max(smax, s);
    umin = std::min(umin, u);
    umax = std::max(umax, u);
    band &= u;
    bor |= u;
    bxor ^= u;
  }
  const unsigned expected[8] = {static_cast<unsigned>(sum), static_cast<unsigned>(smin), static_cast<unsigned>(smax),
                                umin, umax, band, bor, bxor};
  for (int t = 0; t < threads; ++t)
    for (int i = 0; i < 8; ++i) EXPECT_EQ(got[8 * t + i], expected[i]) << "result " << i << ", thread " << t;
}

TEST(EmuWarpPartialWarp, ALastWarpOfSixteenLanesMeetsWithItsOwnMask) {
  auto device = emulator(2);
  const int threads = 48;
  Buffer<int> out = filled(*device, 2 * threads, 0);
  ASSERT_OK(launch(*device, warp::warp_partial_tail, {Dim3(2), Dim3(threads)}, out.data()));
  ASSERT_OK(device->synchronize());
  const auto got = download(out);
  for (int t = 0; t < 2 * threads; ++t) EXPECT_EQ(got[t], t % threads < 32 ? 528 : 648) << "thread " << t;
}

TEST(EmuWarpReduction, ShuffleSumAndBallotCountMatchTheCpu) {
  std::mt19937 random(7);
  std::uniform_int_distribution<int> value(-1000, 1000);
  for (int workers : {1, 3}) {
    auto device = emulator(workers);
    for (int threads : {32, 256, 1024}) {
      const int n = 5 * threads - 77;
      const int blocks = (n + threads - 1) / threads;
      std::vector<int> input(n);
      for (int& x : input) x = value(random);
      Buffer<int> in = upload(*device, input);
      Buffer<int> sums = filled(*device, blocks, 0);
      Buffer<int> count = filled(*device, 1, 0);
      ASSERT_OK(launch(*device, warp::warp_shuffle_sum, {Dim3(blocks), Dim3(threads)}, in.data(), sums.data(), n));
      ASSERT_OK(launch(*device, warp::ballot_count, {Dim3(blocks), Dim3(threads)}, in.data(), count.data(), n, 250));
      ASSERT_OK(device->synchronize());
      const auto got = download(sums);
      for (int b = 0; b < blocks; ++b) {
        const int end = std::min(n, (b + 1) * threads);
        EXPECT_EQ(got[b], std::accumulate(input.begin() + b * threads, input.begin() + end, 0))
            << "block " << b << " of " << threads << " threads, " << workers << " workers";
      }
      EXPECT_EQ(download(count)[0], std::count_if(input.begin(), input.end(), [](int x) { return x > 250; }));
    }
  }
}

}  // namespace
}  // namespace cudalab::emu_test
