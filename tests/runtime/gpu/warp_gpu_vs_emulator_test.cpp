// The warp-level test kernels (tests/runtime/kernels/warp_kernels.cuh) on the GPU and on the CPU
// emulator: bit for bit. Skips without a CUDA device. The misuse kernels are never launched here
// (undefined behaviour on a GPU).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "cudalab/buffer.h"
#include "cudalab/device.h"
#include "src/backends.h"
#include "warp_kernels.h"

using namespace cudalab;
namespace warp = cudalab::warp_test_kernels;

#define ASSERT_OK(expr)                                               \
  do {                                                                \
    const ::cudalab::Status status_ = (expr);                         \
    ASSERT_TRUE(status_.ok()) << #expr << ": " << status_.describe(); \
  } while (0)

namespace {

class WarpGpuAndEmulator : public ::testing::Test {
 protected:
  void SetUp() override {
    cudalab::Message why_none;
    if (query_cuda_devices(&why_none).empty()) GTEST_SKIP() << "no CUDA device: " << why_none;
    ASSERT_OK(make_cuda_device(0, &gpu_));
    emulator_ = make_emulator_device(2, Message::text("compared with the GPU"));
    ASSERT_NE(emulator_, nullptr);
  }

  // Runs `launch_one(device, out)` on each backend with `initial` in `out`; returns {gpu, emulator}.
  template <class T, class LaunchOne>
  std::pair<std::vector<T>, std::vector<T>> on_both(const std::vector<T>& initial, LaunchOne launch_one) {
    std::pair<std::vector<T>, std::vector<T>> results;
    Device* devices[2] = {gpu_.get(), emulator_.get()};
    std::vector<T>* outputs[2] = {&results.first, &results.second};
    for (int d = 0; d < 2; ++d) {
      Buffer<T> buffer;
      Status status = Buffer<T>::from_host(*devices[d], std::span<const T>(initial), &buffer);
      if (status.ok()) status = launch_one(*devices[d], buffer.data());
      if (status.ok()) status = devices[d]->synchronize();
      EXPECT_TRUE(status.ok()) << devices[d]->facts().name << ": " << status.describe();
      outputs[d]->resize(initial.size());
      if (status.ok()) EXPECT_TRUE(buffer.download(std::span<T>(*outputs[d])).ok());
    }
    return results;
  }

  std::unique_ptr<Device> gpu_;
  std::unique_ptr<Device> emulator_;
};

TEST_F(WarpGpuAndEmulator, ShufflesAgreeForEveryWidthAndOffset) {
  for (int width : {1, 2, 4, 8, 16, 32})
    for (int arg : {0, 1, 3, 5, 8, 17, 31, 33}) {
      const auto [gpu, emu] = on_both(std::vector<int>(4 * 2 * 96, -1), [&](Device& d, int* out) {
        return launch(d, warp::warp_shuffle_int, {Dim3(2), Dim3(96)}, out, arg, width);
      });
      EXPECT_EQ(gpu, emu) << "width " << width << ", arg " << arg;
    }
}

TEST_F(WarpGpuAndEmulator, ShuffledTypesAgreeBitForBit) {
  Device* devices[2] = {gpu_.get(), emulator_.get()};
  std::vector<unsigned char> bytes[2];
  for (int d = 0; d < 2; ++d) {
    Buffer<unsigned> u;
    Buffer<float> f;
    Buffer<long long> ll;
    Buffer<unsigned long long> ull;
    Buffer<double> dbl;
    ASSERT_OK(Buffer<unsigned>::create(*devices[d], 64, &u));
    ASSERT_OK(Buffer<float>::create(*devices[d], 64, &f));
    ASSERT_OK(Buffer<long long>::create(*devices[d], 64, &ll));
    ASSERT_OK(Buffer<unsigned long long>::create(*devices[d], 64, &ull));
    ASSERT_OK(Buffer<double>::create(*devices[d], 64, &dbl));
    ASSERT_OK(launch(*devices[d], warp::warp_shuffle_types, {Dim3(1), Dim3(64)}, u.data(), f.data(), ll.data(),
                     ull.data(), dbl.data()));
    ASSERT_OK(devices[d]->synchronize());
    std::vector<unsigned> hu(64);
    std::vector<float> hf(64);
    std::vector<long long> hll(64);
    std::vector<unsigned long long> hull(64);
    std::vector<double> hd(64);
    ASSERT_OK(u.download(std::span<unsigned>(hu)));
    ASSERT_OK(f.download(std::span<float>(hf)));
    ASSERT_OK(ll.download(std::span<long long>(hll)));
    ASSERT_OK(ull.download(std::span<unsigned long long>(hull)));
    ASSERT_OK(dbl.download(std::span<double>(hd)));
    auto append = [&](const auto& values) {
      const auto* first = reinterpret_cast<const unsigned char*>(values.data());
      bytes[d].insert(bytes[d].end(), first, first + values.size() * sizeof(values[0]));
    };
    append(hu);
    append(hf);
    append(hll);
    append(hull);
    append(hd);
  }
  EXPECT_EQ(bytes[0], bytes[1]);
}

TEST_F(WarpGpuAndEmulator, PartialMasksVotesAndReductionsAgree) {
  {
    const auto [gpu, emu] = on_both(std::vector<unsigned>(3 * 64, 0xdeadu), [](Device& d, unsigned* out) {
      return launch(d, warp::warp_partial_masks, {Dim3(1), Dim3(64)}, out);
    });
    EXPECT_EQ(gpu, emu);
  }
  for (int n : {0, 40, 100, 128}) {
    const auto [gpu, emu] = on_both(std::vector<unsigned>(5 * 128, 0xdeadu), [n](Device& d, unsigned* out) {
      return launch(d, warp::warp_votes, {Dim3(1), Dim3(128)}, out, n);
    });
    EXPECT_EQ(gpu, emu) << "n " << n;
  }
  {
    const auto [gpu, emu] = on_both(std::vector<unsigned>(8 * 64, 0u), [](Device& d, unsigned* out) {
      return launch(d, warp::warp_reductions, {Dim3(1), Dim3(64)}, out);
    });
    EXPECT_EQ(gpu, emu);
  }
  {
    const auto [gpu, emu] = on_both(std::vector<int>(2 * 48, 0), [](Device& d, int* out) {
      return launch(d, warp::warp_partial_tail, {Dim3(2), Dim3(48)}, out);
    });
    EXPECT_EQ(gpu, emu);
  }
  {
    const auto [gpu, emu] = on_both(std::vector<int>(2 * 64, 0), [](Device& d, int* out) {
      return launch(d, warp::warp_syncwarp_exchange, {Dim3(2), Dim3(64)}, out);
    });
    EXPECT_EQ(gpu, emu);
  }
  {
    const auto [gpu, emu] = on_both(std::vector<unsigned>(64, 0u), [](Device& d, unsigned* out) {
      return launch(d, warp::warp_ballot_2d, {Dim3(1), Dim3(8, 8)}, out);
    });
    EXPECT_EQ(gpu, emu);
  }
}

// The emulator's __activemask() is defined (runtime/emu/README.md) as the lanes that took the
// branch; this is where a GPU says whether it agrees for chapter 7's branch on threadIdx.x % k.
TEST_F(WarpGpuAndEmulator, ActiveMaskPerBranchAgrees) {
  for (int k : {2, 3, 4, 32})
    for (int n : {80, 70}) {
      const auto [gpu, emu] = on_both(std::vector<unsigned>(80, 0xdeadu), [k, n](Device& d, unsigned* out) {
        return launch(d, warp::warp_active_lanes, {Dim3(1), Dim3(80)}, out, k, n);
      });
      EXPECT_EQ(gpu, emu) << "k " << k << ", n " << n;
    }
  for (int n : {64, 45, 7}) {
    const auto [gpu, emu] = on_both(std::vector<unsigned>(64, 0xdeadu), [n](Device& d, unsigned* out) {
      return launch(d, warp::warp_vote_among_active, {Dim3(1), Dim3(64)}, out, n);
    });
    EXPECT_EQ(gpu, emu) << "n " << n;
  }
}

TEST_F(WarpGpuAndEmulator, ShuffleSumAndBallotCountAgree) {
  std::mt19937 random(11);
  std::uniform_int_distribution<int> value(-1000, 1000);
  const int threads = 256, n = 40 * threads - 77, blocks = (n + threads - 1) / threads;
  std::vector<int> input(n);
  for (int& x : input) x = value(random);
  Buffer<int> in_gpu, in_emu;
  ASSERT_OK(Buffer<int>::from_host(*gpu_, std::span<const int>(input), &in_gpu));
  ASSERT_OK(Buffer<int>::from_host(*emulator_, std::span<const int>(input), &in_emu));
  const auto [gpu_sums, emu_sums] = on_both(std::vector<int>(blocks, 0), [&](Device& d, int* out) {
    return launch(d, warp::warp_shuffle_sum, {Dim3(blocks), Dim3(threads)}, d.is_gpu() ? in_gpu.data() : in_emu.data(),
                  out, n);
  });
  EXPECT_EQ(gpu_sums, emu_sums);
  const auto [gpu_count, emu_count] = on_both(std::vector<int>(1, 0), [&](Device& d, int* out) {
    return launch(d, warp::ballot_count, {Dim3(blocks), Dim3(threads)}, d.is_gpu() ? in_gpu.data() : in_emu.data(),
                  out, n, 250);
  });
  EXPECT_EQ(gpu_count, emu_count);
  EXPECT_EQ(gpu_count[0], std::count_if(input.begin(), input.end(), [](int x) { return x > 250; }));
}

}  // namespace
