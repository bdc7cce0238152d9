// Atomics under contention from every thread of many blocks on several workers.
#include <algorithm>
#include <climits>

#include "emu_test_support.h"

namespace cudalab::emu_test {
namespace {

int scrambled(int global_thread) { return (global_thread * 7919) % 10007 - 5000; }

void check_atomics(int workers) {
  auto device = emulator(workers);
  const int blocks = 48, threads = 256, n = blocks * threads;
  Buffer<int> ints = upload(*device, std::vector<int>{10, 0, INT_MAX, INT_MIN, -1});
  Buffer<unsigned int> uints = upload(*device, std::vector<unsigned int>{0, UINT_MAX, 0, 5, 0});
  Buffer<float> floats = upload(*device, std::vector<float>{0.f, 1e30f, -1e30f, -1.f});
  Buffer<int> old_exch = filled(*device, n, -7);
  ASSERT_OK(launch(*device, test_kernels::atomics_contention, {Dim3(blocks), Dim3(threads)}, ints.data(), uints.data(),
                   floats.data(), old_exch.data()));
  ASSERT_OK(device->synchronize());

  int low = INT_MAX, high = INT_MIN;
  for (int t = 0; t < n; ++t) {
    low = std::min(low, scrambled(t));
    high = std::max(high, scrambled(t));
  }
  const std::vector<int> i = download(ints);
  EXPECT_EQ(i[0], 10 + n) << "atomicAdd(int)";
  EXPECT_EQ(i[1], -2 * n) << "atomicSub(int)";
  EXPECT_EQ(i[2], low) << "atomicMin(int)";
  EXPECT_EQ(i[3], high) << "atomicMax(int)";

  // atomicExch chains: the old values and the final one are the initial -1 and every thread id,
  // each exactly once.
  std::vector<int> chain = download(old_exch);
  chain.push_back(i[4]);
  std::sort(chain.begin(), chain.end());
  std::vector<int> expected_chain(n + 1);
  for (int t = 0; t <= n; ++t) expected_chain[t] = t - 1;
  EXPECT_EQ(chain, expected_chain) << "atomicExch(int) lost or duplicated a value";

  const std::vector<unsigned int> u = download(uints);
  EXPECT_EQ(u[0], 3u * n) << "atomicAdd(unsigned)";
  EXPECT_EQ(u[1], static_cast<unsigned int>(low + 5000)) << "atomicMin(unsigned)";
  EXPECT_EQ(u[2], static_cast<unsigned int>(high + 5000)) << "atomicMax(unsigned)";
  EXPECT_EQ(u[3], 5u - static_cast<unsigned int>(n)) << "atomicSub(unsigned) wraps";
  EXPECT_EQ(u[4], static_cast<unsigned int>(n)) << "atomicCAS increment loop";

  const std::vector<float> f = download(floats);
  EXPECT_EQ(f[0], 0.5f * n) << "atomicAdd(float)";
  EXPECT_EQ(f[1], low * 0.25f) << "CAS-loop min on float";
  EXPECT_EQ(f[2], high * 0.25f) << "CAS-loop max on float";
  EXPECT_TRUE(f[3] >= 0.f && f[3] < n && f[3] == static_cast<float>(static_cast<int>(f[3]))) << "atomicExch(float): " << f[3];
}

TEST(EmuAtomics, ContentionOnOneWorker) { check_atomics(1); }
TEST(EmuAtomics, ContentionOnSeveralWorkers) { check_atomics(4); }

}  // namespace
}  // namespace cudalab::emu_test
